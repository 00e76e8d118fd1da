#include "core/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QSettings>
#include <QTranslator>

namespace memlens::ui {

namespace {
const QString kLanguageKey = QStringLiteral("ui/language");
const QString kResourceDir = QStringLiteral(":/i18n");

// Owned by the application object; kept here only to remove them on a second install.
QTranslator* qtTranslator = nullptr;
QTranslator* appTranslator = nullptr;

void removeTranslator(QTranslator*& translator) {
    if (!translator)
        return;
    QCoreApplication::removeTranslator(translator);
    delete translator;
    translator = nullptr;
}
} // namespace

QList<LanguageOption> languageOptions() {
    return {{QString(), QCoreApplication::translate("Language", "System")},
            {QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("de"), QStringLiteral("Deutsch")},
            {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
}

QString savedLanguage() {
    return QSettings().value(kLanguageKey).toString();
}

void saveLanguage(const QString& code) {
    if (code.isEmpty())
        QSettings().remove(kLanguageKey);
    else
        QSettings().setValue(kLanguageKey, code);
}

QLocale localeForLanguage(const QString& code) {
    return code.isEmpty() ? QLocale::system() : QLocale(code);
}

bool installTranslators(const QString& code) {
    removeTranslator(qtTranslator);
    removeTranslator(appTranslator);
    const QLocale locale = localeForLanguage(code);
    QLocale::setDefault(locale);

    // Qt's own strings (dialog buttons, context menus) come from the qt6-translations-l10n
    // package; without it they stay English, which is not worth failing over.
    qtTranslator = new QTranslator(QCoreApplication::instance());
    if (qtTranslator->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                           QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qtTranslator);
    else
        removeTranslator(qtTranslator);

    // memlens_en holds only the English plural forms, so English needs a translator too.
    appTranslator = new QTranslator(QCoreApplication::instance());
    if (appTranslator->load(locale, QStringLiteral("memlens"), QStringLiteral("_"), kResourceDir)) {
        QCoreApplication::installTranslator(appTranslator);
        return true;
    }
    // No catalogue for this locale (the C locale of a bare system, or a language memlens does not
    // speak): the interface stays in its source language, English, and should count in English
    // too ("1 chunk", "2 chunks"), not in the source's "chunk(s)".
    const bool english = locale.language() == QLocale::English || locale.language() == QLocale::C;
    if (appTranslator->load(QStringLiteral("memlens_en"), kResourceDir)) {
        QCoreApplication::installTranslator(appTranslator);
        return english;
    }
    removeTranslator(appTranslator);
    return english;
}

} // namespace memlens::ui
