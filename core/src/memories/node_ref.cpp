// Nodes by the names people know them by (node_ref.h).
#include "json/dump.h"

#include <memlens/db.h>
#include <memlens/memories.h>
#include <memlens/node_ref.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>
#include <memlens/time_util.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace memlens {

// Named, not anonymous: the core is compiled in unity batches (CMAKE_UNITY_BUILD).
namespace node_ref_detail {

constexpr std::size_t kSnippetChars = 120;

// The start of a text on one line: whitespace runs (newlines too) become one space.
std::string one_line_snippet(std::string_view text) {
    std::string out;
    bool space = false;
    for (char c : text) {
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
            space = !out.empty();
            continue;
        }
        if (space)
            out += ' ';
        space = false;
        out += c;
    }
    return snippet(out, {}, kSnippetChars);
}

std::string trimmed_ref(std::string_view s) {
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string_view::npos)
        return {};
    const auto e = s.find_last_not_of(" \t\r\n");
    return std::string(s.substr(b, e - b + 1));
}

bool is_native(const Vault& vault) {
    return vault.format() == VaultFormat::Native;
}

// Chunks matching `where` (its parameters bound by `bind`) in `order` (newest first unless
// given), at most `limit`; `join` adds a table to the chunks (aliased c).
template <typename Bind>
Status read_chunks(const Vault& vault, const std::string& where, Bind&& bind, std::size_t limit,
                   NodeMatchKind how, std::vector<NodeMatch>& out, const std::string& join = "",
                   const std::string& order = "c.timestamp_ms DESC, c.id") {
    const std::string author = is_native(vault) ? "c.author" : "NULL";
    auto st = vault.db().prepare("SELECT c.id, c.source_id, c.source_ref, " + author +
                                 ", c.timestamp_ms, substr(c.content, 1, 400) "
                                 "FROM mem_tree_chunks c " +
                                 join + " WHERE " + where + " ORDER BY " + order + " LIMIT ?9");
    if (!st)
        return st.status();
    bind(*st);
    st->bind(9, static_cast<std::int64_t>(limit));
    return st->each_row([&] {
        NodeMatch m;
        m.id = st->column_text(0);
        m.how = how;
        m.source_id = st->column_text(1);
        m.source_ref = st->column_optional_text(2);
        m.author = st->column_is_null(3) ? std::string() : st->column_text(3);
        m.time_ms = st->column_int64(4);
        m.snippet = one_line_snippet(st->column_text_view(5));
        out.push_back(std::move(m));
    });
}

Status read_summary(const Vault& vault, const std::string& id, std::vector<NodeMatch>& out) {
    auto st = vault.db().prepare(
        "SELECT s.id, s.level, COALESCE(t.scope, ''), s.time_range_start_ms, "
        "substr(s.content, 1, 400) FROM mem_tree_summaries s "
        "LEFT JOIN mem_tree_trees t ON t.id = s.tree_id WHERE s.id = ?1 AND s.deleted = 0");
    if (!st)
        return st.status();
    st->bind(1, id);
    return st->each_row([&] {
        NodeMatch m;
        m.id = st->column_text(0);
        m.how = NodeMatchKind::Id;
        m.summary = true;
        m.level = static_cast<int>(st->column_int64(1));
        m.source_id = st->column_text(2);
        m.time_ms = st->column_int64(3);
        m.snippet = one_line_snippet(st->column_text_view(4));
        out.push_back(std::move(m));
    });
}

// The chunks whose source reference or (native vaults) message id is `ref`, optionally only in
// the sources `source` names (its id, or the end of it after a ':').
Status by_reference(const Vault& vault, const std::string& ref,
                    const std::optional<std::string>& source, std::size_t limit,
                    std::vector<NodeMatch>& out) {
    const std::string in_source =
        source ? " AND (c.source_id = ?2 OR c.source_id LIKE '%:' || ?3 ESCAPE '\\')" : "";
    std::string escaped; // ?3 is a LIKE pattern's tail: its wildcards are literal
    if (source)
        for (char c : *source) {
            if (c == '%' || c == '_' || c == '\\')
                escaped += '\\';
            escaped += c;
        }
    auto bind = [&](Statement& st) {
        st.bind(1, ref);
        if (source) {
            st.bind(2, *source);
            st.bind(3, escaped);
        }
    };
    MEMLENS_TRY(read_chunks(vault, "c.source_ref = ?1" + in_source, bind, limit,
                            NodeMatchKind::SourceRef, out));
    if (!out.empty() || !is_native(vault))
        return Status::ok();
    return read_chunks(vault, "c.message_id = ?1" + in_source, bind, limit,
                       NodeMatchKind::MessageId, out);
}

} // namespace node_ref_detail

using namespace node_ref_detail;

const char* to_string(NodeMatchKind kind) {
    switch (kind) {
    case NodeMatchKind::Id:
        return "id";
    case NodeMatchKind::ShortId:
        return "short_id";
    case NodeMatchKind::SourceRef:
        return "source_ref";
    case NodeMatchKind::MessageId:
        return "message_id";
    case NodeMatchKind::Text:
        return "text";
    }
    return "id";
}

std::string node_label(const NodeMatch& m) {
    const std::string day = format_rfc3339(m.time_ms).substr(0, 10);
    if (m.summary)
        return "summary L" + std::to_string(m.level) + " · " + m.source_id + " · " + day;
    std::string s = m.source_ref ? "turn " + *m.source_ref : std::string("memory");
    if (!m.author.empty())
        s += " · " + m.author;
    return s + " · " + day + " · " + m.source_id;
}

Result<std::vector<NodeMatch>> find_node_refs(const Vault& vault, std::string_view typed,
                                              std::size_t limit) {
    check_off_ui_thread("find_node_refs");
    if (limit < 1 || limit > kMaxNodeMatches)
        return Status::invalid("limit must be 1 to " + std::to_string(kMaxNodeMatches));
    const std::string ref = trimmed_ref(typed);
    std::vector<NodeMatch> out;
    if (ref.empty())
        return out;
    auto whole = resolve_node_id(vault, ref);
    if (!whole)
        return whole.status();
    const NodeMatchKind id_kind = *whole == ref ? NodeMatchKind::Id : NodeMatchKind::ShortId;
    const std::string id = *whole;
    MEMLENS_TRY(read_chunks(
        vault, "c.id = ?1", [&](Statement& st) { st.bind(1, id); }, 1, id_kind, out));
    if (out.empty())
        MEMLENS_TRY(read_summary(vault, id, out));
    if (!out.empty())
        return out;
    MEMLENS_TRY(by_reference(vault, ref, std::nullopt, limit, out));
    if (!out.empty())
        return out;
    if (const auto space = ref.find_first_of(" \t"); space != std::string::npos) {
        const std::string source = ref.substr(0, space);
        const std::string rest = trimmed_ref(std::string_view(ref).substr(space));
        MEMLENS_TRY(by_reference(vault, rest, source, limit, out));
    }
    return out;
}

Result<std::vector<NodeMatch>> find_nodes_by_text(const Vault& vault, std::string_view words,
                                                  std::size_t limit) {
    check_off_ui_thread("find_nodes_by_text");
    if (limit < 1 || limit > kMaxNodeMatches)
        return Status::invalid("limit must be 1 to " + std::to_string(kMaxNodeMatches));
    // Every word, each quoted (so "AND", "NEAR" or '*' are words), in the chunk's own text.
    std::string match;
    for (const std::string& w : split_words(words)) {
        std::string quoted = "\"";
        for (char c : w)
            quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
        match += (match.empty() ? "" : " AND ") + quoted + "\"";
    }
    if (match.empty())
        return Status::invalid("no word to search for in '" + cut_utf8(words, 80) + "'");
    // One statement: the matches, best first, with what a match shows.
    const std::string rid = is_native(vault) ? "c.rid" : "c.rowid";
    const std::string expression = "{content} : (" + match + ")";
    std::vector<NodeMatch> out;
    MEMLENS_TRY(read_chunks(
                    vault, "mem_tree_chunks_fts MATCH ?1",
                    [&](Statement& s) { s.bind(1, expression); }, limit, NodeMatchKind::Text, out,
                    "JOIN mem_tree_chunks_fts f ON " + rid + " = f.rowid",
                    "bm25(mem_tree_chunks_fts)")
                    .with_context("text search"));
    return out;
}

Result<std::string> resolve_node_ref(const Vault& vault, std::string_view ref) {
    auto found = find_node_refs(vault, ref, 6);
    if (!found)
        return found.status();
    if (found->empty())
        return std::string(ref);
    if (found->size() == 1)
        return found->front().id;
    std::vector<std::string> some;
    for (std::size_t i = 0; i < found->size() && i < 5; ++i)
        some.push_back((*found)[i].id);
    auto short_ids = short_chunk_ids(vault, some);
    std::string listed;
    for (std::size_t i = 0; i < some.size(); ++i)
        listed += (i == 0 ? "" : ", ") + node_label((*found)[i]) + " (id " +
                  (short_ids ? (*short_ids)[i] : some[i]) + ")";
    const std::string more = found->size() > 5 ? " and more" : "";
    return Status::invalid("'" + trimmed_ref(ref) + "' names several memories: " + listed + more +
                           "; give one of these ids, or the source too, as in '" +
                           (*found)[0].source_id.substr((*found)[0].source_id.rfind(':') + 1) +
                           " " + trimmed_ref(ref) + "'");
}

std::string to_json(const std::vector<NodeMatch>& matches) {
    auto a = nlohmann::ordered_json::array();
    for (const NodeMatch& m : matches) {
        nlohmann::ordered_json j;
        j["id"] = m.id;
        j["how"] = to_string(m.how);
        j["kind"] = m.summary ? "summary" : "chunk";
        j["level"] = m.level;
        j["source"] = m.source_id;
        j["source_ref"] = m.source_ref ? nlohmann::ordered_json(*m.source_ref) : nullptr;
        j["author"] =
            m.author.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(m.author);
        j["time"] = format_rfc3339(m.time_ms);
        j["label"] = node_label(m);
        j["snippet"] = m.snippet;
        a.push_back(std::move(j));
    }
    return dump_json(a);
}

} // namespace memlens
