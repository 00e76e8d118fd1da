// The open vault: which one, its overview (loaded off the GUI thread), and the models that
// show it. Pages read the models and listen to the signals; nothing here touches SQLite on the
// calling thread.
#pragma once

#include "vault/vaultoverview.h"
#include "vault/vaultref.h"

#include <QObject>

namespace memlens::ui {

class JobRunner;
class SourcesModel;
class TreesModel;

class VaultController : public QObject {
    Q_OBJECT
public:
    explicit VaultController(QObject* parent = nullptr);

    // Starts opening `dir`; opened() or openFailed() follows. A newer open() supersedes it.
    void open(const QString& dir, bool readOnly);
    // Re-reads the overview of the current vault (after an import), with a new epoch so that
    // worker threads reopen their connections.
    void reload();
    void close();
    // Writes the topic tree and topic-index.bin again (reindex_topic_index) off the GUI thread;
    // topicIndexRebuilt() follows, then a reload when it succeeded.
    void rebuildTopicIndex();
    bool isRebuildingTopicIndex() const;

    const VaultRef& ref() const { return ref_; }
    bool isOpen() const { return ref_.isValid() && loaded_; }
    bool isReadOnly() const { return overview_.readOnly; }
    const VaultOverviewData& overview() const { return overview_; }

    SourcesModel* sourcesModel() const { return sources_; }
    TreesModel* treesModel() const { return trees_; }
    JobRunner* jobs() const { return jobs_; }

Q_SIGNALS:
    void opening(const QString& dir);
    // Another vault (or none, after close()) replaces the one shown: the one reset path of
    // every per-vault view (query text and answer, form parameters, selections, labels, replay
    // header). Emitted before opened() when the folder differs from the open one's, and by
    // close(); not by reload() of the same vault, whose views stay meaningful.
    void vaultChanged();
    void opened(const memlens::ui::VaultRef& ref);
    void openFailed(const QString& dir, const QString& message);
    // The integrity check that follows every open (SQLite's quick_check, off the GUI thread)
    // found the vault's database damaged: MainWindow says so and opens it again read-only,
    // so that nothing writes to it.
    void damaged(const QString& dir, const QString& message);
    void closed();
    void busyChanged(bool busy);
    // After every open, off the GUI thread: the topic index file the search maps is missing,
    // stale or damaged (`problem` says which, as TopicFileStatus::problem), or is current
    // (`problem` empty). A vault without vectors has nothing to index and reports current.
    void topicIndexChecked(const QString& dir, const QString& problem);
    void topicIndexRebuilding(bool running);
    // `error` empty: written (`summary` says what); else why not.
    void topicIndexRebuilt(const QString& error, const QString& summary);

private:
    void load(VaultRef ref);
    void checkIntegrity(const VaultRef& ref);
    void checkTopicIndex(const VaultRef& ref);

    VaultRef ref_;
    quint64 nextEpoch_ = 1;
    bool loaded_ = false;
    VaultOverviewData overview_;
    JobRunner* jobs_;
    JobRunner* integrity_;  // the quick_check after an open; a later open cancels it
    JobRunner* topicCheck_; // the topic index file's state after an open
    JobRunner* reindex_;
    QString saidDamaged_; // the folder whose damage was last reported
    SourcesModel* sources_;
    TreesModel* trees_;
};

} // namespace memlens::ui
