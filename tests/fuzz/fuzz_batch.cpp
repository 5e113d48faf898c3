// Fuzz: nard-cli batch input, and any text as the value of a numeric option.
//
// Batch: every line is answered and closed by ".". The costly commands (their work grows
// with a number in the line, or they play whole games) run only when one of their numeric
// options has text that is not a number: each reads its numbers before any work, so it
// must refuse such a line at once.
//
// Values: the first byte of the input also picks a command and one of its numeric options
// (kValueCases), and the rest of the input is that option's value, passed as one argument
// (any byte: spaces, quotes, newlines). Text that is not number-shaped must be refused with
// a message naming the option. A costly case runs only with such text.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.h"
#include "cli/options.h"

namespace {

const char* const kNumericOptions[] = {"games", "trials", "threads", "seed", "top", "length", "plies",
                                       "truncate", "positions", "count", "seconds", "max-seconds", "slice"};

bool decimalOption(const std::string& name) { return name == "seconds" || name == "max-seconds" || name == "slice"; }

// (bearoff also writes a 14 MB file wherever --out says: never run with fuzzed paths.)
bool costly(const std::string& command) {
  for (const char* c : {"selfplay", "bench", "positions", "duel", "rollout", "aibench", "match", "bearoff"})
    if (command == c) return true;
  return false;
}

// A number of the option's kind, by a rule written apart from the parser under test: ASCII
// digits, and for a decimal option at most one point with a digit on each side.
bool numberShaped(std::string_view v, bool decimal) {
  int points = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (decimal && v[i] == '.' && i > 0 && i + 1 < v.size()) ++points;
    else if (v[i] < '0' || v[i] > '9') return false;
  }
  return !v.empty() && points <= 1;
}

// Whether batch may run this line: a cheap command, or a costly one sure to be refused
// before its work (its options do not parse, or one numeric value is not a number).
bool runnable(const std::vector<std::string>& words) {
  if (!costly(words.front())) return true;
  std::size_t first = words.front() == "bench" && words.size() > 1 && words[1] == "movegen" ? 2 : 1;
  std::string error;
  auto o = nard::cli::Options::parse({words.begin() + static_cast<long>(first), words.end()}, error);
  if (!o) return true;
  for (const char* name : kNumericOptions) {
    auto v = o->get(name);
    if (v && !numberShaped(*v, decimalOption(name))) return true;
  }
  return false;
}

struct ValueCase {
  const char* line;  // a valid command, cheap unless `costly`
  const char* option;
  bool costly;
};

const ValueCase kValueCases[] = {
    {"hint --position 4HPwATDgc/ABMA --dice 31 --level net:0:0", "top", false},
    {"hint --position 4HPwATDgc/ABMA --dice 31 --level net:0:0", "seed", false},
    {"best --position 4HPwATDgc/ABMA --dice 31 --level net:0:0", "seed", false},
    {"cube --position 4HPwATDgc/ABMA --level net:0:0", "seed", false},
    {"positions --variant hyper --count 1", "seed", false},
    {"positions --variant hyper", "count", true},
    {"selfplay --variant hyper --games 1", "seed", false},
    {"selfplay --variant hyper", "games", true},
    {"duel --variant hyper --p1 random --p2 random --games 2", "seed", false},
    {"duel --variant hyper --p1 random --p2 random --games 2", "max-seconds", false},
    {"duel --variant hyper --p1 random --p2 random", "games", true},
    {"duel --variant hyper --p1 random --p2 random --games 2", "threads", true},
    {"rollout --variant hyper --trials 1", "seed", false},
    {"rollout --variant hyper --trials 1", "truncate", false},
    {"rollout --variant hyper --trials 1", "plies", true},
    {"rollout --variant hyper", "trials", true},
    {"rollout --variant hyper --trials 1", "threads", true},
    {"aibench --variant hyper --level beginner --positions 1", "slice", false},
    {"aibench --variant hyper --level beginner", "positions", true},
    {"match --length 1 --p1 beginner --p2 beginner", "seed", false},
    {"match --p1 beginner --p2 beginner", "length", true},
    {"match --length 0 --p1 beginner --p2 beginner", "games", true},
    {"bench movegen --variant hyper", "seconds", true},
};

void fuzzValue(std::uint8_t pick, std::string value) {
  const ValueCase& c = kValueCases[pick % (sizeof kValueCases / sizeof kValueCases[0])];
  const std::string option = c.option;
  const bool shaped = numberShaped(value, decimalOption(option));
  if (c.costly && shaped) return;
  std::vector<std::string> args;
  std::istringstream words(c.line);
  for (std::string w; words >> w;) args.push_back(w);
  args.push_back("--" + option);
  args.push_back(std::move(value));
  std::ostringstream out, err;
  const int rc = nard::cli::runCommand(args, out, err);
  if (rc != 0 && rc != 2) std::abort();
  if (rc == 2 && err.str().empty()) std::abort();
  if (!shaped && (rc != 2 || err.str().rfind("--" + option + " must be a", 0) != 0)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::istringstream lines(text);
  std::string kept, line;
  long commands = 0;
  while (std::getline(lines, line)) {
    // Split as batch does, so that a quoted "selfplay" is judged too. A line with bad
    // quoting stays: it must be answered by an error line and ".".
    std::string error;
    auto words = nard::cli::splitBatchLine(line, error);
    if (words && words->empty()) continue;
    if (words && !runnable(*words)) continue;
    kept += line + '\n';
    ++commands;
  }
  std::istringstream in(kept);
  std::ostringstream out;
  nard::cli::runBatch(in, out);
  long dots = 0;
  std::istringstream answers(out.str());
  while (std::getline(answers, line)) dots += line == ".";
  if (dots != commands) std::abort();

  if (size > 0) fuzzValue(data[0], text.substr(1));
  return 0;
}
