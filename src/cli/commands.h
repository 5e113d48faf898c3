// nard-cli commands. Each reads its arguments and writes its answer to `out`; errors go
// to `err`. The return value is the exit status (0 ok, 2 bad input).
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace nard::cli {

int runCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Reads commands from `in`, one per line; answers each with its output and a line ".".
int runBatch(std::istream& in, std::ostream& out);

}  // namespace nard::cli
