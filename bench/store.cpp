// memlens-bench store: what an agent's memory_store costs at a vault's size, and what it does to
// the searches running meanwhile. On a copy of the cached generated vault, in one run:
// - bare: a raw sqlite3 transaction inserting one chunk row and its FTS5 row into the same vault,
//   the rows the stores wrote (the floor of any store that keeps a chunk searchable by keyword);
// - store: the whole store as memory_store runs it (Ingestor: chunk, FTS5, entities, edges,
//   scores, embedding, sealing, the topic index), one transaction each, timed in turn with the
//   bare inserts;
// - search alone, then search while another thread stores on its own connection (what an
//   agent's searches see while it remembers): at --rate stores a second (default 50, far more
//   than agents remember), and once more with each store right after the last (the writer then
//   holds a core of its own, and on a machine of two cores the keyword leg's second half waits
//   for it: that figure measures the machine's cores as much as memlens);
// - stores at --rate while another connection imports --import generated messages (default
//   20,000; 0: none): how long each store waits behind the import, which commits in batches of
//   about IngestOptions::batch_ms.
#include "bench.h"
#include "measure.h"
#include "workload.h"

#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/ppmi_model.h>
#include <memlens/search.h>
#include <memlens/time_util.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>
#include <map>
#include <random>
#include <thread>

namespace memlens::bench {

namespace fs = std::filesystem;

namespace {

// --embedder ppmi: the copy's chunks teach it a word model (each thread's chunks in time order),
// every chunk is embedded with it and the topic index built for it, as an import into a vault
// set to embedder.kind ppmi leaves it. The stores then run the model's growth as well.
Status switch_to_ppmi(const fs::path& dir) {
    auto vault = Vault::open(dir, false);
    if (!vault)
        return vault.status();
    MEMLENS_TRY((*vault)->set_setting("embedder.kind", "ppmi"));
    auto embedder = make_embedder_for(**vault);
    if (!embedder)
        return embedder.status();
    const Database& db = (*vault)->db();
    std::vector<std::string> ids;
    std::vector<std::string> texts;
    std::vector<std::vector<std::string>> groups;
    {
        auto st = db.prepare("SELECT id, content, coalesce(group_id, source_id) AS g FROM "
                             "mem_tree_chunks ORDER BY g, time_range_start_ms, rid");
        if (!st)
            return st.status();
        std::string last;
        MEMLENS_TRY(st->each_row([&] {
            const std::string g = st->column_text(2);
            if (groups.empty() || g != last)
                groups.emplace_back();
            last = g;
            ids.push_back(st->column_text(0));
            texts.push_back(st->column_text(1));
            groups.back().push_back(texts.back());
        }));
    }
    MEMLENS_TRY((*embedder)->learn(groups));
    auto vectors = (*embedder)->embed(texts);
    if (!vectors)
        return vectors.status();
    auto tx = Transaction::begin(db);
    if (!tx)
        return tx.status();
    auto ins = db.prepare("INSERT INTO mem_tree_chunk_embeddings(chunk_id, model_signature, "
                          "vector, dim, created_at) VALUES (?, ?, ?, ?, 0)");
    if (!ins)
        return ins.status();
    const std::string sig = (*embedder)->signature();
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const auto blob = encode_vector((*vectors)[i]);
        ins->bind(1, ids[i]).bind(2, sig).bind_blob(3, blob);
        ins->bind(4, static_cast<std::int64_t>((*vectors)[i].size()));
        MEMLENS_TRY(ins->exec());
        ins->reset();
    }
    MEMLENS_TRY(tx->commit());
    auto reindexed = reindex_topic_index(**vault, false);
    return reindexed ? Status::ok() : reindexed.status();
}

// One memory an agent might write, unique per index so that none is a duplicate.
std::string memory_text(std::size_t i) {
    static const char* people[] = {"Priya", "Marco", "Lena", "Tomás", "Aiko"};
    static const char* facts[] = {"prefers the window seat on long flights",
                                  "moved the launch review to Thursday afternoon",
                                  "is allergic to peanuts and avoids the Thai place",
                                  "wants the quarterly budget in euros, not dollars",
                                  "asked to be reminded about the dentist on Monday"};
    return std::string(people[i % 5]) + " " + facts[(i / 5) % 5] + " (note " + std::to_string(i) +
           ").";
}

// One memory_store as app/mcp/tools.cpp runs it: one item, its own import and transaction; past
// the index's bound, a fold on the folder's thread, as the server's.
class Storer {
public:
    static Result<std::unique_ptr<Storer>> open(const fs::path& dir) {
        auto s = std::unique_ptr<Storer>(new Storer());
        auto vault = Vault::open(dir, false);
        if (!vault)
            return vault.status();
        s->vault_ = std::move(vault).value();
        auto embedder = make_embedder_for(*s->vault_);
        if (!embedder)
            return embedder.status();
        s->embedder_ = std::move(embedder).value();
        s->folder_ = std::make_unique<TopicFolder>(dir, s->embedder_->signature());
        return s;
    }

    Status store(std::size_t i) {
        IngestItem item;
        item.text = memory_text(i);
        item.author = "agent";
        item.ts_ms = now_ms();
        IngestSource src;
        src.source_id = "chat:agent";
        src.source_kind = "chat";
        src.platform = "chat";
        src.title = "chat:agent";
        src.format = "mcp";
        src.persons.push_back(item.author);
        src.items.push_back(std::move(item));
        IngestOptions opts;
        opts.fold_here = false; // as the server: its TopicFolder folds
        Ingestor ingestor(*vault_, *embedder_, opts);
        auto report = ingestor.ingest({src});
        if (!report)
            return report.status();
        if (report->fold_due)
            folder_->request();
        last_lock_wait_ms_ = report->lock_wait_seconds * 1000.0;
        if (report->chunks != 1)
            return Status::internal("store " + std::to_string(i) + " wrote " +
                                    std::to_string(report->chunks) + " chunks");
        return Status::ok();
    }

    // How long the last store waited for the write lock (IngestReport::lock_wait_seconds).
    double last_lock_wait_ms() const { return last_lock_wait_ms_; }

private:
    Storer() = default;
    double last_lock_wait_ms_ = 0;
    std::unique_ptr<Vault> vault_;
    std::unique_ptr<Embedder> embedder_;
    std::unique_ptr<TopicFolder> folder_;
};

// The floor: one chunk row and its FTS5 row in one raw transaction, on the same vault file. The
// rows are the ones the timed stores wrote, every column as the store wrote it, under a fresh id
// of the same shape (32 hex digits, so the primary key's insert lands at a random leaf as a
// store's does) in a source of their own.
class BareInsert {
public:
    ~BareInsert() {
        for (auto& row : rows_)
            for (sqlite3_value* v : row)
                sqlite3_value_free(v);
        sqlite3_finalize(chunk_);
        sqlite3_finalize(fts_);
        sqlite3_finalize(next_rid_);
        sqlite3_close(db_);
    }
    // Reads the rows of the stores' source (`source_id`) to insert again.
    Status open(const fs::path& file, const std::string& source_id) {
        if (sqlite3_open_v2(file.string().c_str(), &db_, SQLITE_OPEN_READWRITE, nullptr) !=
            SQLITE_OK)
            return Status::io("cannot open " + file.string());
        sqlite3_busy_timeout(db_, 10000);
        // Its commits never checkpoint: the stores' own connection copies the log back on its
        // thread (WalCheckpointer), for both, so neither side's times hold a checkpoint.
        exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; "
             "PRAGMA wal_autocheckpoint = 0");
        // The chunk's columns, then its FTS5 row's four.
        std::string columns, slots;
        sqlite3_stmt* info = nullptr;
        sqlite3_prepare_v2(db_,
                           "SELECT name FROM pragma_table_info('mem_tree_chunks') ORDER BY cid", -1,
                           &info, nullptr);
        while (info && sqlite3_step(info) == SQLITE_ROW) {
            const std::string name = reinterpret_cast<const char*>(sqlite3_column_text(info, 0));
            column_index_[name] = names_.size();
            names_.push_back(name);
            columns += (columns.empty() ? "" : ", ") + name;
            slots += (slots.empty() ? "?" : ", ?");
        }
        sqlite3_finalize(info);
        for (const char* needed : {"id", "rid", "source_id", "seq_in_source"})
            if (!column_index_.count(needed))
                return Status::internal(std::string("bare insert: no column ") + needed);
        sqlite3_stmt* read = nullptr;
        const std::string select = "SELECT c.*, f.content, f.context, f.near, f.far FROM "
                                   "mem_tree_chunks c JOIN mem_tree_chunks_fts f ON f.rowid = "
                                   "c.rid WHERE c.source_id = ?1 ORDER BY c.rid";
        if (sqlite3_prepare_v2(db_, select.c_str(), -1, &read, nullptr) != SQLITE_OK ||
            sqlite3_prepare_v2(
                db_,
                ("INSERT INTO mem_tree_chunks(" + columns + ") VALUES (" + slots + ")").c_str(), -1,
                &chunk_, nullptr) != SQLITE_OK ||
            sqlite3_prepare_v2(db_,
                               "INSERT INTO mem_tree_chunks_fts(rowid, content, context, near, "
                               "far) VALUES (?, ?, ?, ?, ?)",
                               -1, &fts_, nullptr) != SQLITE_OK) {
            sqlite3_finalize(read);
            return Status::internal(std::string("bare insert: ") + sqlite3_errmsg(db_));
        }
        sqlite3_bind_text(read, 1, source_id.c_str(), -1, SQLITE_TRANSIENT);
        while (sqlite3_step(read) == SQLITE_ROW) {
            std::vector<sqlite3_value*> row;
            for (int c = 0; c < sqlite3_column_count(read); ++c)
                row.push_back(sqlite3_value_dup(sqlite3_column_value(read, c)));
            rows_.push_back(std::move(row));
        }
        sqlite3_finalize(read);
        if (rows_.empty())
            return Status::internal("bare insert: the stores wrote no rows to copy");
        if (sqlite3_prepare_v2(db_, "SELECT coalesce(max(rid), 0) + 1 FROM mem_tree_chunks", -1,
                               &next_rid_, nullptr) != SQLITE_OK)
            return Status::internal(std::string("bare insert: ") + sqlite3_errmsg(db_));
        return Status::ok();
    }
    Status insert(std::size_t i) {
        const std::vector<sqlite3_value*>& row = rows_[i % rows_.size()];
        char id[33];
        std::snprintf(id, sizeof id, "%016llx%016llx", static_cast<unsigned long long>(random_()),
                      static_cast<unsigned long long>(random_()));
        if (!exec("BEGIN IMMEDIATE"))
            return Status::internal(std::string("bare begin: ") + sqlite3_errmsg(db_));
        // The next rid under the write lock: the stores take theirs from the same column.
        const bool have_rid = sqlite3_step(next_rid_) == SQLITE_ROW;
        const std::int64_t rid = have_rid ? sqlite3_column_int64(next_rid_, 0) : 0;
        sqlite3_reset(next_rid_);
        for (std::size_t c = 0; c < names_.size(); ++c)
            sqlite3_bind_value(chunk_, int(c) + 1, row[c]);
        sqlite3_bind_text(chunk_, int(column_index_["id"]) + 1, id, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(chunk_, int(column_index_["rid"]) + 1, rid);
        sqlite3_bind_text(chunk_, int(column_index_["source_id"]) + 1, "chat:bare", -1,
                          SQLITE_STATIC);
        sqlite3_bind_int64(chunk_, int(column_index_["seq_in_source"]) + 1, std::int64_t(i));
        sqlite3_bind_int64(fts_, 1, rid);
        for (int c = 0; c < 4; ++c)
            sqlite3_bind_value(fts_, c + 2, row[names_.size() + std::size_t(c)]);
        const bool ok =
            have_rid && sqlite3_step(chunk_) == SQLITE_DONE && sqlite3_step(fts_) == SQLITE_DONE;
        sqlite3_reset(chunk_);
        sqlite3_reset(fts_);
        if (!ok || !exec("COMMIT")) {
            const std::string why = sqlite3_errmsg(db_);
            exec("ROLLBACK");
            return Status::internal("bare insert: " + why);
        }
        return Status::ok();
    }

private:
    bool exec(const char* sql) { return sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) == 0; }
    sqlite3* db_ = nullptr;
    sqlite3_stmt* chunk_ = nullptr;
    sqlite3_stmt* fts_ = nullptr;
    std::vector<std::string> names_;
    std::map<std::string, std::size_t> column_index_;
    std::vector<std::vector<sqlite3_value*>> rows_;
    std::mt19937_64 random_{20261205};
    sqlite3_stmt* next_rid_ = nullptr;
};

constexpr std::size_t kWarmUp = 100;

// Each op once, timed (no warm-up pass of the same ops: a store is not repeatable).
template <typename Op> Result<nlohmann::json> timed_once(std::size_t count, Op op) {
    std::vector<double> ms;
    ms.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        const auto t0 = Clock::now();
        MEMLENS_TRY(op(i));
        ms.push_back(ms_since(t0));
    }
    return percentiles(std::move(ms));
}

// The stores of one run, numbered on from `next` so that every memory is new.
struct StoreStream {
    Storer& storer;
    std::size_t next = 0;
    Status store() { return storer.store(next++); }
};

// kWarmUp untimed stores and bare inserts, then `count` of each in turn: {store, bare}.
Result<std::pair<nlohmann::json, nlohmann::json>>
stores_beside_bare(StoreStream& stores, BareInsert& bare, const fs::path& vdir, std::size_t count) {
    // Each connection's first writes read the B-tree pages they touch from disk: kWarmUp
    // untimed stores and bare inserts first, so both are timed with their pages cached.
    for (std::size_t i = 0; i < kWarmUp; ++i)
        MEMLENS_TRY(stores.store());
    // The floor copies the rows the warm-up stores wrote.
    MEMLENS_TRY(bare.open(vdir / "vault.db", "chat:agent"));
    for (std::size_t i = 0; i < kWarmUp; ++i)
        MEMLENS_TRY(bare.insert(count + i));
    // A store and a bare insert in turn, so that both are timed under the same load of a
    // shared machine, and the same disk's moods: timed minutes apart, the ratio of the two p95s
    // swung from 1.6 to 4.5 between runs of one build. Which of the two goes first is drawn
    // (seeded), not alternated: FTS5 merges its segments every 64th commit to the table
    // (FTS5_WORK_UNIT leaf pages, one a commit here), and a pattern of period four (store,
    // bare, bare, store) sent every merge to the same side, the store's in one run and the
    // bare insert's in the next, depending on where the table's write counter started.
    std::mt19937 order(20261206);
    std::vector<double> store_times, bare_times;
    for (std::size_t i = 0; i < count; ++i) {
        const bool store_first = (order() & 1U) != 0;
        for (int turn = 0; turn < 2; ++turn) {
            const bool storing = (turn == 0) == store_first;
            const auto t0 = Clock::now();
            MEMLENS_TRY(storing ? stores.store() : bare.insert(i));
            (storing ? store_times : bare_times).push_back(ms_since(t0));
        }
    }
    return std::pair{percentiles(std::move(store_times)), percentiles(std::move(bare_times))};
}

// The searches' times while another thread stores on its own connection: paced at per_second,
// or one store right after another (per_second 0). `stored` counts the stores.
template <typename Search>
Result<nlohmann::json> searches_during(StoreStream& stores, std::size_t searches, Search search,
                                       double per_second, std::size_t& stored) {
    std::atomic_bool stop{false};
    Status store_status = Status::ok();
    stored = 0;
    std::thread writer([&] {
        const auto start = Clock::now();
        while (!stop.load()) {
            if (per_second > 0) {
                const auto due =
                    start + std::chrono::duration_cast<Clock::duration>(
                                std::chrono::duration<double>(double(stored) / per_second));
                if (Clock::now() < due) {
                    std::this_thread::sleep_for(std::chrono::microseconds(200));
                    continue;
                }
            }
            if (Status e = stores.store(); !e) {
                store_status = e;
                return;
            }
            ++stored;
        }
    });
    auto ms = timed_once(searches, search);
    stop = true;
    writer.join();
    if (!store_status)
        return store_status;
    return ms;
}

// Stores at per_second while another connection imports `count` generated messages, from the
// import's first batch to its last: each store's time, the wait for the write lock included,
// and that wait alone (what the store waited behind the import; the rest is its own work, a
// summary it seals included). {"p50", "p95", "n", "max", "lock_wait": {"p50", "p95", "max"}};
// `seconds` is the import's time.
Result<nlohmann::json> stores_behind_import(StoreStream& stores, const fs::path& vdir,
                                            std::size_t count, std::uint64_t seed,
                                            double per_second, double& seconds) {
    GenerateOptions g;
    g.chunks = count;
    g.seed = seed + 1000; // other messages than the vault's own
    g.days = 30;
    auto sources = generate_sources(g);
    if (!sources)
        return sources.status();
    auto importer_vault = Vault::open(vdir, false);
    if (!importer_vault)
        return importer_vault.status();
    auto importer_embedder = make_embedder_for(**importer_vault);
    if (!importer_embedder)
        return importer_embedder.status();
    std::atomic_bool started{false}, done{false};
    Status import_status = Status::ok();
    std::thread importer([&] {
        const auto t0 = Clock::now();
        Ingestor in(**importer_vault, **importer_embedder, IngestOptions{});
        auto r = in.ingest(*sources, [&](const IngestProgress&) { started = true; });
        seconds = ms_since(t0) / 1000.0;
        import_status = r.status();
        started = true;
        done = true;
    });
    while (!started.load())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::vector<double> waits, lock_waits;
    const auto start = Clock::now();
    Status store_status = Status::ok();
    while (!done.load()) {
        const auto due =
            start + std::chrono::duration_cast<Clock::duration>(
                        std::chrono::duration<double>(double(waits.size()) / per_second));
        if (Clock::now() < due) {
            std::this_thread::sleep_for(std::chrono::microseconds(200));
            continue;
        }
        const auto t0 = Clock::now();
        if (store_status = stores.store(); !store_status)
            break;
        waits.push_back(ms_since(t0));
        lock_waits.push_back(stores.storer.last_lock_wait_ms());
    }
    importer.join();
    MEMLENS_TRY(import_status);
    MEMLENS_TRY(store_status);
    if (waits.empty())
        return Status::internal("the import ended before a store was timed");
    const double most = *std::max_element(waits.begin(), waits.end());
    const double most_waited = *std::max_element(lock_waits.begin(), lock_waits.end());
    nlohmann::json behind = percentiles(std::move(waits));
    behind["max"] = most;
    behind["lock_wait"] = percentiles(std::move(lock_waits));
    behind["lock_wait"]["max"] = most_waited;
    return behind;
}

double p95(const nlohmann::json& times) {
    return times["p95"].get<double>();
}

void print_store_report(const nlohmann::json& j) {
    const auto& bare = j["bare_insert_ms"];
    const auto& store = j["store_ms"];
    const auto& alone = j["search_alone_ms"];
    const auto& during = j["search_during_stores_ms"];
    const auto& flat_out = j["search_during_back_to_back_stores_ms"];
    std::printf("%zu chunks: %zu stores, %zu queries\n", j["chunks"].get<std::size_t>(),
                j["stores"].get<std::size_t>(), j["queries"].get<std::size_t>());
    std::printf("  bare insert (chunk + FTS5 row)   p50 %8.2f ms   p95 %8.2f ms\n",
                bare["p50"].get<double>(), p95(bare));
    std::printf(
        "  memory store (Ingestor)          p50 %8.2f ms   p95 %8.2f ms   p95 %.2f x bare\n",
        store["p50"].get<double>(), p95(store), ratio(p95(store), p95(bare)));
    std::printf("  search alone                     p50 %8.2f ms   p95 %8.2f ms\n",
                alone["p50"].get<double>(), p95(alone));
    std::printf(
        "  search during %5zu stores (%g/s) p50 %8.2f ms   p95 %8.2f ms   p95 %.2f x alone\n",
        j["stores_during_searches"].get<std::size_t>(), j["store_rate_per_s"].get<double>(),
        during["p50"].get<double>(), p95(during), ratio(p95(during), p95(alone)));
    std::printf(
        "  search during %5zu stores back to back  p50 %8.2f ms   p95 %8.2f ms   p95 %.2f x "
        "alone\n",
        j["back_to_back_stores_during_searches"].get<std::size_t>(), flat_out["p50"].get<double>(),
        p95(flat_out), ratio(p95(flat_out), p95(alone)));
    if (const auto& behind = j["store_during_import_ms"]; !behind.is_null()) {
        std::printf("  store during an import of %zu messages (%.1f s, %zu stores)  p50 %8.2f ms   "
                    "p95 %8.2f ms   max %8.2f ms\n",
                    j["imported_messages"].get<std::size_t>(), j["import_s"].get<double>(),
                    behind["n"].get<std::size_t>(), behind["p50"].get<double>(), p95(behind),
                    behind["max"].get<double>());
        const auto& wait = behind["lock_wait"];
        std::printf("    of which waiting for the write lock                   p50 %8.2f ms   "
                    "p95 %8.2f ms   max %8.2f ms\n",
                    wait["p50"].get<double>(), p95(wait), wait["max"].get<double>());
    }
}

} // namespace

int bench_store(const Args& a) {
    auto chunks = a.get_int("chunks", 1, kMaxBenchCount);
    auto stores = a.get_int("stores", 1, 100'000);
    auto queries = a.get_int("queries", 1, 100'000);
    auto seed = a.get_int("seed", 0, std::numeric_limits<std::int32_t>::max());
    auto rate = a.get_int("rate", 1, 100'000);
    auto import_n = a.get_int("import", 0, kMaxBenchCount);
    if (!chunks || !stores || !queries || !seed || !rate || !import_n)
        return fail("store", !chunks    ? chunks.status()
                             : !stores  ? stores.status()
                             : !queries ? queries.status()
                             : !seed    ? seed.status()
                             : !rate    ? rate.status()
                                        : import_n.status());
    const auto store_rate = static_cast<double>(rate->value_or(50));
    const std::size_t n = static_cast<std::size_t>(chunks->value_or(10'000));
    const std::size_t st = static_cast<std::size_t>(stores->value_or(100));
    const std::size_t q = static_cast<std::size_t>(queries->value_or(50));
    const std::uint64_t s = static_cast<std::uint64_t>(seed->value_or(1));
    // A copy: the stores and the audit rows must not reach the cached vault.
    auto scratch = ScratchVault::of_bench_vault(n, s, "store");
    if (!scratch)
        return fail("store", scratch.status());
    const fs::path vdir = (*scratch)->vault();
    const std::string embedder_kind = a.get("embedder").value_or("hash");
    if (embedder_kind != "hash" && embedder_kind != "ppmi")
        return fail("store", Status::invalid("--embedder: expected hash or ppmi, not '" +
                                             embedder_kind + "'"));
    if (embedder_kind == "ppmi")
        if (Status switched = switch_to_ppmi(vdir); !switched.is_ok())
            return fail("store", switched.with_context("--embedder ppmi"));

    auto searcher_vault = Vault::open(vdir, false);
    if (!searcher_vault)
        return fail("store", searcher_vault.status());
    auto work = make_workload(**searcher_vault, q, s);
    if (!work)
        return fail("store", work.status());
    auto engine = SearchEngine::open(**searcher_vault);
    if (!engine)
        return fail("store", engine.status());
    auto storer = Storer::open(vdir);
    if (!storer)
        return fail("store", storer.status());
    StoreStream stream{**storer};
    const auto& texts = work->queries;
    auto search = [&](std::size_t i) -> Status {
        auto r = (*engine)->query(texts[i % texts.size()]);
        return r ? Status::ok() : r.status();
    };

    // Search alone (after a warm-up pass), the stores beside the bare inserts, the searches
    // during stores, the stores behind an import.
    auto alone = timed(texts.size(), search);
    if (!alone)
        return fail("store", alone.status());
    BareInsert bare;
    auto store_and_bare = stores_beside_bare(stream, bare, vdir, st);
    if (!store_and_bare)
        return fail("store", store_and_bare.status());
    std::size_t stored_during = 0, stored_flat_out = 0;
    auto during = searches_during(stream, texts.size(), search, store_rate, stored_during);
    if (!during)
        return fail("store", during.status());
    auto flat_out = searches_during(stream, texts.size(), search, 0, stored_flat_out);
    if (!flat_out)
        return fail("store", flat_out.status());
    const std::size_t to_import = static_cast<std::size_t>(import_n->value_or(20'000));
    nlohmann::json behind_import = nullptr;
    double import_seconds = 0;
    if (to_import > 0) {
        auto behind = stores_behind_import(stream, vdir, to_import, s, store_rate, import_seconds);
        if (!behind)
            return fail("store", behind.status());
        behind_import = std::move(behind).value();
    }

    const auto& [store_ms, bare_ms] = *store_and_bare;
    const nlohmann::json j = {
        {"chunks", n},
        {"embedder", embedder_kind},
        {"stores", st},
        {"queries", texts.size()},
        {"bare_insert_ms", bare_ms},
        {"store_ms", store_ms},
        {"store_p95_over_bare_p95", ratio(p95(store_ms), p95(bare_ms))},
        {"search_alone_ms", *alone},
        {"store_rate_per_s", store_rate},
        {"search_during_stores_ms", *during},
        {"stores_during_searches", stored_during},
        {"search_p95_during_over_alone", ratio(p95(*during), p95(*alone))},
        {"search_during_back_to_back_stores_ms", *flat_out},
        {"back_to_back_stores_during_searches", stored_flat_out},
        {"search_p95_back_to_back_over_alone", ratio(p95(*flat_out), p95(*alone))},
        {"imported_messages", to_import},
        {"import_s", import_seconds},
        {"store_during_import_ms", behind_import}};
    if (a.json())
        std::cout << j.dump(2) << '\n';
    else
        print_store_report(j);
    return 0;
}

} // namespace memlens::bench
