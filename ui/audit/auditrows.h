// Rows of the audit log in row ranges, read on a worker thread through the core's audit reader
// (list_audit, count_audit and parse_audit_row of memlens/audit.h) on the thread's cached
// vault (vault/workervault.h). The UI never opens retrieval_log or parses its JSON itself.
#pragma once

#include "vault/vaultref.h"

#include <memlens/audit.h>

#include <QString>
#include <QStringList>

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
    // Who asked: an agent's call through `memlens-cli serve` (docs/agents.md); empty otherwise.
    QString client;
    QString session;
    QString tool;
    QString arguments;
    bool search = true; // a hybrid / keyword / semantic search (not a primitive or a store)
};

struct AuditRange {
    AuditFilter filter;
    qint64 offset = 0;
    std::vector<AuditRow> rows; // newest first
    qint64 total = 0;           // rows matching the filter
    QString error;
};

// Rows [offset, offset + limit) of the filtered log, newest first, and the filtered total.
// Never call it from the GUI thread.
AuditRange loadAuditRange(const VaultRef& ref, const AuditFilter& filter, qint64 offset, int limit);
// Rows newer than `afterId` (newest first, at most `limit`) and the filter's whole total, read
// in one snapshot: what follow mode puts on top. Never call it from the GUI thread.
AuditRange loadNewerAuditRows(const VaultRef& ref, const AuditFilter& filter, qint64 afterId,
                              int limit);
// The next page of older rows: ids below `beforeId`, newest first, and the filter's total. Rows
// put on top meanwhile cannot shift it, as an offset would be.
AuditRange loadOlderAuditRows(const VaultRef& ref, const AuditFilter& filter, qint64 beforeId,
                              int limit);

// The clients, sessions and tools the log names, most recent first (the Audit page's filter
// lists). Never call it from the GUI thread.
struct AuditAgentLists {
    QStringList clients, sessions, tools;
    QString error;
};
AuditAgentLists loadAuditAgents(const VaultRef& ref);

} // namespace memlens::ui
