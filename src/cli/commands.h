// nard-cli commands. Each reads its arguments and writes its answer to `out`; errors go
// to `err`. The return value is the exit status (0 ok, 2 bad input).
#pragma once
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nard::cli {

int runCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Reads commands from `in`, one per line; answers each with its output and a line ".".
int runBatch(std::istream& in, std::ostream& out);

// Splits one batch line into arguments the way a shell would for the simple cases batch
// needs: white space separates words; a double-quoted part keeps its spaces and may be
// empty ("" is an empty argument); quoted and unquoted parts that touch form one word.
// There are no escapes: notation never holds a quote or a backslash. An
// unterminated quote gives nullopt and a reason in `error`.
std::optional<std::vector<std::string>> splitBatchLine(std::string_view line, std::string& error);

}  // namespace nard::cli
