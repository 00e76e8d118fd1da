#include "pages/querypage.h"

#include "core/format.h"
#include "core/phrase.h"
#include "models/entitymatchmodel.h"
#include "models/resultsmodel.h"
#include "models/resultsproxy.h"
#include "models/roles.h"
#include "pages/queryform.h"
#include "query/querysession.h"
#include "widgets/highlightdelegate.h"
#include "widgets/signalbarsdelegate.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace memlens::ui {

namespace {

const QString kHistoryKey = QStringLiteral("queryHistory");
constexpr int kHistoryMax = 50;

QTreeView* makeTable(QWidget* parent) {
    auto* view = new QTreeView(parent);
    view->setRootIsDecorated(false);
    view->setUniformRowHeights(true);
    view->setAlternatingRowColors(true);
    view->setSortingEnabled(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->header()->setStretchLastSection(false);
    return view;
}

// `embedder`: the vector leg's ranking signature (CandidatePools::vector_index), or "".
QString legText(const char* name, const LegReport& leg, const std::string& embedder = {}) {
    // The leg names are the signal names, translated in the "Signal" context.
    const QString title = QCoreApplication::translate("Signal", name);
    if (!leg.ran) {
        return QCoreApplication::translate("QueryPage", "%1 leg off (%2)")
            .arg(title, leg.skipped_reason.empty()
                            ? QStringLiteral("—")
                            : phraseText(leg_skip_phrase(leg.skipped_reason)));
    }
    QString text = QCoreApplication::translate("QueryPage", "%1 leg %2 in %3 ms")
                       .arg(title, formatCount(static_cast<qint64>(leg.count)))
                       .arg(leg.ms, 0, 'f', 1);
    if (!leg.fts_query.empty())
        text += QStringLiteral(" [%1]").arg(qs(leg.fts_query));
    if (leg.parts > 1)
        text += QCoreApplication::translate("QueryPage", " (ranked in %1 parts at once)")
                    .arg(leg.parts);
    if (std::string_view(name) == "vector") {
        text += leg.exact
                    ? QCoreApplication::translate("QueryPage", " (exact: %1)")
                          .arg(phraseText(exact_scan_phrase(leg.exact_reason)))
                    : QCoreApplication::translate("QueryPage", " (beam: %1 topics, %2 scored)")
                          .arg(leg.reached_topics.size())
                          .arg(formatCount(static_cast<qint64>(leg.scored)));
        if (leg.beam_recall)
            text += QCoreApplication::translate(
                        "QueryPage", " (the index file measured the beam at %1 of the exact top "
                                     "10; minimum %2)")
                        .arg(*leg.beam_recall, 0, 'f', 3)
                        .arg(leg.beam_min_recall, 0, 'f', 2);
        if (!embedder.empty())
            text += QCoreApplication::translate("QueryPage", ", ranked with %1")
                        .arg(phraseText(embedder_phrase(embedder)));
    }
    return text;
}

} // namespace

QueryPage::QueryPage(QuerySession* session, QueryForm* form, QWidget* parent)
    : QWidget(parent)
    , session_(session)
    , form_(form)
    , query_(new QComboBox(this))
    , mode_(new QComboBox(this))
    , runButton_(new QPushButton(tr("&Run"), this))
    , cancelButton_(new QPushButton(tr("Cancel"), this))
    , filter_(new QLineEdit(this))
    , kindFilter_(new QComboBox(this))
    , older_(new QCheckBox(this))
    , stack_(new QStackedWidget(this))
    , results_(makeTable(this))
    , entities_(makeTable(this))
    , refused_(new QLabel(this))
    , header_(new QLabel(this))
    , proxy_(new ResultsProxy(this))
    , info_(new QLabel(this)) {
    setupQueryBox();
    setupFilter();
    setupResults();
    setupEntities();
    setupStack();
    layOut();
    connect(session_, &QuerySession::started, this, &QueryPage::onStarted);
    connect(session_, &QuerySession::finished, this, &QueryPage::onFinished);
    connect(session_, &QuerySession::cancelled, this, [this] { info_->setText(tr("Cancelled.")); });
    connect(session_, &QuerySession::runningChanged, this,
            [this](bool running) { cancelButton_->setEnabled(running); });
}

// The query box, the mode beside it, Run and Cancel and their shortcuts.
void QueryPage::setupQueryBox() {
    query_->setEditable(true);
    query_->setInsertPolicy(QComboBox::NoInsert);
    query_->setMaxCount(kHistoryMax);
    query_->addItems(QSettings().value(kHistoryKey).toStringList());
    query_->setCurrentText(QString());
    query_->lineEdit()->setPlaceholderText(tr("Ask the memory… (Enter to run, Ctrl+L to focus)"));
    query_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    runButton_->setDefault(true);
    runButton_->setToolTip(tr("Run the query (Enter, Ctrl+Return)"));
    cancelButton_->setEnabled(false);
    cancelButton_->setToolTip(tr("Cancel the running query (Esc)"));
    // The mode beside the query box is the form's: choosing either one changes both, and only
    // the user does (other views run their primitive without touching it, runRequest()).
    mode_->setObjectName(QStringLiteral("queryMode"));
    QueryForm::fillModes(mode_);
    mode_->setCurrentIndex(mode_->findData(static_cast<int>(form_->kind())));
    mode_->setToolTip(tr("The mode Enter runs the typed query in (also under Query Parameters)"));
    connect(mode_, &QComboBox::currentIndexChanged, this,
            [this] { form_->setKind(static_cast<QueryKind>(mode_->currentData().toInt())); });
    connect(form_, &QueryForm::kindChanged, this, [this](QueryKind kind) {
        mode_->setCurrentIndex(mode_->findData(static_cast<int>(kind)));
    });
    connect(query_->lineEdit(), &QLineEdit::returnPressed, this, &QueryPage::run);
    connect(runButton_, &QPushButton::clicked, this, &QueryPage::run);
    connect(cancelButton_, &QPushButton::clicked, session_, &QuerySession::cancel);
    auto* runShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    connect(runShortcut, &QShortcut::activated, this, &QueryPage::run);
    auto* cancelShortcut = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    connect(cancelShortcut, &QShortcut::activated, session_, &QuerySession::cancel);
}

// The filter over the results and the entities.
void QueryPage::setupFilter() {
    filter_->setPlaceholderText(tr("Filter results…"));
    filter_->setClearButtonEnabled(true);
    kindFilter_->addItem(tr("All nodes"));
    kindFilter_->addItem(tr("Leaves only"));
    kindFilter_->addItem(tr("Summaries only"));
    connect(filter_, &QLineEdit::textChanged, proxy_, &ResultsProxy::setText);
    connect(kindFilter_, &QComboBox::currentIndexChanged, this,
            [this](int i) { proxy_->setKindFilter(static_cast<ResultsProxy::KindFilter>(i)); });
    older_->setObjectName(QStringLiteral("showOlderVersions"));
    older_->setToolTip(tr("List the older versions that newer memories superseded and the "
                          "supersession penalty kept out of the hits, greyed, after the hits"));
    older_->hide();
    connect(older_, &QCheckBox::toggled, session_->results(), &ResultsModel::setOlderShown);
}

// The hybrid results' table.
void QueryPage::setupResults() {
    proxy_->setSourceModel(session_->results());
    results_->setModel(proxy_);
    results_->setItemDelegateForColumn(ResultsModel::Snippet, new HighlightDelegate(results_));
    results_->setItemDelegateForColumn(ResultsModel::Signals, new SignalBarsDelegate(results_));
    results_->sortByColumn(ResultsModel::Rank, Qt::AscendingOrder);
    QHeaderView* header = results_->header();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(ResultsModel::Snippet, QHeaderView::Stretch);
    header->resizeSection(ResultsModel::Rank, 36);
    header->resizeSection(ResultsModel::Kind, 64);
    header->resizeSection(ResultsModel::Level, 44);
    header->resizeSection(ResultsModel::Scope, 130);
    header->resizeSection(ResultsModel::Time, 150);
    header->resizeSection(ResultsModel::Score, 72);
    header->resizeSection(ResultsModel::Signals, 58);
    connect(results_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                const HitRow* row = session_->results()->rowAt(proxy_->mapToSource(current).row());
                if (row)
                    Q_EMIT hitSelected(row->hit, session_->outcome().terms);
            });
    // Ctrl-click adds a second hit to compare with (QueryWorkbench shows the pair).
    results_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    connect(results_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &QueryPage::resultSelectionChanged);
}

// The entities' table (the entity search's answer).
void QueryPage::setupEntities() {
    auto* entityProxy = new QSortFilterProxyModel(this);
    entityProxy->setSourceModel(session_->entities());
    entityProxy->setSortRole(SortRole);
    entityProxy->setFilterRole(FilterRole);
    entityProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    connect(filter_, &QLineEdit::textChanged, entityProxy,
            &QSortFilterProxyModel::setFilterFixedString);
    entities_->setModel(entityProxy);
    entities_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    connect(entities_, &QTreeView::activated, this, [this](const QModelIndex& index) {
        Q_EMIT entityActivated(index.data(IdRole).toString());
    });
}

// Results, entities or the refusal, under the bold result header.
void QueryPage::setupStack() {
    stack_->addWidget(results_);
    stack_->addWidget(entities_);
    refused_->setObjectName(QStringLiteral("queryRefused"));
    refused_->setWordWrap(true);
    refused_->setAlignment(Qt::AlignCenter);
    refused_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    refused_->setMargin(24);
    stack_->addWidget(refused_);
    info_->setWordWrap(true);
    info_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    header_->setObjectName(QStringLiteral("resultHeader"));
    header_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    header_->setWordWrap(true);
    QFont headerFont = header_->font();
    headerFont.setBold(true);
    header_->setFont(headerFont);
}

void QueryPage::layOut() {
    auto* top = new QHBoxLayout();
    top->addWidget(mode_);
    top->addWidget(query_, 1);
    top->addWidget(runButton_);
    top->addWidget(cancelButton_);
    auto* filterRow = new QHBoxLayout();
    filterRow->addWidget(filter_, 1);
    filterRow->addWidget(kindFilter_);
    filterRow->addWidget(older_);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(filterRow);
    // Tab from the query box goes straight to the results; the mode, the filters and the
    // buttons come after them (a mode box in between changed the mode on an arrow key).
    QWidget::setTabOrder(query_, results_);
    QWidget::setTabOrder(results_, filter_);
    QWidget::setTabOrder(filter_, kindFilter_);
    QWidget::setTabOrder(kindFilter_, older_);
    QWidget::setTabOrder(older_, mode_);
    QWidget::setTabOrder(mode_, runButton_);
    QWidget::setTabOrder(runButton_, cancelButton_);
    layout->addWidget(header_);
    layout->addWidget(stack_, 1);
    layout->addWidget(info_);
}

void QueryPage::run() {
    const QString text = query_->currentText().trimmed();
    remember(text);
    session_->run(form_->request(text));
}

void QueryPage::runRequest(const QueryRequest& request) {
    session_->run(request);
}

void QueryPage::resetVaultState() {
    query_->setCurrentText(QString());
    filter_->clear();
    kindFilter_->setCurrentIndex(0);
    header_->clear();
    info_->clear();
    refused_->clear();
    older_->setChecked(false);
    older_->hide();
    stack_->setCurrentWidget(results_);
}

void QueryPage::setQueryText(const QString& text) {
    query_->setCurrentText(text);
}

QString QueryPage::queryText() const {
    return query_->currentText();
}

void QueryPage::focusQuery() {
    query_->setFocus(Qt::ShortcutFocusReason);
    query_->lineEdit()->selectAll();
}

void QueryPage::remember(const QString& text) {
    if (text.isEmpty())
        return;
    const int existing = query_->findText(text);
    if (existing == 0)
        return;
    if (existing > 0)
        query_->removeItem(existing);
    query_->insertItem(0, text);
    query_->setCurrentIndex(0);
    QStringList history;
    for (int i = 0; i < query_->count(); ++i)
        history << query_->itemText(i);
    QSettings().setValue(kHistoryKey, history);
}

void QueryPage::onStarted(const QueryRequest& request) {
    header_->setText(describeRequest(request));
    info_->setText(tr("Running %1…").arg(queryKindName(request.kind)));
}

void QueryPage::onFinished() {
    const QueryOutcome& outcome = session_->outcome();
    const bool entities = outcome.request.kind == QueryKind::SearchEntities;
    header_->setText(describeRequest(outcome.request));
    info_->setText(describe(outcome));
    const int older = session_->results()->olderCount();
    older_->setText(tr("Show %Ln older version(s)", nullptr, older));
    older_->setVisible(older > 0);
    // A refused or failed query says why where the hits would be, not as an empty list.
    if (!outcome.error.isEmpty() && !outcome.cancelled) {
        refused_->setText(tr("No results: %1").arg(outcome.error));
        stack_->setCurrentWidget(refused_);
        return;
    }
    // Nothing matched: the words it lacks and how close the nearest memory came, in place of an
    // empty list.
    if (outcome.search && outcome.search->no_match) {
        refused_->setText(noMatchText(*outcome.search));
        stack_->setCurrentWidget(refused_);
        return;
    }
    stack_->setCurrentWidget(entities ? static_cast<QWidget*>(entities_) : results_);
    if (!entities)
        selectFirst();
}

QList<int> QueryPage::selectedRows() const {
    QList<int> rows;
    for (const QModelIndex& index : results_->selectionModel()->selectedRows())
        rows << proxy_->mapToSource(index).row();
    std::sort(rows.begin(), rows.end());
    return rows;
}

void QueryPage::selectFirst() {
    if (proxy_->rowCount() == 0)
        return;
    results_->setCurrentIndex(proxy_->index(0, 0));
}

QString QueryPage::describeRequest(const QueryRequest& r) {
    const QString kind = queryKindName(r.kind);
    const QString text = qs(r.text);
    QString what;
    switch (r.kind) {
    case QueryKind::QueryTopic:
        what = tr("%1 on %2").arg(kind, qs(r.topic.entity_id));
        break;
    case QueryKind::DrillDown:
        what = tr("%1 of %2").arg(kind, qs(r.drill.node_id));
        break;
    case QueryKind::QuerySource:
        what = tr("%1 of %2")
                   .arg(kind, r.source.source_id     ? qs(*r.source.source_id)
                              : r.source.source_kind ? qs(*r.source.source_kind)
                                                     : tr("every source"));
        break;
    case QueryKind::FetchLeaves:
        what = tr("%1 of %2")
                   .arg(kind, tr("%Ln chunk(s)", nullptr, static_cast<int>(r.leafIds.size())));
        break;
    case QueryKind::CoverWindow:
        what = tr("%1 of %2").arg(kind, formatRange(r.cover.since_ms, r.cover.until_ms));
        break;
    case QueryKind::QueryGlobal:
        what = tr("%1 of %2").arg(kind, formatRange(r.global.since_ms, r.global.until_ms));
        break;
    case QueryKind::Hybrid:
    case QueryKind::Keyword:
    case QueryKind::Semantic:
    case QueryKind::SearchEntities:
    case QueryKind::Walk:
        return text.isEmpty() ? kind : tr("%1 “%2”").arg(kind, text);
    }
    // The primitives take the text only to rerank what they found.
    return text.isEmpty() ? what : tr("%1, reranked by “%2”").arg(what, text);
}

QString QueryPage::noMatchText(const SearchResponse& r) {
    const NoMatch& m = *r.no_match;
    QStringList terms;
    for (const auto& t : m.unknown_terms)
        terms << qs(t);
    QStringList parts;
    if (r.keyword.ran)
        parts << (m.in_scope ? tr("None of the words %1 occurs in the searched scope.")
                             : tr("None of the words %1 occurs in this vault."))
                     .arg(terms.join(QStringLiteral(", ")));
    if (r.vector.ran)
        parts << (r.vector.below_noise > 0
                      ? tr("No memory is closer in meaning to the query than made-up words are: "
                           "the closest reaches similarity %1, made-up words reach %2 here.")
                            .arg(m.best_similarity, 0, 'f', 3)
                            .arg(m.noise_floor, 0, 'f', 3)
                      : tr("No memory shares anything in meaning with it."));
    return tr("No match.") + QLatin1Char('\n') + parts.join(QLatin1Char(' '));
}

QString QueryPage::describe(const QueryOutcome& outcome) {
    if (!outcome.error.isEmpty())
        return outcome.cancelled ? tr("Cancelled.") : tr("Error: %1").arg(outcome.error);
    QStringList parts;
    const auto shown = outcome.request.kind == QueryKind::SearchEntities ? outcome.entities.size()
                                                                         : outcome.rows.size();
    parts << tr("%1: %2 of %3")
                 .arg(queryKindName(outcome.request.kind), formatCount(static_cast<qint64>(shown)),
                      formatCount(static_cast<qint64>(outcome.total)));
    if (outcome.truncated)
        parts << tr("truncated");
    if (outcome.search && outcome.search->no_match)
        parts << tr("no match");
    else if (outcome.search && outcome.search->vector.below_noise > 0)
        parts << tr("%Ln vector candidate(s) no closer than made-up words dropped as noise",
                    nullptr, static_cast<int>(outcome.search->vector.below_noise));
    // A fallback ranking is said before anything that describes the ranking.
    if (outcome.degraded)
        parts << tr("degraded ranking: %1").arg(qs(outcome.degraded->reason));
    // A keyword search that found no match is an answer of its own, said before the hits' counts
    // can pass for keyword matches: the hits (if any) are the vector leg's alone.
    if (outcome.search &&
        (outcome.request.kind == QueryKind::Hybrid || outcome.request.kind == QueryKind::Keyword)) {
        const LegReport& k = outcome.search->keyword;
        const LegReport& v = outcome.search->vector;
        if (!k.ran && !k.skipped_reason.empty() && k.weight > 0.0)
            parts << tr("no keyword search: %1").arg(phraseText(leg_skip_phrase(k.skipped_reason)));
        else if (k.ran && k.count == 0)
            parts << (v.ran && !outcome.rows.empty()
                          ? tr("the keyword leg matched nothing: every hit comes from the vector "
                               "leg alone")
                          : tr("the keyword leg matched nothing"));
    }
    // Older versions that would be among the hits but for the supersession penalty: a reader who
    // expected them learns where they went before reading the hits (each hit's verdict names
    // those it passed).
    if (outcome.search && !outcome.search->superseded_out.empty()) {
        const auto& out = outcome.search->superseded_out;
        parts << tr("%Ln older version(s) kept out of the hits: newer memories superseded them "
                    "(score × %1)",
                    nullptr, static_cast<int>(out.size()))
                     .arg(out.front().penalty, 0, 'f', 2);
    }
    if (outcome.context) {
        const QueryContext& c = *outcome.context;
        if (c.intent != QueryIntent::None)
            parts << tr("intent %1").arg(QString::fromLatin1(to_wire(c.intent)));
        if (c.window && !c.window->phrase.empty())
            parts
                << (c.window->reading.empty()
                        ? tr("window “%1”").arg(qs(c.window->phrase))
                        : tr("window “%1” (%2)").arg(qs(c.window->phrase), qs(c.window->reading)));
        if (c.augmented_text != c.raw_text)
            parts << tr("searched as “%1”").arg(qs(c.augmented_text));
    }
    if (outcome.search) {
        const SearchResponse& s = *outcome.search;
        parts << legText("keyword", s.keyword)
              << legText("vector", s.vector, s.candidates.vector_index);
        // How the query's names were read, where a signal reads them: the graph context of
        // profile fusion, or the entity boost under RRF (docs/entities.md, "Names in a query").
        const bool entitiesAct = s.settings.fusion == FusionKind::Profile
                                     ? s.settings.profile.graph > 0.0
                                     : s.settings.entity_boost > 0.0;
        if (entitiesAct && !s.query_entity_notes.empty()) {
            QStringList notes;
            for (std::size_t i = 0; i < s.query_entity_notes.size(); ++i)
                notes << (i < s.query_entity_phrases.size() ? phraseText(s.query_entity_phrases[i])
                                                            : qs(s.query_entity_notes[i]));
            parts << tr("names: %1").arg(notes.join(QStringLiteral("; ")));
        }
        parts << tr("fusion %1, MMR λ %2")
                     .arg(QString::fromLatin1(to_string(s.settings.fusion)))
                     .arg(s.mmr_lambda, 0, 'f', 2);
        if (!s.budget_reasons.empty()) {
            QStringList reasons;
            for (const auto& r : s.budget_reasons)
                reasons << qs(r);
            parts << tr("budget: %1").arg(reasons.join(QStringLiteral(", ")));
        }
        if (s.below_min_score > 0)
            parts << tr("%n below the no-match threshold %1 not returned", nullptr,
                        static_cast<int>(s.below_min_score))
                         .arg(s.settings.min_score, 0, 'f', 5);
        parts << (s.audit.enabled ? tr("audited")
                                  : phraseText(audit_state_phrase(s.audit.disabled_reason)));
    }
    if (outcome.walk) {
        QStringList entities;
        for (const auto& e : outcome.walk->query_entities)
            entities << qs(e);
        parts << tr("route %1").arg(QString::fromLatin1(to_wire(outcome.walk->route)));
        if (!entities.isEmpty())
            parts << tr("entities %1").arg(entities.join(QStringLiteral(", ")));
        if (outcome.walk->route == WalkRoute::Local)
            parts << tr("%1 at %2", "<n related pairs> at <n hops>")
                         .arg(tr("%Ln related pair(s)", nullptr,
                                 static_cast<int>(outcome.walk->related_pairs.size())),
                              tr("%Ln hop(s)", nullptr, static_cast<int>(outcome.walk->hops_used)));
    }
    parts << tr("%1 ms").arg(outcome.elapsedMs, 0, 'f', 1);
    return parts.join(QStringLiteral(" · "));
}

} // namespace memlens::ui
