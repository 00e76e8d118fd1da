// import_jsonl on arbitrary bytes: any input gives sources or a Status naming the file, never a
// crash, a sanitizer report or an item without its source.
#include "fuzz_support.h"

#include <memlens/import.h>

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace memlens;
    const auto path = fuzz::write_input("in.jsonl", data, size);
    auto sources = import_jsonl(path);
    if (!sources) {
        fuzz::require(sources.status().message().find("in.jsonl") != std::string::npos,
                      "a JSONL error names the file");
        return 0;
    }
    for (const auto& s : *sources) {
        fuzz::require(!s.source_id.empty(), "every source has an id");
        fuzz::require(!s.items.empty(), "a source exists only through its items");
    }
    return 0;
}
