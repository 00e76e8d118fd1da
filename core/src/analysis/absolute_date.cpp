#include "analysis/absolute_date.h"

#include "analysis/date_words.h"
#include "generate/calendar_text.h"

#include <string>

namespace memlens::analysis {
namespace {

bool is_punct(const std::vector<QueryToken>& t, std::size_t i, char c) {
    return i < t.size() && !t[i].word && t[i].lower.size() == 1 && t[i].lower[0] == c;
}

bool word_at(const std::vector<QueryToken>& t, std::size_t i) {
    return i < t.size() && t[i].word;
}

std::optional<AbsoluteDate> make_day(std::int64_t year, unsigned month, unsigned day,
                                     std::size_t next) {
    if (day > days_in_month(year, month))
        return std::nullopt;
    return AbsoluteDate{{year, month, day}, DatePrecision::Day, next, {}};
}

// A day and month with no year: the latest such date that is not after today.
std::optional<AbsoluteDate> infer_year(unsigned month, unsigned day, std::size_t next,
                                       std::int64_t today) {
    const CivilDate now = civil_of_day(today);
    for (std::int64_t y = now.year; y >= now.year - 4; --y) {
        if (day > days_in_month(y, month))
            continue;
        if (day_of_civil({y, month, day}) <= today)
            return AbsoluteDate{{y, month, day}, DatePrecision::Day, next, {}};
    }
    return std::nullopt;
}

// After a month abbreviation, "Jan." carries a full stop.
std::size_t skip_abbreviation_dot(const std::vector<QueryToken>& t, std::size_t i) {
    return is_punct(t, i, '.') ? i + 1 : i;
}

// Tokens at..at+4 written with nothing between them, the separators one and the same of
// '.', '/' and '-': "16.01.2024", "2023/05/08". The separator, or 0.
char numeric_separator(const std::vector<QueryToken>& t, std::size_t at) {
    if (at + 4 >= t.size() || !word_at(t, at) || !word_at(t, at + 2) || !word_at(t, at + 4))
        return 0;
    for (std::size_t i = at; i < at + 4; ++i)
        if (t[i].end != t[i + 1].start)
            return 0;
    const std::string& sep = t[at + 1].lower;
    if (t[at + 1].word || sep.size() != 1 || sep != t[at + 3].lower ||
        (sep[0] != '.' && sep[0] != '/' && sep[0] != '-'))
        return 0;
    return sep[0];
}

std::optional<unsigned> small_number(const std::string& s, unsigned max) {
    if (s.empty() || s.size() > 2 || !is_digits(s))
        return std::nullopt;
    const auto v = static_cast<unsigned>(std::stoi(s));
    if (v < 1 || v > max)
        return std::nullopt;
    return v;
}

std::optional<AbsoluteDate> iso_date(const std::vector<QueryToken>& t, std::size_t at) {
    const auto year = year_of(t[at].lower);
    const char sep = numeric_separator(t, at);
    if (!year || (sep == 0 && (!is_punct(t, at + 1, '-') || !word_at(t, at + 2) ||
                               !is_punct(t, at + 3, '-') || !word_at(t, at + 4))))
        return std::nullopt;
    const std::string& mm = t[at + 2].lower;
    const std::string& dd = t[at + 4].lower;
    if (mm.size() > 2 || dd.size() > 2 || !is_digits(mm) || !is_digits(dd))
        return std::nullopt;
    const unsigned month = static_cast<unsigned>(std::stoi(mm));
    const unsigned day = static_cast<unsigned>(std::stoi(dd));
    if (month < 1 || month > 12 || day < 1)
        return std::nullopt;
    return make_day(*year, month, day, at + 5);
}

std::string day_month_year_text(const CivilDate& d) {
    return gen::format_day(day_of_civil(d), gen::DateStyle::DayMonthYear);
}

// "16.01.2024", "01/16/2024", "16-01-24": day and month in either order, then the year (two
// digits are 1970 to 2069). When both orders make a date, DateReading decides.
std::optional<AbsoluteDate> numeric_date(const std::vector<QueryToken>& t, std::size_t at,
                                         const DateReading& reading) {
    const char sep = numeric_separator(t, at);
    if (sep == 0)
        return std::nullopt;
    const auto a = small_number(t[at].lower, 31);
    const auto b = small_number(t[at + 2].lower, 31);
    const std::string& y = t[at + 4].lower;
    std::optional<std::int64_t> year = year_of(y);
    // Two-digit years with dots need a two-digit day and month ("16.01.24"): "3.10.12" is a
    // version.
    const bool dotted_short =
        sep == '.' && (t[at].lower.size() != 2 || t[at + 2].lower.size() != 2);
    if (!year && y.size() == 2 && is_digits(y) && !dotted_short) {
        const int yy = std::stoi(y);
        year = yy < 70 ? 2000 + yy : 1900 + yy;
    }
    if (!a || !b || !year)
        return std::nullopt;
    const auto valid = [&](unsigned day, unsigned month) {
        return month <= 12 && day <= days_in_month(*year, month);
    };
    const bool day_first = valid(*a, *b);
    const bool month_first = valid(*b, *a);
    if (!day_first && !month_first)
        return std::nullopt;
    AbsoluteDate d{
        {*year, day_first ? *b : *a, day_first ? *a : *b}, DatePrecision::Day, at + 5, {}};
    if (!day_first || !month_first || *a == *b)
        return d;
    const CivilDate dm{*year, *b, *a};
    const CivilDate md{*year, *a, *b};
    const auto in_vault = [&](const CivilDate& c) {
        const Span day = day_span(day_of_civil(c));
        return reading.vault_span && day.until >= reading.vault_span->since &&
               day.since <= reading.vault_span->until;
    };
    const std::string other = sep == '/' ? "day first" : "month first";
    bool pick_day_first = sep != '/';
    if (in_vault(dm) != in_vault(md)) {
        pick_day_first = in_vault(dm);
        d.reading = std::string(pick_day_first ? "day first" : "month first") + ": " +
                    day_month_year_text(pick_day_first ? md : dm) +
                    " falls outside the vault's memories";
    } else {
        d.reading = std::string(pick_day_first ? "day first" : "month first") + ", as dates with " +
                    (sep == '/'   ? "slashes"
                     : sep == '.' ? "dots"
                                  : "dashes") +
                    " are written; " + other + " would be " +
                    day_month_year_text(pick_day_first ? md : dm);
    }
    d.date = pick_day_first ? dm : md;
    return d;
}

// "8 May 2023", "8th of May, 2023", "8 May"
std::optional<AbsoluteDate> day_month(const std::vector<QueryToken>& t, std::size_t at,
                                      std::int64_t today) {
    const auto day = day_of(t[at].lower);
    if (!day)
        return std::nullopt;
    std::size_t i = at + 1;
    if (word_at(t, i) && t[i].lower == "of")
        ++i;
    if (!word_at(t, i))
        return std::nullopt;
    bool ambiguous = false;
    const auto month = month_of(t[i].lower, &ambiguous);
    if (!month)
        return std::nullopt;
    i = skip_abbreviation_dot(t, i + 1);
    std::size_t j = is_punct(t, i, ',') ? i + 1 : i;
    if (word_at(t, j))
        if (const auto year = year_of(t[j].lower))
            return make_day(*year, *month, *day, j + 1);
    return infer_year(*month, *day, i, today);
}

// "May 8, 2023", "December 1,2023", "May 2023", "May 8"
std::optional<AbsoluteDate> month_first(const std::vector<QueryToken>& t, std::size_t at,
                                        std::int64_t today) {
    bool ambiguous = false;
    const auto month = month_of(t[at].lower, &ambiguous);
    if (!month)
        return std::nullopt;
    std::size_t i = skip_abbreviation_dot(t, at + 1);
    const std::size_t after_month = i;
    if (is_punct(t, i, ','))
        ++i;
    if (!word_at(t, i))
        return std::nullopt;
    if (const auto year = year_of(t[i].lower))
        return AbsoluteDate{{*year, *month, 1}, DatePrecision::Month, i + 1, {}};
    i = after_month;
    if (!word_at(t, i))
        return std::nullopt;
    const auto day = day_of(t[i].lower);
    if (!day)
        return std::nullopt;
    std::size_t j = i + 1;
    if (is_punct(t, j, ','))
        ++j;
    if (word_at(t, j))
        if (const auto year = year_of(t[j].lower))
            return make_day(*year, *month, *day, j + 1);
    // "may 2 people come" is not a date: without a year an everyday word needs its capital.
    if (ambiguous && !t[at].capitalised)
        return std::nullopt;
    return infer_year(*month, *day, i + 1, today);
}

} // namespace

std::optional<AbsoluteDate> parse_absolute_date(const std::vector<QueryToken>& t, std::size_t at,
                                                std::int64_t today, bool allow_bare_year,
                                                const DateReading& reading) {
    if (!word_at(t, at))
        return std::nullopt;
    if (auto d = iso_date(t, at))
        return d;
    if (auto d = numeric_date(t, at, reading))
        return d;
    if (auto d = day_month(t, at, today))
        return d;
    if (auto d = month_first(t, at, today))
        return d;
    if (const auto year = year_of(t[at].lower)) {
        if (allow_bare_year || at + 1 >= t.size() || !t[at + 1].word)
            return AbsoluteDate{{*year, 1, 1}, DatePrecision::Year, at + 1, {}};
    }
    return std::nullopt;
}

Span span_of(const AbsoluteDate& d) {
    switch (d.precision) {
    case DatePrecision::Day:
        return day_span(day_of_civil(d.date));
    case DatePrecision::Month:
        return month_span(d.date.year, d.date.month);
    case DatePrecision::Year:
        return year_span(d.date.year);
    }
    return {};
}

} // namespace memlens::analysis
