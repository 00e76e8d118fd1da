#include "analysis/date_words.h"

#include "analysis/query_tokens.h"

#include <array>
#include <charconv>

namespace memlens::analysis {
namespace {

struct MonthWord {
    std::string_view word;
    unsigned month;
    bool ambiguous;
};

constexpr std::array<MonthWord, 24> kMonths{{
    {"january", 1, false},   {"jan", 1, true},     {"february", 2, false},  {"feb", 2, false},
    {"march", 3, true},      {"mar", 3, true},     {"april", 4, false},     {"apr", 4, false},
    {"may", 5, true},        {"june", 6, false},   {"jun", 6, false},       {"july", 7, false},
    {"jul", 7, false},       {"august", 8, false}, {"aug", 8, false},       {"september", 9, false},
    {"sep", 9, false},       {"sept", 9, false},   {"october", 10, false},  {"oct", 10, false},
    {"november", 11, false}, {"nov", 11, false},   {"december", 12, false}, {"dec", 12, false},
}};

constexpr std::array<std::string_view, 7> kWeekdays{"monday", "tuesday",  "wednesday", "thursday",
                                                    "friday", "saturday", "sunday"};

constexpr std::array<std::string_view, 12> kNumbers{"one",  "two", "three",  "four",
                                                    "five", "six", "seven",  "eight",
                                                    "nine", "ten", "eleven", "twelve"};

std::optional<std::int64_t> parse_int(std::string_view s) {
    std::int64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size())
        return std::nullopt;
    return v;
}

} // namespace

std::optional<unsigned> month_of(std::string_view lower, bool* ambiguous) {
    for (const auto& m : kMonths) {
        if (m.word == lower) {
            if (ambiguous)
                *ambiguous = m.ambiguous;
            return m.month;
        }
    }
    return std::nullopt;
}

std::optional<unsigned> weekday_of(std::string_view lower) {
    for (std::size_t i = 0; i < kWeekdays.size(); ++i)
        if (kWeekdays[i] == lower)
            return static_cast<unsigned>(i);
    return std::nullopt;
}

std::optional<unsigned> day_of(std::string_view lower) {
    std::size_t digits = 0;
    while (digits < lower.size() && lower[digits] >= '0' && lower[digits] <= '9')
        ++digits;
    if (digits == 0 || digits > 2)
        return std::nullopt;
    const std::string_view suffix = lower.substr(digits);
    if (!suffix.empty() && suffix != "st" && suffix != "nd" && suffix != "rd" && suffix != "th")
        return std::nullopt;
    const auto v = parse_int(lower.substr(0, digits));
    if (!v || *v < 1 || *v > 31)
        return std::nullopt;
    return static_cast<unsigned>(*v);
}

std::optional<std::int64_t> year_of(std::string_view lower) {
    if (lower.size() != 4 || !is_digits(lower))
        return std::nullopt;
    const auto v = parse_int(lower);
    if (!v || *v < 1900 || *v > 2199)
        return std::nullopt;
    return v;
}

std::optional<std::int64_t> count_of(std::string_view lower) {
    if (lower == "a" || lower == "an")
        return 1;
    for (std::size_t i = 0; i < kNumbers.size(); ++i)
        if (kNumbers[i] == lower)
            return static_cast<std::int64_t>(i + 1);
    if (lower.size() > 4 || !is_digits(lower))
        return std::nullopt;
    const auto v = parse_int(lower);
    if (!v || *v < 1 || *v > 1000)
        return std::nullopt;
    return v;
}

std::optional<TimeUnit> unit_of(std::string_view lower) {
    if (lower == "day" || lower == "days")
        return TimeUnit::Day;
    if (lower == "week" || lower == "weeks")
        return TimeUnit::Week;
    if (lower == "month" || lower == "months")
        return TimeUnit::Month;
    if (lower == "year" || lower == "years")
        return TimeUnit::Year;
    return std::nullopt;
}

} // namespace memlens::analysis
