#include "setup.h"
namespace nard::cli {
int selfplay(const Options&, std::ostream&, std::ostream& err) { return fail(err, "todo"); }
int bench(const std::vector<std::string>&, std::ostream&, std::ostream& err) { return fail(err, "todo"); }
}
