// One node's life in the audit log, its grades and its versions (biography.h).
#include "audit/logged_ids.h"

#include <memlens/biography.h>
#include <memlens/db.h>
#include <memlens/memories.h>
#include <memlens/search.h>
#include <memlens/text.h>
#include <memlens/time_util.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace memlens {
namespace {

using bjson = nlohmann::ordered_json;

std::optional<int> opt_int(const nlohmann::json& e, const char* key) {
    const auto it = e.find(key);
    if (it == e.end() || !it->is_number_integer())
        return std::nullopt;
    return it->get<int>();
}

// The node's entry in a row's sources, when it has one.
std::optional<AuditSource> entry_of(const std::string& sources, const std::string& node) {
    const auto j = nlohmann::json::parse(sources, nullptr, false);
    if (!j.is_array())
        return std::nullopt;
    for (const auto& e : j) {
        if (!e.is_object() || e.value("node_id", std::string()) != node)
            continue;
        AuditSource s;
        s.node_id = node;
        s.rank = e.value("rank", 0);
        s.score = e.contains("score") && e["score"].is_number() ? e["score"].get<double>() : 0.0;
        s.fused_rank = opt_int(e, "fused_rank");
        s.keyword_rank = opt_int(e, "keyword_rank");
        s.vector_rank = opt_int(e, "vector_rank");
        if (e.contains("rrf_score") && e["rrf_score"].is_number())
            s.rrf_score = e["rrf_score"].get<double>();
        return s;
    }
    return std::nullopt;
}

Status read_node(const Vault& vault, Biography& b) {
    auto st = vault.db().prepare(
        "SELECT 0, content, timestamp_ms, source_id FROM mem_tree_chunks WHERE id = ?1 UNION ALL "
        "SELECT 1, content, time_range_end_ms, tree_id FROM mem_tree_summaries WHERE id = ?1");
    if (!st)
        return st.status();
    st->bind(1, b.node_id);
    auto row = st->step();
    if (!row)
        return row.status();
    if (!*row)
        return Status::not_found("the vault holds no chunk or summary '" + b.node_id + "'");
    b.is_summary = st->column_int64(0) != 0;
    b.text = cut_utf8(st->column_text(1), 300);
    b.time_ms = st->column_int64(2);
    b.source_id = st->column_text(3);
    return Status::ok();
}

// Every logged row that returned the node, and every grade it received.
Status read_log_and_grades(const Vault& vault, Biography& b) {
    auto count = vault.db().query_int(std::string("SELECT count(*) FROM retrieval_log WHERE ") +
                                      kAnsweredSearchRows);
    if (!count)
        return count.status();
    b.logged_searches = static_cast<std::size_t>(*count);
    // instr() narrows the scan to rows whose text names the id; the entry is then read
    // from the parsed sources, so an id inside a query's text is no false appearance.
    auto st = vault.db().prepare(
        "SELECT id, ts_ms, query, coalesce(client, ''), coalesce(tool, ''), sources FROM "
        "retrieval_log WHERE error IS NULL AND instr(sources, ?1) > 0 ORDER BY id");
    if (!st)
        return st.status();
    st->bind(1, b.node_id);
    MEMLENS_TRY(st->each_row([&] {
        auto entry = entry_of(st->column_text(5), b.node_id);
        if (!entry)
            return;
        Appearance a;
        a.audit_id = st->column_int64(0);
        a.ts_ms = st->column_int64(1);
        a.query = st->column_text(2);
        a.client = st->column_text(3);
        a.tool = st->column_text(4);
        a.source = std::move(*entry);
        b.appearances.push_back(std::move(a));
    }));
    auto grades = node_judgments(vault, b.node_id);
    if (!grades)
        return grades.status();
    b.judgments = std::move(grades).value();
    return Status::ok();
}

} // namespace

Result<Biography> node_biography(const Vault& vault, std::string_view node_id, SearchEngine* engine,
                                 std::size_t verdicts) {
    if (vault.format() != VaultFormat::Native)
        return Status::unsupported("a biography reads a memlens vault's audit log; an OpenHuman "
                                   "workspace keeps none: " +
                                   vault.dir().string());
    auto resolved = resolve_node_id(vault, node_id);
    if (!resolved)
        return resolved.status();
    Biography b;
    b.node_id = *resolved;
    {
        auto snap = ReadSnapshot::begin(vault.db());
        if (!snap)
            return snap.status();
        MEMLENS_TRY(read_node(vault, b));
        if (!b.is_summary) {
            auto m = get_memories(vault, {b.node_id});
            if (!m)
                return m.status();
            b.superseded = m->front().superseded;
            b.superseded_by = m->front().superseded_by;
            b.supersedes = m->front().supersedes;
        }
        MEMLENS_TRY(read_log_and_grades(vault, b));
    }
    if (engine) {
        std::size_t done = 0;
        for (auto it = b.appearances.rbegin(); it != b.appearances.rend() && done < verdicts;
             ++it) {
            if (!it->tool.empty() && it->tool != "memory_search")
                continue;
            ++done;
            auto rerun = rerun_audit(*engine, it->audit_id);
            if (!rerun)
                continue; // a row logged before rows kept their pools: rank only
            for (const auto& h : rerun->rerun.result.hits)
                if (h.node_id == b.node_id && h.explanation) {
                    it->verdict = h.explanation->verdict;
                    it->conflicts = h.explanation->graph_context.conflicts;
                }
        }
    }
    return b;
}

std::string to_json(const Biography& b) {
    bjson j;
    j["node_id"] = b.node_id;
    j["is_summary"] = b.is_summary;
    j["text"] = b.text;
    j["time"] = format_rfc3339(b.time_ms);
    j["source"] = b.source_id;
    j["logged_searches"] = b.logged_searches;
    j["superseded"] = b.superseded;
    j["superseded_by"] = b.superseded_by;
    j["supersedes"] = b.supersedes ? bjson(*b.supersedes) : bjson(nullptr);
    bjson apps = bjson::array();
    const auto opt = [](const std::optional<int>& v) { return v ? bjson(*v) : bjson(nullptr); };
    for (const auto& a : b.appearances)
        apps.push_back({{"audit_id", a.audit_id},
                        {"time", format_rfc3339(a.ts_ms)},
                        {"query", a.query},
                        {"client", a.client.empty() ? bjson(nullptr) : bjson(a.client)},
                        {"tool", a.tool.empty() ? bjson(nullptr) : bjson(a.tool)},
                        {"rank", a.source.rank},
                        {"score", a.source.score},
                        {"keyword_rank", opt(a.source.keyword_rank)},
                        {"vector_rank", opt(a.source.vector_rank)},
                        {"fused_rank", opt(a.source.fused_rank)},
                        {"verdict", a.verdict.empty() ? bjson(nullptr) : bjson(a.verdict)},
                        {"conflicts", a.conflicts}});
    j["appearances"] = std::move(apps);
    bjson grades = bjson::array();
    for (const auto& g : b.judgments)
        grades.push_back({{"query_id", g.query_id},
                          {"grade", g.grade},
                          {"grade_name", std::string(grade_name(g.grade))},
                          {"judge", g.judge},
                          {"reason", g.reason},
                          {"time", format_rfc3339(g.time_ms)}});
    j["judgments"] = std::move(grades);
    return j.dump(2, ' ', false, bjson::error_handler_t::replace);
}

} // namespace memlens
