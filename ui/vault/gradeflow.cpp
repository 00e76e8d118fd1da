#include "vault/gradeflow.h"

#include "core/format.h"
#include "core/grades.h"
#include "core/jobrunner.h"
#include "vault/workervault.h"

#include <memlens/judgments.h>
#include <memlens/vault.h>

#include <QCoreApplication>
#include <QMessageBox>

namespace memlens::ui {
namespace {

struct Loaded {
    QHash<QString, int> grades;
    QString error;
};

struct Written {
    int grade = 0;
    QString nodeId;
    QString error;
};

} // namespace

GradeFlow::GradeFlow(QWidget* dialogParent)
    : QObject(dialogParent)
    , dialogParent_(dialogParent)
    , load_(new JobRunner(this))
    , write_(new JobRunner(this)) {}

void GradeFlow::setVault(const VaultRef& ref) {
    ref_ = ref;
}

void GradeFlow::load(const QString& queryText) {
    if (!ref_.isValid() || queryText.trimmed().isEmpty()) {
        Q_EMIT gradesLoaded(queryText, {});
        return;
    }
    const VaultRef ref = ref_;
    const std::string text = queryText.toStdString();
    load_->start(
        [ref, text](const std::atomic_bool&) {
            Loaded out;
            auto vault = workerVault(ref);
            if (!vault) {
                out.error = formatStatus(vault.status());
                return out;
            }
            auto q = find_judged_query(**vault, text);
            if (!q) {
                out.error = formatStatus(q.status());
                return out;
            }
            if (!*q)
                return out;
            auto js = judgments(**vault, (*q)->id);
            if (!js) {
                out.error = formatStatus(js.status());
                return out;
            }
            for (const auto& [node, g] : effective_grades(*js))
                out.grades.insert(QString::fromStdString(node), g);
            return out;
        },
        [this, queryText](const Loaded& out) {
            if (!out.error.isEmpty())
                Q_EMIT message(tr("Cannot read the grades: %1").arg(out.error));
            Q_EMIT gradesLoaded(queryText, out.grades);
        });
}

void GradeFlow::grade(const QString& queryText, const QString& nodeId, int grade) {
    if (!ref_.isValid() || queryText.trimmed().isEmpty() || nodeId.isEmpty())
        return;
    if (ref_.readOnly) {
        QMessageBox::information(dialogParent_, tr("Grade"),
                                 tr("The vault is open read-only: grades are shown but cannot "
                                    "be changed. Open it for writing to grade hits."));
        return;
    }
    const VaultRef ref = ref_;
    const std::string text = queryText.toStdString();
    const std::string id = nodeId.toStdString();
    write_->start(
        [ref, text, id, grade](const std::atomic_bool&) {
            Written out;
            out.grade = grade;
            out.nodeId = QString::fromStdString(id);
            auto vault = workerVault(ref);
            if (!vault) {
                out.error = formatStatus(vault.status());
                return out;
            }
            auto q = judged_query_for_text(**vault, text);
            if (!q) {
                out.error = formatStatus(q.status());
                return out;
            }
            Judgment j;
            j.query_id = q->id;
            j.node_id = id;
            j.grade = grade;
            auto stored = set_judgment(**vault, j);
            if (!stored)
                out.error = formatStatus(stored.status());
            return out;
        },
        [this, queryText](const Written& out) {
            if (!out.error.isEmpty()) {
                QMessageBox::warning(dialogParent_, tr("Grade"),
                                     tr("The grade was not saved: %1").arg(out.error));
                return;
            }
            Q_EMIT graded(queryText, out.nodeId, out.grade);
            Q_EMIT message(tr("Graded %1 %2 (%3)")
                               .arg(out.nodeId.left(10))
                               .arg(out.grade)
                               .arg(gradeName(out.grade)));
        });
}

} // namespace memlens::ui
