// nard-cli: the engine from the command line (moves, batch, selfplay, bench, ...).
#include <exception>
#include <iostream>

#include "commands.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "batch") {
    if (args.size() > 1) {
      std::cerr << "batch takes no arguments; it reads commands from standard input\n";
      return 2;
    }
    // Each command's failures are answered inside the batch; what escapes is the batch's
    // own reading (a line too long for memory): a message and status 2, not an abort.
    try {
      return nard::cli::runBatch(std::cin, std::cout);
    } catch (const std::exception& e) {
      std::cout.flush();
      std::cerr << "batch failed: " << e.what() << '\n';
      return 2;
    }
  }
  return nard::cli::runCommand(args, std::cout, std::cerr);
}
