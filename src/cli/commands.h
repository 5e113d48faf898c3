// nard-cli commands. Each reads its arguments and writes its answer to `out`; errors go
// to `err`. The return value is the exit status (0 ok, 2 bad input).
#pragma once
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nard::cli {

int runCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

using Runner = std::function<int(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)>;

// `run`, with an exception that escapes it (a bug, memory running out) written to `err`
// as one line and exit status 2 instead of ending the process. runCommand runs this way.
int runCaught(const Runner& run, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Reads commands from `in`, one per line; answers each with its output and a line ".",
// or with one line "error: ..." (after any output before the failure) and ".". `run`
// stands in for runCommand in tests.
int runBatch(std::istream& in, std::ostream& out, const Runner& run = runCommand);

// Splits one batch line into arguments the way a shell would for the simple cases batch
// needs: white space separates words; a double-quoted part keeps its spaces and may be
// empty ("" is an empty argument); quoted and unquoted parts that touch form one word.
// There are no escapes: notation never holds a quote or a backslash. An
// unterminated quote gives nullopt and a reason in `error`.
std::optional<std::vector<std::string>> splitBatchLine(std::string_view line, std::string& error);

}  // namespace nard::cli
