// int8 codes of the index's rows: the first pass of a wide beam reads a quarter of the bytes
// of the float rows, and the scan over a leaf's members is bound by memory, not arithmetic.
#include "topic/topic_index_impl.h"

#include <algorithm>
#include <cmath>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace memlens {

float quantize_row(const float* x, std::size_t dim, std::int8_t* out) {
    float peak = 0.0f;
    for (std::size_t d = 0; d < dim; ++d)
        peak = std::max(peak, std::fabs(x[d]));
    if (peak == 0.0f) {
        std::fill_n(out, dim, std::int8_t{0});
        return 0.0f;
    }
    const float inv = 127.0f / peak;
    for (std::size_t d = 0; d < dim; ++d)
        out[d] = static_cast<std::int8_t>(std::lround(x[d] * inv));
    return peak / 127.0f;
}

std::int32_t dot_i8(const std::int8_t* a, const std::int8_t* b, std::size_t dim) {
    std::size_t d = 0;
    std::int32_t sum = 0;
#if defined(__SSE2__)
    // SSE2 has no int8 multiply: widen to int16 (unpack with itself, arithmetic shift keeps
    // the sign), then pmaddwd sums adjacent products into int32 lanes.
    __m128i acc = _mm_setzero_si128();
    for (; d + 16 <= dim; d += 16) {
        const __m128i va = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + d));
        const __m128i vb = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + d));
        const __m128i alo = _mm_srai_epi16(_mm_unpacklo_epi8(va, va), 8);
        const __m128i ahi = _mm_srai_epi16(_mm_unpackhi_epi8(va, va), 8);
        const __m128i blo = _mm_srai_epi16(_mm_unpacklo_epi8(vb, vb), 8);
        const __m128i bhi = _mm_srai_epi16(_mm_unpackhi_epi8(vb, vb), 8);
        acc = _mm_add_epi32(acc, _mm_madd_epi16(alo, blo));
        acc = _mm_add_epi32(acc, _mm_madd_epi16(ahi, bhi));
    }
    alignas(16) std::int32_t lanes[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(lanes), acc);
    sum = lanes[0] + lanes[1] + lanes[2] + lanes[3];
#endif
    for (; d < dim; ++d)
        sum += std::int32_t(a[d]) * std::int32_t(b[d]);
    return sum;
}

void TopicIndex::Impl::encode_codes() {
    codes.assign(ids.size() * dim, 0);
    code_scale.assign(ids.size(), 0.0f);
    for (std::size_t pos = 0; pos < ids.size(); ++pos)
        code_scale[pos] = quantize_row(vec(pos), dim, codes.data() + pos * dim);
}

} // namespace memlens
