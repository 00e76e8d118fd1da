#include "search/supersession.h"

#include <algorithm>
#include <set>

namespace memlens::search {

namespace {

constexpr std::size_t kMaxSupersededBy = 5;

void add_unique(std::vector<std::string>& v, const std::string& id) {
    if (v.size() < kMaxSupersededBy && std::find(v.begin(), v.end(), id) == v.end())
        v.push_back(id);
}

// Explicit links: a chunk whose `supersedes` names this chunk's id or message id. The link
// column has no index, so the read is narrowed to the sources of the flagged chunks first; a
// flagged chunk still unexplained then costs one scan.
Status explicit_links(StatementCache& stmts, const std::map<std::string, NodeRow>& rows,
                      std::map<std::string, std::vector<std::string>>& out) {
    std::map<std::string, std::string> target_to_node; // id or message id → node id
    std::set<std::string> sources;
    for (const auto& [id, r] : rows) {
        if (r.is_summary || !r.superseded_flag)
            continue;
        target_to_node[id] = id;
        if (r.message_id && !r.message_id->empty())
            target_to_node.emplace(*r.message_id, id);
        sources.insert(r.source_id);
    }
    if (target_to_node.empty())
        return Status::ok();
    std::vector<std::string> targets;
    for (const auto& [t, n] : target_to_node)
        targets.push_back(t);
    auto read = [&](const SqlQuery& q) -> Status {
        auto st = stmts.bind(q);
        if (!st)
            return st.status();
        for (;;) {
            auto row = (*st)->step();
            if (!row)
                return row.status();
            if (!*row)
                return Status::ok();
            auto it = target_to_node.find((*st)->column_text(1));
            if (it != target_to_node.end() && (*st)->column_text(0) != it->second)
                add_unique(out[it->second], (*st)->column_text(0));
        }
    };
    SqlQuery local;
    local.add("SELECT id, supersedes FROM mem_tree_chunks WHERE source_id IN (SELECT value FROM "
              "json_each(?))",
              json_string_array({sources.begin(), sources.end()}));
    local.add(" AND supersedes IN (SELECT value FROM json_each(?)) ORDER BY timestamp_ms, id",
              json_string_array(targets));
    MEMLENS_TRY(read(local));
    std::vector<std::string> unresolved;
    for (const auto& [t, n] : target_to_node)
        if (!out.count(n))
            unresolved.push_back(t);
    if (unresolved.empty())
        return Status::ok();
    SqlQuery global;
    global.add("SELECT id, supersedes FROM mem_tree_chunks WHERE supersedes IN (SELECT value FROM "
               "json_each(?)) ORDER BY timestamp_ms, id",
               json_string_array(unresolved));
    return read(global);
}

// Document versions: the chunks of the newest later version of the same doc_id that hold the
// same section (same source_ref; else same position in the document; else its first chunk).
Status chunk_versions(StatementCache& stmts, const std::map<std::string, NodeRow>& rows,
                      std::map<std::string, std::vector<std::string>>& out) {
    std::set<std::string> sources, docs;
    for (const auto& [id, r] : rows) {
        if (!r.is_summary && r.doc_id && r.version_ms) {
            sources.insert(r.source_id);
            docs.insert(*r.doc_id);
        }
    }
    if (docs.empty())
        return Status::ok();
    struct Version {
        std::string id, doc_id, source_ref;
        std::int64_t version = 0, seq = 0;
    };
    std::vector<Version> all;
    SqlQuery q;
    q.add("SELECT id, doc_id, version_ms, coalesce(source_ref, ''), seq_in_source FROM "
          "mem_tree_chunks WHERE source_id IN (SELECT value FROM json_each(?))",
          json_string_array({sources.begin(), sources.end()}));
    q.add(" AND doc_id IN (SELECT value FROM json_each(?)) AND version_ms IS NOT NULL",
          json_string_array({docs.begin(), docs.end()}));
    q.add(" ORDER BY version_ms DESC, seq_in_source, id");
    auto st = stmts.bind(q);
    if (!st)
        return st.status();
    for (;;) {
        auto row = (*st)->step();
        if (!row)
            return row.status();
        if (!*row)
            break;
        all.push_back({(*st)->column_text(0), (*st)->column_text(1), (*st)->column_text(3),
                       (*st)->column_int64(2), (*st)->column_int64(4)});
    }
    for (const auto& [id, r] : rows) {
        if (r.is_summary || !r.doc_id || !r.version_ms)
            continue;
        std::int64_t newest = *r.version_ms;
        for (const auto& v : all)
            if (v.doc_id == *r.doc_id && v.version > newest)
                newest = v.version;
        if (newest == *r.version_ms)
            continue;
        const Version* by_ref = nullptr;
        const Version* by_seq = nullptr;
        const Version* first = nullptr;
        for (const auto& v : all) {
            if (v.doc_id != *r.doc_id || v.version != newest)
                continue;
            if (!first)
                first = &v;
            if (!by_ref && r.hit.source_ref && !r.hit.source_ref->empty() &&
                v.source_ref == *r.hit.source_ref)
                by_ref = &v;
            if (!by_seq && v.seq == r.seq)
                by_seq = &v;
        }
        const Version* pick = by_ref ? by_ref : by_seq ? by_seq : first;
        if (pick)
            add_unique(out[id], pick->id);
    }
    return Status::ok();
}

// Summaries: the newest later version's summaries of the same document at the same level.
Status summary_versions(StatementCache& stmts, const std::map<std::string, NodeRow>& rows,
                        std::map<std::string, std::vector<std::string>>& out) {
    std::set<std::string> docs;
    for (const auto& [id, r] : rows)
        if (r.is_summary && r.doc_id && r.version_ms)
            docs.insert(*r.doc_id);
    if (docs.empty())
        return Status::ok();
    SqlQuery q;
    q.add("SELECT id, doc_id, version_ms, level FROM mem_tree_summaries WHERE deleted = 0 AND "
          "doc_id IN (SELECT value FROM json_each(?)) AND version_ms IS NOT NULL ORDER BY "
          "version_ms DESC, id",
          json_string_array({docs.begin(), docs.end()}));
    auto st = stmts.bind(q);
    if (!st)
        return st.status();
    struct Version {
        std::string id, doc_id;
        std::int64_t version = 0, level = 0;
    };
    std::vector<Version> all;
    for (;;) {
        auto row = (*st)->step();
        if (!row)
            return row.status();
        if (!*row)
            break;
        all.push_back({(*st)->column_text(0), (*st)->column_text(1), (*st)->column_int64(2),
                       (*st)->column_int64(3)});
    }
    for (const auto& [id, r] : rows) {
        if (!r.is_summary || !r.doc_id || !r.version_ms)
            continue;
        std::int64_t newest = *r.version_ms;
        for (const auto& v : all)
            if (v.doc_id == *r.doc_id && v.version > newest)
                newest = v.version;
        if (newest == *r.version_ms)
            continue;
        for (const auto& v : all)
            if (v.doc_id == *r.doc_id && v.version == newest &&
                v.level == static_cast<std::int64_t>(r.hit.level))
                add_unique(out[id], v.id);
    }
    return Status::ok();
}

} // namespace

Result<std::map<std::string, std::vector<std::string>>>
find_superseded_by(StatementCache& stmts, const std::map<std::string, NodeRow>& rows, bool native) {
    std::map<std::string, std::vector<std::string>> out;
    if (native) {
        MEMLENS_TRY(explicit_links(stmts, rows, out));
        MEMLENS_TRY(chunk_versions(stmts, rows, out));
    }
    MEMLENS_TRY(summary_versions(stmts, rows, out));
    return out;
}

} // namespace memlens::search
