#include "pages/auditpage.h"

#include "audit/auditrows.h"
#include "audit/replayjob.h"
#include "core/format.h"
#include "core/jobrunner.h"
#include "core/phrase.h"
#include "core/pools.h"
#include "core/timefilter.h"
#include "models/auditmodel.h"
#include "models/replaydiffmodel.h"
#include "models/roles.h"
#include "pages/queryform.h"
#include "pages/querypage.h"
#include "pages/queryworkbench.h"
#include "pages/whynotmenu.h"
#include "query/querysession.h"
#include "query/settingspanel.h"
#include "vault/vaultcontroller.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

namespace memlens::ui {

namespace {

// The audit writer stores the row after the answer is delivered; look a moment later.
constexpr int kRefreshDelayMs = 400;
// Follow mode reads the rows logged since twice a second: a row shows within a second.
constexpr int kFollowIntervalMs = 500;

QTreeView* makeLogTable(QWidget* parent) {
    auto* view = new QTreeView(parent);
    view->setRootIsDecorated(false);
    view->setUniformRowHeights(true);
    view->setAlternatingRowColors(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    return view;
}

} // namespace

AuditPage::AuditPage(VaultController* vault, QueryWorkbench* workbench, QWidget* parent)
    : QWidget(parent)
    , vault_(vault)
    , workbench_(workbench)
    , model_(new AuditModel(this))
    , diff_(new ReplayDiffModel(this))
    , replayJob_(new JobRunner(this, queryPool()))
    , refreshLater_(new QTimer(this))
    , filter_(new QLineEdit(this))
    , mode_(new QComboBox(this))
    , agent_(new QComboBox(this))
    , session_(new QComboBox(this))
    , follow_(new QCheckBox(tr("&Follow"), this))
    , followTimer_(new QTimer(this))
    , agentsJob_(new JobRunner(this))
    , countLabel_(new QLabel(this))
    , log_(makeLogTable(this))
    , replay_(new QPushButton(tr("&Replay"), this))
    , diffButton_(new QPushButton(tr("&Diff with Settings on Screen"), this))
    , rerun_(new QPushButton(tr("Open in &Workbench"), this))
    , lab_(new QPushButton(tr("Open in &Lab"), this))
    , replayLabel_(new QLabel(this))
    , diffView_(makeLogTable(this)) {
    setupFilters();
    setupLog();
    setupActions();
    setupDiff();
    layOut();
    connect(vault_, &VaultController::vaultChanged, this, &AuditPage::resetVaultState);
    connect(vault_, &VaultController::opened, this, [this] {
        diff_->clear();
        dirty_ = true;
        if (isVisible())
            refresh();
    });
    connect(workbench_->session(), &QuerySession::finished, this, [this] {
        dirty_ = true;
        if (isVisible())
            refreshLater_->start();
    });
    updateButtons();
}

// The filter row: text, mode, caller and session, and Follow.
void AuditPage::setupFilters() {
    filter_->setPlaceholderText(tr("Filter by query text…"));
    filter_->setClearButtonEnabled(true);
    mode_->addItem(tr("All modes"), QString());
    for (const SearchMode m : kSearchModes)
        mode_->addItem(QString::fromLatin1(to_string(m)), QString::fromLatin1(to_string(m)));
    agent_->addItem(tr("All callers"), QString());
    agent_->addItem(tr("Agents only"), QStringLiteral("*"));
    agent_->setToolTip(tr("Who asked: the GUI and the CLI, or an agent through memlens-cli serve "
                          "(the name its MCP client gave)"));
    session_->addItem(tr("All sessions"), QString());
    session_->setToolTip(tr("The connection an agent's call came on: its stdio process or its "
                            "HTTP session"));
    agent_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    session_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    follow_->setToolTip(tr("Show each new row of the log as it is written: an agent's calls "
                           "appear within a second"));
    followTimer_->setInterval(kFollowIntervalMs);
    connect(followTimer_, &QTimer::timeout, this, &AuditPage::followTick);
    connect(follow_, &QCheckBox::toggled, this, [this](bool on) {
        if (on && vault_->isOpen())
            followTimer_->start();
        else
            followTimer_->stop();
    });
    connect(filter_, &QLineEdit::textChanged, this, &AuditPage::applyFilter);
    connect(mode_, &QComboBox::currentIndexChanged, this, &AuditPage::applyFilter);
    connect(agent_, &QComboBox::currentIndexChanged, this, &AuditPage::applyFilter);
    connect(session_, &QComboBox::currentIndexChanged, this, &AuditPage::applyFilter);
    refreshLater_->setSingleShot(true);
    refreshLater_->setInterval(kRefreshDelayMs);
    connect(refreshLater_, &QTimer::timeout, this, &AuditPage::refresh);
}

// The log's table and the count under the filters.
void AuditPage::setupLog() {
    log_->setModel(model_);
    log_->header()->setStretchLastSection(false);
    log_->header()->setSectionResizeMode(AuditModel::Query, QHeaderView::Stretch);
    log_->header()->resizeSection(AuditModel::Id, 56);
    log_->header()->resizeSection(AuditModel::Time, 130);
    log_->header()->resizeSection(AuditModel::Mode, 110);
    log_->header()->resizeSection(AuditModel::Agent, 130);
    log_->header()->resizeSection(AuditModel::Session, 120);
    // A row put on top while the view is scrolled down must not shift what the user reads.
    connect(model_, &AuditModel::rowsAboutToBeInserted, this,
            [this](const QModelIndex&, int first) {
                wasAtTop_ = first == 0 && log_->verticalScrollBar()->value() == 0;
            });
    connect(model_, &AuditModel::newerLoaded, this, [this](int count) {
        if (wasAtTop_)
            log_->scrollToTop();
        countLabel_->setText(countText());
        (void)count;
    });
    connect(log_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &AuditPage::updateButtons);
    connect(model_, &AuditModel::rangeLoaded, this, [this] {
        countLabel_->setText(model_->error().isEmpty() ? countText() : model_->error());
    });
}

// Replay, Diff, Open in Workbench, Open in Lab.
void AuditPage::setupActions() {
    replay_->setToolTip(tr("Run the logged query again with the settings it was logged with: any "
                           "movement comes from the data"));
    diffButton_->setToolTip(
        tr("Run the logged query with the values under Query Parameters › Retrieval Settings, "
           "and once per changed setting alone, to name the settings that move its hits"));
    rerun_->setToolTip(tr("Run the logged query again on the Query page, with the mode it was "
                          "logged with and the settings on screen"));
    connect(replay_, &QPushButton::clicked, this, [this] { replaySelected(true); });
    connect(diffButton_, &QPushButton::clicked, this, [this] { replaySelected(false); });
    lab_->setToolTip(tr("Re-rank the logged query's stored candidates with other settings, see "
                        "its ablation, and the blast radius of a change over the whole log"));
    connect(lab_, &QPushButton::clicked, this, [this] {
        if (const AuditRow* row = model_->rowAt(log_->currentIndex().row()))
            Q_EMIT openInLabRequested(row->id);
    });
    connect(rerun_, &QPushButton::clicked, this, [this] {
        const AuditRow* row = model_->rowAt(log_->currentIndex().row());
        if (!row)
            return;
        workbench_->form()->setKind(queryKindOf(
            search_mode_from_string(row->mode.toStdString()).value_or(kSearchModes[0])));
        workbench_->page()->setQueryText(row->query);
        Q_EMIT workbench_->pageRequested();
        workbench_->page()->run();
    });
}

// The rerun's table below the log.
void AuditPage::setupDiff() {
    diffView_->setModel(diff_);
    diffView_->header()->setStretchLastSection(true);
    diffView_->header()->resizeSection(ReplayDiffModel::LoggedRank, 70);
    diffView_->header()->resizeSection(ReplayDiffModel::LoggedScore, 95);
    diffView_->header()->resizeSection(ReplayDiffModel::Movement, 100);
    diffView_->header()->resizeSection(ReplayDiffModel::NewRank, 60);
    diffView_->header()->resizeSection(ReplayDiffModel::NewScore, 95);
    connect(diffView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (const RetrievalHit* hit = diff_->hitAt(current.row()))
                    workbench_->showHit(*hit);
            });
    // The rerun's rows name nodes of another ranking: why did the current query not return one?
    installWhyNotMenu(diffView_, workbench_,
                      [](const QModelIndex& index) { return index.data(IdRole).toString(); });
    replayLabel_->setWordWrap(true);
    replayLabel_->setTextFormat(Qt::RichText);
    replayLabel_->setText(replayHint());
}

void AuditPage::layOut() {
    auto* refreshButton = new QPushButton(tr("Refresh"), this);
    connect(refreshButton, &QPushButton::clicked, this, &AuditPage::refresh);
    auto* top = new QHBoxLayout();
    top->addWidget(filter_, 1);
    top->addWidget(mode_);
    top->addWidget(agent_);
    top->addWidget(session_);
    top->addWidget(refreshButton);
    top->addWidget(follow_);
    top->addWidget(countLabel_);
    auto* buttons = new QHBoxLayout();
    buttons->addWidget(replay_);
    buttons->addWidget(diffButton_);
    buttons->addWidget(rerun_);
    buttons->addWidget(lab_);
    buttons->addStretch();
    auto* upper = new QWidget(this);
    auto* upperLayout = new QVBoxLayout(upper);
    upperLayout->setContentsMargins(0, 0, 0, 0);
    upperLayout->addLayout(top);
    upperLayout->addWidget(log_, 1);
    upperLayout->addLayout(buttons);
    auto* lower = new QWidget(this);
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addWidget(replayLabel_);
    lowerLayout->addWidget(diffView_, 1);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(upper);
    splitter->addWidget(lower);
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter);
}

QString AuditPage::replayHint() {
    return tr("Select a logged query and replay it to see how its answer moved.");
}

void AuditPage::resetVaultState() {
    window_.reset();
    replayJob_->cancel();
    agentsJob_->cancel();
    refreshLater_->stop();
    {
        const QSignalBlocker blockFilter(filter_);
        const QSignalBlocker blockMode(mode_);
        const QSignalBlocker blockAgent(agent_);
        const QSignalBlocker blockSession(session_);
        const QSignalBlocker blockFollow(follow_);
        filter_->clear();
        mode_->setCurrentIndex(0);
        while (agent_->count() > 2)
            agent_->removeItem(2);
        agent_->setCurrentIndex(0);
        while (session_->count() > 1)
            session_->removeItem(1);
        session_->setCurrentIndex(0);
        follow_->setChecked(false);
    }
    followTimer_->stop();
    model_->reset({}, {});
    countLabel_->clear();
    diff_->clear();
    replayLabel_->setText(replayHint());
    dirty_ = true;
    updateButtons();
}

void AuditPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (dirty_)
        refresh();
}

void AuditPage::refresh() {
    dirty_ = false;
    applyFilter();
    refreshAgents();
}

void AuditPage::refreshAgents() {
    if (!vault_->isOpen())
        return;
    const VaultRef ref = vault_->ref();
    agentsJob_->start([ref](const std::atomic_bool&) { return loadAuditAgents(ref); },
                      [this](const AuditAgentLists& lists) {
                          if (!lists.error.isEmpty())
                              return;
                          // Add what is new, keep the choice: the lists only grow.
                          const QSignalBlocker blockAgent(agent_);
                          const QSignalBlocker blockSession(session_);
                          for (const QString& c : lists.clients)
                              if (agent_->findData(c) < 0)
                                  agent_->addItem(c, c);
                          for (const QString& c : lists.sessions)
                              if (session_->findData(c) < 0)
                                  session_->addItem(c, c);
                      });
}

void AuditPage::setFollowing(bool on) {
    follow_->setChecked(on);
}

bool AuditPage::isFollowing() const {
    return follow_->isChecked();
}

void AuditPage::followTick() {
    if (!vault_->isOpen()) {
        followTimer_->stop();
        return;
    }
    model_->loadNewer();
    // A new agent or session shows in the filter lists while following.
    if (!agentsJob_->isRunning())
        refreshAgents();
}

QString AuditPage::countText() const {
    QString counts =
        tr("%Ln query(s) logged · %1 loaded", nullptr, static_cast<int>(model_->total()))
            .arg(formatCount(model_->rowCount()));
    if (!window_)
        return counts;
    return tr("%1, in the time filter's range %2")
        .arg(counts, timeRangeText(window_->first, window_->second));
}

void AuditPage::setTimeWindow(std::optional<std::pair<qint64, qint64>> window) {
    if (window_ == window)
        return;
    window_ = window;
    applyFilter();
}

void AuditPage::applyFilter() {
    if (!vault_->isOpen())
        return;
    AuditFilter filter;
    if (window_) {
        filter.since_ms = window_->first;
        filter.until_ms = window_->second;
    }
    filter.text = filter_->text().trimmed().toStdString();
    filter.mode = search_mode_from_string(mode_->currentData().toString().toStdString());
    const QString agent = agent_->currentData().toString();
    if (agent == QLatin1String("*"))
        filter.agents_only = true;
    else
        filter.client = agent.toStdString();
    filter.session = session_->currentData().toString().toStdString();
    model_->reset(vault_->ref(), filter);
    updateButtons();
}

void AuditPage::updateButtons() {
    const AuditRow* selected = model_->rowAt(log_->currentIndex().row());
    // Only a search can run again; an agent's primitive or store says what it was instead.
    const bool search = selected != nullptr && selected->search;
    replay_->setEnabled(search);
    diffButton_->setEnabled(search);
    rerun_->setEnabled(search);
    lab_->setEnabled(search);
    const QString why =
        selected && !search
            ? tr("Row #%1 is a %2 call, not a search: only searches can be replayed")
                  .arg(selected->id)
                  .arg(selected->tool.isEmpty() ? selected->mode : selected->tool)
            : QString();
    for (QPushButton* b : {replay_, diffButton_, rerun_, lab_})
        b->setStatusTip(why);
    if (selected && !search) {
        QStringList ids;
        replayLabel_->setText(
            tr("<b>#%1</b> %2 called <b>%3</b>%4 and got %Ln node(s)%5.", nullptr,
               selected->returned)
                .arg(selected->id)
                .arg((selected->client.isEmpty() ? tr("a caller") : selected->client)
                         .toHtmlEscaped(),
                     selected->tool.toHtmlEscaped(),
                     selected->arguments.isEmpty()
                         ? QString()
                         : tr(" with %1").arg(selected->arguments.toHtmlEscaped()),
                     selected->error.isEmpty()
                         ? QString()
                         : tr("; it failed: %1").arg(selected->error.toHtmlEscaped())) +
            QLatin1Char(' ') + why.toHtmlEscaped() + QLatin1Char('.'));
    }
}

void AuditPage::replaySelected(bool withLoggedSettings) {
    const AuditRow* row = model_->rowAt(log_->currentIndex().row());
    if (!row)
        return;
    const qint64 id = row->id;
    replayLabel_->setText(tr("Replaying #%1…").arg(id));
    const VaultRef ref = vault_->ref();
    // A diff is against the values on screen (the settings panel), not the stored ones.
    const RetrievalSettings onScreen = workbench_->form()->settingsPanel()->effective();
    replayJob_->start(
        [ref, id, withLoggedSettings, onScreen](const std::atomic_bool&) {
            return runReplay(ref, id, withLoggedSettings, onScreen);
        },
        [this](const ReplayOutcome& outcome) { showReplay(outcome); });
}

void AuditPage::showReplay(const ReplayOutcome& outcome) {
    diff_->setOutcome(outcome);
    if (!outcome.comparison) {
        replayLabel_->setText(
            tr("Cannot replay #%1: %2").arg(outcome.id).arg(outcome.error.toHtmlEscaped()));
        Q_EMIT replayed();
        return;
    }
    const AuditComparison& c = *outcome.comparison;
    auto names = [](const std::vector<std::string>& keys) {
        QStringList out;
        for (const auto& key : keys)
            out << QStringLiteral("<b>%1</b>").arg(qs(key).toHtmlEscaped());
        return out.join(QStringLiteral(", "));
    };
    const QString revisions = tr("the vault changed from revision %1 to %2")
                                  .arg(c.logged_revision)
                                  .arg(c.current_revision);
    QString text = tr("<b>%1 #%2</b> “%3” — %4.")
                       .arg(outcome.withLoggedSettings ? tr("Replay") : tr("Diff"))
                       .arg(outcome.id)
                       .arg(qs(c.logged.query).toHtmlEscaped(),
                            c.identical ? tr("identical ranking") : tr("the ranking moved"));
    if (outcome.withLoggedSettings) {
        // With the logged settings only the data can move a hit.
        if (c.identical)
            text += QLatin1Char(' ') + tr("Nothing moved.");
        else if (c.data_changed)
            text += QLatin1Char(' ') + tr("Cause of movement: <b>data</b>: %1.").arg(revisions);
        else
            text += QLatin1Char(' ') +
                    tr("The vault's revision is the same; the ranking moved all the same.");
    } else {
        if (!c.data_keeps_order)
            text += QLatin1Char(' ') +
                    tr("With the logged settings the order moves too: <b>data</b> (%1).")
                        .arg(revisions);
        if (c.changed_settings.empty()) {
            text += QLatin1Char(' ') + tr("The settings on screen are the logged ones.");
        } else {
            if (!c.reordering.empty())
                text +=
                    tr("<br>Moved by: %1 (each alone reorders the hits).").arg(names(c.reordering));
            else if (!c.identical && c.data_keeps_order)
                text += tr("<br>Moved only by these settings together: %1.")
                            .arg(names(c.changed_settings));
            if (!c.rescoring.empty())
                text += tr("<br>Change the scores but not the order: %1.").arg(names(c.rescoring));
            if (!c.inert.empty())
                text += tr("<br>No effect on this query: %1.").arg(names(c.inert));
        }
    }
    if (c.embedder_changed)
        text += tr("<br>The vector leg ranked with another embedder: then %1, now %2. The same "
                   "text can have other vectors, so its candidates and scores can differ.")
                    .arg(phraseText(embedder_phrase(c.logged_embedder)).toHtmlEscaped(),
                         phraseText(embedder_phrase(c.current_embedder)).toHtmlEscaped());
    text += tr("<br>%1 same · %2 up · %3 down · %4 new · %5 gone")
                .arg(diff_->count(Movement::Same))
                .arg(diff_->count(Movement::Up))
                .arg(diff_->count(Movement::Down))
                .arg(diff_->count(Movement::New))
                .arg(diff_->count(Movement::Gone));
    replayLabel_->setText(text);
    Q_EMIT replayed();
}

} // namespace memlens::ui
