// Ranking metrics over judged queries (judgments.h; the definitions in docs/judgments.md).
#include "judgments/judged_run.h"

#include <memlens/judgments.h>
#include <memlens/lab.h>
#include <memlens/search.h>
#include <memlens/settings.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <random>

namespace memlens {
namespace {

double dcg(const std::vector<int>& gains) {
    double sum = 0.0;
    for (std::size_t i = 0; i < gains.size(); ++i)
        sum += gains[i] / std::log2(static_cast<double>(i) + 2.0);
    return sum;
}

double percentile(std::vector<double>& sorted_values, double p) {
    if (sorted_values.empty())
        return 0.0;
    const double at = p * static_cast<double>(sorted_values.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(at));
    const auto hi = std::min(lo + 1, sorted_values.size() - 1);
    return sorted_values[lo] +
           (at - static_cast<double>(lo)) * (sorted_values[hi] - sorted_values[lo]);
}

nlohmann::ordered_json metrics_json(const RankingMetrics& m) {
    nlohmann::ordered_json j;
    j["ndcg"] = m.ndcg;
    j["recall"] = m.recall;
    j["precision"] = m.precision;
    j["reciprocal_rank"] = m.reciprocal_rank;
    return j;
}

} // namespace

RankingMetrics score_ranking(const std::vector<std::string>& ranked,
                             const std::map<std::string, int>& grades, int k) {
    RankingMetrics m;
    const std::size_t cut = std::min(ranked.size(), static_cast<std::size_t>(std::max(k, 0)));
    std::size_t relevant = 0;
    for (const auto& [node, g] : grades)
        relevant += g >= kRelevantGrade ? 1 : 0;
    std::vector<int> gains;
    std::size_t found = 0;
    for (std::size_t i = 0; i < cut; ++i) {
        const auto it = grades.find(ranked[i]);
        const int g = it == grades.end() ? 0 : it->second;
        gains.push_back(g);
        if (g >= kRelevantGrade) {
            ++found;
            if (m.reciprocal_rank == 0.0)
                m.reciprocal_rank = 1.0 / static_cast<double>(i + 1);
        }
    }
    std::vector<int> ideal;
    for (const auto& [node, g] : grades)
        ideal.push_back(g);
    std::sort(ideal.begin(), ideal.end(), std::greater<>());
    ideal.resize(std::min(ideal.size(), static_cast<std::size_t>(std::max(k, 0))));
    const double best = dcg(ideal);
    m.ndcg = best > 0.0 ? dcg(gains) / best : 0.0;
    m.recall = relevant ? static_cast<double>(found) / static_cast<double>(relevant) : 0.0;
    m.precision = k > 0 ? static_cast<double>(found) / static_cast<double>(k) : 0.0;
    return m;
}

Interval bootstrap_mean(const std::vector<double>& values, int resamples, std::uint64_t seed) {
    Interval out;
    if (values.empty())
        return out;
    double sum = 0.0;
    for (double v : values)
        sum += v;
    const double n = static_cast<double>(values.size());
    out.mean = sum / n;
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> pick(0, values.size() - 1);
    std::vector<double> means;
    means.reserve(static_cast<std::size_t>(std::max(resamples, 1)));
    for (int r = 0; r < std::max(resamples, 1); ++r) {
        double s = 0.0;
        for (std::size_t i = 0; i < values.size(); ++i)
            s += values[pick(rng)];
        means.push_back(s / n);
    }
    std::sort(means.begin(), means.end());
    out.low = percentile(means, 0.025);
    out.high = percentile(means, 0.975);
    return out;
}

namespace judged {

Result<std::vector<GradedQuery>> graded_queries(const Vault& vault) {
    auto queries = judged_queries(vault);
    if (!queries)
        return queries.status();
    auto grouped = judgments_by_query(vault);
    if (!grouped)
        return grouped.status();
    std::vector<GradedQuery> out;
    out.reserve(queries->size());
    for (JudgedQuery& q : *queries) {
        GradedQuery g;
        g.grades = effective_grades((*grouped)[q.id]);
        for (const auto& [node, grade] : g.grades)
            g.relevant += grade >= kRelevantGrade ? 1 : 0;
        g.query = std::move(q);
        out.push_back(std::move(g));
    }
    return out;
}

Status check_k(int k) {
    if (k < 1 || k > kMaxMetricsK)
        return Status::invalid("k " + std::to_string(k) + " is outside 1.." +
                               std::to_string(kMaxMetricsK));
    return Status::ok();
}

Result<RetrievalSettings> measurement_settings(const Vault& vault, const MetricsOptions& opts) {
    MEMLENS_TRY(check_k(opts.k));
    auto base = load_retrieval_settings(vault);
    if (!base)
        return base.status();
    return apply_setting_overrides(*base, opts.settings);
}

Status ask_judged_queries(const Vault& vault, SearchEngine& engine,
                          const RetrievalSettings& settings, const MetricsOptions& opts,
                          std::vector<std::string>& unjudged,
                          const std::function<void(const AskedQuery&)>& on_answer) {
    auto graded = graded_queries(vault);
    if (!graded)
        return graded.status();
    for (const auto& [q, grades, relevant] : *graded) {
        if (opts.cancel && opts.cancel->load())
            return Status::cancelled("measurement cancelled");
        if (relevant == 0) {
            unjudged.push_back(q.id);
            continue;
        }
        QueryOptions o;
        o.limit = opts.k;
        o.audit = false;
        o.settings = settings;
        o.now_ms = q.now_ms.value_or(0);
        o.known_persons = q.persons;
        auto answer = engine.query(q.text, o, opts.cancel);
        if (!answer)
            return answer.status().with_context("judged query '" + q.id + "'");
        on_answer({q, grades, relevant, answer->response});
    }
    return Status::ok();
}

} // namespace judged

Result<MetricsReport> compute_metrics(const Vault& vault, SearchEngine& engine,
                                      const MetricsOptions& opts) {
    auto settings = judged::measurement_settings(vault, opts);
    if (!settings)
        return settings.status();
    MetricsReport r;
    r.k = opts.k;
    r.settings = opts.settings;
    std::vector<double> ndcg, recall, precision, rr;
    MEMLENS_TRY(judged::ask_judged_queries(
        vault, engine, *settings, opts, r.unjudged, [&](const judged::AskedQuery& a) {
            QueryFigures f;
            f.query_id = a.query.id;
            f.text = a.query.text;
            f.relevant = a.relevant;
            for (const auto& h : a.response.result.hits)
                f.ranked.push_back(h.node_id);
            f.metrics = score_ranking(f.ranked, a.grades, opts.k);
            ndcg.push_back(f.metrics.ndcg);
            recall.push_back(f.metrics.recall);
            precision.push_back(f.metrics.precision);
            rr.push_back(f.metrics.reciprocal_rank);
            r.queries.push_back(std::move(f));
        }));
    r.ndcg = bootstrap_mean(ndcg);
    r.recall = bootstrap_mean(recall);
    r.precision = bootstrap_mean(precision);
    r.mrr = bootstrap_mean(rr);
    return r;
}

std::string_view to_string(MetricChange c) {
    switch (c) {
    case MetricChange::Improved:
        return "improved";
    case MetricChange::Worse:
        return "worse";
    case MetricChange::Unchanged:
        return "unchanged";
    }
    return "unchanged";
}

MetricChange change_of(double ndcg_delta) {
    return ndcg_delta > 1e-9    ? MetricChange::Improved
           : ndcg_delta < -1e-9 ? MetricChange::Worse
                                : MetricChange::Unchanged;
}

Result<BlastMetrics> blast_metrics(const Vault& vault, const BlastReport& blast, int k) {
    MEMLENS_TRY(judged::check_k(k));
    auto graded = judged::graded_queries(vault);
    if (!graded)
        return graded.status();
    // A logged search is a judged query's when its question is that query's text.
    std::map<std::string, std::pair<std::string, std::map<std::string, int>>> by_text;
    for (auto& g : *graded)
        if (g.relevant > 0)
            by_text.emplace(g.query.text, std::pair{g.query.id, std::move(g.grades)});
    BlastMetrics m;
    m.k = k;
    for (const BlastQuery& b : blast.results) {
        const auto it = by_text.find(b.query);
        if (it == by_text.end())
            continue;
        BlastJudged j;
        j.audit_id = b.id;
        j.query_id = it->second.first;
        j.text = b.query;
        j.ndcg_logged = score_ranking(b.logged_ids, it->second.second, k).ndcg;
        j.ndcg_new = score_ranking(b.ids, it->second.second, k).ndcg;
        j.change = change_of(j.ndcg_new - j.ndcg_logged);
        m.improved += j.change == MetricChange::Improved ? 1 : 0;
        m.worse += j.change == MetricChange::Worse ? 1 : 0;
        m.unchanged += j.change == MetricChange::Unchanged ? 1 : 0;
        m.mean_logged += j.ndcg_logged;
        m.mean_new += j.ndcg_new;
        m.searches.push_back(std::move(j));
    }
    if (!m.searches.empty()) {
        m.mean_logged /= static_cast<double>(m.searches.size());
        m.mean_new /= static_cast<double>(m.searches.size());
    }
    return m;
}

std::vector<QueryDelta> metric_deltas(const MetricsReport& base, const MetricsReport& changed) {
    std::map<std::string, const QueryFigures*> before;
    for (const auto& q : base.queries)
        before.emplace(q.query_id, &q);
    std::vector<QueryDelta> out;
    for (const auto& q : changed.queries) {
        const auto it = before.find(q.query_id);
        if (it == before.end())
            continue;
        QueryDelta d;
        d.query_id = q.query_id;
        d.text = q.text;
        d.base = it->second->metrics;
        d.changed = q.metrics;
        d.ndcg_delta = d.changed.ndcg - d.base.ndcg;
        d.change = change_of(d.ndcg_delta);
        out.push_back(std::move(d));
    }
    std::stable_sort(out.begin(), out.end(), [](const QueryDelta& a, const QueryDelta& b) {
        return a.ndcg_delta > b.ndcg_delta;
    });
    return out;
}

std::string to_json(const MetricsReport& r, const std::vector<QueryDelta>* deltas) {
    nlohmann::ordered_json j;
    const std::string k = std::to_string(r.k);
    j["queries"] = r.queries.size();
    j["k"] = r.k;
    const auto put = [&](const std::string& name, const Interval& i) {
        j[name] = i.mean;
        j[name + "_interval"] = {i.low, i.high};
    };
    put("ndcg@" + k, r.ndcg);
    put("recall@" + k, r.recall);
    put("precision@" + k, r.precision);
    put("mrr", r.mrr);
    j["settings"] = r.settings;
    j["unjudged"] = r.unjudged;
    auto& per = j["per_query"] = nlohmann::ordered_json::array();
    for (const auto& q : r.queries) {
        nlohmann::ordered_json p;
        p["id"] = q.query_id;
        p["text"] = q.text;
        p["relevant"] = q.relevant;
        p.update(metrics_json(q.metrics));
        p["ranked"] = q.ranked;
        per.push_back(std::move(p));
    }
    if (deltas) {
        std::map<std::string, int> counts{{"improved", 0}, {"worse", 0}, {"unchanged", 0}};
        auto& d = j["deltas"] = nlohmann::ordered_json::array();
        for (const auto& q : *deltas) {
            ++counts[std::string(to_string(q.change))];
            nlohmann::ordered_json p;
            p["id"] = q.query_id;
            p["text"] = q.text;
            p["change"] = to_string(q.change);
            p["ndcg_delta"] = q.ndcg_delta;
            p["base"] = metrics_json(q.base);
            p["changed"] = metrics_json(q.changed);
            d.push_back(std::move(p));
        }
        j["improved"] = counts["improved"];
        j["worse"] = counts["worse"];
        j["unchanged"] = counts["unchanged"];
    }
    return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

} // namespace memlens
