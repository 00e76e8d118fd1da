#include "pages/welcomepage.h"

#include "core/recentvaults.h"

#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace memlens::ui {

WelcomePage::WelcomePage(QWidget* parent)
    : QWidget(parent)
    , recent_(new QListWidget(this)) {
    auto* title = new QLabel(tr("memlens"), this);
    QFont f = title->font();
    f.setPointSizeF(f.pointSizeF() * 2.2);
    f.setBold(true);
    title->setFont(f);
    auto* blurb = new QLabel(
        tr("Inspect an AI agent's memory vault: run queries, see why each hit ranks where it "
           "does, browse summary trees, explore the entity graph and replay the audit log."),
        this);
    blurb->setWordWrap(true);

    auto* open = new QPushButton(tr("Open Vault…"), this);
    auto* demo = new QPushButton(tr("Open Demo Vault"), this);
    open->setDefault(true);
    connect(open, &QPushButton::clicked, this, &WelcomePage::openRequested);
    connect(demo, &QPushButton::clicked, this, &WelcomePage::demoRequested);
    auto* buttons = new QHBoxLayout();
    buttons->addWidget(open);
    buttons->addWidget(demo);
    buttons->addStretch();

    auto* hint =
        new QLabel(tr("…or drop a vault folder (or an OpenHuman workspace) on this window."), this);
    hint->setForegroundRole(QPalette::PlaceholderText);

    connect(recent_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        Q_EMIT recentRequested(item->data(Qt::UserRole).toString());
    });

    auto* column = new QVBoxLayout();
    column->addWidget(title);
    column->addWidget(blurb);
    column->addSpacing(12);
    column->addLayout(buttons);
    column->addWidget(hint);
    column->addSpacing(12);
    column->addWidget(new QLabel(tr("Recent vaults"), this));
    column->addWidget(recent_, 1);

    auto* outer = new QHBoxLayout(this);
    outer->addStretch(1);
    outer->addLayout(column, 3);
    outer->addStretch(1);
    refreshRecent();
}

void WelcomePage::refreshRecent() {
    recent_->clear();
    const QStringList dirs = RecentVaults::list();
    for (const QString& dir : dirs) {
        auto* item = new QListWidgetItem(
            QDir(dir).dirName() + QStringLiteral("  —  ") + QDir::toNativeSeparators(dir), recent_);
        item->setData(Qt::UserRole, dir);
    }
    if (dirs.isEmpty()) {
        auto* item = new QListWidgetItem(tr("No recent vaults yet."), recent_);
        item->setFlags(Qt::NoItemFlags);
    }
}

} // namespace memlens::ui
