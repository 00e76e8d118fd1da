#include "pages/whynotmenu.h"

#include "dialogs/whynotdialog.h"
#include "models/roles.h"
#include "pages/queryworkbench.h"
#include "vault/forgetflow.h"

#include <QAbstractItemView>
#include <QAction>
#include <QCoreApplication>
#include <QMenu>

namespace memlens::ui {

QAction* addWhyNotAction(QMenu* menu, QueryWorkbench* workbench, const QString& nodeId) {
    QString why;
    const bool hasQuery = WhyNotDialog::currentQuery(workbench->session(), &why).has_value();
    const int rank = hasQuery ? WhyNotDialog::hitRank(workbench->session(), nodeId) : 0;
    QAction* action = nullptr;
    if (rank > 0) {
        action = menu->addAction(
            QCoreApplication::translate("WhyNotMenu", "Returned as Hit #%1 — Show It").arg(rank),
            workbench, [workbench, nodeId] {
                Q_EMIT workbench->pageRequested();
                workbench->showNode(nodeId);
            });
    } else {
        action = menu->addAction(QCoreApplication::translate("WhyNotMenu", "Why Not Returned?"),
                                 workbench, [workbench, nodeId] { workbench->askWhyNot(nodeId); });
        action->setEnabled(hasQuery);
        action->setToolTip(hasQuery ? QCoreApplication::translate(
                                          "WhyNotMenu", "Why the current query did not return %1")
                                          .arg(nodeId)
                                    : why);
    }
    action->setObjectName(QStringLiteral("whyNotAction"));
    action->setData(nodeId);
    menu->setToolTipsVisible(true);
    return action;
}

void installWhyNotMenu(QAbstractItemView* view, QueryWorkbench* workbench,
                       std::function<QString(const QModelIndex&)> nodeIdAt) {
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(view, &QWidget::customContextMenuRequested, view,
                     [view, workbench, nodeIdAt = std::move(nodeIdAt)](const QPoint& pos) {
                         const QModelIndex index = view->indexAt(pos);
                         const QString id = index.isValid() ? nodeIdAt(index) : QString();
                         if (id.isEmpty())
                             return;
                         auto* menu = new QMenu(view);
                         menu->setObjectName(QStringLiteral("whyNotMenu"));
                         menu->setAttribute(Qt::WA_DeleteOnClose);
                         addWhyNotAction(menu, workbench, id);
                         // A leaf (a memory) can be forgotten.
                         if (auto* flow = ForgetFlow::instance();
                             flow && index.data(NodeKindRole).toString() == QLatin1String("leaf"))
                             flow->addAction(menu, id);
                         menu->popup(view->viewport()->mapToGlobal(pos));
                     });
}

} // namespace memlens::ui
