#include <memlens/time_util.h>

#include <charconv>
#include <chrono>
#include <cstdio>

namespace memlens {

std::int64_t now_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// Howard Hinnant's civil-date algorithms (public domain arithmetic).
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

void civil_from_days(std::int64_t z, std::int64_t& y, unsigned& m, unsigned& d) {
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    y = static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2);
}

namespace {

bool read_digits(std::string_view s, size_t& pos, size_t n, int& out) {
    if (pos + n > s.size())
        return false;
    int v = 0;
    for (size_t i = 0; i < n; ++i) {
        char c = s[pos + i];
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + (c - '0');
    }
    pos += n;
    out = v;
    return true;
}

bool expect(std::string_view s, size_t& pos, char c) {
    if (pos < s.size() && s[pos] == c) {
        ++pos;
        return true;
    }
    return false;
}

unsigned days_in_month(std::int64_t y, unsigned m) {
    static constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return m == 2 && leap ? 29 : kDays[m - 1];
}

} // namespace

Result<std::int64_t> parse_rfc3339(std::string_view s) {
    auto bad = [&] { return Status::invalid("not an RFC 3339 time: '" + std::string(s) + "'"); };
    size_t p = 0;
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, se = 0;
    if (!read_digits(s, p, 4, y) || !expect(s, p, '-') || !read_digits(s, p, 2, mo) ||
        !expect(s, p, '-') || !read_digits(s, p, 2, d))
        return bad();
    if (mo < 1 || mo > 12 || d < 1 || static_cast<unsigned>(d) > days_in_month(y, mo))
        return bad();
    std::int64_t ms = 0;
    std::int64_t offset_min = 0;
    if (p < s.size()) {
        if (s[p] != 'T' && s[p] != 't' && s[p] != ' ')
            return bad();
        ++p;
        if (!read_digits(s, p, 2, h) || !expect(s, p, ':') || !read_digits(s, p, 2, mi))
            return bad();
        if (expect(s, p, ':') && !read_digits(s, p, 2, se))
            return bad();
        if (h > 23 || mi > 59 || se > 60)
            return bad();
        if (expect(s, p, '.')) {
            int digits = 0;
            std::int64_t frac = 0;
            while (p < s.size() && s[p] >= '0' && s[p] <= '9') {
                if (digits < 3) {
                    frac = frac * 10 + (s[p] - '0');
                }
                ++digits;
                ++p;
            }
            if (digits == 0)
                return bad();
            for (int i = digits; i < 3; ++i)
                frac *= 10;
            ms = frac;
        }
        if (p < s.size()) {
            if (s[p] == 'Z' || s[p] == 'z') {
                ++p;
            } else if (s[p] == '+' || s[p] == '-') {
                int sign = s[p] == '-' ? -1 : 1;
                ++p;
                int oh = 0, om = 0;
                if (!read_digits(s, p, 2, oh))
                    return bad();
                expect(s, p, ':');
                if (!read_digits(s, p, 2, om))
                    return bad();
                if (oh > 23 || om > 59) // RFC 3339 time-numoffset: hour 00-23, minute 00-59
                    return bad();
                offset_min = sign * (oh * 60 + om);
            } else {
                return bad();
            }
        }
        if (p != s.size())
            return bad();
    }
    std::int64_t days = days_from_civil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d));
    std::int64_t secs = days * 86400 + h * 3600 + mi * 60 + se - offset_min * 60;
    return secs * 1000 + ms;
}

std::string format_rfc3339(std::int64_t epoch_ms) {
    std::int64_t secs = epoch_ms >= 0 ? epoch_ms / 1000 : -((-epoch_ms + 999) / 1000);
    auto ms = static_cast<int>(epoch_ms - secs * 1000);
    std::int64_t days = secs >= 0 ? secs / 86400 : -((-secs + 86399) / 86400);
    auto rem = static_cast<int>(secs - days * 86400);
    std::int64_t y = 0;
    unsigned m = 0, d = 0;
    civil_from_days(days, y, m, d);
    char buf[40];
    if (ms != 0) {
        std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02d:%02d:%02d.%03dZ",
                      static_cast<long long>(y), m, d, rem / 3600, (rem / 60) % 60, rem % 60, ms);
    } else {
        std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02d:%02d:%02dZ",
                      static_cast<long long>(y), m, d, rem / 3600, (rem / 60) % 60, rem % 60);
    }
    return buf;
}

Result<std::int64_t> parse_time_arg(std::string_view text) {
    // An optional leading minus and digits only: epoch milliseconds. "2024-05-04" is a date.
    const std::string_view digits = !text.empty() && text.front() == '-' ? text.substr(1) : text;
    if (!digits.empty() && digits.find_first_not_of("0123456789") == std::string_view::npos) {
        std::int64_t v = 0;
        auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec == std::errc() && ptr == text.data() + text.size())
            return v;
        return Status::invalid("not an epoch-millisecond time: '" + std::string(text) + "'");
    }
    return parse_rfc3339(text);
}

} // namespace memlens
