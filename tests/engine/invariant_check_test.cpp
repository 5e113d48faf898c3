// The invariant check after every action (NARD_CHECK_INVARIANTS, src/engine/match.h): where
// the build has it, a broken invariant stops the program with the reason on stderr. A Match
// offers no way to break its state, so the test breaks the constructor's precondition
// instead (options that Match::validate refuses); the same check ends every action.
#include <doctest/doctest.h>

#include <csignal>
#include <string>

#include "engine/match.h"

#if __has_include(<sys/wait.h>)
#include <sys/wait.h>
#include <unistd.h>
#define NARD_CAN_FORK 1
#endif

using namespace nard;

namespace {

MatchOptions invalidOptions() {
  MatchOptions o;
  o.matchLength = 100;
  return o;
}

#ifdef NARD_CAN_FORK
struct ChildEnd {
  int status = 0;
  std::string err;  // what the child wrote on stderr
};

// Makes a Match of `o` in a child process, which exits with 0 if it survives.
ChildEnd constructInChild(const MatchOptions& o) {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    dup2(fds[1], 2);
    close(fds[0]);
    Match m(o);
    _exit(m.phase() == Phase::Opening ? 0 : 1);
  }
  close(fds[1]);
  ChildEnd end;
  char buf[512];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) end.err.append(buf, static_cast<std::size_t>(n));
  close(fds[0]);
  REQUIRE(waitpid(pid, &end.status, 0) == pid);
  return end;
}
#endif

}  // namespace

TEST_CASE("checkInvariants names the broken invariant: options the match cannot be played with") {
  REQUIRE(Match::validate(invalidOptions()) == "match length must be 0 (money play) to 99 points");
  if (Match::kChecksInvariants) return;  // constructing one would abort: see the next test
  Match m(invalidOptions());
  CHECK(m.checkInvariants() == "options: match length must be 0 (money play) to 99 points");
  CHECK(Match(MatchOptions{}).checkInvariants() == "");
}

#ifdef NARD_CAN_FORK
TEST_CASE("where the build checks invariants, a broken one aborts with its reason on stderr") {
  if (!Match::kChecksInvariants) {
    MESSAGE("this build does not check invariants after every action (NDEBUG without NARD_CHECK_INVARIANTS)");
    return;
  }
  ChildEnd good = constructInChild(MatchOptions{});
  CHECK(WIFEXITED(good.status));
  CHECK(WEXITSTATUS(good.status) == 0);
  CHECK(good.err == "");

  ChildEnd bad = constructInChild(invalidOptions());
  REQUIRE(WIFSIGNALED(bad.status));
  CHECK(WTERMSIG(bad.status) == SIGABRT);
  CHECK(bad.err.find("nard: match invariant broken after the start: options: match length must be 0 (money play) to "
                     "99 points") != std::string::npos);
}
#endif
