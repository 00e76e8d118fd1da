// Time on the wire: epoch milliseconds inside, RFC 3339 (UTC, "Z") outside.
#pragma once

#include <memlens/status.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace memlens {

inline constexpr std::int64_t kMsPerDay = 86'400'000;

std::int64_t now_ms();

// "2023-05-08T13:56:00Z", "2023-05-08T13:56:00.123+02:00", "2023-05-08" (midnight UTC).
Result<std::int64_t> parse_rfc3339(std::string_view text);

// Always UTC with millisecond precision when non-zero: "2023-05-08T13:56:00Z" or "...00.123Z".
std::string format_rfc3339(std::int64_t epoch_ms);

// A command-line or JSON time: RFC 3339, or an integer count of epoch milliseconds.
Result<std::int64_t> parse_time_arg(std::string_view text);

// Days since 1970-01-01 for a civil date (proleptic Gregorian), and back.
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d);
void civil_from_days(std::int64_t z, std::int64_t& y, unsigned& m, unsigned& d);

} // namespace memlens
