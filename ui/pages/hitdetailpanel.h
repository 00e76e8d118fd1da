// The selected hit in full: provenance (tree, scope, level, source_ref, time range), entities
// and topics as clickable chips, graph context as links, and the whole content as plain text
// or rendered Markdown with remote resources refused, the query's terms marked either way.
// When the keyword leg matched the hit in its neighbouring turns, those turns are shown under it
// (read from the hit's FTS row, indexed_text), the terms marked there too.
// Supersession both ways ("Superseded by" the newer memories, "Supersedes" the older ones) is
// named by each memory's text, author and time, read off the GUI thread; an older version a
// query kept out says so first.
#pragma once

#include "vault/vaultref.h"

#include <memlens/types.h>

#include <QStringList>
#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QTextBrowser;
class QTextDocument;
class QToolButton;

namespace memlens::ui {

class FlowLayout;
class JobRunner;
class MarkdownView;

class HitDetailPanel : public QWidget {
    Q_OBJECT
protected:
    void resizeEvent(QResizeEvent* event) override;

public:
    explicit HitDetailPanel(QWidget* parent = nullptr);

    // Where the neighbouring turns are read from.
    void setVault(const VaultRef& ref) { ref_ = ref; }
    void showHit(const RetrievalHit& hit, const QStringList& terms = {});
    // What produced the hits shown next, so their score is named for what it is (a walk's
    // score is its route's, a primitive's the node's stored importance).
    void setWalkHits(bool walk) { walkHits_ = walk; }
    void clear();
    bool hasHit() const { return hasHit_; }
    const RetrievalHit& hit() const { return hit_; }

    MarkdownView* contentView() const { return content_; }
    QCheckBox* markdownToggle() const { return markdown_; }
    // The facts line under the title: time, tree, source ref, a memory's tags, score.
    QString provenanceText() const;
    // The chips currently shown, by entity id (for tests).
    QStringList chipIds() const;
    // The neighbouring turns the keyword leg matched the hit in (hidden when it matched none).
    QTextBrowser* neighboursView() const { return neighbours_; }
    QLabel* neighboursHeading() const { return neighboursHeading_; }
    QToolButton* copyIdButton() const { return copyId_; }
    // "Superseded by" / "Supersedes" with each memory's snippet, and the conflicts and support.
    QLabel* graphContextLabel() const { return graphContext_; }
    // The words a document shows marked as query terms, in order (for tests).
    static QStringList markedWords(const QTextDocument* doc);

Q_SIGNALS:
    void entityActivated(const QString& entityId);
    void nodeRequested(const QString& nodeId);
    void drillDownRequested(const QString& nodeId);
    void fetchLeavesRequested(const QStringList& chunkIds);
    // Forget… on the leaf shown (vault/forgetflow.h confirms and runs it).
    void forgetRequested(const QString& chunkId);
    // Biography… : the shown node's life in the audit log.
    void biographyRequested(const QString& nodeId);
    // The neighbouring turns of the hit shown are on screen.
    void neighboursShown();
    // The supersession, conflict and support rows of the hit shown are named by their
    // memories' text.
    void relatedShown();

private:
    // The wrapped labels keep the height their text needs at the panel's width: a short dock
    // shrinks the content view, never a line of facts under the chips.
    void fitLabelHeights();
    void setupActions();
    void renderContent();
    void showNeighbours();
    void showGraphContext();
    void showRelated();
    void addChips(FlowLayout* layout, const std::vector<std::string>& entities,
                  const std::vector<std::string>& topics);

    RetrievalHit hit_;
    QStringList terms_;
    bool hasHit_ = false;
    bool walkHits_ = false;

    QLabel* title_;
    // "Copy Id": the node's id is for a tool or a paste, not for reading; it is the tooltip.
    QToolButton* copyId_;
    QLabel* provenance_;
    QWidget* chipsBox_;
    FlowLayout* chips_;
    QLabel* graphContext_;
    QCheckBox* markdown_;
    QPushButton* drill_;
    QPushButton* leaves_;
    QPushButton* forget_;
    QPushButton* biography_;
    MarkdownView* content_;
    QLabel* neighboursHeading_;
    QTextBrowser* neighbours_;
    JobRunner* jobs_;
    JobRunner* related_;
    VaultRef ref_;
    // The supersession, conflict and support rows read for the hit shown (relatedRead_ once
    // they are).
    QString relatedHtml_;
    bool relatedRead_ = false;
};

} // namespace memlens::ui
