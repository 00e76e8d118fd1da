#include "audit/auditrows.h"

#include <memlens/thread_guard.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>

namespace memlens::ui {

namespace {

// The calling thread's connection; closed and removed when the thread ends.
class ThreadConnection {
public:
    ~ThreadConnection() {
        if (name_.isEmpty())
            return;
        {
            QSqlDatabase db = QSqlDatabase::database(name_, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(name_);
    }

    QSqlDatabase open(const QString& path, QString* error) {
        if (name_.isEmpty())
            name_ = QStringLiteral("memlens-audit-%1")
                        .arg(reinterpret_cast<quintptr>(QThread::currentThreadId()));
        QSqlDatabase db = QSqlDatabase::contains(name_)
                              ? QSqlDatabase::database(name_, false)
                              : QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name_);
        if (db.isOpen() && db.databaseName() == path)
            return db;
        db.close();
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=2000"));
        if (!db.open())
            *error = db.lastError().text();
        return db;
    }

private:
    QString name_;
};

QString escapeLike(const QString& text) {
    QString out;
    for (const QChar c : text) {
        if (c == QLatin1Char('%') || c == QLatin1Char('_') || c == QLatin1Char('\\'))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

int legCount(const QJsonObject& legs, const char* name) {
    const QJsonObject leg = legs.value(QLatin1String(name)).toObject();
    if (!leg.value(QStringLiteral("ran")).toBool())
        return -1;
    return leg.value(QStringLiteral("count")).toInt();
}

} // namespace

AuditRange loadAuditRange(const VaultRef& ref, const AuditFilter& filter, qint64 offset,
                          int limit) {
    memlens::check_off_ui_thread("audit_rows");
    AuditRange out;
    out.filter = filter;
    out.offset = offset;
    const QString path = QDir(ref.dir).filePath(QStringLiteral("vault.db"));
    if (!QFileInfo::exists(path)) {
        out.error =
            QCoreApplication::translate("Audit", "This vault keeps no audit log (an OpenHuman "
                                                 "workspace opens read-only).");
        return out;
    }
    thread_local ThreadConnection connection;
    QString error;
    QSqlDatabase db = connection.open(path, &error);
    if (!error.isEmpty()) {
        out.error = error;
        return out;
    }
    // Only fixed clauses are appended; the filter values are bound.
    QString where = QStringLiteral(" WHERE 1");
    if (!filter.text.isEmpty())
        where += QStringLiteral(" AND query LIKE :text ESCAPE '\\'");
    if (!filter.mode.isEmpty())
        where += QStringLiteral(" AND mode = :mode");
    auto bind = [&](QSqlQuery& q) {
        if (!filter.text.isEmpty())
            q.bindValue(QStringLiteral(":text"),
                        QString(QLatin1Char('%') + escapeLike(filter.text) + QLatin1Char('%')));
        if (!filter.mode.isEmpty())
            q.bindValue(QStringLiteral(":mode"), filter.mode);
    };

    QSqlQuery count(db);
    count.prepare(QStringLiteral("SELECT COUNT(*) FROM retrieval_log") + where);
    bind(count);
    if (!count.exec() || !count.next()) {
        out.error = count.lastError().text();
        return out;
    }
    out.total = count.value(0).toLongLong();

    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(
        QStringLiteral("SELECT id, ts_ms, query, query_hash, mode, query_profile, elapsed_ms, "
                       "vault_revision, error FROM retrieval_log") +
        where + QStringLiteral(" ORDER BY id DESC LIMIT :limit OFFSET :offset"));
    bind(q);
    q.bindValue(QStringLiteral(":limit"), limit);
    q.bindValue(QStringLiteral(":offset"), offset);
    if (!q.exec()) {
        out.error = q.lastError().text();
        return out;
    }
    while (q.next()) {
        AuditRow r;
        r.id = q.value(0).toLongLong();
        r.tsMs = q.value(1).toLongLong();
        r.query = q.value(2).toString();
        r.hash = q.value(3).toString();
        r.mode = q.value(4).toString();
        const QJsonObject profile =
            QJsonDocument::fromJson(q.value(5).toString().toUtf8()).object();
        const QJsonObject legs = profile.value(QStringLiteral("legs")).toObject();
        r.keywordCount = legCount(legs, "keyword");
        r.vectorCount = legCount(legs, "vector");
        r.fused = profile.value(QStringLiteral("fused")).toInt();
        r.returned = profile.value(QStringLiteral("returned")).toInt();
        r.elapsedMs = q.value(6).toDouble();
        r.revision = q.value(7).toLongLong();
        r.error = q.value(8).toString();
        out.rows.push_back(std::move(r));
    }
    return out;
}

} // namespace memlens::ui
