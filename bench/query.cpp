// memlens-bench query: every retrieval entry point timed against the raw engines it is built on, in
// one process and one run, so the figures are ratios that survive a noisy shared machine.
#include "baselines.h"
#include "bench.h"
#include "cold_start.h"
#include "measure.h"
#include "report.h"
#include "user_query.h"
#include "workload.h"

#include <memlens/retrieval.h>
#include <memlens/search.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>
#include <optional>
#include <random>

namespace memlens::bench {

namespace fs = std::filesystem;

namespace {

using json = nlohmann::json;

constexpr std::int64_t kDayMs = 86'400'000;
constexpr std::size_t kRecallK = 10;

struct Options {
    std::size_t chunks = 10'000;
    std::size_t queries = 50;
    std::uint64_t seed = 1;
    int hnsw_ef = 64;
    int hnsw_threads = 2;
    std::vector<int> beam_sweep = {4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048};
    std::vector<int> ef_sweep = {16, 32, 64, 128, 256, 512, 1024, 2048, 4096};
    std::vector<std::pair<int, int>> tree_shapes; // branching × leaf size to try beside the stored
    std::string cli;                              // the memlens-cli the cold start times
};

Result<json> run(const Options& o) {
    const fs::path dir = cached_vault_dir(o.chunks, o.seed);
    MEMLENS_TRY(ensure_vault(dir, o.chunks, o.seed));
    auto vault = Vault::open(dir, false);
    if (!vault)
        return vault.status();
    const Vault& v = **vault;

    auto t_open = Clock::now();
    auto engine = SearchEngine::open(v);
    if (!engine)
        return engine.status();
    const double engine_open_s = ms_since(t_open) / 1000.0;
    SearchEngine& eng = **engine;

    auto work = make_workload(v, o.queries, o.seed);
    if (!work)
        return work.status();
    const std::size_t q_count = work->queries.size();

    json out = {{"chunks", o.chunks}, {"queries", q_count}, {"seed", o.seed}};
    out["engine_open_s"] = engine_open_s;

    // Hybrid as users run it: the default request, vault settings, audit row included.
    std::vector<std::string> fts_queries(q_count);
    std::vector<double> keyword_leg_ms, vector_leg_ms;
    int leg_limit = 0;
    BeamOptions beam;
    auto hybrid = timed(q_count, [&](std::size_t i) -> Status {
        auto r = run_user_query(eng, work->queries[i]);
        if (!r)
            return r.status();
        fts_queries[i] = r->keyword.fts_query;
        leg_limit = r->settings.leg_limit;
        beam = {r->settings.beam_width, r->settings.beam_max_depth,
                r->settings.beam_max_leaf_items};
        keyword_leg_ms.push_back(r->keyword.ms);
        vector_leg_ms.push_back(r->vector.ms);
        return Status::ok();
    });
    if (!hybrid)
        return hybrid.status();
    out["hybrid_ms"] = *hybrid;
    // Second pass only: the first was the warm-up.
    keyword_leg_ms.erase(keyword_leg_ms.begin(), keyword_leg_ms.begin() + std::ptrdiff_t(q_count));
    vector_leg_ms.erase(vector_leg_ms.begin(), vector_leg_ms.begin() + std::ptrdiff_t(q_count));
    out["hybrid_keyword_leg_ms"] = percentiles(keyword_leg_ms);
    out["hybrid_vector_leg_ms"] = percentiles(vector_leg_ms);

    auto keyword = timed(q_count, [&](std::size_t i) -> Status {
        return run_user_query(eng, work->queries[i], SearchMode::Keyword).status();
    });
    if (!keyword)
        return keyword.status();
    out["keyword_ms"] = *keyword;

    RawFts raw;
    MEMLENS_TRY(raw.open(v.db_path()));
    auto fts_raw = timed(q_count, [&](std::size_t i) -> Status {
        if (fts_queries[i].empty())
            return Status::ok();
        return raw.run(fts_queries[i], leg_limit).status();
    });
    if (!fts_raw)
        return fts_raw.status();
    out["fts_raw_ms"] = *fts_raw;
    {
        std::size_t first = 0;
        while (first + 1 < q_count && fts_queries[first].empty())
            ++first;
        auto cold = cold_start(o.cli, dir, v.db_path(), work->queries[first], fts_queries[first],
                               leg_limit);
        if (!cold)
            return cold.status();
        out["cold_start"] = *cold;
    }

    // The vector leg and its peers, on pre-embedded queries: the same vectors for all three.
    std::vector<std::vector<float>> qvecs;
    for (const auto& q : work->queries) {
        auto e = eng.embedder().embed_one(q);
        if (!e)
            return e.status();
        qvecs.push_back(std::move(*e));
    }
    const TopicIndex& index = eng.index();
    std::vector<Neighbours> truth(q_count), beam_ids(q_count), hnsw_ids(q_count);
    std::size_t scored = 0;
    auto exact = timed(q_count, [&](std::size_t i) -> Status {
        truth[i] = neighbours_of(index.exact(qvecs[i], kRecallK));
        return Status::ok();
    });
    auto vector = timed(q_count, [&](std::size_t i) -> Status {
        VectorSearchTrace trace;
        beam_ids[i] = neighbours_of(index.search(qvecs[i], kRecallK, beam, &trace));
        scored += trace.scored;
        return Status::ok();
    });
    double beam_recall = 0.0, beam_id_recall = 0.0;
    for (std::size_t i = 0; i < q_count; ++i) {
        beam_recall += recall(beam_ids[i], truth[i]);
        beam_id_recall += id_recall(beam_ids[i], truth[i]);
    }
    out["exact_ms"] = *exact;
    out["vector_ms"] = *vector;
    out["vector_recall_at_10"] = q_count ? beam_recall / double(q_count) : 0.0;
    out["vector_id_recall_at_10"] = q_count ? beam_id_recall / double(q_count) : 0.0;
    out["vector_scored_per_query"] = q_count ? double(scored) / double(2 * q_count) : 0.0;
    out["vector_beam"] = {{"beam_width", beam.beam_width},
                          {"max_depth", beam.max_depth},
                          {"max_leaf_items", beam.max_leaf_items}};
    // What wider beams buy: the recall/latency curve the beam_width setting chooses from.
    json sweep = json::array();
    for (int width : o.beam_sweep) {
        BeamOptions b = beam;
        b.beam_width = width;
        std::vector<Neighbours> got(q_count);
        std::size_t n_scored = 0, n_topics = 0;
        auto t = timed(q_count, [&](std::size_t i) -> Status {
            VectorSearchTrace trace;
            got[i] = neighbours_of(index.search(qvecs[i], kRecallK, b, &trace));
            n_scored += trace.scored;
            n_topics += trace.topics_scored;
            return Status::ok();
        });
        double r = 0.0;
        for (std::size_t i = 0; i < q_count; ++i)
            r += recall(got[i], truth[i]);
        sweep.push_back({{"beam_width", width},
                         {"recall_at_10", q_count ? r / double(q_count) : 0.0},
                         {"ms", *t},
                         {"scored_per_query", double(n_scored) / double(2 * q_count)},
                         {"topics_scored_per_query", double(n_topics) / double(2 * q_count)}});
    }
    out["vector_beam_sweep"] = sweep;

    // Other tree shapes over the same vectors, for choosing TopicTreeOptions' defaults.
    json shapes = json::array();
    for (const auto& [branching, leaf] : o.tree_shapes) {
        std::vector<std::string> ids;
        std::vector<float> flat;
        flat.reserve(index.size() * index.dim());
        for (std::size_t p = 0; p < index.size(); ++p) {
            ids.emplace_back(index.id_at(p));
            flat.resize(flat.size() + index.dim());
            index.copy_vector(p, flat.data() + flat.size() - index.dim());
        }
        TopicTreeOptions topts;
        topts.branching = branching;
        topts.max_leaf_items = leaf;
        const auto t_build = Clock::now();
        const TopicIndex other =
            TopicIndex::build(std::move(ids), std::move(flat), index.dim(), topts);
        const double build_s = ms_since(t_build) / 1000.0;
        json rows = json::array();
        for (int width : {8, 16, 32, 64}) {
            BeamOptions b = beam;
            b.beam_width = width;
            b.max_leaf_items = leaf;
            std::vector<Neighbours> got(q_count);
            std::size_t n_scored = 0;
            auto t = timed(q_count, [&](std::size_t i) -> Status {
                VectorSearchTrace trace;
                got[i] = neighbours_of(other.search(qvecs[i], kRecallK, b, &trace));
                n_scored += trace.scored;
                return Status::ok();
            });
            double r = 0.0;
            for (std::size_t i = 0; i < q_count; ++i)
                r += recall(got[i], truth[i]);
            rows.push_back({{"beam_width", width},
                            {"recall_at_10", r / double(q_count)},
                            {"ms", *t},
                            {"scored_per_query", double(n_scored) / double(2 * q_count)}});
        }
        shapes.push_back({{"branching", branching},
                          {"max_leaf_items", leaf},
                          {"topics", other.topics().size()},
                          {"build_s", build_s},
                          {"beams", rows}});
    }
    if (!shapes.empty())
        out["tree_shape_sweep"] = shapes;
    out["index_vectors"] = index.size();
    out["topics"] = index.topics().size();

    // hnswlib holds its own copy of every vector: memlens's own peak is the one before it.
    out["peak_rss_before_hnsw_mb"] = peak_rss_mb();
    out["resident_before_hnsw"] = resident_by_mapping();
    auto h = hnsw_for(index, dir, o.hnsw_threads);
    if (!h)
        return h.status();
    h->set_ef(o.hnsw_ef);
    auto hnsw = timed(q_count, [&](std::size_t i) -> Status {
        hnsw_ids[i] = hnsw_search(*h, qvecs[i], kRecallK);
        return Status::ok();
    });
    double hnsw_recall = 0.0, hnsw_id_recall = 0.0;
    for (std::size_t i = 0; i < q_count; ++i) {
        hnsw_recall += recall(hnsw_ids[i], truth[i]);
        hnsw_id_recall += id_recall(hnsw_ids[i], truth[i]);
    }
    out["hnsw_ms"] = *hnsw;
    out["hnsw_recall_at_10"] = q_count ? hnsw_recall / double(q_count) : 0.0;
    out["hnsw_id_recall_at_10"] = q_count ? hnsw_id_recall / double(q_count) : 0.0;
    out["hnsw_build_s"] = h->build_s;
    out["hnsw_params"] = {{"M", 16},
                          {"ef_construction", 200},
                          {"ef", o.hnsw_ef},
                          {"build_threads", o.hnsw_threads},
                          {"cached", h->from_cache}};
    // hnswlib's own recall/latency curve, so the two indexes can be compared at equal recall.
    json ef_sweep = json::array();
    for (int ef : o.ef_sweep) {
        h->set_ef(ef);
        std::vector<Neighbours> got(q_count);
        auto t = timed(q_count, [&](std::size_t i) -> Status {
            got[i] = hnsw_search(*h, qvecs[i], kRecallK);
            return Status::ok();
        });
        double r = 0.0;
        for (std::size_t i = 0; i < q_count; ++i)
            r += recall(got[i], truth[i]);
        ef_sweep.push_back(
            {{"ef", ef}, {"recall_at_10", q_count ? r / double(q_count) : 0.0}, {"ms", *t}});
    }
    out["hnsw_ef_sweep"] = ef_sweep;
    h->release(); // its memory is not memlens's: keep it out of the rest of the run

    // At equal recall: the cheapest beam and the cheapest ef reaching each level, by p50.
    json equal = json::array();
    for (double level : {0.90, 0.95}) {
        auto cheapest = [&](const json& curve) -> json {
            json best;
            for (const auto& row : curve)
                if (row["recall_at_10"].get<double>() >= level &&
                    (best.is_null() ||
                     row["ms"]["p50"].get<double>() < best["ms"]["p50"].get<double>()))
                    best = row;
            return best;
        };
        const json beam_row = cheapest(out["vector_beam_sweep"]);
        const json ef_row = cheapest(ef_sweep);
        json e = {{"recall_at_10", level}, {"beam", beam_row}, {"hnsw", ef_row}};
        if (!beam_row.is_null() && !ef_row.is_null() && ef_row["ms"]["p50"].get<double>() > 0.0)
            e["beam_p50_over_hnsw_p50"] =
                beam_row["ms"]["p50"].get<double>() / ef_row["ms"]["p50"].get<double>();
        equal.push_back(e);
    }
    out["vector_at_equal_recall"] = equal;
    // The leg as configured against the cheapest ef that finds as much of the exact top 10:
    // hnswlib's p50 at ef 64 is the price of a lower recall (docs/performance.md).
    {
        const double own = out["vector_recall_at_10"].get<double>();
        json peer;
        for (const auto& row : ef_sweep)
            if (row["recall_at_10"].get<double>() >= own &&
                (peer.is_null() ||
                 row["ms"]["p50"].get<double>() < peer["ms"]["p50"].get<double>()))
                peer = row;
        json row = {{"vector_recall_at_10", own}, {"hnsw", peer}};
        if (!peer.is_null() && peer["ms"]["p50"].get<double>() > 0.0)
            row["vector_p50_over_hnsw_p50"] =
                (*vector)["p50"].get<double>() / peer["ms"]["p50"].get<double>();
        out["vector_vs_hnsw_at_its_recall"] = row;
    }

    // Layout and browsing entry points. Windows end at seeded points of the corpus's span.
    std::mt19937_64 rng(o.seed ^ 0x9e3779b97f4a7c15ULL);
    std::vector<std::int64_t> ends(q_count);
    const std::int64_t span = std::max<std::int64_t>(1, work->latest_ms - work->earliest_ms);
    for (auto& e : ends)
        e = work->earliest_ms + std::int64_t(rng() % std::uint64_t(span)) + 1;
    for (int days : {7, 90}) {
        auto cw = timed(q_count, [&](std::size_t i) -> Status {
            CoverWindowOptions c;
            c.until_ms = ends[i];
            c.since_ms = ends[i] - days * kDayMs;
            return cover_window(v, c).status();
        });
        if (!cw)
            return cw.status();
        out[days == 7 ? "cover_window_ms" : "cover_window_90d_ms"] = *cw;
    }
    auto drill = timed(q_count, [&](std::size_t i) -> Status {
        if (work->top_summaries.empty())
            return Status::ok();
        DrillDownOptions d;
        d.node_id = work->top_summaries[i % work->top_summaries.size()];
        return drill_down(v, d).status();
    });
    if (!drill)
        return drill.status();
    out["drill_down_ms"] = *drill;
    auto topic = timed(q_count, [&](std::size_t) -> Status {
        QueryTopicOptions t;
        t.entity_id = work->top_entity;
        return query_topic(v, t).status();
    });
    if (!topic)
        return topic.status();
    out["query_topic_ms"] = *topic;
    out["query_topic_entity"] = work->top_entity;
    auto ents = timed(q_count, [&](std::size_t i) -> Status {
        SearchEntitiesOptions s;
        s.query = work->entity_prefixes[i];
        return search_entities(v, s).status();
    });
    if (!ents)
        return ents.status();
    out["search_entities_ms"] = *ents;

    out["peak_rss_mb"] = peak_rss_mb();
    out["resident_at_end"] = resident_by_mapping();
    const auto bytes = vault_bytes(v.db_path());
    out["vault_bytes"] = bytes;
    out["vault_bytes_per_chunk"] = double(bytes) / double(std::max<std::size_t>(1, o.chunks));
    out["topic_index_file_bytes"] = topic_file_bytes(v.db_path());
    out["topic_index_mapped"] = eng.index().mapped();

    const double floor50 = (*fts_raw)["p50"].get<double>() + (*hnsw)["p50"].get<double>();
    const double floor95 = (*fts_raw)["p95"].get<double>() + (*hnsw)["p95"].get<double>();
    auto ratio = [](double a, double b) { return b > 0.0 ? a / b : 0.0; };
    out["ratios"] = {
        {"hybrid_p50_over_fts_plus_hnsw_p50", ratio((*hybrid)["p50"].get<double>(), floor50)},
        {"hybrid_p95_over_fts_plus_hnsw_p95", ratio((*hybrid)["p95"].get<double>(), floor95)},
        {"vector_p50_over_hnsw_p50",
         ratio((*vector)["p50"].get<double>(), (*hnsw)["p50"].get<double>())},
        {"keyword_leg_p50_over_fts_raw_p50",
         ratio(out["hybrid_keyword_leg_ms"]["p50"].get<double>(), (*fts_raw)["p50"].get<double>())},
        {"vector_recall_at_10", out["vector_recall_at_10"]},
        {"vector_p50_over_hnsw_p50_at_its_recall",
         out["vector_vs_hnsw_at_its_recall"].value("vector_p50_over_hnsw_p50", json())},
        {"cold_start_memlens_over_sqlite3", out["cold_start"]["ratio"]},
        {"exact_p50_over_vector_p50",
         ratio((*exact)["p50"].get<double>(), (*vector)["p50"].get<double>())}};
    return out;
}

} // namespace

int bench_query(const Args& a) {
    Options o;
    auto n = a.get_int("chunks", 1, kMaxBenchCount);
    auto q = a.get_int("queries", 1, kMaxBenchCount);
    auto seed = a.get_int("seed", 0, std::numeric_limits<std::int64_t>::max());
    auto ef = a.get_int("hnsw-ef", 1, 100'000);
    auto threads = a.get_int("hnsw-threads", 1, 1024);
    for (const auto* r : {&n, &q, &seed, &ef, &threads})
        if (!*r)
            return fail("query", r->status());
    o.chunks = std::size_t(n->value_or(10'000));
    o.queries = std::size_t(q->value_or(50));
    o.seed = std::uint64_t(seed->value_or(1));
    o.hnsw_ef = int(ef->value_or(64));
    o.hnsw_threads = int(threads->value_or(2));
    if (auto shapes = a.get("tree-shapes")) {
        for (const auto& part : cli::split_list(*shapes)) {
            const auto x = part.find('x');
            try {
                o.tree_shapes.emplace_back(std::stoi(part.substr(0, x)),
                                           std::stoi(part.substr(x + 1)));
            } catch (const std::exception&) {
                return fail("query", "--tree-shapes: expected BRANCHINGxLEAF, got " + part);
            }
        }
    }

    if (a.flag("build-only")) {
        const Status st = build_vault(cached_vault_dir(o.chunks, o.seed), o.chunks, o.seed);
        return st.is_ok() ? 0 : fail("query", st);
    }
    auto cli = memlens_cli_path(a.get("cli"));
    if (!cli)
        return fail("query", cli.status());
    o.cli = *cli;
    auto result = run(o);
    if (!result)
        return fail("query", result.status());
    if (a.json())
        std::cout << result->dump(2) << '\n';
    else
        print_query_table(*result);
    return 0;
}

} // namespace memlens::bench
