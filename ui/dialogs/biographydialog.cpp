#include "dialogs/biographydialog.h"

#include "core/format.h"
#include "core/grades.h"
#include "core/jobrunner.h"
#include "vault/workervault.h"

#include <memlens/biography.h>

#include <QChart>
#include <QChartView>
#include <QDateTimeAxis>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QScatterSeries>
#include <QTimeZone>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace memlens::ui {

namespace {

QString rankText(const std::optional<int>& r) {
    return r ? QString::number(*r) : QStringLiteral("–");
}

} // namespace

BiographyDialog::BiographyDialog(QWidget* parent)
    : QDialog(parent)
    , summary_(new QLabel(this))
    , chart_(new QChart())
    , appearances_(new QTreeWidget(this))
    , grades_(new QTreeWidget(this))
    , gradesLabel_(new QLabel(this))
    , job_(new JobRunner(this)) {
    setObjectName(QStringLiteral("biographyDialog"));
    setWindowTitle(tr("Biography"));
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    chart_->setTitle(tr("Its rank in each logged search that returned it (UTC)"));
    chart_->legend()->hide();
    chart_->setMargins(QMargins(4, 4, 4, 4));
    auto* chartView = new QChartView(chart_, this);
    chartView->setRenderHint(QPainter::Antialiasing);
    chartView->setMinimumHeight(200);
    appearances_->setRootIsDecorated(false);
    appearances_->setHeaderLabels({tr("When (UTC)"), tr("Question"), tr("Asked by"), tr("Rank"),
                                   tr("Keyword"), tr("Vector"), tr("Verdict (rerun)")});
    appearances_->header()->setStretchLastSection(true);
    for (const auto& [column, width] :
         {std::pair{0, 130}, {1, 240}, {2, 120}, {3, 45}, {4, 60}, {5, 55}})
        appearances_->setColumnWidth(column, width);
    grades_->setRootIsDecorated(false);
    grades_->setHeaderLabels({tr("Grade"), tr("Query"), tr("Judge"), tr("Reason")});
    grades_->setMaximumHeight(120);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(summary_);
    layout->addWidget(chartView, 2);
    layout->addWidget(appearances_, 3);
    layout->addWidget(gradesLabel_);
    layout->addWidget(grades_);
    layout->addWidget(close);
    resize(900, 640);
}

void BiographyDialog::showNode(const VaultRef& ref, const QString& nodeId) {
    summary_->setText(tr("Reading the audit log for %1…").arg(nodeId));
    appearances_->clear();
    grades_->clear();
    chart_->removeAllSeries();
    const std::string id = nodeId.toStdString();
    job_->start(
        [ref, id](const std::atomic_bool&) -> std::pair<Biography, QString> {
            auto vault = workerVault(ref);
            if (!vault)
                return {{}, formatStatus(vault.status())};
            auto engine = workerEngine(ref);
            auto b = node_biography(**vault, id, engine ? *engine : nullptr);
            if (!b)
                return {{}, formatStatus(b.status())};
            return {std::move(b).value(), QString()};
        },
        [this, nodeId](const std::pair<Biography, QString>& out) {
            if (!out.second.isEmpty()) {
                summary_->setText(tr("No biography of %1: %2").arg(nodeId, out.second));
                Q_EMIT shown();
                return;
            }
            present(out.first);
        });
}

void BiographyDialog::present(const Biography& b) {
    QStringList facts;
    facts << tr("%1, %2, %3").arg(qs(b.node_id).left(10), formatTime(b.time_ms), qs(b.source_id));
    facts << tr("Returned by %1 of %2 logged searches.")
                 .arg(b.appearances.size())
                 .arg(b.logged_searches);
    if (b.supersedes)
        facts << tr("It supersedes %1.").arg(qs(*b.supersedes));
    if (b.superseded)
        facts << (b.superseded_by.empty()
                      ? tr("A newer version superseded it.")
                      : tr("Superseded by %1.").arg(qs(b.superseded_by.front())));
    summary_->setText(facts.join(QStringLiteral("  ·  ")) + QStringLiteral("\n\n") + qs(b.text));
    for (const Appearance& a : b.appearances) {
        auto* item = new QTreeWidgetItem(appearances_);
        item->setText(0, formatTime(a.ts_ms));
        item->setText(1, qs(a.query));
        item->setText(2, a.client.empty() ? tr("a person") : qs(a.client));
        item->setText(3, QString::number(a.source.rank));
        item->setText(4, rankText(a.source.keyword_rank));
        item->setText(5, rankText(a.source.vector_rank));
        QString verdict = qs(a.verdict);
        if (!a.conflicts.empty())
            verdict +=
                QLatin1Char(' ') + tr("(conflicts with %1)").arg(qs(a.conflicts.front()).left(10));
        item->setText(6, verdict);
        item->setToolTip(6, verdict);
        item->setData(0, Qt::UserRole, QVariant::fromValue<qint64>(a.audit_id));
    }
    for (const Judgment& j : b.judgments) {
        auto* item = new QTreeWidgetItem(grades_);
        item->setText(0, QStringLiteral("%1 %2").arg(j.grade).arg(gradeName(j.grade)));
        item->setIcon(0, gradeIcon(j.grade));
        item->setText(1, qs(j.query_id));
        item->setText(2, qs(j.judge));
        item->setText(3, qs(j.reason));
    }
    grades_->setVisible(!b.judgments.empty());
    gradesLabel_->setText(b.judgments.empty()
                              ? tr("No grade yet: the keys 0–3 on the Query page grade a hit")
                              : tr("Grades it received"));
    showChart(b);
    Q_EMIT shown();
}

void BiographyDialog::showChart(const Biography& b) {
    chart_->removeAllSeries();
    for (QAbstractAxis* axis : chart_->axes()) {
        chart_->removeAxis(axis);
        delete axis;
    }
    if (b.appearances.empty())
        return;
    auto* points = new QScatterSeries();
    points->setMarkerSize(8);
    int worst = 1;
    for (const Appearance& a : b.appearances) {
        points->append(static_cast<qreal>(a.ts_ms), a.source.rank);
        worst = std::max(worst, a.source.rank);
    }
    chart_->addSeries(points);
    auto* x = new QDateTimeAxis();
    x->setFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
    x->setTickCount(4);
    const qint64 first = b.appearances.front().ts_ms;
    const qint64 last = std::max<qint64>(b.appearances.back().ts_ms, first + 60'000);
    x->setRange(QDateTime::fromMSecsSinceEpoch(first - 30'000, QTimeZone::utc()),
                QDateTime::fromMSecsSinceEpoch(last + 30'000, QTimeZone::utc()));
    auto* y = new QValueAxis();
    y->setTitleText(tr("rank"));
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setReverse(true); // rank 1 at the top
    y->setRange(0.5, worst + 0.5);
    chart_->addAxis(x, Qt::AlignBottom);
    chart_->addAxis(y, Qt::AlignLeft);
    points->attachAxis(x);
    points->attachAxis(y);
}

} // namespace memlens::ui
