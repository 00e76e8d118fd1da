// import_locomo on arbitrary bytes: wrong shapes, odd dates and malformed dia_ids give sources
// or a Status, never a crash.
#include "fuzz_support.h"

#include <memlens/import.h>

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace memlens;
    const auto path = fuzz::write_input("in.json", data, size);
    auto sources = import_locomo(path);
    if (!sources)
        return 0;
    for (const auto& s : *sources)
        fuzz::require(s.source_id.rfind("locomo:", 0) == 0, "LoCoMo sources are locomo:<id>");
    // The date parser sees whatever a session_N_date_time holds.
    (void)parse_locomo_date(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
