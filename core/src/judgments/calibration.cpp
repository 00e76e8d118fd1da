// Score calibration over the judged queries (calibration.h; docs/judgments.md, "Calibration").
#include "judgments/judged_run.h"
#include "search/rank_rules.h"

#include <memlens/calibration.h>
#include <memlens/search.h>
#include <memlens/settings.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <set>

namespace memlens {

Result<CalibrationReport> compute_calibration(const Vault& vault, SearchEngine& engine,
                                              const MetricsOptions& opts) {
    auto settings = judged::measurement_settings(vault, opts);
    if (!settings)
        return settings.status();
    CalibrationReport r;
    r.k = opts.k;
    r.settings = opts.settings;
    r.min_score = settings->min_score;
    // Every score shows: the threshold is what this report helps choose.
    RetrievalSettings open = *settings;
    open.min_score = 0.0;
    MEMLENS_TRY(judged::ask_judged_queries(
        vault, engine, open, opts, r.unjudged, [&](const judged::AskedQuery& a) {
            r.relevant_per_query[a.query.id] = a.relevant;
            int rank = 0;
            for (const RetrievalHit& h : a.response.result.hits) {
                CalibrationSample s;
                s.query_id = a.query.id;
                s.node_id = h.node_id;
                s.rank = ++rank;
                s.final_score = h.score;
                if (h.explanation) {
                    const Explanation& e = *h.explanation;
                    if (e.keyword.rank)
                        s.keyword_score = -e.keyword.raw_score;
                    if (e.vector.rank)
                        s.vector_score = e.vector.raw_score;
                }
                if (auto g = a.grades.find(h.node_id); g != a.grades.end()) {
                    s.grade = g->second;
                    s.judged = true;
                }
                r.samples.push_back(std::move(s));
            }
        }));
    return r;
}

ThresholdFigures figures_at(const CalibrationReport& r, double threshold) {
    ThresholdFigures f;
    f.threshold = threshold;
    RetrievalSettings rule;
    rule.min_score = threshold;
    std::map<std::string, std::size_t> kept, relevant_kept, relevant_before;
    for (const CalibrationSample& s : r.samples) {
        if (s.relevant())
            ++relevant_before[s.query_id];
        if (search::below_min_score(rule, s.final_score))
            continue;
        ++f.returned;
        ++kept[s.query_id];
        if (s.relevant()) {
            ++f.relevant_returned;
            ++relevant_kept[s.query_id];
        }
    }
    f.precision = f.returned == 0
                      ? 0.0
                      : static_cast<double>(f.relevant_returned) / static_cast<double>(f.returned);
    double recall_sum = 0.0;
    for (const auto& [query, relevant] : r.relevant_per_query) {
        recall_sum += static_cast<double>(relevant_kept[query]) / static_cast<double>(relevant);
        if (kept[query] == 0) {
            ++f.no_match_queries;
            f.answered_lost += relevant_before[query] > 0 ? 1 : 0;
        }
    }
    const auto queries = static_cast<double>(r.relevant_per_query.size());
    f.recall = queries == 0 ? 0.0 : recall_sum / queries;
    f.no_match_share = queries == 0 ? 0.0 : static_cast<double>(f.no_match_queries) / queries;
    return f;
}

const char* to_string(CalibrationScore s) {
    switch (s) {
    case CalibrationScore::Keyword:
        return "keyword";
    case CalibrationScore::Vector:
        return "vector";
    case CalibrationScore::Final:
        break;
    }
    return "final";
}

double ScoreHistogram::bin_width() const {
    return relevant.empty() ? 0.0 : (high - low) / static_cast<double>(relevant.size());
}

namespace {

std::optional<double> score_of(const CalibrationSample& s, CalibrationScore which) {
    switch (which) {
    case CalibrationScore::Keyword:
        return s.keyword_score;
    case CalibrationScore::Vector:
        return s.vector_score;
    case CalibrationScore::Final:
        break;
    }
    return s.final_score;
}

nlohmann::ordered_json figures_json(const ThresholdFigures& f) {
    nlohmann::ordered_json j;
    j["threshold"] = f.threshold;
    j["returned"] = f.returned;
    j["relevant_returned"] = f.relevant_returned;
    j["precision"] = f.precision;
    j["recall"] = f.recall;
    j["no_match_queries"] = f.no_match_queries;
    j["no_match_share"] = f.no_match_share;
    j["answered_lost"] = f.answered_lost;
    return j;
}

} // namespace

ScoreHistogram score_histogram(const CalibrationReport& r, CalibrationScore which, int bins,
                               double threshold) {
    ScoreHistogram h;
    h.score = which;
    const auto n = static_cast<std::size_t>(std::max(1, bins));
    h.relevant.assign(n, 0);
    h.other.assign(n, 0);
    h.relevant_below.assign(n, 0);
    h.other_below.assign(n, 0);
    RetrievalSettings rule;
    rule.min_score = threshold;
    bool any = false;
    for (const CalibrationSample& s : r.samples) {
        const auto v = score_of(s, which);
        if (!v)
            continue;
        h.low = any ? std::min(h.low, *v) : *v;
        h.high = any ? std::max(h.high, *v) : *v;
        any = true;
    }
    if (!any)
        return h;
    const double width = h.high > h.low ? (h.high - h.low) / static_cast<double>(n) : 1.0;
    for (const CalibrationSample& s : r.samples) {
        const auto v = score_of(s, which);
        if (!v)
            continue;
        // The highest value belongs to the last bin, not to one past it.
        const auto bin = std::min(n - 1, static_cast<std::size_t>((*v - h.low) / width));
        ++(s.relevant() ? h.relevant : h.other)[bin];
        if (search::below_min_score(rule, s.final_score))
            ++(s.relevant() ? h.relevant_below : h.other_below)[bin];
    }
    return h;
}

std::vector<double> candidate_thresholds(const CalibrationReport& r) {
    std::set<double> distinct{0.0};
    for (const CalibrationSample& s : r.samples)
        distinct.insert(s.final_score);
    return {distinct.begin(), distinct.end()};
}

std::vector<double> sweep_thresholds(const CalibrationReport& r, std::size_t max_thresholds) {
    const std::vector<double> all = candidate_thresholds(r);
    const std::size_t shown = std::min(all.size(), std::max<std::size_t>(2, max_thresholds));
    std::vector<double> out;
    out.reserve(shown);
    for (std::size_t i = 0; i < shown; ++i)
        out.push_back(all[shown == 1 ? 0 : i * (all.size() - 1) / (shown - 1)]);
    return out;
}

Status save_no_match_threshold(Vault& vault, double threshold) {
    auto settings = load_retrieval_settings(vault);
    if (!settings)
        return settings.status();
    settings->min_score = threshold;
    return save_retrieval_settings(vault, *settings).status();
}

std::string to_json(const CalibrationReport& r, int bins, std::size_t max_thresholds) {
    nlohmann::ordered_json j;
    j["queries"] = r.relevant_per_query.size();
    j["k"] = r.k;
    j["settings"] = r.settings;
    j["min_score"] = r.min_score;
    j["unjudged"] = r.unjudged;
    j["samples"] = r.samples.size();
    j["at_min_score"] = figures_json(figures_at(r, r.min_score));
    auto& hist = j["histograms"] = nlohmann::ordered_json::object();
    for (auto which :
         {CalibrationScore::Final, CalibrationScore::Keyword, CalibrationScore::Vector}) {
        const ScoreHistogram h = score_histogram(r, which, bins);
        hist[to_string(which)] = {
            {"low", h.low}, {"high", h.high}, {"relevant", h.relevant}, {"other", h.other}};
    }
    auto& sweep = j["thresholds"] = nlohmann::ordered_json::array();
    for (double t : sweep_thresholds(r, max_thresholds))
        sweep.push_back(figures_json(figures_at(r, t)));
    return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

} // namespace memlens
