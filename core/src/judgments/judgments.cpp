// The judgment store and TREC qrels (judgments.h; tables of schema 10, core/src/vault/schema.cpp).
#include "audit/logged_ids.h"
#include "entities/atomic_file.h"

#include <memlens/audit.h>
#include <memlens/db.h>
#include <memlens/judgments.h>
#include <memlens/memories.h>
#include <memlens/text.h>
#include <memlens/time_util.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

namespace memlens {
namespace {

Status require_native(const Vault& vault) {
    if (vault.format() != VaultFormat::Native)
        return Status::unsupported("judgments are kept in a memlens vault; an OpenHuman workspace "
                                   "opens read-only and holds none: " +
                                   vault.dir().string());
    return Status::ok();
}

Status require_writable(const Vault& vault) {
    MEMLENS_TRY(require_native(vault));
    if (Status s = vault.check_writable(); !s)
        return Status(s.code(), "judgments are not changed: " + s.message());
    return Status::ok();
}

bool blank(std::string_view s) {
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
}

Status check_text(std::string_view what, std::string_view text, std::size_t max_bytes) {
    if (!is_valid_utf8(text))
        return Status::invalid(std::string(what) + " is not valid UTF-8");
    if (text.find('\0') != std::string_view::npos)
        return Status::invalid(std::string(what) + " holds a NUL byte");
    if (text.size() > max_bytes)
        return Status::invalid(std::string(what) + " is longer than " + std::to_string(max_bytes) +
                               " bytes");
    return Status::ok();
}

Status check_query(const JudgedQuery& q) {
    if (q.id.empty() || blank(q.id))
        return Status::invalid("query id is blank");
    MEMLENS_TRY(check_text("query id '" + q.id + "'", q.id, kMaxJudgeBytes));
    if (std::any_of(q.id.begin(), q.id.end(),
                    [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }))
        return Status::invalid("query id '" + q.id +
                               "' holds whitespace (a qrels topic id is one "
                               "word)");
    if (blank(q.text))
        return Status::invalid("query '" + q.id + "' has a blank text");
    return check_text("query '" + q.id + "'", q.text, 64 * 1024);
}

std::string persons_json(const std::vector<std::string>& persons) {
    return nlohmann::json(persons).dump();
}

std::vector<std::string> parse_persons(std::string_view text) {
    auto j = nlohmann::json::parse(text, nullptr, false);
    std::vector<std::string> out;
    if (j.is_array())
        for (const auto& p : j)
            if (p.is_string())
                out.push_back(p.get<std::string>());
    return out;
}

Status write_query(const Database& db, const JudgedQuery& q) {
    auto st =
        db.prepare("INSERT INTO ml_judged_queries(id, text, now_ms, persons_json, created_ms) "
                   "VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET text = "
                   "excluded.text, now_ms = excluded.now_ms, persons_json = "
                   "excluded.persons_json");
    if (!st)
        return st.status();
    st->bind(1, q.id).bind(2, q.text).bind(3, q.now_ms).bind(4, persons_json(q.persons));
    st->bind(5, now_ms());
    return st->exec();
}

Result<bool> query_exists(const Database& db, std::string_view id) {
    auto st = db.prepare("SELECT 1 FROM ml_judged_queries WHERE id = ?");
    if (!st)
        return st.status();
    st->bind(1, id);
    return st->step();
}

Result<bool> node_exists(const Database& db, std::string_view id) {
    auto st = db.prepare("SELECT 1 FROM mem_tree_chunks WHERE id = ?1 UNION ALL "
                         "SELECT 1 FROM mem_tree_summaries WHERE id = ?1");
    if (!st)
        return st.status();
    st->bind(1, id);
    return st->step();
}

// Inside the caller's transaction: checks the judgment and writes it. `where` prefixes errors.
Status write_judgment(const Vault& vault, Judgment& j, const std::string& where) {
    if (j.grade < kMinGrade || j.grade > kMaxGrade)
        return Status::invalid(where + "grade " + std::to_string(j.grade) + " is outside " +
                               std::to_string(kMinGrade) + ".." + std::to_string(kMaxGrade));
    if (j.judge.empty() || blank(j.judge))
        return Status::invalid(where + "judge is blank");
    MEMLENS_TRY(check_text(where + "judge", j.judge, kMaxJudgeBytes));
    MEMLENS_TRY(check_text(where + "reason", j.reason, kMaxReasonBytes));
    auto q = query_exists(vault.db(), j.query_id);
    if (!q)
        return q.status();
    if (!*q)
        return Status::not_found(where + "no judged query has the id '" + j.query_id + "'");
    auto resolved = resolve_node_id(vault, j.node_id);
    if (!resolved)
        return Status(resolved.status().code(), where + resolved.status().message());
    auto n = node_exists(vault.db(), *resolved);
    if (!n)
        return n.status();
    if (!*n)
        return Status::not_found(where + "the vault holds no chunk or summary '" + j.node_id + "'");
    j.node_id = std::move(*resolved);
    j.time_ms = now_ms();
    auto st = vault.db().prepare(
        "INSERT INTO ml_judgments(query_id, node_id, judge, grade, reason, audit_id, time_ms) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(query_id, node_id, judge) DO UPDATE SET "
        "grade = excluded.grade, reason = excluded.reason, audit_id = excluded.audit_id, "
        "time_ms = excluded.time_ms");
    if (!st)
        return st.status();
    st->bind(1, j.query_id).bind(2, j.node_id).bind(3, j.judge).bind(4, j.grade);
    st->bind(5, j.reason).bind(6, j.audit_id).bind(7, j.time_ms);
    return st->exec();
}

std::string hex12(std::uint64_t h) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return std::string(buf, 12);
}

Result<std::string> read_whole(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return Status::io(file.string() + ": cannot be read");
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad())
        return Status::io(file.string() + ": read failed");
    return ss.str();
}

// The file's lines without their line ends, numbered from 1; blank lines are kept (skipped by
// the callers) so the numbers stay the file's.
std::vector<std::string> lines_of(const std::string& content) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < content.size()) {
        std::size_t end = content.find('\n', start);
        if (end == std::string::npos)
            end = content.size();
        std::string line = content.substr(start, end - start);
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        out.push_back(std::move(line));
        start = end + 1;
    }
    return out;
}

std::vector<std::string> fields_of(const std::string& line) {
    std::vector<std::string> out;
    std::istringstream ss(line);
    std::string f;
    while (ss >> f)
        out.push_back(f);
    return out;
}

Result<std::vector<JudgedQuery>> read_queries_file(const std::filesystem::path& file) {
    auto content = read_whole(file);
    if (!content)
        return content.status();
    std::vector<JudgedQuery> out;
    std::set<std::string> seen;
    const auto lines = lines_of(*content);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string where = file.string() + ":" + std::to_string(i + 1) + ": ";
        const std::string& line = lines[i];
        if (blank(line))
            continue;
        if (!is_valid_utf8(line))
            return Status::invalid(where + "not valid UTF-8");
        const auto tab = line.find('\t');
        if (tab == std::string::npos)
            return Status::invalid(where + "expected 'id<TAB>text'");
        JudgedQuery q;
        q.id = line.substr(0, tab);
        q.text = line.substr(tab + 1);
        if (Status s = check_query(q); !s)
            return Status::invalid(where + s.message());
        if (!seen.insert(q.id).second)
            return Status::invalid(where + "query id '" + q.id + "' is given twice");
        out.push_back(std::move(q));
    }
    return out;
}

struct QrelLine {
    Judgment j;
    std::string where;
};

Result<std::vector<QrelLine>> read_qrels_file(const std::filesystem::path& file,
                                              const std::set<std::string>& query_ids,
                                              std::string_view judge) {
    auto content = read_whole(file);
    if (!content)
        return content.status();
    std::vector<QrelLine> out;
    const auto lines = lines_of(*content);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string where = file.string() + ":" + std::to_string(i + 1) + ": ";
        if (blank(lines[i]))
            continue;
        if (!is_valid_utf8(lines[i]))
            return Status::invalid(where + "not valid UTF-8");
        const auto f = fields_of(lines[i]);
        if (f.size() != 4)
            return Status::invalid(where +
                                   "expected 'query_id iteration node_id grade' (4 "
                                   "fields), found " +
                                   std::to_string(f.size()));
        QrelLine q;
        q.where = where;
        q.j.query_id = f[0];
        q.j.node_id = f[2];
        q.j.judge = std::string(judge);
        if (f[3].size() != 1 || f[3][0] < '0' || f[3][0] > '3')
            return Status::invalid(where + "grade '" + f[3] + "' is not one of 0, 1, 2, 3");
        q.j.grade = f[3][0] - '0';
        if (!query_ids.count(q.j.query_id))
            return Status::invalid(where + "query '" + q.j.query_id +
                                   "' is not in the queries file");
        out.push_back(std::move(q));
    }
    return out;
}

} // namespace

PhraseText grade_phrase(int grade) {
    switch (grade) {
    case 0:
        return ML_TR("Grade", "not relevant");
    case 1:
        return ML_TR("Grade", "related");
    case 2:
        return ML_TR("Grade", "relevant");
    case 3:
        return ML_TR("Grade", "answers it");
    default:
        return ML_TR("Grade", "no grade");
    }
}

std::string_view grade_name(int grade) {
    return grade_phrase(grade).text;
}

Status put_judged_query(Vault& vault, const JudgedQuery& q) {
    MEMLENS_TRY(require_writable(vault));
    MEMLENS_TRY(check_query(q));
    auto tx = Transaction::begin(vault.db());
    if (!tx)
        return tx.status();
    MEMLENS_TRY(write_query(vault.db(), q));
    return tx->commit();
}

Result<std::optional<JudgedQuery>> find_judged_query(const Vault& vault, std::string_view text) {
    MEMLENS_TRY(require_native(vault));
    auto st = vault.db().prepare("SELECT id, now_ms, persons_json FROM ml_judged_queries "
                                 "WHERE text = ? ORDER BY id LIMIT 1");
    if (!st)
        return st.status();
    st->bind(1, text);
    auto row = st->step();
    if (!row)
        return row.status();
    if (!*row)
        return std::optional<JudgedQuery>();
    JudgedQuery q;
    q.text = std::string(text);
    q.id = st->column_text(0);
    q.now_ms = st->column_optional_int64(1);
    q.persons = parse_persons(st->column_text_view(2));
    return std::optional<JudgedQuery>(std::move(q));
}

Result<JudgedQuery> judged_query_for_text(Vault& vault, std::string_view text) {
    MEMLENS_TRY(require_writable(vault));
    JudgedQuery q;
    q.text = std::string(text);
    q.id = "q-" + hex12(fnv1a64(text));
    MEMLENS_TRY(check_query(q));
    auto tx = Transaction::begin(vault.db());
    if (!tx)
        return tx.status();
    auto found = find_judged_query(vault, text);
    if (!found)
        return found.status();
    if (*found)
        return std::move(**found);
    MEMLENS_TRY(write_query(vault.db(), q));
    MEMLENS_TRY(tx->commit());
    return q;
}

Result<Judgment> set_judgment(Vault& vault, Judgment j) {
    MEMLENS_TRY(require_writable(vault));
    auto tx = Transaction::begin(vault.db());
    if (!tx)
        return tx.status();
    MEMLENS_TRY(write_judgment(vault, j, ""));
    MEMLENS_TRY(tx->commit());
    return j;
}

Status put_judgments(Vault& vault, const std::vector<JudgedQuery>& queries,
                     std::vector<Judgment> grades) {
    MEMLENS_TRY(require_writable(vault));
    for (const auto& q : queries)
        MEMLENS_TRY(check_query(q));
    auto tx = Transaction::begin(vault.db());
    if (!tx)
        return tx.status();
    for (const auto& q : queries)
        MEMLENS_TRY(write_query(vault.db(), q));
    for (auto& j : grades)
        MEMLENS_TRY(
            write_judgment(vault, j, "query '" + j.query_id + "', node '" + j.node_id + "': "));
    return tx->commit();
}

Result<Judgment> judge_logged_hit(Vault& vault, std::int64_t audit_id, std::string_view node_id,
                                  int grade, std::string_view reason, std::string_view judge) {
    MEMLENS_TRY(require_writable(vault));
    auto row = get_audit(vault.db(), audit_id);
    if (!row) {
        if (row.status().code() == StatusCode::NotFound)
            return Status::not_found("no logged query has the audit id " +
                                     std::to_string(audit_id));
        return row.status();
    }
    auto resolved = resolve_node_id(vault, node_id);
    if (!resolved)
        return resolved.status();
    std::vector<std::string> returned;
    MEMLENS_TRY(logged_node_ids(row->sources, returned));
    if (std::find(returned.begin(), returned.end(), *resolved) == returned.end())
        return Status::invalid("audit row " + std::to_string(audit_id) + " ('" + row->query +
                               "') did not return " + std::string(node_id) +
                               ": grade a hit that query returned");
    auto q = judged_query_for_text(vault, row->query);
    if (!q)
        return q.status();
    if (!q->now_ms) {
        q->now_ms = row->ts_ms;
        MEMLENS_TRY(put_judged_query(vault, *q));
    }
    Judgment j;
    j.query_id = q->id;
    j.node_id = *resolved;
    j.grade = grade;
    j.reason = std::string(reason);
    j.judge = std::string(judge);
    j.audit_id = audit_id;
    return set_judgment(vault, std::move(j));
}

Result<std::int64_t> find_logged_search(const Vault& vault, std::string_view query,
                                        std::string_view node_id,
                                        std::optional<std::string_view> client) {
    MEMLENS_TRY(require_native(vault));
    auto resolved = resolve_node_id(vault, node_id);
    if (!resolved)
        return resolved.status();
    auto st = vault.db().prepare(
        std::string("SELECT id, sources FROM retrieval_log WHERE query = ?1 AND ") +
        kAnsweredSearchRows + (client ? " AND client = ?2" : "") + " ORDER BY id DESC");
    if (!st)
        return st.status();
    st->bind(1, query);
    if (client)
        st->bind(2, *client);
    std::optional<std::int64_t> found;
    Status bad;
    MEMLENS_TRY(st->each_row([&]() -> bool {
        std::vector<std::string> ids;
        if (Status s = logged_node_ids(st->column_text(1), ids); !s)
            return true; // a damaged row names nothing: look further
        if (std::find(ids.begin(), ids.end(), *resolved) == ids.end())
            return true;
        found = st->column_int64(0);
        return false;
    }));
    if (!found)
        return Status::not_found("no logged search for '" + std::string(query) + "'" +
                                 (client ? " by " + std::string(*client) : std::string()) +
                                 " returned " + std::string(node_id));
    return *found;
}

Status clear_judgment(Vault& vault, std::string_view query_id, std::string_view node_id,
                      std::string_view judge) {
    MEMLENS_TRY(require_writable(vault));
    auto resolved = resolve_node_id(vault, node_id);
    if (!resolved)
        return resolved.status();
    auto tx = Transaction::begin(vault.db());
    if (!tx)
        return tx.status();
    auto st = vault.db().prepare(
        "DELETE FROM ml_judgments WHERE query_id = ? AND node_id = ? AND judge = ?");
    if (!st)
        return st.status();
    st->bind(1, query_id).bind(2, *resolved).bind(3, judge);
    MEMLENS_TRY(st->exec());
    return tx->commit();
}

Result<std::vector<JudgedQuery>> judged_queries(const Vault& vault) {
    MEMLENS_TRY(require_native(vault));
    auto st = vault.db().prepare(
        "SELECT id, text, now_ms, persons_json FROM ml_judged_queries ORDER BY id");
    if (!st)
        return st.status();
    std::vector<JudgedQuery> out;
    MEMLENS_TRY(st->each_row([&] {
        JudgedQuery q;
        q.id = st->column_text(0);
        q.text = st->column_text(1);
        q.now_ms = st->column_optional_int64(2);
        q.persons = parse_persons(st->column_text_view(3));
        out.push_back(std::move(q));
    }));
    return out;
}

namespace {

constexpr const char* kJudgmentColumns =
    "SELECT query_id, node_id, judge, grade, reason, audit_id, time_ms FROM ml_judgments";

// The judgments of a statement that selects kJudgmentColumns.
Result<std::vector<Judgment>> read_judgments(Statement& st) {
    std::vector<Judgment> out;
    MEMLENS_TRY(st.each_row([&] {
        Judgment j;
        j.query_id = st.column_text(0);
        j.node_id = st.column_text(1);
        j.judge = st.column_text(2);
        j.grade = static_cast<int>(st.column_int64(3));
        j.reason = st.column_text(4);
        j.audit_id = st.column_optional_int64(5);
        j.time_ms = st.column_int64(6);
        out.push_back(std::move(j));
    }));
    return out;
}

} // namespace

Result<std::vector<Judgment>> judgments(const Vault& vault,
                                        std::optional<std::string_view> query_id) {
    MEMLENS_TRY(require_native(vault));
    auto st =
        vault.db().prepare(std::string(kJudgmentColumns) + (query_id ? " WHERE query_id = ?" : "") +
                           " ORDER BY query_id, node_id, judge");
    if (!st)
        return st.status();
    if (query_id)
        st->bind(1, *query_id);
    return read_judgments(*st);
}

Result<std::vector<Judgment>> node_judgments(const Vault& vault, std::string_view node_id) {
    MEMLENS_TRY(require_native(vault));
    auto st = vault.db().prepare(std::string(kJudgmentColumns) +
                                 " WHERE node_id = ? ORDER BY query_id, judge");
    if (!st)
        return st.status();
    st->bind(1, node_id);
    return read_judgments(*st);
}

Result<std::map<std::string, std::vector<Judgment>>> judgments_by_query(const Vault& vault) {
    auto all = judgments(vault);
    if (!all)
        return all.status();
    std::map<std::string, std::vector<Judgment>> by_query;
    for (auto& j : *all)
        by_query[j.query_id].push_back(std::move(j));
    return by_query;
}

std::map<std::string, int> effective_grades(const std::vector<Judgment>& of_one_query) {
    struct Pick {
        bool person = false;
        std::int64_t time = 0;
        int grade = 0;
    };
    std::map<std::string, Pick> picks;
    for (const Judgment& j : of_one_query) {
        const bool person = j.judge == kPersonJudge;
        auto [it, fresh] = picks.try_emplace(j.node_id, Pick{person, j.time_ms, j.grade});
        if (fresh)
            continue;
        Pick& p = it->second;
        const bool better = person != p.person ? person : j.time_ms > p.time;
        if (better)
            p = Pick{person, j.time_ms, j.grade};
    }
    std::map<std::string, int> out;
    for (const auto& [node, p] : picks)
        out.emplace(node, p.grade);
    return out;
}

Result<QrelsReport> import_qrels(Vault& vault, const std::filesystem::path& qrels,
                                 const std::filesystem::path& queries, std::string_view judge) {
    MEMLENS_TRY(require_writable(vault));
    auto qs = read_queries_file(queries);
    if (!qs)
        return qs.status();
    std::set<std::string> ids;
    for (const auto& q : *qs)
        ids.insert(q.id);
    auto lines = read_qrels_file(qrels, ids, judge);
    if (!lines)
        return lines.status();
    auto tx = Transaction::begin(vault.db());
    if (!tx)
        return tx.status();
    for (const auto& q : *qs)
        MEMLENS_TRY(write_query(vault.db(), q));
    for (auto& l : *lines)
        MEMLENS_TRY(write_judgment(vault, l.j, l.where));
    MEMLENS_TRY(tx->commit());
    return QrelsReport{qs->size(), lines->size()};
}

Result<QrelsReport> export_qrels(const Vault& vault, const std::filesystem::path& qrels,
                                 const std::filesystem::path& queries) {
    auto snap = ReadSnapshot::begin(vault.db());
    if (!snap)
        return snap.status();
    auto qs = judged_queries(vault);
    if (!qs)
        return qs.status();
    auto grouped = judgments_by_query(vault);
    if (!grouped)
        return grouped.status();
    auto& by_query = *grouped;
    std::string qtext, rtext;
    QrelsReport r;
    for (const auto& q : *qs) {
        // The queries file holds one line per query: a text's own line breaks become spaces.
        std::string text = q.text;
        std::replace_if(
            text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; },
            ' ');
        qtext += q.id + "\t" + text + "\n";
        ++r.queries;
        for (const auto& [node, grade] : effective_grades(by_query[q.id])) {
            rtext += q.id + " 0 " + node + " " + std::to_string(grade) + "\n";
            ++r.judgments;
        }
    }
    MEMLENS_TRY(entities::write_file_atomically(queries, qtext));
    MEMLENS_TRY(entities::write_file_atomically(qrels, rtext));
    return r;
}

} // namespace memlens
