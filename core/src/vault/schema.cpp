// The vault schema, migration by migration. PRAGMA user_version holds the number of
// migrations applied; a vault with a larger number than kMigrations knows is refused.
#include "vault/schema.h"

#include <string>
#include <string_view>

namespace memlens::schema {

namespace {

// Migration 1: the mem_tree_* tables, named and laid out as in an OpenHuman workspace, with
// memlens's own columns appended, and the memlens tables (FTS5, topic tree, audit log, settings)
// beside them.
constexpr const char* kMigration1 = R"SQL(
CREATE TABLE mem_tree_chunks (
    id TEXT PRIMARY KEY,
    source_kind TEXT NOT NULL,
    source_id TEXT NOT NULL,
    path_scope TEXT,
    source_ref TEXT,
    owner TEXT,
    timestamp_ms INTEGER NOT NULL,
    time_range_start_ms INTEGER NOT NULL,
    time_range_end_ms INTEGER NOT NULL,
    tags_json TEXT NOT NULL DEFAULT '[]',
    content TEXT NOT NULL,
    token_count INTEGER NOT NULL,
    seq_in_source INTEGER NOT NULL,
    created_at_ms INTEGER NOT NULL,
    embedding BLOB,
    parent_summary_id TEXT,
    lifecycle_status TEXT NOT NULL DEFAULT 'admitted',
    content_path TEXT,
    content_sha256 TEXT,
    raw_refs_json TEXT,
    -- memlens columns
    rid INTEGER NOT NULL UNIQUE,          -- stable integer key for FTS5 and vector arrays
    author TEXT,
    group_id TEXT,                        -- thread / session / document the chunk belongs to
    namespace TEXT NOT NULL DEFAULT 'default',
    content_type TEXT NOT NULL DEFAULT 'text',
    doc_id TEXT,
    version_ms INTEGER,
    supersedes TEXT,                      -- explicit id (chunk id or message id) this replaces
    message_id TEXT,                      -- the importer's own id for the item, if any
    superseded INTEGER NOT NULL DEFAULT 0 -- 1 when a newer version replaced this chunk
);
CREATE INDEX mem_tree_chunks_source ON mem_tree_chunks(source_id, seq_in_source);
CREATE INDEX mem_tree_chunks_time ON mem_tree_chunks(time_range_start_ms);
CREATE INDEX mem_tree_chunks_parent ON mem_tree_chunks(parent_summary_id);
CREATE INDEX mem_tree_chunks_group ON mem_tree_chunks(group_id);
CREATE INDEX mem_tree_chunks_message ON mem_tree_chunks(message_id);

CREATE TABLE mem_tree_summaries (
    id TEXT PRIMARY KEY,
    tree_id TEXT NOT NULL,
    tree_kind TEXT NOT NULL,
    level INTEGER NOT NULL,
    parent_id TEXT,
    child_ids_json TEXT NOT NULL,
    content TEXT NOT NULL,
    token_count INTEGER NOT NULL,
    entities_json TEXT NOT NULL DEFAULT '[]',
    topics_json TEXT NOT NULL DEFAULT '[]',
    time_range_start_ms INTEGER NOT NULL,
    time_range_end_ms INTEGER NOT NULL,
    score REAL NOT NULL DEFAULT 0,
    sealed_at_ms INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0,
    embedding BLOB,
    content_path TEXT,
    content_sha256 TEXT,
    doc_id TEXT,
    version_ms INTEGER,
    -- memlens columns
    rid INTEGER NOT NULL UNIQUE
);
CREATE INDEX mem_tree_summaries_tree ON mem_tree_summaries(tree_id, level);
CREATE INDEX mem_tree_summaries_parent ON mem_tree_summaries(parent_id);
CREATE INDEX mem_tree_summaries_time ON mem_tree_summaries(time_range_start_ms, time_range_end_ms);

CREATE TABLE mem_tree_trees (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    scope TEXT NOT NULL,
    root_id TEXT,
    max_level INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'active',
    created_at_ms INTEGER NOT NULL,
    last_sealed_at_ms INTEGER,
    ask TEXT,
    UNIQUE(kind, scope)
);

CREATE TABLE mem_tree_entity_index (
    entity_id TEXT NOT NULL,
    node_id TEXT NOT NULL,
    node_kind TEXT NOT NULL,
    entity_kind TEXT NOT NULL,
    surface TEXT NOT NULL,
    score REAL NOT NULL DEFAULT 0,
    timestamp_ms INTEGER NOT NULL,
    tree_id TEXT,
    is_user INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (entity_id, node_id)
);
CREATE INDEX mem_tree_entity_index_node ON mem_tree_entity_index(node_id);

CREATE TABLE mem_tree_entity_edges (
    entity_a TEXT NOT NULL,
    entity_b TEXT NOT NULL,
    weight INTEGER NOT NULL DEFAULT 0,
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (entity_a, entity_b)
);
CREATE INDEX mem_tree_entity_edges_b ON mem_tree_entity_edges(entity_b);

CREATE TABLE mem_tree_score (
    chunk_id TEXT PRIMARY KEY,
    total REAL NOT NULL,
    token_count_signal REAL NOT NULL DEFAULT 0,
    unique_words_signal REAL NOT NULL DEFAULT 0,
    metadata_weight REAL NOT NULL DEFAULT 0,
    source_weight REAL NOT NULL DEFAULT 0,
    interaction_weight REAL NOT NULL DEFAULT 0,
    entity_density REAL NOT NULL DEFAULT 0,
    dropped INTEGER NOT NULL DEFAULT 0,
    reason TEXT,
    computed_at_ms INTEGER NOT NULL,
    llm_importance REAL,
    llm_importance_reason TEXT
);

CREATE TABLE mem_tree_chunk_embeddings (
    chunk_id TEXT NOT NULL,
    model_signature TEXT NOT NULL,
    vector BLOB NOT NULL,
    dim INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (chunk_id, model_signature)
);
CREATE TABLE mem_tree_summary_embeddings (
    summary_id TEXT NOT NULL,
    model_signature TEXT NOT NULL,
    vector BLOB NOT NULL,
    dim INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (summary_id, model_signature)
);

CREATE TABLE mem_tree_buffers (
    tree_id TEXT NOT NULL,
    level INTEGER NOT NULL,
    item_ids_json TEXT NOT NULL DEFAULT '[]',
    token_sum INTEGER NOT NULL DEFAULT 0,
    oldest_at_ms INTEGER,
    updated_at_ms INTEGER NOT NULL,
    PRIMARY KEY (tree_id, level)
);

-- FTS5 indexes over chunk and summary text; rowid = the rid column of the mem_tree_* table.
-- Besides the body, a chunk is found by text that is not its body, each in its own column so
-- that bm25 can weigh it (settings search.fts.*_weight): `context` (author, tags, session and
-- date), `near` (the items right before and after it in its thread or session) and `far` (the
-- ones two away). A reply is often only findable through the question it answers.
CREATE VIRTUAL TABLE mem_tree_chunks_fts USING fts5(
    content, context, near, far, tokenize = 'porter unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE mem_tree_summaries_fts USING fts5(
    content, tokenize = 'porter unicode61 remove_diacritics 2');

-- Sources as imported: one row per source_id, for stats, listing and atomic replace.
CREATE TABLE ml_sources (
    source_id TEXT PRIMARY KEY,
    source_kind TEXT NOT NULL,
    platform TEXT NOT NULL,
    title TEXT,
    format TEXT NOT NULL,
    origin_path TEXT,
    doc_id TEXT,
    version_ms INTEGER,
    chunk_count INTEGER NOT NULL DEFAULT 0,
    imported_at_ms INTEGER NOT NULL
);

-- The topic tree of the vector leg: hierarchical clusters of embeddings.
CREATE TABLE ml_topic_nodes (
    topic_key TEXT PRIMARY KEY,
    parent_key TEXT,
    depth INTEGER NOT NULL,
    is_leaf INTEGER NOT NULL,
    centroid BLOB NOT NULL,
    member_count INTEGER NOT NULL,
    label TEXT
);
CREATE INDEX ml_topic_nodes_parent ON ml_topic_nodes(parent_key);
CREATE TABLE ml_topic_members (
    topic_key TEXT NOT NULL,
    node_id TEXT NOT NULL,
    PRIMARY KEY (topic_key, node_id)
) WITHOUT ROWID;
CREATE INDEX ml_topic_members_node ON ml_topic_members(node_id);

-- One row per query (the audit log, docs/explanations.md).
CREATE TABLE retrieval_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ts_ms INTEGER NOT NULL,
    query TEXT NOT NULL,
    query_hash TEXT NOT NULL,
    mode TEXT NOT NULL,
    query_profile TEXT NOT NULL,  -- JSON: legs' counts and top scores, weights, fusion, filters
    sources TEXT NOT NULL,        -- JSON: contributing node ids with ranks and scores
    settings TEXT NOT NULL,       -- JSON: every setting the query ran with, for replay
    elapsed_ms REAL NOT NULL,
    vault_revision INTEGER NOT NULL,
    error TEXT
);
CREATE INDEX retrieval_log_ts ON retrieval_log(ts_ms);

CREATE TABLE ml_settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
)SQL";

// search_entities matched a LIKE pattern against every row of the entity index: linear in all
// mentions (805 ms at 100,000 chunks). ml_entities holds one row per entity, kept by a trigger
// so that every writer of the index (ingest, tests, future tools) keeps it whole.
} // namespace

// The entity list's table and its fill from the index, parameterised by schema ("" or "ml." for
// the table, "" or "main." for the index) so a workspace builds the same list in its attached
// schema. Schema 7's shape; migration 2 created the older one (migration2() below).
std::string entity_list_sql(std::string_view table_schema, std::string_view index_schema) {
    const std::string t(table_schema);
    return "CREATE TABLE " + t + R"SQL(ml_entities (
    entity_id TEXT NOT NULL,
    entity_kind TEXT NOT NULL,
    surface TEXT NOT NULL,       -- the newest chunk's surface
    surfaces TEXT NOT NULL,      -- every distinct surface, one per line
    mentions INTEGER NOT NULL,   -- index rows: the chunks and summaries naming it
    first_seen_ms INTEGER,       -- the oldest chunk naming it (NULL when only summaries do)
    last_seen_ms INTEGER,        -- the newest chunk naming it
    PRIMARY KEY (entity_id, entity_kind)
) WITHOUT ROWID;
)SQL" + entity_list_fill_sql(table_schema, index_schema, "");
}

// A summary names the entities of its children under its own time (the end of its span), so
// the seen times come from the chunks alone: an entity's own oldest and newest mention.
std::string entity_list_fill_sql(std::string_view table_schema, std::string_view index_schema,
                                 std::string_view entity_filter) {
    const std::string t(table_schema), i(index_schema);
    const std::string where = entity_filter.empty() ? "" : " WHERE " + std::string(entity_filter);
    const std::string also = entity_filter.empty() ? "" : " AND " + std::string(entity_filter);
    return "INSERT INTO " + t +
           R"SQL(ml_entities(entity_id, entity_kind, surface, surfaces, mentions,
    first_seen_ms, last_seen_ms)
SELECT m.entity_id, m.entity_kind, coalesce(l.surface, m.surface), s.surfaces, m.mentions,
       m.first_seen_ms, l.last_seen_ms
FROM (SELECT entity_id, entity_kind, surface, count(*) AS mentions,
             min(CASE WHEN node_kind = 'leaf' THEN timestamp_ms END) AS first_seen_ms
      FROM )SQL" +
           i + "mem_tree_entity_index" + where + R"SQL( GROUP BY entity_id, entity_kind) m
LEFT JOIN (SELECT entity_id, entity_kind, surface, max(timestamp_ms) AS last_seen_ms
      FROM )SQL" +
           i + "mem_tree_entity_index WHERE node_kind = 'leaf'" + also +
           R"SQL( GROUP BY entity_id, entity_kind) l
  ON l.entity_id = m.entity_id AND l.entity_kind = m.entity_kind
JOIN (SELECT entity_id, entity_kind, group_concat(surface, char(10)) AS surfaces
      FROM (SELECT DISTINCT entity_id, entity_kind, surface FROM )SQL" +
           i + "mem_tree_entity_index" + where + R"SQL()
      GROUP BY entity_id, entity_kind) s
  ON s.entity_id = m.entity_id AND s.entity_kind = m.entity_kind;
)SQL";
}

namespace {

// Schema 2's entity list as it was (a migration never changes): seen time from every index row.
constexpr const char* kEntityListV2 = R"SQL(
CREATE TABLE ml_entities (
    entity_id TEXT NOT NULL,
    entity_kind TEXT NOT NULL,
    surface TEXT NOT NULL,       -- the newest mention's surface
    surfaces TEXT NOT NULL,      -- every distinct surface, one per line
    mentions INTEGER NOT NULL,
    last_seen_ms INTEGER NOT NULL,
    PRIMARY KEY (entity_id, entity_kind)
) WITHOUT ROWID;
INSERT INTO ml_entities(entity_id, entity_kind, surface, surfaces, mentions, last_seen_ms)
SELECT c.entity_id, c.entity_kind, c.surface, s.surfaces, c.mentions, c.last_seen_ms
FROM (SELECT entity_id, entity_kind, surface, count(*) AS mentions,
             max(timestamp_ms) AS last_seen_ms
      FROM mem_tree_entity_index GROUP BY entity_id, entity_kind) c
JOIN (SELECT entity_id, entity_kind, group_concat(surface, char(10)) AS surfaces
      FROM (SELECT DISTINCT entity_id, entity_kind, surface FROM mem_tree_entity_index)
      GROUP BY entity_id, entity_kind) s
  ON s.entity_id = c.entity_id AND s.entity_kind = c.entity_kind;
)SQL";

const std::string& migration2() {
    static const std::string sql = std::string(kEntityListV2) + R"SQL(
CREATE TRIGGER ml_entities_on_mention AFTER INSERT ON mem_tree_entity_index BEGIN
    INSERT INTO ml_entities(entity_id, entity_kind, surface, surfaces, mentions, last_seen_ms)
    VALUES (NEW.entity_id, NEW.entity_kind, NEW.surface, NEW.surface, 1, NEW.timestamp_ms)
    ON CONFLICT(entity_id, entity_kind) DO UPDATE SET
        mentions = mentions + 1,
        surface = CASE WHEN excluded.last_seen_ms >= last_seen_ms THEN excluded.surface
                       ELSE surface END,
        last_seen_ms = max(last_seen_ms, excluded.last_seen_ms),
        surfaces = CASE WHEN instr(char(10) || surfaces || char(10),
                                   char(10) || excluded.surface || char(10)) > 0
                        THEN surfaces ELSE surfaces || char(10) || excluded.surface END;
END;
)SQL";
    return sql;
}

// Schema 3. The topic index file beside vault.db (topic_file.cpp) is derived from the
// embeddings; any change to them, by whatever writer, forgets the token that lets load() map
// the file. And two partial indexes: opening a search engine lists the superseded chunks and
// the supersedes links, which were full scans of the chunk table (seconds at a million chunks).
constexpr const char* kMigration3 = R"SQL(
CREATE TRIGGER ml_topic_file_on_chunk_insert AFTER INSERT ON mem_tree_chunk_embeddings BEGIN
    DELETE FROM ml_settings WHERE key = 'topic_tree.file_token';
END;
CREATE TRIGGER ml_topic_file_on_chunk_update AFTER UPDATE ON mem_tree_chunk_embeddings BEGIN
    DELETE FROM ml_settings WHERE key = 'topic_tree.file_token';
END;
CREATE TRIGGER ml_topic_file_on_chunk_delete AFTER DELETE ON mem_tree_chunk_embeddings BEGIN
    DELETE FROM ml_settings WHERE key = 'topic_tree.file_token';
END;
CREATE TRIGGER ml_topic_file_on_summary_insert AFTER INSERT ON mem_tree_summary_embeddings BEGIN
    DELETE FROM ml_settings WHERE key = 'topic_tree.file_token';
END;
CREATE TRIGGER ml_topic_file_on_summary_update AFTER UPDATE ON mem_tree_summary_embeddings BEGIN
    DELETE FROM ml_settings WHERE key = 'topic_tree.file_token';
END;
CREATE TRIGGER ml_topic_file_on_summary_delete AFTER DELETE ON mem_tree_summary_embeddings BEGIN
    DELETE FROM ml_settings WHERE key = 'topic_tree.file_token';
END;
CREATE INDEX ml_chunks_superseded ON mem_tree_chunks(id) WHERE superseded != 0;
CREATE INDEX ml_chunks_supersedes ON mem_tree_chunks(timestamp_ms, id, supersedes)
    WHERE supersedes IS NOT NULL;
)SQL";

// Schema 4. Who asked: an agent's call through the MCP server (app/mcp, docs/agents.md) names
// its client, its connection, the tool and its arguments; NULL on the rows of the GUI and the
// CLI. The index serves the Audit page's and `audit list`'s filters by agent and session.
constexpr const char* kMigration4 = R"SQL(
ALTER TABLE retrieval_log ADD COLUMN client TEXT;
ALTER TABLE retrieval_log ADD COLUMN session TEXT;
ALTER TABLE retrieval_log ADD COLUMN tool TEXT;
ALTER TABLE retrieval_log ADD COLUMN arguments TEXT;
CREATE INDEX retrieval_log_client ON retrieval_log(client, session) WHERE client IS NOT NULL;
)SQL";

// Schema 5. A search's candidate pools leave query_profile (where format 1 kept them as base64
// inside the JSON) for a column of their own, compressed binary (core/src/audit/
// candidate_codec.cpp): a blast radius reads ten thousand rows, and parsing base64 out of JSON
// was most of that. Older rows keep format 1 in query_profile and still decode. The index
// finds the newest row with pools (the Lab's starting row) without a scan.
constexpr const char* kMigration5 = R"SQL(
ALTER TABLE retrieval_log ADD COLUMN candidates BLOB;
CREATE INDEX retrieval_log_candidates ON retrieval_log(id) WHERE candidates IS NOT NULL;
)SQL";

// Schema 6. A store appends (docs/formats.md, "The topic index"): the file beside vault.db stays
// current after a write, and what changed since it was written is listed here, one row per
// vector inserted, replaced or deleted, in order. load() maps the file and reads only these
// nodes' vectors from vault.db; save() (an import past the bound, reindex) writes a new file
// holding them and empties the list in the same transaction as the file's token.
constexpr const char* kMigration6 = R"SQL(
DROP TRIGGER ml_topic_file_on_chunk_insert;
DROP TRIGGER ml_topic_file_on_chunk_update;
DROP TRIGGER ml_topic_file_on_chunk_delete;
DROP TRIGGER ml_topic_file_on_summary_insert;
DROP TRIGGER ml_topic_file_on_summary_update;
DROP TRIGGER ml_topic_file_on_summary_delete;
CREATE TABLE ml_topic_delta (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    node_id TEXT NOT NULL
);
CREATE TRIGGER ml_topic_delta_on_chunk_insert AFTER INSERT ON mem_tree_chunk_embeddings BEGIN
    INSERT INTO ml_topic_delta(node_id) VALUES (NEW.chunk_id);
END;
CREATE TRIGGER ml_topic_delta_on_chunk_update AFTER UPDATE ON mem_tree_chunk_embeddings BEGIN
    INSERT INTO ml_topic_delta(node_id) VALUES (OLD.chunk_id);
    INSERT INTO ml_topic_delta(node_id) SELECT NEW.chunk_id WHERE NEW.chunk_id != OLD.chunk_id;
END;
CREATE TRIGGER ml_topic_delta_on_chunk_delete AFTER DELETE ON mem_tree_chunk_embeddings BEGIN
    INSERT INTO ml_topic_delta(node_id) VALUES (OLD.chunk_id);
END;
CREATE TRIGGER ml_topic_delta_on_summary_insert AFTER INSERT ON mem_tree_summary_embeddings BEGIN
    INSERT INTO ml_topic_delta(node_id) VALUES (NEW.summary_id);
END;
CREATE TRIGGER ml_topic_delta_on_summary_update AFTER UPDATE ON mem_tree_summary_embeddings BEGIN
    INSERT INTO ml_topic_delta(node_id) VALUES (OLD.summary_id);
    INSERT INTO ml_topic_delta(node_id) SELECT NEW.summary_id
        WHERE NEW.summary_id != OLD.summary_id;
END;
CREATE TRIGGER ml_topic_delta_on_summary_delete AFTER DELETE ON mem_tree_summary_embeddings BEGIN
    INSERT INTO ml_topic_delta(node_id) VALUES (OLD.summary_id);
END;
)SQL";

// Schema 7. An entity's seen times are its own: a summary's index rows carry the summary's end,
// so "last seen" was the newest memory's time for every entity a recent summary named. The
// list is rebuilt with first and last seen from the chunks (entity_list_sql), and the trigger
// takes a summary's row as a mention without moving the times.
const std::string& migration7() {
    static const std::string sql =
        "DROP TRIGGER ml_entities_on_mention;\nDROP TABLE ml_entities;\n" +
        entity_list_sql("", "") + R"SQL(
CREATE TRIGGER ml_entities_on_entity_mention AFTER INSERT ON mem_tree_entity_index BEGIN
    INSERT INTO ml_entities(entity_id, entity_kind, surface, surfaces, mentions, first_seen_ms,
                            last_seen_ms)
    VALUES (NEW.entity_id, NEW.entity_kind, NEW.surface, NEW.surface, 1,
            CASE WHEN NEW.node_kind = 'leaf' THEN NEW.timestamp_ms END,
            CASE WHEN NEW.node_kind = 'leaf' THEN NEW.timestamp_ms END)
    ON CONFLICT(entity_id, entity_kind) DO UPDATE SET
        mentions = mentions + 1,
        surface = CASE WHEN excluded.last_seen_ms >= coalesce(last_seen_ms, excluded.last_seen_ms)
                       THEN excluded.surface ELSE surface END,
        first_seen_ms = coalesce(min(first_seen_ms, excluded.first_seen_ms), first_seen_ms,
                                 excluded.first_seen_ms),
        last_seen_ms = coalesce(max(last_seen_ms, excluded.last_seen_ms), last_seen_ms,
                                excluded.last_seen_ms),
        surfaces = CASE WHEN instr(char(10) || surfaces || char(10),
                                   char(10) || excluded.surface || char(10)) > 0
                        THEN surfaces ELSE surfaces || char(10) || excluded.surface END;
END;
)SQL";
    return sql;
}

// Schema 8. A store adds its leaf to its source's L0 buffer, which holds thousands of ids before it
// seals (the budget is 50,000 tokens): rewriting item_ids_json on each store wrote the whole list
// again. A buffer's items are item_ids_json followed by its rows here, by pos (sealer.h); sealing
// or reading the buffer whole writes item_ids_json again and empties its rows.
constexpr const char* kMigration8 = R"SQL(
CREATE TABLE ml_buffer_appends (
    tree_id TEXT NOT NULL,
    level INTEGER NOT NULL,
    pos INTEGER NOT NULL,
    item_id TEXT NOT NULL,
    PRIMARY KEY (tree_id, level, pos)
) WITHOUT ROWID;
)SQL";

// Schema 9. Two lookups a click runs on the largest vaults. query_topic wants an entity's newest
// mentions: the primary key (entity_id, node_id) found them but read every mention's row for
// its time and sorted (186 ms for an entity of 63,000 mentions at a million chunks). cover_window
// wants a window's chunks that no covering summary hides: the unsealed ones (no parent) and
// those of the summaries at the window's edges, each a range of (parent, start) instead of
// every chunk of the window (a million-chunk vault's 90 days are 500,000). The new parent index
// serves every lookup the one-column index did.
constexpr const char* kMigration9 = R"SQL(
CREATE INDEX ml_entity_index_newest ON mem_tree_entity_index(entity_id, timestamp_ms DESC, node_id);
DROP INDEX mem_tree_chunks_parent;
CREATE INDEX mem_tree_chunks_parent ON mem_tree_chunks(parent_summary_id, time_range_start_ms);
)SQL";

// Schema 10. Judgments (judgments.h, docs/judgments.md): the queries a person, an agent or a
// benchmark judged, and one grade per query, node and judge. A node's judgments are kept when
// the node is forgotten (they name what was judged, not a row that must exist), so a metric
// over them counts a forgotten relevant memory as missed.
constexpr const char* kMigration10 = R"SQL(
CREATE TABLE ml_judged_queries (
    id TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    now_ms INTEGER,                          -- asked as of this time; NULL: the time of asking
    persons_json TEXT NOT NULL DEFAULT '[]', -- the persons its asker knew
    created_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX ml_judged_queries_text ON ml_judged_queries(text);
CREATE TABLE ml_judgments (
    query_id TEXT NOT NULL,
    node_id TEXT NOT NULL,
    judge TEXT NOT NULL,
    grade INTEGER NOT NULL CHECK (grade BETWEEN 0 AND 3),
    reason TEXT NOT NULL DEFAULT '',
    audit_id INTEGER,
    time_ms INTEGER NOT NULL,
    PRIMARY KEY (query_id, node_id, judge)
) WITHOUT ROWID;
CREATE INDEX ml_judgments_node ON ml_judgments(node_id);
)SQL";

// Schema 11. What imports after its training teach a vault's word model (embedder.kind ppmi,
// docs/embeddings.md): the words it has learned since, and what the vault's text says about the
// words it does not know yet, until they occur in enough turns to be learned. Rows name the model
// (its signature) they extend; a new training leaves the older rows unused.
constexpr const char* kMigration11 = R"SQL(
CREATE TABLE ml_ppmi_words (
    seq INTEGER PRIMARY KEY,  -- the order the words were learned in
    model TEXT NOT NULL,      -- the signature of the model (words.ppmi) it extends
    stem TEXT NOT NULL,
    idf REAL NOT NULL,
    vector BLOB NOT NULL,     -- the model's dim of little-endian f32, unit length
    UNIQUE (model, stem)
);
CREATE TABLE ml_ppmi_pending (
    model TEXT NOT NULL,
    stem TEXT NOT NULL,
    turns INTEGER NOT NULL,   -- turns it occurred in since the training
    contexts BLOB NOT NULL,   -- (trained word's index u32, co-occurrences f32) pairs, by index
    PRIMARY KEY (model, stem)
) WITHOUT ROWID;
CREATE TABLE ml_ppmi_turns (
    model TEXT PRIMARY KEY,
    turns INTEGER NOT NULL    -- turns imported since the training
) WITHOUT ROWID;
)SQL";

// Schema 12. What each answered search returned, apart from its row: health reads every answered
// search's returned ids and time, and in retrieval_log those lie behind the row's query profile
// and pools on overflow pages (about 10 KB a row), as do the error and tool columns that say
// which rows are answered searches. Triggers keep the table equal to what the log's rows say
// (the condition is kAnsweredSearchRows, audit/logged_ids.h) through every insert, update (a
// forget's redaction) and delete, by any writer; a row whose sources are not an array of objects
// with a text node_id, which health counts as naming nothing, has no entry. Existing rows are
// copied in.
#define MEMLENS_RETURNED_SELECT(R, FROM)                                                           \
    "SELECT " R ".id, " R ".ts_ms, " R ".query, (SELECT json_group_array(json_object('node_id', "  \
    "json_extract(value, '$.node_id'))) FROM json_each(" R ".sources))" FROM " WHERE " R           \
    ".error IS NULL AND (" R ".tool IS NULL OR " R ".tool = 'memory_search') AND "                 \
    "json_valid(" R ".sources) AND json_type(" R ".sources) = 'array' AND NOT EXISTS (SELECT 1 "   \
    "FROM json_each(" R ".sources) WHERE json_type(value) != 'object' OR "                         \
    "json_type(value, '$.node_id') IS NOT 'text')"
constexpr const char* kMigration12 =
    "CREATE TABLE ml_log_returned (\n"
    "    log_id INTEGER PRIMARY KEY, -- retrieval_log.id of an answered search\n"
    "    ts_ms INTEGER NOT NULL,\n"
    "    query TEXT NOT NULL,\n"
    "    node_ids TEXT NOT NULL      -- [{\"node_id\": …}, …] in rank order, as sources has them\n"
    ");\n"
    "CREATE TRIGGER ml_log_returned_on_insert AFTER INSERT ON retrieval_log BEGIN\n"
    "    INSERT INTO ml_log_returned(log_id, ts_ms, query, node_ids) " MEMLENS_RETURNED_SELECT(
        "NEW",
        "") ";\n"
            "END;\n"
            "CREATE TRIGGER ml_log_returned_on_update AFTER UPDATE ON retrieval_log BEGIN\n"
            "    DELETE FROM ml_log_returned WHERE log_id = OLD.id;\n"
            "    INSERT INTO ml_log_returned(log_id, ts_ms, query, "
            "node_ids) " MEMLENS_RETURNED_SELECT(
                "NEW",
                "") ";\n"
                    "END;\n"
                    "CREATE TRIGGER ml_log_returned_on_delete AFTER DELETE ON retrieval_log BEGIN\n"
                    "    DELETE FROM ml_log_returned WHERE log_id = OLD.id;\n"
                    "END;\n"
                    "INSERT INTO ml_log_returned(log_id, ts_ms, query, "
                    "node_ids) " MEMLENS_RETURNED_SELECT("r", " FROM retrieval_log r") ";\n";
#undef MEMLENS_RETURNED_SELECT

// Schema 13. A memory found by the reference its source gave it (a turn such as "D1:3", a
// message's own id): node_ref.cpp looks chunks up by source_ref, which no index served, so every
// lookup read the whole chunk table (2.95 s at a million chunks).
constexpr const char* kMigration13 = R"SQL(
CREATE INDEX ml_chunks_source_ref ON mem_tree_chunks(source_ref) WHERE source_ref IS NOT NULL;
)SQL";

} // namespace

const std::vector<const char*>& migrations() {
    static const std::vector<const char*> kAll = {
        kMigration1,  migration2().c_str(), kMigration3, kMigration4, kMigration5,
        kMigration6,  migration7().c_str(), kMigration8, kMigration9, kMigration10,
        kMigration11, kMigration12,         kMigration13};
    return kAll;
}

int latest_version() {
    return static_cast<int>(migrations().size());
}

const std::vector<const char*>& markers() {
    static const std::vector<const char*> kAll = {"mem_tree_chunks",
                                                  "ml_entities",
                                                  "ml_chunks_superseded",
                                                  "retrieval_log_client",
                                                  "retrieval_log_candidates",
                                                  "ml_topic_delta",
                                                  "ml_entities_on_entity_mention",
                                                  "ml_buffer_appends",
                                                  "ml_entity_index_newest",
                                                  "ml_judgments",
                                                  "ml_ppmi_words",
                                                  "ml_log_returned",
                                                  "ml_chunks_source_ref"};
    return kAll;
}

} // namespace memlens::schema
