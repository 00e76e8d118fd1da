#include "search/fusion.h"

#include <algorithm>
#include <unordered_map>

namespace memlens::search {

namespace {

double rrf_term(double weight, int k, int rank) {
    return weight / static_cast<double>(k + rank);
}

std::vector<FusedEntry> fuse(const std::vector<std::string>& vector_ids,
                             const std::vector<std::string>& keyword_ids, double vector_weight,
                             double keyword_weight, int k, bool admit_all) {
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
    for (std::size_t i = 0; i < vector_ids.size(); ++i) {
        FusedEntry& e = entry(vector_ids[i]);
        if (!e.vector_rank) { // a repeated id keeps its first rank
            e.vector_rank = static_cast<int>(i) + 1;
            e.vector_term = rrf_term(vector_weight, k, *e.vector_rank);
        }
    }
    for (std::size_t i = 0; i < keyword_ids.size(); ++i) {
        FusedEntry& e = entry(keyword_ids[i]);
        if (!e.keyword_rank) {
            e.keyword_rank = static_cast<int>(i) + 1;
            e.keyword_term = rrf_term(keyword_weight, k, *e.keyword_rank);
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

void fuse_nodes(std::span<const std::uint32_t> vector_nodes,
                std::span<const std::uint32_t> keyword_nodes, std::size_t node_count,
                double vector_weight, double keyword_weight, int k, bool admit_all,
                std::vector<FusedNode>& out) {
    // fuse() above, with a node's position for its id: entries first seen in the vector list,
    // then the keyword list; a repeated node keeps its first rank; vector term + keyword term.
    struct Terms {
        std::uint32_t node;
        double vector_term = 0.0;
        double keyword_term = 0.0;
        bool in_vector = false;
        bool in_keyword = false;
    };
    thread_local std::vector<Terms> all;
    thread_local std::vector<std::uint32_t> slot; // node → its entry + 1, 0 for none yet
    all.clear();
    slot.assign(node_count, 0);
    auto entry = [&](std::uint32_t node) -> Terms& {
        if (slot[node] == 0) {
            all.push_back({node});
            slot[node] = static_cast<std::uint32_t>(all.size());
        }
        return all[slot[node] - 1];
    };
    for (std::size_t i = 0; i < vector_nodes.size(); ++i) {
        Terms& e = entry(vector_nodes[i]);
        if (!e.in_vector) {
            e.in_vector = true;
            e.vector_term = rrf_term(vector_weight, k, static_cast<int>(i) + 1);
        }
    }
    for (std::size_t i = 0; i < keyword_nodes.size(); ++i) {
        Terms& e = entry(keyword_nodes[i]);
        if (!e.in_keyword) {
            e.in_keyword = true;
            e.keyword_term = rrf_term(keyword_weight, k, static_cast<int>(i) + 1);
        }
    }
    out.clear();
    for (const Terms& e : all) {
        const double rrf = e.vector_term + e.keyword_term;
        if (admit_all || rrf > 0.0)
            out.push_back({e.node, rrf});
    }
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
