#include "analysis/absolute_date.h"

#include "analysis/date_words.h"

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
    return AbsoluteDate{{year, month, day}, DatePrecision::Day, next};
}

// A day and month with no year: the latest such date that is not after today.
std::optional<AbsoluteDate> infer_year(unsigned month, unsigned day, std::size_t next,
                                       std::int64_t today) {
    const CivilDate now = civil_of_day(today);
    for (std::int64_t y = now.year; y >= now.year - 4; --y) {
        if (day > days_in_month(y, month))
            continue;
        if (day_of_civil({y, month, day}) <= today)
            return AbsoluteDate{{y, month, day}, DatePrecision::Day, next};
    }
    return std::nullopt;
}

// After a month abbreviation, "Jan." carries a full stop.
std::size_t skip_abbreviation_dot(const std::vector<QueryToken>& t, std::size_t i) {
    return is_punct(t, i, '.') ? i + 1 : i;
}

std::optional<AbsoluteDate> iso_date(const std::vector<QueryToken>& t, std::size_t at) {
    const auto year = year_of(t[at].lower);
    if (!year || !is_punct(t, at + 1, '-') || !word_at(t, at + 2) || !is_punct(t, at + 3, '-') ||
        !word_at(t, at + 4))
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
        return AbsoluteDate{{*year, *month, 1}, DatePrecision::Month, i + 1};
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
                                                std::int64_t today, bool allow_bare_year) {
    if (!word_at(t, at))
        return std::nullopt;
    if (auto d = iso_date(t, at))
        return d;
    if (auto d = day_month(t, at, today))
        return d;
    if (auto d = month_first(t, at, today))
        return d;
    if (const auto year = year_of(t[at].lower)) {
        if (allow_bare_year || at + 1 >= t.size() || !t[at + 1].word)
            return AbsoluteDate{{*year, 1, 1}, DatePrecision::Year, at + 1};
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
