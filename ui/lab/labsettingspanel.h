// The lab's settings (labpage.h): every setting the lab re-ranks with, as the lab would change
// them from the vault's, and the query's budget on the right side, with Reset, Retrieve Again,
// Save to Vault (off the GUI thread, refused with the reason for a read-only vault) and Undo
// Save. It owns the settings on screen; the what-if and the blast radius read copies of them
// (settingsChanged).
#pragma once

#include "vault/vaultref.h"

#include <memlens/lab.h>

#include <QWidget>

#include <map>
#include <optional>
#include <string>

class QBoxLayout;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;

namespace memlens::ui {

class JobRunner;

// What the lab re-ranks with.
struct LabSettings {
    RetrievalSettings vault;    // the vault's settings now
    RetrievalSettings onScreen; // as the lab would change them
    int maxUnits = 0;           // the query's budget on the right side (a request's, never saved)
    int maxChars = 0;
};

class LabSettingsPanel : public QWidget {
    Q_OBJECT
public:
    explicit LabSettingsPanel(QWidget* parent = nullptr);

    // Sets one setting as text (the editors do the same); false when the core refuses the value.
    bool setSetting(const std::string& key, const QString& text);
    // The vault's settings again.
    void resetSettings();
    void saveSettings();
    void undoSave();

    // Another vault (or none): its settings on screen, no undo.
    void resetVaultState(const VaultRef& ref, bool open, bool readOnly,
                         const RetrievalSettings& vaultSettings);
    // The vault was (re)opened: a vault other than the one shown puts its settings on screen.
    void vaultOpened(const VaultRef& ref, bool readOnly, const RetrievalSettings& vaultSettings);
    // A logged row was opened: its budget, its own choices; `vaultSettings` the vault's now.
    void setRow(const LabRow& row, const RetrievalSettings& vaultSettings);
    void clearRow();
    // Whether Retrieve Again would show something (a setting on screen acts inside a leg).
    void setRetrievalNeeded(bool needed);

    LabSettings current() const;
    const RetrievalSettings& settingsOnScreen() const { return panel_; }
    QPushButton* saveButton() const { return save_; }
    QPushButton* undoButton() const { return undo_; }
    QPushButton* retrieveButton() const { return retrieve_; }
    QSpinBox* maxUnitsBox() const { return maxUnits_; }
    QSpinBox* maxCharsBox() const { return maxChars_; }

Q_SIGNALS:
    // The settings on screen, the vault's or the budget changed (current() has them).
    void settingsChanged();
    // They changed so that the what-if should rank again.
    void rerankWanted();
    // Retrieve Again.
    void retrieveRequested();
    // The vault's settings were written (saved or undone): the other views re-read them.
    void settingsSaved();

private:
    struct Editor {
        QLabel* label = nullptr;
        QSlider* slider = nullptr;
        QDoubleSpinBox* spin = nullptr;
        QComboBox* combo = nullptr;
        QCheckBox* check = nullptr;
        double scale = 1.0; // slider units per value unit
    };
    // The constructor's parts.
    void buildBudget(QBoxLayout* layout);
    void buildButtons(QBoxLayout* layout);
    void buildSettings(QWidget* host);
    void addEditor(QGridLayout* grid, QWidget* host, int row, const LabSettingKey& k);
    void addNumberEditor(QGridLayout* grid, QWidget* host, int row, const SettingKey& key,
                         Editor& e);
    void showSettings();
    void showOwnChoices(const SearchRequest& q);
    void onEdited(const std::string& key, const QString& text);
    void setBudget(int maxUnits, std::int64_t maxChars);
    // settingsChanged, then rerankWanted when `rerank`.
    void announce(bool rerank);
    void updateButtons();

    VaultRef ref_;
    bool readOnly_ = false;
    std::optional<SearchBudget> rowBudget_; // the open row's own budget
    RetrievalSettings vaultSettings_;
    RetrievalSettings panel_;
    bool panelSet_ = false;
    std::optional<RetrievalSettings> undoTo_;
    bool retrievalNeeded_ = false;
    std::map<std::string, Editor> editors_;
    bool updatingEditors_ = false;

    JobRunner* saveJob_;
    QLabel* ownChoices_;
    QSpinBox* maxUnits_;
    QSpinBox* maxChars_;
    QPushButton* reset_;
    QPushButton* save_;
    QPushButton* undo_;
    QPushButton* retrieve_;
    QLabel* settingsNote_;
};

} // namespace memlens::ui
