// Fuzz: nard-cli batch input. Every line is answered and closed by ".". Commands whose
// cost grows with a number in the input (selfplay, bench, positions) are left out: they
// are bounded by their own argument checks, not by the parser under test.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "cli/commands.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::istringstream lines(text);
  std::string kept, line;
  long commands = 0;
  while (std::getline(lines, line)) {
    // Split as batch does, so that a quoted "selfplay" is left out too. A line with bad
    // quoting stays: it must be answered by an error line and ".".
    std::string error;
    auto words = nard::cli::splitBatchLine(line, error);
    if (words && words->empty()) continue;
    if (words) {
      const std::string& first = words->front();
      if (first == "selfplay" || first == "bench" || first == "positions" || first == "duel") continue;
    }
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
  return 0;
}
