// UTC calendar spans for temporal phrases: inclusive [since, until] in epoch milliseconds.
#pragma once

#include <cstdint>

namespace memlens::analysis {

struct Span {
    std::int64_t since = 0;
    std::int64_t until = 0; // inclusive: the last millisecond
};

struct CivilDate {
    std::int64_t year = 0;
    unsigned month = 1; // 1..12
    unsigned day = 1;   // 1..31
};

std::int64_t day_number(std::int64_t ms); // days since 1970-01-01, floored
CivilDate civil_of_day(std::int64_t day);
std::int64_t day_of_civil(const CivilDate& d);
unsigned days_in_month(std::int64_t year, unsigned month);
unsigned weekday_of_day(std::int64_t day); // 0 = Monday … 6 = Sunday

Span days_span(std::int64_t first_day, std::int64_t last_day);
Span day_span(std::int64_t day);
Span week_span(std::int64_t day); // Monday..Sunday week holding `day`
Span month_span(std::int64_t year, unsigned month);
Span year_span(std::int64_t year);

// (year, month) moved by `delta` months.
void add_months(std::int64_t& year, unsigned& month, std::int64_t delta);

} // namespace memlens::analysis
