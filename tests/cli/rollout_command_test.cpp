// nard-cli rollout as a user runs it: the answer's lines, and a clear error (exit status
// 2, one line on stderr) for every kind of bad input.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.h"

namespace {

struct Answer {
  int rc;
  std::string out, err;
};

Answer run(std::vector<std::string> args) {
  args.insert(args.begin(), "rollout");
  std::ostringstream out, err;
  int rc = nard::cli::runCommand(args, out, err);
  return {rc, out.str(), err.str()};
}

void refused(const std::vector<std::string>& args, const std::string& why) {
  Answer a = run(args);
  CAPTURE(a.err);
  CHECK(a.rc == 2);
  CHECK(a.out.empty());
  CHECK(a.err.find(why) != std::string::npos);
}

}  // namespace

TEST_CASE("rollout prints the five chances, the equity and their standard errors") {
  Answer a = run({"--variant", "hyper", "--trials", "12", "--seed", "2", "--threads", "2"});
  CAPTURE(a.err);
  REQUIRE(a.rc == 0);
  for (const char* line : {"trials\t12 (0-ply, variance reduction luck + stratified dice, opening roll: no doubles",
                           "\nwin\t", "\nwin gammon\t", "\nwin backgammon\t", "\nlose gammon\t", "\nlose backgammon\t",
                           "\nequity\t", "\ntime\t"})
    CHECK(a.out.find(line) != std::string::npos);
  CHECK(a.out.find(" +- ") != std::string::npos);

  // With dice: the play rolled out comes first.
  Answer d = run({"--position", "4HPwATDgc/ABMA", "--dice", "31", "--trials", "4", "--vr", "off"});
  CAPTURE(d.err);
  REQUIRE(d.rc == 0);
  CHECK(d.out.rfind("play\t31 8/5 6/5\n", 0) == 0);
  CHECK(d.out.find("variance reduction none") != std::string::npos);

  // Truncated: said in the trials line.
  Answer t = run({"--position", "4HPwATDgc/ABMA", "--trials", "36", "--truncate", "3"});
  CAPTURE(t.err);
  REQUIRE(t.rc == 0);
  CHECK(t.out.find(", truncated after 3 turns, seed 1)") != std::string::npos);
}

TEST_CASE("rollout refuses bad input with a reason") {
  refused({"--variant", "chess"}, "unknown variant 'chess'");
  refused({"--rules", "odd"}, "unknown rules 'odd'");
  refused({"--position", "not-an-id"}, "");
  refused({"--position", "4HPwATDgc/ABMA", "--dice", "71"}, "dice must be");
  refused({"--trials", "0"}, "--trials must be a whole number 1..");
  refused({"--trials", "-5"}, "--trials");
  refused({"--trials", "many"}, "--trials");
  refused({"--trials", "12x"}, "--trials");
  refused({"--threads", "0"}, "--threads must be a whole number 1..256");
  refused({"--threads", "999"}, "--threads");
  refused({"--plies", "4"}, "--plies must be a whole number 0..3");
  refused({"--level", "grandmaster"}, "--level: unknown player 'grandmaster'");
  refused({"--level", "net:0:0@/nonexistent"}, "/nonexistent/standard-contact.nnet");
  refused({"--level", "expert", "--plies", "1"}, "cannot both be given");
  refused({"--vr", "maybe"}, "--vr must be on or off");
  refused({"--truncate", "-1"}, "--truncate must be a whole number 0..1000");
  refused({"--truncate", "1001"}, "--truncate");
  refused({"--truncate", "soon"}, "--truncate");
  refused({"--seed", "x"}, "--seed");
  refused({"--trails", "10"}, "unknown option --trails");
}
