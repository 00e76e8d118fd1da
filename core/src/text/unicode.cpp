#include "text/unicode.h"

#include <algorithm>
#include <array>

namespace memlens::unicode {

namespace {

struct Range {
    char32_t lo;
    char32_t hi;
};

// Code points >= U+0080 that are not letters, numbers or marks: punctuation, symbols, spaces,
// controls, emoji, private use. Sorted; everything else above U+007F counts as a word character.
// Exceptions inside the Latin-1 and CJK punctuation blocks (ª µ º ² ³ ¹ ¼ ½ ¾, 々 〆 〇, the
// Hangzhou numerals) are letters or numbers in Unicode, so the ranges step around them.
constexpr std::array kNonWord = {
    Range{0x0080, 0x00A9},   Range{0x00AB, 0x00B1},   Range{0x00B4, 0x00B4},
    Range{0x00B6, 0x00B8},   Range{0x00BB, 0x00BB},   Range{0x00BF, 0x00BF},
    Range{0x00D7, 0x00D7},   Range{0x00F7, 0x00F7},   Range{0x02C2, 0x02C5},
    Range{0x02D2, 0x02DF},   Range{0x037E, 0x037E},   Range{0x0384, 0x0385},
    Range{0x0387, 0x0387},   Range{0x055A, 0x055F},   Range{0x0589, 0x058A},
    Range{0x05BE, 0x05BE},   Range{0x05C0, 0x05C0},   Range{0x05C3, 0x05C3},
    Range{0x05C6, 0x05C6},   Range{0x05F3, 0x05F4},   Range{0x0600, 0x060F},
    Range{0x061B, 0x061F},   Range{0x066A, 0x066D},   Range{0x06D4, 0x06D4},
    Range{0x06DD, 0x06DE},   Range{0x06E9, 0x06E9},   Range{0x06FD, 0x06FE},
    Range{0x0964, 0x0965},   Range{0x0970, 0x0970},   Range{0x0E3F, 0x0E3F},
    Range{0x0E4F, 0x0E4F},   Range{0x0E5A, 0x0E5B},   Range{0x104A, 0x104F},
    Range{0x10FB, 0x10FB},   Range{0x1360, 0x1368},   Range{0x166D, 0x166E},
    Range{0x1680, 0x1680},   Range{0x169B, 0x169C},   Range{0x16EB, 0x16ED},
    Range{0x17D4, 0x17D6},   Range{0x17D8, 0x17DB},   Range{0x1800, 0x180A},
    Range{0x180E, 0x180E},   Range{0x2000, 0x206F},   Range{0x20A0, 0x20CF},
    Range{0x2100, 0x214F},   Range{0x2190, 0x2BFF},   Range{0x2E00, 0x2FFF},
    Range{0x3000, 0x3004},   Range{0x3008, 0x3020},   Range{0x3030, 0x3030},
    Range{0x3036, 0x3037},   Range{0x303D, 0x303F},   Range{0x309B, 0x309C},
    Range{0x30A0, 0x30A0},   Range{0x30FB, 0x30FB},   Range{0x31C0, 0x31EF},
    Range{0x3200, 0x33FF},   Range{0x4DC0, 0x4DFF},   Range{0xD800, 0xF8FF},
    Range{0xFD3E, 0xFD3F},   Range{0xFE00, 0xFE1F},   Range{0xFE30, 0xFE6F},
    Range{0xFEFF, 0xFEFF},   Range{0xFF00, 0xFF0F},   Range{0xFF1A, 0xFF20},
    Range{0xFF3B, 0xFF40},   Range{0xFF5B, 0xFF65},   Range{0xFFE0, 0xFFFF},
    Range{0x1D000, 0x1D24F}, Range{0x1D300, 0x1D35F}, Range{0x1F000, 0x1FBEF},
    Range{0x1FBFA, 0x1FFFF}, Range{0xE0000, 0xE0FFF}, Range{0xF0000, 0x10FFFF},
};

bool in_ranges(char32_t cp) {
    auto it = std::upper_bound(kNonWord.begin(), kNonWord.end(), cp,
                               [](char32_t c, const Range& r) { return c < r.lo; });
    if (it == kNonWord.begin())
        return false;
    --it;
    return cp <= it->hi;
}

bool is_cont(unsigned char b) {
    return (b & 0xC0) == 0x80;
}

} // namespace

Decoded decode(std::string_view text, std::size_t pos) {
    const auto b0 = static_cast<unsigned char>(text[pos]);
    if (b0 < 0x80)
        return {b0, 1};
    const std::size_t left = text.size() - pos;
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[pos + i]); };
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        if (left >= 2 && is_cont(byte(1)))
            return {static_cast<char32_t>(((b0 & 0x1F) << 6) | (byte(1) & 0x3F)), 2};
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        if (left >= 3 && is_cont(byte(1)) && is_cont(byte(2))) {
            const char32_t cp = ((b0 & 0x0F) << 12) | ((byte(1) & 0x3F) << 6) | (byte(2) & 0x3F);
            if (cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF))
                return {cp, 3};
        }
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        if (left >= 4 && is_cont(byte(1)) && is_cont(byte(2)) && is_cont(byte(3))) {
            const char32_t cp = ((b0 & 0x07) << 18) | ((byte(1) & 0x3F) << 12) |
                                ((byte(2) & 0x3F) << 6) | (byte(3) & 0x3F);
            if (cp >= 0x10000 && cp <= 0x10FFFF)
                return {cp, 4};
        }
    }
    return {kInvalid, 1};
}

void append_utf8(std::string& out, char32_t cp) {
    if (cp >= 0x110000 || (cp >= 0xD800 && cp <= 0xDFFF))
        cp = 0xFFFD;
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
}

bool is_word(char32_t cp) {
    if (cp < 0x80)
        return is_ascii_alnum(cp);
    if (cp >= kInvalid)
        return false;
    return !in_ranges(cp);
}

bool is_space(char32_t cp) {
    if (cp < 0x80)
        return cp == U' ' || (cp >= 0x09 && cp <= 0x0D);
    switch (cp) {
    case 0x85:
    case 0xA0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000:
        return true;
    default:
        return cp >= 0x2000 && cp <= 0x200A;
    }
}

char32_t to_lower(char32_t cp) {
    if (cp < 0x80)
        return (cp >= U'A' && cp <= U'Z') ? cp + 32 : cp;
    if (cp < 0x100)
        return (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) ? cp + 32 : cp;
    if (cp <= 0x17F) {
        if (cp == 0x130)
            return U'i';
        if (cp == 0x178)
            return 0xFF;
        const bool odd_upper = (cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E);
        const bool even_upper =
            (cp <= 0x12F) || (cp >= 0x132 && cp <= 0x137) || (cp >= 0x14A && cp <= 0x177);
        if ((odd_upper && (cp & 1)) || (even_upper && !(cp & 1)))
            return cp + 1;
        return cp;
    }
    if (cp >= 0x386 && cp <= 0x3AB) {
        if (cp == 0x386)
            return 0x3AC;
        if (cp >= 0x388 && cp <= 0x38A)
            return cp + 37;
        if (cp == 0x38C)
            return 0x3CC;
        if (cp == 0x38E || cp == 0x38F)
            return cp + 63;
        if (cp >= 0x391 && cp <= 0x3AB && cp != 0x3A2)
            return cp + 32;
        return cp;
    }
    if (cp >= 0x400 && cp <= 0x40F)
        return cp + 80;
    if (cp >= 0x410 && cp <= 0x42F)
        return cp + 32;
    if (cp >= 0x531 && cp <= 0x556)
        return cp + 48;
    if (cp >= 0x1E00 && cp <= 0x1EFF) {
        if (cp == 0x1E9E)
            return 0xDF;
        if (((cp <= 0x1E94) || cp >= 0x1EA0) && !(cp & 1))
            return cp + 1;
        return cp;
    }
    if (cp >= 0xFF21 && cp <= 0xFF3A)
        return cp + 32;
    return cp;
}

bool is_upper(char32_t cp) {
    return to_lower(cp) != cp;
}

bool is_lower(char32_t cp) {
    if (cp < 0x80)
        return cp >= U'a' && cp <= U'z';
    if (cp < 0x100)
        return cp >= 0xDF && cp != 0xF7;
    if (cp <= 0x17F || (cp >= 0x1E00 && cp <= 0x1EFF))
        return !is_upper(cp);
    return (cp >= 0x3AC && cp <= 0x3CE) || (cp >= 0x430 && cp <= 0x45F) ||
           (cp >= 0x561 && cp <= 0x587) || (cp >= 0xFF41 && cp <= 0xFF5A);
}

void CodePoints::assign(std::string_view text) {
    cps.clear();
    byte_at.clear();
    cps.reserve(text.size());
    byte_at.reserve(text.size() + 1);
    std::size_t pos = 0;
    while (pos < text.size()) {
        const Decoded d = decode(text, pos);
        cps.push_back(d.cp);
        byte_at.push_back(static_cast<std::uint32_t>(pos));
        pos += d.len;
    }
    byte_at.push_back(static_cast<std::uint32_t>(pos));
}

} // namespace memlens::unicode
