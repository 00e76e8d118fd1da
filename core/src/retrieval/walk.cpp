#include "retrieval/candidate.h"
#include "retrieval/walk_dense.h"
#include "retrieval/walk_local.h"

#include <memlens/entities.h>
#include <memlens/graph.h>
#include <memlens/query_context.h>
#include <memlens/retrieval.h>
#include <memlens/thread_guard.h>
#include <memlens/time_util.h>
#include <memlens/vault.h>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace memlens {

namespace {

using detail::Window;

// Names the vault knows as persons: the person entities of its index and the registry's person
// records. Canonical ids start with their kind, so the persons are a range of the index's primary
// key, read one distinct id at a time (a skip-scan: one seek per person instead of a pass over
// every mention, 1.4 million rows at a million chunks).
Result<std::vector<std::string>> known_persons(const Database& db, const EntityRegistry* reg) {
    std::vector<std::string> names;
    auto st = db.prepare(
        "WITH RECURSIVE p(id) AS (SELECT (SELECT min(entity_id) FROM mem_tree_entity_index "
        "WHERE entity_id >= 'person:' AND entity_id < 'person;') UNION ALL SELECT (SELECT "
        "min(entity_id) FROM mem_tree_entity_index WHERE entity_id > p.id AND entity_id < "
        "'person;') FROM p WHERE p.id IS NOT NULL) SELECT id FROM p WHERE id IS NOT NULL");
    if (!st)
        return st.status();
    MEMLENS_TRY(st->each_row([&] {
        std::string id = st->column_text(0);
        if (id.size() > 7)
            names.push_back(id.substr(7));
    }));
    if (reg != nullptr) {
        for (const auto& r : reg->records()) {
            if (r.kind != "person")
                continue;
            if (!r.display_name.empty())
                names.push_back(r.display_name);
            names.insert(names.end(), r.aliases.begin(), r.aliases.end());
        }
    }
    return names;
}

Result<QueryResponse> dense_route(const Vault& vault, const std::string& query, Embedder* embedder,
                                  std::size_t k, const Window& window, const DenseSearch* search) {
    auto dense = detail::dense_top(vault, query, embedder, k, window, search);
    if (!dense)
        return dense.status();
    MEMLENS_TRY(detail::fill_leaf_entities(vault.db(), dense->candidates));
    auto r =
        QueryResponse::make(detail::finish(vault, std::move(dense->candidates), k), dense->total);
    r.degraded = std::move(dense->degraded);
    return r;
}

// Entities were named but none relate within h hops: the dense top 2k, re-sorted (stably) by
// how many query entities each hit mentions.
Result<QueryResponse> global_occurrence(const Vault& vault, const std::string& query,
                                        const std::vector<std::string>& entities,
                                        Embedder* embedder, std::size_t k, const Window& window,
                                        const DenseSearch* search) {
    auto dense = detail::dense_top(vault, query, embedder, 2 * k, window, search);
    if (!dense)
        return dense.status();
    auto& cands = dense->candidates;
    MEMLENS_TRY(detail::fill_leaf_entities(vault.db(), cands));
    const std::unordered_set<std::string> wanted(entities.begin(), entities.end());
    const auto mentions = [&](const detail::Candidate& c) {
        return std::count_if(c.hit.entities.begin(), c.hit.entities.end(),
                             [&](const std::string& e) { return wanted.count(e) != 0; });
    };
    std::stable_sort(cands.begin(), cands.end(),
                     [&](const auto& a, const auto& b) { return mentions(a) > mentions(b); });
    auto r = QueryResponse::make(detail::finish(vault, std::move(cands), k), dense->total);
    r.degraded = std::move(dense->degraded);
    return r;
}

// The time window the options ask for, none without time_window_days.
Result<Window> walk_window(const WalkOptions& opts) {
    Window window;
    if (opts.time_window_days) {
        if (*opts.time_window_days < 0)
            return Status::invalid("walk: time_window_days must not be negative");
        const std::int64_t now = opts.now_ms != 0 ? opts.now_ms : now_ms();
        window = {{now - *opts.time_window_days * kMsPerDay, now}};
    }
    return window;
}

// Query entities the way ingest extracts them, so the ids meet the index's ids, each once in
// the order named. A registry that does not load is an error, as it is for ingest: its aliases
// decide the route.
Result<std::vector<std::string>> walk_query_entities(const Vault& vault, const std::string& query) {
    auto registry = EntityRegistry::load(vault.entities_dir());
    if (!registry)
        return registry.status().with_context("walk: entity registry");
    auto persons = known_persons(vault.db(), &*registry);
    if (!persons)
        return persons.status().with_context("walk");
    ExtractOptions xo;
    xo.known_persons = std::move(*persons);
    std::set<std::string> seen;
    std::vector<std::string> entities;
    for (const auto& e : extract_entities(query, xo, &*registry)) {
        if (seen.insert(e.canonical_id).second)
            entities.push_back(e.canonical_id);
    }
    return entities;
}

// The pairs of query entities that relate within max_hops, with their distance.
Result<std::vector<detail::PairDistance>>
related_entity_pairs(const Vault& vault, const std::vector<std::string>& qe, int max_hops) {
    std::vector<detail::PairDistance> pairs;
    for (std::size_t i = 0; i + 1 < qe.size(); ++i) {
        std::vector<std::string> rest(qe.begin() + static_cast<std::ptrdiff_t>(i) + 1, qe.end());
        auto d = hop_distances(vault, qe[i], rest, max_hops);
        if (!d)
            return d.status().with_context("walk");
        for (const auto& other : rest) {
            if (auto it = d->find(other); it != d->end() && it->second > 0)
                pairs.push_back({qe[i], other, it->second});
        }
    }
    return pairs;
}

// The nodes where the pairs' mentions meet within `hops`, `hops` tightened while there are more
// than k; the last non-empty set is kept.
Result<std::map<std::string, detail::LocalCandidate>>
meeting_candidates(const Database& db, const std::vector<detail::PairDistance>& pairs,
                   const Window& window, std::size_t k, int& hops) {
    std::vector<std::string> paired;
    for (const auto& p : pairs) {
        paired.push_back(p.a);
        paired.push_back(p.b);
    }
    std::sort(paired.begin(), paired.end());
    paired.erase(std::unique(paired.begin(), paired.end()), paired.end());
    auto mentions = detail::mentions_of(db, paired, window);
    if (!mentions)
        return mentions.status().with_context("walk");
    auto candidates = detail::local_candidates(pairs, hops, *mentions);
    while (candidates.size() > k && hops > 1) {
        auto next = detail::local_candidates(pairs, hops - 1, *mentions);
        if (next.empty())
            break;
        --hops;
        candidates = std::move(next);
    }
    return candidates;
}

Result<QueryResponse> in_walk_context(const Result<QueryResponse>& r) {
    return r ? r : Result<QueryResponse>(r.status().with_context("walk"));
}

} // namespace

const char* to_wire(WalkRoute route) {
    switch (route) {
    case WalkRoute::Empty:
        return "empty";
    case WalkRoute::Dense:
        return "dense";
    case WalkRoute::GlobalOccurrence:
        return "global_occurrence";
    case WalkRoute::Local:
        return "local";
    }
    return "empty";
}

Result<QueryResponse> walk(const Vault& vault, const WalkOptions& opts, Embedder* embedder,
                           WalkTrace* trace, const DenseSearch* dense) {
    check_off_ui_thread("walk");
    WalkTrace local_trace;
    WalkTrace& t = trace != nullptr ? *trace : local_trace;
    t = WalkTrace{};
    MEMLENS_TRY(check_query_length(opts.query).with_context("walk"));
    if (!detail::has_query(opts.query))
        return QueryResponse::empty();
    const std::size_t k = clamp_query_limit(opts.limit);
    const int max_hops =
        opts.max_hops <= 0 ? kDefaultGraphHops : std::min(opts.max_hops, kMaxGraphHops);
    auto window = walk_window(opts);
    if (!window)
        return window.status();

    auto entities = walk_query_entities(vault, opts.query);
    if (!entities)
        return entities.status();
    t.query_entities = std::move(*entities);
    if (t.query_entities.empty()) {
        t.route = WalkRoute::Dense;
        return in_walk_context(dense_route(vault, opts.query, embedder, k, *window, dense));
    }

    const auto& qe = t.query_entities;
    auto pairs = related_entity_pairs(vault, qe, max_hops);
    if (!pairs)
        return pairs.status();
    std::map<std::string, detail::LocalCandidate> candidates;
    int hops = max_hops;
    if (!pairs->empty()) {
        auto met = meeting_candidates(vault.db(), *pairs, *window, k, hops);
        if (!met)
            return met.status();
        candidates = std::move(*met);
    }
    if (candidates.empty()) {
        t.route = WalkRoute::GlobalOccurrence;
        return in_walk_context(
            global_occurrence(vault, opts.query, qe, embedder, k, *window, dense));
    }
    t.route = WalkRoute::Local;
    t.hops_used = hops;
    for (const auto& p : *pairs) {
        if (p.hops <= hops)
            t.related_pairs.emplace_back(p.a, p.b);
    }
    return in_walk_context(detail::resolve_local(vault, candidates, k));
}

Result<QueryResponse> smart_walk(const Vault& vault, const WalkOptions& opts, Embedder* embedder,
                                 WalkTrace* trace, const DenseSearch* dense) {
    return walk(vault, opts, embedder, trace, dense);
}

} // namespace memlens
