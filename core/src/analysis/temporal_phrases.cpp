#include "analysis/temporal_phrases.h"

#include "analysis/absolute_date.h"
#include "analysis/calendar.h"
#include "analysis/date_words.h"

#include <algorithm>
#include <array>

namespace memlens::analysis {
namespace {

using Tokens = std::vector<QueryToken>;

struct Match {
    std::size_t next = 0;
    std::optional<std::int64_t> since;
    std::optional<std::int64_t> until;
    bool relative = false;
    std::string reading; // AbsoluteDate::reading of the date inside, if any
};

Match span_match(std::size_t next, Span s, bool relative, std::string reading = {}) {
    return {next, s.since, s.until, relative, std::move(reading)};
}

bool word_is(const Tokens& t, std::size_t i, std::string_view w) {
    return i < t.size() && t[i].word && t[i].lower == w;
}

bool is_lead_in(std::string_view w) {
    static constexpr std::array<std::string_view, 8> kLeadIns{"in",   "on",     "during", "of",
                                                              "from", "within", "over",   "for"};
    return std::find(kLeadIns.begin(), kLeadIns.end(), w) != kLeadIns.end();
}

// `day` moved by n units; months keep the day of month, clamped to the month's length.
std::int64_t shift_day(std::int64_t day, std::int64_t n, TimeUnit unit) {
    switch (unit) {
    case TimeUnit::Day:
        return day + n;
    case TimeUnit::Week:
        return day + 7 * n;
    case TimeUnit::Month:
    case TimeUnit::Year: {
        CivilDate c = civil_of_day(day);
        add_months(c.year, c.month, unit == TimeUnit::Month ? n : 12 * n);
        c.day = std::min(c.day, days_in_month(c.year, c.month));
        return day_of_civil(c);
    }
    }
    return day;
}

// The calendar unit (day, Monday-week, month, year) holding `day`.
Span unit_span(std::int64_t day, TimeUnit unit) {
    const CivilDate c = civil_of_day(day);
    switch (unit) {
    case TimeUnit::Day:
        return day_span(day);
    case TimeUnit::Week:
        return week_span(day);
    case TimeUnit::Month:
        return month_span(c.year, c.month);
    case TimeUnit::Year:
        return year_span(c.year);
    }
    return day_span(day);
}

// "yesterday", "today", "tonight"
std::optional<Match> relative_day(const Tokens& t, std::size_t p, std::int64_t today) {
    if (word_is(t, p, "yesterday"))
        return span_match(p + 1, day_span(today - 1), true);
    if (word_is(t, p, "today") || word_is(t, p, "tonight"))
        return span_match(p + 1, day_span(today), true);
    return std::nullopt;
}

// "this week", "last month", "past year", "last 3 days", "past two weeks", "last friday"
std::optional<Match> this_or_last(const Tokens& t, std::size_t p, std::int64_t today) {
    if (p >= t.size() || !t[p].word)
        return std::nullopt;
    const std::string& w = t[p].lower;
    const bool is_this = w == "this";
    const bool is_last = w == "last" || w == "previous";
    const bool is_past = w == "past";
    if (!is_this && !is_last && !is_past)
        return std::nullopt;
    if (p + 1 >= t.size() || !t[p + 1].word)
        return std::nullopt;
    const std::string& next = t[p + 1].lower;
    if (const auto unit = unit_of(next); unit && next.back() != 's') {
        if (is_this) {
            const Span whole = unit_span(today, *unit);
            return span_match(p + 2, days_span(day_number(whole.since), today), true);
        }
        if (is_last)
            return span_match(p + 2, unit_span(shift_day(today, -1, *unit), *unit), true);
        return span_match(p + 2, days_span(shift_day(today, -1, *unit), today), true);
    }
    if (const auto wd = weekday_of(next); wd && is_last) {
        std::int64_t day = today - 1;
        while (weekday_of_day(day) != *wd)
            --day;
        return span_match(p + 2, day_span(day), true);
    }
    if (is_this)
        return std::nullopt;
    const auto n = count_of(next);
    if (!n || p + 2 >= t.size() || !t[p + 2].word)
        return std::nullopt;
    const auto unit = unit_of(t[p + 2].lower);
    if (!unit)
        return std::nullopt;
    return span_match(p + 3, days_span(shift_day(today, -*n, *unit), today), true);
}

// "3 days ago", "a week ago", "two years ago": the calendar unit holding now − N units.
std::optional<Match> ago(const Tokens& t, std::size_t p, std::int64_t today) {
    if (p + 2 >= t.size() || !t[p].word || !t[p + 1].word || !word_is(t, p + 2, "ago"))
        return std::nullopt;
    const auto n = count_of(t[p].lower);
    const auto unit = unit_of(t[p + 1].lower);
    if (!n || !unit)
        return std::nullopt;
    return span_match(p + 3, unit_span(shift_day(today, -*n, *unit), *unit), true);
}

// The date after an optional "on" / "the" (as in "before the 8th of May").
std::optional<AbsoluteDate> date_after(const Tokens& t, std::size_t p, std::int64_t today,
                                       const DateReading& reading) {
    if (word_is(t, p, "on") || word_is(t, p, "the"))
        ++p;
    return parse_absolute_date(t, p, today, true, reading);
}

// "two weeks before August 11, 2023", "the day after 8 May 2023": the N-th unit-long window
// before the date's first day, or after its last day.
std::optional<Match> offset_from_date(const Tokens& t, std::size_t p, std::int64_t today,
                                      const DateReading& reading) {
    if (p + 2 >= t.size() || !t[p].word || !t[p + 1].word)
        return std::nullopt;
    std::optional<std::int64_t> n =
        t[p].lower == "the" ? std::optional<std::int64_t>(1) : count_of(t[p].lower);
    const auto unit = unit_of(t[p + 1].lower);
    const bool before = word_is(t, p + 2, "before");
    if (!n || !unit || (!before && !word_is(t, p + 2, "after")))
        return std::nullopt;
    const auto d = date_after(t, p + 3, today, reading);
    if (!d)
        return std::nullopt;
    const Span s = span_of(*d);
    if (before) {
        const std::int64_t first = shift_day(day_number(s.since), -*n, *unit);
        const std::int64_t last = shift_day(day_number(s.since), -*n + 1, *unit) - 1;
        return span_match(d->next, days_span(first, last), false, d->reading);
    }
    const std::int64_t first = shift_day(day_number(s.until), *n - 1, *unit) + 1;
    const std::int64_t last = shift_day(day_number(s.until), *n, *unit);
    return span_match(d->next, days_span(first, last), false, d->reading);
}

// "before 8 May 2023", "after May 2023", "since 2022", "until June 1, 2023", "prior to …"
std::optional<Match> bounded_by_date(const Tokens& t, std::size_t p, std::int64_t today,
                                     const DateReading& reading) {
    if (p >= t.size() || !t[p].word)
        return std::nullopt;
    const std::string& w = t[p].lower;
    std::size_t after_word = p + 1;
    bool before = w == "before";
    if (w == "prior" && word_is(t, p + 1, "to")) {
        before = true;
        after_word = p + 2;
    }
    const bool after = w == "after";
    const bool since = w == "since";
    const bool until = w == "until" || w == "till" || w == "by";
    if (!before && !after && !since && !until)
        return std::nullopt;
    const auto d = date_after(t, after_word, today, reading);
    if (!d)
        return std::nullopt;
    const Span s = span_of(*d);
    Match m{d->next, std::nullopt, std::nullopt, false, d->reading};
    if (before)
        m.until = s.since - 1;
    else if (after)
        m.since = s.until + 1;
    else if (since)
        m.since = s.since;
    else
        m.until = s.until;
    return m;
}

// "in May", "during June": the latest such month that has begun.
std::optional<Match> month_alone(const Tokens& t, std::size_t p, std::int64_t today) {
    if (p >= t.size() || !t[p].word)
        return std::nullopt;
    const auto month = month_of(t[p].lower);
    if (!month)
        return std::nullopt;
    const CivilDate now = civil_of_day(today);
    const std::int64_t year = *month <= now.month ? now.year : now.year - 1;
    return span_match(p + 1, month_span(year, *month), false);
}

// "before the trip", "after sharing her book": recorded with no window. The phrase runs to
// punctuation, a function word that starts a new clause, or four words.
std::optional<Match> unanchored(const Tokens& t, std::size_t p) {
    if (!word_is(t, p, "before") && !word_is(t, p, "after"))
        return std::nullopt;
    if (word_is(t, p + 1, "or") || word_is(t, p + 1, "and"))
        return std::nullopt; // "before or after" is a sequence marker, not a constraint
    static constexpr std::array<std::string_view, 30> kStops{
        "and",  "or",  "but",  "to",   "so",   "because", "when", "while", "did", "do",
        "does", "was", "were", "is",   "are",  "has",     "have", "had",   "i",   "we",
        "you",  "he",  "she",  "they", "with", "for",     "at",   "in",    "on",  "from"};
    std::size_t i = p + 1;
    while (i < t.size() && i < p + 5 && t[i].word &&
           std::find(kStops.begin(), kStops.end(), t[i].lower) == kStops.end())
        ++i;
    if (i == p + 1)
        return std::nullopt;
    return Match{i, std::nullopt, std::nullopt, false, {}};
}

// "last weekend", "this weekend", "the weekend before last": Saturday and Sunday of this
// Monday-week, of the week before, or of the week before that.
std::optional<Match> weekend(const Tokens& t, std::size_t p, std::int64_t today) {
    const std::int64_t this_saturday = day_number(week_span(today).since) + 5;
    const auto of_week = [&](std::size_t next, std::int64_t weeks_back) {
        const std::int64_t saturday = this_saturday - 7 * weeks_back;
        return span_match(next, days_span(saturday, saturday + 1), true);
    };
    if (word_is(t, p, "the") && word_is(t, p + 1, "weekend") && word_is(t, p + 2, "before") &&
        word_is(t, p + 3, "last"))
        return of_week(p + 4, 2);
    if (!word_is(t, p + 1, "weekend"))
        return std::nullopt;
    if (word_is(t, p, "last") || word_is(t, p, "past") || word_is(t, p, "previous"))
        return of_week(p + 2, 1);
    if (word_is(t, p, "this"))
        return of_week(p + 2, 0);
    return std::nullopt;
}

// A month or a year named at `p`: "March", "March 2023", "Dec. 2023", "2024". A month alone is
// the latest such month that has begun.
struct Period {
    Span span;
    std::size_t next = 0;
    bool is_year = false;
};

std::optional<Period> period_at(const Tokens& t, std::size_t p, std::int64_t today) {
    if (p >= t.size() || !t[p].word)
        return std::nullopt;
    if (const auto year = year_of(t[p].lower))
        return Period{year_span(*year), p + 1, true};
    const auto month = month_of(t[p].lower);
    if (!month)
        return std::nullopt;
    std::size_t i = p + 1;
    if (i < t.size() && !t[i].word && t[i].lower == ".")
        ++i;
    if (i < t.size() && !t[i].word && t[i].lower == ",")
        ++i;
    if (i < t.size() && t[i].word)
        if (const auto year = year_of(t[i].lower))
            return Period{month_span(*year, *month), i + 1, false};
    const CivilDate now = civil_of_day(today);
    const std::int64_t year = *month <= now.month ? now.year : now.year - 1;
    return Period{month_span(year, *month), p + 1, false};
}

// "the first week of 2024", "the last week of December", "the 2nd week of March 2023": the
// n-th seven days from the period's first day (the last seven to its last day), within it.
std::optional<Match> week_of_period(const Tokens& t, std::size_t p, std::int64_t today) {
    if (word_is(t, p, "the"))
        ++p;
    if (p + 2 >= t.size() || !t[p].word || !word_is(t, p + 1, "week") || !word_is(t, p + 2, "of"))
        return std::nullopt;
    static constexpr std::array<std::string_view, 5> kOrdinals{"first", "second", "third", "fourth",
                                                               "fifth"};
    const std::string& w = t[p].lower;
    std::optional<std::int64_t> nth;
    for (std::size_t k = 0; k < kOrdinals.size(); ++k)
        if (w == kOrdinals[k])
            nth = static_cast<std::int64_t>(k) + 1;
    if (!nth && w != "last") {
        const auto n = day_of(w); // "1st", "2nd"
        if (!n || *n > 5 || is_digits(w))
            return std::nullopt;
        nth = *n;
    }
    const auto period = period_at(t, p + 3, today);
    if (!period)
        return std::nullopt;
    const std::int64_t first = day_number(period->span.since);
    const std::int64_t last = day_number(period->span.until);
    if (!nth)
        return span_match(period->next, days_span(std::max(first, last - 6), last), false);
    const std::int64_t from = first + 7 * (*nth - 1);
    if (from > last)
        return std::nullopt;
    return span_match(period->next, days_span(from, std::min(last, from + 6)), false);
}

// "mid-March", "early 2024", "late December 2023", "the beginning of May", "the end of 2023":
// a month in thirds (days 1-10, 11-20, 21 to its end), a year in thirds (January-April,
// May-August, September-December).
std::optional<Match> part_of_period(const Tokens& t, std::size_t p, std::int64_t today) {
    if (p >= t.size() || !t[p].word)
        return std::nullopt;
    int third = -1;
    std::size_t at = p + 1;
    const std::string& w = t[p].lower;
    if (w == "early")
        third = 0;
    else if (w == "mid" || w == "middle")
        third = 1;
    else if (w == "late")
        third = 2;
    else if (w == "the" &&
             (word_is(t, p + 1, "beginning") || word_is(t, p + 1, "start") ||
              word_is(t, p + 1, "middle") || word_is(t, p + 1, "end")) &&
             word_is(t, p + 2, "of")) {
        third = t[p + 1].lower == "end" ? 2 : t[p + 1].lower == "middle" ? 1 : 0;
        at = p + 3;
    } else {
        return std::nullopt;
    }
    if (third == 1 && w == "middle" && word_is(t, at, "of"))
        ++at;
    if (at < t.size() && !t[at].word && t[at].lower == "-" && t[at - 1].end == t[at].start)
        ++at; // "mid-March"
    const auto period = period_at(t, at, today);
    if (!period)
        return std::nullopt;
    const CivilDate c = civil_of_day(day_number(period->span.since));
    Span s;
    if (period->is_year) {
        const Span from = month_span(c.year, static_cast<unsigned>(1 + 4 * third));
        const Span to = month_span(c.year, static_cast<unsigned>(4 + 4 * third));
        s = {from.since, to.until};
    } else {
        const std::int64_t first = day_number(period->span.since);
        const std::int64_t last = day_number(period->span.until);
        s = third == 2 ? days_span(first + 20, last)
                       : days_span(first + 10 * third, first + 10 * third + 9);
    }
    return span_match(period->next, s, false);
}

// Everything that may follow a lead-in word ("in", "during", "over the", ...).
std::optional<Match> after_lead_in(const Tokens& t, std::size_t p, std::int64_t today,
                                   std::string_view lead_in, const DateReading& reading) {
    if (auto m = this_or_last(t, p, today))
        return m;
    if (auto m = part_of_period(t, p, today))
        return m;
    if (auto d = parse_absolute_date(t, p, today, true, reading)) {
        const Span s = span_of(*d);
        return span_match(d->next, s, false, d->reading);
    }
    if (lead_in == "in" || lead_in == "during")
        return month_alone(t, p, today);
    return std::nullopt;
}

// The weekend, the n-th week of a period, or a part of one, starting at `p` (each reads its
// own "the").
std::optional<Match> week_or_part_of_period(const Tokens& t, std::size_t p, std::int64_t today) {
    if (auto m = weekend(t, p, today))
        return m;
    if (auto m = week_of_period(t, p, today))
        return m;
    return part_of_period(t, p, today);
}

std::optional<Match> match_at(const Tokens& t, std::size_t i, std::int64_t today,
                              const DateReading& reading) {
    if (auto m = offset_from_date(t, i, today, reading))
        return m;
    if (auto m = bounded_by_date(t, i, today, reading))
        return m;
    if (auto m = week_or_part_of_period(t, i, today))
        return m;
    if (i < t.size() && t[i].word && is_lead_in(t[i].lower)) {
        std::size_t p = i + 1;
        if (auto m = week_or_part_of_period(t, p, today))
            return m;
        if (word_is(t, p, "the"))
            ++p;
        if (auto m = after_lead_in(t, p, today, t[i].lower, reading))
            return m;
    }
    if (word_is(t, i, "the"))
        if (auto m = this_or_last(t, i + 1, today))
            return m;
    if (auto m = relative_day(t, i, today))
        return m;
    if (auto m = this_or_last(t, i, today))
        return m;
    if (auto m = ago(t, i, today))
        return m;
    if (auto d = parse_absolute_date(t, i, today, false, reading))
        return span_match(d->next, span_of(*d), false, d->reading);
    return unanchored(t, i);
}

} // namespace

std::vector<TemporalPhrase> scan_temporal_phrases(std::string_view text, const Tokens& tokens,
                                                  std::int64_t now_ms, const DateReading& reading) {
    std::vector<TemporalPhrase> out;
    const std::int64_t today = day_number(now_ms);
    std::size_t i = 0;
    while (i < tokens.size()) {
        const auto m = match_at(tokens, i, today, reading);
        if (!m || m->next <= i) {
            ++i;
            continue;
        }
        TemporalPhrase p;
        p.start = tokens[i].start;
        p.end = tokens[m->next - 1].end;
        p.phrase = std::string(text.substr(p.start, p.end - p.start));
        p.since_ms = m->since;
        p.until_ms = m->until;
        p.relative = m->relative;
        p.reading = m->reading;
        out.push_back(std::move(p));
        i = m->next;
    }
    return out;
}

namespace {

std::optional<TemporalWindow> intersect(const std::vector<TemporalPhrase>& phrases,
                                        bool absolute_only) {
    TemporalWindow w;
    bool any = false;
    for (const auto& p : phrases) {
        if (!p.resolved() || (absolute_only && p.relative))
            continue;
        any = true;
        if (p.since_ms)
            w.since_ms = w.since_ms ? std::max(*w.since_ms, *p.since_ms) : *p.since_ms;
        if (p.until_ms)
            w.until_ms = w.until_ms ? std::min(*w.until_ms, *p.until_ms) : *p.until_ms;
        w.phrase += (w.phrase.empty() ? "" : "; ") + p.phrase;
        if (!p.reading.empty())
            w.reading += (w.reading.empty() ? "" : "; ") + p.reading;
    }
    if (!any || (w.since_ms && w.until_ms && *w.since_ms > *w.until_ms))
        return std::nullopt;
    return w;
}

} // namespace

std::optional<TemporalWindow> combine_window(const std::vector<TemporalPhrase>& phrases) {
    if (auto w = intersect(phrases, false))
        return w;
    return intersect(phrases, true);
}

} // namespace memlens::analysis
