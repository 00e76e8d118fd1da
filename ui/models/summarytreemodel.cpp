#include "models/summarytreemodel.h"

#include "core/format.h"
#include "core/grades.h"
#include "core/logging.h"
#include "core/pools.h"
#include "models/roles.h"
#include "vault/workervault.h"

#include <memlens/retrieval.h>

#include <QColor>
#include <QFont>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace memlens::ui {

namespace {

constexpr int kTitleChars = 160;

QString firstWords(const std::string& text) {
    QString s = qs(text.substr(0, kTitleChars * 4)).simplified();
    if (s.size() > kTitleChars)
        s = s.left(kTitleChars - 1) + QStringLiteral("…");
    return s;
}

// "D1:4 · John: Woah, Maria, that sounds cool…": who said it and where, then its first words.
QString leafText(const SummaryTreeModel::Item& item) {
    QStringList who;
    if (!item.sourceRef.isEmpty())
        who << item.sourceRef;
    if (!item.author.isEmpty())
        who << item.author;
    return who.isEmpty() ? item.title
                         : who.join(QStringLiteral(" · ")) + QStringLiteral(": ") + item.title;
}

QStringList toList(const std::vector<std::string>& v) {
    QStringList out;
    for (const auto& s : v)
        out << qs(s);
    return out;
}

} // namespace

struct SummaryTreeModel::TreeNode {
    Item item;
    TreeNode* parent = nullptr;
    std::vector<std::unique_ptr<TreeNode>> children;
    bool loaded = false;
    bool loading = false;

    int row() const {
        if (!parent)
            return 0;
        for (std::size_t i = 0; i < parent->children.size(); ++i) {
            if (parent->children[i].get() == this)
                return static_cast<int>(i);
        }
        return 0;
    }
};

struct SummaryTreeModel::LoadResult {
    quint64 generation = 0;
    QString parentId;
    std::vector<Item> children;
    QString error;
};

SummaryTreeModel::SummaryTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
    , root_(std::make_unique<TreeNode>()) {
    root_->loaded = true;
}

SummaryTreeModel::~SummaryTreeModel() = default;

SummaryTreeModel::Item SummaryTreeModel::itemFromHit(const RetrievalHit& hit) {
    Item item;
    item.type = hit.node_kind == NodeKind::Leaf ? NodeType::Leaf : NodeType::Summary;
    item.id = qs(hit.node_id);
    item.title = firstWords(hit.content);
    item.treeId = qs(hit.tree_id);
    item.level = static_cast<int>(hit.level);
    item.startMs = hit.time_range_start_ms;
    item.endMs = hit.time_range_end_ms;
    item.childCount = static_cast<qint64>(hit.child_ids.size());
    item.entities = toList(hit.entities);
    if (hit.author)
        item.author = qs(*hit.author);
    if (hit.source_ref)
        item.sourceRef = qs(*hit.source_ref);
    return item;
}

void SummaryTreeModel::setTrees(const VaultRef& ref, const std::vector<TreeOverview>& trees) {
    beginResetModel();
    ++generation_; // loads still running for the old trees are dropped on delivery
    pending_ = 0;
    ref_ = ref;
    root_->children.clear();
    byId_.clear();
    for (const TreeOverview& t : trees) {
        auto node = std::make_unique<TreeNode>();
        node->parent = root_.get();
        Item& item = node->item;
        item.type = NodeType::Tree;
        item.id = qs(t.id);
        item.treeId = item.id;
        item.title = qs(t.scope);
        item.level = t.max_level;
        item.startMs = t.start_ms;
        item.endMs = t.end_ms;
        item.childCount = t.summary_count;
        byId_.insert(item.id, node.get());
        root_->children.push_back(std::move(node));
    }
    endResetModel();
}

void SummaryTreeModel::setMarks(const QSet<QString>& hits, const QSet<QString>& ancestors,
                                const QSet<QString>& treeIds) {
    hits_ = hits;
    ancestors_ = ancestors;
    hitTrees_ = treeIds;
    refreshColumn(-1);
}

void SummaryTreeModel::setGrades(const QString& query, const QHash<QString, int>& grades) {
    gradedQuery_ = query;
    grades_ = query.isEmpty() ? QHash<QString, int>() : grades;
    refreshColumn(Node);
}

void SummaryTreeModel::setGrade(const QString& query, const QString& nodeId, int grade) {
    if (query != gradedQuery_)
        return;
    grades_.insert(nodeId, grade);
    if (const QModelIndex index = indexOf(nodeId); index.isValid())
        Q_EMIT dataChanged(index, index);
}

void SummaryTreeModel::setHeat(HeatReading heat) {
    heat_ = std::move(heat);
    maxHeat_ = 1;
    for (const int n : std::as_const(heat_.queries))
        maxHeat_ = std::max(maxHeat_, n);
    refreshColumn(Heat);
}

void SummaryTreeModel::refreshColumn(int column) {
    // Marks change colours and words only: one dataChanged per loaded level keeps views cheap.
    const int first = column < 0 ? 0 : column;
    const int last = column < 0 ? ColumnCount - 1 : column;
    std::vector<TreeNode*> stack{root_.get()};
    while (!stack.empty()) {
        TreeNode* n = stack.back();
        stack.pop_back();
        if (n->children.empty())
            continue;
        Q_EMIT dataChanged(indexOfNode(n->children.front().get(), first),
                           indexOfNode(n->children.back().get(), last));
        for (auto& c : n->children)
            stack.push_back(c.get());
    }
}

SummaryTreeModel::TreeNode* SummaryTreeModel::nodeOf(const QModelIndex& index) const {
    return index.isValid() ? static_cast<TreeNode*>(index.internalPointer()) : root_.get();
}

QModelIndex SummaryTreeModel::indexOfNode(const TreeNode* node, int column) const {
    if (!node || node == root_.get())
        return {};
    return createIndex(node->row(), column, const_cast<TreeNode*>(node));
}

const SummaryTreeModel::Item* SummaryTreeModel::itemAt(const QModelIndex& index) const {
    return index.isValid() ? &nodeOf(index)->item : nullptr;
}

QModelIndex SummaryTreeModel::indexOf(const QString& id) const {
    return indexOfNode(byId_.value(id, nullptr));
}

bool SummaryTreeModel::isLoading(const QModelIndex& index) const {
    return nodeOf(index)->loading;
}

QModelIndex SummaryTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent))
        return {};
    TreeNode* p = nodeOf(parent);
    return createIndex(row, column, p->children[static_cast<std::size_t>(row)].get());
}

QModelIndex SummaryTreeModel::parent(const QModelIndex& child) const {
    if (!child.isValid())
        return {};
    return indexOfNode(nodeOf(child)->parent);
}

int SummaryTreeModel::rowCount(const QModelIndex& parent) const {
    if (parent.column() > 0)
        return 0;
    return static_cast<int>(nodeOf(parent)->children.size());
}

int SummaryTreeModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

bool SummaryTreeModel::hasChildren(const QModelIndex& parent) const {
    if (parent.column() > 0)
        return false;
    const TreeNode* n = nodeOf(parent);
    if (n == root_.get())
        return !n->children.empty();
    if (n->loaded)
        return !n->children.empty();
    return n->item.type != NodeType::Leaf && n->item.childCount > 0;
}

bool SummaryTreeModel::canFetchMore(const QModelIndex& parent) const {
    if (!parent.isValid())
        return false;
    const TreeNode* n = nodeOf(parent);
    return !n->loaded && !n->loading && n->item.type != NodeType::Leaf && n->item.childCount > 0;
}

void SummaryTreeModel::fetchMore(const QModelIndex& parent) {
    if (!canFetchMore(parent))
        return;
    TreeNode* n = nodeOf(parent);
    n->loading = true;
    ++pending_;
    const VaultRef ref = ref_;
    const Item item = n->item;
    const quint64 generation = generation_;
    auto* watcher = new QFutureWatcher<LoadResult>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        watcher->deleteLater();
        deliver(watcher->result());
    });
    // Drill-downs of different nodes do not depend on each other: each is its own job.
    watcher->setFuture(QtConcurrent::run(backgroundPool(), [ref, item, generation] {
        yieldToGuiThread();
        LoadResult r;
        r.generation = generation;
        r.parentId = item.id;
        auto vault = workerVault(ref);
        if (!vault) {
            r.error = formatStatus(vault.status());
            return r;
        }
        if (item.type == NodeType::Tree) {
            SummaryListOptions opts;
            opts.top_only = true;
            opts.preview_chars = kTitleChars;
            auto tops = tree_summaries(**vault, item.id.toStdString(), opts);
            if (!tops) {
                r.error = formatStatus(tops.status());
                return r;
            }
            for (const SummaryOverview& s : *tops) {
                Item child;
                child.type = NodeType::Summary;
                child.id = qs(s.id);
                child.title = qs(s.preview).simplified();
                child.treeId = item.id;
                child.level = s.level;
                child.startMs = s.start_ms;
                child.endMs = s.end_ms;
                child.childCount = s.child_count;
                child.entities = toList(s.entities);
                r.children.push_back(std::move(child));
            }
            return r;
        }
        DrillDownOptions opts;
        opts.node_id = item.id.toStdString();
        opts.max_depth = 1;
        auto hits = drill_down(**vault, opts);
        if (!hits) {
            r.error = formatStatus(hits.status());
            return r;
        }
        for (const RetrievalHit& h : *hits) {
            Item child = itemFromHit(h);
            if (child.treeId.isEmpty())
                child.treeId = item.treeId;
            r.children.push_back(std::move(child));
        }
        return r;
    }));
}

void SummaryTreeModel::deliver(LoadResult result) {
    if (result.generation != generation_)
        return; // the trees were replaced meanwhile
    --pending_;
    TreeNode* n = byId_.value(result.parentId, nullptr);
    if (!n)
        return;
    n->loading = false;
    n->loaded = true;
    const QModelIndex parent = indexOfNode(n);
    if (!result.error.isEmpty()) {
        qCWarning(lcTree) << "cannot expand" << result.parentId << result.error;
        Q_EMIT childrenLoaded(parent, result.error);
        return;
    }
    if (!result.children.empty()) {
        beginInsertRows(parent, 0, static_cast<int>(result.children.size()) - 1);
        for (Item& item : result.children) {
            auto child = std::make_unique<TreeNode>();
            child->parent = n;
            child->item = std::move(item);
            byId_.insert(child->item.id, child.get());
            n->children.push_back(std::move(child));
        }
        endInsertRows();
    } else {
        // It promised children and has none (all deleted, say): let views drop the arrow.
        Q_EMIT dataChanged(parent, parent);
    }
    Q_EMIT childrenLoaded(parent, QString());
}

QVariant SummaryTreeModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid())
        return {};
    const TreeNode* n = nodeOf(index);
    const Item& item = n->item;
    const bool hit = hits_.contains(item.id);
    const bool ancestor = ancestors_.contains(item.id) ||
                          (item.type == NodeType::Tree && hitTrees_.contains(item.id));
    if (index.column() == Heat && role != IdRole && role != NodeKindRole)
        return heatData(item, role);
    if (index.column() == Node && (role == Qt::DecorationRole || role == GradeRole))
        return gradeData(item, role);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Node:
            if (item.type == NodeType::Tree)
                return item.title;
            if (item.type == NodeType::Summary)
                return QStringLiteral("L%1 · %2").arg(item.level).arg(item.title);
            return leafText(item);
        case Level:
            return item.type == NodeType::Tree ? tr("top L%1").arg(item.level)
                                               : QStringLiteral("L%1").arg(item.level);
        case Time: // a leaf's own moment, to the second: turns of one session differ there
            return item.type == NodeType::Leaf && item.startMs == item.endMs
                       ? formatTimeSeconds(item.startMs)
                       : formatRange(item.startMs, item.endMs);
        case Children:
            if (n->loading)
                return tr("loading…");
            if (item.type == NodeType::Leaf)
                return QString();
            return item.type == NodeType::Tree
                       ? tr("%Ln summary(s)", nullptr, static_cast<int>(item.childCount))
                       : formatCount(item.childCount);
        case Entities: {
            QStringList shown = item.entities.mid(0, 3);
            if (item.entities.size() > 3)
                shown << tr("+%1").arg(item.entities.size() - 3);
            return shown.join(QStringLiteral(", "));
        }
        default:
            return {};
        }
    case IdRole:
        return item.id;
    case NodeKindRole:
        return item.type == NodeType::Leaf      ? QStringLiteral("leaf")
               : item.type == NodeType::Summary ? QStringLiteral("summary")
                                                : QStringLiteral("tree");
    case Qt::FontRole:
        if (hit) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::BackgroundRole:
        if (hit)
            return QColor(255, 214, 102, 170);
        if (ancestor)
            return QColor(255, 214, 102, 70);
        return {};
    case Qt::ToolTipRole:
        if (index.column() == Entities)
            return item.entities.join(QLatin1Char('\n'));
        if (QString grade = gradeData(item, Qt::ToolTipRole).toString(); !grade.isEmpty()) {
            grade += QLatin1Char('\n') + item.id;
            return hit ? tr("A hit of the current query") + QLatin1Char('\n') + grade : grade;
        }
        if (hit)
            return tr("A hit of the current query\n%1").arg(item.id);
        if (ancestor)
            return tr("Above a hit of the current query\n%1").arg(item.id);
        return item.id;
    case Qt::TextAlignmentRole:
        if (index.column() == Children)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant SummaryTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Node:
        return tr("Tree / node");
    case Level:
        return tr("Level");
    case Time:
        return tr("Time (UTC)");
    case Children:
        return tr("Children");
    case Entities:
        return tr("Entities");
    case Heat:
        return tr("Returned by");
    default:
        return {};
    }
}

QVariant SummaryTreeModel::gradeData(const Item& item, int role) const {
    const int g = item.type == NodeType::Tree ? -1 : gradeOf(item.id);
    if (g < 0)
        return {};
    switch (role) {
    case Qt::DecorationRole:
        return gradeIcon(g);
    case GradeRole:
        return g;
    case Qt::ToolTipRole:
        return tr("Graded %1 (%2) for “%3”").arg(g).arg(gradeName(g), gradedQuery_);
    default:
        return {};
    }
}

// How many distinct logged questions returned the node. A memory (leaf) no search returned says
// "never"; a summary says nothing then, as the health's coverage counts memories only.
QVariant SummaryTreeModel::heatData(const Item& item, int role) const {
    if (!heat_.known || item.type == NodeType::Tree)
        return {};
    const int n = heat_.queries.value(item.id, 0);
    const bool magnet = heat_.magnets.contains(item.id);
    const bool leaf = item.type == NodeType::Leaf;
    const double share = heat_.distinctQueries ? 100.0 * n / heat_.distinctQueries : 0.0;
    // A share that rounds to nothing still is one: "<1" rather than "0".
    const QString pct =
        n > 0 && share < 0.5 ? QStringLiteral("<1") : QString::number(qRound(share));
    const QString scope =
        heat_.range.isEmpty()
            ? tr("of the %n distinct question(s) logged", "", heat_.distinctQueries)
            : tr("of the %n distinct question(s) logged %1 (the time filter)", "",
                 heat_.distinctQueries)
                  .arg(heat_.range);
    switch (role) {
    case Qt::DisplayRole:
        if (n == 0)
            return leaf && heat_.distinctQueries > 0 ? tr("never") : QString();
        return magnet ? tr("%n question(s) · %1% · magnet", "", n).arg(pct)
                      : tr("%n question(s) · %1%", "", n).arg(pct);
    case HeatRole:
        return n;
    case Qt::ForegroundRole:
        return n == 0 ? QVariant(QColor(0x75, 0x75, 0x75)) : QVariant();
    case Qt::BackgroundRole: {
        if (n == 0)
            return {};
        // Warmer as more questions returned it, against the most returned node of the reading.
        const int alpha = 40 + qRound(170.0 * n / maxHeat_);
        return magnet ? QColor(0xd8, 0x43, 0x15, alpha) : QColor(0xff, 0x8f, 0x00, alpha);
    }
    case Qt::ToolTipRole:
        if (heat_.distinctQueries == 0)
            return heat_.range.isEmpty()
                       ? tr("No search has been logged yet")
                       : tr("No search was logged %1 (the time filter)").arg(heat_.range);
        if (n == 0)
            return leaf ? tr("Returned by none %1").arg(scope)
                        : tr("Returned itself by none %1 (a summary: its memories may have been)")
                              .arg(scope);
        return QString(tr("Returned by %1 %2 (%3%)").arg(n).arg(scope).arg(pct) +
                       (magnet ? QLatin1Char('\n') + tr("A magnet: it comes back for many "
                                                        "unrelated questions (Overview › Health)")
                               : QString()));
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

} // namespace memlens::ui
