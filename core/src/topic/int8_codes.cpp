// int8 codes of the index's rows: the first pass of a wide beam reads a quarter of the bytes
// of the float rows, and the scan over a leaf's members is bound by memory, not arithmetic.
#include "topic/topic_index_impl.h"

#include <algorithm>
#include <cmath>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define MEMLENS_HAVE_AVX2_PATH 1
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

float quantize_nonnegative_row(const float* x, std::size_t dim, std::int8_t* out) {
    float peak = 0.0f;
    for (std::size_t d = 0; d < dim; ++d)
        peak = std::max(peak, x[d]);
    if (!(peak > 0.0f) || !std::isfinite(peak)) {
        std::fill_n(out, dim, std::int8_t{0});
        return 0.0f;
    }
    const float inv = 127.0f / peak;
    for (std::size_t d = 0; d < dim; ++d)
        out[d] = static_cast<std::int8_t>(std::lround(std::max(0.0f, x[d]) * inv));
    return peak / 127.0f;
}

namespace {

#if defined(MEMLENS_HAVE_AVX2_PATH)
// vpmaddubsw multiplies unsigned by signed bytes, so a's sign moves onto b: |a| · (b · sign a)
// is a · b for every pair, and no pair sum (at most 2 · 127 · 127) saturates its int16 lane.
__attribute__((target("avx2"))) std::int32_t dot_i8_avx2(const std::int8_t* a, const std::int8_t* b,
                                                         std::size_t dim) {
    std::size_t d = 0;
    __m256i acc = _mm256_setzero_si256();
    const __m256i ones = _mm256_set1_epi16(1);
    for (; d + 32 <= dim; d += 32) {
        const __m256i va = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + d));
        const __m256i vb = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + d));
        const __m256i pairs =
            _mm256_maddubs_epi16(_mm256_sign_epi8(va, va), _mm256_sign_epi8(vb, va));
        acc = _mm256_add_epi32(acc, _mm256_madd_epi16(pairs, ones));
    }
    __m128i sum4 = _mm_add_epi32(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
    sum4 = _mm_add_epi32(sum4, _mm_shuffle_epi32(sum4, 0x4e));
    sum4 = _mm_add_epi32(sum4, _mm_shuffle_epi32(sum4, 0xb1));
    std::int32_t sum = _mm_cvtsi128_si32(sum4);
    if (d < dim)
        sum += dot_i8_portable(a + d, b + d, dim - d);
    return sum;
}

bool cpu_has_avx2() {
    static const bool has = __builtin_cpu_supports("avx2");
    return has;
}
#endif

} // namespace

std::int32_t dot_i8(const std::int8_t* a, const std::int8_t* b, std::size_t dim) {
#if defined(MEMLENS_HAVE_AVX2_PATH)
    if (cpu_has_avx2())
        return dot_i8_avx2(a, b, dim);
#endif
    return dot_i8_portable(a, b, dim);
}

std::int32_t dot_i8_portable(const std::int8_t* a, const std::int8_t* b, std::size_t dim) {
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
