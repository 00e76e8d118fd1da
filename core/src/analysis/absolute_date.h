// Absolute dates inside a query: "8 May 2023", "May 8, 2023", "May 2023", "2023",
// "2023-05-08", and a day and month without a year ("May 8"), which means the latest such
// day not after now.
#pragma once

#include "analysis/calendar.h"
#include "analysis/query_tokens.h"

#include <optional>
#include <vector>

namespace memlens::analysis {

enum class DatePrecision { Day, Month, Year };

struct AbsoluteDate {
    CivilDate date;
    DatePrecision precision = DatePrecision::Day;
    std::size_t next = 0; // first token after the date
};

// The date starting exactly at tokens[at]. A lone year only counts when `allow_bare_year` (the
// caller saw "in", "during", ...) or when nothing but punctuation follows it: "2000 dollars"
// is not a date. `today` (a day number) only fills in a missing year.
std::optional<AbsoluteDate> parse_absolute_date(const std::vector<QueryToken>& tokens,
                                                std::size_t at, std::int64_t today,
                                                bool allow_bare_year);

Span span_of(const AbsoluteDate& d);

} // namespace memlens::analysis
