// The words temporal phrases are built from: months, weekdays, days, years, counts and units.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace memlens::analysis {

enum class TimeUnit { Day, Week, Month, Year };

// "may", "sept", "december" → 5, 9, 12. `ambiguous` is set for words that are also ordinary
// English ("may", "march", "jan", ...): callers then want digits or a capital next to them.
std::optional<unsigned> month_of(std::string_view lower, bool* ambiguous = nullptr);
// "monday" … "sunday" → 0 … 6.
std::optional<unsigned> weekday_of(std::string_view lower);
// "8", "08", "8th", "1st", "22nd" → 1..31.
std::optional<unsigned> day_of(std::string_view lower);
// Four digits in 1900..2199.
std::optional<std::int64_t> year_of(std::string_view lower);
// "3", "a", "an", "one" … "twelve" → a count ≥ 1 (at most 1000).
std::optional<std::int64_t> count_of(std::string_view lower);
// "day", "days", "week", "weeks", "month", "months", "year", "years".
std::optional<TimeUnit> unit_of(std::string_view lower);

} // namespace memlens::analysis
