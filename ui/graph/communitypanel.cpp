#include "graph/communitypanel.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "graph/graphscene.h"
#include "graph/graphstyle.h"
#include "vault/vaultcontroller.h"
#include "vault/workervault.h"

#include <memlens/graph.h>

#include <QHeaderView>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace memlens::ui {

namespace {

// "Show Its Chunks in Query": the newest chunks naming two of a community's most mentioned.
constexpr std::size_t kCommunityChunkMembers = 12;
constexpr std::size_t kCommunityChunkLimit = 20;
constexpr int kIndexRole = Qt::UserRole + 1;

struct CommunityChunks {
    QStringList chunkIds;
    QString error;
};

QIcon swatch(const QColor& color) {
    QPixmap pm(12, 12);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    p.drawEllipse(1, 1, 10, 10);
    return QIcon(pm);
}

} // namespace

CommunityPanel::CommunityPanel(const VaultController* vault, const GraphScene* scene,
                               QWidget* parent)
    : QWidget(parent)
    , vault_(vault)
    , scene_(scene)
    , communityJob_(new JobRunner(this))
    , communities_(new QTreeWidget(this))
    , communityChunks_(new QPushButton(tr("Show Its Chunks in Query"), this)) {
    communities_->setColumnCount(3);
    communities_->setHeaderLabels({tr("Community"), tr("Entities"), tr("Most mentioned")});
    communities_->setRootIsDecorated(false);
    communities_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    communities_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    communities_->setToolTip(tr("Groups of entities linked more among themselves than to the "
                                "rest (Louvain over the co-occurrence weights); pick one to "
                                "dim the others"));
    communityChunks_->setToolTip(tr("List in the Query page the chunks where the community's "
                                    "most mentioned entities occur together (the newest 20)"));
    communityChunks_->setEnabled(false);
    auto* com = new QVBoxLayout(this);
    com->setContentsMargins(0, 0, 0, 0);
    com->addWidget(communities_, 1);
    com->addWidget(communityChunks_, 0, Qt::AlignLeft);
    connect(communities_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (item != nullptr)
            Q_EMIT communityPicked(item->data(0, kIndexRole).toInt());
    });
    connect(communityChunks_, &QPushButton::clicked, this, &CommunityPanel::showCommunityChunks);
}

void CommunityPanel::fill() {
    communities_->clear();
    communityChunks_->setEnabled(false);
    const GraphData& d = scene_->data();
    for (std::size_t c = 0; c < d.communities.size(); ++c) {
        const GraphCommunityInfo& info = d.communities[c];
        if (info.members.size() < 2)
            continue; // a lone entity is not a group
        QStringList names;
        for (std::size_t i = 0; i < info.members.size() && i < 4; ++i)
            names << scene_->labelOf(static_cast<int>(info.members[i]));
        auto* item = new QTreeWidgetItem(communities_);
        item->setIcon(0, swatch(GraphStyle::colorForSlot(info.colorSlot)));
        item->setText(0, QString::number(c + 1));
        item->setData(0, kIndexRole, static_cast<int>(c));
        item->setText(1, formatCount(static_cast<qint64>(info.members.size())));
        item->setText(2, names.join(QStringLiteral(", ")));
        item->setToolTip(2, names.join(QStringLiteral(", ")));
    }
}

void CommunityPanel::communityShown(int community) {
    communityChunks_->setEnabled(community >= 0);
}

void CommunityPanel::clearSelection() {
    communities_->clearSelection();
}

void CommunityPanel::resetVaultState() {
    communityJob_->cancel();
    communities_->clear();
}

void CommunityPanel::showCommunityChunks() {
    const int community = scene_->communityFilter();
    if (community < 0 || community >= static_cast<int>(scene_->data().communities.size()))
        return;
    // Its most mentioned members (members come heaviest first); group_chunks finds the newest
    // chunks naming two of them or more.
    std::vector<std::string> ids;
    const auto& members = scene_->data().communities[static_cast<std::size_t>(community)].members;
    for (std::size_t i = 0; i < members.size() && i < kCommunityChunkMembers; ++i)
        ids.push_back(scene_->data().nodes[members[i]].id.toStdString());
    const VaultRef ref = vault_->ref();
    communityJob_->start(
        [ref, ids](const std::atomic_bool& cancel) {
            CommunityChunks out;
            auto vault = workerVault(ref);
            if (!vault) {
                out.error = formatStatus(vault.status());
                return out;
            }
            auto chunks = group_chunks(**vault, ids, kCommunityChunkLimit, &cancel);
            if (!chunks) {
                if (chunks.status().code() != StatusCode::Cancelled)
                    out.error = formatStatus(chunks.status());
                return out;
            }
            for (const GroupChunk& c : *chunks)
                out.chunkIds << qs(c.node_id);
            return out;
        },
        [this](const CommunityChunks& chunks) {
            if (!chunks.error.isEmpty()) {
                Q_EMIT statusMessage(
                    tr("Cannot list the community's chunks: %1").arg(chunks.error));
                return;
            }
            if (chunks.chunkIds.isEmpty()) {
                Q_EMIT statusMessage(tr("No chunk names two of this community's most mentioned "
                                        "entities together"));
                return;
            }
            Q_EMIT fetchLeavesRequested(chunks.chunkIds);
        });
}

} // namespace memlens::ui
