// The "Vault" dock: the open vault's sources and trees, filterable and sortable.
#pragma once

#include <QTabWidget>

namespace memlens::ui {

class FilteredView;
class VaultController;

class VaultPanel : public QTabWidget {
    Q_OBJECT
public:
    explicit VaultPanel(VaultController* vault, QWidget* parent = nullptr);

    FilteredView* sourcesView() const { return sources_; }
    FilteredView* treesView() const { return trees_; }

Q_SIGNALS:
    void sourceActivated(const QString& sourceId);
    void treeActivated(const QString& treeId);

private:
    FilteredView* sources_;
    FilteredView* trees_;
};

} // namespace memlens::ui
