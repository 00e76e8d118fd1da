#include "fixture.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <limits>

namespace memlens::test {

namespace {

std::string json_strings(const std::vector<std::string>& v) {
    return nlohmann::json(v).dump();
}

void check(const Status& s, const char* what) {
    QVERIFY2(s.is_ok(), (std::string(what) + ": " + s.to_string()).c_str());
}

void run(const char* what, Result<Statement> st) {
    if (!st) {
        check(st.status(), what);
        return;
    }
    check(st->exec(), what);
}

} // namespace

VaultFixture::VaultFixture() {
    QVERIFY2(tmp_.isValid(), "cannot create a temporary folder");
    auto v = Vault::create(dir());
    if (!v) {
        check(v.status(), "Vault::create");
        return;
    }
    vault_ = std::move(*v);
}

std::filesystem::path VaultFixture::dir() const {
    return std::filesystem::path(tmp_.path().toStdString()) / "vault";
}

void VaultFixture::begin() {
    auto tx = Transaction::begin(db());
    if (!tx) {
        check(tx.status(), "begin");
        return;
    }
    tx_.emplace(std::move(*tx));
}

void VaultFixture::commit() {
    if (tx_)
        check(tx_->commit(), "commit");
    tx_.reset();
}

void VaultFixture::add_tree(const std::string& id, const std::string& scope,
                            std::optional<std::string> root_id, int max_level,
                            const std::string& kind) {
    auto st = db().prepare("INSERT INTO mem_tree_trees(id, kind, scope, root_id, max_level, "
                           "status, created_at_ms) VALUES (?, ?, ?, ?, ?, 'active', 0)");
    if (st)
        st->bind(1, id).bind(2, kind).bind(3, scope).bind(4, root_id).bind(5, max_level);
    run("add_tree", std::move(st));
}

void VaultFixture::add_chunk(const ChunkSpec& c) {
    const std::int64_t end = c.end_ms.value_or(c.start_ms);
    const std::int64_t rid = next_rid_++;
    auto st = db().prepare(
        "INSERT INTO mem_tree_chunks(id, source_kind, source_id, path_scope, source_ref, owner, "
        "timestamp_ms, time_range_start_ms, time_range_end_ms, tags_json, content, token_count, "
        "seq_in_source, created_at_ms, parent_summary_id, lifecycle_status, content_path, rid, "
        "doc_id, version_ms, superseded) VALUES (?1, ?2, ?3, ?4, ?5, NULL, ?6, ?6, ?7, ?8, ?9, "
        "?10, ?11, 0, ?12, ?13, ?14, ?11, ?15, ?16, ?17)");
    if (st) {
        st->bind(1, c.id)
            .bind(2, c.source_kind)
            .bind(3, c.source_id)
            .bind(4, c.path_scope)
            .bind(5, c.source_ref)
            .bind(6, c.start_ms)
            .bind(7, end)
            .bind(8, json_strings(c.tags))
            .bind(9, c.content)
            .bind(10, static_cast<std::int64_t>((c.content.size() + 3) / 4))
            .bind(11, rid)
            .bind(12, c.parent_summary_id)
            .bind(13, c.lifecycle)
            .bind(14, c.content_path)
            .bind(15, c.doc_id)
            .bind(16, c.version_ms)
            .bind(17, c.superseded ? 1 : 0);
    }
    run("add_chunk", std::move(st));
    envelopes_[c.id] = {c.start_ms, end};
}

void VaultFixture::add_summary(const SummarySpec& s) {
    auto st = db().prepare(
        "INSERT INTO mem_tree_summaries(id, tree_id, tree_kind, level, parent_id, child_ids_json, "
        "content, token_count, entities_json, topics_json, time_range_start_ms, "
        "time_range_end_ms, score, sealed_at_ms, deleted, doc_id, version_ms, content_path, rid) "
        "VALUES (?1, ?2, 'source', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 0, ?13, ?14, ?15, "
        "?16, ?17)");
    if (st) {
        st->bind(1, s.id)
            .bind(2, s.tree_id)
            .bind(3, s.level)
            .bind(4, s.parent_id)
            .bind(5, json_strings(s.child_ids))
            .bind(6, s.content)
            .bind(7, static_cast<std::int64_t>((s.content.size() + 3) / 4))
            .bind(8, json_strings(s.entities))
            .bind(9, json_strings(s.topics))
            .bind(10, s.start_ms)
            .bind(11, s.end_ms)
            .bind(12, s.score)
            .bind(13, s.deleted ? 1 : 0)
            .bind(14, s.doc_id)
            .bind(15, s.version_ms)
            .bind(16, s.content_path)
            .bind(17, next_rid_++);
    }
    run("add_summary", std::move(st));
    envelopes_[s.id] = {s.start_ms, s.end_ms};
}

void VaultFixture::add_mention(const std::string& entity_id, const std::string& node_id,
                               std::int64_t timestamp_ms, const std::string& node_kind,
                               const std::string& surface, const std::string& entity_kind) {
    const auto colon = entity_id.find(':');
    const std::string kind = !entity_kind.empty()         ? entity_kind
                             : colon == std::string::npos ? std::string("misc")
                                                          : entity_id.substr(0, colon);
    const std::string surf = !surface.empty()             ? surface
                             : colon == std::string::npos ? entity_id
                                                          : entity_id.substr(colon + 1);
    auto st = db().prepare("INSERT INTO mem_tree_entity_index(entity_id, node_id, node_kind, "
                           "entity_kind, surface, score, timestamp_ms, tree_id, is_user) "
                           "VALUES (?, ?, ?, ?, ?, 1.0, ?, NULL, 0)");
    if (st) {
        st->bind(1, entity_id)
            .bind(2, node_id)
            .bind(3, node_kind)
            .bind(4, kind)
            .bind(5, surf)
            .bind(6, timestamp_ms);
    }
    run("add_mention", std::move(st));
}

void VaultFixture::add_edge(const std::string& a, const std::string& b, std::int64_t weight) {
    auto st = db().prepare("INSERT INTO mem_tree_entity_edges(entity_a, entity_b, weight, "
                           "updated_ms) VALUES (?, ?, ?, 0)");
    if (st)
        st->bind(1, std::min(a, b)).bind(2, std::max(a, b)).bind(3, weight);
    run("add_edge", std::move(st));
}

void VaultFixture::add_score(const std::string& chunk_id, double total) {
    auto st = db().prepare(
        "INSERT INTO mem_tree_score(chunk_id, total, computed_at_ms) VALUES (?, ?, 0)");
    if (st)
        st->bind(1, chunk_id).bind(2, total);
    run("add_score", std::move(st));
}

void VaultFixture::add_vector(NodeKind kind, const std::string& id, const std::string& signature,
                              const Vector& v) {
    const char* sql = kind == NodeKind::Leaf
                          ? "INSERT INTO mem_tree_chunk_embeddings(chunk_id, model_signature, "
                            "vector, dim, created_at) VALUES (?, ?, ?, ?, 0)"
                          : "INSERT INTO mem_tree_summary_embeddings(summary_id, model_signature, "
                            "vector, dim, created_at) VALUES (?, ?, ?, ?, 0)";
    auto st = db().prepare(sql);
    const auto blob = encode_vector(v);
    if (st)
        st->bind(1, id)
            .bind(2, signature)
            .bind_blob(3, blob)
            .bind(4, static_cast<std::int64_t>(v.size()));
    run("add_vector", std::move(st));
}

void VaultFixture::add_source(const std::string& source_id, const std::string& source_kind) {
    auto st = db().prepare("INSERT INTO ml_sources(source_id, source_kind, platform, format, "
                           "imported_at_ms) VALUES (?, ?, 'test', 'test', 0)");
    if (st)
        st->bind(1, source_id).bind(2, source_kind);
    run("add_source", std::move(st));
}

std::vector<std::string> VaultFixture::seal_level(const std::string& tree_id, int level,
                                                  const std::vector<std::string>& children,
                                                  const std::vector<std::size_t>& group_sizes,
                                                  const std::string& id_prefix,
                                                  const std::optional<std::string>& doc_id,
                                                  std::optional<std::int64_t> version_ms) {
    std::vector<std::string> made;
    std::size_t pos = 0;
    for (std::size_t g = 0; g < group_sizes.size() && pos < children.size(); ++g) {
        const std::size_t n =
            std::min(std::max<std::size_t>(group_sizes[g], 1), children.size() - pos);
        SummarySpec s;
        s.id = (id_prefix.empty() ? tree_id : id_prefix) + ":L" + std::to_string(level) + ":" +
               std::to_string(made.size());
        s.doc_id = doc_id;
        s.version_ms = version_ms;
        s.tree_id = tree_id;
        s.level = level;
        s.child_ids.assign(children.begin() + static_cast<std::ptrdiff_t>(pos),
                           children.begin() + static_cast<std::ptrdiff_t>(pos + n));
        s.start_ms = std::numeric_limits<std::int64_t>::max();
        s.end_ms = std::numeric_limits<std::int64_t>::min();
        for (const auto& c : s.child_ids) {
            const auto [a, b] = envelope(c);
            s.start_ms = std::min(s.start_ms, a);
            s.end_ms = std::max(s.end_ms, b);
        }
        s.content = "summary of " + std::to_string(n) + " nodes";
        add_summary(s);
        auto link = db().prepare(
            level == 1 ? "UPDATE mem_tree_chunks SET parent_summary_id = ?1 WHERE id IN "
                         "(SELECT value FROM json_each(?2))"
                       : "UPDATE mem_tree_summaries SET parent_id = ?1 WHERE id IN "
                         "(SELECT value FROM json_each(?2))");
        if (link)
            link->bind(1, s.id).bind(2, json_strings(s.child_ids));
        run("seal_level link", std::move(link));
        made.push_back(s.id);
        pos += n;
    }
    return made;
}

std::pair<std::int64_t, std::int64_t> VaultFixture::envelope(const std::string& id) const {
    auto it = envelopes_.find(id);
    return it == envelopes_.end() ? std::pair<std::int64_t, std::int64_t>{0, 0} : it->second;
}

QStringList ids_of(const std::vector<RetrievalHit>& hits) {
    QStringList out;
    for (const auto& h : hits)
        out << QString::fromStdString(h.node_id);
    return out;
}

std::filesystem::path make_workspace(const std::filesystem::path& dir) {
    std::filesystem::create_directories(dir / "memory_tree" / "content");
    auto db =
        Database::open((dir / "memory_tree" / "chunks.db").string(), OpenMode::ReadWriteCreate);
    if (!db) {
        check(db.status(), "make_workspace");
        return dir;
    }
    check(db->exec(R"SQL(
CREATE TABLE mem_tree_chunks (id TEXT PRIMARY KEY, source_kind TEXT NOT NULL,
    source_id TEXT NOT NULL, path_scope TEXT, source_ref TEXT, owner TEXT,
    timestamp_ms INTEGER NOT NULL, time_range_start_ms INTEGER NOT NULL,
    time_range_end_ms INTEGER NOT NULL, tags_json TEXT NOT NULL DEFAULT '[]',
    content TEXT NOT NULL, token_count INTEGER NOT NULL, seq_in_source INTEGER NOT NULL,
    created_at_ms INTEGER NOT NULL, embedding BLOB, parent_summary_id TEXT,
    lifecycle_status TEXT NOT NULL DEFAULT 'admitted', content_path TEXT, content_sha256 TEXT,
    raw_refs_json TEXT);
CREATE TABLE mem_tree_summaries (id TEXT PRIMARY KEY, tree_id TEXT NOT NULL,
    tree_kind TEXT NOT NULL, level INTEGER NOT NULL, parent_id TEXT,
    child_ids_json TEXT NOT NULL, content TEXT NOT NULL, token_count INTEGER NOT NULL,
    entities_json TEXT NOT NULL DEFAULT '[]', topics_json TEXT NOT NULL DEFAULT '[]',
    time_range_start_ms INTEGER NOT NULL, time_range_end_ms INTEGER NOT NULL,
    score REAL NOT NULL DEFAULT 0, sealed_at_ms INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0, embedding BLOB, content_path TEXT,
    content_sha256 TEXT, doc_id TEXT, version_ms INTEGER);
CREATE TABLE mem_tree_trees (id TEXT PRIMARY KEY, kind TEXT NOT NULL, scope TEXT NOT NULL,
    root_id TEXT, max_level INTEGER NOT NULL DEFAULT 0, status TEXT NOT NULL DEFAULT 'active',
    created_at_ms INTEGER NOT NULL, last_sealed_at_ms INTEGER, ask TEXT, UNIQUE(kind, scope));
CREATE TABLE mem_tree_entity_index (entity_id TEXT NOT NULL, node_id TEXT NOT NULL,
    node_kind TEXT NOT NULL, entity_kind TEXT NOT NULL, surface TEXT NOT NULL,
    score REAL NOT NULL DEFAULT 0, timestamp_ms INTEGER NOT NULL, tree_id TEXT,
    is_user INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (entity_id, node_id));
CREATE TABLE mem_tree_entity_edges (entity_a TEXT NOT NULL, entity_b TEXT NOT NULL,
    weight INTEGER NOT NULL DEFAULT 0, updated_ms INTEGER NOT NULL,
    PRIMARY KEY (entity_a, entity_b));
CREATE TABLE mem_tree_score (chunk_id TEXT PRIMARY KEY, total REAL NOT NULL,
    token_count_signal REAL NOT NULL DEFAULT 0, unique_words_signal REAL NOT NULL DEFAULT 0,
    metadata_weight REAL NOT NULL DEFAULT 0, source_weight REAL NOT NULL DEFAULT 0,
    interaction_weight REAL NOT NULL DEFAULT 0, entity_density REAL NOT NULL DEFAULT 0,
    dropped INTEGER NOT NULL DEFAULT 0, reason TEXT, computed_at_ms INTEGER NOT NULL,
    llm_importance REAL, llm_importance_reason TEXT);
CREATE TABLE mem_tree_chunk_embeddings (chunk_id TEXT NOT NULL, model_signature TEXT NOT NULL,
    vector BLOB NOT NULL, dim INTEGER NOT NULL, created_at INTEGER NOT NULL,
    PRIMARY KEY (chunk_id, model_signature));
CREATE TABLE mem_tree_summary_embeddings (summary_id TEXT NOT NULL,
    model_signature TEXT NOT NULL, vector BLOB NOT NULL, dim INTEGER NOT NULL,
    created_at INTEGER NOT NULL, PRIMARY KEY (summary_id, model_signature));
CREATE TABLE mem_tree_buffers (tree_id TEXT NOT NULL, level INTEGER NOT NULL,
    item_ids_json TEXT NOT NULL DEFAULT '[]', token_sum INTEGER NOT NULL DEFAULT 0,
    oldest_at_ms INTEGER, updated_at_ms INTEGER NOT NULL, PRIMARY KEY (tree_id, level));
PRAGMA journal_mode = TRUNCATE;
)SQL"),
          "make_workspace schema");
    // Two source trees, three chunks each under one sealed L1 summary, and their entities: the
    // smallest workspace in which every GUI page has something to show.
    const struct {
        const char* kind;
        const char* source;
        const char* owner;
        const char* text;
        const char* entity;
    } rows[] = {
        {"chat", "slack:#eng", "alice", "The phoenix launch moves to May 3", "person:alice"},
        {"chat", "slack:#eng", "bob", "bob: I will tell carol about the phoenix launch",
         "person:bob"},
        {"chat", "slack:#eng", "alice", "alice: retro on Friday, bring the launch metrics",
         "person:alice"},
        {"email", "gmail:ops", "carol", "Budget approved for the phoenix migration",
         "person:carol"},
        {"email", "gmail:ops", "carol", "Correction: the budget is 45k, not 40k", "person:carol"},
        {"email", "gmail:ops", "dave", "Dave here: phoenix staging is green", "person:dave"},
    };
    for (int i = 0; i < 6; ++i) {
        const auto& r = rows[i];
        const bool eng = i < 3;
        const std::string summary = std::string("summary:") + std::to_string(kT0 + 10 * kDay) +
                                    (eng ? ":L1-0a1b2c3d" : ":L1-4e5f6a7b");
        const std::string id = std::string("ws-chunk-") + std::to_string(i);
        const std::int64_t ts = kT0 + i * kDay;
        auto ins = db->prepare(
            "INSERT INTO mem_tree_chunks(id, source_kind, source_id, path_scope, source_ref, "
            "owner, "
            "timestamp_ms, time_range_start_ms, time_range_end_ms, content, token_count, "
            "seq_in_source, created_at_ms, parent_summary_id, lifecycle_status) "
            "VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6, ?6, ?6, ?7, 10, ?8, ?6, ?9, 'sealed')");
        check(ins.status(), "make_workspace chunk");
        ins->bind(1, id).bind(2, r.kind).bind(3, r.source).bind(4, "msg-" + std::to_string(i));
        ins->bind(5, r.owner).bind(6, ts).bind(7, r.text).bind(8, std::int64_t{eng ? i : i - 3});
        ins->bind(9, summary);
        check(ins->exec(), "make_workspace chunk");
        auto ent = db->prepare("INSERT OR IGNORE INTO mem_tree_entity_index(entity_id, node_id, "
                               "node_kind, entity_kind, surface, timestamp_ms, tree_id) VALUES "
                               "(?1, ?2, 'leaf', 'person', substr(?1, 8), ?3, ?4)");
        check(ent.status(), "make_workspace entity");
        ent->bind(1, r.entity).bind(2, id).bind(3, ts).bind(4, eng ? "ws-tree-eng" : "ws-tree-ops");
        check(ent->exec(), "make_workspace entity");
    }
    for (const bool eng : {true, false}) {
        const std::string summary = std::string("summary:") + std::to_string(kT0 + 10 * kDay) +
                                    (eng ? ":L1-0a1b2c3d" : ":L1-4e5f6a7b");
        const std::string tree = eng ? "ws-tree-eng" : "ws-tree-ops";
        const int first = eng ? 0 : 3;
        std::string children = "[";
        for (int i = first; i < first + 3; ++i)
            children +=
                std::string(i == first ? "" : ",") + "\"ws-chunk-" + std::to_string(i) + "\"";
        children += "]";
        auto t =
            db->prepare("INSERT INTO mem_tree_trees(id, kind, scope, root_id, max_level, "
                        "created_at_ms, last_sealed_at_ms) VALUES (?, 'source', ?, ?, 1, ?, ?)");
        check(t.status(), "make_workspace tree");
        t->bind(1, tree).bind(2, eng ? "slack:#eng" : "gmail:ops").bind(3, summary);
        t->bind(4, kT0).bind(5, kT0 + 10 * kDay);
        check(t->exec(), "make_workspace tree");
        auto sm =
            db->prepare("INSERT INTO mem_tree_summaries(id, tree_id, tree_kind, level, parent_id, "
                        "child_ids_json, content, token_count, entities_json, time_range_start_ms, "
                        "time_range_end_ms, sealed_at_ms) VALUES (?, ?, 'source', 1, NULL, ?, ?, "
                        "20, ?, ?, ?, ?)");
        check(sm.status(), "make_workspace summary");
        sm->bind(1, summary).bind(2, tree).bind(3, children);
        sm->bind(4, eng ? "The team moves the phoenix launch; retro on Friday."
                        : "Budget for the phoenix migration approved at 45k; staging is green.");
        sm->bind(5, eng ? R"(["person:alice","person:bob"])" : R"(["person:carol","person:dave"])");
        sm->bind(6, kT0 + first * kDay).bind(7, kT0 + (first + 2) * kDay).bind(8, kT0 + 10 * kDay);
        check(sm->exec(), "make_workspace summary");
    }
    return dir;
}

} // namespace memlens::test
