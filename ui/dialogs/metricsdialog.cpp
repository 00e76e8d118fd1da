#include "dialogs/metricsdialog.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "vault/workervault.h"

#include <memlens/judgments.h>

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace memlens::ui {

namespace {

QString num(double v) {
    return QString::number(v, 'f', 3);
}

} // namespace

MetricsDialog::MetricsDialog(QWidget* parent)
    : QDialog(parent)
    , summary_(new QLabel(this))
    , k_(new QSpinBox(this))
    , run_(new QPushButton(tr("&Measure"), this))
    , figures_(new QTreeWidget(this))
    , queries_(new QTreeWidget(this))
    , job_(new JobRunner(this)) {
    setObjectName(QStringLiteral("metricsDialog"));
    setWindowTitle(tr("Metrics over the judged queries"));
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    k_->setRange(1, kMaxMetricsK);
    k_->setValue(10);
    k_->setPrefix(tr("k = "));
    k_->setToolTip(tr("How many hits of each query count"));
    connect(run_, &QPushButton::clicked, this, &MetricsDialog::measure);
    figures_->setRootIsDecorated(false);
    figures_->setHeaderLabels({tr("Metric"), tr("Mean"), tr("95% interval"), tr("In words")});
    figures_->header()->setStretchLastSection(true);
    figures_->setMaximumHeight(130);
    queries_->setRootIsDecorated(false);
    queries_->setHeaderLabels({tr("NDCG"), tr("Recall"), tr("Precision"), tr("Reciprocal rank"),
                               tr("Relevant"), tr("Query")});
    queries_->header()->setStretchLastSection(true);
    queries_->setSortingEnabled(true);
    auto* head = new QHBoxLayout();
    head->addWidget(k_);
    head->addWidget(run_);
    head->addStretch(1);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(head);
    layout->addWidget(summary_);
    layout->addWidget(figures_);
    layout->addWidget(new QLabel(tr("Each judged query, the worst first"), this));
    layout->addWidget(queries_, 1);
    layout->addWidget(close);
    resize(860, 560);
}

void MetricsDialog::setVault(const VaultRef& ref) {
    ref_ = ref;
    job_->cancel();
    figures_->clear();
    queries_->clear();
    summary_->clear();
}

void MetricsDialog::measure() {
    figures_->clear();
    queries_->clear();
    if (!ref_.isValid()) {
        summary_->setText(tr("Open a vault first."));
        Q_EMIT measured();
        return;
    }
    summary_->setText(tr("Asking every judged query again…"));
    run_->setEnabled(false);
    const VaultRef ref = ref_;
    const int k = k_->value();
    job_->start(
        [ref, k](const std::atomic_bool& cancel) -> std::pair<MetricsReport, QString> {
            auto vault = workerVault(ref);
            if (!vault)
                return {{}, formatStatus(vault.status())};
            auto engine = workerEngine(ref);
            if (!engine)
                return {{}, formatStatus(engine.status())};
            MetricsOptions o;
            o.k = k;
            o.cancel = &cancel;
            auto r = compute_metrics(**vault, **engine, o);
            if (!r)
                return {{}, formatStatus(r.status())};
            return {std::move(r).value(), QString()};
        },
        [this](const std::pair<MetricsReport, QString>& out) {
            run_->setEnabled(true);
            if (!out.second.isEmpty()) {
                summary_->setText(tr("Not measured: %1").arg(out.second));
                Q_EMIT measured();
                return;
            }
            present(out.first);
        });
}

void MetricsDialog::present(const MetricsReport& r) {
    if (r.queries.empty()) {
        summary_->setText(
            tr("No judged query has a relevant hit yet: grade hits with the keys 0–3 on the "
               "Query page, or import TREC qrels (memlens-cli judge import)."));
        Q_EMIT measured();
        return;
    }
    summary_->setText(
        tr("%n judged query(ies), each asked again with the vault's settings; the first %1 "
           "hits count.",
           "", static_cast<int>(r.queries.size()))
            .arg(r.k) +
        (r.unjudged.empty() ? QString()
                            : QLatin1Char(' ') + tr("%n judged query(ies) without a relevant "
                                                    "hit are not scored.",
                                                    "", static_cast<int>(r.unjudged.size()))));
    const QString k = QString::number(r.k);
    const auto row = [&](const QString& name, const Interval& i, const QString& words) {
        auto* item = new QTreeWidgetItem(figures_);
        item->setText(0, name);
        item->setText(1, num(i.mean));
        item->setText(2, tr("%1 to %2").arg(num(i.low), num(i.high)));
        item->setText(3, words);
    };
    row(tr("NDCG@%1").arg(k), r.ndcg,
        tr("%1% of the best order the grades allow").arg(qRound(r.ndcg.mean * 100)));
    row(tr("recall@%1").arg(k), r.recall,
        tr("%1% of the relevant memories are in the first %2")
            .arg(qRound(r.recall.mean * 100))
            .arg(r.k));
    row(tr("precision@%1").arg(k), r.precision,
        tr("%1% of the first %2 hits are relevant").arg(qRound(r.precision.mean * 100)).arg(r.k));
    row(tr("MRR"), r.mrr,
        r.mrr.mean > 0 ? tr("the first relevant hit comes at rank %1 on average (harmonic)")
                             .arg(QString::number(1.0 / r.mrr.mean, 'f', 1))
                       : tr("no relevant hit in the first %1").arg(r.k));
    std::vector<const QueryFigures*> worst;
    for (const auto& q : r.queries)
        worst.push_back(&q);
    std::stable_sort(worst.begin(), worst.end(), [](const QueryFigures* a, const QueryFigures* b) {
        return a->metrics.ndcg < b->metrics.ndcg;
    });
    queries_->setSortingEnabled(false);
    for (const QueryFigures* q : worst) {
        auto* item = new QTreeWidgetItem(queries_);
        item->setText(0, num(q->metrics.ndcg));
        item->setText(1, num(q->metrics.recall));
        item->setText(2, num(q->metrics.precision));
        item->setText(3, num(q->metrics.reciprocal_rank));
        item->setText(4, QString::number(q->relevant));
        item->setText(5, qs(q->text));
        item->setToolTip(5, qs(q->query_id));
    }
    Q_EMIT measured();
}

} // namespace memlens::ui
