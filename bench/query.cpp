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
#include <map>
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
    bool primitives_only = false;                 // cover_window, drill_down, query_topic, …
};

// One run's shared state: what the phases below measure on and what they hand on.
struct QueryRun {
    QueryRun(const Options& options, fs::path vault_dir, const Vault& vault, SearchEngine& engine,
             const Workload& workload)
        : o(options)
        , dir(std::move(vault_dir))
        , v(vault)
        , eng(engine)
        , work(workload) {}

    const Options& o;
    fs::path dir;
    const Vault& v;
    SearchEngine& eng;
    const Workload& work;
    std::size_t q_count = 0;
    json out;
    // From the hybrid pass: each query's FTS5 expression, the legs' limit, the vector leg's beam.
    std::vector<std::string> fts_queries;
    int leg_limit = 0;
    BeamOptions beam;
    // The pre-embedded queries and their exact top 10.
    std::vector<std::vector<float>> qvecs;
    std::vector<Neighbours> truth;
};

double p50_of(const json& times) {
    return times["p50"].get<double>();
}

// Hybrid as users run it (the default request, vault settings, audit row included), its legs'
// own times, and the keyword mode.
Status time_hybrid(QueryRun& r) {
    const std::size_t q_count = r.q_count;
    r.fts_queries.assign(q_count, {});
    std::vector<double> keyword_leg_ms, vector_leg_ms;
    // Each stage after the legs (SearchResponse::stage_ms), in the pipeline's order.
    std::vector<std::string> stage_order;
    std::map<std::string, std::vector<double>> stage_ms;
    auto hybrid = timed(q_count, [&](std::size_t i) -> Status {
        auto res = run_user_query(r.eng, r.work.queries[i]);
        if (!res)
            return res.status();
        r.fts_queries[i] = res->keyword.fts_query;
        r.leg_limit = res->settings.leg_limit;
        r.beam = {res->settings.beam_width, res->settings.beam_max_depth,
                  res->settings.beam_max_leaf_items};
        keyword_leg_ms.push_back(res->keyword.ms);
        vector_leg_ms.push_back(res->vector.ms);
        for (const auto& [stage, ms] : res->stage_ms) {
            if (std::find(stage_order.begin(), stage_order.end(), stage) == stage_order.end())
                stage_order.push_back(stage);
            stage_ms[stage].push_back(ms);
        }
        return Status::ok();
    });
    if (!hybrid)
        return hybrid.status();
    r.out["hybrid_ms"] = *hybrid;
    // Second pass only: the first was the warm-up.
    keyword_leg_ms.erase(keyword_leg_ms.begin(), keyword_leg_ms.begin() + std::ptrdiff_t(q_count));
    vector_leg_ms.erase(vector_leg_ms.begin(), vector_leg_ms.begin() + std::ptrdiff_t(q_count));
    r.out["hybrid_keyword_leg_ms"] = percentiles(keyword_leg_ms);
    r.out["hybrid_vector_leg_ms"] = percentiles(vector_leg_ms);
    json stages = json::array();
    for (const auto& stage : stage_order) {
        auto& v = stage_ms[stage];
        if (v.size() > q_count)
            v.erase(v.begin(), v.begin() + std::ptrdiff_t(v.size() - q_count));
        stages.push_back({{"stage", stage}, {"ms", percentiles(v)}});
    }
    r.out["hybrid_stage_ms"] = std::move(stages);

    auto keyword = timed(q_count, [&](std::size_t i) -> Status {
        return run_user_query(r.eng, r.work.queries[i], SearchMode::Keyword).status();
    });
    if (!keyword)
        return keyword.status();
    r.out["keyword_ms"] = *keyword;
    return Status::ok();
}

// The raw FTS5 query of each hybrid search, and a fresh process against a fresh sqlite3.
Status time_fts_raw_and_cold_start(QueryRun& r) {
    RawFts raw;
    MEMLENS_TRY(raw.open(r.v.db_path()));
    auto fts_raw = timed(r.q_count, [&](std::size_t i) -> Status {
        if (r.fts_queries[i].empty())
            return Status::ok();
        return raw.run(r.fts_queries[i], r.leg_limit).status();
    });
    if (!fts_raw)
        return fts_raw.status();
    r.out["fts_raw_ms"] = *fts_raw;
    std::size_t first = 0;
    while (first + 1 < r.q_count && r.fts_queries[first].empty())
        ++first;
    auto cold = cold_start(r.o.cli, r.dir, r.v.db_path(), r.work.queries[first],
                           r.fts_queries[first], r.leg_limit);
    if (!cold)
        return cold.status();
    r.out["cold_start"] = *cold;
    return Status::ok();
}

// The vector leg on pre-embedded queries (the same vectors for it and its peers): the exact
// scan, the beam as configured, and what wider beams buy (the recall/latency curve the
// beam_width setting chooses from).
Status time_vector_leg(QueryRun& r) {
    const std::size_t q_count = r.q_count;
    for (const auto& q : r.work.queries) {
        auto e = r.eng.embedder().embed_one(q);
        if (!e)
            return e.status();
        r.qvecs.push_back(std::move(*e));
    }
    const TopicIndex& index = r.eng.index();
    r.truth.assign(q_count, {});
    std::vector<Neighbours> beam_ids(q_count);
    std::size_t scored = 0;
    auto exact = timed(q_count, [&](std::size_t i) -> Status {
        r.truth[i] = neighbours_of(index.exact(r.qvecs[i], kRecallK));
        return Status::ok();
    });
    auto vector = timed(q_count, [&](std::size_t i) -> Status {
        VectorSearchTrace trace;
        beam_ids[i] = neighbours_of(index.search(r.qvecs[i], kRecallK, r.beam, &trace));
        scored += trace.scored;
        return Status::ok();
    });
    double beam_recall = 0.0, beam_id_recall = 0.0;
    for (std::size_t i = 0; i < q_count; ++i) {
        beam_recall += recall(beam_ids[i], r.truth[i]);
        beam_id_recall += id_recall(beam_ids[i], r.truth[i]);
    }
    r.out["exact_ms"] = *exact;
    r.out["vector_ms"] = *vector;
    r.out["vector_recall_at_10"] = q_count ? beam_recall / double(q_count) : 0.0;
    r.out["vector_id_recall_at_10"] = q_count ? beam_id_recall / double(q_count) : 0.0;
    r.out["vector_scored_per_query"] = q_count ? double(scored) / double(2 * q_count) : 0.0;
    r.out["vector_beam"] = {{"beam_width", r.beam.beam_width},
                            {"max_depth", r.beam.max_depth},
                            {"max_leaf_items", r.beam.max_leaf_items}};
    json sweep = json::array();
    for (int width : r.o.beam_sweep) {
        BeamOptions b = r.beam;
        b.beam_width = width;
        std::vector<Neighbours> got(q_count);
        std::size_t n_scored = 0, n_topics = 0;
        auto t = timed(q_count, [&](std::size_t i) -> Status {
            VectorSearchTrace trace;
            got[i] = neighbours_of(index.search(r.qvecs[i], kRecallK, b, &trace));
            n_scored += trace.scored;
            n_topics += trace.topics_scored;
            return Status::ok();
        });
        double rec = 0.0;
        for (std::size_t i = 0; i < q_count; ++i)
            rec += recall(got[i], r.truth[i]);
        sweep.push_back({{"beam_width", width},
                         {"recall_at_10", q_count ? rec / double(q_count) : 0.0},
                         {"ms", *t},
                         {"scored_per_query", double(n_scored) / double(2 * q_count)},
                         {"topics_scored_per_query", double(n_topics) / double(2 * q_count)}});
    }
    r.out["vector_beam_sweep"] = sweep;
    r.out["index_vectors"] = index.size();
    r.out["topics"] = index.topics().size();
    return Status::ok();
}

// Other tree shapes over the same vectors, for choosing TopicTreeOptions' defaults.
void sweep_tree_shapes(QueryRun& r) {
    const TopicIndex& index = r.eng.index();
    json shapes = json::array();
    for (const auto& [branching, leaf] : r.o.tree_shapes) {
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
            BeamOptions b = r.beam;
            b.beam_width = width;
            b.max_leaf_items = leaf;
            std::vector<Neighbours> got(r.q_count);
            std::size_t n_scored = 0;
            auto t = timed(r.q_count, [&](std::size_t i) -> Status {
                VectorSearchTrace trace;
                got[i] = neighbours_of(other.search(r.qvecs[i], kRecallK, b, &trace));
                n_scored += trace.scored;
                return Status::ok();
            });
            double rec = 0.0;
            for (std::size_t i = 0; i < r.q_count; ++i)
                rec += recall(got[i], r.truth[i]);
            rows.push_back({{"beam_width", width},
                            {"recall_at_10", rec / double(r.q_count)},
                            {"ms", *t},
                            {"scored_per_query", double(n_scored) / double(2 * r.q_count)}});
        }
        shapes.push_back({{"branching", branching},
                          {"max_leaf_items", leaf},
                          {"topics", other.topics().size()},
                          {"build_s", build_s},
                          {"beams", rows}});
    }
    if (!shapes.empty())
        r.out["tree_shape_sweep"] = shapes;
}

// The cheapest row of a recall/latency curve that reaches `level`, by p50 (null: none does).
json cheapest_at(const json& curve, double level) {
    json best;
    for (const auto& row : curve)
        if (row["recall_at_10"].get<double>() >= level &&
            (best.is_null() || p50_of(row["ms"]) < p50_of(best["ms"])))
            best = row;
    return best;
}

// hnswlib on the same vectors: at the configured ef, its own recall/latency curve, and the two
// indexes side by side at equal recall.
Status time_hnsw(QueryRun& r) {
    const std::size_t q_count = r.q_count;
    // hnswlib holds its own copy of every vector: memlens's own peak is the one before it.
    r.out["peak_rss_before_hnsw_mb"] = peak_rss_mb();
    r.out["resident_before_hnsw"] = resident_by_mapping();
    auto h = hnsw_for(r.eng.index(), r.dir, r.o.hnsw_threads);
    if (!h)
        return h.status();
    h->set_ef(r.o.hnsw_ef);
    std::vector<Neighbours> hnsw_ids(q_count);
    auto hnsw = timed(q_count, [&](std::size_t i) -> Status {
        hnsw_ids[i] = hnsw_search(*h, r.qvecs[i], kRecallK);
        return Status::ok();
    });
    double hnsw_recall = 0.0, hnsw_id_recall = 0.0;
    for (std::size_t i = 0; i < q_count; ++i) {
        hnsw_recall += recall(hnsw_ids[i], r.truth[i]);
        hnsw_id_recall += id_recall(hnsw_ids[i], r.truth[i]);
    }
    r.out["hnsw_ms"] = *hnsw;
    r.out["hnsw_recall_at_10"] = q_count ? hnsw_recall / double(q_count) : 0.0;
    r.out["hnsw_id_recall_at_10"] = q_count ? hnsw_id_recall / double(q_count) : 0.0;
    r.out["hnsw_build_s"] = h->build_s;
    r.out["hnsw_params"] = {{"M", 16},
                            {"ef_construction", 200},
                            {"ef", r.o.hnsw_ef},
                            {"build_threads", r.o.hnsw_threads},
                            {"cached", h->from_cache}};
    json ef_sweep = json::array();
    for (int ef : r.o.ef_sweep) {
        h->set_ef(ef);
        std::vector<Neighbours> got(q_count);
        auto t = timed(q_count, [&](std::size_t i) -> Status {
            got[i] = hnsw_search(*h, r.qvecs[i], kRecallK);
            return Status::ok();
        });
        double rec = 0.0;
        for (std::size_t i = 0; i < q_count; ++i)
            rec += recall(got[i], r.truth[i]);
        ef_sweep.push_back(
            {{"ef", ef}, {"recall_at_10", q_count ? rec / double(q_count) : 0.0}, {"ms", *t}});
    }
    r.out["hnsw_ef_sweep"] = ef_sweep;
    h->release(); // its memory is not memlens's: keep it out of the rest of the run

    json equal = json::array();
    for (double level : {0.90, 0.95}) {
        const json beam_row = cheapest_at(r.out["vector_beam_sweep"], level);
        const json ef_row = cheapest_at(ef_sweep, level);
        json e = {{"recall_at_10", level}, {"beam", beam_row}, {"hnsw", ef_row}};
        if (!beam_row.is_null() && !ef_row.is_null() && p50_of(ef_row["ms"]) > 0.0)
            e["beam_p50_over_hnsw_p50"] = p50_of(beam_row["ms"]) / p50_of(ef_row["ms"]);
        equal.push_back(e);
    }
    r.out["vector_at_equal_recall"] = equal;
    // The leg as configured against the cheapest ef that finds as much of the exact top 10:
    // hnswlib's p50 at ef 64 is the price of a lower recall (docs/performance.md).
    const double own = r.out["vector_recall_at_10"].get<double>();
    const json peer = cheapest_at(ef_sweep, own);
    json row = {{"vector_recall_at_10", own}, {"hnsw", peer}};
    if (!peer.is_null() && p50_of(peer["ms"]) > 0.0)
        row["vector_p50_over_hnsw_p50"] = p50_of(r.out["vector_ms"]) / p50_of(peer["ms"]);
    r.out["vector_vs_hnsw_at_its_recall"] = row;
    return Status::ok();
}

// fetch_leaves of 20 consecutive chunks from a seeded place (what Fetch Leaves asks for under a
// summary) and walk over each query (the graph routing, no model; its dense route through an
// engine's topic index, as the CLI, the MCP server and the GUI walk).
Status time_leaves_and_walk(QueryRun& r) {
    const std::size_t q_count = r.q_count;
    auto rows = r.v.db().query_int("SELECT count(*) FROM mem_tree_chunks");
    if (!rows)
        return rows.status();
    std::mt19937_64 rng(r.o.seed ^ 0x51ed270b27d15f3bULL);
    auto st = r.v.db().prepare("SELECT id FROM mem_tree_chunks ORDER BY rowid LIMIT 20 OFFSET ?1");
    if (!st)
        return st.status();
    std::vector<std::vector<std::string>> batches(q_count);
    for (auto& batch : batches) {
        st->reset();
        st->bind(1, static_cast<std::int64_t>(
                        rng() % std::uint64_t(std::max<std::int64_t>(1, *rows - 20))));
        MEMLENS_TRY(st->each_row([&] { batch.push_back(st->column_text(0)); }));
    }
    auto leaves = timed(
        q_count, [&](std::size_t i) -> Status { return fetch_leaves(r.v, batches[i]).status(); });
    if (!leaves)
        return leaves.status();
    r.out["fetch_leaves_ms"] = *leaves;
    SearchEngineOptions eo;
    eo.audit = false;
    auto engine = SearchEngine::open(r.v, eo);
    if (!engine)
        return engine.status();
    auto walked = timed(q_count, [&](std::size_t i) -> Status {
        WalkOptions w;
        w.query = r.work.queries[i % r.work.queries.size()];
        w.now_ms = r.work.latest_ms;
        return (*engine)->walk(w).status();
    });
    if (!walked)
        return walked.status();
    r.out["walk_ms"] = *walked;
    return Status::ok();
}

// Layout and browsing entry points. Windows end at seeded points of the corpus's span.
Status time_primitives(QueryRun& r) {
    const std::size_t q_count = r.q_count;
    const Workload& work = r.work;
    std::mt19937_64 rng(r.o.seed ^ 0x9e3779b97f4a7c15ULL);
    std::vector<std::int64_t> ends(q_count);
    const std::int64_t span = std::max<std::int64_t>(1, work.latest_ms - work.earliest_ms);
    for (auto& e : ends)
        e = work.earliest_ms + std::int64_t(rng() % std::uint64_t(span)) + 1;
    for (int days : {7, 90}) {
        auto cw = timed(q_count, [&](std::size_t i) -> Status {
            CoverWindowOptions c;
            c.until_ms = ends[i];
            c.since_ms = ends[i] - days * kDayMs;
            return cover_window(r.v, c).status();
        });
        if (!cw)
            return cw.status();
        r.out[days == 7 ? "cover_window_ms" : "cover_window_90d_ms"] = *cw;
    }
    auto drill = timed(q_count, [&](std::size_t i) -> Status {
        if (work.top_summaries.empty())
            return Status::ok();
        DrillDownOptions d;
        d.node_id = work.top_summaries[i % work.top_summaries.size()];
        return drill_down(r.v, d).status();
    });
    if (!drill)
        return drill.status();
    r.out["drill_down_ms"] = *drill;
    auto topic = timed(q_count, [&](std::size_t) -> Status {
        QueryTopicOptions t;
        t.entity_id = work.top_entity;
        return query_topic(r.v, t).status();
    });
    if (!topic)
        return topic.status();
    r.out["query_topic_ms"] = *topic;
    r.out["query_topic_entity"] = work.top_entity;
    auto ents = timed(q_count, [&](std::size_t i) -> Status {
        SearchEntitiesOptions s;
        s.query = work.entity_prefixes[i];
        return search_entities(r.v, s).status();
    });
    if (!ents)
        return ents.status();
    r.out["search_entities_ms"] = *ents;
    return time_leaves_and_walk(r);
}

// Memory and bytes at the end, and the ratios the goals are stated in.
void add_sizes_and_ratios(QueryRun& r) {
    json& out = r.out;
    out["peak_rss_mb"] = peak_rss_mb();
    out["resident_at_end"] = resident_by_mapping();
    const auto bytes = vault_bytes(r.v.db_path());
    out["vault_bytes"] = bytes;
    out["vault_bytes_per_chunk"] = double(bytes) / double(std::max<std::size_t>(1, r.o.chunks));
    out["topic_index_file_bytes"] = topic_file_bytes(r.v.db_path());
    out["topic_index_mapped"] = r.eng.index().mapped();

    const json& fts_raw = out["fts_raw_ms"];
    const json& hnsw = out["hnsw_ms"];
    const json& vector = out["vector_ms"];
    const double floor50 = p50_of(fts_raw) + p50_of(hnsw);
    const double floor95 = fts_raw["p95"].get<double>() + hnsw["p95"].get<double>();
    out["ratios"] = {
        {"hybrid_p50_over_fts_plus_hnsw_p50", ratio(p50_of(out["hybrid_ms"]), floor50)},
        {"hybrid_p95_over_fts_plus_hnsw_p95",
         ratio(out["hybrid_ms"]["p95"].get<double>(), floor95)},
        {"vector_p50_over_hnsw_p50", ratio(p50_of(vector), p50_of(hnsw))},
        {"keyword_leg_p50_over_fts_raw_p50",
         ratio(p50_of(out["hybrid_keyword_leg_ms"]), p50_of(fts_raw))},
        {"vector_recall_at_10", out["vector_recall_at_10"]},
        {"vector_p50_over_hnsw_p50_at_its_recall",
         out["vector_vs_hnsw_at_its_recall"].value("vector_p50_over_hnsw_p50", json())},
        {"cold_start_memlens_over_sqlite3", out["cold_start"]["ratio"]},
        {"exact_p50_over_vector_p50", ratio(p50_of(out["exact_ms"]), p50_of(vector))}};
}

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

    auto work = make_workload(v, o.queries, o.seed);
    if (!work)
        return work.status();
    QueryRun r(o, dir, v, **engine, *work);
    r.q_count = work->queries.size();
    r.out = {{"chunks", o.chunks}, {"queries", r.q_count}, {"seed", o.seed}};
    r.out["engine_open_s"] = engine_open_s;

    if (o.primitives_only) {
        MEMLENS_TRY(time_primitives(r));
        return std::move(r.out);
    }
    MEMLENS_TRY(time_hybrid(r));
    MEMLENS_TRY(time_fts_raw_and_cold_start(r));
    MEMLENS_TRY(time_vector_leg(r));
    sweep_tree_shapes(r);
    MEMLENS_TRY(time_hnsw(r));
    MEMLENS_TRY(time_primitives(r));
    add_sizes_and_ratios(r);
    return std::move(r.out);
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

    o.primitives_only = a.flag("primitives-only");
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
