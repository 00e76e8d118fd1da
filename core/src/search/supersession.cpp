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

// Explicit links: a chunk whose `supersedes` names this chunk's id or message id.
void explicit_links(const SupersedesLinks& links, const std::map<std::string, NodeRow>& rows,
                    std::map<std::string, std::vector<std::string>>& out) {
    for (const auto& [id, r] : rows) {
        // A document chunk is flagged when a newer version replaced it: chunk_versions says by
        // which chunk.
        if (r.is_summary || !r.superseded_flag || r.doc_id)
            continue;
        for (const std::string* target : {&id, r.message_id ? &*r.message_id : nullptr}) {
            if (target == nullptr || target->empty())
                continue;
            if (const auto* by = links.find(*target))
                for (const auto& b : *by)
                    if (b != id)
                        add_unique(out[id], b);
        }
    }
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
    MEMLENS_TRY((*st)->each_row([&] {
        all.push_back({(*st)->column_text(0), (*st)->column_text(1), (*st)->column_text(3),
                       (*st)->column_int64(2), (*st)->column_int64(4)});
    }));
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
    MEMLENS_TRY((*st)->each_row([&] {
        all.push_back({(*st)->column_text(0), (*st)->column_text(1), (*st)->column_int64(2),
                       (*st)->column_int64(3)});
    }));
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

Result<SupersedesLinks> SupersedesLinks::load(StatementCache& stmts, bool native) {
    SupersedesLinks links;
    if (!native)
        return links; // a workspace has no supersedes column
    auto st = stmts.get("SELECT supersedes, id FROM mem_tree_chunks WHERE supersedes IS NOT NULL "
                        "ORDER BY timestamp_ms, id");
    if (!st)
        return st.status();
    MEMLENS_TRY((*st)->each_row(
        [&] { links.by_target_[(*st)->column_text(0)].push_back((*st)->column_text(1)); }));
    return links;
}

const std::vector<std::string>* SupersedesLinks::find(const std::string& target) const {
    auto it = by_target_.find(target);
    return it == by_target_.end() ? nullptr : &it->second;
}

Result<std::map<std::string, std::vector<std::string>>>
find_superseded_by(StatementCache& stmts, const SupersedesLinks& links,
                   const std::map<std::string, NodeRow>& rows) {
    std::map<std::string, std::vector<std::string>> out;
    explicit_links(links, rows, out);
    MEMLENS_TRY(chunk_versions(stmts, rows, out));
    MEMLENS_TRY(summary_versions(stmts, rows, out));
    return out;
}

} // namespace memlens::search
