#include "baselines.h"

#include "measure.h"

#include <memlens/db.h>

#include <hnswlib/hnswlib.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <set>
#include <thread>

namespace memlens::bench {

namespace fs = std::filesystem;
using json = nlohmann::json;

Result<std::vector<BareRow>> read_rows(const Vault& vault) {
    std::vector<BareRow> rows;
    auto st = vault.db().prepare(
        "SELECT c.id, c.source_id, coalesce(c.author, ''), c.content, c.timestamp_ms, "
        "coalesce(f.context, ''), coalesce(f.near, ''), coalesce(f.far, '') "
        "FROM mem_tree_chunks c LEFT JOIN mem_tree_chunks_fts f ON f.rowid = c.rid ORDER BY c.rid");
    if (!st)
        return st.status();
    MEMLENS_TRY(st->each_row([&] {
        rows.push_back({st->column_text(0), st->column_text(1), st->column_text(2),
                        st->column_text(3), st->column_int64(4), st->column_text(5),
                        st->column_text(6), st->column_text(7)});
    }));
    return rows;
}

Result<double> bare_insert_seconds(const fs::path& dir, const std::vector<BareRow>& rows,
                                   bool vault_shape) {
    const fs::path file = dir / (vault_shape ? "bare4.db" : "bare.db");
    auto db = Database::open(file.string(), OpenMode::ReadWriteCreate);
    if (!db)
        return db.status();
    MEMLENS_TRY(db->exec("PRAGMA journal_mode = WAL"));
    MEMLENS_TRY(apply_connection_pragmas(*db));
    MEMLENS_TRY(db->exec(std::string("CREATE TABLE chunks(rid INTEGER PRIMARY KEY, id TEXT NOT "
                                     "NULL UNIQUE, source_id TEXT NOT NULL, author TEXT, "
                                     "timestamp_ms INTEGER NOT NULL, content TEXT NOT NULL);"
                                     "CREATE VIRTUAL TABLE chunks_fts USING fts5(content, ") +
                         (vault_shape ? "context, near, far, " : "") +
                         "tokenize = 'porter unicode61 remove_diacritics 2');"));
    const auto t0 = std::chrono::steady_clock::now();
    auto tx = Transaction::begin(*db);
    if (!tx)
        return tx.status();
    auto ins = db->prepare("INSERT INTO chunks(rid, id, source_id, author, timestamp_ms, content) "
                           "VALUES (?,?,?,?,?,?)");
    auto fts = db->prepare(vault_shape ? "INSERT INTO chunks_fts(rowid, content, context, near, "
                                         "far) VALUES (?, ?, ?, ?, ?)"
                                       : "INSERT INTO chunks_fts(rowid, content) VALUES (?, ?)");
    if (!ins)
        return ins.status();
    if (!fts)
        return fts.status();
    std::int64_t rid = 1;
    for (const auto& r : rows) {
        ins->reset();
        ins->bind(1, rid)
            .bind(2, r.id)
            .bind(3, r.source_id)
            .bind(4, r.author)
            .bind(5, r.ts)
            .bind(6, r.content);
        MEMLENS_TRY(ins->exec());
        fts->reset();
        fts->bind(1, rid).bind(2, r.content);
        if (vault_shape)
            fts->bind(3, r.context).bind(4, r.near).bind(5, r.far);
        MEMLENS_TRY(fts->exec());
        ++rid;
    }
    MEMLENS_TRY(tx->commit());
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

Result<double> vault_rows_seconds(const fs::path& dir, const fs::path& source_db) {
    auto floor = Vault::create(dir / "floor");
    if (!floor)
        return floor.status();
    const Database& db = (*floor)->db();
    // (table, columns to copy, order): ml_entities is filled by the index's trigger.
    struct Copy {
        const char* table;
        const char* columns;
        const char* order;
    };
    static constexpr Copy kTables[] = {
        {"mem_tree_chunks", "*", "rid"},
        {"mem_tree_chunks_fts", "rowid, content, context, near, far", "rowid"},
        {"mem_tree_score", "*", "rowid"},
        {"mem_tree_chunk_embeddings", "*", "rowid"},
        {"mem_tree_entity_index", "*", "rowid"},
        {"mem_tree_entity_edges", "*", "rowid"},
        {"mem_tree_summaries", "*", "rowid"},
        {"mem_tree_summaries_fts", "rowid, content", "rowid"},
        {"mem_tree_summary_embeddings", "*", "rowid"},
        {"mem_tree_trees", "*", "rowid"},
        {"mem_tree_buffers", "*", "rowid"},
        {"ml_buffer_appends", "*", "tree_id, level, pos"},
        {"ml_sources", "*", "rowid"},
        {"ml_topic_nodes", "*", "rowid"},
        {"ml_topic_members", "*", "topic_key, node_id"},
    };
    auto attach = db.prepare("ATTACH ? AS src");
    if (!attach)
        return attach.status();
    attach->bind(1, source_db.string());
    MEMLENS_TRY(attach->exec());
    MEMLENS_TRY(db.exec("ATTACH ':memory:' AS mem"));
    for (const auto& c : kTables) {
        const std::string cols = c.columns;
        const std::string sel = "SELECT " + cols + " FROM src." + c.table + " ORDER BY " + c.order;
        MEMLENS_TRY(db.exec("CREATE TABLE mem." + std::string(c.table) + " AS " + sel));
    }
    MEMLENS_TRY(db.exec("DETACH src"));
    const auto t0 = std::chrono::steady_clock::now();
    auto tx = Transaction::begin(db);
    if (!tx)
        return tx.status();
    for (const auto& c : kTables) {
        const std::string cols = c.columns;
        const std::string target =
            cols == "*" ? std::string(c.table) : std::string(c.table) + "(" + cols + ")";
        MEMLENS_TRY(
            db.exec("INSERT INTO main." + target + " SELECT " + cols + " FROM mem." + c.table));
    }
    MEMLENS_TRY(tx->commit());
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    MEMLENS_TRY(db.exec("DETACH mem"));
    return seconds;
}

Neighbours neighbours_of(const std::vector<VectorHit>& hits) {
    Neighbours n;
    for (const auto& h : hits) {
        n.ids.push_back(h.node_id);
        n.sims.push_back(h.similarity);
    }
    return n;
}

double recall(const Neighbours& got, const Neighbours& truth) {
    if (truth.ids.empty())
        return 1.0;
    const double kth = truth.sims.back() - 1e-5;
    std::size_t hit = 0;
    for (double s : got.sims)
        hit += s >= kth ? 1 : 0;
    return double(std::min(hit, truth.ids.size())) / double(truth.ids.size());
}

double id_recall(const Neighbours& got, const Neighbours& truth) {
    if (truth.ids.empty())
        return 1.0;
    const std::set<std::string> want(truth.ids.begin(), truth.ids.end());
    std::size_t hit = 0;
    for (const auto& id : got.ids)
        hit += want.count(id);
    return double(hit) / double(truth.ids.size());
}

struct Hnsw::Graph {
    std::unique_ptr<hnswlib::InnerProductSpace> space;
    std::unique_ptr<hnswlib::HierarchicalNSW<float>> graph;
};

Hnsw::Hnsw() = default;
Hnsw::~Hnsw() = default;
Hnsw::Hnsw(Hnsw&&) noexcept = default;
Hnsw& Hnsw::operator=(Hnsw&&) noexcept = default;

void Hnsw::set_ef(int ef) {
    graph->graph->setEf(std::size_t(ef));
}

void Hnsw::release() {
    graph.reset();
}

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
    h.graph = std::make_unique<Hnsw::Graph>();
    Hnsw::Graph& g = *h.graph;
    g.space = std::make_unique<hnswlib::InnerProductSpace>(index.dim());

    const fs::path file = dir / "hnsw-M16-efc200.bin";
    const fs::path meta = dir / "hnsw-M16-efc200.json";
    if (fs::exists(file) && fs::exists(meta)) {
        json m = json::parse(std::ifstream(meta), nullptr, false);
        if (m.is_object() && m.value("n", std::size_t(0)) == n) {
            g.graph = std::make_unique<hnswlib::HierarchicalNSW<float>>(g.space.get(),
                                                                        file.string(), false, n);
            h.build_s = m.value("build_s", 0.0);
            h.from_cache = true;
            return h;
        }
    }
    g.graph = std::make_unique<hnswlib::HierarchicalNSW<float>>(g.space.get(), n, 16, 200, 100);
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
                g.graph->addPoint(v.data(), hnswlib::labeltype(i));
            }
        });
    for (auto& t : pool)
        t.join();
    h.build_s = ms_since(t0) / 1000.0;
    g.graph->saveIndex(file.string());
    std::ofstream(meta) << json{{"n", n}, {"build_s", h.build_s}, {"threads", threads}}.dump();
    return h;
}

Neighbours hnsw_search(const Hnsw& h, const std::vector<float>& q, std::size_t k) {
    auto pq = h.graph->graph->searchKnn(q.data(), k);
    Neighbours n;
    n.ids.resize(pq.size());
    n.sims.resize(pq.size());
    for (std::size_t i = pq.size(); i-- > 0; pq.pop()) {
        n.ids[i] = h.label_ids[pq.top().second];
        n.sims[i] = 1.0 - double(pq.top().first); // hnswlib's inner-product distance
    }
    return n;
}

} // namespace memlens::bench
