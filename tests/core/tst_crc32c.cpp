// The checksum of topic-index.bin (core/src/topic/crc32c.h): the standard CRC-32C on every path
// the implementation takes (the table, one chain of the crc32 instruction, three interleaved
// lanes for long inputs), so a file written on one machine checks on another.
#include "../../core/src/topic/crc32c.h"
#include "suite.h"

#include <QtTest>

#include <cstdint>
#include <random>
#include <vector>

namespace tst_crc32c {

namespace {

// The definition, one bit at a time: reflected Castagnoli polynomial, inverted in and out.
std::uint32_t reference_crc32c(const unsigned char* p, std::size_t n) {
    std::uint32_t c = 0xffffffffu;
    for (std::size_t i = 0; i < n; ++i) {
        c ^= p[i];
        for (int k = 0; k < 8; ++k)
            c = (c & 1) ? (c >> 1) ^ 0x82f63b78u : c >> 1;
    }
    return ~c;
}

std::vector<unsigned char> random_bytes(std::size_t n, unsigned seed) {
    std::mt19937 gen(seed);
    std::vector<unsigned char> out(n);
    for (auto& b : out)
        b = static_cast<unsigned char>(gen());
    return out;
}

} // namespace

class TestCrc32c : public QObject {
    Q_OBJECT
private slots:
    void knownValue() {
        const char* text = "123456789";
        QCOMPARE(memlens::crc32c(text, 9), 0xe3069283u);
        QCOMPARE(memlens::crc32c(text, 0), 0u);
    }

    // Lengths around the three-lane block (3 × 8 KB) and far beyond it, at odd offsets.
    void everyLengthMatchesTheDefinition() {
        const auto data = random_bytes(200'003, 7);
        for (std::size_t n : {std::size_t{1}, std::size_t{7}, std::size_t{8}, std::size_t{4095},
                              std::size_t{24575}, std::size_t{24576}, std::size_t{24577},
                              std::size_t{49152 + 13}, std::size_t{200'000}}) {
            for (std::size_t offset : {std::size_t{0}, std::size_t{3}}) {
                const unsigned char* p = data.data() + offset;
                QCOMPARE(memlens::crc32c(p, n), reference_crc32c(p, n));
            }
        }
    }

    // Summed in pieces (as the index's big sections are, on several threads) or at once: equal.
    void piecesCombineToTheWhole() {
        const auto data = random_bytes(150'000, 11);
        const std::uint32_t whole = memlens::crc32c(data.data(), data.size());
        QCOMPARE(whole, reference_crc32c(data.data(), data.size()));
        const std::size_t cut = 61'441;
        const std::uint32_t a = memlens::crc32c(data.data(), cut);
        const std::uint32_t b = memlens::crc32c(data.data() + cut, data.size() - cut);
        QCOMPARE(memlens::crc32c_combine(a, b, data.size() - cut), whole);
        QCOMPARE(memlens::crc32c(data.data() + cut, data.size() - cut, a), whole);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestCrc32c)
#include "tst_crc32c.moc"
} // namespace tst_crc32c
