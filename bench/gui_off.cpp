// memlens-bench gui in a tree built without the GUI (MEMLENS_BUILD_GUI=OFF): it says so.
#include "bench.h"

namespace memlens::bench {

int bench_gui(const Args&) {
    return fail("gui", "this memlens-bench was built without the GUI (MEMLENS_BUILD_GUI=OFF)");
}

} // namespace memlens::bench
