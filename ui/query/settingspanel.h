// Every retrieval setting of the hybrid search as the next query uses it (RetrievalSettings,
// settings.h): the vault's stored value, or the value typed here. Values that differ from the
// vault's are bold with the stored one beside them; they travel with each query as
// QueryOptions::settings and can be saved to the vault (save_retrieval_settings). A vault open
// read-only says why it cannot save. The mode is not listed: the mode beside the query box is
// what a query runs in.
#pragma once

#include "vault/vaultref.h"

#include <memlens/settings.h>

#include <QWidget>

#include <map>
#include <optional>
#include <string>
#include <vector>

class QLabel;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace memlens::ui {

class JobRunner;
struct VaultOverviewData;

class SettingsPanel : public QWidget {
    Q_OBJECT
public:
    enum Column { Key, Value, Stored, ColumnCount };

    explicit SettingsPanel(QWidget* parent = nullptr);

    // The vault's stored settings become the values shown; typed values are dropped unless it
    // is the same vault read again (a reload after an import).
    void setVault(const VaultOverviewData& data);
    void resetVaultState();

    // The settings a query runs with: the vault's, with the values typed here.
    RetrievalSettings effective() const;
    const RetrievalSettings& stored() const { return stored_; }
    // effective() when any value differs from the vault's, else nullopt (the engine then reads
    // the vault's own, as before).
    std::optional<RetrievalSettings> overrides() const;
    // Keys (settings.h names, "search.rrf_k") whose value here differs from the vault's.
    std::vector<std::string> changedKeys() const;

    // Sets one value as typed text; false (and the value unchanged, the reason in
    // errorLabel()) when the core does not accept it. The vault's own value clears the change.
    bool setValue(const std::string& key, const QString& text);
    void clearValue(const std::string& key);
    // The value shown for a key ("" when there is no such key).
    QString value(const std::string& key) const;
    // Drops every typed value.
    void revert();
    // Writes the values shown into the vault (off the GUI thread); saved() or a message box
    // follows. A read-only vault gets the message box at once.
    void save();

    QTreeWidget* table() const { return table_; }
    QPushButton* saveButton() const { return save_; }
    QLabel* errorLabel() const { return error_; }

Q_SIGNALS:
    // A value shown changed (typed, reverted, saved or a new vault).
    void changed();
    void saved(const QStringList& keys);

private:
    void refresh();
    void onItemChanged(QTreeWidgetItem* item, int column);
    void showMessage(const QString& title, const QString& text);

    VaultRef ref_;
    bool readOnly_ = false;
    bool workspace_ = false;
    RetrievalSettings stored_;
    std::map<std::string, std::string> edits_; // key → canonical text, only where it differs
    JobRunner* saveJob_;

    QLabel* legend_;
    QTreeWidget* table_;
    QLabel* error_;
    QPushButton* revert_;
    QPushButton* save_;
    bool updating_ = false;
};

} // namespace memlens::ui
