// Absolute dates inside a query: "8 May 2023", "May 8, 2023", "May 2023", "2023",
// "2023-05-08", numeric dates with dots, slashes or dashes ("16.01.2024", "01/16/2024",
// "16-01-24"), and a day and month without a year ("May 8"), which means the latest such day
// not after now.
#pragma once

#include "analysis/calendar.h"
#include "analysis/query_tokens.h"

#include <optional>
#include <string>
#include <vector>

namespace memlens::analysis {

enum class DatePrecision { Day, Month, Year };

struct AbsoluteDate {
    CivilDate date;
    DatePrecision precision = DatePrecision::Day;
    std::size_t next = 0; // first token after the date
    // How a numeric date whose first two numbers could each be the month was read, and why
    // ("day first: month first falls outside the vault's memories"); empty otherwise.
    std::string reading;
};

// What reads "03/04/2023", where either number may be the month: the reading that falls
// within the vault's own memories [since, until] when exactly one does; otherwise the way
// such dates are written (dots and dashes day first, slashes month first).
struct DateReading {
    std::optional<Span> vault_span;
};

// The date starting exactly at tokens[at]. A lone year only counts when `allow_bare_year` (the
// caller saw "in", "during", ...) or when nothing but punctuation follows it: "2000 dollars"
// is not a date. `today` (a day number) only fills in a missing year.
std::optional<AbsoluteDate> parse_absolute_date(const std::vector<QueryToken>& tokens,
                                                std::size_t at, std::int64_t today,
                                                bool allow_bare_year,
                                                const DateReading& reading = {});

Span span_of(const AbsoluteDate& d);

} // namespace memlens::analysis
