// The HTTP embedder's answer parser (embed/embedding_response.h) on any bytes: never a crash;
// an accepted answer holds exactly the expected count of vectors, all of one dimension (the
// expected one when given), none empty, every number finite.
#include "embed/embedding_response.h"
#include "fuzz_support.h"

#include <cmath>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace memlens;
    // The first byte picks the request the answer is checked against: count 0..7, and a
    // declared dimension of 0 (learn it) or 1..15.
    if (size == 0)
        return 0;
    const std::size_t count = data[0] & 0x7;
    const std::size_t dim = (data[0] >> 3) & 0xf;
    const std::string_view body(reinterpret_cast<const char*>(data + 1), size - 1);
    auto r = embed::parse_embedding_response(body, count, dim);
    (void)embed::body_snippet(body);
    if (!r) {
        fuzz::require(!r.status().message().empty(), "a refusal says why");
        return 0;
    }
    fuzz::require(r->size() == count, "one vector per text");
    for (const auto& v : *r) {
        fuzz::require(!v.empty(), "no empty vector");
        fuzz::require(v.size() == r->front().size(), "one dimension for all");
        fuzz::require(dim == 0 || v.size() == dim, "the declared dimension");
        for (float x : v)
            fuzz::require(std::isfinite(x), "finite numbers");
    }
    return 0;
}
