// doctest's runner, compiled once into nard_doctest_main and linked into every test
// executable: compiling this header's implementation costs 10-20 s a time (more under the
// sanitizers), and nine copies of it were a fifth of the sanitized build.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
