#include "audit/auditrows.h"

#include "core/format.h"
#include "vault/workervault.h"

#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <QCoreApplication>

namespace memlens::ui {

namespace {

int legCount(const LegReport& leg) {
    return leg.ran ? static_cast<int>(leg.count) : -1;
}

AuditRow auditRow(const AuditRecord& record) {
    AuditRow r;
    r.id = record.id;
    r.tsMs = record.ts_ms;
    r.query = qs(record.query);
    r.hash = qs(record.query_hash);
    r.mode = qs(record.mode);
    r.elapsedMs = record.elapsed_ms;
    r.revision = record.vault_revision;
    r.error = record.error ? qs(*record.error) : QString();
    r.client = qs(record.caller.client);
    r.session = qs(record.caller.session);
    r.tool = qs(record.caller.tool);
    r.arguments = qs(record.caller.arguments);
    r.search = search_mode_from_string(record.mode).has_value();
    if (!r.search) {
        // An agent's primitive or store: what it returned is the node list it logged.
        r.returned = static_cast<int>(audit_node_ids(record).size());
        r.fused = r.returned;
        return r;
    }
    // A row whose JSON does not parse is still listed, with its legs shown as off.
    if (auto parsed = parse_audit_row(record)) {
        r.keywordCount = legCount(parsed->keyword);
        r.vectorCount = legCount(parsed->vector);
        r.fused = static_cast<int>(parsed->fused);
        r.returned = static_cast<int>(parsed->returned);
    }
    return r;
}

} // namespace

namespace {

// `listed` picks the rows, `filter` counts the total, in one snapshot.
AuditRange readRange(const VaultRef& ref, const AuditFilter& filter, const AuditFilter& listed,
                     qint64 offset, int limit) {
    AuditRange out;
    out.filter = filter;
    out.offset = offset;
    auto vault = workerVault(ref);
    if (!vault) {
        out.error = formatStatus(vault.status());
        return out;
    }
    if ((*vault)->format() != VaultFormat::Native) {
        out.error =
            QCoreApplication::translate("Audit", "This vault keeps no audit log (an OpenHuman "
                                                 "workspace opens read-only).");
        return out;
    }
    const Database& db = (*vault)->db();
    // The total and the rows from one snapshot, so that a row logged in between cannot make
    // them disagree.
    auto snapshot = ReadSnapshot::begin(db);
    if (!snapshot) {
        out.error = formatStatus(snapshot.status());
        return out;
    }
    auto total = count_audit(db, filter);
    if (!total) {
        out.error = formatStatus(total.status());
        return out;
    }
    out.total = *total;
    auto records = list_audit(db, listed, limit, offset);
    if (!records) {
        out.error = formatStatus(records.status());
        return out;
    }
    out.rows.reserve(records->size());
    for (const AuditRecord& record : *records)
        out.rows.push_back(auditRow(record));
    return out;
}

} // namespace

AuditRange loadAuditRange(const VaultRef& ref, const AuditFilter& filter, qint64 offset,
                          int limit) {
    memlens::check_off_ui_thread("audit_rows");
    return readRange(ref, filter, filter, offset, limit);
}

AuditRange loadOlderAuditRows(const VaultRef& ref, const AuditFilter& filter, qint64 beforeId,
                              int limit) {
    memlens::check_off_ui_thread("audit_rows");
    AuditFilter older = filter;
    older.before_id = beforeId;
    return readRange(ref, filter, older, 0, limit);
}

AuditRange loadNewerAuditRows(const VaultRef& ref, const AuditFilter& filter, qint64 afterId,
                              int limit) {
    memlens::check_off_ui_thread("audit_rows");
    AuditFilter newer = filter;
    newer.after_id = afterId;
    return readRange(ref, filter, newer, 0, limit);
}

AuditAgentLists loadAuditAgents(const VaultRef& ref) {
    memlens::check_off_ui_thread("audit_agents");
    AuditAgentLists out;
    auto vault = workerVault(ref);
    if (!vault) {
        out.error = formatStatus(vault.status());
        return out;
    }
    if ((*vault)->format() != VaultFormat::Native)
        return out;
    auto agents = list_audit_agents((*vault)->db());
    if (!agents) {
        out.error = formatStatus(agents.status());
        return out;
    }
    for (const auto& c : agents->clients)
        out.clients << qs(c);
    for (const auto& c : agents->sessions)
        out.sessions << qs(c);
    for (const auto& c : agents->tools)
        out.tools << qs(c);
    return out;
}

} // namespace memlens::ui
