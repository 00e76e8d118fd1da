#include "lab/blastradiuspanel.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "lab/labjobs.h"
#include "lab/labtext.h"
#include "vault/workervault.h"

#include <memlens/audit.h>
#include <memlens/vault.h>

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>
#include <map>

namespace memlens::ui {

// Every logged search re-ranked with the settings on the left.
BlastRadiusPanel::BlastRadiusPanel(QWidget* parent)
    : QWidget(parent)
    , blastJob_(new JobRunner(this))
    , blastTimer_(new QTimer(this))
    , clientBox_(new QComboBox(this))
    , blastLimit_(new QSpinBox(this))
    , windowBox_(new QCheckBox(tr("Logged from"), this))
    , sinceEdit_(new QDateEdit(this))
    , untilEdit_(new QDateEdit(this))
    , runBlast_(new QPushButton(tr("Run over the &Log"), this))
    , cancelBlast_(new QPushButton(tr("&Cancel"), this))
    , blastBar_(new QProgressBar(this))
    , blastVerdict_(new QLabel(this))
    , chart_(new QChartView(this))
    , blastModel_(new QStandardItemModel(this))
    , blastProxy_(new QSortFilterProxyModel(this))
    , blastTable_(new QTableView(this)) {
    blastTimer_->setInterval(100);
    connect(blastTimer_, &QTimer::timeout, this, &BlastRadiusPanel::showProgress);
    clientBox_->addItem(tr("every caller"), QString());
    blastLimit_->setRange(0, 10'000'000);
    blastLimit_->setSpecialValueText(tr("all rows"));
    blastLimit_->setPrefix(tr("newest "));
    blastLimit_->setToolTip(tr("Re-rank only the newest N logged rows (all rows: 0)"));
    cancelBlast_->setEnabled(false);
    blastBar_->setVisible(false);
    blastVerdict_->setWordWrap(true);
    blastVerdict_->setTextFormat(Qt::RichText);
    blastVerdict_->setText(
        tr("Re-rank every logged search with the settings on the left, from the candidates each "
           "row keeps, and see which would change. Left as the vault's own, the settings change "
           "no row logged under them."));
    connect(runBlast_, &QPushButton::clicked, this, &BlastRadiusPanel::runBlast);
    connect(cancelBlast_, &QPushButton::clicked, this, &BlastRadiusPanel::cancelBlast);
    QLayout* blastBar = buildBlastBar();
    auto* chart = new QChart();
    chart->setTitle(tr("Overlap of the logged and new top hits (Jaccard@k): queries per bin"));
    chart->legend()->setVisible(false);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart_->setChart(chart);
    chart_->setRenderHint(QPainter::Antialiasing);
    chart_->setMinimumHeight(200);
    setupTable();
    auto* bv = new QVBoxLayout(this);
    bv->addLayout(blastBar);
    bv->addWidget(blastVerdict_);
    auto* bsplit = new QSplitter(Qt::Vertical, this);
    bsplit->addWidget(chart_);
    bsplit->addWidget(blastTable_);
    bv->addWidget(bsplit, 1);
    connect(blastJob_, &JobRunner::failed, this,
            [this](const QString& m) { showLabMessage(this, tr("The blast radius failed"), m); });
}

BlastRadiusPanel::~BlastRadiusPanel() = default;

// The changed queries; a double-click opens one in the what-if.
void BlastRadiusPanel::setupTable() {
    blastModel_->setHorizontalHeaderLabels({tr("Row"), tr("Time"), tr("Query"), tr("Caller"),
                                            tr("Jaccard@k"), tr("RBO"), tr("First hit"),
                                            tr("Logged first now"), tr("NDCG@10 Δ")});
    blastProxy_->setSourceModel(blastModel_);
    blastProxy_->setSortRole(Qt::UserRole);
    blastTable_->setModel(blastProxy_);
    blastTable_->setSortingEnabled(true);
    blastTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
    blastTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    blastTable_->verticalHeader()->setVisible(false);
    blastTable_->horizontalHeader()->setStretchLastSection(true);
    blastTable_->setToolTip(tr("Double-click a query to see it side by side"));
    connect(blastTable_, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const QModelIndex src = blastProxy_->mapToSource(index);
        const qint64 id = blastModel_->item(src.row(), 0)->data(Qt::UserRole).toLongLong();
        Q_EMIT openRowRequested(id);
    });
}

// Which rows (caller, newest N, days), then Run and Cancel with the progress.
QLayout* BlastRadiusPanel::buildBlastBar() {
    // Which rows, then run: two lines, so that the page fits a 1280-pixel window in every
    // language.
    auto* blastBar = new QVBoxLayout;
    auto* which = new QHBoxLayout;
    which->addWidget(new QLabel(tr("Rows of:"), this));
    which->addWidget(clientBox_, 1);
    which->addWidget(blastLimit_);
    // One time range of the log (days, UTC, both included).
    auto* window = new QHBoxLayout;
    window->addWidget(windowBox_);
    window->addWidget(sinceEdit_);
    window->addWidget(new QLabel(tr("to"), this));
    window->addWidget(untilEdit_);
    window->addStretch(1);
    for (QDateEdit* e : {sinceEdit_, untilEdit_}) {
        e->setCalendarPopup(true);
        e->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
        e->setTimeSpec(Qt::UTC);
        e->setDate(QDate::currentDate());
        e->setEnabled(false);
        connect(windowBox_, &QCheckBox::toggled, e, &QWidget::setEnabled);
    }
    windowBox_->setToolTip(tr("Only the rows logged between these two days (UTC, both included)"));
    auto* run = new QHBoxLayout;
    run->addWidget(runBlast_);
    run->addWidget(cancelBlast_);
    run->addWidget(blastBar_, 1);
    blastBar->addLayout(which);
    blastBar->addLayout(window);
    blastBar->addLayout(run);
    return blastBar;
}

void BlastRadiusPanel::runBlast() {
    if (!ref_.isValid() || blastJob_->isRunning())
        return;
    const VaultRef ref = ref_;
    const auto overrides = settingOverrides(settings_.vault, settings_.onScreen);
    AuditFilter filter;
    filter.client = clientBox_->currentData().toString().toStdString();
    if (windowBox_->isChecked()) {
        const QDate from = std::min(sinceEdit_->date(), untilEdit_->date());
        const QDate to = std::max(sinceEdit_->date(), untilEdit_->date());
        filter.since_ms = QDateTime(from, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
        filter.until_ms = QDateTime(to.addDays(1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch() - 1;
    }
    const std::size_t limit = static_cast<std::size_t>(blastLimit_->value());
    const QString key =
        QString::fromStdString(filter.client) + QLatin1Char('|') + QString::number(limit);
    if (key != logKey_)
        log_.reset();
    logKey_ = key;
    const std::shared_ptr<const LabLog> cached = log_;
    // The last run's results go: a cancelled or failed run must not leave them under its verdict.
    clearBlast();
    blastProgress_ = std::make_shared<BlastProgress>();
    auto progress = blastProgress_;
    blastBar_->setVisible(true);
    blastBar_->setRange(0, 0);
    runBlast_->setEnabled(false);
    cancelBlast_->setEnabled(true);
    blastTimer_->start();
    blastVerdict_->setText(tr("Re-ranking the logged searches…"));
    blastJob_->start(
        [=](const std::atomic_bool& cancel) {
            return blastJob(ref, overrides, filter, limit, cached, progress, cancel);
        },
        [this](const BlastOutcome& out) { showBlast(out); });
}

void BlastRadiusPanel::cancelBlast() {
    blastJob_->requestStop();
}

void BlastRadiusPanel::clearBlast() {
    blast_.reset();
    judged_.reset();
    blastModel_->removeRows(0, blastModel_->rowCount());
    if (QChart* chart = chart_->chart()) {
        chart->removeAllSeries();
        for (QAbstractAxis* axis : chart->axes()) {
            chart->removeAxis(axis);
            delete axis;
        }
    }
}

void BlastRadiusPanel::showBlast(const BlastOutcome& out) {
    blastTimer_->stop();
    if (out.log)
        log_ = out.log;
    blastBar_->setVisible(false);
    runBlast_->setEnabled(true);
    cancelBlast_->setEnabled(false);
    if (!out.report) {
        blastVerdict_->setText(out.cancelled ? tr("Cancelled: %1").arg(out.error.toHtmlEscaped())
                                             : out.error.toHtmlEscaped());
        if (!out.cancelled)
            showLabMessage(this, tr("The blast radius failed"), out.error);
        Q_EMIT blastShown();
        return;
    }
    blast_ = out.report;
    judged_ = out.judged;
    const BlastReport& r = *blast_;
    showBlastVerdict(r);

    fillBlastChart(r);

    fillBlastTable(r);
    Q_EMIT blastShown();
}

// The blast radius's verdict in words, the settings and skipped rows under it.
void BlastRadiusPanel::showBlastVerdict(const BlastReport& r) {
    QString settings =
        r.changed_keys.empty()
            ? tr("the vault's own settings")
            : labChangeList(settings_.vault, settings_.onScreen, r.changed_keys).toHtmlEscaped();
    QString words;
    if (r.queries == 0)
        words = tr("<b>No logged search to re-rank</b> among %n row(s).", nullptr,
                   static_cast<int>(r.rows));
    else if (r.changed == 0)
        words = tr("<b>No logged search would change</b> (%n re-ranked).", nullptr,
                   static_cast<int>(r.queries));
    else
        words = tr("<b>%1 of %2 logged searches would change</b> their hits or order; <b>%3</b> "
                   "would lose their first hit.")
                    .arg(formatCount(static_cast<qint64>(r.changed)),
                         formatCount(static_cast<qint64>(r.queries)),
                         formatCount(static_cast<qint64>(r.lost_first)));
    QString under = tr("Settings: %1 · %2 ms").arg(settings).arg(r.ms, 0, 'f', 0) +
                    LabText::skippedRows(r.skipped_no_pools, r.skipped_other, r.skipped_damaged);
    for (const auto& [k, n] : r.needs_retrieval)
        under += QStringLiteral("<br><span style='color:#b26a00'>%1</span>")
                     .arg(tr("%1 acts inside a leg: not shown for %n row(s)", nullptr,
                             static_cast<int>(n))
                              .arg(qs(k)));
    // Against the grades: whether what changed got better, for the searches someone judged.
    if (judged_ && !judged_->searches.empty()) {
        const BlastMetrics& m = *judged_;
        words +=
            QStringLiteral("<br>") +
            tr("<b>Judged: NDCG@%1 %2 → %3</b> over the %n re-ranked search(es) whose "
               "question has grades: %4 improved, %5 worse, %6 unchanged.",
               nullptr, static_cast<int>(m.searches.size()))
                .arg(m.k)
                .arg(QString::number(m.mean_logged, 'f', 3), QString::number(m.mean_new, 'f', 3))
                .arg(m.improved)
                .arg(m.worse)
                .arg(m.unchanged);
    }
    blastVerdict_->setText(words + QStringLiteral("<br><small>") + under +
                           QStringLiteral("</small>"));
}

// Queries per overlap bin (runBlast cleared the last chart).
void BlastRadiusPanel::fillBlastChart(const BlastReport& r) {
    QChart* chart = chart_->chart();
    bars_ = new QBarSet(tr("Queries"));
    QStringList categories;
    std::size_t peak = 1;
    // Bounds written short (".3–.4"): eleven bins must stay legible in a 1280-pixel window.
    auto bound = [](double v) {
        const QString t = QString::number(v, 'f', 1);
        return v <= 0.0 ? QStringLiteral("0") : v >= 1.0 ? QStringLiteral("1") : t.mid(1);
    };
    for (const auto& b : r.overlap_histogram) {
        *bars_ << static_cast<qreal>(b.count);
        categories << (b.from == b.to ? QStringLiteral("1")
                                      : QStringLiteral("%1–%2").arg(bound(b.from), bound(b.to)));
        peak = std::max(peak, b.count);
    }
    auto* series = new QBarSeries();
    series->append(bars_);
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setLabelsPrecision(15);
    bars_->setLabelColor(palette().color(QPalette::Text));
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis();
    x->append(categories);
    x->setTitleText(tr("Jaccard@k of the logged and new hits (1: the same hits)"));
    auto* y = new QValueAxis();
    // Ticks at round whole counts (1, 2 or 5 × 10ⁿ apart), four or five of them, with room above
    // the tallest bar for its label.
    const double room = static_cast<double>(peak) * 1.2;
    double step = 1.0; // 1, 2, 5, 10, 20, 50, …
    for (int i = 0; room / step > 5.0; ++i)
        step *= i % 3 == 1 ? 2.5 : 2.0;
    y->setTickType(QValueAxis::TicksDynamic);
    y->setTickAnchor(0.0);
    y->setTickInterval(step);
    y->setRange(0, std::ceil(room / step) * step);
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTitleText(tr("queries"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

// The changed queries, worst overlap first.
void BlastRadiusPanel::fillBlastTable(const BlastReport& r) {
    blastTable_->setSortingEnabled(false);
    std::map<std::int64_t, const BlastJudged*> judged;
    if (judged_)
        for (const BlastJudged& j : judged_->searches)
            judged.emplace(j.audit_id, &j);
    for (const auto& q : r.results) {
        if (!q.changed)
            continue;
        auto cell = [](const QString& text, const QVariant& sort) {
            auto* it = new QStandardItem(text);
            it->setData(sort, Qt::UserRole);
            return it;
        };
        QList<QStandardItem*> cells;
        cells << cell(QString::number(q.id), static_cast<qlonglong>(q.id));
        cells << cell(formatTime(q.ts_ms), static_cast<qlonglong>(q.ts_ms));
        cells << cell(qs(q.query), qs(q.query));
        cells << cell(q.client.empty() ? tr("asked here") : qs(q.client), qs(q.client));
        cells << cell(QString::number(q.jaccard, 'f', 2), q.jaccard);
        cells << cell(QString::number(q.rbo, 'f', 2), q.rbo);
        cells << cell(q.lost_first ? tr("lost") : tr("kept"), q.lost_first ? 0 : 1);
        cells << cell(q.logged_first_now
                          ? QStringLiteral("#%1").arg(*q.logged_first_now)
                          : (q.logged_first.empty() ? QStringLiteral("—") : tr("gone")),
                      q.logged_first_now ? *q.logged_first_now : 1000);
        if (q.lost_first)
            cells[6]->setForeground(QColor(0xc6, 0x28, 0x28));
        // Against the grades, when the question is judged; an empty cell sorts last.
        if (auto j = judged.find(q.id); j != judged.end()) {
            const double delta = j->second->ndcg_new - j->second->ndcg_logged;
            cells << cell(QStringLiteral("%1 (%2 → %3)")
                              .arg(QString::number(delta, 'f', 3)
                                       .prepend(delta > 0 ? QStringLiteral("+") : QString()),
                                   QString::number(j->second->ndcg_logged, 'f', 2),
                                   QString::number(j->second->ndcg_new, 'f', 2)),
                          delta);
            if (j->second->change != MetricChange::Unchanged)
                cells.back()->setForeground(j->second->change == MetricChange::Improved
                                                ? QColor(0x2e, 0x7d, 0x32)
                                                : QColor(0xc6, 0x28, 0x28));
        } else {
            cells << cell(QString(), -1000.0);
        }
        blastModel_->appendRow(cells);
    }
    blastTable_->setSortingEnabled(true);
    blastTable_->sortByColumn(4, Qt::AscendingOrder);
    blastTable_->resizeColumnsToContents();
}

void BlastRadiusPanel::showProgress() {
    const auto [done, total] =
        blastProgress_ ? blastProgress_->get() : std::pair<std::size_t, std::size_t>{0, 0};
    blastBar_->setRange(0, static_cast<int>(std::max<std::size_t>(total, 1)));
    blastBar_->setValue(static_cast<int>(done));
    blastBar_->setFormat(
        tr("%1 of %2 logged rows")
            .arg(formatCount(static_cast<qint64>(done)), formatCount(static_cast<qint64>(total))));
}

bool BlastRadiusPanel::isBlasting() const {
    return blastJob_->isRunning();
}

void BlastRadiusPanel::updateButtons() {
    runBlast_->setEnabled(ref_.isValid() && !blastJob_->isRunning());
}

void BlastRadiusPanel::setVault(const VaultRef& ref) {
    ref_ = ref;
    updateButtons();
}

void BlastRadiusPanel::resetVaultState(const VaultRef& ref) {
    blastJob_->cancel();
    blastTimer_->stop();
    ref_ = ref;
    clearBlast();
    log_.reset();
    logKey_.clear();
    blastBar_->setVisible(false);
    cancelBlast_->setEnabled(false);
    clientBox_->clear();
    clientBox_->addItem(tr("every caller"), QString());
    windowBox_->setChecked(false);
    updateButtons();
}

// The callers of the log, for the filter.
void BlastRadiusPanel::loadCallers() {
    if (clientBox_->count() != 1 || !ref_.isValid())
        return;
    const VaultRef ref = ref_;
    auto* job = new JobRunner(this);
    job->start(
        [ref](const std::atomic_bool&) {
            QStringList out;
            auto vault = workerVault(ref);
            if (!vault)
                return out;
            if (auto agents = list_audit_agents((*vault)->db(), 50))
                for (const auto& c : agents->clients)
                    out << qs(c);
            return out;
        },
        [this, job](const QStringList& clients) {
            job->deleteLater();
            for (const auto& c : clients)
                clientBox_->addItem(c, c);
        });
}

} // namespace memlens::ui
