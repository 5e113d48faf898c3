// The test data files (tests/data/), found from this header's own path, so a test finds
// them whatever folder it runs in (the build compiles the tests by full path).
#pragma once
#include <fstream>
#include <sstream>
#include <string>

namespace test_data {

// The path of tests/data/<relative>, e.g. path("mat/gnubg-standard-5pt.mat").
inline std::string path(const std::string& relative) {
  const std::string here = __FILE__;
  return here.substr(0, here.rfind('/')) + "/data/" + relative;
}

// The whole file, or "" when it cannot be read.
inline std::string read(const std::string& relative) {
  std::ifstream f(path(relative), std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

// A .mat file of tests/data/mat/.
inline std::string readMat(const std::string& name) { return read("mat/" + name); }

}  // namespace test_data
