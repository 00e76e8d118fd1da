// The day loop: how many messages each day gets, which episodes fill it, and the ids and order
// they are written in. The episodes themselves live in *_episodes.cpp.
#include "generate/corpus_generator.h"

#include "generate/calendar_text.h"
#include "generate/cast.h"

#include <memlens/time_util.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace memlens::gen {

namespace {

// Share of a day's traffic by UTC hour: a working day with a lunch dip and a little evening.
// Nothing starts after 21:00 so an exchange ends the same day.
constexpr int kHourWeights[24] = {0, 0, 0,  0,  0, 0, 1, 2, 5, 9, 11, 10,
                                  6, 9, 11, 10, 9, 6, 3, 2, 1, 0, 0,  0};
// Episode kinds by share of episodes (not of messages: a chat exchange holds several).
enum class Episode { Chat, Email, Decision, Page, Issue, Meeting };
constexpr int kEpisodeShares[] = {56, 17, 7, 7, 8, 5}; // in Episode order

} // namespace

CorpusGenerator::CorpusGenerator(const GenerateOptions& opts)
    : opts_(opts)
    , rng_(opts.seed)
    , ctx_(rng_) {
    std::int64_t ms = opts.start_ms;
    first_day_ = ms >= 0 ? ms / kMsPerDay : -((-ms + kMsPerDay - 1) / kMsPerDay);
    decisions_.resize(projects().size() * kDecisionKinds);
    open_issues_.resize(projects().size());
    next_issue_.assign(projects().size(), 101);
    allocate_days();
}

// Splits opts_.chunks over the days: weekdays ~5x weekends, ±25% day-to-day noise and a team
// that grows over the period. Cumulative rounding makes the counts sum exactly to chunks.
void CorpusGenerator::allocate_days() {
    const int days = std::max(opts_.days, 1);
    std::vector<double> weight(static_cast<std::size_t>(days));
    double total = 0.0;
    for (int d = 0; d < days; ++d) {
        int wd = weekday_of(first_day_ + d);
        double base = wd == 0 ? 0.15 : wd == 6 ? 0.22 : 1.0;
        double w = base * (0.75 + 0.5 * rng_.unit()) * (0.8 + 0.4 * d / days);
        weight[static_cast<std::size_t>(d)] = w;
        total += w;
    }
    per_day_.resize(weight.size());
    double cum = 0.0;
    std::size_t given = 0;
    for (std::size_t d = 0; d < weight.size(); ++d) {
        cum += weight[d];
        auto upto =
            static_cast<std::size_t>(std::lround(static_cast<double>(opts_.chunks) * cum / total));
        upto = std::min(upto, opts_.chunks);
        if (d + 1 == weight.size())
            upto = opts_.chunks;
        per_day_[d] = upto - given;
        given = upto;
    }
}

std::int64_t CorpusGenerator::start_time() {
    std::size_t hour = rng_.weighted(kHourWeights);
    return day_start_ms_ + static_cast<std::int64_t>(hour) * 3'600'000 +
           static_cast<std::int64_t>(rng_.below(3'600)) * 1000;
}

std::int64_t CorpusGenerator::gap() {
    return static_cast<std::int64_t>(20 + rng_.below(600)) * 1000;
}

CorpusGenerator::Draft* CorpusGenerator::add(std::string_view source, std::string_view id_prefix,
                                             std::int64_t ts, const std::string& author,
                                             std::string text) {
    if (remaining_ == 0)
        return nullptr;
    --remaining_;
    Draft& d = drafts_.emplace_back();
    d.m.source.assign(source);
    d.m.author = author;
    d.m.text = std::move(text);
    // An exchange that runs past midnight stays on its day, so days never interleave.
    d.m.ts_ms = std::min(ts, day_start_ms_ + kMsPerDay - 1000);
    d.id_prefix = id_prefix;
    return &d;
}

CorpusGenerator::Author CorpusGenerator::staff_author(int staff_index, bool discord) const {
    const Person& p = staff()[static_cast<std::size_t>(staff_index)];
    if (discord)
        return {std::string(p.handle), std::string(p.handle), staff_index, {}};
    return {std::string(p.full), std::string(p.first), staff_index, std::string(p.email)};
}

CorpusGenerator::Author CorpusGenerator::party(int code) const {
    if (code >= 0)
        return staff_author(code, false);
    const Person& p = outsiders()[static_cast<std::size_t>(-1 - code)];
    return {std::string(p.full), std::string(p.first), -1, std::string(p.email)};
}

// ---- days ----------------------------------------------------------------------------------

void CorpusGenerator::emit_day(std::vector<GeneratedMessage>& out) {
    std::stable_sort(drafts_.begin(), drafts_.end(),
                     [](const Draft& a, const Draft& b) { return a.m.ts_ms < b.m.ts_ms; });
    out.clear();
    out.reserve(drafts_.size());
    char id[48];
    for (Draft& d : drafts_) {
        std::snprintf(id, sizeof id, "%.*s-%07llu", static_cast<int>(d.id_prefix.size()),
                      d.id_prefix.data(), static_cast<unsigned long long>(next_id_++));
        d.m.id = id;
        if (d.decision >= 0)
            decisions_[static_cast<std::size_t>(d.decision)].id = d.m.id;
        used_sources_.insert(d.m.source);
        out.push_back(std::move(d.m));
    }
    drafts_.clear();
}

bool CorpusGenerator::next_day(std::vector<GeneratedMessage>& out) {
    out.clear();
    if (day_ >= static_cast<int>(per_day_.size()))
        return false;
    remaining_ = per_day_[static_cast<std::size_t>(day_)];
    day_start_ms_ = epoch_day() * kMsPerDay;
    while (remaining_ > 0) {
        switch (static_cast<Episode>(rng_.weighted(kEpisodeShares))) {
        case Episode::Chat:
            chat_burst();
            break;
        case Episode::Email:
            email();
            break;
        case Episode::Decision:
            decision();
            break;
        case Episode::Page:
            page_edit();
            break;
        case Episode::Issue:
            issue();
            break;
        case Episode::Meeting:
            meeting_notes_page();
            break;
        }
    }
    emit_day(out);
    ++day_;
    return true;
}

} // namespace memlens::gen