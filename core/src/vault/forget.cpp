// Forgetting memories (memlens/forget.h): one transaction that removes a chunk's text from the
// vault's every table, index and file, then a checkpoint that truncates the WAL.
#include "ingest/ids.h"
#include "json/dump.h"
#include "json/string_array.h"
#include "scoped_pragma.h"
#include "seal/sealer.h"

#include <memlens/audit.h>
#include <memlens/embedder.h>
#include <memlens/forget.h>
#include <memlens/ingest.h>
#include <memlens/settings.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>
#include <memlens/time_util.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace memlens {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxForgetNameBytes = 1024;

std::string forgotten_ids_json(const std::vector<std::string>& ids) {
    return dump_json(json(ids));
}
template <typename C> std::string set_json(const C& ids) {
    return forgotten_ids_json(std::vector<std::string>(ids.begin(), ids.end()));
}

// Every row of a one-column text query.
Result<std::vector<std::string>> strings(Statement& st) {
    std::vector<std::string> out;
    while (true) {
        auto row = st.step();
        if (!row)
            return row.status();
        if (!*row)
            return out;
        out.push_back(st.column_text(0));
    }
}

struct Memory {
    std::string id;
    std::int64_t rid = 0;
    std::string source_id;
    std::optional<std::string> group_id;
    std::optional<std::string> supersedes;
    std::string content;
};

struct Summary {
    std::string id;
    int level = 1;
    std::int64_t rid = 0;
    std::string tree_id;
    std::vector<std::string> children;
};

// The memories a request names, sorted by id. Errors name what is missing.
Result<std::vector<Memory>> select_memories(const Vault& vault, const ForgetRequest& req) {
    const Database& db = vault.db();
    std::vector<std::string> ids;
    if (!req.ids.empty()) {
        auto chunk = db.prepare("SELECT 1 FROM mem_tree_chunks WHERE id = ?");
        auto summary = db.prepare("SELECT 1 FROM mem_tree_summaries WHERE id = ?");
        if (!chunk || !summary)
            return !chunk ? chunk.status() : summary.status();
        for (const auto& id : req.ids) {
            chunk->reset();
            chunk->bind(1, id);
            auto found = chunk->step();
            if (!found)
                return found.status();
            if (*found) {
                ids.push_back(id);
                continue;
            }
            summary->reset();
            summary->bind(1, id);
            auto is_summary = summary->step();
            if (!is_summary)
                return is_summary.status();
            if (*is_summary)
                return Status::invalid("'" + id +
                                       "' is a summary, not a memory: forget the memories it "
                                       "was built from (drill_down lists them) and it is "
                                       "re-sealed without them");
            return Status::not_found("no memory '" + id + "' in " + vault.dir().string());
        }
    } else {
        if (req.source) {
            auto n = db.prepare("SELECT count(*) FROM mem_tree_chunks WHERE source_id = ?");
            if (!n)
                return n.status();
            n->bind(1, *req.source);
            auto row = n->step();
            if (!row)
                return row.status();
            if (n->column_int64(0) == 0)
                return Status::not_found("no memories of source '" + *req.source + "' in " +
                                         vault.dir().string());
        }
        auto st = db.prepare("SELECT id FROM mem_tree_chunks WHERE (?1 IS NULL OR source_id = ?1) "
                             "AND (?2 IS NULL OR timestamp_ms < ?2)");
        if (!st)
            return st.status();
        st->bind(1, req.source).bind(2, req.before_ms);
        auto all = strings(*st);
        if (!all)
            return all.status();
        ids = std::move(all).value();
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());

    auto st = db.prepare("SELECT id, rid, source_id, group_id, supersedes, content "
                         "FROM mem_tree_chunks WHERE id IN (SELECT value FROM json_each(?))");
    if (!st)
        return st.status();
    st->bind(1, forgotten_ids_json(ids));
    std::vector<Memory> out;
    MEMLENS_TRY(st->each_row([&] {
        out.push_back({st->column_text(0), st->column_int64(1), st->column_text(2),
                       st->column_optional_text(3), st->column_optional_text(4),
                       st->column_text(5)});
    }));
    std::sort(out.begin(), out.end(), [](const Memory& a, const Memory& b) { return a.id < b.id; });
    return out;
}

// Every summary built from the memories, directly or through other summaries, lowest level
// first.
Result<std::vector<Summary>> affected_summaries(const Database& db,
                                                const std::vector<Memory>& memories) {
    std::vector<std::string> ids;
    for (const auto& m : memories)
        ids.push_back(m.id);
    auto st = db.prepare("WITH RECURSIVE up(id) AS ("
                         " SELECT s.id FROM mem_tree_summaries s, json_each(s.child_ids_json) j"
                         "  WHERE j.value IN (SELECT value FROM json_each(?1))"
                         " UNION"
                         " SELECT s.parent_id FROM mem_tree_summaries s JOIN up ON s.id = up.id"
                         "  WHERE s.parent_id IS NOT NULL)"
                         "SELECT id, level, rid, tree_id, child_ids_json FROM mem_tree_summaries "
                         "WHERE id IN (SELECT id FROM up) ORDER BY level, id");
    if (!st)
        return st.status();
    st->bind(1, forgotten_ids_json(ids));
    std::vector<Summary> out;
    while (true) {
        auto row = st->step();
        if (!row)
            return row.status();
        if (!*row)
            return out;
        out.push_back({st->column_text(0), static_cast<int>(st->column_int64(1)),
                       st->column_int64(2), st->column_text(3),
                       parse_string_array(st->column_text_view(4))});
    }
}

// What a plan knows: the memories and, per affected summary, whether anything stays under it.
struct Plan {
    std::vector<Memory> memories;
    std::vector<Summary> summaries;
    std::set<std::string> removed; // memories and the summaries that lose every child
};

Result<Plan> make_plan(const Vault& vault, const ForgetRequest& req) {
    MEMLENS_TRY(check_forget_request(req));
    Plan p;
    auto memories = select_memories(vault, req);
    if (!memories)
        return memories.status();
    p.memories = std::move(memories).value();
    auto summaries = affected_summaries(vault.db(), p.memories);
    if (!summaries)
        return summaries.status();
    p.summaries = std::move(summaries).value();
    for (const auto& m : p.memories)
        p.removed.insert(m.id);
    for (auto& s : p.summaries) {
        std::erase_if(s.children, [&](const std::string& c) { return p.removed.count(c) != 0; });
        if (s.children.empty())
            p.removed.insert(s.id);
    }
    return p;
}

void fill_counts(const Plan& p, ForgetReport& r) {
    for (const auto& m : p.memories)
        r.memories.push_back(m.id);
    for (const auto& s : p.summaries)
        (p.removed.count(s.id) ? r.summaries_removed : r.summaries_resealed).push_back(s.id);
}

// Removes every copy of `text` (whole, or its start where a neighbour's text was clipped) from
// an FTS5 neighbour column (`near` / `far`: the texts of the items around a chunk, newline
// separated, each cut at 1200 bytes; ingestor.cpp, find_neighbours).
bool strip_copies(std::string& column, const std::string& text) {
    if (text.empty())
        return false;
    const std::string head = text.substr(0, std::min<std::size_t>(text.size(), 64));
    bool changed = false;
    std::size_t from = 0;
    while ((from = column.find(head, from)) != std::string::npos) {
        std::size_t n = 0;
        while (from + n < column.size() && n < text.size() && column[from + n] == text[n])
            ++n;
        column.erase(from, n);
        changed = true;
    }
    return changed;
}

// The audit log's copies: an agent's call that stored or returned a forgotten memory keeps its
// ids and scores; a copy of the memory's text in it becomes the marker. A copy is a text that
// holds a forgotten memory's text whole, or that a forgotten memory's text starts with (a
// store's query column keeps the start of what was stored), blanks around it aside; the
// `text` argument (what memory_store stores) is one whatever it says. Every row naming a
// forgotten memory lists it under query_profile "forgotten".
bool is_copy(std::string_view s, const std::vector<std::string>& contents) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return false;
    s = s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
    return std::any_of(contents.begin(), contents.end(), [&](const std::string& c) {
        return !c.empty() && (std::string_view(c).starts_with(s) || s.find(c) != s.npos);
    });
}

bool redact_arguments(json& args, const std::vector<std::string>& contents) {
    if (args.is_string()) { // arguments too long to keep whole were kept as their start
        if (args.get_ref<const std::string&>() == kForgottenMarker)
            return false;
        args = std::string(kForgottenMarker);
        return true;
    }
    if (!args.is_object())
        return false;
    bool changed = false;
    for (auto& [key, value] : args.items()) {
        if (!value.is_string() || value.get_ref<const std::string&>() == kForgottenMarker)
            continue;
        if (key == "text" || is_copy(value.get_ref<const std::string&>(), contents)) {
            value = std::string(kForgottenMarker);
            changed = true;
        }
    }
    return changed;
}

bool redact_record(AuditRecord& r, const std::set<std::string>& forgotten,
                   const std::vector<std::string>& contents) {
    std::vector<std::string> named;
    for (const auto& s : json::parse(r.sources, nullptr, false)) {
        if (s.is_object() && s.contains("node_id") && s["node_id"].is_string() &&
            forgotten.count(s["node_id"].get<std::string>()))
            named.push_back(s["node_id"].get<std::string>());
    }
    if (named.empty())
        return false;
    json profile = json::parse(r.query_profile, nullptr, false);
    if (!profile.is_object())
        profile = json::object();
    std::set<std::string> all(named.begin(), named.end());
    if (profile.contains("forgotten"))
        for (auto& id : json_string_array(profile["forgotten"]))
            all.insert(id);
    profile["forgotten"] = std::vector<std::string>(all.begin(), all.end());
    if (!search_mode_from_string(r.mode)) {
        // A call that is not a search (memory_store, fetch_leaves, …): its query is the text it
        // was about, its arguments (kept twice) may hold the memory itself.
        if (is_copy(r.query, contents)) {
            r.query = std::string(kForgottenMarker);
            r.query_hash = hash_hex(fnv1a64(r.query));
        }
        if (profile.contains("arguments"))
            redact_arguments(profile["arguments"], contents);
        if (!r.caller.arguments.empty()) {
            json args = json::parse(r.caller.arguments, nullptr, false);
            if (args.is_discarded())
                args = r.caller.arguments;
            if (redact_arguments(args, contents))
                r.caller.arguments = dump_json(args);
        }
    }
    r.query_profile = dump_json(profile);
    return true;
}

class Forget {
public:
    Forget(Vault& vault, Embedder& embedder, Plan plan)
        : vault_(vault)
        , db_(vault.db())
        , embedder_(embedder)
        , plan_(std::move(plan)) {
        for (const auto& m : plan_.memories)
            contents_.push_back(m.content);
    }

    Result<ForgetReport> run() {
        fill_counts(plan_, report_);
        MEMLENS_TRY(collect_entities());
        MEMLENS_TRY(remove_memories());
        MEMLENS_TRY(strip_neighbours());
        MEMLENS_TRY(reseal_summaries());
        MEMLENS_TRY(update_buffers_and_trees());
        MEMLENS_TRY(recount_entities());
        MEMLENS_TRY(recount_entity_list());
        MEMLENS_TRY(update_sources());
        MEMLENS_TRY(restore_superseded());
        MEMLENS_TRY(redact_audit());
        // FTS5 keeps a deleted row's tokens in its segments until they are merged: merge them
        // all now, so that no page of the index holds them.
        MEMLENS_TRY(db_.exec("INSERT INTO mem_tree_chunks_fts(mem_tree_chunks_fts) "
                             "VALUES('optimize')"));
        MEMLENS_TRY(db_.exec("INSERT INTO mem_tree_summaries_fts(mem_tree_summaries_fts) "
                             "VALUES('optimize')"));
        // The topic index without their vectors, rewritten as an import does (ingestor.cpp).
        auto index = TopicIndex::load(db_, embedder_.signature());
        if (!index)
            return index.status();
        MEMLENS_TRY(index->save(db_));
        MEMLENS_TRY(vault_.bump_revision());
        return report_;
    }

private:
    Status exec(std::string_view sql, const std::string& a) {
        auto st = db_.prepare(sql);
        if (!st)
            return st.status();
        st->bind(1, a);
        return st->exec();
    }
    Status exec(std::string_view sql, std::int64_t a) {
        auto st = db_.prepare(sql);
        if (!st)
            return st.status();
        st->bind(1, a);
        return st->exec();
    }

    Status collect_entities() {
        std::vector<std::string> nodes;
        for (const auto& m : plan_.memories)
            nodes.push_back(m.id);
        for (const auto& s : plan_.summaries)
            nodes.push_back(s.id);
        auto st = db_.prepare("SELECT node_id, entity_id, node_kind FROM mem_tree_entity_index "
                              "WHERE node_id IN (SELECT value FROM json_each(?)) "
                              "ORDER BY node_id, entity_id");
        if (!st)
            return st.status();
        st->bind(1, forgotten_ids_json(nodes));
        std::map<std::string, std::vector<std::string>> leaf_entities;
        MEMLENS_TRY(st->each_row([&] {
            entities_.insert(st->column_text(1));
            if (st->column_text_view(2) == "leaf")
                leaf_entities[st->column_text(0)].push_back(st->column_text(1));
        }));
        for (const auto& [node, ents] : leaf_entities)
            for (std::size_t i = 0; i < ents.size(); ++i)
                for (std::size_t j = i + 1; j < ents.size(); ++j)
                    pairs_.insert(std::minmax(ents[i], ents[j]));
        return Status::ok();
    }

    Status remove_memories() {
        for (const auto& m : plan_.memories) {
            MEMLENS_TRY(exec("DELETE FROM mem_tree_chunks_fts WHERE rowid = ?", m.rid));
            MEMLENS_TRY(exec("DELETE FROM mem_tree_chunks WHERE id = ?", m.id));
            MEMLENS_TRY(exec("DELETE FROM mem_tree_chunk_embeddings WHERE chunk_id = ?", m.id));
            MEMLENS_TRY(exec("DELETE FROM mem_tree_score WHERE chunk_id = ?", m.id));
            MEMLENS_TRY(exec("DELETE FROM mem_tree_entity_index WHERE node_id = ?", m.id));
            MEMLENS_TRY(exec("DELETE FROM ml_topic_members WHERE node_id = ?", m.id));
        }
        return Status::ok();
    }

    // The neighbours' FTS5 rows hold the forgotten text in their near / far columns.
    Status strip_neighbours() {
        std::map<std::string, std::vector<const std::string*>> by_group;
        for (const auto& m : plan_.memories)
            if (m.group_id)
                by_group[*m.group_id].push_back(&m.content);
        auto rows = db_.prepare("SELECT c.rid, f.near, f.far FROM mem_tree_chunks c "
                                "JOIN mem_tree_chunks_fts f ON f.rowid = c.rid "
                                "WHERE c.group_id = ?");
        auto update = db_.prepare("UPDATE mem_tree_chunks_fts SET near = ?, far = ? "
                                  "WHERE rowid = ?");
        if (!rows || !update)
            return !rows ? rows.status() : update.status();
        for (const auto& entry : by_group) {
            const auto& texts = entry.second; // a name a lambda may capture (a binding's is not)
            std::vector<std::tuple<std::int64_t, std::string, std::string>> changed;
            rows->reset();
            rows->bind(1, entry.first);
            MEMLENS_TRY(rows->each_row([&] {
                std::string near = rows->column_text(1), far = rows->column_text(2);
                bool any = false;
                for (const std::string* t : texts) {
                    any = strip_copies(near, *t) || any;
                    any = strip_copies(far, *t) || any;
                }
                if (any)
                    changed.emplace_back(rows->column_int64(0), std::move(near), std::move(far));
            }));
            for (const auto& [rid, near, far] : changed) {
                update->reset();
                update->bind(1, near).bind(2, far).bind(3, rid);
                MEMLENS_TRY(update->exec());
            }
        }
        return Status::ok();
    }

    Status reseal_summaries() {
        const std::int64_t budget = SealOptions{}.output_budget_tokens;
        for (const auto& s : plan_.summaries) {
            if (plan_.removed.count(s.id)) {
                MEMLENS_TRY(exec("DELETE FROM mem_tree_summaries_fts WHERE rowid = ?", s.rid));
                MEMLENS_TRY(exec("DELETE FROM mem_tree_summaries WHERE id = ?", s.id));
                MEMLENS_TRY(
                    exec("DELETE FROM mem_tree_summary_embeddings WHERE summary_id = ?", s.id));
                MEMLENS_TRY(exec("DELETE FROM mem_tree_entity_index WHERE node_id = ?", s.id));
                MEMLENS_TRY(exec("DELETE FROM ml_topic_members WHERE node_id = ?", s.id));
                trees_.insert(s.tree_id);
                continue;
            }
            auto draft = draft_summary(db_, s.level - 1, s.children, budget);
            if (!draft)
                return draft.status().with_context("re-sealing " + s.id);
            auto up = db_.prepare(
                "UPDATE mem_tree_summaries SET child_ids_json = ?1, content = ?2, "
                "token_count = ?3, entities_json = ?4, topics_json = ?5, "
                "time_range_start_ms = ?6, time_range_end_ms = ?7, score = ?8 WHERE id = ?9");
            if (!up)
                return up.status();
            up->bind(1, forgotten_ids_json(s.children))
                .bind(2, draft->content)
                .bind(3, static_cast<std::int64_t>((draft->content.size() + 3) / 4))
                .bind(4, forgotten_ids_json(draft->entities))
                .bind(5, forgotten_ids_json(draft->topics))
                .bind(6, draft->start_ms)
                .bind(7, draft->end_ms)
                .bind(8, draft->score)
                .bind(9, s.id);
            MEMLENS_TRY(up->exec());
            auto fts = db_.prepare("UPDATE mem_tree_summaries_fts SET content = ? WHERE rowid = ?");
            if (!fts)
                return fts.status();
            fts->bind(1, draft->content).bind(2, s.rid);
            MEMLENS_TRY(fts->exec());
            // Its vector: of the new text, and none under another model's signature.
            MEMLENS_TRY(exec("DELETE FROM mem_tree_summary_embeddings WHERE summary_id = ?", s.id));
            auto vec = embedder_.embed_one(draft->content);
            if (!vec)
                return vec.status().with_context("embedding summary " + s.id);
            auto emb = db_.prepare(
                "INSERT INTO mem_tree_summary_embeddings(summary_id, model_signature, vector, "
                "dim, created_at) VALUES (?, ?, ?, ?, ?)");
            if (!emb)
                return emb.status();
            const auto blob = encode_vector(*vec);
            emb->bind(1, s.id)
                .bind(2, embedder_.signature())
                .bind_blob(3, blob)
                .bind(4, static_cast<std::int64_t>(vec->size()))
                .bind(5, now_ms());
            MEMLENS_TRY(emb->exec());
            // Its entities, as seal_items indexes them.
            MEMLENS_TRY(exec("DELETE FROM mem_tree_entity_index WHERE node_id = ?", s.id));
            auto ent = db_.prepare(
                "INSERT OR IGNORE INTO mem_tree_entity_index(entity_id, node_id, node_kind, "
                "entity_kind, surface, score, timestamp_ms, tree_id, is_user) "
                "VALUES (?, ?, 'summary', ?, ?, 1.0, ?, ?, 0)");
            if (!ent)
                return ent.status();
            for (const auto& e : draft->entities) {
                const auto colon = e.find(':');
                ent->reset();
                ent->bind(1, e)
                    .bind(2, s.id)
                    .bind(3, colon == std::string::npos ? std::string("misc") : e.substr(0, colon))
                    .bind(4, colon == std::string::npos ? e : e.substr(colon + 1))
                    .bind(5, draft->end_ms)
                    .bind(6, s.tree_id);
                MEMLENS_TRY(ent->exec());
                entities_.insert(e);
            }
        }
        return Status::ok();
    }

    // Unsealed buffers drop the removed ids; a tree whose root went points at what remains.
    Status update_buffers_and_trees() {
        MEMLENS_TRY(fold_buffer_appends(db_)); // every waiting id is in item_ids_json below
        auto st = db_.prepare("SELECT tree_id, level, item_ids_json FROM mem_tree_buffers");
        if (!st)
            return st.status();
        struct Change {
            std::string tree;
            std::int64_t level;
            std::vector<std::string> ids;
        };
        std::vector<Change> changes;
        while (true) {
            auto row = st->step();
            if (!row)
                return row.status();
            if (!*row)
                break;
            auto ids = parse_string_array(st->column_text_view(2));
            const auto before = ids.size();
            std::erase_if(ids, [&](const std::string& id) { return plan_.removed.count(id); });
            if (ids.size() != before)
                changes.push_back({st->column_text(0), st->column_int64(1), std::move(ids)});
        }
        for (const auto& c : changes) {
            const char* table = c.level == 0 ? "mem_tree_chunks" : "mem_tree_summaries";
            auto up =
                db_.prepare(std::string("UPDATE mem_tree_buffers SET item_ids_json = ?1, "
                                        "token_sum = (SELECT coalesce(sum(token_count), 0) FROM ") +
                            table +
                            " WHERE id IN (SELECT value FROM json_each(?1))), oldest_at_ms = "
                            "(SELECT min(time_range_start_ms) FROM " +
                            table +
                            " WHERE id IN (SELECT value FROM json_each(?1))), updated_at_ms = ?2 "
                            "WHERE tree_id = ?3 AND level = ?4");
            if (!up)
                return up.status();
            up->bind(1, forgotten_ids_json(c.ids))
                .bind(2, now_ms())
                .bind(3, c.tree)
                .bind(4, c.level);
            MEMLENS_TRY(up->exec());
        }
        for (const auto& tree : trees_) {
            auto up = db_.prepare(
                "UPDATE mem_tree_trees SET root_id = (SELECT id FROM mem_tree_summaries WHERE "
                "tree_id = ?1 ORDER BY level DESC, time_range_end_ms DESC, id LIMIT 1), "
                "max_level = coalesce((SELECT max(level) FROM mem_tree_summaries WHERE "
                "tree_id = ?1), 0) WHERE id = ?1 AND root_id NOT IN "
                "(SELECT id FROM mem_tree_summaries WHERE tree_id = ?1)");
            if (!up)
                return up.status();
            up->bind(1, tree);
            MEMLENS_TRY(up->exec());
        }
        return Status::ok();
    }

    // Edges between the forgotten memories' entities are recounted from the leaves that still
    // mention both; an entity no longer mentioned goes, with its edges; ml_entities' rows of
    // every entity touched are counted again.
    Status recount_entities() {
        auto count =
            db_.prepare("SELECT count(*) FROM mem_tree_entity_index a JOIN mem_tree_entity_index b "
                        "ON b.node_id = a.node_id AND b.entity_id = ?2 "
                        "WHERE a.entity_id = ?1 AND a.node_kind = 'leaf' AND b.node_kind = 'leaf'");
        auto drop =
            db_.prepare("DELETE FROM mem_tree_entity_edges WHERE entity_a = ?1 AND entity_b = ?2");
        auto set = db_.prepare("UPDATE mem_tree_entity_edges SET weight = ?3 "
                               "WHERE entity_a = ?1 AND entity_b = ?2 AND weight != ?3");
        if (!count || !drop || !set)
            return !count ? count.status() : !drop ? drop.status() : set.status();
        for (const auto& [a, b] : pairs_) {
            count->reset();
            count->bind(1, a).bind(2, b);
            auto row = count->step();
            if (!row)
                return row.status();
            const std::int64_t n = count->column_int64(0);
            // Either order: the writer keeps a < b, a merge may not have.
            for (const auto& [x, y] : {std::pair(a, b), std::pair(b, a)}) {
                Statement& st = n == 0 ? *drop : *set;
                st.reset();
                st.bind(1, x).bind(2, y);
                if (n != 0)
                    st.bind(3, n);
                MEMLENS_TRY(st.exec());
                report_.edges_changed += static_cast<std::size_t>(db_.changes());
            }
        }
        auto mentioned = db_.prepare("SELECT 1 FROM mem_tree_entity_index WHERE entity_id = ? "
                                     "LIMIT 1");
        if (!mentioned)
            return mentioned.status();
        for (const auto& e : entities_) {
            mentioned->reset();
            mentioned->bind(1, e);
            auto row = mentioned->step();
            if (!row)
                return row.status();
            if (*row)
                continue;
            report_.entities_removed.push_back(e);
            auto edges = db_.prepare(
                "DELETE FROM mem_tree_entity_edges WHERE entity_a = ?1 OR entity_b = ?1");
            if (!edges)
                return edges.status();
            edges->bind(1, e);
            MEMLENS_TRY(edges->exec());
            report_.edges_changed += static_cast<std::size_t>(db_.changes());
        }
        return Status::ok();
    }

    // ml_entities is kept by the trigger on the index's inserts (schema.cpp): the touched
    // entities' rows are counted again by taking their mentions out and putting them back.
    // The rows wait in a temporary table of the connection, emptied again afterwards (not
    // dropped: a DROP fails while any statement of the connection is between steps).
    Status recount_entity_list() {
        const std::string touched = set_json(entities_);
        MEMLENS_TRY(db_.exec("CREATE TEMP TABLE IF NOT EXISTS forget_mentions AS "
                             "SELECT * FROM mem_tree_entity_index WHERE 0"));
        MEMLENS_TRY(db_.exec("DELETE FROM temp.forget_mentions"));
        for (const char* sql :
             {"INSERT INTO temp.forget_mentions SELECT * FROM mem_tree_entity_index "
              "WHERE entity_id IN (SELECT value FROM json_each(?1))",
              "DELETE FROM mem_tree_entity_index WHERE entity_id IN "
              "(SELECT value FROM json_each(?1))",
              "DELETE FROM ml_entities WHERE entity_id IN (SELECT value FROM json_each(?1))"})
            MEMLENS_TRY(exec(sql, touched));
        MEMLENS_TRY(db_.exec("INSERT INTO mem_tree_entity_index SELECT * FROM "
                             "temp.forget_mentions ORDER BY timestamp_ms, node_id, entity_id"));
        return db_.exec("DELETE FROM temp.forget_mentions");
    }

    // A source's count of memories; a source with none left goes, with its tree when that
    // holds no summary either.
    Status update_sources() {
        std::set<std::string> sources;
        for (const auto& m : plan_.memories)
            sources.insert(m.source_id);
        for (const auto& source : sources) {
            auto left = db_.prepare("SELECT count(*) FROM mem_tree_chunks WHERE source_id = ?");
            if (!left)
                return left.status();
            left->bind(1, source);
            auto row = left->step();
            if (!row)
                return row.status();
            if (left->column_int64(0) > 0) {
                MEMLENS_TRY(exec("UPDATE ml_sources SET chunk_count = (SELECT count(*) FROM "
                                 "mem_tree_chunks WHERE source_id = ?1 AND superseded = 0) "
                                 "WHERE source_id = ?1",
                                 source));
                continue;
            }
            MEMLENS_TRY(exec("DELETE FROM ml_sources WHERE source_id = ?", source));
            const std::string tree = make_tree_id("source", source);
            auto summaries =
                db_.prepare("SELECT count(*) FROM mem_tree_summaries WHERE tree_id = ?");
            if (!summaries)
                return summaries.status();
            summaries->bind(1, tree);
            auto s = summaries->step();
            if (!s)
                return s.status();
            if (summaries->column_int64(0) == 0) {
                MEMLENS_TRY(exec("DELETE FROM mem_tree_buffers WHERE tree_id = ?", tree));
                MEMLENS_TRY(exec("DELETE FROM ml_buffer_appends WHERE tree_id = ?", tree));
                MEMLENS_TRY(exec("DELETE FROM mem_tree_trees WHERE id = ?", tree));
            }
        }
        return Status::ok();
    }

    // A message superseded by a forgotten one is current again unless another still
    // supersedes it (document versions stay as their import left them).
    Status restore_superseded() {
        for (const auto& m : plan_.memories) {
            if (!m.supersedes)
                continue;
            auto up = db_.prepare(
                "UPDATE mem_tree_chunks SET superseded = 0 WHERE (id = ?1 OR message_id = ?1) "
                "AND superseded != 0 AND doc_id IS NULL AND NOT EXISTS "
                "(SELECT 1 FROM mem_tree_chunks WHERE supersedes = ?1)");
            if (!up)
                return up.status();
            up->bind(1, *m.supersedes);
            MEMLENS_TRY(up->exec());
        }
        return Status::ok();
    }

    Status redact_audit() {
        std::set<std::string> forgotten;
        for (const auto& m : plan_.memories)
            forgotten.insert(m.id);
        auto st = db_.prepare(
            "SELECT id FROM retrieval_log WHERE CASE WHEN json_valid(sources) THEN EXISTS "
            "(SELECT 1 FROM json_each(retrieval_log.sources) s WHERE "
            "json_extract(s.value, '$.node_id') IN (SELECT value FROM json_each(?1))) "
            "ELSE 0 END");
        if (!st)
            return st.status();
        st->bind(1, set_json(forgotten));
        std::vector<std::int64_t> rows;
        MEMLENS_TRY(st->each_row([&] { rows.push_back(st->column_int64(0)); }));
        auto up = db_.prepare("UPDATE retrieval_log SET query = ?, query_hash = ?, "
                              "query_profile = ?, arguments = ? WHERE id = ?");
        if (!up)
            return up.status();
        for (std::int64_t id : rows) {
            auto rec = get_audit(db_, id);
            if (!rec)
                return rec.status();
            if (!redact_record(*rec, forgotten, contents_))
                continue;
            up->reset();
            up->bind(1, rec->query)
                .bind(2, rec->query_hash)
                .bind(3, rec->query_profile)
                .bind(4, rec->caller.arguments.empty()
                             ? std::nullopt
                             : std::optional<std::string>(rec->caller.arguments))
                .bind(5, id);
            MEMLENS_TRY(up->exec());
            ++report_.audit_rows;
        }
        // Rows still waiting beside vault.db; no writer merges them while this transaction
        // holds the write lock.
        auto pending = edit_pending_audit(pending_audit_path(vault_), [&](AuditRecord& r) {
            return redact_record(r, forgotten, contents_);
        });
        if (!pending)
            return pending.status();
        report_.pending_audit_rows = *pending;
        return Status::ok();
    }

    Vault& vault_;
    const Database& db_;
    Embedder& embedder_;
    Plan plan_;
    std::vector<std::string> contents_;
    std::set<std::string> entities_;
    std::set<std::pair<std::string, std::string>> pairs_;
    std::set<std::string> trees_;
    ForgetReport report_;
};

} // namespace

Status check_forget_request(const ForgetRequest& r) {
    if (r.ids.empty() && !r.source && !r.before_ms)
        return Status::invalid("forget: name the memories: ids, a source or a time (before)");
    if (!r.ids.empty() && (r.source || r.before_ms))
        return Status::invalid(
            "forget: ids cannot be combined with source or before (they name memories already)");
    if (r.ids.size() > kMaxForgetIds)
        return Status::invalid("forget: " + std::to_string(r.ids.size()) +
                               " ids, over the limit of " + std::to_string(kMaxForgetIds));
    for (const auto& id : r.ids)
        if (id.empty() || id.size() > kMaxForgetNameBytes || !is_valid_utf8(id))
            return Status::invalid("forget: an id is empty, not UTF-8 or longer than " +
                                   std::to_string(kMaxForgetNameBytes) + " bytes");
    if (r.source &&
        (r.source->empty() || r.source->size() > kMaxForgetNameBytes || !is_valid_utf8(*r.source)))
        return Status::invalid("forget: source is empty, not UTF-8 or longer than " +
                               std::to_string(kMaxForgetNameBytes) + " bytes");
    return Status::ok();
}

Result<ForgetReport> plan_forget(const Vault& vault, const ForgetRequest& request) {
    check_off_ui_thread("plan_forget");
    auto snapshot = ReadSnapshot::begin(vault.db());
    if (!snapshot)
        return snapshot.status();
    auto plan = make_plan(vault, request);
    if (!plan)
        return plan.status();
    ForgetReport r;
    fill_counts(*plan, r);
    r.revision = vault.revision();
    return r;
}

Result<ForgetReport> forget_memories(Vault& vault, Embedder& embedder,
                                     const ForgetRequest& request) {
    check_off_ui_thread("forget_memories");
    MEMLENS_TRY(check_forget_request(request));
    MEMLENS_TRY(vault.check_writable());
    const Database& db = vault.db();
    ForgetReport report;
    {
        const ScopedPragma secure(db, "secure_delete", "ON");
        auto tx = Transaction::begin(db);
        if (!tx)
            return tx.status().with_context(vault.db_path().string());
        auto plan = make_plan(vault, request);
        if (!plan)
            return plan.status();
        if (plan->memories.empty()) {
            report.revision = vault.revision();
            return report;
        }
        Forget run(vault, embedder, std::move(plan).value());
        auto done = run.run();
        if (!done)
            return done.status();
        report = std::move(done).value();
        MEMLENS_TRY(tx->commit().with_context(vault.db_path().string()));
        report.revision = vault.revision();
        // After the commit, as an import does (Ingestor::ingest): the index file its save()
        // wrote becomes topic-index.bin.
        (void)TopicIndex::publish_file(db);
        // The WAL still holds the pages as they were before (and the forgotten text with them)
        // until a checkpoint copies the new ones into vault.db and empties it. A reader in
        // another process can keep it from finishing: then it is not truncated, and says so.
        auto cp = db.prepare("PRAGMA wal_checkpoint(TRUNCATE)");
        if (cp) {
            auto row = cp->step();
            report.wal_truncated = row && *row && cp->column_int64(0) == 0;
        }
    }
    return report;
}

std::string forget_report_json(const ForgetReport& r) {
    json j = {{"forgotten", r.memories},
              {"summaries_resealed", r.summaries_resealed},
              {"summaries_removed", r.summaries_removed},
              {"entities_removed", r.entities_removed},
              {"edges_changed", r.edges_changed},
              {"audit_rows", r.audit_rows},
              {"pending_audit_rows", r.pending_audit_rows},
              {"wal_truncated", r.wal_truncated},
              {"revision", r.revision}};
    return dump_json(j);
}

} // namespace memlens
