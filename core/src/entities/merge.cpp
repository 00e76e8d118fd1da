// merge_entities: one entity folded into another, in the index and the registry, all or nothing.
#include "entities/atomic_file.h"
#include "entities/repoint.h"

#include <memlens/db.h>
#include <memlens/entities.h>
#include <memlens/entity_merge.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <optional>
#include <system_error>

namespace fs = std::filesystem;

namespace memlens {

namespace {

Result<std::int64_t> merge_count(const Database& db, std::string_view sql, const std::string& a,
                                 const std::string& b = {}) {
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    st->bind(1, a);
    if (!b.empty())
        st->bind(2, b);
    auto row = st->step();
    if (!row)
        return row.status();
    return *row ? st->column_int64(0) : 0;
}

Status merge_exec(const Database& db, std::string_view sql, const std::string& a,
                  const std::string& b = {}) {
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    st->bind(1, a);
    if (!b.empty())
        st->bind(2, b);
    return st->exec();
}

std::optional<std::string> merge_read_bytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in)
        return std::nullopt;
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// What the registry looked like before the merge touched it, to put back byte for byte.
struct RegistryUndo {
    fs::path into_file;
    std::optional<std::string> into_bytes; // nullopt: the file did not exist
    std::vector<fs::path> created_dirs;    // folders the write created, innermost last
    fs::path from_file;                    // from's record file, moved aside to from_parked
    fs::path from_parked;

    void restore() const {
        std::error_code ec;
        if (!from_parked.empty())
            fs::rename(from_parked, from_file, ec);
        if (!into_file.empty()) {
            if (into_bytes)
                (void)entities::write_file_atomically(into_file, *into_bytes);
            else
                fs::remove(into_file, ec);
        }
        for (auto it = created_dirs.rbegin(); it != created_dirs.rend(); ++it)
            fs::remove(*it, ec); // only when empty
    }
};

bool has_surface(const EntityRecord& r, const std::string& s) {
    const std::string key = utf8_lower(s);
    if (utf8_lower(r.display_name) == key)
        return true;
    return std::any_of(r.aliases.begin(), r.aliases.end(),
                       [&](const std::string& a) { return utf8_lower(a) == key; });
}

} // namespace

namespace entities {

Status repoint_entity(const Database& db, const std::string& from, const std::string& into,
                      const std::string& into_kind) {
    // The index: one row per (entity, node), so a node naming both keeps into's row.
    MEMLENS_TRY(merge_exec(db,
                           "DELETE FROM mem_tree_entity_index WHERE entity_id = ?1 AND node_id IN "
                           "(SELECT node_id FROM mem_tree_entity_index WHERE entity_id = ?2)",
                           from, into));
    {
        auto st = db.prepare("UPDATE mem_tree_entity_index SET entity_id = ?2, entity_kind = ?3 "
                             "WHERE entity_id = ?1");
        if (!st)
            return st.status();
        st->bind(1, from).bind(2, into).bind(3, into_kind);
        MEMLENS_TRY(st->exec());
    }
    // Summaries list their entities too.
    MEMLENS_TRY(merge_exec(
        db,
        "UPDATE mem_tree_summaries SET entities_json = (SELECT json_group_array(v) FROM (SELECT "
        "CASE value WHEN ?1 THEN ?2 ELSE value END AS v, min(key) AS k FROM "
        "json_each(mem_tree_summaries.entities_json) GROUP BY v ORDER BY k)) WHERE EXISTS "
        "(SELECT 1 FROM json_each(mem_tree_summaries.entities_json) WHERE value = ?1)",
        from, into));
    // Edges: recounted for into from the leaves, as ingest counts them (node_writer.cpp).
    MEMLENS_TRY(merge_exec(db,
                           "DELETE FROM mem_tree_entity_edges WHERE entity_a IN (?1, ?2) OR "
                           "entity_b IN (?1, ?2)",
                           from, into));
    MEMLENS_TRY(merge_exec(
        db,
        "INSERT INTO mem_tree_entity_edges(entity_a, entity_b, weight, updated_ms) "
        "SELECT min(?1, o.entity_id), max(?1, o.entity_id), count(*), max(i.timestamp_ms) "
        "FROM mem_tree_entity_index i JOIN mem_tree_entity_index o ON o.node_id = i.node_id "
        "AND o.entity_id <> i.entity_id WHERE i.entity_id = ?1 AND i.node_kind = 'leaf' "
        "GROUP BY o.entity_id",
        into));
    // The entity list (schema.cpp, entity_list_sql): from's row goes, into's is recounted.
    MEMLENS_TRY(merge_exec(db, "DELETE FROM ml_entities WHERE entity_id IN (?1, ?2)", from, into));
    MEMLENS_TRY(merge_exec(
        db,
        "INSERT INTO ml_entities(entity_id, entity_kind, surface, surfaces, mentions, "
        "last_seen_ms) SELECT c.entity_id, c.entity_kind, c.surface, s.surfaces, c.mentions, "
        "c.last_seen_ms FROM (SELECT entity_id, entity_kind, surface, count(*) AS mentions, "
        "max(timestamp_ms) AS last_seen_ms FROM mem_tree_entity_index WHERE entity_id = ?1 "
        "GROUP BY entity_id, entity_kind) c JOIN (SELECT entity_id, entity_kind, "
        "group_concat(surface, char(10)) AS surfaces FROM (SELECT DISTINCT entity_id, "
        "entity_kind, surface FROM mem_tree_entity_index WHERE entity_id = ?1) GROUP BY "
        "entity_id, entity_kind) s ON s.entity_id = c.entity_id AND s.entity_kind = "
        "c.entity_kind",
        into));
    return Status::ok();
}

Result<std::vector<std::string>> fold_person_topics(const Database& db) {
    std::vector<std::string> names;
    {
        auto st = db.prepare("SELECT substr(t.entity_id, 7) FROM ml_entities t WHERE "
                             "t.entity_id >= 'topic:' AND t.entity_id < 'topic;' AND EXISTS "
                             "(SELECT 1 FROM ml_entities p WHERE p.entity_id = 'person:' || "
                             "substr(t.entity_id, 7) AND p.entity_kind = 'person')");
        if (!st)
            return st.status();
        for (;;) {
            auto row = st->step();
            if (!row)
                return row.status();
            if (!*row)
                break;
            names.push_back(st->column_text(0));
        }
    }
    for (const auto& n : names)
        MEMLENS_TRY(repoint_entity(db, "topic:" + n, "person:" + n, "person"));
    return names;
}

} // namespace entities

Result<EntityMergeReport> merge_entities(Vault& vault, const std::string& from,
                                         const std::string& into,
                                         const EntityMergeOptions& options) {
    check_off_ui_thread("merge_entities");
    if (vault.read_only())
        return Status::unsupported("cannot merge entities: the vault " + vault.dir().string() +
                                   " is read-only (open it for writing)");
    if (from == into)
        return Status::invalid("cannot merge an entity into itself: '" + from + "'");
    for (const auto* id : {&from, &into})
        if (id->find(':') == std::string::npos || id->front() == ':')
            return Status::invalid("'" + *id + "' is not an entity id (kind:value)");
    auto fail_at = [&](std::string_view step) {
        return options.fail_point ? options.fail_point(step) : Status::ok();
    };

    auto loaded = EntityRegistry::load(vault.entities_dir());
    if (!loaded)
        return loaded.status().with_context("entity registry");
    EntityRegistry registry = std::move(loaded).value();
    const Database& db = vault.db();

    auto count_of = [&](const std::string& id) {
        return merge_count(db, "SELECT count(*) FROM mem_tree_entity_index WHERE entity_id = ?1",
                           id);
    };
    auto from_rows = count_of(from);
    if (!from_rows)
        return from_rows.status();
    auto into_rows = count_of(into);
    if (!into_rows)
        return into_rows.status();
    const EntityRecord* from_record = registry.find(from);
    const EntityRecord* into_record = registry.find(into);
    if (*from_rows == 0 && from_record == nullptr)
        return Status::not_found("no entity '" + from + "' in the index or the registry");
    if (*into_rows == 0 && into_record == nullptr)
        return Status::not_found("no entity '" + into + "' in the index or the registry");

    // into's kind: its record's, else its mentions', else its id's. Its display name: the newest
    // leaf's surface (a summary's mention is written as the lowercased id).
    std::string into_kind = into.substr(0, into.find(':'));
    std::string into_surface = into.substr(into.find(':') + 1);
    {
        auto st = db.prepare(
            "SELECT entity_kind, surface FROM mem_tree_entity_index "
            "WHERE entity_id = ?1 ORDER BY node_kind = 'leaf' DESC, timestamp_ms DESC LIMIT 1");
        if (!st)
            return st.status();
        st->bind(1, into);
        auto row = st->step();
        if (!row)
            return row.status();
        if (*row) {
            into_kind = st->column_text(0);
            into_surface = st->column_text(1);
        }
    }
    if (into_record != nullptr)
        into_kind = into_record->kind;

    // from's surfaces become aliases: as written in the chunks, most used first (a summary's
    // mention is the lowercased id, so it comes last), then its record's names.
    std::vector<std::string> from_surfaces;
    {
        auto st = db.prepare(
            "SELECT surface FROM mem_tree_entity_index WHERE entity_id = ?1 "
            "GROUP BY surface ORDER BY sum(node_kind = 'leaf') DESC, count(*) DESC, surface");
        if (!st)
            return st.status();
        st->bind(1, from);
        for (;;) {
            auto row = st->step();
            if (!row)
                return row.status();
            if (!*row)
                break;
            from_surfaces.push_back(st->column_text(0));
        }
    }
    if (from_record != nullptr) {
        from_surfaces.push_back(from_record->display_name);
        from_surfaces.insert(from_surfaces.end(), from_record->aliases.begin(),
                             from_record->aliases.end());
    }
    if (from_surfaces.empty())
        from_surfaces.push_back(from.substr(from.find(':') + 1));

    EntityMergeReport report;
    report.from = from;
    report.into = into;

    auto txn = Transaction::begin(db);
    if (!txn)
        return txn.status();
    auto edges_before = merge_count(db,
                                    "SELECT count(*) FROM mem_tree_entity_edges WHERE entity_a "
                                    "IN (?1, ?2) OR entity_b IN (?1, ?2)",
                                    from, into);
    if (!edges_before)
        return edges_before.status();
    report.edges_before = *edges_before;
    auto dropped = merge_count(db,
                               "SELECT count(*) FROM mem_tree_entity_index WHERE entity_id = ?1 "
                               "AND node_id IN (SELECT node_id FROM mem_tree_entity_index WHERE "
                               "entity_id = ?2)",
                               from, into);
    if (!dropped)
        return dropped.status();
    report.mentions_dropped = *dropped;
    report.mentions_moved = *from_rows - *dropped;

    MEMLENS_TRY(entities::repoint_entity(db, from, into, into_kind));
    auto edges_after = merge_count(
        db, "SELECT count(*) FROM mem_tree_entity_edges WHERE entity_a = ?1 OR entity_b = ?1",
        into);
    if (!edges_after)
        return edges_after.status();
    report.edges_after = *edges_after;
    MEMLENS_TRY(vault.bump_revision());
    MEMLENS_TRY(fail_at("index"));

    // The registry, inside the transaction: any failure from here on restores the files and
    // rolls the database back (the Transaction's destructor).
    EntityRecord record;
    if (into_record != nullptr) {
        record = *into_record;
    } else {
        record.id = into;
        record.kind = into_kind;
        record.display_name = into_surface;
    }
    for (const auto& s : from_surfaces) {
        if (s.empty() || has_surface(record, s))
            continue;
        record.aliases.push_back(s);
        report.aliases_added.push_back(s);
    }
    if (from_record != nullptr) {
        for (const auto& e : from_record->emails)
            if (std::find(record.emails.begin(), record.emails.end(), e) == record.emails.end())
                record.emails.push_back(e);
        for (const auto& h : from_record->handles)
            if (std::find(record.handles.begin(), record.handles.end(), h) == record.handles.end())
                record.handles.push_back(h);
    }

    RegistryUndo undo;
    undo.into_file =
        into_record != nullptr ? registry.path_of(into) : registry.file_for(into_kind, into);
    undo.into_bytes =
        into_record != nullptr ? merge_read_bytes(undo.into_file) : std::optional<std::string>{};
    if (into_record != nullptr && !undo.into_bytes)
        return Status::io(undo.into_file.string() + ": cannot read the registry record");
    for (fs::path d = undo.into_file.parent_path(); !d.empty() && !fs::exists(d);
         d = d.parent_path())
        undo.created_dirs.insert(undo.created_dirs.begin(), d);
    auto undo_on_failure = [&](Status s) {
        undo.restore();
        return s;
    };
    if (Status s = registry.upsert(record); !s)
        return undo_on_failure(s.with_context("entity registry"));
    report.registry_file = registry.path_of(into);
    if (Status s = fail_at("registry"); !s)
        return undo_on_failure(s);
    if (from_record != nullptr) {
        // Moved aside (a hidden name is never loaded) rather than removed, so it can come back.
        undo.from_file = registry.path_of(from);
        const fs::path parked =
            undo.from_file.parent_path() /
            ("." + undo.from_file.filename().string() + ".merged-" + std::to_string(::getpid()));
        std::error_code ec;
        fs::rename(undo.from_file, parked, ec);
        if (ec)
            return undo_on_failure(
                Status::io(undo.from_file.string() + ": cannot remove: " + ec.message()));
        undo.from_parked = parked;
    }
    if (Status s = fail_at("commit"); !s)
        return undo_on_failure(s);
    if (Status s = txn->commit(); !s)
        return undo_on_failure(s);
    if (!undo.from_parked.empty()) {
        std::error_code ec;
        fs::remove(undo.from_parked, ec);
    }
    return report;
}

} // namespace memlens
