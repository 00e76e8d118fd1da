#include "generate/calendar_text.h"

#include <memlens/time_util.h>

#include <array>
#include <cstdio>

namespace memlens::gen {

namespace {
constexpr std::array<std::string_view, 7> kWeekdays = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                                       "Thursday", "Friday", "Saturday"};
constexpr std::array<std::string_view, 12> kMonths = {
    "January", "February", "March",     "April",   "May",      "June",
    "July",    "August",   "September", "October", "November", "December"};
} // namespace

int weekday_of(std::int64_t epoch_day) {
    // 1970-01-01 was a Thursday.
    auto w = static_cast<int>((epoch_day + 4) % 7);
    return w < 0 ? w + 7 : w;
}

std::string_view weekday_name(int weekday) {
    return kWeekdays[static_cast<std::size_t>(weekday % 7)];
}

std::string format_day(std::int64_t epoch_day, DateStyle style) {
    std::int64_t y = 0;
    unsigned m = 0, d = 0;
    civil_from_days(epoch_day, y, m, d);
    std::string out;
    switch (style) {
    case DateStyle::Iso: {
        char buf[16];
        std::snprintf(buf, sizeof buf, "%04lld-%02u-%02u", static_cast<long long>(y), m, d);
        return buf;
    }
    case DateStyle::DayMonthYear:
        return std::to_string(d) + " " + std::string(kMonths[m - 1]) + " " + std::to_string(y);
    case DateStyle::WeekdayMonthDay:
        out.append(weekday_name(weekday_of(epoch_day)).substr(0, 3));
        out += ' ';
        [[fallthrough]];
    case DateStyle::MonthDay:
        out.append(kMonths[m - 1]);
        out += ' ';
        out += std::to_string(d);
        return out;
    }
    return out;
}

std::string quarter_of(std::int64_t epoch_day) {
    std::int64_t y = 0;
    unsigned m = 0, d = 0;
    civil_from_days(epoch_day, y, m, d);
    return "Q" + std::to_string((m - 1) / 3 + 1);
}

} // namespace memlens::gen
