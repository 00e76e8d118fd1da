#include "pages/queryform.h"

#include "core/format.h"
#include "query/settingspanel.h"
#include "vault/vaultoverview.h"
#include "widgets/timeboundedit.h"
#include "widgets/wheelguard.h"

#include <memlens/query_options.h>

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace memlens::ui {

namespace {

enum Page {
    SearchPage,
    SourcePage,
    GlobalPage,
    TopicPage,
    CoverPage,
    EntitiesPage,
    DrillPage,
    LeavesPage,
    WalkPage
};

// A spin box whose lowest value reads as `special` ("default", "setting", "none"): the
// parameter is left to the core or the vault.
QSpinBox* makeSpin(QWidget* parent, int min, int max, int value, const QString& special) {
    auto* spin = new QSpinBox(parent);
    spin->setRange(min, max);
    spin->setValue(value);
    if (!special.isEmpty())
        spin->setSpecialValueText(special);
    return spin;
}

// A spin box over a query option's range (memlens/query_options.h): 0 reads as `special`.
QSpinBox* optionSpin(QWidget* parent, QueryOptionId id, const QString& special) {
    const QueryOption& o = query_option(id);
    return makeSpin(parent, static_cast<int>(o.min), static_cast<int>(o.max),
                    static_cast<int>(o.min), special);
}

QDoubleSpinBox* makeDoubleSpin(QWidget* parent, double min, double max, double step, int decimals,
                               double value, const QString& special) {
    auto* spin = new QDoubleSpinBox(parent);
    spin->setRange(min, max);
    spin->setSingleStep(step);
    spin->setDecimals(decimals);
    spin->setValue(value);
    if (!special.isEmpty())
        spin->setSpecialValueText(special);
    return spin;
}

QComboBox* makeKindCombo(QWidget* parent) {
    auto* combo = new QComboBox(parent);
    combo->addItem(QCoreApplication::translate("QueryForm", "any kind"), QString());
    for (const std::string_view kind : kSourceKinds) {
        const QString name = QString::fromLatin1(kind.data(), static_cast<qsizetype>(kind.size()));
        combo->addItem(name, name);
    }
    return combo;
}

QComboBox* makeSourceCombo(QWidget* parent) {
    auto* combo = new QComboBox(parent);
    combo->setEditable(true);
    combo->setInsertPolicy(QComboBox::NoInsert);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(12);
    combo->lineEdit()->setPlaceholderText(QCoreApplication::translate("QueryForm", "any source"));
    return combo;
}

std::optional<std::string> comboText(const QComboBox* combo) {
    const QString text = combo->currentText().trimmed();
    if (text.isEmpty())
        return std::nullopt;
    return text.toStdString();
}

std::optional<std::string> comboData(const QComboBox* combo) {
    const QString value = combo->currentData().toString();
    if (value.isEmpty())
        return std::nullopt;
    return value.toStdString();
}

std::vector<std::string> splitList(const QString& text) {
    std::vector<std::string> out;
    const QStringList parts =
        text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
    for (const QString& p : parts)
        out.push_back(p.toStdString());
    return out;
}

QFormLayout* makeForm(QWidget* page) {
    auto* form = new QFormLayout(page);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    return form;
}

// The special text of a spin box whose 0 means the core's default.
template <typename N> QString defaultText(N value) {
    return QCoreApplication::translate("QueryForm", "default (%1)").arg(value);
}

void addHelp(QFormLayout* form, const QString& text) {
    auto* label = new QLabel(text);
    label->setWordWrap(true);
    label->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(label);
}

} // namespace

QueryForm::QueryForm(QWidget* parent)
    : QWidget(parent)
    , mode_(new QComboBox(this))
    , pages_(new QStackedWidget(this)) {
    fillModes(mode_);
    mode_->setToolTip(tr("Hybrid search modes first, then the retrieval primitives."));

    pages_->addWidget(buildSearchPage());
    pages_->addWidget(buildSourcePage());
    pages_->addWidget(buildGlobalPage());
    pages_->addWidget(buildTopicPage());
    pages_->addWidget(buildCoverPage());
    pages_->addWidget(buildEntitiesPage());
    pages_->addWidget(buildDrillPage());
    pages_->addWidget(buildLeavesPage());
    pages_->addWidget(buildWalkPage());

    connect(mode_, &QComboBox::currentIndexChanged, this, [this] {
        pages_->setCurrentIndex(pageFor(kind()));
        Q_EMIT kindChanged(kind());
    });

    auto* scroll = new QScrollArea(this);
    scroll->setWidget(pages_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Without a horizontal bar the dock must not shrink below the form, or longer translations
    // (German labels) are cut off at the right edge.
    scroll->setMinimumWidth(pages_->minimumSizeHint().width() +
                            scroll->verticalScrollBar()->sizeHint().width());

    auto* top = new QFormLayout();
    top->addRow(tr("&Mode:"), mode_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(top);
    layout->addWidget(scroll, 1);
    guardWheel(this);
}

void QueryForm::fillModes(QComboBox* combo) {
    for (int i = 0; i < kQueryKindCount; ++i) {
        const auto kind = static_cast<QueryKind>(i);
        combo->addItem(queryKindName(kind), i);
        combo->setItemData(combo->count() - 1, queryKindHelp(kind), Qt::ToolTipRole);
        if (kind == QueryKind::Semantic)
            combo->insertSeparator(combo->count());
    }
}

QueryKind QueryForm::kind() const {
    return static_cast<QueryKind>(mode_->currentData().toInt());
}

void QueryForm::setKind(QueryKind kind) {
    mode_->setCurrentIndex(mode_->findData(static_cast<int>(kind)));
}

int QueryForm::pageFor(QueryKind kind) const {
    switch (kind) {
    case QueryKind::Hybrid:
    case QueryKind::Keyword:
    case QueryKind::Semantic:
        return SearchPage;
    case QueryKind::QuerySource:
        return SourcePage;
    case QueryKind::QueryGlobal:
        return GlobalPage;
    case QueryKind::QueryTopic:
        return TopicPage;
    case QueryKind::CoverWindow:
        return CoverPage;
    case QueryKind::SearchEntities:
        return EntitiesPage;
    case QueryKind::DrillDown:
        return DrillPage;
    case QueryKind::FetchLeaves:
        return LeavesPage;
    case QueryKind::Walk:
        return WalkPage;
    }
    return SearchPage;
}

QWidget* QueryForm::buildSearchPage() {
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    QGroupBox* fusionBox = buildFusionBox(page);
    QGroupBox* scopeBox = buildScopeBox(page);
    QGroupBox* budgetBox = buildBudgetBox(page);
    QGroupBox* settingsBox = buildSettingsBox(page);
    layout->addWidget(fusionBox);
    layout->addWidget(scopeBox);
    layout->addWidget(budgetBox);
    layout->addWidget(settingsBox);
    layout->addStretch();
    return page;
}

QGroupBox* QueryForm::buildFusionBox(QWidget* page) {
    auto* fusionBox = new QGroupBox(tr("Fusion"), page);
    auto* fusion = makeForm(fusionBox);
    const QString setting = tr("vault setting");
    fusion_ = new QComboBox(fusionBox);
    fusion_->addItem(setting, QString());
    for (const FusionKind f : kFusionKinds)
        fusion_->addItem(f == FusionKind::Rrf ? tr("weighted RRF") : tr("WeightProfile fold"),
                         QString::fromLatin1(to_string(f)));
    profile_ = new QComboBox(fusionBox);
    profile_->addItem(setting, QString());
    for (const std::string& name : WeightProfile::names({}))
        profile_->addItem(qs(name), qs(name));
    searchLimit_ = optionSpin(fusionBox, QueryOptionId::Limit, setting);
    // λ and the recency boost override a setting: one step below the option's range reads as
    // "setting" (left to the vault).
    const QueryOption& lambda = query_option(QueryOptionId::MmrLambda);
    mmrLambda_ = makeDoubleSpin(fusionBox, lambda.min - 0.05, lambda.max, 0.05, 2,
                                lambda.min - 0.05, setting);
    mmrLambda_->setToolTip(tr("MMR λ: 1 = pure relevance, 0 = pure diversity (default %1).")
                               .arg(RetrievalSettings{}.mmr_lambda));
    const QueryOption& recency = query_option(QueryOptionId::Recency);
    recency_ = makeDoubleSpin(fusionBox, recency.min - 0.1, recency.max, 0.1, 2, recency.min - 0.1,
                              setting);
    recency_->setToolTip(tr("RRF × (1 + boost × 1/(1 + age in days)); 0 = off."));
    includeSummaries_ = new QCheckBox(tr("Search summaries too"), fusionBox);
    includeSummaries_->setTristate(true);
    includeSummaries_->setCheckState(Qt::PartiallyChecked);
    includeSummaries_->setToolTip(tr("Partially checked: the vault setting."));
    exact_ = new QCheckBox(tr("Exact vector scan (ground truth)"), fusionBox);
    fusion->addRow(tr("Fusion:"), fusion_);
    fusion->addRow(tr("Profile:"), profile_);
    fusion->addRow(tr("Limit:"), searchLimit_);
    fusion->addRow(tr("MMR λ:"), mmrLambda_);
    fusion->addRow(tr("Recency boost:"), recency_);
    fusion->addRow(includeSummaries_);
    fusion->addRow(exact_);
    return fusionBox;
}

QGroupBox* QueryForm::buildScopeBox(QWidget* page) {
    auto* scopeBox = new QGroupBox(tr("Scope"), page);
    auto* scope = makeForm(scopeBox);
    auto* kinds = new QWidget(scopeBox);
    auto* kindsLayout = new QHBoxLayout(kinds);
    kindsLayout->setContentsMargins(0, 0, 0, 0);
    for (const std::string_view kind : kSourceKinds) {
        kindBoxes_.push_back(new QCheckBox(
            QString::fromLatin1(kind.data(), static_cast<qsizetype>(kind.size())), kinds));
        kindsLayout->addWidget(kindBoxes_.back());
    }
    kindsLayout->addStretch();
    namespaces_ = new QLineEdit(scopeBox);
    namespaces_->setPlaceholderText(tr("any (comma-separated)"));
    topics_ = new QLineEdit(scopeBox);
    topics_->setPlaceholderText(tr("any, e.g. deploy, launch"));
    tags_ = new QLineEdit(scopeBox);
    tags_->setPlaceholderText(tr("any, e.g. todo, work (memories only)"));
    tags_->setToolTip(tr("Only memories stored with one of these tags (case is ignored); "
                         "summaries are left out"));
    contentTypes_ = new QLineEdit(scopeBox);
    contentTypes_->setPlaceholderText(tr("any, e.g. text, code"));
    scopeSince_ = new TimeBoundEdit(tr("since"), scopeBox);
    scopeUntil_ = new TimeBoundEdit(tr("until"), scopeBox);
    scope->addRow(tr("Source kinds:"), kinds);
    scope->addRow(tr("Namespaces:"), namespaces_);
    scope->addRow(tr("Topics:"), topics_);
    scope->addRow(tr("Tags:"), tags_);
    scope->addRow(tr("Content types:"), contentTypes_);
    scope->addRow(scopeSince_);
    scope->addRow(scopeUntil_);
    return scopeBox;
}

QGroupBox* QueryForm::buildBudgetBox(QWidget* page) {
    auto* budgetBox = new QGroupBox(tr("Budgets"), page);
    auto* budget = makeForm(budgetBox);
    const QString none = tr("none");
    maxUnits_ = optionSpin(budgetBox, QueryOptionId::MaxUnits, none);
    maxChars_ = optionSpin(budgetBox, QueryOptionId::MaxChars, none);
    maxChars_->setSingleStep(500);
    const QueryOption& ms = query_option(QueryOptionId::MaxMs);
    maxMs_ = makeDoubleSpin(budgetBox, ms.min, ms.max, 10.0, 1, ms.min, none);
    budget->addRow(tr("Max units:"), maxUnits_);
    budget->addRow(tr("Max chars:"), maxChars_);
    budget->addRow(tr("Max ms:"), maxMs_);
    return budgetBox;
}

QGroupBox* QueryForm::buildSettingsBox(QWidget* page) {
    auto* settingsBox = new QGroupBox(tr("Retrieval Settings"), page);
    auto* settingsLayout = new QVBoxLayout(settingsBox);
    settings_ = new SettingsPanel(settingsBox);
    settingsLayout->addWidget(settings_);
    connectSettings();
    return settingsBox;
}

void QueryForm::connectSettings() {
    // The Fusion controls write their rows of the settings panel; their lowest value ("vault")
    // clears the row back to the vault's value.
    auto write = [this](const char* key, std::optional<QString> text) {
        if (syncing_)
            return;
        if (text)
            settings_->setValue(key, *text);
        else
            settings_->clearValue(key);
    };
    auto dataOf = [](QComboBox* combo) -> std::optional<QString> {
        const QString d = combo->currentData().toString();
        return d.isEmpty() ? std::nullopt : std::optional<QString>(d);
    };
    connect(fusion_, &QComboBox::currentIndexChanged, this,
            [=, this] { write("search.fusion", dataOf(fusion_)); });
    connect(profile_, &QComboBox::currentIndexChanged, this,
            [=, this] { write("search.profile", dataOf(profile_)); });
    for (QAbstractSpinBox* spin :
         {static_cast<QAbstractSpinBox*>(searchLimit_), static_cast<QAbstractSpinBox*>(mmrLambda_),
          static_cast<QAbstractSpinBox*>(recency_)})
        spin->setKeyboardTracking(false); // one value per edit, not one per keystroke
    connect(searchLimit_, &QSpinBox::valueChanged, this, [write](int v) {
        write("search.limit", v > 0 ? std::optional<QString>(QString::number(v)) : std::nullopt);
    });
    connect(mmrLambda_, &QDoubleSpinBox::valueChanged, this, [write](double v) {
        write("search.mmr_lambda",
              v >= 0.0 ? std::optional<QString>(QString::number(v)) : std::nullopt);
    });
    connect(recency_, &QDoubleSpinBox::valueChanged, this, [write](double v) {
        write("search.recency_boost",
              v >= 0.0 ? std::optional<QString>(QString::number(v)) : std::nullopt);
    });
    connect(includeSummaries_, &QCheckBox::stateChanged, this, [write](int state) {
        const auto st = static_cast<Qt::CheckState>(state);
        write("search.include_summaries",
              st == Qt::PartiallyChecked
                  ? std::nullopt
                  : std::optional<QString>(st == Qt::Checked ? QStringLiteral("true")
                                                             : QStringLiteral("false")));
    });
    connect(settings_, &SettingsPanel::changed, this, &QueryForm::showSettingsInControls);
    showSettingsInControls();
}

void QueryForm::showSettingsInControls() {
    // A control shows a value of its own where the panel's differs from the vault's, else its
    // lowest entry, which names the vault's value.
    const std::vector<std::string> changed = settings_->changedKeys();
    auto isChanged = [&changed](const char* key) {
        return std::find(changed.begin(), changed.end(), key) != changed.end();
    };
    const RetrievalSettings& vault = settings_->stored();
    const RetrievalSettings now = settings_->effective();
    syncing_ = true;
    fusion_->setItemText(0, tr("vault (%1)").arg(QString::fromLatin1(to_string(vault.fusion))));
    fusion_->setCurrentIndex(isChanged("search.fusion")
                                 ? fusion_->findData(QString::fromLatin1(to_string(now.fusion)))
                                 : 0);
    profile_->setItemText(0, tr("vault (%1)").arg(qs(vault.profile.name)));
    const int profile = profile_->findData(qs(now.profile.name));
    profile_->setCurrentIndex(isChanged("search.profile") && profile > 0 ? profile : 0);
    searchLimit_->setSpecialValueText(tr("vault (%1)").arg(vault.limit));
    searchLimit_->setValue(isChanged("search.limit") ? now.limit : 0);
    mmrLambda_->setSpecialValueText(tr("vault (%1)").arg(vault.mmr_lambda));
    mmrLambda_->setValue(isChanged("search.mmr_lambda") ? now.mmr_lambda : mmrLambda_->minimum());
    recency_->setSpecialValueText(tr("vault (%1)").arg(vault.recency_boost));
    recency_->setValue(isChanged("search.recency_boost") ? now.recency_boost : recency_->minimum());
    includeSummaries_->setCheckState(isChanged("search.include_summaries")
                                         ? (now.include_summaries ? Qt::Checked : Qt::Unchecked)
                                         : Qt::PartiallyChecked);
    includeSummaries_->setToolTip(tr("Partially checked: the vault setting (%1).")
                                      .arg(vault.include_summaries ? tr("on") : tr("off")));
    syncing_ = false;
}

QWidget* QueryForm::buildSourcePage() {
    auto* page = new QWidget(this);
    auto* form = makeForm(page);
    addHelp(form, queryKindHelp(QueryKind::QuerySource) + QLatin1Char(' ') +
                      tr("With query text, hits are reranked by cosine; without, newest first."));
    sourceId_ = makeSourceCombo(page);
    sourceKind_ = makeKindCombo(page);
    sourceDays_ = makeSpin(page, 0, 3650, 0, tr("any time"));
    sourceDays_->setSuffix(tr(" days"));
    sourceLimit_ =
        makeSpin(page, 0, static_cast<int>(kMaxQueryLimit), 0, defaultText(kDefaultQueryLimit));
    form->addRow(tr("Source id:"), sourceId_);
    form->addRow(tr("Source kind:"), sourceKind_);
    form->addRow(tr("Time window:"), sourceDays_);
    form->addRow(tr("Limit:"), sourceLimit_);
    return page;
}

QWidget* QueryForm::buildGlobalPage() {
    auto* page = new QWidget(this);
    auto* form = makeForm(page);
    addHelp(form, queryKindHelp(QueryKind::QueryGlobal));
    globalSince_ = new TimeBoundEdit(tr("since"), page);
    globalUntil_ = new TimeBoundEdit(tr("until"), page);
    globalSince_->setValue(0);
    globalUntil_->setValue(QDateTime::currentMSecsSinceEpoch());
    globalKind_ = makeKindCombo(page);
    globalLimit_ =
        makeSpin(page, 0, static_cast<int>(kMaxQueryLimit), 0, defaultText(kDefaultQueryLimit));
    form->addRow(globalSince_);
    form->addRow(globalUntil_);
    form->addRow(tr("Source kind:"), globalKind_);
    form->addRow(tr("Limit:"), globalLimit_);
    return page;
}

QWidget* QueryForm::buildTopicPage() {
    auto* page = new QWidget(this);
    auto* form = makeForm(page);
    addHelp(form, queryKindHelp(QueryKind::QueryTopic));
    topicEntity_ = new QLineEdit(page);
    topicEntity_->setPlaceholderText(tr("canonical id, e.g. person:alice"));
    topicSince_ = new TimeBoundEdit(tr("since"), page);
    topicUntil_ = new TimeBoundEdit(tr("until"), page);
    topicLimit_ =
        makeSpin(page, 0, static_cast<int>(kMaxQueryLimit), 0, defaultText(kDefaultQueryLimit));
    form->addRow(tr("Entity:"), topicEntity_);
    form->addRow(topicSince_);
    form->addRow(topicUntil_);
    form->addRow(tr("Limit:"), topicLimit_);
    return page;
}

QWidget* QueryForm::buildCoverPage() {
    auto* page = new QWidget(this);
    auto* form = makeForm(page);
    addHelp(form, queryKindHelp(QueryKind::CoverWindow) + QLatin1Char(' ') +
                      tr("Drag over the timeline on the Trees page to pick a window."));
    coverSince_ = new TimeBoundEdit(tr("since"), page);
    coverUntil_ = new TimeBoundEdit(tr("until"), page);
    coverSince_->setValue(0);
    coverUntil_->setValue(QDateTime::currentMSecsSinceEpoch());
    coverSource_ = makeSourceCombo(page);
    coverKind_ = makeKindCombo(page);
    coverLimit_ = makeSpin(page, 0, 5000, 0, defaultText(kDefaultCoverLimit));
    form->addRow(coverSince_);
    form->addRow(coverUntil_);
    form->addRow(tr("Source id:"), coverSource_);
    form->addRow(tr("Source kind:"), coverKind_);
    form->addRow(tr("Limit:"), coverLimit_);
    return page;
}

QWidget* QueryForm::buildEntitiesPage() {
    auto* page = new QWidget(this);
    auto* form = makeForm(page);
    addHelp(form, queryKindHelp(QueryKind::SearchEntities) + QLatin1Char(' ') +
                      tr("The query text is the name to look up."));
    entityKinds_ = new QLineEdit(page);
    entityKinds_->setPlaceholderText(tr("any, e.g. person, email"));
    entityLimit_ = makeSpin(page, 0, static_cast<int>(kMaxQueryLimit), 0,
                            defaultText(kDefaultEntitySearchLimit));
    form->addRow(tr("Kinds:"), entityKinds_);
    form->addRow(tr("Limit:"), entityLimit_);
    return page;
}

QWidget* QueryForm::buildDrillPage() {
    auto* page = new QWidget(this);
    auto* form = makeForm(page);
    addHelp(form, queryKindHelp(QueryKind::DrillDown) + QLatin1Char(' ') +
                      tr("With query text, the children are reranked by cosine."));
    drillNode_ = new QLineEdit(page);
    drillNode_->setPlaceholderText(tr("summary id"));
    drillDepth_ = makeSpin(page, 0, 8, 1, QString());
    drillLimit_ = makeSpin(page, 0, 1000, 0, tr("no limit"));
    form->addRow(tr("Node:"), drillNode_);
    form->addRow(tr("Depth:"), drillDepth_);
    form->addRow(tr("Limit:"), drillLimit_);
    return page;
}

QWidget* QueryForm::buildLeavesPage() {
    auto* page = new QWidget(this);
    auto* form = makeForm(page);
    addHelp(form, queryKindHelp(QueryKind::FetchLeaves));
    leafIds_ = new QLineEdit(page);
    leafIds_->setPlaceholderText(tr("chunk ids, comma-separated"));
    form->addRow(tr("Chunk ids:"), leafIds_);
    return page;
}

QWidget* QueryForm::buildWalkPage() {
    auto* page = new QWidget(this);
    auto* form = makeForm(page);
    addHelp(form, queryKindHelp(QueryKind::Walk) + QLatin1Char(' ') +
                      tr("Name two people or topics to take the local route."));
    walkLimit_ =
        makeSpin(page, 0, static_cast<int>(kMaxQueryLimit), 0, defaultText(kDefaultQueryLimit));
    walkHops_ = makeSpin(page, 0, kMaxGraphHops, 0, defaultText(kDefaultGraphHops));
    walkDays_ = makeSpin(page, 0, 3650, 0, tr("any time"));
    walkDays_->setSuffix(tr(" days"));
    form->addRow(tr("Limit (k):"), walkLimit_);
    form->addRow(tr("Max hops (h):"), walkHops_);
    form->addRow(tr("Look back:"), walkDays_);
    return page;
}

QueryRequest QueryForm::request(const QString& text) const {
    QueryRequest r;
    r.kind = kind();
    r.text = text.toStdString();

    QueryOptions& s = r.search;
    if (auto f = comboData(fusion_))
        s.fusion = fusion_kind_from_string(*f);
    if (auto p = comboData(profile_))
        s.profile = *p;
    s.limit = searchLimit_->value();
    if (mmrLambda_->value() >= 0.0)
        s.mmr_lambda = mmrLambda_->value();
    if (recency_->value() >= 0.0)
        s.recency_boost = recency_->value();
    if (includeSummaries_->checkState() != Qt::PartiallyChecked)
        s.include_summaries = includeSummaries_->isChecked();
    s.exact = exact_->isChecked();
    for (std::size_t i = 0; i < kindBoxes_.size(); ++i)
        if (kindBoxes_[i]->isChecked())
            s.scope.source_kinds.emplace_back(kSourceKinds[i]);
    s.scope.namespaces = splitList(namespaces_->text());
    s.scope.topics = splitList(topics_->text());
    s.scope.tags = splitList(tags_->text());
    s.scope.content_types = splitList(contentTypes_->text());
    s.scope.since_ms = scopeSince_->value();
    s.scope.until_ms = scopeUntil_->value();
    s.budget.max_units = maxUnits_->value();
    s.budget.max_chars = maxChars_->value();
    s.budget.max_ms = maxMs_->value();
    // Every value of the settings panel (the Fusion controls included) when one differs from
    // the vault's; else the engine reads the vault's own.
    s.settings = settings_->overrides();

    r.source.source_id = comboText(sourceId_);
    r.source.source_kind = comboData(sourceKind_);
    if (sourceDays_->value() > 0)
        r.source.time_window_days = sourceDays_->value();
    r.source.limit = static_cast<std::size_t>(sourceLimit_->value());

    r.global.since_ms = globalSince_->value().value_or(0);
    r.global.until_ms = globalUntil_->value().value_or(QDateTime::currentMSecsSinceEpoch());
    r.global.source_kind = comboData(globalKind_);
    r.global.limit = static_cast<std::size_t>(globalLimit_->value());

    r.topic.entity_id = topicEntity_->text().trimmed().toStdString();
    r.topic.since_ms = topicSince_->value();
    r.topic.until_ms = topicUntil_->value();
    r.topic.limit = static_cast<std::size_t>(topicLimit_->value());

    r.cover.since_ms = coverSince_->value().value_or(0);
    r.cover.until_ms = coverUntil_->value().value_or(QDateTime::currentMSecsSinceEpoch());
    r.cover.source_id = comboText(coverSource_);
    r.cover.source_kind = comboData(coverKind_);
    r.cover.limit = static_cast<std::size_t>(coverLimit_->value());

    r.entities.kinds = splitList(entityKinds_->text());
    r.entities.limit = static_cast<std::size_t>(entityLimit_->value());

    r.drill.node_id = drillNode_->text().trimmed().toStdString();
    r.drill.max_depth = drillDepth_->value();
    if (drillLimit_->value() > 0)
        r.drill.limit = static_cast<std::size_t>(drillLimit_->value());

    r.leafIds = splitList(leafIds_->text());

    r.walk.limit = static_cast<std::size_t>(walkLimit_->value());
    r.walk.max_hops = walkHops_->value();
    if (walkDays_->value() > 0)
        r.walk.time_window_days = walkDays_->value();
    return r;
}

void QueryForm::setVault(const VaultOverviewData& data) {
    settings_->setVault(data);
    QStringList ids;
    for (const auto& s : data.sources)
        ids << qs(s.source_id);
    for (QComboBox* combo : {sourceId_, coverSource_}) {
        const QString current = combo->currentText();
        combo->clear();
        combo->addItem(QString());
        combo->addItems(ids);
        combo->setCurrentText(current);
    }
    if (data.stats.earliest_ms != 0) {
        for (TimeBoundEdit* since : {scopeSince_, topicSince_})
            since->setSuggestion(data.stats.earliest_ms);
        for (TimeBoundEdit* until : {scopeUntil_, topicUntil_})
            until->setSuggestion(data.stats.latest_ms);
        globalSince_->setValue(data.stats.earliest_ms);
        globalUntil_->setValue(data.stats.latest_ms);
        coverSince_->setValue(
            std::max<qint64>(data.stats.earliest_ms, data.stats.latest_ms - 7 * 86'400'000LL));
        coverUntil_->setValue(data.stats.latest_ms);
    }
}

void QueryForm::resetVaultState() {
    settings_->resetVaultState();
    for (QComboBox* combo : {sourceId_, coverSource_}) {
        combo->clear();
        combo->setCurrentText(QString());
    }
    for (QLineEdit* edit :
         {namespaces_, topics_, tags_, contentTypes_, topicEntity_, drillNode_, leafIds_})
        edit->clear();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (TimeBoundEdit* bound : {scopeSince_, scopeUntil_, topicSince_, topicUntil_}) {
        bound->setValue(std::nullopt);
        bound->setSuggestion(now);
    }
    // The windows of query_global and cover_window always have both ends (as built).
    for (TimeBoundEdit* since : {globalSince_, coverSince_})
        since->setValue(0);
    for (TimeBoundEdit* until : {globalUntil_, coverUntil_})
        until->setValue(now);
}

void QueryForm::setSourceId(const QString& sourceId) {
    sourceId_->setCurrentText(sourceId);
    coverSource_->setCurrentText(sourceId);
}

void QueryForm::setTopicEntity(const QString& entityId) {
    topicEntity_->setText(entityId);
}

void QueryForm::setDrillNode(const QString& nodeId) {
    drillNode_->setText(nodeId);
}

void QueryForm::setLeafIds(const QStringList& ids) {
    leafIds_->setText(ids.join(QStringLiteral(", ")));
}

void QueryForm::setScopeWindow(std::optional<qint64> sinceMs, std::optional<qint64> untilMs) {
    scopeSince_->setValue(sinceMs);
    scopeUntil_->setValue(untilMs);
}

void QueryForm::setWindow(qint64 sinceMs, qint64 untilMs) {
    coverSince_->setValue(sinceMs);
    coverUntil_->setValue(untilMs);
    globalSince_->setValue(sinceMs);
    globalUntil_->setValue(untilMs);
}

} // namespace memlens::ui
