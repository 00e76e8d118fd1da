// merge_entities: one entity folded into another, in the index and the registry, all or nothing.
#include "entities/atomic_file.h"
#include "entities/repoint.h"
#include "vault/schema.h"

#include <memlens/db.h>
#include <memlens/entities.h>
#include <memlens/entity_merge.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <optional>
#include <random>
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

// The merge journal: what a merge is about to do to the registry's files, written (synced)
// before it touches any and removed once they are final. Its id is also written into
// ml_settings inside the merge's transaction, so the next writable open knows whether the
// database side committed: then the parked file goes, else every file is put back
// (recover_entity_merge). A kill at any moment thus leaves the merge whole or not at all.
constexpr const char* kJournalName = ".merge-journal.json";
constexpr const char* kJournalSetting = "entities.merge_journal";

fs::path journal_path(const Vault& vault) {
    return vault.entities_dir() / kJournalName;
}

Status write_journal(const Vault& vault, const std::string& id, const RegistryUndo& undo) {
    nlohmann::json j = {{"id", id},
                        {"into_file", undo.into_file.string()},
                        {"into_bytes", undo.into_bytes ? nlohmann::json(*undo.into_bytes)
                                                       : nlohmann::json(nullptr)},
                        {"from_file", undo.from_file.string()},
                        {"from_parked", undo.from_parked.string()}};
    nlohmann::json dirs = nlohmann::json::array();
    for (const auto& d : undo.created_dirs)
        dirs.push_back(d.string());
    j["created_dirs"] = dirs;
    std::error_code ec;
    fs::create_directories(vault.entities_dir(), ec);
    return entities::write_file_atomically(journal_path(vault), j.dump());
}

// Hidden temporary files of a write that never reached its rename (write_file_atomically).
void remove_stray_temporaries(const fs::path& dir) {
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!it->is_symlink(ec) && it->is_regular_file(ec) && name.starts_with(".") &&
            name.find(".tmp-") != std::string::npos) {
            std::error_code rm;
            fs::remove(it->path(), rm);
        }
    }
}

bool has_surface(const EntityRecord& r, const std::string& s) {
    const std::string key = utf8_lower(s);
    if (utf8_lower(r.display_name) == key)
        return true;
    return std::any_of(r.aliases.begin(), r.aliases.end(),
                       [&](const std::string& a) { return utf8_lower(a) == key; });
}

// A fresh id for one merge's journal.
std::string random_journal_id() {
    std::random_device rd;
    return std::to_string(rd()) + "-" + std::to_string(rd()) + "-" + std::to_string(::getpid());
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
    MEMLENS_TRY(merge_exec(db, schema::entity_list_fill_sql("", "", "entity_id = ?1"), into));
    return Status::ok();
}

Result<std::vector<std::string>> fold_person_topics(const Database& db,
                                                    const std::set<std::string>& touched) {
    std::set<std::string> candidates;
    for (const auto& id : touched) {
        if (id.rfind("topic:", 0) == 0)
            candidates.insert(id.substr(6));
        else if (id.rfind("person:", 0) == 0)
            candidates.insert(id.substr(7));
    }
    auto st = db.prepare("SELECT 1 FROM ml_entities t WHERE t.entity_id = 'topic:' || ?1 AND "
                         "EXISTS (SELECT 1 FROM ml_entities p WHERE p.entity_id = 'person:' || ?1 "
                         "AND p.entity_kind = 'person')");
    if (!st)
        return st.status();
    std::vector<std::string> names;
    for (const auto& name : candidates) {
        st->reset();
        st->bind(1, name);
        auto row = st->step();
        if (!row)
            return row.status();
        if (*row)
            names.push_back(name);
    }
    for (const auto& n : names)
        MEMLENS_TRY(repoint_entity(db, "topic:" + n, "person:" + n, "person"));
    return names;
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
        MEMLENS_TRY(st->each_row([&] { names.push_back(st->column_text(0)); }));
    }
    for (const auto& n : names)
        MEMLENS_TRY(repoint_entity(db, "topic:" + n, "person:" + n, "person"));
    return names;
}

} // namespace entities

namespace {

// A writable vault and two distinct entity ids.
Status check_merge_request(const Vault& vault, const std::string& from, const std::string& into) {
    if (vault.read_only())
        return Status::unsupported("cannot merge entities: the vault " + vault.dir().string() +
                                   " is read-only (open it for writing)");
    if (from == into)
        return Status::invalid("cannot merge an entity into itself: '" + from + "'");
    for (const auto* id : {&from, &into})
        if (id->find(':') == std::string::npos || id->front() == ':')
            return Status::invalid("'" + *id + "' is not an entity id (kind:value)");
    return Status::ok();
}

// The kind and surface of `id`'s newest leaf mention, when it has one.
Status newest_leaf_surface(const Database& db, const std::string& id, std::string& kind,
                           std::string& surface) {
    auto st = db.prepare(
        "SELECT entity_kind, surface FROM mem_tree_entity_index "
        "WHERE entity_id = ?1 ORDER BY node_kind = 'leaf' DESC, timestamp_ms DESC LIMIT 1");
    if (!st)
        return st.status();
    st->bind(1, id);
    auto row = st->step();
    if (!row)
        return row.status();
    if (*row) {
        kind = st->column_text(0);
        surface = st->column_text(1);
    }
    return Status::ok();
}

// from's surfaces, which become aliases: as written in the chunks, most used first (a
// summary's mention is the lowercased id, so it comes last), then its record's names.
Result<std::vector<std::string>> alias_surfaces(const Database& db, const std::string& from,
                                                const EntityRecord* from_record) {
    std::vector<std::string> from_surfaces;
    auto st = db.prepare(
        "SELECT surface FROM mem_tree_entity_index WHERE entity_id = ?1 "
        "GROUP BY surface ORDER BY sum(node_kind = 'leaf') DESC, count(*) DESC, surface");
    if (!st)
        return st.status();
    st->bind(1, from);
    MEMLENS_TRY(st->each_row([&] { from_surfaces.push_back(st->column_text(0)); }));
    if (from_record != nullptr) {
        from_surfaces.push_back(from_record->display_name);
        from_surfaces.insert(from_surfaces.end(), from_record->aliases.begin(),
                             from_record->aliases.end());
    }
    if (from_surfaces.empty())
        from_surfaces.push_back(from.substr(from.find(':') + 1));
    return from_surfaces;
}

// into's record after the merge: from's surfaces as aliases, its emails and handles added.
EntityRecord merged_record(const EntityRecord* into_record, const std::string& into,
                           const std::string& into_kind, const std::string& into_surface,
                           const std::vector<std::string>& from_surfaces,
                           const EntityRecord* from_record, EntityMergeReport& report) {
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

    return record;
}

// What restores the registry's files if the merge fails after writing them.
Result<RegistryUndo> plan_registry_undo(const EntityRegistry& registry, const std::string& from,
                                        const std::string& into, const std::string& into_kind,
                                        const EntityRecord* from_record,
                                        const EntityRecord* into_record) {
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
    // from's record file is moved aside to this hidden name (never loaded) rather than removed,
    // so it can come back.
    if (from_record != nullptr) {
        undo.from_file = registry.path_of(from);
        undo.from_parked =
            undo.from_file.parent_path() /
            ("." + undo.from_file.filename().string() + ".merged-" + std::to_string(::getpid()));
    }
    return undo;
}

} // namespace

namespace {

// Re-points from's mentions and edges to into, inside the caller's transaction, counting what
// the report says about them.
Status repoint_and_count(const Database& db, const std::string& from, const std::string& into,
                         const std::string& into_kind, std::int64_t from_rows,
                         EntityMergeReport& report) {
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
    report.mentions_moved = from_rows - *dropped;

    MEMLENS_TRY(entities::repoint_entity(db, from, into, into_kind));
    auto edges_after = merge_count(
        db, "SELECT count(*) FROM mem_tree_entity_edges WHERE entity_a = ?1 OR entity_b = ?1",
        into);
    if (!edges_after)
        return edges_after.status();
    report.edges_after = *edges_after;
    return Status::ok();
}

// The two entities as the index and the registry know them before the merge.
struct MergePair {
    std::int64_t from_rows = 0; // from's mentions in the index
    const EntityRecord* from_record = nullptr;
    const EntityRecord* into_record = nullptr;
    std::string into_kind;
    std::string into_surface;
    std::vector<std::string> from_surfaces; // what becomes into's aliases
};

Result<MergePair> read_merge_pair(const Database& db, const EntityRegistry& registry,
                                  const std::string& from, const std::string& into) {
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
    MergePair pair;
    pair.from_rows = *from_rows;
    pair.from_record = registry.find(from);
    pair.into_record = registry.find(into);
    if (*from_rows == 0 && pair.from_record == nullptr)
        return Status::not_found("no entity '" + from + "' in the index or the registry");
    if (*into_rows == 0 && pair.into_record == nullptr)
        return Status::not_found("no entity '" + into + "' in the index or the registry");

    // into's kind: its record's, else its mentions', else its id's. Its display name: the newest
    // leaf's surface (a summary's mention is written as the lowercased id).
    pair.into_kind = into.substr(0, into.find(':'));
    pair.into_surface = into.substr(into.find(':') + 1);
    MEMLENS_TRY(newest_leaf_surface(db, into, pair.into_kind, pair.into_surface));
    if (pair.into_record != nullptr)
        pair.into_kind = pair.into_record->kind;

    auto from_surfaces = alias_surfaces(db, from, pair.from_record);
    if (!from_surfaces)
        return from_surfaces.status();
    pair.from_surfaces = std::move(from_surfaces).value();
    return pair;
}

// Plans the registry's undo and journals it (the file, then the setting naming it), so that a
// merge killed from here on is finished or undone by the next open.
Result<RegistryUndo> journal_registry_undo(Vault& vault, const EntityRegistry& registry,
                                           const std::string& from, const std::string& into,
                                           const MergePair& pair) {
    auto planned = plan_registry_undo(registry, from, into, pair.into_kind, pair.from_record,
                                      pair.into_record);
    if (!planned)
        return planned.status();
    RegistryUndo undo = std::move(planned).value();
    const std::string journal_id = random_journal_id();
    if (Status s = write_journal(vault, journal_id, undo); !s)
        return s.with_context("entity merge journal");
    if (Status s = vault.set_setting(kJournalSetting, journal_id); !s)
        return s;
    return undo;
}

// Moves from's record file aside to its parked name; on failure nothing is parked.
Status park_from_record(RegistryUndo& undo) {
    std::error_code ec;
    fs::rename(undo.from_file, undo.from_parked, ec);
    if (ec) {
        undo.from_parked.clear();
        return Status::io(undo.from_file.string() + ": cannot remove: " + ec.message());
    }
    return Status::ok();
}

} // namespace

Result<EntityMergeReport> merge_entities(Vault& vault, const std::string& from,
                                         const std::string& into,
                                         const EntityMergeOptions& options) {
    check_off_ui_thread("merge_entities");
    MEMLENS_TRY(check_merge_request(vault, from, into));
    auto fail_at = [&](std::string_view step) {
        return options.fail_point ? options.fail_point(step) : Status::ok();
    };

    // A merge killed before: finished or undone first, so this one starts from whole files.
    MEMLENS_TRY(recover_entity_merge(vault).with_context("entity registry"));
    auto loaded = EntityRegistry::load(vault.entities_dir());
    if (!loaded)
        return loaded.status().with_context("entity registry");
    EntityRegistry registry = std::move(loaded).value();
    const Database& db = vault.db();

    auto read = read_merge_pair(db, registry, from, into);
    if (!read)
        return read.status();
    const MergePair& pair = *read;
    EntityMergeReport report;
    report.from = from;
    report.into = into;

    auto txn = Transaction::begin(db);
    if (!txn)
        return txn.status();
    MEMLENS_TRY(repoint_and_count(db, from, into, pair.into_kind, pair.from_rows, report));
    MEMLENS_TRY(vault.bump_revision());
    MEMLENS_TRY(fail_at("index"));

    // The registry, inside the transaction: any failure from here on restores the files and
    // rolls the database back (the Transaction's destructor).
    const EntityRecord record =
        merged_record(pair.into_record, into, pair.into_kind, pair.into_surface, pair.from_surfaces,
                      pair.from_record, report);

    auto journaled = journal_registry_undo(vault, registry, from, into, pair);
    if (!journaled)
        return journaled.status();
    RegistryUndo undo = std::move(journaled).value();
    auto undo_on_failure = [&](Status s) {
        undo.restore();
        std::error_code ec;
        fs::remove(journal_path(vault), ec);
        return s;
    };
    if (Status s = registry.upsert(record); !s)
        return undo_on_failure(s.with_context("entity registry"));
    report.registry_file = registry.path_of(into);
    if (Status s = fail_at("registry"); !s)
        return undo_on_failure(s);
    if (pair.from_record != nullptr) {
        if (Status s = park_from_record(undo); !s)
            return undo_on_failure(s);
    }
    if (Status s = fail_at("commit"); !s)
        return undo_on_failure(s);
    if (Status s = txn->commit(); !s)
        return undo_on_failure(s);
    if (Status s = fail_at("committed"); !s)
        return report; // a test's kill here: the next open finishes the merge
    std::error_code ec;
    if (!undo.from_parked.empty())
        fs::remove(undo.from_parked, ec);
    fs::remove(journal_path(vault), ec);
    return report;
}

Status recover_entity_merge(Vault& vault) {
    const fs::path journal = journal_path(vault);
    std::error_code ec;
    if (!fs::exists(vault.entities_dir(), ec))
        return Status::ok();
    MEMLENS_TRY(vault.check_writable());
    remove_stray_temporaries(vault.entities_dir());
    if (!fs::is_regular_file(fs::symlink_status(journal, ec)))
        return Status::ok();
    auto text = merge_read_bytes(journal);
    const auto j = nlohmann::json::parse(text.value_or(""), nullptr, false);
    if (!j.is_object() || !j.contains("id") || !j["id"].is_string())
        return Status::corruption(journal.string() +
                                  ": an interrupted entity merge left a journal that does not "
                                  "read; look at the registry's files, then remove it");
    auto text_of = [&](const char* key) {
        return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
    };
    RegistryUndo undo;
    undo.into_file = text_of("into_file");
    if (j.contains("into_bytes") && j["into_bytes"].is_string())
        undo.into_bytes = j["into_bytes"].get<std::string>();
    undo.from_file = text_of("from_file");
    undo.from_parked = text_of("from_parked");
    if (j.contains("created_dirs") && j["created_dirs"].is_array())
        for (const auto& d : j["created_dirs"])
            if (d.is_string())
                undo.created_dirs.emplace_back(d.get<std::string>());
    // The files named must be the registry's own: a journal is never a way to write elsewhere.
    const std::string root = vault.entities_dir().string() + "/";
    for (const fs::path* p : {&undo.into_file, &undo.from_file, &undo.from_parked})
        if (!p->empty() && p->string().rfind(root, 0) != 0)
            return Status::corruption(journal.string() + ": names a file outside the registry (" +
                                      p->string() + "); remove the journal");
    const bool committed = vault.setting(kJournalSetting) == text_of("id");
    if (committed) {
        // The database side is merged: only the parked record of `from` is left to remove.
        if (!undo.from_parked.empty())
            fs::remove(undo.from_parked, ec);
    } else {
        // It never committed: the registry goes back to what it was, byte for byte.
        if (!undo.from_parked.empty() && !fs::exists(undo.from_parked, ec))
            undo.from_parked.clear(); // never moved aside
        if (!undo.from_parked.empty() && fs::exists(undo.from_file, ec))
            undo.from_parked.clear(); // already back
        undo.restore();
    }
    fs::remove(journal, ec);
    return Status::ok();
}

} // namespace memlens
