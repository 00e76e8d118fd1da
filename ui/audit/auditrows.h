// Rows of the audit log (retrieval_log), read through Qt Sql in row ranges on a worker thread:
// each pool thread keeps its own read-only QSQLITE connection, since a QSqlDatabase belongs to
// the thread that opened it.
#pragma once

#include "vault/vaultref.h"

#include <QString>

#include <vector>

namespace memlens::ui {

struct AuditRow {
    qint64 id = 0;
    qint64 tsMs = 0;
    QString query;
    QString hash;
    QString mode;
    int keywordCount = -1; // -1 when the leg did not run
    int vectorCount = -1;
    int fused = 0;
    int returned = 0;
    double elapsedMs = 0.0;
    qint64 revision = 0;
    QString error;
};

struct AuditFilter {
    QString text; // matches the query text anywhere, literally
    QString mode; // "" = every mode
    friend bool operator==(const AuditFilter&, const AuditFilter&) = default;
};

struct AuditRange {
    AuditFilter filter;
    qint64 offset = 0;
    std::vector<AuditRow> rows; // newest first
    qint64 total = 0;           // rows matching the filter
    QString error;
};

// Rows [offset, offset + limit) of the filtered log, newest first, and the filtered total.
AuditRange loadAuditRange(const VaultRef& ref, const AuditFilter& filter, qint64 offset, int limit);

} // namespace memlens::ui
