// How people write dates in chat and email: "May 3", "Fri May 3", "2024-05-03", "Q2".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace memlens::gen {

// 0 = Sunday … 6 = Saturday for a day counted from 1970-01-01.
int weekday_of(std::int64_t epoch_day);
std::string_view weekday_name(int weekday); // "Monday"

enum class DateStyle { MonthDay, WeekdayMonthDay, Iso, DayMonthYear }; // … "3 May 2024"
std::string format_day(std::int64_t epoch_day, DateStyle style);

// "Q2" for the quarter containing the day.
std::string quarter_of(std::int64_t epoch_day);

} // namespace memlens::gen
