#include "pages/labpage.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "lab/labjobs.h"
#include "lab/sidebyside.h"
#include "pages/queryworkbench.h"
#include "vault/vaultcontroller.h"
#include "vault/vaultoverview.h"
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
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>
#include <limits>
#include <set>

namespace memlens::ui {

namespace {

// The keys whose values are names, and the names each accepts (from the core's own lists).
QStringList choicesOf(const std::string& key) {
    QStringList out;
    if (key == "search.mode") {
        for (auto m : kSearchModes)
            out << QString::fromLatin1(to_string(m));
    } else if (key == "search.fusion") {
        for (auto f : kFusionKinds)
            out << QString::fromLatin1(to_string(f));
    } else if (key == "search.profile") {
        for (const auto& n : WeightProfile::names({}))
            out << qs(n);
    } else if (key == "search.superseded") {
        for (auto h :
             {SupersededHandling::Mark, SupersededHandling::Demote, SupersededHandling::Hide})
            out << QString::fromLatin1(to_string(h));
    }
    return out;
}

bool isIntegerKey(const std::string& key) {
    static const std::set<std::string> keys = {"search.rrf_k",
                                               "search.limit",
                                               "search.leg_limit",
                                               "search.max_query_terms",
                                               "search.beam.width",
                                               "search.beam.max_depth",
                                               "search.beam.max_leaf_items",
                                               "search.exact_scan_threshold",
                                               "search.graph.min_shared_entities"};
    return keys.count(key) != 0;
}

// The slider's range for a numeric key: the values one explores, not every value accepted (the
// field beside it takes any).
std::pair<double, double> sliderRange(const std::string& key) {
    if (key == "search.rrf_k")
        return {1, 200};
    if (key == "search.limit")
        return {1, 50};
    if (key == "search.freshness_half_life_days")
        return {1, 365};
    if (key == "search.graph.min_shared_entities")
        return {0, 6};
    if (key == "search.weight.vector_lexical")
        return {0, 0.2};
    if (key.find("lambda") != std::string::npos || key.find("floor") != std::string::npos ||
        key.find("similarity") != std::string::npos || key.find("demote") != std::string::npos ||
        key == "search.question_factor")
        return {0, 1};
    return {0, 3};
}

QString movementText(const LabMove& m) {
    if (m.movement == "up")
        return QStringLiteral("▲ %1").arg(m.places);
    if (m.movement == "down")
        return QStringLiteral("▼ %1").arg(-m.places);
    if (m.movement == "new")
        return LabPage::tr("new");
    if (m.movement == "gone")
        return LabPage::tr("gone");
    return QStringLiteral("=");
}

QString signalText(const std::string& signal) {
    if (signal == "fusion")
        return LabPage::tr("fusion (its RRF sum)");
    if (signal == "recency")
        return LabPage::tr("recency");
    if (signal == "entity boost")
        return LabPage::tr("entity boost");
    if (signal == "supersession")
        return LabPage::tr("supersession");
    if (signal == "profile")
        return LabPage::tr("profile score");
    if (signal == "mmr")
        return LabPage::tr("MMR");
    if (signal == "budget")
        return LabPage::tr("budget");
    return LabPage::tr("none: others moved");
}

// The ablation's column names (lab.h), short enough for seven columns side by side; the header's
// tooltip has the name and what the column adds.
QString ablationHeader(const std::string& name) {
    if (name == "keyword only")
        return LabPage::tr("Keyword");
    if (name == "vector only")
        return LabPage::tr("Vector");
    if (name == "+ recency")
        return LabPage::tr("+Recency");
    if (name == "+ graph context")
        return LabPage::tr("+Context");
    if (name == "+ MMR")
        return LabPage::tr("+MMR");
    if (name == "+ entity boost")
        return LabPage::tr("+Entity");
    return QString::fromStdString(name); // "RRF", "profile fold"
}

QString keyList(const std::vector<std::string>& keys) {
    QStringList out;
    for (const auto& k : keys)
        out << qs(k);
    return out.join(QStringLiteral(", "));
}

QTableWidgetItem* item(const QString& text, const QString& tip = {}) {
    auto* it = new QTableWidgetItem(text);
    it->setFlags(it->flags() & ~Qt::ItemIsEditable);
    if (!tip.isEmpty())
        it->setToolTip(tip);
    return it;
}

// A setting changed between two maps, as "key a → b".
QString changeList(const RetrievalSettings& from, const RetrievalSettings& to,
                   const std::vector<std::string>& keys) {
    const auto a = to_settings_map(from);
    const auto b = to_settings_map(to);
    QStringList out;
    for (const auto& k : keys) {
        auto ia = a.find(k), ib = b.find(k);
        out << QStringLiteral("%1 %2 → %3")
                   .arg(qs(k), ia == a.end() ? QStringLiteral("—") : qs(ia->second),
                        ib == b.end() ? QStringLiteral("—") : qs(ib->second));
    }
    return out.join(QStringLiteral(", "));
}

} // namespace

// " · 3 row(s) logged without …" for each kind of row a run over the log could not rank
// (LabLog's counts), said wherever such a run's result is shown; empty when none was skipped.
QString LabPage::skippedRowsText(std::size_t noPools, std::size_t other, std::size_t damaged) {
    QString out;
    if (noPools > 0)
        out += QStringLiteral(" · ") +
               tr("%n row(s) logged without their candidates (replay them in the Audit tab)",
                  nullptr, static_cast<int>(noPools));
    if (other > 0)
        out +=
            QStringLiteral(" · ") + tr("%n row(s) not searches", nullptr, static_cast<int>(other));
    if (damaged > 0)
        out += QStringLiteral(" · ") +
               tr("%n row(s) whose stored columns do not parse (memlens-cli audit show ID names "
                  "the fault)",
                  nullptr, static_cast<int>(damaged));
    return out;
}

LabPage::LabPage(VaultController* vault, QueryWorkbench* workbench, QWidget* parent)
    : QWidget(parent)
    , vault_(vault)
    , workbench_(workbench)
    , rowJob_(new JobRunner(this))
    , otherJob_(new JobRunner(this))
    , whatIfJob_(new JobRunner(this))
    , blastJob_(new JobRunner(this))
    , ablationJob_(new JobRunner(this))
    , saveJob_(new JobRunner(this))
    , rerankTimer_(new QTimer(this))
    , blastTimer_(new QTimer(this))
    , rowBox_(new QSpinBox(this))
    , openRow_(new QPushButton(tr("&Open Row"), this))
    , newestRow_(new QPushButton(tr("&Newest Row"), this))
    , query_(new QLabel(this))
    , ownChoices_(new QLabel(this))
    , maxUnits_(new QSpinBox(this))
    , maxChars_(new QSpinBox(this))
    , reset_(new QPushButton(tr("&Reset to the Vault's"), this))
    , save_(new QPushButton(tr("&Save to Vault"), this))
    , undo_(new QPushButton(tr("&Undo Save"), this))
    , retrieve_(new QPushButton(tr("Retrieve &Again"), this))
    , settingsNote_(new QLabel(this))
    , tabs_(new QTabWidget(this))
    , leftBox_(new QComboBox(this))
    , otherRow_(new QSpinBox(this))
    , verdict_(new QLabel(this))
    , sideBySide_(new SideBySideView(this))
    , moves_(new QTableWidget(this))
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
    , blastTable_(new QTableView(this))
    , ablationVerdict_(new QLabel(this))
    , ablationTable_(new QTableWidget(this))
    , ablationLogButton_(new QPushButton(tr("Over the &Whole Log"), this))
    , ablationLogLabel_(new QLabel(this))
    , ablationLogTable_(new QTableWidget(this))
    , ablationLogJob_(new JobRunner(this)) {
    setupTimers();
    QLayout* rowBar = buildRowBar();
    QWidget* settingsBox = buildSettingsBox();
    tabs_->addTab(buildWhatIf(), tr("What-if"));
    tabs_->addTab(buildBlast(), tr("Blast Radius"));
    tabs_->addTab(buildAblation(), tr("Ablation"));
    connect(tabs_, &QTabWidget::currentChanged, this, [this](int index) {
        if (index == 2 && ablationStale_)
            runAblation();
    });

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(settingsBox);
    split->addWidget(tabs_);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({380, 900});
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(rowBar);
    layout->addWidget(split, 1);

    connectVault();
    resetVaultState();
}

void LabPage::setupTimers() {
    rerankTimer_->setSingleShot(true);
    rerankTimer_->setInterval(0);
    connect(rerankTimer_, &QTimer::timeout, this, [this] { rerank(false); });
    blastTimer_->setInterval(100);
    connect(blastTimer_, &QTimer::timeout, this, [this] {
        const auto [done, total] =
            blastProgress_ ? blastProgress_->get() : std::pair<std::size_t, std::size_t>{0, 0};
        blastBar_->setRange(0, static_cast<int>(std::max<std::size_t>(total, 1)));
        blastBar_->setValue(static_cast<int>(done));
        blastBar_->setFormat(tr("%1 of %2 logged rows")
                                 .arg(formatCount(static_cast<qint64>(done)),
                                      formatCount(static_cast<qint64>(total))));
    });
}

// The logged row the lab works on.
QLayout* LabPage::buildRowBar() {
    rowBox_->setRange(1, std::numeric_limits<int>::max());
    rowBox_->setPrefix(tr("row #"));
    rowBox_->setToolTip(tr("An audit row: a logged search whose candidate pools the lab re-ranks"));
    query_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    query_->setWordWrap(true);
    auto* rowBar = new QHBoxLayout;
    rowBar->addWidget(new QLabel(tr("Logged query:"), this));
    rowBar->addWidget(rowBox_);
    rowBar->addWidget(openRow_);
    rowBar->addWidget(newestRow_);
    rowBar->addWidget(query_, 1);
    connect(openRow_, &QPushButton::clicked, this, [this] { openRow(rowBox_->value()); });
    connect(newestRow_, &QPushButton::clicked, this, [this] { openRow(0); });
    return rowBar;
}

// Left: the settings as the lab would change them, the query's budget, and their buttons.
QWidget* LabPage::buildSettingsBox() {
    auto* settingsHost = new QWidget;
    buildSettings(settingsHost);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(settingsHost);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    ownChoices_->setWordWrap(true);
    settingsNote_->setWordWrap(true);
    auto* settingsBox = new QWidget(this);
    auto* sv = new QVBoxLayout(settingsBox);
    sv->setContentsMargins(0, 0, 0, 0);
    auto* settingsTitle = new QLabel(tr("<b>Settings</b> (the vault's, as the lab would change "
                                        "them)"),
                                     this);
    settingsTitle->setWordWrap(true);
    sv->addWidget(settingsTitle);
    sv->addWidget(scroll, 1);
    sv->addWidget(ownChoices_);
    // The query's budget: a choice of the request, not a setting, so Save never writes it.
    auto* budget = new QHBoxLayout;
    budget->addWidget(new QLabel(tr("Budget:"), this));
    maxUnits_->setRange(0, kMaxSearchLimit);
    maxUnits_->setSpecialValueText(tr("any number of hits"));
    maxUnits_->setSuffix(tr(" hits"));
    maxChars_->setRange(0, 1'000'000'000);
    maxChars_->setSingleStep(100);
    maxChars_->setSpecialValueText(tr("any length"));
    maxChars_->setSuffix(tr(" characters"));
    for (QSpinBox* b : {maxUnits_, maxChars_}) {
        b->setKeyboardTracking(false);
        b->setToolTip(tr("This query's budget (max_units, max_chars), as the right side uses it: "
                         "a choice of the query, not a setting, so Save to Vault leaves it"));
        budget->addWidget(b, 1);
        connect(b, &QSpinBox::valueChanged, this, [this] {
            if (!updatingEditors_)
                scheduleRerank();
        });
    }
    sv->addLayout(budget);
    sv->addWidget(settingsNote_);
    auto* settingsButtons = new QGridLayout;
    settingsButtons->addWidget(reset_, 0, 0);
    settingsButtons->addWidget(retrieve_, 0, 1);
    settingsButtons->addWidget(save_, 1, 0);
    settingsButtons->addWidget(undo_, 1, 1);
    sv->addLayout(settingsButtons);
    reset_->setToolTip(tr("Every setting back to the value the vault holds"));
    retrieve_->setToolTip(tr("Run the query's retrieval again with these settings: the settings "
                             "that act inside a leg (marked ⟳) need it"));
    undo_->setToolTip(tr("Write back the settings the vault held before the last save"));
    connect(reset_, &QPushButton::clicked, this, &LabPage::resetSettings);
    connect(save_, &QPushButton::clicked, this, &LabPage::saveSettings);
    connect(undo_, &QPushButton::clicked, this, &LabPage::undoSave);
    connect(retrieve_, &QPushButton::clicked, this, [this] { rerank(true); });
    return settingsBox;
}

// What-if: the row re-ranked beside what it is compared with, and each hit's move.
QWidget* LabPage::buildWhatIf() {
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
    auto* whatIf = new QWidget(this);
    auto* wv = new QVBoxLayout(whatIf);
    wv->addLayout(leftBar);
    wv->addWidget(verdict_);
    auto* wsplit = new QSplitter(Qt::Vertical, whatIf);
    wsplit->addWidget(sbsScroll);
    wsplit->addWidget(moves_);
    wsplit->setStretchFactor(0, 2);
    wsplit->setStretchFactor(1, 1);
    wsplit->setSizes({320, 160});
    wv->addWidget(wsplit, 1);
    return whatIf;
}

void LabPage::connectMoves() {
    // The selected move's hit in the docks (hit detail, score breakdown), as it ranks on the
    // right (or, gone, as it ranked on the left).
    connect(moves_, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (!comparison_ || row < 0 || !moves_->item(row, 0) || workbench_ == nullptr)
            return;
        const std::string id = moves_->item(row, 0)->data(Qt::UserRole).toString().toStdString();
        for (const auto* side : {&comparison_->after, &comparison_->before})
            for (const RetrievalHit& h : side->result.hits)
                if (h.node_id == id) {
                    workbench_->showHit(h);
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

// Blast radius: every logged search re-ranked with the settings on the left.
QWidget* LabPage::buildBlast() {
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
    connect(runBlast_, &QPushButton::clicked, this, &LabPage::runBlast);
    connect(cancelBlast_, &QPushButton::clicked, this, &LabPage::cancelBlast);
    QLayout* blastBar = buildBlastBar();
    auto* chart = new QChart();
    chart->setTitle(tr("Overlap of the logged and new top hits (Jaccard@k): queries per bin"));
    chart->legend()->setVisible(false);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart_->setChart(chart);
    chart_->setRenderHint(QPainter::Antialiasing);
    chart_->setMinimumHeight(200);
    blastModel_->setHorizontalHeaderLabels({tr("Row"), tr("Time"), tr("Query"), tr("Caller"),
                                            tr("Jaccard@k"), tr("RBO"), tr("First hit"),
                                            tr("Logged first now")});
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
        leftBox_->setCurrentIndex(0);
        tabs_->setCurrentIndex(0);
        openRow(id);
    });
    auto* blast = new QWidget(this);
    auto* bv = new QVBoxLayout(blast);
    bv->addLayout(blastBar);
    bv->addWidget(blastVerdict_);
    auto* bsplit = new QSplitter(Qt::Vertical, blast);
    bsplit->addWidget(chart_);
    bsplit->addWidget(blastTable_);
    bv->addWidget(bsplit, 1);
    return blast;
}

// Which rows (caller, newest N, days), then Run and Cancel with the progress.
QLayout* LabPage::buildBlastBar() {
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

// Ablation: the row ranked by each leg alone and without each signal, and over the whole log.
QWidget* LabPage::buildAblation() {
    ablationVerdict_->setWordWrap(true);
    ablationVerdict_->setTextFormat(Qt::RichText);
    ablationTable_->verticalHeader()->setVisible(false);
    ablationTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    ablationTable_->horizontalHeader()->setStretchLastSection(true);
    auto* ablation = new QWidget(this);
    auto* av = new QVBoxLayout(ablation);
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
    connect(ablationLogButton_, &QPushButton::clicked, this, &LabPage::runAblationOverLog);
    return ablation;
}

void LabPage::connectVault() {
    connect(vault_, &VaultController::vaultChanged, this, &LabPage::resetVaultState);
    connect(vault_, &VaultController::opened, this, [this](const VaultRef& ref) {
        const bool same = ref_.dir == ref.dir;
        ref_ = ref;
        readOnly_ = vault_->isReadOnly();
        vaultSettings_ = vault_->overview().settings;
        if (!same || !panelSet_) {
            panel_ = vaultSettings_;
            panelSet_ = true;
            showSettings();
        }
        updateButtons();
    });
    connect(whatIfJob_, &JobRunner::failed, this,
            [this](const QString& m) { showError(tr("Re-ranking failed"), m); });
    connect(blastJob_, &JobRunner::failed, this,
            [this](const QString& m) { showError(tr("The blast radius failed"), m); });
}

LabPage::~LabPage() = default;

void LabPage::buildSettings(QWidget* host) {
    auto* grid = new QGridLayout(host);
    grid->setColumnStretch(1, 1);
    grid->setHorizontalSpacing(6);
    int row = 0;
    // Two groups: what re-ranking the stored candidates shows at once, and what needs a new
    // retrieval (marked ⟳, shown on demand by Retrieve Again).
    for (const SettingReach reach : {SettingReach::Rerank, SettingReach::Retrieval}) {
        auto* header = new QLabel(reach == SettingReach::Rerank
                                      ? tr("<b>Re-ranked at once</b> from the stored candidates")
                                      : tr("<b>Need a new retrieval</b> ⟳ (Retrieve Again)"),
                                  host);
        header->setWordWrap(true);
        grid->addWidget(header, row++, 0, 1, 3);
        for (const auto& k : lab_setting_keys()) {
            if (k.reach != reach)
                continue;
            Editor e;
            const bool retrieval = k.reach == SettingReach::Retrieval;
            // The key without its "search." prefix; the tooltip has the whole key.
            QString shown = qs(k.key);
            if (shown.startsWith(QLatin1String("search.")))
                shown = shown.mid(7);
            e.label = new QLabel(shown, host);
            e.label->setToolTip(
                qs(k.key) + QStringLiteral(": ") + qs(k.help) +
                (retrieval ? QStringLiteral("\n") + tr("⟳ acts inside a leg: only a new retrieval "
                                                       "(Retrieve Again) shows it")
                           : QString()));
            grid->addWidget(e.label, row, 0);
            const std::string key = k.key;
            const QStringList choices = choicesOf(key);
            if (!choices.isEmpty()) {
                e.combo = new QComboBox(host);
                e.combo->addItems(choices);
                grid->addWidget(e.combo, row, 1, 1, 2);
                connect(e.combo, &QComboBox::currentTextChanged, this,
                        [this, key](const QString& t) { onEdited(key, t); });
            } else if (key == "search.include_summaries") {
                e.check = new QCheckBox(host);
                grid->addWidget(e.check, row, 1, 1, 2);
                connect(e.check, &QCheckBox::toggled, this, [this, key](bool on) {
                    onEdited(key, on ? QStringLiteral("true") : QStringLiteral("false"));
                });
            } else {
                addNumberEditor(grid, host, row, key, e);
            }
            if (retrieval) {
                QFont f = e.label->font();
                f.setItalic(true);
                e.label->setFont(f);
            }
            editors_[key] = e;
            ++row;
        }
    }
    grid->setRowStretch(row, 1);
}

// A number setting's slider and spin box, the spin box editing the setting.
void LabPage::addNumberEditor(QGridLayout* grid, QWidget* host, int row, const std::string& key,
                              Editor& e) {
    const auto [lo, hi] = sliderRange(key);
    const bool integer = isIntegerKey(key);
    e.scale = integer ? 1.0 : 1000.0 / (hi - lo > 0 ? hi - lo : 1.0);
    e.slider = new QSlider(Qt::Horizontal, host);
    e.slider->setRange(static_cast<int>(std::lround(lo * e.scale)),
                       static_cast<int>(std::lround(hi * e.scale)));
    e.slider->setMinimumWidth(70);
    e.slider->setToolTip(e.label->toolTip());
    e.spin = new QDoubleSpinBox(host);
    e.spin->setDecimals(integer ? 0 : 3);
    e.spin->setRange(integer ? 0 : -1e6, 1e9);
    e.spin->setSingleStep(integer ? 1 : (hi - lo) / 100.0);
    e.spin->setKeyboardTracking(false);
    e.spin->setFixedWidth(84);
    e.spin->setAccessibleName(qs(key));
    grid->addWidget(e.slider, row, 1);
    grid->addWidget(e.spin, row, 2);
    const double scale = e.scale;
    QDoubleSpinBox* spin = e.spin;
    connect(e.slider, &QSlider::valueChanged, this, [this, spin, scale](int v) {
        if (updatingEditors_)
            return;
        spin->setValue(v / scale); // the spin box's valueChanged edits the setting
    });
    connect(e.spin, &QDoubleSpinBox::valueChanged, this, [this, key, integer](double v) {
        onEdited(key, integer ? QString::number(std::llround(v)) : QString::number(v, 'g', 12));
    });
}

void LabPage::showSettings() {
    updatingEditors_ = true;
    const auto values = to_settings_map(panel_);
    const auto stored = to_settings_map(vaultSettings_);
    for (auto& [key, e] : editors_) {
        auto it = values.find(key);
        if (it == values.end())
            continue;
        const QString v = qs(it->second);
        if (e.combo)
            e.combo->setCurrentText(v);
        if (e.check)
            e.check->setChecked(v == QLatin1String("true"));
        if (e.spin) {
            const double d = v.toDouble();
            e.spin->setValue(d);
            e.slider->setValue(static_cast<int>(std::lround(d * e.scale)));
        }
        auto st = stored.find(key);
        const bool changed = st == stored.end() || st->second != it->second;
        QFont f = e.label->font();
        f.setBold(changed);
        e.label->setFont(f);
        e.label->setToolTip(
            e.label->toolTip().section(QStringLiteral("\n\n"), 0, 0) +
            (changed && st != stored.end()
                 ? QStringLiteral("\n\n") + tr("The vault holds %1").arg(qs(st->second))
                 : QString()));
    }
    updatingEditors_ = false;
}

void LabPage::onEdited(const std::string& key, const QString& text) {
    if (updatingEditors_)
        return;
    setSetting(key, text);
}

bool LabPage::setSetting(const std::string& key, const QString& text) {
    auto s = apply_setting_overrides(panel_, {{key, text.toStdString()}});
    if (!s) {
        settingsNote_->setText(QStringLiteral("<span style='color:#c62828'>%1</span>")
                                   .arg(formatStatus(s.status()).toHtmlEscaped()));
        showSettings(); // the editor shows the value in force again
        return false;
    }
    panel_ = *s;
    settingsNote_->clear();
    showSettings();
    scheduleRerank();
    updateButtons();
    return true;
}

void LabPage::resetSettings() {
    panel_ = vaultSettings_;
    updatingEditors_ = true;
    maxUnits_->setValue(row_ ? row_->request.budget.max_units : 0);
    maxChars_->setValue(row_ ? static_cast<int>(std::min<std::int64_t>(
                                   row_->request.budget.max_chars, maxChars_->maximum()))
                             : 0);
    updatingEditors_ = false;
    settingsNote_->clear();
    showSettings();
    scheduleRerank();
    updateButtons();
}

RetrievalSettings LabPage::rightSettings() const {
    return row_ ? blast_settings_for(*row_, panel_) : panel_;
}

SearchBudget LabPage::rightBudget() const {
    SearchBudget b = row_ ? row_->request.budget : SearchBudget{};
    b.max_units = maxUnits_->value();
    b.max_chars = maxChars_->value();
    return b;
}

void LabPage::openRow(qint64 id) {
    if (!ref_.isValid())
        return;
    const VaultRef ref = ref_;
    query_->setText(id > 0 ? tr("Loading row #%1…").arg(id) : tr("Loading the newest row…"));
    rowJob_->start(
        [ref, id](const std::atomic_bool&) { return loadLabRowJob(ref, id); },
        [this](LabRowOutcome out) {
            if (!out.row) {
                query_->setText(out.error.toHtmlEscaped());
                row_.reset();
                comparison_.reset();
                sideBySide_->clear();
                moves_->setRowCount(0);
                verdict_->setText(
                    out.noPools
                        ? tr("This row cannot be re-ranked: %1").arg(out.error.toHtmlEscaped())
                        : out.error.toHtmlEscaped());
                showError(tr("Cannot open the row"), out.error);
                updateButtons();
                return;
            }
            row_ = std::move(out.row);
            vaultSettings_ = out.vaultSettings;
            if (!panelSet_) {
                panel_ = vaultSettings_;
                panelSet_ = true;
            }
            rowBox_->setValue(static_cast<int>(row_->record.id));
            updatingEditors_ = true;
            maxUnits_->setValue(row_->request.budget.max_units);
            maxChars_->setValue(static_cast<int>(
                std::min<std::int64_t>(row_->request.budget.max_chars, maxChars_->maximum())));
            updatingEditors_ = false;
            const AuditCaller& c = row_->record.caller;
            query_->setText(
                tr("<b>#%1</b> “%2” · %3 · %4")
                    .arg(row_->record.id)
                    .arg(qs(row_->record.query).toHtmlEscaped())
                    .arg(formatTime(row_->record.ts_ms))
                    .arg(c.client.empty() ? tr("asked here") : qs(c.client).toHtmlEscaped()));
            // The query's own choices win over the panel, as they did when it ran.
            QStringList own;
            const SearchRequest& q = row_->request;
            if (q.mode)
                own << tr("mode %1").arg(QString::fromLatin1(to_string(*q.mode)));
            if (q.fusion)
                own << tr("fusion %1").arg(QString::fromLatin1(to_string(*q.fusion)));
            if (q.profile)
                own << tr("profile %1").arg(qs(*q.profile));
            if (q.mmr_lambda)
                own << tr("λ %1").arg(*q.mmr_lambda);
            if (q.recency_boost)
                own << tr("recency boost %1").arg(*q.recency_boost);
            ownChoices_->setText(
                own.isEmpty() ? QString()
                              : tr("This query chose its own %1: that wins over the settings "
                                   "above, as it did when it ran.")
                                    .arg(own.join(QStringLiteral(", "))));
            showSettings();
            ablationStale_ = true;
            ablation_.reset();
            if (tabs_->currentIndex() == 2)
                runAblation();
            scheduleRerank();
            updateButtons();
        });
}

void LabPage::loadOtherRow() {
    if (!ref_.isValid())
        return;
    const VaultRef ref = ref_;
    const qint64 id = otherRow_->value();
    otherJob_->start([ref, id](const std::atomic_bool&) { return loadLabRowJob(ref, id); },
                     [this](LabRowOutcome out) {
                         if (!out.row) {
                             other_.reset();
                             showError(tr("Cannot open the row"), out.error);
                             return;
                         }
                         other_ = std::move(out.row);
                         scheduleRerank();
                     });
}

void LabPage::scheduleRerank() {
    if (row_)
        rerankTimer_->start();
}

void LabPage::rerank(bool retrieve) {
    if (!row_ || !ref_.isValid())
        return;
    const auto left = static_cast<LabLeft>(leftBox_->currentData().toInt());
    if (left == LabLeft::OtherRow && !other_)
        return;
    const VaultRef ref = ref_;
    const LabRow row = *row_;
    const std::optional<LabRow> other = left == LabLeft::OtherRow ? other_ : std::nullopt;
    const RetrievalSettings leftSettings = blast_settings_for(row, vaultSettings_);
    const RetrievalSettings right = rightSettings();
    const SearchBudget budget = rightBudget();
    // The newest request wins: a slider moving fast cancels the re-ranks it overtakes.
    whatIfJob_->start(
        [=](const std::atomic_bool& cancel) {
            return whatIfJob(ref, row, left, other, leftSettings, right, budget, retrieve, cancel);
        },
        [this](WhatIfOutcome out) { showWhatIf(out); });
}

void LabPage::showWhatIf(const WhatIfOutcome& out) {
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
                                 .arg(keyList(c.needs_retrieval)));
    if (out.retrieved)
        retrieval = QStringLiteral("<br>%1").arg(
            tr("The right side is a new retrieval: it also shows any change of the vault since "
               "the row was logged."));
    verdict_->setText(words + QStringLiteral("<br><small>") + numbers + QStringLiteral("</small>") +
                      retrieval);
    sideBySide_->setComparison(c, leftTitle, rightTitle);

    fillMoves(c);
    moves_->resizeColumnsToContents();
    updateButtons();
    Q_EMIT whatIfShown();
}

// The what-if's verdict in words: whether the ranking changed, and how.
QString LabPage::whatIfWords(const LabComparison& c) const {
    int up = 0, down = 0, fresh = 0, gone = 0;
    for (const auto& m : c.moves) {
        up += m.movement == "up";
        down += m.movement == "down";
        fresh += m.movement == "new";
        gone += m.movement == "gone";
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
QString LabPage::whatIfNumbers(const LabComparison& c, LabLeft left) const {
    QString numbers = tr("Jaccard@%1 %2 · rank-biased overlap %3")
                          .arg(c.k)
                          .arg(c.jaccard, 0, 'f', 2)
                          .arg(c.rbo, 0, 'f', 2);
    if (!c.changed_keys.empty() && left != LabLeft::OtherRow) {
        const RetrievalSettings from =
            left == LabLeft::VaultNow ? blast_settings_for(*row_, vaultSettings_) : row_->settings;
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
        QString list = changeList(from, rightSettings(), settingKeys);
        if (!budgetChanges.isEmpty())
            list += (list.isEmpty() ? QString() : QStringLiteral(", ")) +
                    budgetChanges.join(QStringLiteral(", "));
        numbers += QStringLiteral(" · ") + tr("changed: %1").arg(list.toHtmlEscaped());
    } else if (!c.changed_keys.empty()) {
        numbers +=
            QStringLiteral(" · ") + tr("settings that differ: %1").arg(keyList(c.changed_keys));
    }
    return numbers;
}

// One row per hit that moved, came or went, with the signal and the settings that moved it.
void LabPage::fillMoves(const LabComparison& c) {
    moves_->setSortingEnabled(false);
    moves_->setRowCount(0);
    for (const auto& m : c.moves) {
        const int r = moves_->rowCount();
        moves_->insertRow(r);
        auto* mv = item(movementText(m));
        mv->setData(Qt::UserRole, qs(m.node_id));
        if (m.movement == "up")
            mv->setForeground(QColor(0x2e, 0x7d, 0x32));
        else if (m.movement == "down" || m.movement == "gone")
            mv->setForeground(QColor(0xc6, 0x28, 0x28));
        moves_->setItem(r, 0, mv);
        moves_->setItem(
            r, 1, item(m.before_rank ? QString::number(*m.before_rank) : QStringLiteral("—")));
        moves_->setItem(r, 2,
                        item(m.after_rank ? QString::number(*m.after_rank) : QStringLiteral("—")));
        moves_->setItem(r, 3, item(m.movement == "same" ? QString() : signalText(m.signal)));
        moves_->setItem(r, 4, item(keyList(m.moved_by)));
        // The words after the move itself (the Move, Before and After columns say that).
        QString why = qs(m.line);
        if (const int colon = why.indexOf(QStringLiteral(": ")); colon >= 0)
            why = why.mid(colon + 2);
        // The Moved by column names the settings.
        if (const int by = why.indexOf(QStringLiteral("; moved by ")); by >= 0)
            why = why.left(by);
        moves_->setItem(r, 5, item(m.movement == "same" ? QString() : why, qs(m.line)));
    }
}

void LabPage::runBlast() {
    if (!ref_.isValid() || blastJob_->isRunning())
        return;
    const VaultRef ref = ref_;
    const auto overrides = settingOverrides(vaultSettings_, panel_);
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
        [this](BlastOutcome out) { showBlast(out); });
}

void LabPage::cancelBlast() {
    blastJob_->requestStop();
}

void LabPage::clearBlast() {
    blast_.reset();
    blastModel_->removeRows(0, blastModel_->rowCount());
    if (QChart* chart = chart_->chart()) {
        chart->removeAllSeries();
        for (QAbstractAxis* axis : chart->axes()) {
            chart->removeAxis(axis);
            delete axis;
        }
    }
}

void LabPage::showBlast(const BlastOutcome& out) {
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
            showError(tr("The blast radius failed"), out.error);
        Q_EMIT blastShown();
        return;
    }
    blast_ = out.report;
    const BlastReport& r = *blast_;
    showBlastVerdict(r);

    fillBlastChart(r);

    fillBlastTable(r);
    Q_EMIT blastShown();
}

// The blast radius's verdict in words, the settings and skipped rows under it.
void LabPage::showBlastVerdict(const BlastReport& r) {
    QString settings = r.changed_keys.empty()
                           ? tr("the vault's own settings")
                           : changeList(vaultSettings_, panel_, r.changed_keys).toHtmlEscaped();
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
                    skippedRowsText(r.skipped_no_pools, r.skipped_other, r.skipped_damaged);
    for (const auto& [k, n] : r.needs_retrieval)
        under += QStringLiteral("<br><span style='color:#b26a00'>%1</span>")
                     .arg(tr("%1 acts inside a leg: not shown for %n row(s)", nullptr,
                             static_cast<int>(n))
                              .arg(qs(k)));
    blastVerdict_->setText(words + QStringLiteral("<br><small>") + under +
                           QStringLiteral("</small>"));
}

// Queries per overlap bin (runBlast cleared the last chart).
void LabPage::fillBlastChart(const BlastReport& r) {
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
void LabPage::fillBlastTable(const BlastReport& r) {
    blastTable_->setSortingEnabled(false);
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
        blastModel_->appendRow(cells);
    }
    blastTable_->setSortingEnabled(true);
    blastTable_->sortByColumn(4, Qt::AscendingOrder);
    blastTable_->resizeColumnsToContents();
}

void LabPage::runAblation() {
    if (!row_ || !ref_.isValid())
        return;
    ablationStale_ = false;
    const VaultRef ref = ref_;
    const LabRow row = *row_;
    ablationVerdict_->setText(
        tr("Ranking row #%1 by each leg alone, then one signal at a time…").arg(row.record.id));
    ablationJob_->start(
        [ref, row](const std::atomic_bool& cancel) { return ablationJob(ref, row, cancel); },
        [this](AblationOutcome out) { showAblation(out); });
}

void LabPage::showAblation(const AblationOutcome& out) {
    if (!out.matrix) {
        ablationVerdict_->setText(out.error.toHtmlEscaped());
        Q_EMIT ablationShown();
        return;
    }
    ablation_ = out.matrix;
    const AblationMatrix& m = *ablation_;
    if (m.first_logged_column) {
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
    } else {
        ablationVerdict_->setText(tr("<b>No column gives the logged ranking</b>: the vault "
                                     "changed since the row was logged."));
    }
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
            rr, 0, item(row.logged_rank ? QString::number(*row.logged_rank) : QStringLiteral("—")));
        for (std::size_t c = 0; c < row.ranks.size(); ++c) {
            const auto& rank = row.ranks[c];
            auto* it = item(!m.columns[c].available ? tr("n/a")
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
            item(snip != out.snippets.end() ? snip->second.simplified() : qs(row.node_id),
                 qs(row.node_id)));
    }
    ablationTable_->resizeColumnsToContents();
    for (int c = 0; c + 1 < ablationTable_->columnCount(); ++c)
        ablationTable_->setColumnWidth(c, std::min(ablationTable_->columnWidth(c), 84));
    Q_EMIT ablationShown();
}

void LabPage::runAblationOverLog() {
    if (!ref_.isValid())
        return;
    const VaultRef ref = ref_;
    ablationLogButton_->setEnabled(false);
    ablationLogLabel_->setText(tr("Ranking every logged search by each column…"));
    ablationLogJob_->start(
        [ref](const std::atomic_bool& cancel) { return ablationLogJob(ref, cancel); },
        [this](AblationLogOutcome out) {
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
                (m.queries == 0
                     ? tr("No logged search to rank.")
                     : tr("Over %n logged search(es), most first get their logged ranking at "
                          "<b>%1</b> (%2 of them).",
                          nullptr, static_cast<int>(m.queries))
                           .arg(qs(m.columns[best].name).toHtmlEscaped())
                           .arg(m.columns[best].first_logged)) +
                QStringLiteral("<br><small>") +
                skippedRowsText(m.skipped_no_pools, m.skipped_other, m.skipped_damaged).mid(3) +
                QStringLiteral("</small>"));
            ablationLogTable_->setRowCount(static_cast<int>(m.columns.size()));
            for (std::size_t i = 0; i < m.columns.size(); ++i) {
                const AblationLogColumn& c = m.columns[i];
                const int r = static_cast<int>(i);
                ablationLogTable_->setItem(r, 0, item(qs(c.name)));
                ablationLogTable_->setItem(r, 1, item(QString::number(c.rows)));
                ablationLogTable_->setItem(r, 2, item(QString::number(c.same_ranking)));
                ablationLogTable_->setItem(r, 3, item(QString::number(c.same_first)));
                ablationLogTable_->setItem(r, 4, item(QString::number(c.mean_jaccard, 'f', 2)));
                ablationLogTable_->setItem(r, 5, item(QString::number(c.first_logged)));
            }
            ablationLogTable_->resizeColumnsToContents();
            Q_EMIT ablationLogShown();
        });
}

void LabPage::saveSettings() {
    if (!ref_.isValid())
        return;
    if (readOnly_) {
        showError(tr("Cannot save settings"),
                  tr("%1 is open read-only, so its settings cannot be saved; the what-if still "
                     "works. Open it again without read-only to save.")
                      .arg(ref_.dir));
        return;
    }
    const VaultRef ref = ref_;
    const RetrievalSettings settings = panel_;
    save_->setEnabled(false);
    saveJob_->start(
        [ref, settings](const std::atomic_bool&) { return saveSettingsJob(ref, settings); },
        [this, settings](LabSaveOutcome out) {
            if (!out.error.isEmpty()) {
                showError(tr("Cannot save settings"), out.error);
                updateButtons();
                return;
            }
            undoTo_ = out.previous;
            vaultSettings_ = settings;
            settingsNote_->setText(
                out.keys.isEmpty()
                    ? tr("Nothing to save: the vault holds these values already.")
                    : tr("Saved to the vault: %1. Undo Save writes back what it held.")
                          .arg(out.keys.join(QStringLiteral(", "))));
            showSettings();
            updateButtons();
            Q_EMIT settingsSaved();
        });
}

void LabPage::undoSave() {
    if (!undoTo_ || !ref_.isValid())
        return;
    const VaultRef ref = ref_;
    const RetrievalSettings settings = *undoTo_;
    undo_->setEnabled(false);
    saveJob_->start(
        [ref, settings](const std::atomic_bool&) { return saveSettingsJob(ref, settings); },
        [this, settings](LabSaveOutcome out) {
            if (!out.error.isEmpty()) {
                showError(tr("Cannot undo the save"), out.error);
                updateButtons();
                return;
            }
            undoTo_.reset();
            vaultSettings_ = settings;
            settingsNote_->setText(tr("The vault's previous settings are back."));
            showSettings();
            scheduleRerank();
            updateButtons();
            Q_EMIT settingsSaved();
        });
}

void LabPage::updateButtons() {
    const bool open = ref_.isValid();
    openRow_->setEnabled(open);
    newestRow_->setEnabled(open);
    const bool differs =
        !changed_setting_keys(to_settings_map(panel_), to_settings_map(vaultSettings_)).empty();
    reset_->setEnabled(open && differs);
    save_->setEnabled(open && differs && !readOnly_ && !saveJob_->isRunning());
    save_->setToolTip(readOnly_ ? tr("The vault is open read-only: its settings cannot be saved")
                                : tr("Write these settings into the vault (Undo Save takes them "
                                     "back)"));
    undo_->setEnabled(open && undoTo_.has_value() && !readOnly_ && !saveJob_->isRunning());
    retrieve_->setEnabled(row_.has_value() && comparison_ && !comparison_->needs_retrieval.empty());
    runBlast_->setEnabled(open && !blastJob_->isRunning());
}

void LabPage::resetVaultState() {
    rowJob_->cancel();
    otherJob_->cancel();
    whatIfJob_->cancel();
    blastJob_->cancel();
    ablationJob_->cancel();
    saveJob_->cancel();
    rerankTimer_->stop();
    blastTimer_->stop();
    ref_ = vault_->ref();
    readOnly_ = vault_->isOpen() && vault_->isReadOnly();
    row_.reset();
    other_.reset();
    vaultSettings_ = vault_->isOpen() ? vault_->overview().settings : RetrievalSettings{};
    panel_ = vaultSettings_;
    panelSet_ = vault_->isOpen();
    undoTo_.reset();
    comparison_.reset();
    clearBlast();
    log_.reset();
    logKey_.clear();
    ablation_.reset();
    ablationStale_ = true;
    query_->setText(tr("Open a logged query (its audit row), or the newest one."));
    ownChoices_->clear();
    settingsNote_->clear();
    leftBox_->setCurrentIndex(0);
    verdict_->setText(tr("Move a setting on the left: the query's stored candidates are ranked "
                         "again at once, and each hit's move is explained here."));
    sideBySide_->clear();
    moves_->setRowCount(0);
    blastBar_->setVisible(false);
    cancelBlast_->setEnabled(false);
    ablationTable_->clear();
    ablationTable_->setRowCount(0);
    ablationTable_->setColumnCount(0);
    ablationVerdict_->setText(tr("Open a row to see it ranked by each leg alone, then one signal "
                                 "at a time."));
    ablationLogJob_->cancel();
    ablationLogTable_->setRowCount(0);
    ablationLogLabel_->clear();
    ablationLogButton_->setEnabled(true);
    clientBox_->clear();
    clientBox_->addItem(tr("every caller"), QString());
    windowBox_->setChecked(false);
    showSettings();
    updateButtons();
}

void LabPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    // The first visit opens the newest logged query, so the page is never empty when there is
    // a log.
    if (!row_ && ref_.isValid() && !rowJob_->isRunning())
        openRow(0);
    // The callers of the log, for the blast radius's filter.
    if (clientBox_->count() == 1 && ref_.isValid()) {
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
            [this, job](QStringList clients) {
                job->deleteLater();
                for (const auto& c : clients)
                    clientBox_->addItem(c, c);
            });
    }
}

bool LabPage::isReranking() const {
    return whatIfJob_->isRunning() || rerankTimer_->isActive() || rowJob_->isRunning();
}

bool LabPage::isBlasting() const {
    return blastJob_->isRunning();
}

qint64 LabPage::rowId() const {
    return row_ ? row_->record.id : 0;
}

void LabPage::showError(const QString& title, const QString& text) {
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("labMessage"));
    box->open();
}

} // namespace memlens::ui
