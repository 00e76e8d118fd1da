// Writes rows straight into a real vault (Vault::create in a temporary folder) for structural
// test cases the ingest pipeline would not produce on demand: chosen ids, times, parent links,
// envelopes, deleted or superseded rows, document versions, entity index rows, edges, vectors.
//
// Every add_* checks its SQL with QVERIFY2, so a fixture mistake fails the test that made it.
//
// Include this header first: the memlens headers must be read before any Qt header, because
// Qt's `signals` keyword macro would otherwise rewrite Explanation::signals in types.h.
#pragma once

#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/types.h>
#include <memlens/vault.h>

#include <QStringList>
#include <QTemporaryDir>

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace memlens::test {

struct ChunkSpec {
    std::string id;
    std::string source_id = "slack:#eng";
    std::string source_kind = "chat";
    std::int64_t start_ms = 0;
    std::optional<std::int64_t> end_ms; // = start_ms when absent
    std::string content = "text";
    std::optional<std::string> parent_summary_id;
    std::optional<std::string> source_ref;
    std::vector<std::string> tags;
    std::optional<std::string> doc_id;
    std::optional<std::int64_t> version_ms;
    bool superseded = false;
    std::optional<std::string> content_path;
    std::optional<std::string> path_scope;
    std::string lifecycle = "admitted";
};

struct SummarySpec {
    std::string id;
    std::string tree_id;
    int level = 1;
    std::optional<std::string> parent_id;
    std::vector<std::string> child_ids;
    std::int64_t start_ms = 0;
    std::int64_t end_ms = 0;
    std::string content = "summary";
    std::vector<std::string> entities;
    std::vector<std::string> topics;
    double score = 0.0;
    bool deleted = false;
    std::optional<std::string> doc_id;
    std::optional<std::int64_t> version_ms;
    std::optional<std::string> content_path;
};

class VaultFixture {
public:
    VaultFixture();

    Vault& vault() { return *vault_; }
    const Database& db() const { return vault_->db(); }
    std::filesystem::path dir() const;

    // Wraps many inserts in one transaction (thousands of rows in milliseconds).
    void begin();
    void commit();

    // A source tree (kind "source" unless given). max_level 0 with no root = never sealed.
    void add_tree(const std::string& id, const std::string& scope,
                  std::optional<std::string> root_id = std::string("root"), int max_level = 1,
                  const std::string& kind = "source");
    void add_chunk(const ChunkSpec& spec);
    void add_summary(const SummarySpec& spec);
    // An entity index row; entity_kind and surface default to the id's kind and value.
    void add_mention(const std::string& entity_id, const std::string& node_id,
                     std::int64_t timestamp_ms, const std::string& node_kind = "leaf",
                     const std::string& surface = {}, const std::string& entity_kind = {});
    void add_edge(const std::string& a, const std::string& b, std::int64_t weight);
    void add_score(const std::string& chunk_id, double total);
    void add_vector(NodeKind kind, const std::string& id, const std::string& signature,
                    const Vector& v);
    // An ml_sources row: the kind an importer recorded for a source.
    void add_source(const std::string& source_id, const std::string& source_kind);

    // Seals `children` (chunk ids at level 1, summary ids above) of one tree into summaries of
    // `level` over consecutive groups of the given sizes. A group size that runs past the end
    // takes what is left; children after the last group stay unsealed. Envelopes are the
    // MIN/MAX of the children, parent links are set on the children. Ids are
    // "<prefix>:L<level>:<n>" (prefix = tree id unless given). A doc_id and version_ms, when
    // given, go on every new summary, as ingest marks a document version's subtree.
    // Returns the new ids.
    std::vector<std::string> seal_level(const std::string& tree_id, int level,
                                        const std::vector<std::string>& children,
                                        const std::vector<std::size_t>& group_sizes,
                                        const std::string& id_prefix = {},
                                        const std::optional<std::string>& doc_id = {},
                                        std::optional<std::int64_t> version_ms = {});

    // Time envelope of a node the fixture wrote.
    std::pair<std::int64_t, std::int64_t> envelope(const std::string& id) const;

private:
    QTemporaryDir tmp_;
    std::unique_ptr<Vault> vault_;
    std::optional<Transaction> tx_;
    std::int64_t next_rid_ = 1;
    std::map<std::string, std::pair<std::int64_t, std::int64_t>> envelopes_;
};

// Node ids of hits in order, for QCOMPARE's readable diffs.
QStringList ids_of(const std::vector<RetrievalHit>& hits);

inline constexpr std::int64_t kDay = 86'400'000;
inline constexpr std::int64_t kT0 = 1'704'067'200'000; // 2024-01-01T00:00:00Z

// An OpenHuman / TinyCortex workspace (<dir>/memory_tree/chunks.db) with the columns of that
// workspace's schema and none of memlens's own, for the read-only paths. Returns the workspace
// folder.
std::filesystem::path make_workspace(const std::filesystem::path& dir);

} // namespace memlens::test
