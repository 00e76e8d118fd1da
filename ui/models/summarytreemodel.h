// Summary trees as a lazy tree: trees → their top summaries → children by drill_down → leaves.
// Nothing below a tree is read until the user expands it (canFetchMore / fetchMore); each
// expansion is one background job, and several may run at once. A query's hits and every
// summary above them are marked (setMarks), so a hit can be found from the top of its tree.
#pragma once

#include "vault/vaultref.h"

#include <memlens/overview.h>
#include <memlens/types.h>

#include <QAbstractItemModel>
#include <QHash>
#include <QSet>
#include <QStringList>

#include <memory>
#include <vector>

namespace memlens::ui {

class SummaryTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { Node, Level, Time, Children, Entities, Heat, ColumnCount };
    enum class NodeType { Tree, Summary, Leaf };

    // What a row shows; children are loaded on demand.
    struct Item {
        NodeType type = NodeType::Summary;
        QString id;
        QString title; // tree scope, or the first words of a node's text
        QString treeId;
        int level = 0;
        qint64 startMs = 0;
        qint64 endMs = 0;
        qint64 childCount = 0; // known before loading (child_ids, or the tree's summaries)
        QStringList entities;
        QString author;    // a leaf's author or speaker ("" when none)
        QString sourceRef; // a leaf's source reference: a turn id, a file and line
    };

    explicit SummaryTreeModel(QObject* parent = nullptr);
    ~SummaryTreeModel() override;

    // Lists the trees of the vault of `ref` (from its overview); drops everything loaded.
    void setTrees(const VaultRef& ref, const std::vector<TreeOverview>& trees);
    // hits: the current query's node ids; ancestors: every summary above them.
    void setMarks(const QSet<QString>& hits, const QSet<QString>& ancestors,
                  const QSet<QString>& treeIds);

    // The grades a person or an agent gave for `query` (the query shown), by node id: a coloured
    // mark on the node's name wherever it is loaded. An empty query clears them.
    void setGrades(const QString& query, const QHash<QString, int>& grades);
    void setGrade(const QString& query, const QString& nodeId, int grade);
    int gradeOf(const QString& nodeId) const { return grades_.value(nodeId, -1); }

    // What the logged searches returned (health.h, HealthOptions::per_node), for the Heat column.
    struct HeatReading {
        bool known = false;          // a reading arrived; false: the column is blank
        QHash<QString, int> queries; // returned node → distinct questions that returned it
        QSet<QString> magnets;       // nodes the health reading calls magnets
        int distinctQueries = 0;     // distinct questions logged (in the range)
        QString range;               // the time filter's range the reading kept, or ""
    };
    void setHeat(HeatReading heat);
    const HeatReading& heat() const { return heat_; }

    const Item* itemAt(const QModelIndex& index) const;
    QModelIndex indexOf(const QString& id) const; // invalid when not loaded
    bool isLoading(const QModelIndex& index) const;
    int pendingLoads() const { return pending_; }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // Builds an Item from a drill_down hit (also used by tests).
    static Item itemFromHit(const RetrievalHit& hit);

Q_SIGNALS:
    // Children of `parent` arrived (or failed: then `error` says why).
    void childrenLoaded(const QModelIndex& parent, const QString& error);

private:
    struct TreeNode;
    struct LoadResult;
    TreeNode* nodeOf(const QModelIndex& index) const;
    QModelIndex indexOfNode(const TreeNode* node, int column = 0) const;
    void deliver(LoadResult result);

    std::unique_ptr<TreeNode> root_;
    QHash<QString, TreeNode*> byId_;
    VaultRef ref_;
    quint64 generation_ = 0;
    int pending_ = 0;
    QSet<QString> hits_;
    QSet<QString> ancestors_;
    QSet<QString> hitTrees_;
    QString gradedQuery_;
    QHash<QString, int> grades_;
    HeatReading heat_;
    int maxHeat_ = 1;
    // The Heat column's cell and the Node column's grade mark.
    QVariant heatData(const Item& item, int role) const;
    QVariant gradeData(const Item& item, int role) const;
    void refreshColumn(int column);
};

} // namespace memlens::ui
