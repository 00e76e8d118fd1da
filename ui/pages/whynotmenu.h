// "Why Not Returned?" on the nodes other views list (tree nodes, cover rows, MMR rows, audit
// diff rows): a context-menu action that asks the workbench's Why Not dialog about the node.
// Disabled until a hybrid, keyword or semantic query has run; on a node that is one of its
// hits it says so and shows that hit instead.
#pragma once

#include <QString>

#include <functional>

class QAbstractItemView;
class QAction;
class QMenu;
class QModelIndex;

namespace memlens::ui {

class QueryWorkbench;

// Adds the action for `nodeId` to `menu` (objectName "whyNotAction") and returns it.
QAction* addWhyNotAction(QMenu* menu, QueryWorkbench* workbench, const QString& nodeId);

// Gives `view` a context menu (objectName "whyNotMenu", a child of the view, deleted when it
// closes) holding that action for the node under the cursor; `nodeIdAt` names the node of an
// index ("" for rows that are no node, such as a tree: then no menu). On a leaf (NodeKindRole
// "leaf") the menu also holds Forget… (ForgetFlow::addAction) when the main window has a flow.
void installWhyNotMenu(QAbstractItemView* view, QueryWorkbench* workbench,
                       std::function<QString(const QModelIndex&)> nodeIdAt);

} // namespace memlens::ui
