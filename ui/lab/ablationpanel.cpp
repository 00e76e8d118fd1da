#include "lab/ablationpanel.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "lab/labjobs.h"
#include "lab/labtext.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace memlens::ui {

namespace {

// The ablation's column names (lab.h), short enough for seven columns side by side; the header's
// tooltip has the name and what the column adds.
QString ablationHeader(const std::string& name) {
    if (name == "keyword only")
        return AblationPanel::tr("Keyword");
    if (name == "vector only")
        return AblationPanel::tr("Vector");
    if (name == "+ recency")
        return AblationPanel::tr("+Recency");
    if (name == "+ graph context")
        return AblationPanel::tr("+Context");
    if (name == "+ MMR")
        return AblationPanel::tr("+MMR");
    if (name == "+ entity boost")
        return AblationPanel::tr("+Entity");
    return QString::fromStdString(name); // "RRF", "profile fold"
}

} // namespace

// The row ranked by each leg alone and without each signal, and over the whole log.
AblationPanel::AblationPanel(QWidget* parent)
    : QWidget(parent)
    , ablationJob_(new JobRunner(this))
    , ablationLogJob_(new JobRunner(this))
    , ablationVerdict_(new QLabel(this))
    , ablationTable_(new QTableWidget(this))
    , ablationLogButton_(new QPushButton(tr("Over the &Whole Log"), this))
    , ablationLogLabel_(new QLabel(this))
    , ablationLogTable_(new QTableWidget(this)) {
    ablationVerdict_->setWordWrap(true);
    ablationVerdict_->setTextFormat(Qt::RichText);
    ablationTable_->verticalHeader()->setVisible(false);
    ablationTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    ablationTable_->horizontalHeader()->setStretchLastSection(true);
    auto* av = new QVBoxLayout(this);
    av->addWidget(ablationVerdict_);
    av->addWidget(ablationTable_, 3);
    auto* logBar = new QHBoxLayout;
    logBar->addWidget(ablationLogButton_);
    logBar->addWidget(ablationLogLabel_, 1);
    av->addLayout(logBar);
    av->addWidget(ablationLogTable_, 2);
    ablationLogLabel_->setWordWrap(true);
    ablationLogLabel_->setTextFormat(Qt::RichText);
    ablationLogButton_->setToolTip(
        tr("Rank every logged search by each column: which signal settles the whole log"));
    ablationLogTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    ablationLogTable_->verticalHeader()->setVisible(false);
    ablationLogTable_->setColumnCount(6);
    ablationLogTable_->setHorizontalHeaderLabels({tr("Column"), tr("Rows"), tr("As logged"),
                                                  tr("First hit kept"), tr("Mean Jaccard@k"),
                                                  tr("First to give the logged ranking")});
    ablationLogTable_->horizontalHeader()->setStretchLastSection(true);
    connect(ablationLogButton_, &QPushButton::clicked, this, &AblationPanel::runAblationOverLog);
}

AblationPanel::~AblationPanel() = default;

void AblationPanel::setRow(const std::shared_ptr<const LabRow>& row) {
    row_ = row;
    ablationStale_ = true;
    ablation_.reset();
}

void AblationPanel::runIfStale() {
    if (ablationStale_)
        runAblation();
}

void AblationPanel::runAblation() {
    if (!row_ || !ref_.isValid())
        return;
    ablationStale_ = false;
    const VaultRef ref = ref_;
    const LabRow row = *row_;
    ablationVerdict_->setText(
        tr("Ranking row #%1 by each leg alone, then one signal at a time…").arg(row.record.id));
    ablationJob_->start(
        [ref, row](const std::atomic_bool& cancel) { return ablationJob(ref, row, cancel); },
        [this](const AblationOutcome& out) { showAblation(out); });
}

void AblationPanel::showAblation(const AblationOutcome& out) {
    if (!out.matrix) {
        ablationVerdict_->setText(out.error.toHtmlEscaped());
        Q_EMIT ablationShown();
        return;
    }
    ablation_ = out.matrix;
    showAblationVerdict(*ablation_);
    fillAblationTable(*ablation_, out);
    Q_EMIT ablationShown();
}

// Where the logged ranking first appears, in words.
void AblationPanel::showAblationVerdict(const AblationMatrix& m) {
    if (!m.first_logged_column) {
        ablationVerdict_->setText(tr("<b>No column gives the logged ranking</b>: the vault "
                                     "changed since the row was logged."));
        return;
    }
    const auto i = *m.first_logged_column;
    const QString name = qs(m.columns[i].name);
    QString words;
    if (i == 2)
        words = tr("<b>%1 alone gives the logged ranking</b>: recency, graph context, MMR and "
                   "the entity boost changed nothing for this query.")
                    .arg(name);
    else if (i < 2)
        words = tr("<b>%1 gives the logged ranking</b>: the other leg changed nothing for "
                   "this query.")
                    .arg(name);
    else
        words = tr("<b>The logged ranking first appears at “%1”</b>: %2 settled the order "
                   "(the columns to its left rank differently).")
                    .arg(name, qs(m.columns[i].adds).toHtmlEscaped());
    ablationVerdict_->setText(words + QStringLiteral("<br><small>") +
                              tr("Each cell is the hit's rank in that column (— : not among "
                                 "its hits); green where it is the logged rank.") +
                              QStringLiteral("</small>"));
}

// Each hit's rank per column, green where it is the logged rank.
void AblationPanel::fillAblationTable(const AblationMatrix& m, const AblationOutcome& out) {
    ablationTable_->clear();
    ablationTable_->setColumnCount(static_cast<int>(m.columns.size()) + 2);
    QStringList headers{tr("Logged")};
    for (std::size_t i = 0; i < m.columns.size(); ++i) {
        QString h = ablationHeader(m.columns[i].name);
        if (m.first_logged_column && *m.first_logged_column == i)
            h += QStringLiteral(" ✓");
        headers << h;
    }
    headers << tr("Hit");
    ablationTable_->setHorizontalHeaderLabels(headers);
    for (std::size_t i = 0; i < m.columns.size(); ++i) {
        auto* h = ablationTable_->horizontalHeaderItem(static_cast<int>(i) + 1);
        h->setToolTip(
            qs(m.columns[i].name) + QStringLiteral(": ") +
            (m.columns[i].available ? qs(m.columns[i].adds) : qs(m.columns[i].unavailable_reason)));
    }
    ablationTable_->setRowCount(static_cast<int>(m.rows.size()));
    for (std::size_t r = 0; r < m.rows.size(); ++r) {
        const AblationRow& row = m.rows[r];
        const int rr = static_cast<int>(r);
        ablationTable_->setItem(
            rr, 0,
            labItem(row.logged_rank ? QString::number(*row.logged_rank) : QStringLiteral("—")));
        for (std::size_t c = 0; c < row.ranks.size(); ++c) {
            const auto& rank = row.ranks[c];
            auto* it = labItem(!m.columns[c].available ? tr("n/a")
                               : rank                  ? QString::number(*rank)
                                                       : QStringLiteral("—"));
            it->setTextAlignment(Qt::AlignCenter);
            if (m.columns[c].available && rank && row.logged_rank && *rank == *row.logged_rank)
                it->setBackground(QColor(0xc8, 0xe6, 0xc9));
            else if (m.columns[c].available && rank != row.logged_rank)
                it->setBackground(QColor(0xff, 0xe0, 0xb2));
            ablationTable_->setItem(rr, static_cast<int>(c) + 1, it);
        }
        auto snip = out.snippets.find(row.node_id);
        ablationTable_->setItem(
            rr, static_cast<int>(row.ranks.size()) + 1,
            labItem(snip != out.snippets.end() ? snip->second.simplified() : qs(row.node_id),
                    qs(row.node_id)));
    }
    ablationTable_->resizeColumnsToContents();
    for (int c = 0; c + 1 < ablationTable_->columnCount(); ++c)
        ablationTable_->setColumnWidth(c, std::min(ablationTable_->columnWidth(c), 84));
}

void AblationPanel::runAblationOverLog() {
    if (!ref_.isValid())
        return;
    const VaultRef ref = ref_;
    ablationLogButton_->setEnabled(false);
    ablationLogLabel_->setText(tr("Ranking every logged search by each column…"));
    ablationLogJob_->start(
        [ref](const std::atomic_bool& cancel) { return ablationLogJob(ref, cancel); },
        [this](const AblationLogOutcome& out) { showAblationLog(out); });
}

void AblationPanel::showAblationLog(const AblationLogOutcome& out) {
    ablationLogButton_->setEnabled(true);
    if (!out.matrix) {
        ablationLogLabel_->setText(out.error.toHtmlEscaped());
        Q_EMIT ablationLogShown();
        return;
    }
    const AblationLog& m = *out.matrix;
    // The verdict: the column where most rows first get their logged ranking.
    std::size_t best = 0;
    for (std::size_t i = 1; i < m.columns.size(); ++i)
        if (m.columns[i].first_logged > m.columns[best].first_logged)
            best = i;
    ablationLogLabel_->setText(
        (m.queries == 0 ? tr("No logged search to rank.")
                        : tr("Over %n logged search(es), most first get their logged ranking at "
                             "<b>%1</b> (%2 of them).",
                             nullptr, static_cast<int>(m.queries))
                              .arg(qs(m.columns[best].name).toHtmlEscaped())
                              .arg(m.columns[best].first_logged)) +
        QStringLiteral("<br><small>") +
        LabText::skippedRows(m.skipped_no_pools, m.skipped_other, m.skipped_damaged).mid(3) +
        QStringLiteral("</small>"));
    ablationLogTable_->setRowCount(static_cast<int>(m.columns.size()));
    for (std::size_t i = 0; i < m.columns.size(); ++i) {
        const AblationLogColumn& c = m.columns[i];
        const int r = static_cast<int>(i);
        ablationLogTable_->setItem(r, 0, labItem(qs(c.name)));
        ablationLogTable_->setItem(r, 1, labItem(QString::number(c.rows)));
        ablationLogTable_->setItem(r, 2, labItem(QString::number(c.same_ranking)));
        ablationLogTable_->setItem(r, 3, labItem(QString::number(c.same_first)));
        ablationLogTable_->setItem(r, 4, labItem(QString::number(c.mean_jaccard, 'f', 2)));
        ablationLogTable_->setItem(r, 5, labItem(QString::number(c.first_logged)));
    }
    ablationLogTable_->resizeColumnsToContents();
    Q_EMIT ablationLogShown();
}

void AblationPanel::resetVaultState(const VaultRef& ref) {
    ablationJob_->cancel();
    ablationLogJob_->cancel();
    ref_ = ref;
    row_.reset();
    ablation_.reset();
    ablationStale_ = true;
    ablationTable_->clear();
    ablationTable_->setRowCount(0);
    ablationTable_->setColumnCount(0);
    ablationVerdict_->setText(tr("Open a row to see it ranked by each leg alone, then one signal "
                                 "at a time."));
    ablationLogTable_->setRowCount(0);
    ablationLogLabel_->clear();
    ablationLogButton_->setEnabled(true);
}

} // namespace memlens::ui
