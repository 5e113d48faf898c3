// nard-cli analyse FILE.mat [--level L] [--json] [--no-luck]: the post-game analysis of a
// .mat file (src/analysis), as a table or as JSON with every decision.
#include <chrono>
#include <fstream>

#include "ai/players.h"
#include "analysis/analyser.h"
#include "analysis/report.h"
#include "engine/matimport.h"
#include "setup.h"

namespace nard::cli {

namespace {
// A .mat file of a long money session is well under a megabyte; more is not a match file.
constexpr std::streamsize kMaxFileBytes = 16 << 20;
}  // namespace

int analyse(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::string file;
  analysis::AnalysisSettings settings;
  bool json = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--json") {
      json = true;
    } else if (a == "--no-luck") {
      settings.luck = false;
    } else if (a == "--level") {
      if (i + 1 >= args.size()) return fail(err, "option --level needs a value");
      settings.level = args[++i];
      if (!ai::findLevel(settings.level))
        return fail(err, "unknown level '" + settings.level + "' (beginner intermediate advanced expert master)");
    } else if (a.rfind("--", 0) == 0) {
      return fail(err, "unknown option " + a + " (analyse FILE.mat [--level L] [--json] [--no-luck])");
    } else if (file.empty()) {
      file = a;
    } else {
      return fail(err, "one file at a time ('" + a + "' is a second one)");
    }
  }
  if (file.empty()) return fail(err, "usage: analyse FILE.mat [--level L] [--json] [--no-luck]");
  std::ifstream in(file, std::ios::binary);
  if (!in) return fail(err, "cannot read '" + file + "'");
  std::string text(static_cast<std::size_t>(kMaxFileBytes) + 1, '\0');
  in.read(text.data(), kMaxFileBytes + 1);
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (static_cast<std::streamsize>(text.size()) > kMaxFileBytes) return fail(err, file + ": too large for a .mat file");

  std::string error;
  const auto im = importMat(text, &error);
  if (!im) return fail(err, file + ": " + error);
  const auto start = std::chrono::steady_clock::now();
  const auto result = analysis::analyseMatch(im->options, im->match.record(), {im->names[0], im->names[1]}, settings, &error);
  if (!result) return fail(err, file + ": " + error);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (json) {
    out << analysis::toJson(*result, true) << '\n';
  } else {
    out << analysis::toText(*result);
    char line[96];
    std::snprintf(line, sizeof line, "\n%zu decisions analysed in %.1f s\n", result->decisions.size(), seconds);
    out << line;
  }
  return 0;
}

}  // namespace nard::cli
