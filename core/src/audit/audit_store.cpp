// retrieval_log rows in and out. Every value is bound.
#include <memlens/audit.h>
#include <memlens/db.h>
#include <memlens/thread_guard.h>

namespace memlens {

namespace {

constexpr const char* kColumns = "id, ts_ms, query, query_hash, mode, query_profile, sources, "
                                 "settings, elapsed_ms, vault_revision, error, client, session, "
                                 "tool, arguments, candidates";

std::optional<std::string> or_null(const std::string& s) {
    return s.empty() ? std::nullopt : std::optional<std::string>(s);
}

AuditRecord read_row(const Statement& st) {
    AuditRecord r;
    r.id = st.column_int64(0);
    r.ts_ms = st.column_int64(1);
    r.query = st.column_text(2);
    r.query_hash = st.column_text(3);
    r.mode = st.column_text(4);
    r.query_profile = st.column_text(5);
    r.sources = st.column_text(6);
    r.settings = st.column_text(7);
    r.elapsed_ms = st.column_double(8);
    r.vault_revision = st.column_int64(9);
    r.error = st.column_optional_text(10);
    r.caller.client = st.column_optional_text(11).value_or("");
    r.caller.session = st.column_optional_text(12).value_or("");
    r.caller.tool = st.column_optional_text(13).value_or("");
    r.caller.arguments = st.column_optional_text(14).value_or("");
    const auto blob = st.column_blob(15);
    r.candidates.assign(reinterpret_cast<const char*>(blob.data()), blob.size());
    return r;
}

// The WHERE clause of a filter: fixed text only, every value bound by bind_filter() from
// parameter 1 on, in the order of the clauses.
std::string filter_where(const AuditFilter& f) {
    std::string where = " WHERE 1";
    if (!f.text.empty())
        where += " AND query LIKE ? ESCAPE '\\'";
    if (f.mode)
        where += " AND mode = ?";
    if (f.since_ms)
        where += " AND ts_ms >= ?";
    if (f.until_ms)
        where += " AND ts_ms <= ?";
    if (!f.client.empty()) // the exact "name version", or the name alone before one version
        where += " AND (client = ? OR (substr(client, 1, length(?)) = ? AND "
                 "instr(substr(client, length(?) + 1), ' ') = 0))";
    if (!f.session.empty())
        where += " AND session = ?";
    if (!f.tool.empty())
        where += " AND tool = ?";
    if (f.agents_only) // a call through the MCP server names its session, with or without a client
        where += " AND (client IS NOT NULL OR session IS NOT NULL)";
    if (f.after_id > 0)
        where += " AND id > ?";
    if (f.before_id > 0)
        where += " AND id < ?";
    return where;
}

int bind_filter(Statement& st, const AuditFilter& f) {
    int i = 0;
    if (!f.text.empty())
        st.bind(++i, "%" + escape_like(f.text) + "%");
    if (f.mode)
        st.bind(++i, to_string(*f.mode));
    if (f.since_ms)
        st.bind(++i, *f.since_ms);
    if (f.until_ms)
        st.bind(++i, *f.until_ms);
    if (!f.client.empty()) {
        st.bind(++i, f.client);
        for (int k = 0; k < 3; ++k)
            st.bind(++i, f.client + " ");
    }
    if (!f.session.empty())
        st.bind(++i, f.session);
    if (!f.tool.empty())
        st.bind(++i, f.tool);
    if (f.after_id > 0)
        st.bind(++i, f.after_id);
    if (f.before_id > 0)
        st.bind(++i, f.before_id);
    return i;
}

Result<std::vector<AuditRecord>> read_rows(Statement& st) {
    std::vector<AuditRecord> out;
    for (;;) {
        auto row = st.step();
        if (!row)
            return row.status().with_context("audit");
        if (!*row)
            return out;
        out.push_back(read_row(st));
    }
}

} // namespace

Status write_audit_row(const Database& db, AuditRecord& record) {
    check_off_ui_thread("write_audit_row");
    auto st =
        db.prepare("INSERT INTO retrieval_log(ts_ms, query, query_hash, mode, query_profile, "
                   "sources, settings, elapsed_ms, vault_revision, error, client, session, "
                   "tool, arguments, candidates) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                   "?)");
    if (!st)
        return st.status().with_context("audit");
    st->bind(1, record.ts_ms)
        .bind(2, record.query)
        .bind(3, record.query_hash)
        .bind(4, record.mode)
        .bind(5, record.query_profile)
        .bind(6, record.sources)
        .bind(7, record.settings)
        .bind(8, record.elapsed_ms)
        .bind(9, record.vault_revision)
        .bind(10, record.error)
        .bind(11, or_null(record.caller.client))
        .bind(12, or_null(record.caller.session))
        .bind(13, or_null(record.caller.tool))
        .bind(14, or_null(record.caller.arguments));
    if (record.candidates.empty())
        st->bind_null(15);
    else
        st->bind_blob(15, std::as_bytes(std::span(record.candidates)));
    MEMLENS_TRY(st->exec().with_context("audit"));
    record.id = db.last_insert_rowid();
    return Status::ok();
}

Result<std::vector<AuditRecord>> list_audit(const Database& db, int limit, int offset) {
    return list_audit(db, AuditFilter{}, limit, offset);
}

Result<std::vector<AuditRecord>> list_audit(const Database& db, const AuditFilter& filter,
                                            int limit, std::int64_t offset) {
    check_off_ui_thread("list_audit");
    auto st = db.prepare(std::string("SELECT ") + kColumns + " FROM retrieval_log" +
                         filter_where(filter) + " ORDER BY id DESC LIMIT ? OFFSET ?");
    if (!st)
        return st.status().with_context("audit");
    const int n = bind_filter(*st, filter);
    st->bind(n + 1, limit > 0 ? limit : 50).bind(n + 2, offset > 0 ? offset : std::int64_t{0});
    return read_rows(*st);
}

Result<std::int64_t> count_audit(const Database& db, const AuditFilter& filter) {
    check_off_ui_thread("count_audit");
    auto st = db.prepare("SELECT count(*) FROM retrieval_log" + filter_where(filter));
    if (!st)
        return st.status().with_context("audit");
    bind_filter(*st, filter);
    auto row = st->step();
    if (!row)
        return row.status().with_context("audit");
    return *row ? st->column_int64(0) : std::int64_t{0};
}

Result<AuditRecord> get_audit(const Database& db, std::int64_t id) {
    check_off_ui_thread("get_audit");
    auto st = db.prepare(std::string("SELECT ") + kColumns + " FROM retrieval_log WHERE id = ?");
    if (!st)
        return st.status();
    st->bind(1, id);
    auto row = st->step();
    if (!row)
        return row.status();
    if (!*row)
        return Status::not_found("no audit row " + std::to_string(id));
    return read_row(*st);
}

Result<AuditAgents> list_audit_agents(const Database& db, int limit) {
    check_off_ui_thread("list_audit_agents");
    AuditAgents out;
    // Only an agent's rows carry a session or a tool, and an agent's rows name its client: every
    // list reads the rows of the partial index retrieval_log_client (client IS NOT NULL) instead
    // of the whole log (a full scan of 100,000 rows held the Lab's and the Audit page's jobs for
    // most of a second). A call from a client that named itself in no way keeps no client, and
    // its session and tool are not listed.
    auto distinct = [&](const char* column, std::vector<std::string>& into) -> Status {
        auto st = db.prepare(std::string("SELECT ") + column +
                             " FROM retrieval_log WHERE client IS NOT NULL AND " + column +
                             " IS NOT NULL GROUP BY " + column + " ORDER BY max(id) DESC LIMIT ?");
        if (!st)
            return st.status().with_context("audit");
        st->bind(1, limit > 0 ? limit : 200);
        return st->each_row([&] { into.push_back(st->column_text(0)); }).with_context("audit");
    };
    MEMLENS_TRY(distinct("client", out.clients));
    MEMLENS_TRY(distinct("session", out.sessions));
    MEMLENS_TRY(distinct("tool", out.tools));
    return out;
}

} // namespace memlens
