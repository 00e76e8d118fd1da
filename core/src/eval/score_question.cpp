// Per-question retrieval metrics of the LoCoMo evaluation.
#include <memlens/eval.h>

#include <algorithm>

namespace memlens {
namespace {

int session_of(const std::string& id) {
    const auto d = parse_dia_id(id);
    return d ? d->session : -1;
}

} // namespace

QuestionScore score_question(const std::vector<std::string>& evidence,
                             const std::vector<std::string>& ranked, const std::vector<int>& ks) {
    QuestionScore q;
    const std::set<std::string> wanted(evidence.begin(), evidence.end());
    std::set<int> wanted_sessions;
    for (const auto& e : wanted)
        wanted_sessions.insert(session_of(e));

    for (std::size_t i = 0; i < ranked.size(); ++i) {
        if (wanted.count(ranked[i])) {
            q.reciprocal_rank = 1.0 / static_cast<double>(i + 1);
            break;
        }
    }
    for (int k : ks) {
        const std::size_t n = std::min(ranked.size(), static_cast<std::size_t>(std::max(k, 0)));
        std::set<std::string> found;
        std::set<int> sessions;
        for (std::size_t i = 0; i < n; ++i) {
            if (wanted.count(ranked[i]))
                found.insert(ranked[i]);
            if (!ranked[i].empty() && wanted_sessions.count(session_of(ranked[i])))
                sessions.insert(session_of(ranked[i]));
        }
        q.turn_recall[k] =
            wanted.empty() ? 0.0
                           : static_cast<double>(found.size()) / static_cast<double>(wanted.size());
        q.session_recall[k] = wanted_sessions.empty()
                                  ? 0.0
                                  : static_cast<double>(sessions.size()) /
                                        static_cast<double>(wanted_sessions.size());
    }
    return q;
}

} // namespace memlens
