// bench query: every retrieval entry point timed against the raw engines it is built on, in one
// process and one run, so the figures are ratios that survive a noisy shared machine.
#include "bench.h"

#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/ingest.h>
#include <memlens/retrieval.h>
#include <memlens/search.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <fcntl.h>
#include <hnswlib/hnswlib.h>
#include <nlohmann/json.hpp>
#include <spawn.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <random>
#include <set>
#include <thread>

namespace memlens::cli {

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;
using json = nlohmann::json;

constexpr std::int64_t kDayMs = 86'400'000;
constexpr std::size_t kRecallK = 10;

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// Nearest-rank percentiles: no interpolation between two measured times.
json percentiles(std::vector<double> ms) {
    if (ms.empty())
        return {{"p50", 0.0}, {"p95", 0.0}, {"n", 0}};
    std::sort(ms.begin(), ms.end());
    auto at = [&](double p) {
        const auto rank = static_cast<std::size_t>(std::ceil(p * double(ms.size())));
        return ms[std::min(ms.size() - 1, rank == 0 ? 0 : rank - 1)];
    };
    return {{"p50", at(0.50)}, {"p95", at(0.95)}, {"n", ms.size()}};
}

// Runs `op` once per input as warm-up (caches, lazy statements), then times one more pass.
template <typename Op> Result<json> timed(std::size_t count, Op op) {
    for (std::size_t i = 0; i < count; ++i)
        MEMLENS_TRY(op(i));
    std::vector<double> ms;
    ms.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        const auto t0 = Clock::now();
        MEMLENS_TRY(op(i));
        ms.push_back(ms_since(t0));
    }
    return percentiles(std::move(ms));
}

fs::path cache_root() {
    if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x)
        return fs::path(x) / "memlens" / "bench";
    if (const char* h = std::getenv("HOME"); h && *h)
        return fs::path(h) / ".cache" / "memlens" / "bench";
    return fs::temp_directory_path() / "memlens-bench-cache";
}

// "-t2": vaults whose topic tree has this build's shape and topic statistics. An older entry's
// index file is not current here, so every run would read its vectors from the database and
// measure the old tree.
fs::path cached_vault_dir(std::size_t chunks, std::uint64_t seed) {
    return cache_root() /
           ("vault-n" + std::to_string(chunks) + "-s" + std::to_string(seed) + "-t2");
}

// A vault counts as cached only once its ingest finished: the marker is written last.
bool cached(const fs::path& dir) {
    return fs::exists(dir / "complete");
}

Status build_vault(const fs::path& dir, std::size_t chunks, std::uint64_t seed) {
    std::error_code ec;
    fs::remove_all(dir, ec);
    fs::create_directories(dir.parent_path());
    GenerateOptions g;
    g.chunks = chunks;
    g.seed = seed;
    auto sources = generate_sources(g);
    if (!sources)
        return sources.status();
    auto vault = Vault::create(dir);
    if (!vault)
        return vault.status();
    auto embedder = make_embedder_for(**vault);
    if (!embedder)
        return embedder.status();
    Ingestor ingestor(**vault, **embedder);
    auto report = ingestor.ingest(*sources);
    if (!report)
        return report.status();
    std::ofstream(dir / "complete") << report->chunks << " chunks, " << report->seconds << " s\n";
    return Status::ok();
}

// The ingest runs in a child process so its memory never counts in this process's peak RSS.
Status ensure_vault(const fs::path& dir, std::size_t chunks, std::uint64_t seed) {
    if (cached(dir))
        return Status::ok();
    std::fprintf(stderr, "bench: building a %zu-chunk vault in %s (cached for next time)\n", chunks,
                 dir.string().c_str());
    const std::string cmd = "'/proc/" + std::to_string(::getpid()) +
                            "/exe' bench query --build-only --chunks " + std::to_string(chunks) +
                            " --seed " + std::to_string(seed);
    if (std::system(cmd.c_str()) != 0 || !cached(dir))
        return Status(StatusCode::IoError, "building the bench vault failed: " + cmd);
    return Status::ok();
}

std::string lower(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// The corpus's own vocabulary, most mentioned first: what users of this workspace ask about.
Result<std::vector<std::string>> top_surfaces(const Vault& vault, const std::string& kind,
                                              int limit) {
    auto st = vault.db().prepare("SELECT min(surface) FROM mem_tree_entity_index "
                                 "WHERE entity_kind = ? GROUP BY entity_id "
                                 "ORDER BY count(*) DESC, entity_id LIMIT ?");
    if (!st)
        return st.status();
    st->bind(1, kind).bind(2, limit);
    std::vector<std::string> out;
    while (true) {
        auto r = st->step();
        if (!r)
            return r.status();
        if (!*r)
            break;
        out.push_back(st->column_text(0));
    }
    return out;
}

struct Workload {
    std::vector<std::string> queries;
    std::vector<std::string> entity_prefixes; // what a user types into the entity search box
    std::string top_entity;                   // the most mentioned entity id
    std::vector<std::string> top_summaries;   // top-level summaries, for drill_down
    std::int64_t earliest_ms = 0, latest_ms = 0;
};

Result<Workload> make_workload(const Vault& vault, std::size_t count, std::uint64_t seed) {
    Workload w;
    auto persons = top_surfaces(vault, "person", 30);
    auto topics = top_surfaces(vault, "topic", 30);
    auto projects = top_surfaces(vault, "project", 10);
    if (!persons)
        return persons.status();
    if (!topics)
        return topics.status();
    if (!projects)
        return projects.status();
    if (projects->empty())
        *projects = *topics;
    if (persons->empty() || topics->empty())
        return Status(StatusCode::InvalidArgument, "the bench vault has no people or topics");
    static const std::vector<std::string> words = {
        "deploy",  "rollout", "review",   "bug",     "outage",  "migration", "deadline",
        "budget",  "vendor",  "design",   "meeting", "release", "latency",   "incident",
        "roadmap", "hiring",  "security", "pricing", "launch",  "decision"};
    std::mt19937_64 rng(seed);
    auto pick = [&](const std::vector<std::string>& v) -> const std::string& {
        return v[rng() % v.size()];
    };
    for (std::size_t i = 0; i < count; ++i) {
        std::string q;
        switch (rng() % 6) {
        case 0:
            q = pick(*persons) + " " + pick(*topics);
            break;
        case 1:
            q = "what did " + pick(*persons) + " decide about " + pick(*projects);
            break;
        case 2:
            q = pick(*projects) + " " + pick(words) + " " + pick(words);
            break;
        case 3:
            q = pick(*topics) + " " + pick(words);
            break;
        case 4:
            q = "when is the " + pick(*projects) + " " + pick(words);
            break;
        default:
            q = pick(*persons) + " " + pick(*projects) + " " + pick(words);
            break;
        }
        w.queries.push_back(std::move(q));
        std::string name = lower(pick(rng() % 2 ? *persons : *projects));
        w.entity_prefixes.push_back(name.substr(0, std::min<std::size_t>(name.size(), 4)));
    }

    auto top = vault.db().prepare("SELECT entity_id FROM mem_tree_entity_index GROUP BY entity_id "
                                  "ORDER BY count(*) DESC, entity_id LIMIT 1");
    if (!top)
        return top.status();
    if (auto r = top->step(); r && *r)
        w.top_entity = top->column_text(0);
    auto sums = vault.db().prepare("SELECT id FROM mem_tree_summaries WHERE parent_id IS NULL "
                                   "ORDER BY level DESC, id LIMIT 64");
    if (!sums)
        return sums.status();
    while (true) {
        auto r = sums->step();
        if (!r)
            return r.status();
        if (!*r)
            break;
        w.top_summaries.push_back(sums->column_text(0));
    }
    auto range = vault.db().prepare(
        "SELECT min(time_range_start_ms), max(time_range_end_ms) FROM mem_tree_chunks");
    if (!range)
        return range.status();
    if (auto r = range->step(); r && *r) {
        w.earliest_ms = range->column_int64(0);
        w.latest_ms = range->column_int64(1);
    }
    return w;
}

// The floor of the keyword leg: the same MATCH expression, bm25 top-k, straight through the
// sqlite3 C API on its own read-only connection.
class RawFts {
public:
    ~RawFts() {
        sqlite3_finalize(stmt_);
        sqlite3_close(db_);
    }
    Status open(const fs::path& file) {
        if (sqlite3_open_v2(file.string().c_str(), &db_, SQLITE_OPEN_READONLY, nullptr) !=
            SQLITE_OK)
            return Status(StatusCode::IoError, "raw sqlite3 open failed");
        const char* sql = "SELECT rowid, bm25(mem_tree_chunks_fts) AS score "
                          "FROM mem_tree_chunks_fts WHERE mem_tree_chunks_fts MATCH ? "
                          "ORDER BY score LIMIT ?";
        if (sqlite3_prepare_v2(db_, sql, -1, &stmt_, nullptr) != SQLITE_OK)
            return Status(StatusCode::IoError, sqlite3_errmsg(db_));
        return Status::ok();
    }
    Result<std::size_t> run(const std::string& match, int k) {
        sqlite3_reset(stmt_);
        sqlite3_bind_text(stmt_, 1, match.data(), int(match.size()), SQLITE_TRANSIENT);
        sqlite3_bind_int(stmt_, 2, k);
        std::size_t rows = 0;
        double sink = 0.0;
        int rc;
        while ((rc = sqlite3_step(stmt_)) == SQLITE_ROW) {
            sink += double(sqlite3_column_int64(stmt_, 0)) + sqlite3_column_double(stmt_, 1);
            ++rows;
        }
        if (rc != SQLITE_DONE)
            return Status(StatusCode::IoError, sqlite3_errmsg(db_));
        return rows + (sink == -1.0 ? 1 : 0); // keeps the reads from being optimised away
    }

private:
    sqlite3* db_ = nullptr;
    sqlite3_stmt* stmt_ = nullptr;
};

// Wall time of one fresh process, its output discarded; an error when it cannot start or fails.
Result<double> process_ms(const std::vector<std::string>& argv) {
    std::vector<char*> args;
    for (const auto& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    const auto t0 = Clock::now();
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
        return Status(StatusCode::IoError, "cannot start " + argv[0] + ": " + std::strerror(rc));
    int status = 0;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return Status(StatusCode::IoError, argv[0] + " failed in the cold-start bench");
    return ms_since(t0);
}

// Issue 7's cold start: a fresh memlens-cli process opening the vault and answering its first
// hybrid query, against a fresh sqlite3 shell opening the same file and running the keyword
// leg's raw FTS5 query. Both run with the page cache as the rest of the bench left it (warm):
// what is compared is process start, opening and first-query work, not the disk. Median of 5.
Result<json> cold_start(const fs::path& vault_dir, const fs::path& db, const std::string& query,
                        const std::string& fts_query, int k) {
    std::string quoted = "'";
    for (char c : fts_query) {
        quoted += c;
        if (c == '\'')
            quoted += '\'';
    }
    quoted += "'";
    const std::string sql = "SELECT rowid, bm25(mem_tree_chunks_fts) AS score FROM "
                            "mem_tree_chunks_fts WHERE mem_tree_chunks_fts MATCH " +
                            quoted + " ORDER BY score LIMIT " + std::to_string(k) + ";";
    const std::string self = "/proc/" + std::to_string(::getpid()) + "/exe";
    std::vector<double> mem, raw;
    for (int i = 0; i < 5; ++i) {
        auto m = process_ms({self, "query", "--vault", vault_dir.string(), "--json", query});
        if (!m)
            return m.status();
        mem.push_back(*m);
        auto r = process_ms({"sqlite3", "-readonly", db.string(), sql});
        if (!r)
            return r.status().with_context("is the sqlite3 shell installed (apt-get install "
                                           "sqlite3)?");
        raw.push_back(*r);
    }
    std::sort(mem.begin(), mem.end());
    std::sort(raw.begin(), raw.end());
    return json{{"memlens_ms", mem[2]},
                {"sqlite3_ms", raw[2]},
                {"ratio", raw[2] > 0.0 ? mem[2] / raw[2] : 0.0},
                {"query", query}};
}

// One neighbour list: ids best first, with their cosines.
struct Neighbours {
    std::vector<std::string> ids;
    std::vector<double> sims;
};

Neighbours neighbours_of(const std::vector<VectorHit>& hits) {
    Neighbours n;
    for (const auto& h : hits) {
        n.ids.push_back(h.node_id);
        n.sims.push_back(h.similarity);
    }
    return n;
}

// recall@k as ann-benchmarks counts it: a returned neighbour is right when it is at least as
// close as the exact k-th. The templated corpus holds many identical messages, and which of
// equally close twins the exact scan keeps is only its id tie-break, not a better answer.
double recall(const Neighbours& got, const Neighbours& truth) {
    if (truth.ids.empty())
        return 1.0;
    const double kth = truth.sims.back() - 1e-5;
    std::size_t hit = 0;
    for (double s : got.sims)
        hit += s >= kth ? 1 : 0;
    return double(std::min(hit, truth.ids.size())) / double(truth.ids.size());
}

// The strict form: the same ids as the exact scan.
double id_recall(const Neighbours& got, const Neighbours& truth) {
    if (truth.ids.empty())
        return 1.0;
    const std::set<std::string> want(truth.ids.begin(), truth.ids.end());
    std::size_t hit = 0;
    for (const auto& id : got.ids)
        hit += want.count(id);
    return double(hit) / double(truth.ids.size());
}

// hnswlib over the index's vectors, labelled by position in id order so a cached graph stays
// valid when the topic tree (and with it the index's layout) changes. Cached beside the vault.
struct Hnsw {
    std::unique_ptr<hnswlib::InnerProductSpace> space;
    std::unique_ptr<hnswlib::HierarchicalNSW<float>> graph;
    std::vector<std::string> label_ids;
    double build_s = 0.0;
    bool from_cache = false;
};

Result<Hnsw> hnsw_for(const TopicIndex& index, const fs::path& dir, int threads) {
    Hnsw h;
    const std::size_t n = index.size();
    std::vector<std::uint32_t> order(n);
    for (std::size_t i = 0; i < n; ++i)
        order[i] = std::uint32_t(i);
    std::sort(order.begin(), order.end(),
              [&](std::uint32_t a, std::uint32_t b) { return index.id_at(a) < index.id_at(b); });
    for (std::uint32_t pos : order)
        h.label_ids.emplace_back(index.id_at(pos));
    h.space = std::make_unique<hnswlib::InnerProductSpace>(index.dim());

    const fs::path file = dir / "hnsw-M16-efc200.bin";
    const fs::path meta = dir / "hnsw-M16-efc200.json";
    if (fs::exists(file) && fs::exists(meta)) {
        json m = json::parse(std::ifstream(meta), nullptr, false);
        if (m.is_object() && m.value("n", std::size_t(0)) == n) {
            h.graph = std::make_unique<hnswlib::HierarchicalNSW<float>>(h.space.get(),
                                                                        file.string(), false, n);
            h.build_s = m.value("build_s", 0.0);
            h.from_cache = true;
            return h;
        }
    }
    h.graph = std::make_unique<hnswlib::HierarchicalNSW<float>>(h.space.get(), n, 16, 200, 100);
    const auto t0 = Clock::now();
    std::vector<std::thread> pool;
    std::atomic<std::size_t> next{0};
    for (int t = 0; t < std::max(1, threads); ++t)
        pool.emplace_back([&] {
            // Copied, not viewed: a mapped index would otherwise become resident here in
            // full, beside hnswlib's own copy, and count in the peak RSS.
            std::vector<float> v(index.dim());
            for (std::size_t i; (i = next.fetch_add(1)) < n;) {
                index.copy_vector(order[i], v.data());
                h.graph->addPoint(v.data(), hnswlib::labeltype(i));
            }
        });
    for (auto& t : pool)
        t.join();
    h.build_s = ms_since(t0) / 1000.0;
    h.graph->saveIndex(file.string());
    std::ofstream(meta) << json{{"n", n}, {"build_s", h.build_s}, {"threads", threads}}.dump();
    return h;
}

Neighbours hnsw_search(const Hnsw& h, const std::vector<float>& q, std::size_t k) {
    auto pq = h.graph->searchKnn(q.data(), k);
    Neighbours n;
    n.ids.resize(pq.size());
    n.sims.resize(pq.size());
    for (std::size_t i = pq.size(); i-- > 0; pq.pop()) {
        n.ids[i] = h.label_ids[pq.top().second];
        n.sims[i] = 1.0 - double(pq.top().first); // hnswlib's inner-product distance
    }
    return n;
}

// Resident memory now, by what backs it (from /proc/self/smaps): the mapped topic index file,
// the vault's database file, and everything else (heap, stacks, libraries).
json resident_by_mapping() {
    std::ifstream in("/proc/self/smaps");
    double topic = 0, db = 0, other = 0;
    std::string line, name;
    while (std::getline(in, line)) {
        // A mapping's first line starts with its address range ("7f..-7f.. r--s ...").
        const auto dash = line.find('-');
        if (dash != std::string::npos && dash > 0 && line.find(':') > dash &&
            std::isxdigit(static_cast<unsigned char>(line[0]))) {
            const auto slash = line.find('/');
            name = slash == std::string::npos ? std::string() : line.substr(slash);
            continue;
        }
        if (line.rfind("Rss:", 0) != 0)
            continue;
        const double mb = std::strtod(line.c_str() + 4, nullptr) / 1024.0;
        if (name.find("topic-index.bin") != std::string::npos)
            topic += mb;
        else if (name.find("vault.db") != std::string::npos)
            db += mb;
        else
            other += mb;
    }
    return {{"topic_index_file_mb", topic}, {"vault_db_mb", db}, {"other_mb", other}};
}

double peak_rss_mb() {
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return double(ru.ru_maxrss) / 1024.0; // Linux reports kilobytes
}

std::uint64_t topic_file_bytes(const fs::path& db) {
    std::error_code ec;
    const auto s = fs::file_size(db.parent_path() / "topic-index.bin", ec);
    return ec ? 0 : s;
}

// Everything a vault keeps on disk: the database, its WAL, the topic index file and the entity
// registry (not the bench's hnswlib cache beside them).
std::uint64_t vault_bytes(const fs::path& db) {
    std::uint64_t total = 0;
    std::error_code ec;
    for (const char* suffix : {"", "-wal"}) {
        const auto s = fs::file_size(db.string() + suffix, ec);
        if (!ec)
            total += s;
    }
    total += topic_file_bytes(db);
    for (const auto& e : fs::recursive_directory_iterator(db.parent_path() / "entities", ec))
        if (e.is_regular_file(ec))
            total += e.file_size(ec);
    return total;
}

struct Options {
    std::size_t chunks = 10'000;
    std::size_t queries = 50;
    std::uint64_t seed = 1;
    int hnsw_ef = 64;
    int hnsw_threads = 2;
    std::vector<int> beam_sweep = {4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048};
    std::vector<int> ef_sweep = {16, 32, 64, 128, 256, 512, 1024, 2048, 4096};
    std::vector<std::pair<int, int>> tree_shapes; // branching × leaf size to try beside the stored
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
        SearchRequest req;
        req.query = work->queries[i];
        auto r = eng.search(req);
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
        SearchRequest req;
        req.query = work->queries[i];
        req.mode = SearchMode::Keyword;
        return eng.search(req).status();
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
        auto cold =
            cold_start(dir, v.db_path(), work->queries[first], fts_queries[first], leg_limit);
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
    h->graph->setEf(std::size_t(o.hnsw_ef));
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
        h->graph->setEf(std::size_t(ef));
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
    h->graph.reset(); // its memory is not memlens's: keep it out of the rest of the run

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

void print_table(const json& j) {
    std::printf("memlens bench query: %zu chunks, %zu queries, %zu vectors in %zu topics\n\n",
                j["chunks"].get<std::size_t>(), j["queries"].get<std::size_t>(),
                j["index_vectors"].get<std::size_t>(), j["topics"].get<std::size_t>());
    std::printf("%-34s %10s %10s\n", "operation", "p50 ms", "p95 ms");
    const std::pair<const char*, const char*> rows[] = {
        {"hybrid search (default request)", "hybrid_ms"},
        {"  its keyword leg", "hybrid_keyword_leg_ms"},
        {"  its vector leg", "hybrid_vector_leg_ms"},
        {"keyword-only search", "keyword_ms"},
        {"raw FTS5 bm25 top-k (sqlite3)", "fts_raw_ms"},
        {"vector leg (beam descent)", "vector_ms"},
        {"exact scan (Eigen)", "exact_ms"},
        {"hnswlib (M16 efc200)", "hnsw_ms"},
        {"cover_window 7 days", "cover_window_ms"},
        {"cover_window 90 days", "cover_window_90d_ms"},
        {"drill_down (top-level summary)", "drill_down_ms"},
        {"query_topic (most mentioned)", "query_topic_ms"},
        {"search_entities", "search_entities_ms"}};
    for (const auto& [label, key] : rows)
        std::printf("%-34s %10.3f %10.3f\n", label, j[key]["p50"].get<double>(),
                    j[key]["p95"].get<double>());
    std::printf("\nrecall@10 (ties counted; same ids): beam %.3f; %.3f, hnswlib (ef %d) %.3f; "
                "%.3f; hnswlib build %.1f s\n",
                j["vector_recall_at_10"].get<double>(), j["vector_id_recall_at_10"].get<double>(),
                j["hnsw_params"]["ef"].get<int>(), j["hnsw_recall_at_10"].get<double>(),
                j["hnsw_id_recall_at_10"].get<double>(), j["hnsw_build_s"].get<double>());
    std::printf("beam sweep:");
    for (const auto& b : j["vector_beam_sweep"])
        std::printf("  w%d %.3f@%.2fms", b["beam_width"].get<int>(),
                    b["recall_at_10"].get<double>(), b["ms"]["p50"].get<double>());
    std::printf("\n");
    if (j.contains("hnsw_ef_sweep")) {
        std::printf("hnswlib sweep:");
        for (const auto& b : j["hnsw_ef_sweep"])
            std::printf("  ef%d %.3f@%.2fms", b["ef"].get<int>(), b["recall_at_10"].get<double>(),
                        b["ms"]["p50"].get<double>());
        std::printf("\n");
    }
    for (const auto& e : j.value("vector_at_equal_recall", json::array())) {
        if (e.contains("beam_p50_over_hnsw_p50"))
            std::printf("at recall >= %.2f: beam %d %.2f ms, hnswlib ef %d %.2f ms (%.2f x)\n",
                        e["recall_at_10"].get<double>(), e["beam"]["beam_width"].get<int>(),
                        e["beam"]["ms"]["p50"].get<double>(), e["hnsw"]["ef"].get<int>(),
                        e["hnsw"]["ms"]["p50"].get<double>(),
                        e["beam_p50_over_hnsw_p50"].get<double>());
        else
            std::printf("at recall >= %.2f: %s\n", e["recall_at_10"].get<double>(),
                        e["beam"].is_null() ? "no beam width in the sweep reaches it"
                                            : "hnswlib reaches it at no ef in the sweep");
    }
    if (const auto& v = j["vector_vs_hnsw_at_its_recall"]; v.contains("vector_p50_over_hnsw_p50"))
        std::printf("the vector leg's recall %.3f: hnswlib needs ef %d, %.2f ms (%.2f x)\n",
                    v["vector_recall_at_10"].get<double>(), v["hnsw"]["ef"].get<int>(),
                    v["hnsw"]["ms"]["p50"].get<double>(),
                    v["vector_p50_over_hnsw_p50"].get<double>());
    else
        std::printf("the vector leg's recall %.3f: hnswlib reaches it at no ef in the sweep\n",
                    j["vector_vs_hnsw_at_its_recall"]["vector_recall_at_10"].get<double>());
    std::printf("peak RSS %.0f MB (%.0f MB before hnswlib); vault %.0f bytes per chunk\n\n",
                j["peak_rss_mb"].get<double>(), j["peak_rss_before_hnsw_mb"].get<double>(),
                j["vault_bytes_per_chunk"].get<double>());
    const auto& r = j["ratios"];
    std::printf("hybrid p50 / (raw FTS5 + hnswlib) p50  %6.2f  (target <= 2)\n",
                r["hybrid_p50_over_fts_plus_hnsw_p50"].get<double>());
    std::printf("hybrid p95 / (raw FTS5 + hnswlib) p95  %6.2f  (target <= 3)\n",
                r["hybrid_p95_over_fts_plus_hnsw_p95"].get<double>());
    std::printf("vector leg p50 / hnswlib p50           %6.2f  (target <= 3)\n",
                r["vector_p50_over_hnsw_p50"].get<double>());
    if (r["vector_p50_over_hnsw_p50_at_its_recall"].is_number())
        std::printf("  ... over hnswlib at the same recall   %6.2f\n",
                    r["vector_p50_over_hnsw_p50_at_its_recall"].get<double>());
    std::printf("vector leg recall@10                   %6.3f  (target >= 0.95)\n",
                j["vector_recall_at_10"].get<double>());
    std::printf("peak RSS                               %6.0f  MB (target <= 2048)\n",
                j["peak_rss_mb"].get<double>());
    std::printf("cold start: memlens-cli query %.0f ms / sqlite3 raw FTS5 %.0f ms = %.2f "
                "(target <= 3)\n",
                j["cold_start"]["memlens_ms"].get<double>(),
                j["cold_start"]["sqlite3_ms"].get<double>(),
                j["cold_start"]["ratio"].get<double>());
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
            return fail("bench", r->status());
    o.chunks = std::size_t(n->value_or(10'000));
    o.queries = std::size_t(q->value_or(50));
    o.seed = std::uint64_t(seed->value_or(1));
    o.hnsw_ef = int(ef->value_or(64));
    o.hnsw_threads = int(threads->value_or(2));
    if (auto shapes = a.get("tree-shapes")) {
        for (const auto& part : split_list(*shapes)) {
            const auto x = part.find('x');
            try {
                o.tree_shapes.emplace_back(std::stoi(part.substr(0, x)),
                                           std::stoi(part.substr(x + 1)));
            } catch (const std::exception&) {
                return fail("bench", "--tree-shapes: expected BRANCHINGxLEAF, got " + part);
            }
        }
    }

    if (a.flag("build-only")) {
        const Status st = build_vault(cached_vault_dir(o.chunks, o.seed), o.chunks, o.seed);
        return st.is_ok() ? 0 : fail("bench", st);
    }
    auto result = run(o);
    if (!result)
        return fail("bench", result.status());
    if (a.json())
        std::cout << result->dump(2) << '\n';
    else
        print_table(*result);
    return 0;
}

} // namespace memlens::cli
