// nard-cli's numeric options: the one parser (boundaries, what it refuses), and every
// command's every numeric option given hostile text, alone and in batch.
#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <sstream>

#include "cli/commands.h"
#include "cli/options.h"

using nard::cli::Options;
using nard::cli::parseReal;
using nard::cli::parseWhole;

namespace {

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

Options options(const std::vector<std::string>& args) {
  std::string error;
  auto o = Options::parse(args, error);
  REQUIRE_MESSAGE(o.has_value(), error);
  return *o;
}

// Text that no numeric option takes: signs, spaces, points, exponents, hex, words, other
// digits than ASCII ones (Arabic-Indic three, fullwidth one), numbers past 64 bits.
const std::vector<std::string> kNotWhole = {
    "x", "", " 5", "5 ", "+5", "-5", "-0", "1.5", "1.0", "1e3", "0x10", "5x", "1,000", "nan", "inf",
    "\xd9\xa3", "\xef\xbc\x91", "1\xd9\xa3", "18446744073709551616", "99999999999999999999999999"};
const std::vector<std::string> kNotReal = {
    "x", "", " 1", "1 ", "+1", "-1", "-0", "-0.5", "nan", "NaN", "inf", "infinity", "0x1p3", "1e3", "1E-3",
    ".5", "5.", "1.2.3", "1,5", "\xd9\xa3", "1" + std::string(400, '0')};

}  // namespace

TEST_CASE("parseWhole takes ASCII digits in range, boundaries included") {
  CHECK(parseWhole("1", 1, 100) == 1u);
  CHECK(parseWhole("100", 1, 100) == 100u);
  CHECK_FALSE(parseWhole("0", 1, 100));
  CHECK_FALSE(parseWhole("101", 1, 100));
  CHECK(parseWhole("007", 1, 100) == 7u);  // leading zeros are still digits
  CHECK(parseWhole("2147483647", 0, 2147483647) == 2147483647u);
  CHECK_FALSE(parseWhole("2147483648", 0, 2147483647));
  CHECK(parseWhole("0", 0, kMax) == 0u);
  CHECK(parseWhole("18446744073709551615", 0, kMax) == kMax);
  CHECK_FALSE(parseWhole("18446744073709551616", 0, kMax));  // 2^64
  for (const std::string& bad : kNotWhole) {
    CAPTURE(bad);
    CHECK_FALSE(parseWhole(bad, 0, kMax));
  }
  CHECK_FALSE(parseWhole(std::string_view("1\0", 2), 0, kMax));  // a NUL after the digits
  CHECK_FALSE(parseWhole("1\n", 0, kMax));
}

TEST_CASE("parseReal takes plain decimals in range, and nothing else") {
  CHECK(parseReal("0", 0, 3600) == 0.0);
  CHECK(parseReal("3600", 0, 3600) == 3600.0);
  CHECK(parseReal("3600.000", 0, 3600) == 3600.0);
  CHECK_FALSE(parseReal("3600.001", 0, 3600));
  CHECK(parseReal("0.25", 0, 3600) == 0.25);
  CHECK(parseReal("00.5", 0, 3600) == 0.5);
  CHECK_FALSE(parseReal("0.5", 1, 3600));
  const double huge = std::numeric_limits<double>::max();
  CHECK(parseReal("1" + std::string(300, '0'), 0, huge) == doctest::Approx(1e300));
  for (const std::string& bad : kNotReal) {
    CAPTURE(bad);
    CHECK_FALSE(parseReal(bad, 0, huge));
  }
}

TEST_CASE("an option's number: the fallback when absent, else a message naming option, range and text") {
  std::string error;
  Options o = options({"--top", "x", "--seed", "12", "--slice", "2.5"});
  CHECK(o.whole("games", 7, 1, 10, error) == 7);  // absent: the fallback, even out of the range
  CHECK(o.real("seconds", -1, 0, 10, error) == -1.0);
  CHECK(o.seed(error) == 12u);
  CHECK(o.real("slice", -1, 0, 60000, error) == 2.5);
  CHECK(error.empty());
  CHECK_FALSE(o.whole("top", 5, 1, 100, error));
  CHECK(error == "--top must be a whole number 1..100, got 'x'");
  CHECK(o.unused().empty());  // every option read, a refused one too

  Options r = options({"--seconds", "nan", "--count", std::string(100, '9')});
  CHECK_FALSE(r.real("seconds", 3, 0, 3600, error));
  CHECK(error == "--seconds must be a decimal number 0..3600, got 'nan'");
  CHECK_FALSE(r.whole<long>("count", 1000, 1, 1'000'000'000, error));
  CHECK(error == "--count must be a whole number 1..1000000000, got '" + std::string(40, '9') + "...'");
}

namespace {

struct Numeric {
  std::string name, range;          // "top", "1..100"
  std::vector<std::string> outside;  // numbers just outside the range, and 2^31 where it is
  bool real = false;
};

struct Command {
  std::string line;  // a cheap, valid command (when given no bad value)
  std::vector<Numeric> options;
};

const Numeric kSeed{"seed", "0..18446744073709551615", {}};  // 2^64 is in kNotWhole

const std::vector<Command>& commandTable() {
  static const std::vector<Command> table = {
      {"positions --variant hyper --count 1",
       {{"count", "1..1000000000", {"0", "1000000001", "2147483648"}}, kSeed}},
      {"selfplay --variant hyper --games 1", {{"games", "1..1000000000", {"0", "1000000001", "2147483648"}}, kSeed}},
      {"best --position 4HPwATDgc/ABMA --dice 31 --level net:0:0", {kSeed}},
      {"hint --position 4HPwATDgc/ABMA --dice 31 --level net:0:0",
       {{"top", "1..100", {"0", "101", "2147483648"}}, kSeed}},
      {"cube --position 4HPwATDgc/ABMA --level net:0:0", {kSeed}},
      {"duel --variant hyper --p1 random --p2 random --games 2",
       {{"games", "2..1000000000", {"1", "1000000001", "2147483648"}},
        {"threads", "1..256", {"0", "257", "2147483648"}},
        kSeed,
        {"max-seconds", "0..604800", {"604800.5", "604801"}, true}}},
      {"rollout --variant hyper --trials 1",
       {{"plies", "0..3", {"4", "2147483648"}},
        {"trials", "1..100000000", {"0", "100000001", "2147483648"}},
        {"threads", "1..256", {"0", "257"}},
        kSeed,
        {"truncate", "0..1000", {"1001", "2147483648"}}}},
      {"aibench --variant hyper --level beginner --positions 1",
       {{"positions", "1..100000", {"0", "100001", "2147483648"}}, {"slice", "0..60000", {"60000.01"}, true}}},
      {"match --length 1 --p1 beginner --p2 beginner",
       {{"length", "0..99", {"100", "2147483648"}}, kSeed, {"games", "1..100000", {"0", "100001"}}}},
      {"bench movegen --variant hyper --seconds 0", {{"seconds", "0..3600", {"3600.5", "3601"}, true}}},
  };
  return table;
}

struct Hostile {
  std::vector<std::string> args;
  std::string line;     // the same command as a batch line, the value in double quotes
  std::string message;  // what the command must answer
};

std::vector<Hostile> hostileCommands() {
  std::vector<Hostile> all;
  for (const Command& c : commandTable()) {
    std::vector<std::string> base;
    std::istringstream words(c.line);
    for (std::string w; words >> w;) base.push_back(w);
    for (const Numeric& n : c.options) {
      std::vector<std::string> values = n.real ? kNotReal : kNotWhole;
      values.insert(values.end(), n.outside.begin(), n.outside.end());
      for (const std::string& v : values) {
        Hostile h{base, c.line + " --" + n.name + " \"" + v + "\"",
                  "--" + n.name + (n.real ? " must be a decimal number " : " must be a whole number ") + n.range +
                      ", got '" + v.substr(0, 40) + (v.size() > 40 ? "...'" : "'")};
        h.args.push_back("--" + n.name);
        h.args.push_back(v);
        all.push_back(std::move(h));
      }
    }
  }
  return all;
}

}  // namespace

TEST_CASE("every command refuses every hostile numeric value: exit status 2, one line naming it") {
  const std::vector<Hostile> all = hostileCommands();
  CHECK(all.size() > 400);
  for (const Hostile& h : all) {
    CAPTURE(h.line);
    std::ostringstream out, err;
    CHECK(nard::cli::runCommand(h.args, out, err) == 2);
    CHECK(out.str().empty());
    CHECK(err.str() == h.message + "\n");
  }
}

TEST_CASE("in batch each hostile line is one error line and '.', and batch goes on") {
  const std::vector<Hostile> all = hostileCommands();
  std::string input;
  for (const Hostile& h : all) input += h.line + "\n";
  input += "moves --position 4HPwATDgc/ABMA --dice 31\n";
  std::istringstream in(input);
  std::ostringstream out;
  REQUIRE(nard::cli::runBatch(in, out) == 0);
  std::istringstream answers(out.str());
  std::vector<std::string> lines;
  for (std::string line; std::getline(answers, line);) lines.push_back(line);
  REQUIRE(lines.size() == 2 * all.size() + 16 + 1);
  for (std::size_t i = 0; i < all.size(); ++i) {
    CAPTURE(all[i].line);
    CHECK(lines[2 * i] == "error: " + all[i].message);
    CHECK(lines[2 * i + 1] == ".");
  }
  // The valid command after them: the 16 plays of the opening 3-1.
    CHECK(std::count(lines.end() - 17, lines.end(), "4HPwATCwZ/ABMA\t8/5 6/5") == 1);
  CHECK(lines.back() == ".");
}

TEST_CASE("the commands of the table run on their cheap lines: the refusals above are the values'") {
  // A refusal must come from the bad value, not from the rest of the line.
  for (const Command& c : commandTable()) {
    if (c.line.rfind("bench", 0) == 0) continue;  // reads tests/data from the repository root
    CAPTURE(c.line);
    std::vector<std::string> args;
    std::istringstream words(c.line);
    for (std::string w; words >> w;) args.push_back(w);
    std::ostringstream out, err;
    CHECK(nard::cli::runCommand(args, out, err) == 0);
    CHECK(err.str().empty());
    CHECK_FALSE(out.str().empty());
  }
}
