// import_markdown on an arbitrary file: front matter, fences and headings of any shape give one
// document or a Status, never a crash; a non-empty document is one source.
#include "fuzz_support.h"

#include <memlens/import.h>

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace memlens;
    const auto path = fuzz::write_input("in.md", data, size);
    auto sources = import_markdown(path);
    if (!sources)
        return 0;
    fuzz::require(sources->size() <= 1, "one file is at most one document");
    for (const auto& s : *sources)
        fuzz::require(s.is_document, "a Markdown source is a document");
    return 0;
}
