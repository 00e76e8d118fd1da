// LoCoMo's session times ("1:56 pm on 8 May, 2023"): a scanner, since these are parsed for
// every session of every evaluated conversation and the format is fixed.
#include "import/file_text.h"

#include <memlens/import.h>
#include <memlens/time_util.h>

#include <array>

namespace memlens {

namespace {

class Scanner {
public:
    explicit Scanner(std::string_view s)
        : s_(s) {}

    void spaces() {
        while (p_ < s_.size() && s_[p_] == ' ')
            ++p_;
    }
    bool number(int max_digits, int& out) {
        std::size_t start = p_;
        out = 0;
        while (p_ < s_.size() && p_ - start < static_cast<std::size_t>(max_digits) &&
               s_[p_] >= '0' && s_[p_] <= '9')
            out = out * 10 + (s_[p_++] - '0');
        return p_ > start;
    }
    bool literal(char c) {
        if (p_ < s_.size() && s_[p_] == c) {
            ++p_;
            return true;
        }
        return false;
    }
    std::string word() {
        std::size_t start = p_;
        while (p_ < s_.size() && ((s_[p_] >= 'a' && s_[p_] <= 'z') ||
                                  (s_[p_] >= 'A' && s_[p_] <= 'Z') || s_[p_] == '.'))
            ++p_;
        return import_detail::ascii_lower(s_.substr(start, p_ - start));
    }
    bool done() const { return p_ == s_.size(); }

private:
    std::string_view s_;
    std::size_t p_ = 0;
};

int month_of(const std::string& word) {
    static constexpr std::array<std::string_view, 12> kMonths = {
        "january", "february", "march",     "april",   "may",      "june",
        "july",    "august",   "september", "october", "november", "december"};
    std::string w = word;
    if (!w.empty() && w.back() == '.')
        w.pop_back();
    for (std::size_t i = 0; i < kMonths.size(); ++i)
        if (w == kMonths[i] || (w.size() == 3 && kMonths[i].substr(0, 3) == w) ||
            (w == "sept" && i == 8))
            return static_cast<int>(i) + 1;
    return 0;
}

} // namespace

std::optional<std::int64_t> parse_locomo_date(std::string_view text) {
    Scanner sc(import_detail::trim(text));
    int hour = 0, minute = 0, day = 0, year = 0;
    if (!sc.number(2, hour) || !sc.literal(':') || !sc.number(2, minute))
        return std::nullopt;
    sc.spaces();
    std::string meridiem = sc.word();
    if (meridiem == "a.m.")
        meridiem = "am";
    if (meridiem == "p.m.")
        meridiem = "pm";
    if ((meridiem != "am" && meridiem != "pm") || hour < 1 || hour > 12 || minute > 59)
        return std::nullopt;
    hour = hour % 12 + (meridiem == "pm" ? 12 : 0);
    sc.spaces();
    if (sc.word() != "on")
        return std::nullopt;
    sc.spaces();
    if (!sc.number(2, day))
        return std::nullopt;
    sc.spaces();
    int month = month_of(sc.word());
    sc.literal(',');
    sc.spaces();
    if (month == 0 || !sc.number(4, year) || !sc.done())
        return std::nullopt;
    // Round-trip through the calendar to reject "31 June".
    std::int64_t days =
        days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
    std::int64_t y = 0;
    unsigned m = 0, d = 0;
    civil_from_days(days, y, m, d);
    if (day < 1 || y != year || static_cast<int>(m) != month || static_cast<int>(d) != day)
        return std::nullopt;
    return (days * 86400 + hour * 3600 + minute * 60) * 1000;
}

} // namespace memlens
