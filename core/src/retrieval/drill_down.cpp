#include "retrieval/candidate.h"
#include "retrieval/doc_versions.h"

#include <memlens/retrieval.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <limits>
#include <set>
#include <unordered_map>

namespace memlens {

namespace {

struct Frontier {
    std::string id;
    const detail::SummaryRow* parent =
        nullptr; // the node we came from (null for the start's children)
};

} // namespace

namespace {

// One level of the walk, read with one query per table: its summaries and chunks by id, and
// the newest version of each document among them.
struct LevelRows {
    std::vector<detail::SummaryRow> summaries;
    std::unordered_map<std::string, std::size_t> summary_at;
    std::vector<detail::ChunkRow> chunks;
    std::unordered_map<std::string, detail::ChunkRow*> chunk_at; // into chunks
    std::unordered_map<std::string, std::int64_t> newest;        // doc id → its newest version_ms
};

Result<LevelRows> read_level(const Database& db, const detail::VaultColumns& cols,
                             const std::vector<Frontier>& level) {
    LevelRows out;
    std::vector<std::string> ids;
    ids.reserve(level.size());
    for (const auto& f : level)
        ids.push_back(f.id);
    // One read per table for the whole level.
    auto summaries = detail::load_summaries(db, cols, ids);
    if (!summaries)
        return summaries.status();
    out.summaries = std::move(summaries).value();
    std::vector<std::string> doc_ids;
    for (std::size_t i = 0; i < out.summaries.size(); ++i) {
        const auto& s = out.summaries[i];
        out.summary_at.emplace(s.id, i);
        if (s.doc_id && !s.deleted)
            doc_ids.push_back(*s.doc_id);
    }
    std::vector<std::string> chunk_ids;
    for (const auto& id : ids) {
        if (out.summary_at.count(id) == 0)
            chunk_ids.push_back(id);
    }
    auto chunks = detail::load_chunks(db, cols, chunk_ids, false, false);
    if (!chunks)
        return chunks.status();
    out.chunks = std::move(chunks).value();
    for (auto& c : out.chunks)
        out.chunk_at.emplace(c.id, &c);
    auto newest = detail::newest_doc_versions(db, doc_ids);
    if (!newest)
        return newest.status();
    out.newest = std::move(newest).value();
    return out;
}

constexpr auto kUnversioned = -std::numeric_limits<std::int64_t>::max();

// Whether a summary reached from `f` is passed over as a document root: an older revision (it
// and its subtree), or a copy of the winning version (the first root wins).
bool passed_over_root(const detail::SummaryRow& s, const Frontier& f,
                      const std::unordered_map<std::string, std::int64_t>& newest,
                      std::set<std::string>& emitted_roots) {
    const std::int64_t v = s.version_ms.value_or(kUnversioned);
    // Below a document root the version was decided at the root: a walk that starts inside an
    // old version (the caller asked for it) shows it whole.
    const bool root = f.parent == nullptr || f.parent->doc_id != s.doc_id ||
                      f.parent->version_ms.value_or(kUnversioned) != v;
    if (!root)
        return false;
    auto n = newest.find(*s.doc_id);
    if (n != newest.end() && v < n->second)
        return true; // an older revision: skip it and its subtree
    if (!emitted_roots.insert(*s.doc_id).second)
        return true; // a copy of the winning version: the first root wins
    return false;
}

// Emits one level's nodes as candidates, in the level's order; returns the summaries kept, the
// parents of the next level.
std::vector<detail::SummaryRow> emit_level(LevelRows& rows, const std::vector<Frontier>& level,
                                           std::set<std::string>& emitted_roots,
                                           std::vector<detail::Candidate>& out) {
    std::vector<detail::SummaryRow> kept;
    kept.reserve(rows.summaries.size());
    for (const auto& f : level) {
        if (auto it = rows.summary_at.find(f.id); it != rows.summary_at.end()) {
            detail::SummaryRow& s = rows.summaries[it->second];
            if (s.deleted)
                continue; // dropped before the version check
            if (s.doc_id && passed_over_root(s, f, rows.newest, emitted_roots))
                continue;
            kept.push_back(s);
            out.push_back(detail::candidate_from_summary(std::move(s)));
            continue;
        }
        if (auto it = rows.chunk_at.find(f.id); it != rows.chunk_at.end()) {
            // A chunk reached twice (listed under two parents) is emitted once.
            if (it->second != nullptr) {
                out.push_back(detail::candidate_from_chunk(std::move(*it->second), 0.0));
                it->second = nullptr;
            }
        }
        // A child id that resolves to nothing is skipped.
    }
    return kept;
}

} // namespace

Result<std::vector<RetrievalHit>> drill_down(const Vault& vault, const DrillDownOptions& opts,
                                             Embedder* embedder,
                                             std::optional<DegradedRanking>* degraded) {
    check_off_ui_thread("drill_down");
    std::optional<DegradedRanking> local_degraded;
    std::optional<DegradedRanking>& fell_back = degraded != nullptr ? *degraded : local_degraded;
    fell_back.reset();
    std::vector<RetrievalHit> empty;
    if (opts.max_depth <= 0 || opts.node_id.empty())
        return empty;
    const Database& db = vault.db();
    const auto cols = detail::vault_columns(vault);

    auto start = detail::load_summaries(db, cols, {opts.node_id});
    if (!start)
        return start.status().with_context("drill_down");
    // A leaf id or an unknown id has no children: empty, so the caller can recover.
    if (start->empty())
        return empty;
    const detail::SummaryRow start_node = std::move(start->front());

    std::vector<detail::Candidate> out;
    std::vector<Frontier> level;
    for (const auto& c : start_node.child_ids)
        level.push_back({c, &start_node});
    // Rows of the previous level stay alive while their children are examined.
    std::vector<detail::SummaryRow> parents;
    std::set<std::string> emitted_roots; // doc ids whose winning root was already emitted

    for (int depth = 1; depth <= opts.max_depth && !level.empty(); ++depth) {
        auto rows = read_level(db, cols, level);
        if (!rows)
            return rows.status().with_context("drill_down");
        parents = emit_level(*rows, level, emitted_roots, out);
        level.clear();
        if (depth < opts.max_depth) {
            for (const auto& p : parents) {
                for (const auto& c : p.child_ids)
                    level.push_back({c, &p});
            }
        }
    }

    MEMLENS_TRY(detail::order_candidates(db, out, opts.query, embedder, false, fell_back)
                    .with_context("drill_down"));
    const std::size_t n = opts.limit ? std::min(*opts.limit, out.size()) : out.size();
    return detail::finish(vault, std::move(out), n);
}

} // namespace memlens
