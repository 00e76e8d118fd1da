#include "analysis/calendar.h"

#include <memlens/time_util.h>

namespace memlens::analysis {

std::int64_t day_number(std::int64_t ms) {
    std::int64_t d = ms / kMsPerDay;
    if (ms % kMsPerDay < 0)
        --d;
    return d;
}

CivilDate civil_of_day(std::int64_t day) {
    CivilDate c;
    civil_from_days(day, c.year, c.month, c.day);
    return c;
}

std::int64_t day_of_civil(const CivilDate& d) {
    return days_from_civil(d.year, d.month, d.day);
}

unsigned days_in_month(std::int64_t year, unsigned month) {
    static constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return month == 2 && leap ? 29 : kDays[month - 1];
}

unsigned weekday_of_day(std::int64_t day) {
    // 1970-01-01 was a Thursday (index 3 with Monday = 0).
    const std::int64_t w = (day + 3) % 7;
    return static_cast<unsigned>(w < 0 ? w + 7 : w);
}

Span days_span(std::int64_t first_day, std::int64_t last_day) {
    return {first_day * kMsPerDay, (last_day + 1) * kMsPerDay - 1};
}

Span day_span(std::int64_t day) {
    return days_span(day, day);
}

Span week_span(std::int64_t day) {
    const std::int64_t monday = day - weekday_of_day(day);
    return days_span(monday, monday + 6);
}

Span month_span(std::int64_t year, unsigned month) {
    const std::int64_t first = days_from_civil(year, month, 1);
    return days_span(first, first + days_in_month(year, month) - 1);
}

Span year_span(std::int64_t year) {
    return days_span(days_from_civil(year, 1, 1), days_from_civil(year, 12, 31));
}

void add_months(std::int64_t& year, unsigned& month, std::int64_t delta) {
    std::int64_t index = year * 12 + (month - 1) + delta;
    std::int64_t y = index / 12;
    std::int64_t m = index % 12;
    if (m < 0) {
        m += 12;
        --y;
    }
    year = y;
    month = static_cast<unsigned>(m + 1);
}

} // namespace memlens::analysis
