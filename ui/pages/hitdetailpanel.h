// The selected hit in full: provenance (tree, scope, level, source_ref, time range), entities
// and topics as clickable chips, graph context as links, and the whole content as plain text
// (query terms marked) or rendered Markdown with remote resources refused.
#pragma once

#include <memlens/types.h>

#include <QStringList>
#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;

namespace memlens::ui {

class FlowLayout;
class MarkdownView;

class HitDetailPanel : public QWidget {
    Q_OBJECT
public:
    explicit HitDetailPanel(QWidget* parent = nullptr);

    void showHit(const RetrievalHit& hit, const QStringList& terms = {});
    void clear();
    bool hasHit() const { return hasHit_; }
    const RetrievalHit& hit() const { return hit_; }

    MarkdownView* contentView() const { return content_; }
    QCheckBox* markdownToggle() const { return markdown_; }
    // The chips currently shown, by entity id (for tests).
    QStringList chipIds() const;

Q_SIGNALS:
    void entityActivated(const QString& entityId);
    void nodeRequested(const QString& nodeId);
    void drillDownRequested(const QString& nodeId);
    void fetchLeavesRequested(const QStringList& chunkIds);

private:
    void renderContent();
    void addChips(FlowLayout* layout, const std::vector<std::string>& entities,
                  const std::vector<std::string>& topics);
    static QString linkList(const std::vector<std::string>& ids);

    RetrievalHit hit_;
    QStringList terms_;
    bool hasHit_ = false;

    QLabel* title_;
    QLabel* id_;
    QLabel* provenance_;
    QWidget* chipsBox_;
    FlowLayout* chips_;
    QLabel* graphContext_;
    QCheckBox* markdown_;
    QPushButton* drill_;
    QPushButton* leaves_;
    MarkdownView* content_;
};

} // namespace memlens::ui
