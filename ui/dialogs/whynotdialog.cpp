#include "dialogs/whynotdialog.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "core/phrase.h"
#include "core/pools.h"
#include "models/resultsmodel.h"
#include "pages/querypage.h"
#include "query/querysession.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace memlens::ui {

namespace {

QString joinTerms(const std::vector<std::string>& terms) {
    QStringList out;
    for (const std::string& t : terms)
        out << qs(t);
    return out.join(QStringLiteral(", "));
}

QString topicPathText(const std::vector<std::string>& path) {
    QStringList parts;
    for (const std::string& p : path)
        parts << qs(p);
    return parts.isEmpty() ? QStringLiteral("—") : parts.join(QStringLiteral(" › "));
}

} // namespace

WhyNotDialog::WhyNotDialog(QuerySession* session, QWidget* parent)
    : QDialog(parent)
    , session_(session)
    , job_(new JobRunner(this, queryPool()))
    , asked_(new QLabel(this))
    , nodeEdit_(new QLineEdit(this))
    , ask_(new QPushButton(tr("&Ask"), this))
    , cancel_(new QPushButton(tr("Cancel"), this))
    , busy_(new QProgressBar(this))
    , verdict_(new QLabel(this))
    , stage_(new QLabel(this))
    , stale_(new QLabel(this))
    , facts_(new QTableWidget(0, 2, this))
    , terms_(new QLabel(this))
    , topicsTitle_(new QLabel(tr("Topic paths"), this))
    , topics_(new QTreeWidget(this))
    , picker_(new QListWidget(this))
    , showNode_(new QPushButton(tr("Show Node"), this)) {
    setObjectName(QStringLiteral("whyNotDialog"));
    setWindowTitle(tr("Why Not Returned?"));
    setModal(false);
    resize(680, 520);

    setupAskRow();
    setupAnswer();
    layOut();
    connectParts();
    stale_->setText(tr("The query has run again since this answer; Ask again to answer for the "
                       "current one."));
    clearAnswer();
}

// The node box, Ask and Cancel, and the question asked.
void WhyNotDialog::setupAskRow() {
    asked_->setWordWrap(true);
    asked_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    nodeEdit_->setObjectName(QStringLiteral("whyNotNode"));
    nodeEdit_->setPlaceholderText(
        tr("A turn or message id (D1:4), a file and line, some of its words, or an id"));
    nodeEdit_->setClearButtonEnabled(true);
    ask_->setDefault(true);
    ask_->setToolTip(tr("Ask why the current query did not return this node"));
    cancel_->setEnabled(false);
    busy_->setRange(0, 0); // indeterminate: the engine reports no progress
    busy_->setMaximumWidth(120);
    busy_->setTextVisible(false);
    busy_->setVisible(false);
}

// The verdict, its stage, the facts, the terms and the topic paths.
void WhyNotDialog::setupAnswer() {
    verdict_->setObjectName(QStringLiteral("whyNotVerdict"));
    verdict_->setWordWrap(true);
    verdict_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    verdict_->setTextFormat(Qt::PlainText);
    QFont big = verdict_->font();
    big.setPointSizeF(big.pointSizeF() * 1.35);
    big.setBold(true);
    verdict_->setFont(big);
    verdict_->setMinimumHeight(verdict_->fontMetrics().lineSpacing() * 2);
    verdict_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    stage_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    stage_->setForegroundRole(QPalette::PlaceholderText);
    stale_->setWordWrap(true);
    stale_->setVisible(false);

    facts_->setHorizontalHeaderLabels({tr("What"), tr("Value")});
    facts_->verticalHeader()->setVisible(false);
    facts_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    facts_->horizontalHeader()->setStretchLastSection(true);
    facts_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    facts_->setSelectionBehavior(QAbstractItemView::SelectRows);
    facts_->setWordWrap(true);
    facts_->setAlternatingRowColors(true);
    facts_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    // Wrapped values need their rows measured at the width they get, which is known only once
    // the table is laid out (it is hidden until an answer comes).
    // Queued: a stretched section reports its new width before the viewport has it, and rows
    // measured then kept the height of a narrower column.
    connect(facts_->horizontalHeader(), &QHeaderView::sectionResized, facts_,
            &QTableWidget::resizeRowsToContents, Qt::QueuedConnection);

    terms_->setWordWrap(true);
    terms_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = topicsTitle_->font();
    bold.setBold(true);
    topicsTitle_->setFont(bold);
    topics_->setHeaderHidden(true);
    topics_->setRootIsDecorated(true);
    topics_->setMinimumHeight(90);
    showNode_->setToolTip(tr("Show this node in Hit Detail"));
    picker_->setObjectName(QStringLiteral("whyNotPicker"));
    picker_->setToolTip(tr("Double-click or press Enter to ask about this memory"));
    picker_->setAlternatingRowColors(true);
}

void WhyNotDialog::layOut() {
    auto* askRow = new QHBoxLayout();
    askRow->addWidget(new QLabel(tr("Node:"), this));
    askRow->addWidget(nodeEdit_, 1);
    askRow->addWidget(ask_);
    askRow->addWidget(cancel_);
    askRow->addWidget(busy_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    buttons->addButton(showNode_, QDialogButtonBox::ActionRole);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(askRow);
    layout->addWidget(asked_);
    layout->addWidget(verdict_);
    layout->addWidget(stage_);
    layout->addWidget(stale_);
    layout->addWidget(picker_, 1);
    layout->addWidget(facts_);
    layout->addWidget(terms_);
    layout->addWidget(topicsTitle_);
    layout->addWidget(topics_, 1);
    layout->addStretch(0);
    layout->addWidget(buttons);
}

void WhyNotDialog::connectParts() {
    connect(ask_, &QPushButton::clicked, this, &WhyNotDialog::askTyped);
    connect(nodeEdit_, &QLineEdit::returnPressed, this, &WhyNotDialog::askTyped);
    connect(cancel_, &QPushButton::clicked, this, &WhyNotDialog::cancel);
    connect(picker_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        nodeEdit_->setText(item->data(Qt::UserRole).toString());
        askTyped();
    });
    connect(showNode_, &QPushButton::clicked, this, [this] {
        if (outcome_)
            Q_EMIT showNodeRequested(outcome_->nodeId);
    });
    connect(job_, &JobRunner::runningChanged, this, &WhyNotDialog::setBusy);
    connect(job_, &JobRunner::failed, this,
            [this](const QString& message) { showMessage(tr("Why-not failed: %1").arg(message)); });
    connect(session_, &QuerySession::finished, this, [this] {
        ++queryGeneration_;
        stale_->setVisible(outcome_ && answeredGeneration_ != queryGeneration_);
    });
}

std::optional<QueryRequest> WhyNotDialog::currentQuery(const QuerySession* session, QString* why) {
    auto refuse = [why](const QString& text) -> std::optional<QueryRequest> {
        if (why)
            *why = text;
        return std::nullopt;
    };
    if (!session->vault().isValid())
        return refuse(tr("Open a vault first."));
    const QueryOutcome& outcome = session->outcome();
    if (!isSearchKind(outcome.request.kind))
        return refuse(tr("The last run was %1, not a search: why-not asks about a hybrid, "
                         "keyword or semantic query.")
                          .arg(queryKindName(outcome.request.kind)));
    if (!outcome.search) {
        if (!outcome.error.isEmpty() && !outcome.cancelled)
            return refuse(
                tr("The last query did not run (%1). Run one that does first.").arg(outcome.error));
        return refuse(tr("Run a hybrid, keyword or semantic query first: why-not asks about the "
                         "query that ran last on the Query page."));
    }
    return outcome.request;
}

int WhyNotDialog::hitRank(const QuerySession* session, const QString& nodeId) {
    const int row = session->results()->rowOf(nodeId);
    const HitRow* hit = row >= 0 ? session->results()->rowAt(row) : nullptr;
    return hit ? hit->rank : 0;
}

void WhyNotDialog::prepare(const QString& nodeId) {
    if (!nodeId.isEmpty())
        nodeEdit_->setText(nodeId);
    show();
    raise();
    activateWindow();
    nodeEdit_->setFocus();
    nodeEdit_->selectAll();
}

void WhyNotDialog::ask(const QString& nodeId) {
    nodeEdit_->setText(nodeId);
    show();
    raise();
    activateWindow();
    askTyped();
}

void WhyNotDialog::askTyped() {
    const QString id = nodeEdit_->text().trimmed();
    clearAnswer();
    QString why;
    const std::optional<QueryRequest> request = currentQuery(session_, &why);
    if (!request) {
        showMessage(why);
        return;
    }
    asked_->setText(tr("Query: %1").arg(QueryPage::describeRequest(*request)));
    if (id.isEmpty()) {
        showMessage(tr("Type a turn or message id, a file and line, some words of the memory, "
                       "or paste an id, then Ask."));
        return;
    }
    // A node among the hits needs no engine: say so and show its row.
    if (const int rank = hitRank(session_, id); rank > 0) {
        showMessage(tr("%1 was returned: it is hit #%2 of this query.").arg(id).arg(rank));
        Q_EMIT showNodeRequested(id);
        return;
    }
    const VaultRef ref = session_->vault();
    const QueryRequest& r = *request;
    const int generation = queryGeneration_;
    verdict_->setText(tr("Asking…"));
    job_->start(
        [ref, r, id](const std::atomic_bool& cancel) { return runWhyNot(ref, r, id, cancel); },
        [this, generation](WhyNotOutcome out) {
            answeredGeneration_ = generation;
            showOutcome(std::move(out));
        });
}

void WhyNotDialog::cancel() {
    if (!job_->isRunning())
        return;
    job_->cancel();
    showMessage(tr("Cancelled."));
}

bool WhyNotDialog::isRunning() const {
    return job_->isRunning();
}

void WhyNotDialog::resetVaultState() {
    job_->cancel();
    nodeEdit_->clear();
    queryGeneration_ = 0;
    answeredGeneration_ = -1;
    clearAnswer();
}

QString WhyNotDialog::verdictText() const {
    return verdict_->text();
}

QString WhyNotDialog::stageText() const {
    return outcome_ && outcome_->answer ? QString::fromLatin1(to_string(outcome_->answer->stage))
                                        : QString();
}

void WhyNotDialog::clearAnswer() {
    outcome_.reset();
    asked_->clear();
    verdict_->clear();
    stage_->clear();
    stage_->setVisible(false);
    stale_->setVisible(false);
    facts_->setRowCount(0);
    facts_->setVisible(false);
    terms_->clear();
    terms_->setVisible(false);
    topics_->clear();
    topicsTitle_->setVisible(false);
    topics_->setVisible(false);
    picker_->clear();
    picker_->setVisible(false);
    showNode_->setEnabled(false);
}

void WhyNotDialog::showMessage(const QString& text) {
    verdict_->setText(text);
    Q_EMIT answered();
}

void WhyNotDialog::showChoices(const WhyNotOutcome& out) {
    asked_->setText(tr("Query: %1").arg(QueryPage::describeRequest(out.request)));
    const int n = static_cast<int>(out.choices.size());
    showMessage(out.choicesByText
                    ? tr("No memory is named “%1”; %Ln hold its words. Pick one.", nullptr, n)
                          .arg(out.typed)
                    : tr("“%1” names %Ln memories. Pick one.", nullptr, n).arg(out.typed));
    for (const NodeMatch& m : out.choices) {
        auto* item = new QListWidgetItem(
            formatNodeLabel(m) + QStringLiteral("\n    ") + qs(m.snippet), picker_);
        item->setData(Qt::UserRole, nodeReferenceText(m));
        item->setToolTip(qs(m.id));
    }
    picker_->setVisible(true);
    picker_->setCurrentRow(0);
    picker_->setFocus();
}

void WhyNotDialog::showOutcome(WhyNotOutcome out) {
    clearAnswer();
    if (!out.choices.empty()) {
        showChoices(out);
        return;
    }
    asked_->setText(tr("Query: %1 · %2")
                        .arg(QueryPage::describeRequest(out.request),
                             out.node ? formatNodeLabel(*out.node) : out.nodeId));
    if (!out.answer) {
        showMessage(out.cancelled ? tr("Cancelled.") : tr("Why-not failed: %1").arg(out.error));
        return;
    }
    const WhyNotAnswer& a = *out.answer;
    verdict_->setText(phraseText(a.verdict_phrase, a.verdict));
    stage_->setText(tr("Stage: %1").arg(phraseText(why_not_stage_phrase(a.stage))));
    stage_->setVisible(true);

    facts_->setRowCount(static_cast<int>(a.facts.size()));
    for (int i = 0; i < facts_->rowCount(); ++i) {
        const WhyNotFact& f = a.facts[static_cast<std::size_t>(i)];
        facts_->setItem(i, 0, new QTableWidgetItem(phraseText(f.name_phrase, f.name)));
        facts_->setItem(i, 1, new QTableWidgetItem(phraseText(f.value_phrase, f.value)));
    }
    facts_->resizeRowsToContents();
    facts_->setVisible(!a.facts.empty());
    QTimer::singleShot(0, facts_, &QTableWidget::resizeRowsToContents); // once laid out

    QStringList terms;
    if (!a.missing_terms.empty())
        terms << tr("Query terms it lacks: %1").arg(joinTerms(a.missing_terms));
    if (!a.matched_terms.empty())
        terms << tr("Query terms it holds: %1").arg(joinTerms(a.matched_terms));
    terms_->setText(terms.join(QLatin1Char('\n')));
    terms_->setVisible(!terms.isEmpty());

    if (a.stage == WhyNotStage::Beam || !a.reached_topic_paths.empty()) {
        auto* own = new QTreeWidgetItem(topics_, {tr("This node's topic")});
        new QTreeWidgetItem(own, {topicPathText(a.node_topic_path)});
        auto* reached = new QTreeWidgetItem(
            topics_, {tr("Topics the beam reached (%1)").arg(a.reached_topic_paths.size())});
        for (const auto& path : a.reached_topic_paths)
            new QTreeWidgetItem(reached, {topicPathText(path)});
        topics_->expandAll();
        topicsTitle_->setVisible(true);
        topics_->setVisible(true);
    }
    showNode_->setEnabled(a.stage != WhyNotStage::UnknownNode);
    // A query that finished while this one was asked makes the answer an earlier query's.
    stale_->setVisible(answeredGeneration_ != queryGeneration_);
    outcome_ = std::move(out);
    Q_EMIT answered();
}

void WhyNotDialog::setBusy(bool busy) {
    busy_->setVisible(busy);
    cancel_->setEnabled(busy);
}

} // namespace memlens::ui
