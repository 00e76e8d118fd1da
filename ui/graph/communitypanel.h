// The graph page's communities (graphpage.h, the "Communities" tab): the drawn graph's groups of
// entities linked more among themselves than to the rest, with their size and most mentioned
// members; picking one dims the others, and "Show Its Chunks in Query" lists (read off the GUI
// thread) the newest chunks where its most mentioned members occur together.
#pragma once

#include <QStringList>
#include <QWidget>

class QPushButton;
class QTreeWidget;

namespace memlens::ui {

class GraphScene;
class JobRunner;
class VaultController;

class CommunityPanel : public QWidget {
    Q_OBJECT
public:
    CommunityPanel(const VaultController* vault, const GraphScene* scene,
                   QWidget* parent = nullptr);

    // Lists the scene's communities (a new graph).
    void fill();
    // The scene's community filter changed (-1: none).
    void communityShown(int community);
    void clearSelection();
    void resetVaultState();

    QTreeWidget* communityList() const { return communities_; }

Q_SIGNALS:
    // A community was picked in the list.
    void communityPicked(int community);
    // List these chunks in the Query page.
    void fetchLeavesRequested(const QStringList& chunkIds);
    // A line for the page's status.
    void statusMessage(const QString& text);

private:
    void showCommunityChunks();

    const VaultController* vault_;
    const GraphScene* scene_;
    JobRunner* communityJob_;
    QTreeWidget* communities_;
    QPushButton* communityChunks_;
};

} // namespace memlens::ui
