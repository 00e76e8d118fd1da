#include "query/settingspanel.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "vault/vaultoverview.h"
#include "vault/workervault.h"

#include <memlens/vault.h>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace memlens::ui {

namespace {

constexpr int kKeyRole = Qt::UserRole + 1;
const std::string kModeKey = "search.mode";
const std::string kProfilePrefix = "profile.<name>.";

struct SaveResult {
    QStringList keys;
    QString error;
};

// The rows, in the core's display order: every key but the mode (the query box's choice),
// the active profile's weights under that profile's name.
std::vector<std::pair<std::string, std::string>> rowKeys(const RetrievalSettings& s) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const SettingKey& k : retrieval_setting_keys()) {
        if (k.key == kModeKey)
            continue;
        if (k.key.rfind(kProfilePrefix, 0) == 0)
            out.emplace_back(
                "profile." + s.profile.name + "." + k.key.substr(kProfilePrefix.size()), k.help);
        else
            out.emplace_back(k.key, k.help);
    }
    return out;
}

QString shortKey(const std::string& key) {
    const std::string prefix = "search.";
    return qs(key.rfind(prefix, 0) == 0 ? key.substr(prefix.size()) : key);
}

} // namespace

SettingsPanel::SettingsPanel(QWidget* parent)
    : QWidget(parent)
    , saveJob_(new JobRunner(this))
    , legend_(new QLabel(this))
    , table_(new QTreeWidget(this))
    , error_(new QLabel(this))
    , revert_(new QPushButton(tr("Re&vert"), this))
    , save_(new QPushButton(tr("&Save to Vault"), this)) {
    legend_->setWordWrap(true);
    // Wrapped text takes the dock's width; it must not set the dock's minimum (a longer
    // translation would widen the window beyond its default size).
    legend_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    legend_->setForegroundRole(QPalette::PlaceholderText);
    legend_->setText(tr("Every setting as the next query uses it. Bold: differs from the vault's "
                        "stored value (shown beside it). Double-click a value to change it."));
    table_->setObjectName(QStringLiteral("retrievalSettings"));
    table_->setColumnCount(ColumnCount);
    table_->setHeaderLabels({tr("Setting"), tr("Value"), tr("Vault")});
    table_->setRootIsDecorated(false);
    table_->setUniformRowHeights(true);
    table_->setAlternatingRowColors(true);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->header()->setStretchLastSection(false);
    // The dock is narrow: values and stored values are short and shown whole, the names give way.
    table_->header()->setSectionResizeMode(Key, QHeaderView::Stretch);
    table_->header()->setSectionResizeMode(Value, QHeaderView::ResizeToContents);
    table_->header()->setSectionResizeMode(Stored, QHeaderView::ResizeToContents);
    table_->setTextElideMode(Qt::ElideMiddle);
    table_->setMinimumHeight(220);
    // Only the value column is edited, and only on purpose (double-click or Enter).
    auto edit = [this](QTreeWidgetItem* item, int) { table_->editItem(item, Value); };
    connect(table_, &QTreeWidget::itemDoubleClicked, this, edit);
    connect(table_, &QTreeWidget::itemActivated, this, edit);
    connect(table_, &QTreeWidget::itemChanged, this, &SettingsPanel::onItemChanged);
    error_->setWordWrap(true);
    error_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    error_->setObjectName(QStringLiteral("settingsError"));
    error_->setStyleSheet(QStringLiteral("color: #b3261e;"));
    error_->setVisible(false);
    revert_->setToolTip(tr("Show the vault's stored values again"));
    save_->setToolTip(tr("Store the values shown as this vault's settings"));
    connect(revert_, &QPushButton::clicked, this, &SettingsPanel::revert);
    connect(save_, &QPushButton::clicked, this, &SettingsPanel::save);

    auto* buttons = new QHBoxLayout();
    buttons->addStretch();
    buttons->addWidget(revert_);
    buttons->addWidget(save_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(legend_);
    layout->addWidget(table_, 1);
    layout->addWidget(error_);
    layout->addLayout(buttons);
    refresh();
}

void SettingsPanel::setVault(const VaultOverviewData& data) {
    saveJob_->cancel();
    // The same vault read again (after an import) keeps what was typed, less what now equals
    // the stored value; another vault starts from its own.
    const bool sameVault = ref_.isValid() && ref_.dir == data.ref.dir;
    const RetrievalSettings typed = effective();
    ref_ = data.ref;
    readOnly_ = data.readOnly;
    workspace_ = data.workspace;
    stored_ = data.settings;
    edits_.clear();
    if (sameVault) {
        const auto vault = to_settings_map(stored_);
        for (const auto& [key, value] : to_settings_map(typed)) {
            auto it = vault.find(key);
            if (key != kModeKey && (it == vault.end() || it->second != value))
                edits_[key] = value;
        }
    }
    error_->setText(data.settingsError.isEmpty()
                        ? QString()
                        : tr("The vault's settings do not parse; the defaults are shown: %1")
                              .arg(data.settingsError));
    error_->setVisible(!data.settingsError.isEmpty());
    refresh();
}

void SettingsPanel::resetVaultState() {
    saveJob_->cancel();
    ref_ = {};
    readOnly_ = workspace_ = false;
    stored_ = RetrievalSettings{};
    edits_.clear();
    error_->clear();
    error_->setVisible(false);
    refresh();
}

RetrievalSettings SettingsPanel::effective() const {
    if (edits_.empty())
        return stored_;
    std::map<std::string, std::string> map = to_settings_map(stored_);
    for (const auto& [key, value] : edits_)
        map[key] = value;
    // Every edit was accepted by the same parser (setValue), so this parses.
    auto parsed = retrieval_settings_from_map(map);
    return parsed ? *parsed : stored_;
}

std::optional<RetrievalSettings> SettingsPanel::overrides() const {
    if (edits_.empty())
        return std::nullopt;
    RetrievalSettings s = effective();
    s.mode = stored_.mode;
    return s;
}

std::vector<std::string> SettingsPanel::changedKeys() const {
    std::vector<std::string> keys =
        changed_setting_keys(to_settings_map(stored_), to_settings_map(effective()));
    std::erase(keys, kModeKey);
    return keys;
}

bool SettingsPanel::setValue(const std::string& key, const QString& text) {
    std::map<std::string, std::string> map = to_settings_map(effective());
    if (map.count(key) == 0) {
        error_->setText(tr("No setting %1").arg(qs(key)));
        error_->setVisible(true);
        return false;
    }
    map[key] = text.trimmed().toStdString();
    auto parsed = retrieval_settings_from_map(map);
    if (!parsed) {
        error_->setText(formatStatus(parsed.status()));
        error_->setVisible(true);
        refresh(); // the cell shows the value in force again
        return false;
    }
    error_->setVisible(false);
    // Canonical text ("0.50" → "0.5"), and the vault's own value is no change at all.
    const std::map<std::string, std::string> canonical = to_settings_map(*parsed);
    const std::map<std::string, std::string> vault = to_settings_map(stored_);
    edits_.clear();
    for (const auto& [k, v] : canonical) {
        auto it = vault.find(k);
        if (k != kModeKey && (it == vault.end() || it->second != v))
            edits_[k] = v;
    }
    refresh();
    return true;
}

void SettingsPanel::clearValue(const std::string& key) {
    const std::map<std::string, std::string> vault = to_settings_map(stored_);
    auto it = vault.find(key);
    if (it != vault.end())
        setValue(key, qs(it->second));
    else if (edits_.erase(key) > 0)
        refresh();
}

QString SettingsPanel::value(const std::string& key) const {
    const std::map<std::string, std::string> map = to_settings_map(effective());
    auto it = map.find(key);
    return it == map.end() ? QString() : qs(it->second);
}

void SettingsPanel::revert() {
    edits_.clear();
    error_->setVisible(false);
    refresh();
}

void SettingsPanel::refresh() {
    const RetrievalSettings now = effective();
    const std::map<std::string, std::string> shown = to_settings_map(now);
    const std::map<std::string, std::string> vault = to_settings_map(stored_);
    const auto rows = rowKeys(now);
    updating_ = true;
    table_->clear();
    for (const auto& [key, help] : rows) {
        auto* item = new QTreeWidgetItem(table_);
        item->setData(Key, kKeyRole, qs(key));
        item->setText(Key, shortKey(key));
        item->setToolTip(Key, qs(key) + QStringLiteral(": ") + qs(help));
        auto it = shown.find(key);
        item->setText(Value, it == shown.end() ? QString() : qs(it->second));
        item->setToolTip(Value, qs(help));
        item->setFlags(item->flags() | Qt::ItemIsEditable);
        auto stored = vault.find(key);
        const bool differs =
            it != shown.end() && (stored == vault.end() || stored->second != it->second);
        if (differs) {
            item->setText(Stored, stored == vault.end() ? tr("(none)") : qs(stored->second));
            item->setToolTip(Stored, tr("The vault's stored value"));
            QFont bold = item->font(Value);
            bold.setBold(true);
            item->setFont(Key, bold);
            item->setFont(Value, bold);
        }
    }
    updating_ = false;
    const bool anyChange = !changedKeys().empty();
    revert_->setEnabled(anyChange);
    save_->setEnabled(anyChange && ref_.isValid());
    Q_EMIT changed();
}

void SettingsPanel::onItemChanged(QTreeWidgetItem* item, int column) {
    if (updating_ || column != Value)
        return;
    const std::string key = item->data(Key, kKeyRole).toString().toStdString();
    const QString text = item->text(Value);
    // refresh() rebuilds the rows (a new profile has other weight keys): not inside the
    // table's own signal.
    QMetaObject::invokeMethod(
        this, [this, key, text] { setValue(key, text); }, Qt::QueuedConnection);
}

void SettingsPanel::save() {
    if (!ref_.isValid())
        return;
    if (readOnly_) {
        showMessage(tr("Cannot save settings"),
                    workspace_
                        ? tr("%1 is an OpenHuman workspace, which memlens always opens "
                             "read-only: its settings cannot be saved. The values shown still "
                             "apply to the queries run here.")
                              .arg(ref_.dir)
                        : tr("%1 is open read-only, so its settings cannot be saved. Open it "
                             "again without read-only (File › Open Vault…) to save them; the "
                             "values shown still apply to the queries run here.")
                              .arg(ref_.dir));
        return;
    }
    const RetrievalSettings settings = effective();
    const VaultRef ref = ref_;
    save_->setEnabled(false);
    saveJob_->start(
        [ref, settings](const std::atomic_bool&) {
            SaveResult out;
            auto vault = workerVault(ref);
            if (!vault) {
                out.error = formatStatus(vault.status());
                return out;
            }
            auto keys = save_retrieval_settings(**vault, settings);
            if (!keys) {
                out.error = formatStatus(keys.status());
                return out;
            }
            for (const auto& k : *keys)
                out.keys << qs(k);
            return out;
        },
        [this, settings](const SaveResult& result) {
            if (!result.error.isEmpty()) {
                refresh();
                showMessage(
                    tr("Cannot save settings"),
                    tr("The settings of %1 were not saved: %2").arg(ref_.dir, result.error));
                return;
            }
            stored_ = settings;
            edits_.clear();
            refresh();
            Q_EMIT saved(result.keys);
        });
}

void SettingsPanel::showMessage(const QString& title, const QString& text) {
    // Window-modal and non-blocking, like the main window's errors.
    auto* box = new QMessageBox(QMessageBox::Information, title, text, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("settingsMessage"));
    box->open();
}

} // namespace memlens::ui
