// retrieval_log rows in and out. Every value is bound.
#include <memlens/audit.h>
#include <memlens/db.h>
#include <memlens/thread_guard.h>

namespace memlens {

namespace {

constexpr const char* kColumns = "id, ts_ms, query, query_hash, mode, query_profile, sources, "
                                 "settings, elapsed_ms, vault_revision, error";

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
    return r;
}

} // namespace

Status write_audit_row(const Database& db, AuditRecord& record) {
    check_off_ui_thread("write_audit_row");
    auto st = db.prepare("INSERT INTO retrieval_log(ts_ms, query, query_hash, mode, query_profile, "
                         "sources, settings, elapsed_ms, vault_revision, error) VALUES (?, ?, ?, "
                         "?, ?, ?, ?, ?, ?, ?)");
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
        .bind(10, record.error);
    MEMLENS_TRY(st->exec().with_context("audit"));
    record.id = db.last_insert_rowid();
    return Status::ok();
}

Result<std::vector<AuditRecord>> list_audit(const Database& db, int limit, int offset) {
    check_off_ui_thread("list_audit");
    auto st = db.prepare(std::string("SELECT ") + kColumns +
                         " FROM retrieval_log ORDER BY id DESC LIMIT ? OFFSET ?");
    if (!st)
        return st.status();
    st->bind(1, limit > 0 ? limit : 50).bind(2, offset > 0 ? offset : 0);
    std::vector<AuditRecord> out;
    for (;;) {
        auto row = st->step();
        if (!row)
            return row.status();
        if (!*row)
            return out;
        out.push_back(read_row(*st));
    }
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

} // namespace memlens
