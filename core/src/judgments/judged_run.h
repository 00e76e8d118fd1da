// Asking the judged queries again, as the metrics and the calibration both do: the settings a
// measurement runs with, and one search per judged query with a relevant node.
#pragma once

#include <memlens/judgments.h>
#include <memlens/search.h>
#include <memlens/settings.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace memlens::judged {

// Ok, or InvalidArgument for k outside 1..kMaxMetricsK.
Status check_k(int k);

// The vault's settings with opts.settings over them; InvalidArgument for k outside
// 1..kMaxMetricsK or an unknown setting.
Result<RetrievalSettings> measurement_settings(const Vault& vault, const MetricsOptions& opts);

// Every judged query with the grades that count (effective_grades) and how many are relevant,
// in query id order: the judgments read once.
struct GradedQuery {
    JudgedQuery query;
    std::map<std::string, int> grades;
    std::size_t relevant = 0;
};
Result<std::vector<GradedQuery>> graded_queries(const Vault& vault);

struct AskedQuery {
    const JudgedQuery& query;
    const std::map<std::string, int>& grades; // the grades that count (effective_grades)
    std::size_t relevant = 0;                 // nodes graded relevant
    const SearchResponse& response;
};

// Asks every judged query with a relevant node through SearchEngine::query (limit opts.k,
// `settings`, unaudited, as of its recorded time and persons) and hands each answer to
// `on_answer`, in query id order; the ids of judged queries without a relevant node go to
// `unjudged`. Cancelled between queries; a search's error names the query.
Status ask_judged_queries(const Vault& vault, SearchEngine& engine,
                          const RetrievalSettings& settings, const MetricsOptions& opts,
                          std::vector<std::string>& unjudged,
                          const std::function<void(const AskedQuery&)>& on_answer);

} // namespace memlens::judged
