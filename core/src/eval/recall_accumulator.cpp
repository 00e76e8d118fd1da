// Means of the per-question metrics, per category and over all questions.
#include <memlens/eval.h>

namespace memlens {

RecallAccumulator::RecallAccumulator(std::vector<int> ks)
    : ks_(std::move(ks)) {}

void RecallAccumulator::add_to(Sums& s, const QuestionScore& q) const {
    ++s.n;
    for (int k : ks_) {
        const auto t = q.turn_recall.find(k);
        const auto se = q.session_recall.find(k);
        s.turn[k] += t == q.turn_recall.end() ? 0.0 : t->second;
        s.session[k] += se == q.session_recall.end() ? 0.0 : se->second;
    }
    s.rr += q.reciprocal_rank;
}

void RecallAccumulator::add(int category, const QuestionScore& score) {
    add_to(sums_["all"], score);
    add_to(sums_["cat" + std::to_string(category)], score);
}

namespace {

std::map<int, double> means(const std::map<int, double>& sums, std::size_t n) {
    std::map<int, double> out;
    for (const auto& [k, v] : sums)
        out[k] = n ? v / static_cast<double>(n) : 0.0;
    return out;
}

} // namespace

std::map<std::string, std::map<int, double>> RecallAccumulator::turn_recall() const {
    std::map<std::string, std::map<int, double>> out;
    for (const auto& [key, s] : sums_)
        out[key] = means(s.turn, s.n);
    return out;
}

std::map<std::string, std::map<int, double>> RecallAccumulator::session_recall() const {
    std::map<std::string, std::map<int, double>> out;
    for (const auto& [key, s] : sums_)
        out[key] = means(s.session, s.n);
    return out;
}

double RecallAccumulator::mrr() const {
    const auto it = sums_.find("all");
    return it == sums_.end() || it->second.n == 0
               ? 0.0
               : it->second.rr / static_cast<double>(it->second.n);
}

std::map<std::string, std::size_t> RecallAccumulator::counts() const {
    std::map<std::string, std::size_t> out;
    for (const auto& [key, s] : sums_)
        out[key] = s.n;
    return out;
}

} // namespace memlens
