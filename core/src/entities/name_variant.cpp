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

NameVariant name_variant(const std::u32string& f, const std::u32string& t) {
    NameVariant v;
    if (f == t || f.empty() || t.empty())
        return v;
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
