#include "lab/labsettingspanel.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "lab/labjobs.h"
#include "lab/labtext.h"

#include <memlens/query_options.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace memlens::ui {

namespace {

// The names a key accepts, from the settings table (settings.h); the profile's from the
// built-in profiles.
QStringList choicesOf(const SettingKey& k) {
    QStringList out;
    for (const auto& c : k.choices)
        out << qs(c);
    if (k.key == "search.profile")
        for (const auto& n : WeightProfile::names({}))
            out << qs(n);
    return out;
}

} // namespace

// The settings as the lab would change them, the query's budget, and their buttons.
LabSettingsPanel::LabSettingsPanel(QWidget* parent)
    : QWidget(parent)
    , saveJob_(new JobRunner(this))
    , ownChoices_(new QLabel(this))
    , maxUnits_(new QSpinBox(this))
    , maxChars_(new QSpinBox(this))
    , reset_(new QPushButton(tr("&Reset to the Vault's"), this))
    , save_(new QPushButton(tr("&Save to Vault"), this))
    , undo_(new QPushButton(tr("&Undo Save"), this))
    , retrieve_(new QPushButton(tr("Retrieve &Again"), this))
    , settingsNote_(new QLabel(this)) {
    auto* settingsHost = new QWidget;
    buildSettings(settingsHost);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(settingsHost);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    ownChoices_->setWordWrap(true);
    settingsNote_->setWordWrap(true);
    auto* sv = new QVBoxLayout(this);
    sv->setContentsMargins(0, 0, 0, 0);
    auto* settingsTitle = new QLabel(tr("<b>Settings</b> (the vault's, as the lab would change "
                                        "them)"),
                                     this);
    settingsTitle->setWordWrap(true);
    sv->addWidget(settingsTitle);
    sv->addWidget(scroll, 1);
    sv->addWidget(ownChoices_);
    buildBudget(sv);
    sv->addWidget(settingsNote_);
    buildButtons(sv);
}

// The query's budget: a choice of the request, not a setting, so Save never writes it.
void LabSettingsPanel::buildBudget(QBoxLayout* layout) {
    auto* budget = new QHBoxLayout;
    budget->addWidget(new QLabel(tr("Budget:"), this));
    const QueryOption& units = query_option(QueryOptionId::MaxUnits);
    const QueryOption& chars = query_option(QueryOptionId::MaxChars);
    maxUnits_->setRange(static_cast<int>(units.min), static_cast<int>(units.max));
    maxUnits_->setSpecialValueText(tr("any number of hits"));
    maxUnits_->setSuffix(tr(" hits"));
    maxChars_->setRange(static_cast<int>(chars.min), static_cast<int>(chars.max));
    maxChars_->setSingleStep(100);
    maxChars_->setSpecialValueText(tr("any length"));
    maxChars_->setSuffix(tr(" characters"));
    for (QSpinBox* b : {maxUnits_, maxChars_}) {
        b->setKeyboardTracking(false);
        b->setToolTip(tr("This query's budget (max_units, max_chars), as the right side uses it: "
                         "a choice of the query, not a setting, so Save to Vault leaves it"));
        budget->addWidget(b, 1);
        connect(b, &QSpinBox::valueChanged, this, [this] {
            if (!updatingEditors_)
                announce(true);
        });
    }
    layout->addLayout(budget);
}

void LabSettingsPanel::buildButtons(QBoxLayout* layout) {
    auto* settingsButtons = new QGridLayout;
    settingsButtons->addWidget(reset_, 0, 0);
    settingsButtons->addWidget(retrieve_, 0, 1);
    settingsButtons->addWidget(save_, 1, 0);
    settingsButtons->addWidget(undo_, 1, 1);
    layout->addLayout(settingsButtons);
    reset_->setToolTip(tr("Every setting back to the value the vault holds"));
    retrieve_->setToolTip(tr("Run the query's retrieval again with these settings: the settings "
                             "that act inside a leg (marked ⟳) need it"));
    undo_->setToolTip(tr("Write back the settings the vault held before the last save"));
    connect(reset_, &QPushButton::clicked, this, &LabSettingsPanel::resetSettings);
    connect(save_, &QPushButton::clicked, this, &LabSettingsPanel::saveSettings);
    connect(undo_, &QPushButton::clicked, this, &LabSettingsPanel::undoSave);
    connect(retrieve_, &QPushButton::clicked, this, &LabSettingsPanel::retrieveRequested);
}

void LabSettingsPanel::buildSettings(QWidget* host) {
    auto* grid = new QGridLayout(host);
    grid->setColumnStretch(1, 1);
    grid->setHorizontalSpacing(6);
    int row = 0;
    // Two groups: what re-ranking the stored candidates shows at once, and what needs a new
    // retrieval (marked ⟳, shown on demand by Retrieve Again).
    for (const SettingReach reach : {SettingReach::Rerank, SettingReach::Retrieval}) {
        auto* header = new QLabel(reach == SettingReach::Rerank
                                      ? tr("<b>Re-ranked at once</b> from the stored candidates")
                                      : tr("<b>Need a new retrieval</b> ⟳ (Retrieve Again)"),
                                  host);
        header->setWordWrap(true);
        grid->addWidget(header, row++, 0, 1, 3);
        for (const auto& k : lab_setting_keys()) {
            if (k.reach != reach)
                continue;
            addEditor(grid, host, row, k);
            ++row;
        }
    }
    grid->setRowStretch(row, 1);
}

// One setting's label and editor: a list of names, a check box or a number.
void LabSettingsPanel::addEditor(QGridLayout* grid, QWidget* host, int row,
                                 const LabSettingKey& k) {
    Editor e;
    const bool retrieval = k.reach == SettingReach::Retrieval;
    // The key without its "search." prefix; the tooltip has the whole key.
    QString shown = qs(k.key);
    if (shown.startsWith(QLatin1String("search.")))
        shown = shown.mid(7);
    e.label = new QLabel(shown, host);
    e.label->setToolTip(
        qs(k.key) + QStringLiteral(": ") + qs(k.help) +
        (retrieval ? QStringLiteral("\n") + tr("⟳ acts inside a leg: only a new retrieval "
                                               "(Retrieve Again) shows it")
                   : QString()));
    grid->addWidget(e.label, row, 0);
    const std::string key = k.key;
    const QStringList choices = choicesOf(k);
    if (!choices.isEmpty()) {
        e.combo = new QComboBox(host);
        e.combo->addItems(choices);
        grid->addWidget(e.combo, row, 1, 1, 2);
        connect(e.combo, &QComboBox::currentTextChanged, this,
                [this, key](const QString& t) { onEdited(key, t); });
    } else if (k.type == SettingType::Flag) {
        e.check = new QCheckBox(host);
        grid->addWidget(e.check, row, 1, 1, 2);
        connect(e.check, &QCheckBox::toggled, this, [this, key](bool on) {
            onEdited(key, on ? QStringLiteral("true") : QStringLiteral("false"));
        });
    } else {
        addNumberEditor(grid, host, row, k, e);
    }
    if (retrieval) {
        QFont f = e.label->font();
        f.setItalic(true);
        e.label->setFont(f);
    }
    editors_[key] = e;
}

// A number setting's slider and spin box, the spin box editing the setting.
// The slider spans the range the table says is worth exploring; the spin box takes every value
// the setting accepts.
void LabSettingsPanel::addNumberEditor(QGridLayout* grid, QWidget* host, int row,
                                       const SettingKey& k, Editor& e) {
    const std::string key = k.key;
    const double lo = k.explore_min;
    const double hi = k.explore_max;
    const bool integer = k.type == SettingType::Integer;
    e.scale = integer ? 1.0 : 1000.0 / (hi - lo > 0 ? hi - lo : 1.0);
    e.slider = new QSlider(Qt::Horizontal, host);
    e.slider->setRange(static_cast<int>(std::lround(lo * e.scale)),
                       static_cast<int>(std::lround(hi * e.scale)));
    e.slider->setMinimumWidth(70);
    e.slider->setToolTip(e.label->toolTip());
    e.spin = new QDoubleSpinBox(host);
    e.spin->setDecimals(integer ? 0 : 3);
    e.spin->setRange(k.min, k.max);
    e.spin->setSingleStep(integer ? 1 : (hi - lo) / 100.0);
    e.spin->setKeyboardTracking(false);
    e.spin->setFixedWidth(84);
    e.spin->setAccessibleName(qs(key));
    grid->addWidget(e.slider, row, 1);
    grid->addWidget(e.spin, row, 2);
    const double scale = e.scale;
    QDoubleSpinBox* spin = e.spin;
    connect(e.slider, &QSlider::valueChanged, this, [this, spin, scale](int v) {
        if (updatingEditors_)
            return;
        spin->setValue(v / scale); // the spin box's valueChanged edits the setting
    });
    connect(e.spin, &QDoubleSpinBox::valueChanged, this, [this, key, integer](double v) {
        onEdited(key, integer ? QString::number(std::llround(v)) : QString::number(v, 'g', 12));
    });
}

void LabSettingsPanel::showSettings() {
    updatingEditors_ = true;
    const auto values = to_settings_map(panel_);
    const auto stored = to_settings_map(vaultSettings_);
    for (auto& [key, e] : editors_) {
        auto it = values.find(key);
        if (it == values.end())
            continue;
        const QString v = qs(it->second);
        if (e.combo)
            e.combo->setCurrentText(v);
        if (e.check)
            e.check->setChecked(v == QLatin1String("true"));
        if (e.spin) {
            const double d = v.toDouble();
            e.spin->setValue(d);
            e.slider->setValue(static_cast<int>(std::lround(d * e.scale)));
        }
        auto st = stored.find(key);
        const bool changed = st == stored.end() || st->second != it->second;
        QFont f = e.label->font();
        f.setBold(changed);
        e.label->setFont(f);
        e.label->setToolTip(
            e.label->toolTip().section(QStringLiteral("\n\n"), 0, 0) +
            (changed && st != stored.end()
                 ? QStringLiteral("\n\n") + tr("The vault holds %1").arg(qs(st->second))
                 : QString()));
    }
    updatingEditors_ = false;
}

void LabSettingsPanel::onEdited(const std::string& key, const QString& text) {
    if (updatingEditors_)
        return;
    setSetting(key, text);
}

bool LabSettingsPanel::setSetting(const std::string& key, const QString& text) {
    auto s = apply_setting_overrides(panel_, {{key, text.toStdString()}});
    if (!s) {
        settingsNote_->setText(QStringLiteral("<span style='color:#c62828'>%1</span>")
                                   .arg(formatStatus(s.status()).toHtmlEscaped()));
        showSettings(); // the editor shows the value in force again
        return false;
    }
    panel_ = *s;
    settingsNote_->clear();
    showSettings();
    announce(true);
    updateButtons();
    return true;
}

void LabSettingsPanel::resetSettings() {
    panel_ = vaultSettings_;
    setBudget(rowBudget_ ? rowBudget_->max_units : 0, rowBudget_ ? rowBudget_->max_chars : 0);
    settingsNote_->clear();
    showSettings();
    announce(true);
    updateButtons();
}

// The budget boxes, without a re-rank of their own.
void LabSettingsPanel::setBudget(int maxUnits, std::int64_t maxChars) {
    updatingEditors_ = true;
    maxUnits_->setValue(maxUnits);
    maxChars_->setValue(static_cast<int>(std::min<std::int64_t>(maxChars, maxChars_->maximum())));
    updatingEditors_ = false;
}

LabSettings LabSettingsPanel::current() const {
    return LabSettings{vaultSettings_, panel_, maxUnits_->value(), maxChars_->value()};
}

void LabSettingsPanel::announce(bool rerank) {
    Q_EMIT settingsChanged();
    if (rerank)
        Q_EMIT rerankWanted();
}

void LabSettingsPanel::setRow(const LabRow& row, const RetrievalSettings& vaultSettings) {
    rowBudget_ = row.request.budget;
    vaultSettings_ = vaultSettings;
    if (!panelSet_) {
        panel_ = vaultSettings_;
        panelSet_ = true;
    }
    setBudget(row.request.budget.max_units, row.request.budget.max_chars);
    showOwnChoices(row.request);
    showSettings();
    announce(false);
    updateButtons();
}

// The query's own choices win over the panel, as they did when it ran.
void LabSettingsPanel::showOwnChoices(const SearchRequest& q) {
    QStringList own;
    if (q.mode)
        own << tr("mode %1").arg(QString::fromLatin1(to_string(*q.mode)));
    if (q.fusion)
        own << tr("fusion %1").arg(QString::fromLatin1(to_string(*q.fusion)));
    if (q.profile)
        own << tr("profile %1").arg(qs(*q.profile));
    if (q.mmr_lambda)
        own << tr("λ %1").arg(*q.mmr_lambda);
    if (q.recency_boost)
        own << tr("recency boost %1").arg(*q.recency_boost);
    ownChoices_->setText(own.isEmpty()
                             ? QString()
                             : tr("This query chose its own %1: that wins over the settings "
                                  "above, as it did when it ran.")
                                   .arg(own.join(QStringLiteral(", "))));
}

void LabSettingsPanel::clearRow() {
    rowBudget_.reset();
    updateButtons();
}

void LabSettingsPanel::setRetrievalNeeded(bool needed) {
    retrievalNeeded_ = needed;
    updateButtons();
}

void LabSettingsPanel::saveSettings() {
    if (!ref_.isValid())
        return;
    if (readOnly_) {
        showLabMessage(this, tr("Cannot save settings"),
                       tr("%1 is open read-only, so its settings cannot be saved; the what-if "
                          "still works. Open it again without read-only to save.")
                           .arg(ref_.dir));
        return;
    }
    const VaultRef ref = ref_;
    const RetrievalSettings settings = panel_;
    save_->setEnabled(false);
    saveJob_->start(
        [ref, settings](const std::atomic_bool&) { return saveSettingsJob(ref, settings); },
        [this, settings](const LabSaveOutcome& out) {
            if (!out.error.isEmpty()) {
                showLabMessage(this, tr("Cannot save settings"), out.error);
                updateButtons();
                return;
            }
            undoTo_ = out.previous;
            vaultSettings_ = settings;
            settingsNote_->setText(
                out.keys.isEmpty()
                    ? tr("Nothing to save: the vault holds these values already.")
                    : tr("Saved to the vault: %1. Undo Save writes back what it held.")
                          .arg(out.keys.join(QStringLiteral(", "))));
            showSettings();
            announce(false);
            updateButtons();
            Q_EMIT settingsSaved();
        });
}

void LabSettingsPanel::undoSave() {
    if (!undoTo_ || !ref_.isValid())
        return;
    const VaultRef ref = ref_;
    const RetrievalSettings settings = *undoTo_;
    undo_->setEnabled(false);
    saveJob_->start(
        [ref, settings](const std::atomic_bool&) { return saveSettingsJob(ref, settings); },
        [this, settings](const LabSaveOutcome& out) {
            if (!out.error.isEmpty()) {
                showLabMessage(this, tr("Cannot undo the save"), out.error);
                updateButtons();
                return;
            }
            undoTo_.reset();
            vaultSettings_ = settings;
            settingsNote_->setText(tr("The vault's previous settings are back."));
            showSettings();
            announce(true);
            updateButtons();
            Q_EMIT settingsSaved();
        });
}

void LabSettingsPanel::updateButtons() {
    const bool open = ref_.isValid();
    const bool differs =
        !changed_setting_keys(to_settings_map(panel_), to_settings_map(vaultSettings_)).empty();
    reset_->setEnabled(open && differs);
    save_->setEnabled(open && differs && !readOnly_ && !saveJob_->isRunning());
    save_->setToolTip(readOnly_ ? tr("The vault is open read-only: its settings cannot be saved")
                                : tr("Write these settings into the vault (Undo Save takes them "
                                     "back)"));
    undo_->setEnabled(open && undoTo_.has_value() && !readOnly_ && !saveJob_->isRunning());
    retrieve_->setEnabled(rowBudget_.has_value() && retrievalNeeded_);
}

void LabSettingsPanel::resetVaultState(const VaultRef& ref, bool open, bool readOnly,
                                       const RetrievalSettings& vaultSettings) {
    saveJob_->cancel();
    ref_ = ref;
    readOnly_ = readOnly;
    rowBudget_.reset();
    vaultSettings_ = vaultSettings;
    panel_ = vaultSettings_;
    panelSet_ = open;
    undoTo_.reset();
    retrievalNeeded_ = false;
    ownChoices_->clear();
    settingsNote_->clear();
    showSettings();
    announce(false);
    updateButtons();
}

void LabSettingsPanel::vaultOpened(const VaultRef& ref, bool readOnly,
                                   const RetrievalSettings& vaultSettings) {
    const bool same = ref_.dir == ref.dir;
    ref_ = ref;
    readOnly_ = readOnly;
    vaultSettings_ = vaultSettings;
    if (!same || !panelSet_) {
        panel_ = vaultSettings_;
        panelSet_ = true;
        showSettings();
    }
    announce(false);
    updateButtons();
}

} // namespace memlens::ui
