#include "lab/whatifpanel.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "core/phrase.h"
#include "core/pools.h"
#include "lab/labjobs.h"
#include "lab/labtext.h"
#include "lab/sidebyside.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <limits>

namespace memlens::ui {

namespace {

QString movementText(const LabMove& m) {
    switch (m.movement) {
    case Movement::Up:
        return QStringLiteral("▲ %1").arg(m.places);
    case Movement::Down:
        return QStringLiteral("▼ %1").arg(-m.places);
    case Movement::New:
        return WhatIfPanel::tr("new");
    case Movement::Gone:
        return WhatIfPanel::tr("gone");
    case Movement::Same:
        break;
    }
    return QStringLiteral("=");
}

QString signalText(MoveSignal signal) {
    switch (signal) {
    case MoveSignal::Fusion:
        return WhatIfPanel::tr("fusion (its RRF sum)");
    case MoveSignal::Recency:
        return WhatIfPanel::tr("recency");
    case MoveSignal::EntityBoost:
        return WhatIfPanel::tr("entity boost");
    case MoveSignal::Supersession:
        return WhatIfPanel::tr("supersession");
    case MoveSignal::Profile:
        return WhatIfPanel::tr("profile score");
    case MoveSignal::Mmr:
        return WhatIfPanel::tr("MMR");
    case MoveSignal::Budget:
        return WhatIfPanel::tr("budget");
    case MoveSignal::None:
        break;
    }
    return WhatIfPanel::tr("none: others moved");
}

} // namespace

// The row re-ranked beside what it is compared with, and each hit's move.
WhatIfPanel::WhatIfPanel(QWidget* parent)
    : QWidget(parent)
    , otherJob_(new JobRunner(this))
    // On the query thread, whose search engine is open already after the first question
    // (core/pools.h): a background thread opened one of its own on the Lab's first visit, the
    // topic index and the supersession masks again (1.3 s of the first visit at a million
    // chunks). A re-rank from stored pools takes tens of milliseconds there.
    , whatIfJob_(new JobRunner(this, queryPool()))
    , rerankTimer_(new QTimer(this))
    , leftBox_(new QComboBox(this))
    , otherRow_(new QSpinBox(this))
    , verdict_(new QLabel(this))
    , sideBySide_(new SideBySideView(this))
    , moves_(new QTableWidget(this)) {
    rerankTimer_->setSingleShot(true);
    rerankTimer_->setInterval(0);
    connect(rerankTimer_, &QTimer::timeout, this, [this] { rerank(false); });
    auto* wv = new QVBoxLayout(this);
    buildLeftBar(wv);
    verdict_->setWordWrap(true);
    verdict_->setTextFormat(Qt::RichText);
    verdict_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* sbsScroll = new QScrollArea(this);
    sbsScroll->setWidget(sideBySide_);
    sbsScroll->setWidgetResizable(true);
    moves_->setColumnCount(6);
    moves_->setHorizontalHeaderLabels(
        {tr("Move"), tr("Before"), tr("After"), tr("Signal"), tr("Moved by"), tr("Why")});
    moves_->horizontalHeader()->setStretchLastSection(true);
    moves_->verticalHeader()->setVisible(false);
    moves_->setSelectionBehavior(QAbstractItemView::SelectRows);
    moves_->setWordWrap(false);
    connectMoves();
    wv->addWidget(verdict_);
    auto* wsplit = new QSplitter(Qt::Vertical, this);
    wsplit->addWidget(sbsScroll);
    wsplit->addWidget(moves_);
    wsplit->setStretchFactor(0, 2);
    wsplit->setStretchFactor(1, 1);
    wsplit->setSizes({320, 160});
    wv->addWidget(wsplit, 1);
    connect(whatIfJob_, &JobRunner::failed, this,
            [this](const QString& m) { showLabMessage(this, tr("Re-ranking failed"), m); });
}

WhatIfPanel::~WhatIfPanel() = default;

// What the right side is compared with.
void WhatIfPanel::buildLeftBar(QVBoxLayout* layout) {
    leftBox_->addItem(tr("as logged (what the agent got)"), static_cast<int>(LabLeft::Logged));
    leftBox_->addItem(tr("the vault's settings now"), static_cast<int>(LabLeft::VaultNow));
    leftBox_->addItem(tr("another audit row"), static_cast<int>(LabLeft::OtherRow));
    otherRow_->setRange(1, std::numeric_limits<int>::max());
    otherRow_->setPrefix(tr("row #"));
    otherRow_->setEnabled(false);
    connect(leftBox_, &QComboBox::currentIndexChanged, this, [this] {
        const bool other = leftBox_->currentData().toInt() == static_cast<int>(LabLeft::OtherRow);
        otherRow_->setEnabled(other);
        if (other)
            loadOtherRow();
        else
            scheduleRerank();
    });
    connect(otherRow_, &QSpinBox::editingFinished, this, [this] {
        if (otherRow_->isEnabled())
            loadOtherRow();
    });
    auto* leftBar = new QHBoxLayout;
    leftBar->addWidget(new QLabel(tr("Compare with:"), this));
    leftBar->addWidget(leftBox_);
    leftBar->addWidget(otherRow_);
    leftBar->addStretch(1);
    layout->addLayout(leftBar);
}

void WhatIfPanel::connectMoves() {
    // The selected move's hit in the docks (hit detail, score breakdown), as it ranks on the
    // right (or, gone, as it ranked on the left).
    connect(moves_, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (!comparison_ || row < 0 || !moves_->item(row, 0))
            return;
        const std::string id = moves_->item(row, 0)->data(Qt::UserRole).toString().toStdString();
        for (const auto* side : {&comparison_->after, &comparison_->before})
            for (const RetrievalHit& h : side->result.hits)
                if (h.node_id == id) {
                    Q_EMIT hitSelected(h);
                    return;
                }
    });
    connect(sideBySide_, &SideBySideView::hitClicked, this, [this](const QString& id) {
        for (int r = 0; r < moves_->rowCount(); ++r)
            if (moves_->item(r, 0) && moves_->item(r, 0)->data(Qt::UserRole).toString() == id) {
                moves_->selectRow(r);
                moves_->scrollToItem(moves_->item(r, 0));
            }
    });
}

void WhatIfPanel::setRow(const std::shared_ptr<const LabRow>& row) {
    row_ = row;
    scheduleRerank();
    announceRetrieval();
}

void WhatIfPanel::clearRow(const QString& error, bool noPools) {
    row_.reset();
    comparison_.reset();
    sideBySide_->clear();
    moves_->setRowCount(0);
    verdict_->setText(noPools ? tr("This row cannot be re-ranked: %1").arg(error.toHtmlEscaped())
                              : error.toHtmlEscaped());
    announceRetrieval();
}

void WhatIfPanel::compareWithLogged() {
    leftBox_->setCurrentIndex(0);
}

void WhatIfPanel::announceRetrieval() {
    Q_EMIT retrievalNeeded(row_ && comparison_ && !comparison_->needs_retrieval.empty());
}

RetrievalSettings WhatIfPanel::rightSettings() const {
    return row_ ? blast_settings_for(*row_, settings_.onScreen) : settings_.onScreen;
}

SearchBudget WhatIfPanel::rightBudget() const {
    SearchBudget b = row_ ? row_->request.budget : SearchBudget{};
    b.max_units = settings_.maxUnits;
    b.max_chars = settings_.maxChars;
    return b;
}

void WhatIfPanel::loadOtherRow() {
    if (!ref_.isValid())
        return;
    const VaultRef ref = ref_;
    const qint64 id = otherRow_->value();
    otherJob_->start([ref, id](const std::atomic_bool&) { return loadLabRowJob(ref, id); },
                     [this](LabRowOutcome out) {
                         if (!out.row) {
                             other_.reset();
                             showLabMessage(this, tr("Cannot open the row"), out.error);
                             return;
                         }
                         other_ = std::move(out.row);
                         scheduleRerank();
                     });
}

void WhatIfPanel::scheduleRerank() {
    if (row_)
        rerankTimer_->start();
}

void WhatIfPanel::rerank(bool retrieve) {
    if (!row_ || !ref_.isValid())
        return;
    const auto left = static_cast<LabLeft>(leftBox_->currentData().toInt());
    if (left == LabLeft::OtherRow && !other_)
        return;
    const VaultRef ref = ref_;
    const LabRow row = *row_;
    const std::optional<LabRow> other = left == LabLeft::OtherRow ? other_ : std::nullopt;
    const RetrievalSettings leftSettings = blast_settings_for(row, settings_.vault);
    const RetrievalSettings right = rightSettings();
    const SearchBudget budget = rightBudget();
    // The newest request wins: a slider moving fast cancels the re-ranks it overtakes.
    whatIfJob_->start(
        [=](const std::atomic_bool& cancel) {
            return whatIfJob(ref, row, left, other, leftSettings, right, budget, retrieve, cancel);
        },
        [this](const WhatIfOutcome& out) { showWhatIf(out); });
}

void WhatIfPanel::showWhatIf(const WhatIfOutcome& out) {
    if (!out.comparison) {
        verdict_->setText(out.error.toHtmlEscaped());
        Q_EMIT whatIfShown();
        return;
    }
    comparison_ = out.comparison;
    const LabComparison& c = *comparison_;
    const auto left = static_cast<LabLeft>(leftBox_->currentData().toInt());
    QString leftTitle = left == LabLeft::Logged ? tr("As logged (#%1)").arg(row_->record.id)
                        : left == LabLeft::VaultNow
                            ? tr("The vault's settings now")
                            : tr("Row #%1 as logged").arg(other_ ? other_->record.id : 0);
    QString rightTitle = out.retrieved ? tr("Retrieved again with the settings on the left")
                                       : tr("With the settings on the left");
    if (left == LabLeft::OtherRow)
        rightTitle = tr("Row #%1 as logged").arg(row_->record.id);

    // The verdict in words first, the numbers under it.
    const QString words = whatIfWords(c);
    const QString numbers = whatIfNumbers(c, left);
    QString retrieval;
    if (!c.needs_retrieval.empty() && !out.retrieved)
        retrieval = QStringLiteral("<br><span style='color:#b26a00'>%1</span>")
                        .arg(tr("Not shown: %1 acts inside a leg, which re-ranking the stored "
                                "candidates cannot show. Retrieve Again runs the query anew.")
                                 .arg(labKeyList(c.needs_retrieval)));
    if (out.retrieved)
        retrieval = QStringLiteral("<br>%1").arg(
            tr("The right side is a new retrieval: it also shows any change of the vault since "
               "the row was logged."));
    verdict_->setText(words + QStringLiteral("<br><small>") + numbers + QStringLiteral("</small>") +
                      retrieval);
    sideBySide_->setComparison(c, leftTitle, rightTitle);

    fillMoves(c);
    moves_->resizeColumnsToContents();
    announceRetrieval();
    Q_EMIT whatIfShown();
}

// The what-if's verdict in words: whether the ranking changed, and how.
QString WhatIfPanel::whatIfWords(const LabComparison& c) const {
    int up = 0, down = 0, fresh = 0, gone = 0;
    for (const auto& m : c.moves) {
        up += m.movement == Movement::Up;
        down += m.movement == Movement::Down;
        fresh += m.movement == Movement::New;
        gone += m.movement == Movement::Gone;
    }
    QString words;
    if (!c.changed) {
        words = c.changed_keys.empty()
                    ? tr("<b>No change</b>: the same %n hit(s) in the same order.", nullptr,
                         static_cast<int>(c.after.result.hits.size()))
                    : tr("<b>No change</b>: these settings leave the same %n hit(s) in the same "
                         "order.",
                         nullptr, static_cast<int>(c.after.result.hits.size()));
    } else {
        QStringList parts;
        if (up + down > 0)
            parts << tr("%n hit(s) moved", nullptr, up + down);
        if (fresh > 0)
            parts << tr("%n new", nullptr, fresh);
        if (gone > 0)
            parts << tr("%n gone", nullptr, gone);
        const QString first =
            c.lost_first ? tr("the first hit changes") : tr("the first hit stays");
        words = QStringLiteral("<b>%1</b>; %2.").arg(parts.join(QStringLiteral(", ")), first);
    }
    return words;
}

// The numbers under the verdict: the overlap, and what the settings changed.
QString WhatIfPanel::whatIfNumbers(const LabComparison& c, LabLeft left) const {
    QString numbers = tr("Jaccard@%1 %2 · rank-biased overlap %3")
                          .arg(c.k)
                          .arg(c.jaccard, 0, 'f', 2)
                          .arg(c.rbo, 0, 'f', 2);
    if (!c.changed_keys.empty() && left != LabLeft::OtherRow) {
        const RetrievalSettings from =
            left == LabLeft::VaultNow ? blast_settings_for(*row_, settings_.vault) : row_->settings;
        // Settings by their values; the query's budget fields beside them.
        std::vector<std::string> settingKeys;
        QStringList budgetChanges;
        const SearchBudget was = row_->request.budget, now = rightBudget();
        for (const auto& k : c.changed_keys) {
            if (k == "budget.max_units")
                budgetChanges << QStringLiteral("budget.max_units %1 → %2")
                                     .arg(was.max_units)
                                     .arg(now.max_units);
            else if (k == "budget.max_chars")
                budgetChanges << QStringLiteral("budget.max_chars %1 → %2")
                                     .arg(was.max_chars)
                                     .arg(now.max_chars);
            else
                settingKeys.push_back(k);
        }
        QString list = labChangeList(from, rightSettings(), settingKeys);
        if (!budgetChanges.isEmpty())
            list += (list.isEmpty() ? QString() : QStringLiteral(", ")) +
                    budgetChanges.join(QStringLiteral(", "));
        numbers += QStringLiteral(" · ") + tr("changed: %1").arg(list.toHtmlEscaped());
    } else if (!c.changed_keys.empty()) {
        numbers +=
            QStringLiteral(" · ") + tr("settings that differ: %1").arg(labKeyList(c.changed_keys));
    }
    return numbers;
}

// One row per hit that moved, came or went, with the signal and the settings that moved it.
void WhatIfPanel::fillMoves(const LabComparison& c) {
    moves_->setSortingEnabled(false);
    moves_->setRowCount(0);
    for (const auto& m : c.moves) {
        const int r = moves_->rowCount();
        moves_->insertRow(r);
        auto* mv = labItem(movementText(m));
        mv->setData(Qt::UserRole, qs(m.node_id));
        if (m.movement == Movement::Up)
            mv->setForeground(QColor(0x2e, 0x7d, 0x32));
        else if (m.movement == Movement::Down || m.movement == Movement::Gone)
            mv->setForeground(QColor(0xc6, 0x28, 0x28));
        moves_->setItem(r, 0, mv);
        moves_->setItem(
            r, 1, labItem(m.before_rank ? QString::number(*m.before_rank) : QStringLiteral("—")));
        moves_->setItem(
            r, 2, labItem(m.after_rank ? QString::number(*m.after_rank) : QStringLiteral("—")));
        moves_->setItem(r, 3,
                        labItem(m.movement == Movement::Same ? QString() : signalText(m.signal)));
        moves_->setItem(r, 4, labItem(labKeyList(m.moved_by)));
        // The words after the move itself (the Move, Before and After columns say that; the
        // Moved by column names the settings); the whole line is the tooltip.
        moves_->setItem(r, 5, labItem(phraseText(m.why), phraseText(m.phrase, m.line)));
    }
}

void WhatIfPanel::resetVaultState(const VaultRef& ref) {
    otherJob_->cancel();
    whatIfJob_->cancel();
    rerankTimer_->stop();
    ref_ = ref;
    row_.reset();
    other_.reset();
    comparison_.reset();
    leftBox_->setCurrentIndex(0);
    verdict_->setText(tr("Move a setting on the left: the query's stored candidates are ranked "
                         "again at once, and each hit's move is explained here."));
    sideBySide_->clear();
    moves_->setRowCount(0);
    announceRetrieval();
}

bool WhatIfPanel::isReranking() const {
    return whatIfJob_->isRunning() || rerankTimer_->isActive();
}

} // namespace memlens::ui
