// Memories in an agent's terms (memories.h): list, get and update over mem_tree_chunks.
#include "import/input_rules.h"
#include "json/dump.h"
#include "json/string_array.h"
#include "search/scope_sql.h"

#include <memlens/embedder.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/memories.h>
#include <memlens/thread_guard.h>
#include <memlens/time_util.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <variant>

namespace memlens {

namespace memories_detail {

// The columns a Memory is read from, on mem_tree_chunks aliased c; rid last (the cursor's).
constexpr const char* kMemoryColumns =
    "SELECT c.id, c.content, coalesce(c.author, ''), c.timestamp_ms, c.source_id, "
    "c.source_kind, c.tags_json, c.message_id, c.superseded, c.supersedes, c.rid FROM "
    "mem_tree_chunks c";

Memory read_memory(const Statement& st) {
    Memory m;
    m.id = st.column_text(0);
    m.text = st.column_text(1);
    m.author = st.column_text(2);
    m.time_ms = st.column_int64(3);
    m.source = st.column_text(4);
    m.source_kind = st.column_text(5);
    m.tags = parse_string_array(st.column_text_view(6));
    m.message_id = st.column_optional_text(7);
    m.superseded = st.column_int64(8) != 0;
    m.supersedes = st.column_optional_text(9);
    return m;
}

Status require_native(const Vault& vault, const char* what) {
    if (vault.format() != VaultFormat::Native)
        return Status::unsupported(std::string(what) +
                                   " reads a memlens vault; an OpenHuman workspace has no "
                                   "memories in its sense: " +
                                   vault.dir().string());
    return Status::ok();
}

// The cursor: "m1." then the last row's time and rid in hexadecimal, so it names a position
// in the order (time, rid) rather than an offset.
std::string make_cursor(std::int64_t time_ms, std::int64_t rid) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "m1.%llx.%llx",
                  static_cast<unsigned long long>(static_cast<std::uint64_t>(time_ms)),
                  static_cast<unsigned long long>(static_cast<std::uint64_t>(rid)));
    return buf;
}

std::optional<std::pair<std::int64_t, std::int64_t>> parse_cursor(std::string_view c) {
    if (c.substr(0, 3) != "m1.")
        return std::nullopt;
    c.remove_prefix(3);
    const auto dot = c.find('.');
    if (dot == std::string_view::npos)
        return std::nullopt;
    auto hex = [](std::string_view s) -> std::optional<std::int64_t> {
        std::uint64_t v = 0;
        if (s.empty() || s.size() > 16)
            return std::nullopt;
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 16);
        if (ec != std::errc() || end != s.data() + s.size())
            return std::nullopt;
        return static_cast<std::int64_t>(v);
    };
    auto t = hex(c.substr(0, dot));
    auto r = hex(c.substr(dot + 1));
    if (!t || !r)
        return std::nullopt;
    return std::pair{*t, *r};
}

// Who superseded each memory: chunks whose `supersedes` names its id, its message id, or a
// chunk of the same message (the ingest resolves a message id to that message's first chunk).
// Through the partial index of schema 3 (ml_chunks_supersedes), which holds only linking rows.
Status fill_superseded_by(const Database& db, std::vector<Memory>& ms) {
    for (Memory& m : ms) {
        if (!m.superseded)
            continue;
        auto st = db.prepare(
            "SELECT id FROM mem_tree_chunks INDEXED BY ml_chunks_supersedes WHERE supersedes IS "
            "NOT NULL AND (supersedes = ?1 OR supersedes = ?2 OR supersedes IN (SELECT id FROM "
            "mem_tree_chunks WHERE ?2 IS NOT NULL AND message_id = ?2)) AND id <> ?1 ORDER BY "
            "timestamp_ms, id");
        if (!st)
            return st.status();
        st->bind(1, m.id).bind(2, m.message_id);
        MEMLENS_TRY(st->each_row([&] { m.superseded_by.push_back(st->column_text(0)); }));
    }
    return Status::ok();
}

nlohmann::ordered_json memory_json(const Memory& m) {
    nlohmann::ordered_json j;
    j["id"] = m.id;
    j["text"] = m.text;
    j["author"] = m.author;
    j["time"] = format_rfc3339(m.time_ms);
    j["source"] = m.source;
    j["source_kind"] = m.source_kind;
    j["tags"] = m.tags;
    j["superseded"] = m.superseded;
    j["superseded_by"] = m.superseded_by;
    j["supersedes"] = m.supersedes ? nlohmann::ordered_json(*m.supersedes) : nullptr;
    j["message_id"] = m.message_id ? nlohmann::ordered_json(*m.message_id) : nullptr;
    return j;
}

} // namespace memories_detail

using namespace memories_detail;

Status check_memory_tags(const std::vector<std::string>& tags, std::string_view what) {
    const std::string name(what);
    if (tags.size() > kMaxMemoryTags)
        return Status::invalid(name + ": " + std::to_string(tags.size()) +
                               " tags, over the limit of " + std::to_string(kMaxMemoryTags));
    for (std::size_t i = 0; i < tags.size(); ++i) {
        const std::string at = name + "[" + std::to_string(i) + "]: ";
        if (auto p = import_detail::string_problem(tags[i]))
            return Status::invalid(at + *p);
        if (import_detail::is_blank(tags[i]))
            return Status::invalid(at + "blank: a tag needs a word");
        if (tags[i].size() > kMaxIngestNameBytes)
            return Status::invalid(at + std::to_string(tags[i].size()) +
                                   " bytes, over the limit of " +
                                   std::to_string(kMaxIngestNameBytes));
    }
    return Status::ok();
}

Result<MemoryPage> list_memories(const Vault& vault, const MemoryListOptions& o) {
    check_off_ui_thread("list_memories");
    MEMLENS_TRY(require_native(vault, "memory_list"));
    if (o.limit < 1 || o.limit > kMaxMemoryListLimit)
        return Status::invalid("limit: expected 1 to " + std::to_string(kMaxMemoryListLimit) +
                               ", not " + std::to_string(o.limit));
    if (o.since_ms && o.until_ms && *o.until_ms < *o.since_ms)
        return Status::invalid("until (" + format_rfc3339(*o.until_ms) + ") is before since (" +
                               format_rfc3339(*o.since_ms) + ")");
    MEMLENS_TRY(check_memory_tags(o.tags));
    std::optional<std::pair<std::int64_t, std::int64_t>> after;
    if (!o.cursor.empty()) {
        after = parse_cursor(o.cursor);
        if (!after)
            return Status::invalid("cursor: '" + o.cursor.substr(0, 40) +
                                   "' is not a cursor memory_list returned");
    }
    search::SqlQuery q;
    q.add(kMemoryColumns);
    q.add(" WHERE c.lifecycle_status <> 'dropped'");
    if (!o.include_superseded)
        q.add(" AND c.superseded = 0");
    if (o.source)
        q.add(" AND c.source_id = ?", *o.source);
    if (o.author)
        q.add(" AND lower(c.author) = lower(?)", *o.author);
    if (!o.tags.empty())
        q.add(" AND " + search::tag_condition("c.tags_json"), search::json_string_array(o.tags));
    // Chunks span one instant: time_range_start_ms is timestamp_ms, and it is indexed.
    if (o.since_ms)
        q.add(" AND c.time_range_start_ms >= ?", *o.since_ms);
    if (o.until_ms)
        q.add(" AND c.time_range_start_ms <= ?", *o.until_ms);
    if (after) {
        q.add(" AND (c.time_range_start_ms < ?", after->first);
        q.add(" OR (c.time_range_start_ms = ?", after->first);
        q.add(" AND c.rid < ?))", after->second);
    }
    q.add(" ORDER BY c.time_range_start_ms DESC, c.rid DESC LIMIT ?",
          static_cast<std::int64_t>(o.limit) + 1);

    const Database& db = vault.db();
    auto snapshot = ReadSnapshot::begin(db);
    if (!snapshot)
        return snapshot.status();
    auto st = db.prepare(q.sql);
    if (!st)
        return st.status();
    for (std::size_t i = 0; i < q.binds.size(); ++i) {
        const int at = static_cast<int>(i + 1);
        std::visit([&](const auto& v) { st->bind(at, v); }, q.binds[i]);
    }
    MemoryPage page;
    std::int64_t last_time = 0, last_rid = 0;
    while (true) {
        auto row = st->step();
        if (!row)
            return row.status();
        if (!*row)
            break;
        if (page.memories.size() == static_cast<std::size_t>(o.limit)) {
            page.next_cursor = make_cursor(last_time, last_rid);
            break;
        }
        page.memories.push_back(read_memory(*st));
        last_time = st->column_int64(3);
        last_rid = st->column_int64(10);
    }
    MEMLENS_TRY(fill_superseded_by(db, page.memories));
    return page;
}

Result<std::vector<Memory>> get_memories(const Vault& vault, const std::vector<std::string>& ids) {
    check_off_ui_thread("get_memories");
    MEMLENS_TRY(require_native(vault, "memory_get"));
    if (ids.empty())
        return Status::invalid("ids: name at least one memory id");
    if (ids.size() > kMaxMemoryGetIds)
        return Status::invalid("ids: " + std::to_string(ids.size()) + " ids, over the limit of " +
                               std::to_string(kMaxMemoryGetIds));
    const Database& db = vault.db();
    auto snapshot = ReadSnapshot::begin(db);
    if (!snapshot)
        return snapshot.status();
    auto st = db.prepare(std::string(kMemoryColumns) + " WHERE c.id = ?");
    if (!st)
        return st.status();
    std::vector<Memory> out;
    for (const std::string& id : ids) {
        if (std::any_of(out.begin(), out.end(), [&](const Memory& m) { return m.id == id; }))
            continue;
        st->reset();
        st->bind(1, id);
        auto row = st->step();
        if (!row)
            return row.status();
        if (*row) {
            out.push_back(read_memory(*st));
            continue;
        }
        auto summary = db.prepare("SELECT 1 FROM mem_tree_summaries WHERE id = ?");
        if (!summary)
            return summary.status();
        summary->bind(1, id);
        auto is_summary = summary->step();
        if (!is_summary)
            return is_summary.status();
        if (*is_summary)
            return Status::not_found("'" + id +
                                     "' is a summary, not a memory: open it with drill_down");
        return Status::not_found("no memory '" + id + "'");
    }
    MEMLENS_TRY(fill_superseded_by(db, out));
    return out;
}

Result<MemoryUpdateReport> update_memory(Vault& vault, Embedder& embedder, const MemoryUpdate& u,
                                         const std::atomic_bool* cancel, bool fold_here) {
    check_off_ui_thread("update_memory");
    MEMLENS_TRY(vault.check_writable());
    auto old = get_memories(vault, {u.id});
    if (!old)
        return old.status();
    const Memory& m = old->front();
    if (m.superseded)
        return Status::invalid(
            "memory '" + m.id + "' is superseded already" +
            (m.superseded_by.empty() ? std::string() : " (by '" + m.superseded_by.back() + "')") +
            ": update its newest version");
    if (import_detail::is_blank(u.text))
        return Status::invalid("text: blank: there is nothing to remember");
    if (u.tags)
        MEMLENS_TRY(check_memory_tags(*u.tags));

    IngestSource src;
    src.source_id = m.source;
    src.source_kind = m.source_kind;
    src.platform = platform_of(m.source);
    src.title = m.source;
    src.format = "mcp";
    {
        // The source keeps its own title and platform (the ingest writes the title back).
        auto st = vault.db().prepare("SELECT platform, title FROM ml_sources WHERE source_id = ?");
        if (!st)
            return st.status();
        st->bind(1, m.source);
        auto row = st->step();
        if (!row)
            return row.status();
        if (*row) {
            src.platform = st->column_text(0);
            src.title = st->column_text(1);
        }
    }
    IngestItem item;
    item.text = u.text;
    item.author = u.author.value_or(m.author);
    item.tags = u.tags.value_or(m.tags);
    item.ts_ms = u.time_ms.value_or(now_ms());
    item.supersedes = m.message_id.value_or(m.id);
    item.supersedes_current = true;
    if (!item.author.empty())
        src.persons.push_back(item.author);
    src.items.push_back(std::move(item));

    IngestOptions opts;
    opts.report_chunk_ids = true;
    opts.fold_here = fold_here;
    Ingestor ingestor(vault, embedder, opts);
    auto report = ingestor.ingest({src}, {}, cancel);
    if (!report)
        return report.status();
    if (report->chunk_ids.empty())
        return Status::invalid("text: the same text at the same time is stored in '" + m.source +
                               "' already: nothing was written");
    return MemoryUpdateReport{m.id, report->chunk_ids};
}

namespace {

bool is_hex_id(std::string_view id) {
    return !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    });
}

std::size_t common_start(std::string_view a, std::string_view b) {
    std::size_t n = 0;
    while (n < a.size() && n < b.size() && a[n] == b[n])
        ++n;
    return n;
}

} // namespace

Result<std::vector<std::string>> short_chunk_ids(const Vault& vault,
                                                 const std::vector<std::string>& ids) {
    check_off_ui_thread("short_chunk_ids");
    // The ids next to each one in the primary key's order: its short id must differ from both.
    auto before = vault.db().prepare("SELECT max(id) FROM mem_tree_chunks WHERE id < ?1");
    auto after = vault.db().prepare("SELECT min(id) FROM mem_tree_chunks WHERE id > ?1");
    if (!before || !after)
        return (before ? after.status() : before.status()).with_context("short ids");
    std::vector<std::string> out;
    out.reserve(ids.size());
    for (const std::string& id : ids) {
        if (id.size() <= kShortIdChars || !is_hex_id(id)) {
            out.push_back(id);
            continue;
        }
        std::size_t keep = kShortIdChars;
        for (Statement* st : {&*before, &*after}) {
            st->reset();
            st->bind(1, id);
            auto row = st->step();
            if (!row)
                return row.status().with_context("short ids");
            if (*row && !st->column_is_null(0))
                keep = std::max(keep, common_start(id, st->column_text_view(0)) + 1);
        }
        out.push_back(id.substr(0, std::min(keep, id.size())));
    }
    return out;
}

Result<std::string> resolve_node_id(const Vault& vault, std::string_view id) {
    check_off_ui_thread("resolve_node_id");
    if (id.size() < kShortIdChars || !is_hex_id(id))
        return std::string(id);
    // The ids that start with `id` lie from it up to (not including) `id` with its last
    // digit one higher, in the primary key's order: at most two are read.
    std::string end(id);
    ++end.back();
    auto st = vault.db().prepare(
        "SELECT id FROM mem_tree_chunks WHERE id >= ?1 AND id < ?2 ORDER BY id LIMIT 2");
    if (!st)
        return st.status().with_context("resolving an id");
    st->bind(1, std::string(id));
    st->bind(2, end);
    std::vector<std::string> found;
    MEMLENS_TRY(
        st->each_row([&] { found.push_back(st->column_text(0)); }).with_context("resolving an id"));
    if (found.empty())
        return std::string(id);
    if (found.size() > 1 && found.front() != id)
        return Status::invalid("id '" + std::string(id) + "' is ambiguous: the ids of " + found[0] +
                               ", " + found[1] +
                               " and perhaps more memories start with it; give more of it");
    return found.front();
}

std::string to_json(const Memory& m) {
    return dump_json(memory_json(m));
}

std::string to_json(const std::vector<Memory>& memories) {
    auto a = nlohmann::ordered_json::array();
    for (const Memory& m : memories)
        a.push_back(memory_json(m));
    return dump_json(a);
}

std::string to_json(const MemoryPage& page) {
    nlohmann::ordered_json j;
    auto a = nlohmann::ordered_json::array();
    for (const Memory& m : page.memories)
        a.push_back(memory_json(m));
    j["memories"] = std::move(a);
    j["next_cursor"] = page.next_cursor ? nlohmann::ordered_json(*page.next_cursor) : nullptr;
    return dump_json(j);
}

std::string to_json(const MemoryUpdateReport& r) {
    nlohmann::ordered_json j;
    j["old_id"] = r.old_id;
    j["new_ids"] = r.new_ids;
    return dump_json(j);
}

} // namespace memlens
