// The interface language: which ones memlens ships, the user's choice (QSettings "ui/language",
// empty = follow the system locale), and installing the matching translators.
#pragma once

#include <QList>
#include <QLocale>
#include <QString>

namespace memlens::ui {

struct LanguageOption {
    QString code;       // "" (system), "en", "de", "zh_CN"
    QString nativeName; // shown as is in every language, so a user can always find their own
};

// System first, then every language with a translation embedded under :/i18n.
QList<LanguageOption> languageOptions();

QString savedLanguage();
void saveLanguage(const QString& code);

// The locale a code stands for; "" is the system locale.
QLocale localeForLanguage(const QString& code);

// Replaces the translators this function installed before with Qt's own (qtbase_*, from
// QLibraryInfo::TranslationsPath) and memlens's (embedded memlens_*.qm) for the code's locale,
// and makes that locale the default for number formatting. Call on the GUI thread after the
// QCoreApplication exists. Returns false when memlens has no translation for a non-English locale
// (the interface then stays English).
bool installTranslators(const QString& code);

} // namespace memlens::ui
