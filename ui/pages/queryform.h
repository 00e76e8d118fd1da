// The parameters of a query: the mode (hybrid, keyword, semantic, or a primitive of the
// seeds) and, for each, its own form — fusion, profile, MMR λ, scoping and budgets for the
// search modes; source, window, entity, node or ids for the primitives. request() reads the
// form into a QueryRequest; the form never runs anything itself.
#pragma once

#include "query/queryrequest.h"

#include <QWidget>

#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLineEdit;
class QSpinBox;
class QStackedWidget;

namespace memlens::ui {

class SettingsPanel;
class TimeBoundEdit;
struct VaultOverviewData;

class QueryForm : public QWidget {
    Q_OBJECT
public:
    explicit QueryForm(QWidget* parent = nullptr);

    QueryKind kind() const;
    void setKind(QueryKind kind);
    // Fills a combo box with every mode (its data: the QueryKind as int), as the form lists them.
    static void fillModes(QComboBox* combo);

    // Forgets what belonged to the previous vault: sources, entity, node, chunk ids, scope
    // lists and time bounds (setVault() then fills in the new vault's).
    void resetVaultState();

    QueryRequest request(const QString& text) const;

    // Fills the source pickers and suggests time bounds from an opened vault.
    void setVault(const VaultOverviewData& data);

    // Presets used when another view sends the user here.
    void setSourceId(const QString& sourceId);
    void setTopicEntity(const QString& entityId);
    void setDrillNode(const QString& nodeId);
    void setLeafIds(const QStringList& ids);
    void setWindow(qint64 sinceMs, qint64 untilMs);
    // The search scope's time window (the shared time filter); nullopt leaves a side open.
    void setScopeWindow(std::optional<qint64> sinceMs, std::optional<qint64> untilMs);

    // Every retrieval setting as the search uses it; the Fusion controls above are views of
    // its fusion, profile, limit, λ, recency and summaries rows.
    SettingsPanel* settingsPanel() const { return settings_; }

    // The search-mode controls, for tests.
    QDoubleSpinBox* mmrLambdaBox() const { return mmrLambda_; }
    QLineEdit* tagsEdit() const { return tags_; }
    QComboBox* fusionBox() const { return fusion_; }
    TimeBoundEdit* scopeSinceEdit() const { return scopeSince_; }
    TimeBoundEdit* scopeUntilEdit() const { return scopeUntil_; }

Q_SIGNALS:
    void kindChanged(memlens::ui::QueryKind kind);

private:
    QWidget* buildSearchPage();
    QGroupBox* buildFusionBox(QWidget* page);
    QGroupBox* buildScopeBox(QWidget* page);
    QGroupBox* buildBudgetBox(QWidget* page);
    QGroupBox* buildSettingsBox(QWidget* page);
    QWidget* buildSourcePage();
    QWidget* buildGlobalPage();
    QWidget* buildTopicPage();
    QWidget* buildCoverPage();
    QWidget* buildEntitiesPage();
    QWidget* buildDrillPage();
    QWidget* buildLeavesPage();
    QWidget* buildWalkPage();
    int pageFor(QueryKind kind) const;
    void connectSettings();
    void showSettingsInControls();

    QComboBox* mode_;
    QStackedWidget* pages_;

    // search modes
    QComboBox* fusion_ = nullptr;
    QComboBox* profile_ = nullptr;
    QSpinBox* searchLimit_ = nullptr;
    QDoubleSpinBox* mmrLambda_ = nullptr;
    QDoubleSpinBox* recency_ = nullptr;
    QCheckBox* includeSummaries_ = nullptr;
    QCheckBox* exact_ = nullptr;
    std::vector<QCheckBox*> kindBoxes_; // one per kSourceKinds entry, in its order
    QLineEdit* namespaces_ = nullptr;
    QLineEdit* topics_ = nullptr;
    QLineEdit* tags_ = nullptr; // SearchScope::tags, comma-separated
    QLineEdit* contentTypes_ = nullptr;
    TimeBoundEdit* scopeSince_ = nullptr;
    TimeBoundEdit* scopeUntil_ = nullptr;
    SettingsPanel* settings_ = nullptr;
    bool syncing_ = false; // showSettingsInControls() is setting the controls
    QSpinBox* maxUnits_ = nullptr;
    QSpinBox* maxChars_ = nullptr;
    QDoubleSpinBox* maxMs_ = nullptr;

    // query_source
    QComboBox* sourceId_ = nullptr;
    QComboBox* sourceKind_ = nullptr;
    QSpinBox* sourceDays_ = nullptr;
    QSpinBox* sourceLimit_ = nullptr;
    // query_global
    TimeBoundEdit* globalSince_ = nullptr;
    TimeBoundEdit* globalUntil_ = nullptr;
    QComboBox* globalKind_ = nullptr;
    QSpinBox* globalLimit_ = nullptr;
    // query_topic
    QLineEdit* topicEntity_ = nullptr;
    TimeBoundEdit* topicSince_ = nullptr;
    TimeBoundEdit* topicUntil_ = nullptr;
    QSpinBox* topicLimit_ = nullptr;
    // cover_window
    TimeBoundEdit* coverSince_ = nullptr;
    TimeBoundEdit* coverUntil_ = nullptr;
    QComboBox* coverSource_ = nullptr;
    QComboBox* coverKind_ = nullptr;
    QSpinBox* coverLimit_ = nullptr;
    // search_entities
    QLineEdit* entityKinds_ = nullptr;
    QSpinBox* entityLimit_ = nullptr;
    // drill_down
    QLineEdit* drillNode_ = nullptr;
    QSpinBox* drillDepth_ = nullptr;
    QSpinBox* drillLimit_ = nullptr;
    // fetch_leaves
    QLineEdit* leafIds_ = nullptr;
    // walk
    QSpinBox* walkLimit_ = nullptr;
    QSpinBox* walkHops_ = nullptr;
    QSpinBox* walkDays_ = nullptr;
};

} // namespace memlens::ui
