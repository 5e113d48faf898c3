// nard-cli batch: splitting a line into arguments (double quotes) and answering each line.
#include <doctest/doctest.h>

#include <algorithm>
#include <new>
#include <sstream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <vector>

#include "cli/commands.h"

using nard::cli::runBatch;
using nard::cli::splitBatchLine;
using Words = std::vector<std::string>;

namespace {

Words split(std::string_view line) {
  std::string error;
  auto words = splitBatchLine(line, error);
  REQUIRE_MESSAGE(words.has_value(), error);
  return *words;
}

std::string splitError(std::string_view line) {
  std::string error;
  CHECK_FALSE(splitBatchLine(line, error).has_value());
  return error;
}

std::string batch(const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  CHECK(runBatch(in, out) == 0);
  return out.str();
}

// The answer lines of a batch.
std::vector<std::string> batchLines(const std::string& input) {
  std::istringstream lines(batch(input));
  std::vector<std::string> got;
  for (std::string line; std::getline(lines, line);) got.push_back(line);
  return got;
}

}  // namespace

TEST_CASE("unquoted words split at any white space") {
  CHECK(split("moves --dice 31") == Words{"moves", "--dice", "31"});
  CHECK(split("  moves\t--dice \v31 \r") == Words{"moves", "--dice", "31"});
  CHECK(split("").empty());
  CHECK(split(" \t\r\f").empty());
}

TEST_CASE("a double-quoted part keeps its spaces") {
  CHECK(split("play --move \"24/18 13/11\" --dice 62") ==
        Words{"play", "--move", "24/18 13/11", "--dice", "62"});
  CHECK(split("\"8/5  6/5\"") == Words{"8/5  6/5"});   // inner spaces kept as they are
  CHECK(split("--move \"\"") == Words{"--move", ""});  // "" is an empty argument
  CHECK(split("\"\" \"\"") == Words{"", ""});
  CHECK(split("\"a\tb\"") == Words{"a\tb"});
}

TEST_CASE("quoted and unquoted parts that touch form one word") {
  CHECK(split("a\"b c\"d e") == Words{"ab cd", "e"});
  CHECK(split("\"x\"\"y\"") == Words{"xy"});
  CHECK(split("--move=\"8/5 6/5\"") == Words{"--move=8/5 6/5"});
}

TEST_CASE("a backslash and a single quote are ordinary characters") {
  CHECK(split("a\\ b 'c d'") == Words{"a\\", "b", "'c", "d'"});
}

TEST_CASE("an unterminated quote is an error that says where it opened") {
  CHECK(splitError("play --move \"8/5 6/5") == "unterminated double quote (opened at column 13)");
  CHECK(splitError("\"") == "unterminated double quote (opened at column 1)");
  CHECK(splitError("\"a\" \"b\" \"c") == "unterminated double quote (opened at column 9)");
}

TEST_CASE("batch applies a quoted play and answers a bad line with one error line") {
  std::vector<std::string> got = batchLines(
      "play --variant standard --rules modern --position 4HPwATDgc/ABMA --dice 31 --move \"8/5 6/5\"\n"
      "play --dice 31 --move \"8/5 6/5\n"
      "\n"
      "moves --dice \"\"\n"
      "\"moves\" --dice \"31\"\n");
  REQUIRE(got.size() == 3 + 16 + 4);  // three answers of one line, 16 plays, four '.'
  CHECK(got[0] == "4HPwATCwZ/ABMA\t8/5 6/5");
  CHECK(got[1] == ".");
  CHECK(got[2] == "error: unterminated double quote (opened at column 23)");
  CHECK(got[3] == ".");
  CHECK(got[4].rfind("error: ", 0) == 0);  // an empty --dice is refused by the command
  CHECK(got[5] == ".");
  // The unquoted words "moves" and "31": the 16 plays of the opening 3-1, then '.'.
  std::vector<std::string> plays(got.begin() + 6, got.end() - 1);
  CHECK(std::count(plays.begin(), plays.end(), "4HPwATCwZ/ABMA\t8/5 6/5") == 1);
  CHECK(std::count(plays.begin(), plays.end(), ".") == 0);
  CHECK(got.back() == ".");
}

TEST_CASE("best takes any net player as its level: net:PLIES:NOISE, a level, nets from a folder") {
  std::vector<std::string> got = batchLines(
      "best --variant standard --rules modern --position 4HPwATDgc/ABMA --dice 31 --level net:0:0\n"
      "best --variant standard --rules modern --position 4HPwATDgc/ABMA --dice 31 --level expert\n"
      "best --variant standard --position 4HPwATDgc/ABMA --dice 31 --level grandmaster\n"
      "best --variant standard --position 4HPwATDgc/ABMA --dice 31 --level net:0:0@/no/such/folder\n");
  REQUIRE(got.size() == 8);
  // The opening 3-1 makes the 5 point, at 0-ply as at 2-ply.
  CHECK(got[0] == "4HPwATCwZ/ABMA\t8/5 6/5");
  CHECK(got[2] == "4HPwATCwZ/ABMA\t8/5 6/5");
  CHECK(got[4].find("--level: unknown player 'grandmaster'") != std::string::npos);
  CHECK(got[6].find("/no/such/folder") != std::string::npos);
}

namespace {

// A command runner that fails the way a bug or exhausted memory would: by throwing.
int throwing(const Words& args, std::ostream& out, std::ostream& err) {
  if (args[0] == "logic") throw std::logic_error("a bug");
  if (args[0] == "oom") throw std::bad_alloc();
  if (args[0] == "odd") throw 42;
  if (args[0] == "half") {
    out << "partial\n";
    throw std::runtime_error("stopped half way");
  }
  return nard::cli::runCommand(args, out, err);
}

}  // namespace

TEST_CASE("an exception escaping a command is one error line in batch, and batch goes on") {
  std::istringstream in("logic\noom --x 1\nmoves --dice 9\nodd\nhalf\nmoves --position 4HPwATDgc/ABMA --dice 31\n");
  std::ostringstream out;
  CHECK(runBatch(in, out, throwing) == 0);
  std::istringstream answers(out.str());
  Words got;
  for (std::string line; std::getline(answers, line);) got.push_back(line);
  REQUIRE(got.size() == 11 + 16 + 1);
  CHECK(got[4].rfind("error: dice must be", 0) == 0);  // a command's own refusal, as before
  got.erase(got.begin() + 4);
  CHECK(Words(got.begin(), got.begin() + 10) ==
        Words{"error: logic failed: a bug", ".", "error: oom failed: std::bad_alloc", ".", ".",
              "error: odd failed: an unknown exception", ".", "partial", "error: half failed: stopped half way", "."});
  CHECK(std::count(got.begin(), got.end(), "4HPwATCwZ/ABMA\t8/5 6/5") == 1);
  CHECK(got.back() == ".");
}

TEST_CASE("outside batch an escaping exception is a message on err and exit status 2") {
  std::ostringstream out, err;
  CHECK(nard::cli::runCaught(throwing, {"oom"}, out, err) == 2);
  CHECK(out.str().empty());
  CHECK(err.str() == "oom failed: std::bad_alloc\n");
  std::ostringstream out2, err2;
  CHECK(nard::cli::runCaught(throwing, {"moves", "--dice", "31"}, out2, err2) == 0);  // no exception: as it was
  CHECK(err2.str().empty());
  CHECK(out2.str().find("4HPwATCwZ/ABMA\t8/5 6/5\n") != std::string::npos);
}

namespace {

// Output held in a buffer of its own until a flush, as a pipe's is.
struct HeldOutput : std::streambuf {
  std::string sent;  // what has been flushed
  char buffer[4096];
  HeldOutput() { setp(buffer, buffer + sizeof buffer); }
  int sync() override {
    sent.append(pbase(), pptr());
    setp(buffer, buffer + sizeof buffer);
    return 0;
  }
  int overflow(int c) override {
    sync();
    if (c != traits_type::eof()) *pptr() = static_cast<char>(c), pbump(1);
    return c;
  }
};

// Input that arrives a line at a time, as from a program waiting on each answer; before
// each new line it notes what the batch had sent by then.
struct LineAtATime : std::streambuf {
  std::vector<std::string> lines;
  std::size_t next = 0;
  std::string current;
  const HeldOutput* output;
  std::vector<std::string> sentBeforeLine;
  LineAtATime(std::vector<std::string> l, const HeldOutput* o) : lines(std::move(l)), output(o) {}
  int underflow() override {
    if (next == lines.size()) return traits_type::eof();
    sentBeforeLine.push_back(output->sent);
    current = lines[next++] + "\n";
    setg(current.data(), current.data(), current.data() + current.size());
    return traits_type::to_int_type(current[0]);
  }
};

}  // namespace

TEST_CASE("batch sends each answer before it waits for the next command") {
  HeldOutput held;
  LineAtATime feed({"moves --dice 9", "moves --position 4HPwATDgc/ABMA --dice 31"}, &held);
  std::istream in(&feed);
  std::ostream out(&held);
  CHECK(runBatch(in, out) == 0);
  REQUIRE(feed.sentBeforeLine.size() == 2);
  CHECK(feed.sentBeforeLine[0].empty());
  // The first answer (a refusal) is out before the second command is read ...
  CHECK(feed.sentBeforeLine[1].rfind("error: dice must be", 0) == 0);
  REQUIRE(feed.sentBeforeLine[1].size() >= 2);
  CHECK(feed.sentBeforeLine[1].substr(feed.sentBeforeLine[1].size() - 2) == ".\n");
  // ... and the second by the end.
  CHECK(held.sent.size() > feed.sentBeforeLine[1].size());
  CHECK(held.sent.substr(held.sent.size() - 2) == ".\n");
}
