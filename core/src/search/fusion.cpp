#include "search/fusion.h"

#include <algorithm>
#include <unordered_map>

namespace memlens::search {

namespace {

template <typename Id>
std::vector<FusedEntry> fuse(const std::vector<Id>& vector_ids, const std::vector<Id>& keyword_ids,
                             double vector_weight, double keyword_weight, int k, bool admit_all) {
    std::vector<FusedEntry> all;
    std::unordered_map<std::string_view, std::size_t> at; // views of the callers' ids
    at.reserve(vector_ids.size() + keyword_ids.size());
    auto entry = [&](std::string_view id) -> FusedEntry& {
        auto [it, fresh] = at.emplace(id, all.size());
        if (fresh) {
            all.emplace_back();
            all.back().id = std::string(id);
        }
        return all[it->second];
    };
    auto term = [k](double w, int rank) { return w / static_cast<double>(k + rank); };
    for (std::size_t i = 0; i < vector_ids.size(); ++i) {
        FusedEntry& e = entry(vector_ids[i]);
        if (!e.vector_rank) { // a repeated id keeps its first rank
            e.vector_rank = static_cast<int>(i) + 1;
            e.vector_term = term(vector_weight, *e.vector_rank);
        }
    }
    for (std::size_t i = 0; i < keyword_ids.size(); ++i) {
        FusedEntry& e = entry(keyword_ids[i]);
        if (!e.keyword_rank) {
            e.keyword_rank = static_cast<int>(i) + 1;
            e.keyword_term = term(keyword_weight, *e.keyword_rank);
        }
    }
    std::vector<FusedEntry> out;
    out.reserve(all.size());
    for (auto& e : all) {
        e.rrf_score = e.vector_term + e.keyword_term;
        // The contrib > 0 guard, for both legs: an item whose only list has weight 0 would
        // otherwise enter with a score of 0.
        if (admit_all || e.rrf_score > 0.0)
            out.push_back(std::move(e));
    }
    return out;
}

} // namespace

std::vector<FusedEntry> fuse_candidates(const std::vector<std::string>& vector_ids,
                                        const std::vector<std::string>& keyword_ids,
                                        double vector_weight, double keyword_weight, int k,
                                        bool admit_all) {
    return fuse(vector_ids, keyword_ids, vector_weight, keyword_weight, k, admit_all);
}

std::vector<FusedEntry> fuse_candidates(const std::vector<std::string_view>& vector_ids,
                                        const std::vector<std::string_view>& keyword_ids,
                                        double vector_weight, double keyword_weight, int k,
                                        bool admit_all) {
    return fuse(vector_ids, keyword_ids, vector_weight, keyword_weight, k, admit_all);
}

} // namespace memlens::search

namespace memlens {

std::vector<FusedEntry> rrf_fuse(const std::vector<std::string>& vector_ids,
                                 const std::vector<std::string>& keyword_ids, double vector_weight,
                                 double keyword_weight, int k) {
    return search::fuse_candidates(vector_ids, keyword_ids, vector_weight, keyword_weight, k,
                                   false);
}

double recency_factor(double age_days) {
    return 1.0 / (1.0 + std::max(age_days, 0.0));
}

} // namespace memlens
