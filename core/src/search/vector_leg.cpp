#include "search/vector_leg.h"

#include <memlens/embedder.h>

#include <algorithm>

namespace memlens::search {

namespace {

// Index positions of the ids `sql` selects (ids the index does not hold are skipped).
Status positions_of(StatementCache& stmts, const std::string& sql, const TopicIndex& index,
                    std::vector<std::size_t>& out) {
    auto st = stmts.get(sql);
    if (!st)
        return st.status();
    return (*st)->each_row([&] {
        if (auto pos = index.position((*st)->column_text_view(0)))
            out.push_back(*pos);
    });
}

int mask_slot(bool include_summaries, bool hide_superseded) {
    return (include_summaries ? 1 : 0) + (hide_superseded ? 2 : 0);
}

} // namespace

Result<IndexMasks> IndexMasks::build(StatementCache& stmts, const TopicIndex& index, bool native) {
    // Summaries, deleted summaries and superseded chunks are few next to the chunks (thousands
    // at a million chunks, the last read through a partial index): the masks start all allowed
    // and only those positions are visited, rather than four passes over every position.
    std::vector<std::size_t> summaries, deleted, superseded;
    MEMLENS_TRY(positions_of(stmts, "SELECT id FROM mem_tree_summaries", index, summaries));
    MEMLENS_TRY(positions_of(stmts, "SELECT id FROM mem_tree_summaries WHERE deleted != 0", index,
                             deleted));
    if (native)
        MEMLENS_TRY(positions_of(stmts, "SELECT id FROM mem_tree_chunks WHERE superseded != 0",
                                 index, superseded));
    IndexMasks m;
    for (int inc = 0; inc < 2; ++inc) {
        for (int hide = 0; hide < 2; ++hide) {
            std::vector<const std::vector<std::size_t>*> hidden;
            hidden.push_back(inc ? &deleted : &summaries);
            if (hide)
                hidden.push_back(&superseded);
            const int slot = mask_slot(inc != 0, hide != 0);
            auto& mask = m.masks_[slot];
            for (const auto* list : hidden) {
                if (list->empty())
                    continue;
                if (m.all_allowed_[slot]) {
                    m.all_allowed_[slot] = false;
                    mask.assign(index.size(), 1);
                }
                for (std::size_t pos : *list)
                    mask[pos] = 0;
            }
        }
    }
    return m;
}

const std::vector<std::uint8_t>* IndexMasks::get(bool include_summaries,
                                                 bool hide_superseded) const {
    const int slot = mask_slot(include_summaries, hide_superseded);
    return all_allowed_[slot] ? nullptr : &masks_[slot];
}

Result<std::vector<std::size_t>> scoped_positions(StatementCache& stmts, const TopicIndex& index,
                                                  const SearchScope& scope, bool include_summaries,
                                                  bool hide_superseded, const ChunkColumns& cols) {
    std::vector<std::uint8_t> flags(index.size(), 0);
    auto run = [&](const SqlQuery& q) -> Status {
        auto st = stmts.bind(q);
        if (!st)
            return st.status();
        return (*st)->each_row([&] {
            if (auto pos = index.position((*st)->column_text_view(0)))
                flags[*pos] = 1;
        });
    };
    SqlQuery chunks;
    chunks.add("SELECT c.id FROM mem_tree_chunks c WHERE 1");
    append_chunk_scope(chunks, scope, hide_superseded, cols);
    MEMLENS_TRY(run(chunks));
    if (include_summaries) {
        SqlQuery summaries;
        summaries.add("SELECT s.id FROM mem_tree_summaries s WHERE 1");
        if (append_summary_scope(summaries, scope, hide_superseded))
            MEMLENS_TRY(run(summaries));
    }
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < flags.size(); ++i)
        if (flags[i])
            out.push_back(i);
    return out;
}

VectorLegOutput run_vector_leg(const TopicIndex& index, const VectorLegInput& in) {
    VectorLegOutput out;
    const auto k = static_cast<std::size_t>(std::max(in.limit, 0));
    std::vector<VectorHit> hits;
    if (in.positions != nullptr &&
        in.positions->size() <= static_cast<std::size_t>(in.exact_scan_threshold)) {
        // A narrow scope: scoring its members directly is cheaper than a descent that would
        // mostly reach topics the scope excludes, and it is exact.
        out.exact = true;
        out.exact_reason = "scoped";
        hits.reserve(in.positions->size());
        index.visit_rows(*in.positions, [&](std::size_t pos, std::span<const float> row) {
            hits.push_back({std::string(index.id_at(pos)), cosine(in.query, row), {}});
        });
        std::sort(hits.begin(), hits.end(), [](const VectorHit& a, const VectorHit& b) {
            if (a.similarity != b.similarity)
                return a.similarity > b.similarity;
            return a.node_id < b.node_id;
        });
        if (hits.size() > k)
            hits.resize(k);
        out.scored = in.positions->size();
    } else {
        std::vector<std::uint8_t> scoped_mask;
        const std::vector<std::uint8_t>* mask = in.mask;
        if (in.positions != nullptr) {
            scoped_mask.assign(index.size(), 0);
            for (std::size_t pos : *in.positions)
                scoped_mask[pos] = 1;
            mask = &scoped_mask;
        }
        // Measured: the beam where it finds what the exact scan finds. Unmeasured: by size.
        out.beam_recall = index.measured_beam_recall(in.beam.beam_width);
        const bool small =
            !out.beam_recall && index.size() <= static_cast<std::size_t>(in.exact_scan_threshold);
        const bool misses = out.beam_recall && *out.beam_recall < in.beam_min_recall;
        if (in.force_exact || small || misses) {
            out.exact = true;
            out.exact_reason = in.force_exact ? "requested"
                               : small        ? "small vault"
                                              : "beam recall below the minimum";
            hits = index.exact(in.query, k, mask);
            out.scored = index.size();
        } else {
            VectorSearchTrace trace;
            hits = index.search(in.query, k, in.beam, &trace, mask);
            out.reached_topics = std::move(trace.reached_topics);
            out.scored = trace.scored;
            out.exact = trace.exact;
        }
    }
    out.items.reserve(hits.size());
    for (auto& h : hits) {
        LegItem item;
        item.id = std::move(h.node_id);
        item.raw = h.similarity;
        item.topic_path = std::move(h.topic_path);
        out.items.push_back(std::move(item));
    }
    return out;
}

} // namespace memlens::search
