#include "vault/settings_rows.h"

namespace memlens {

Result<std::optional<std::string>> read_setting(const Database& db, std::string_view key) {
    auto st = db.prepare("SELECT value FROM ml_settings WHERE key = ?");
    if (!st)
        return st.status();
    st->bind(1, key);
    auto row = st->step();
    if (!row)
        return row.status();
    std::optional<std::string> value;
    if (*row)
        value = st->column_text(0);
    st->reset();
    return value;
}

Status write_setting(const Database& db, std::string_view key, std::string_view value) {
    auto st = db.prepare("INSERT INTO ml_settings(key, value) VALUES (?, ?) "
                         "ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    if (!st)
        return st.status();
    st->bind(1, key).bind(2, value);
    return st->exec();
}

} // namespace memlens
