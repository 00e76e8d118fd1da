// analyze_query on any text: intent, temporal phrases and entities of arbitrary bytes, never a
// crash; every phrase's offsets lie inside the text and a resolved window is not inverted.
#include "fuzz_support.h"

#include <memlens/query_context.h>

#include <cstdint>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace memlens;
    // An input starting with a NUL byte carries "now" in its next 8 bytes, so relative phrases
    // resolve against many dates (month ends, leap days); others use a fixed now, so that
    // plain-text seeds stay plain text.
    std::int64_t now_ms = 1'700'000'000'000; // 2023-11-14
    if (size >= 9 && data[0] == 0) {
        std::uint64_t raw = 0;
        std::memcpy(&raw, data + 1, 8);
        now_ms = static_cast<std::int64_t>(raw % 4'102'444'800'000ULL); // 1970..2100
        data += 9;
        size -= 9;
    }
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const QueryContext ctx = analyze_query(text, now_ms);
    fuzz::require(ctx.raw_text == text, "raw_text is the text as typed");
    for (const auto& p : ctx.temporal_phrases) {
        fuzz::require(p.start <= p.end && p.end <= text.size(), "phrase offsets inside the text");
        if (p.since_ms && p.until_ms)
            fuzz::require(*p.since_ms <= *p.until_ms, "a phrase's window is not inverted");
    }
    (void)infer_query_intent(text);
    return 0;
}
