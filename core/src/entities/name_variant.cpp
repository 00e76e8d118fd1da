#include "entities/name_variant.h"

#include "text/unicode.h"

#include <algorithm>
#include <vector>

namespace memlens::entities {

std::u32string first_word(std::string_view name) {
    unicode::CodePoints cps;
    cps.assign(name);
    std::u32string out;
    for (char32_t c : cps.cps) {
        if (c == U' ')
            break;
        out.push_back(c);
    }
    return out;
}

int osa_distance(const std::u32string& a, const std::u32string& b) {
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1));
    for (std::size_t i = 0; i <= n; ++i)
        d[i][0] = static_cast<int>(i);
    for (std::size_t j = 0; j <= m; ++j)
        d[0][j] = static_cast<int>(j);
    for (std::size_t i = 1; i <= n; ++i) {
        for (std::size_t j = 1; j <= m; ++j) {
            const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[n][m];
}

bool is_letters(const std::u32string& w) {
    return !w.empty() && std::all_of(w.begin(), w.end(), [](char32_t c) {
        return unicode::is_word(c) && !unicode::is_ascii_digit(c);
    });
}

namespace {

// The Latin letters of U+00C0..U+017F, lowercase, without their marks: one letter each, '*'
// where it is two (æ, ß, þ, ĳ, œ) and '-' for the two signs (×, ÷).
constexpr std::u32string_view kLatin1 =
    U"aaaaaa*ceeeeiiiidnooooo-ouuuuy**aaaaaa*ceeeeiiiidnooooo-ouuuuy*y";
constexpr std::u32string_view kLatinExtA =
    U"aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii**jjkkklllllll"
    U"lllnnnnnnnnnoooooo**rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";

static_assert(kLatin1.size() == 0x100 - 0xC0 && kLatinExtA.size() == 0x180 - 0x100);

} // namespace

// `expand` writes the German and Nordic letters as their two-letter forms (Jürgen → juergen);
// otherwise every mark is dropped (Jürgen → jurgen, Émile → emile).
std::u32string plain_latin(const std::u32string& w, bool expand) {
    std::u32string out;
    for (char32_t c : w) {
        if (expand) {
            const char32_t* two = c == U'ä' || c == U'Ä'   ? U"ae"
                                  : c == U'ö' || c == U'Ö' ? U"oe"
                                  : c == U'ü' || c == U'Ü' ? U"ue"
                                  : c == U'ø' || c == U'Ø' ? U"oe"
                                  : c == U'å' || c == U'Å' ? U"aa"
                                                           : nullptr;
            if (two != nullptr) {
                out += two;
                continue;
            }
        }
        char32_t base = c;
        if (c >= 0xC0 && c <= 0xFF)
            base = kLatin1[c - 0xC0];
        else if (c >= 0x100 && c <= 0x17F)
            base = kLatinExtA[c - 0x100];
        if (base == U'*') {
            out += c == U'æ' || c == U'Æ'     ? U"ae"
                   : c == U'ß'                ? U"ss"
                   : c == U'þ' || c == U'Þ'   ? U"th"
                   : c == 0x132 || c == 0x133 ? U"ij"
                                              : U"oe"; // œ
            continue;
        }
        out.push_back(base == U'-' ? c : base);
    }
    return out;
}

NameVariant name_variant(const std::u32string& f, const std::u32string& t) {
    NameVariant v;
    if (f == t || f.empty() || t.empty())
        return v;
    // Only a letter with a mark can make two different names one (and proposals compare every
    // pair of names: plain ones are not written out again).
    const auto marked = [](const std::u32string& w) {
        return std::any_of(w.begin(), w.end(), [](char32_t c) { return c >= 0xC0; });
    };
    if (f.size() >= 2 && (marked(f) || marked(t)) &&
        (plain_latin(f, false) == plain_latin(t, false) ||
         plain_latin(f, true) == plain_latin(t, true))) {
        v.reason = "transliteration"; // Jurgen, Juergen → Jürgen; Emile → Émile
        return v;
    }
    if (f.size() >= 2 && t.size() > f.size() && t.compare(0, f.size(), f) == 0) {
        v.reason = "prefix";
        v.edit_distance = static_cast<int>(t.size() - f.size());
        v.needs_speaker = f.size() < 3; // "jo": only beside Joanna speaking
        return v;
    }
    if (f.size() < 3 || f[0] != t[0])
        return v;
    const int limit = std::min(f.size(), t.size()) >= 6 ? 2 : 1;
    const int d = osa_distance(f, t);
    if (d >= 1 && d <= limit) {
        v.reason = "spelling";
        v.edit_distance = d;
        return v;
    }
    if (f.size() >= 4 && t.size() > f.size() + 1 && f[1] == t[1] &&
        osa_distance(f, t.substr(0, f.size())) == 1) {
        // A misspelt short form: "mell" against "mela(nie)".
        v.reason = "prefix_spelling";
        v.edit_distance = 1;
        v.needs_speaker = true;
    }
    return v;
}

} // namespace memlens::entities
