#include "widgets/languagemenu.h"

#include "core/language.h"

#include <QActionGroup>
#include <QMessageBox>

namespace memlens::ui {

LanguageMenu::LanguageMenu(QWidget* parent)
    : QMenu(tr("&Language"), parent) {
    setObjectName(QStringLiteral("languageMenu"));
    auto* group = new QActionGroup(this);
    const QString current = savedLanguage();
    for (const LanguageOption& option : languageOptions()) {
        QAction* action = addAction(option.nativeName);
        action->setCheckable(true);
        action->setChecked(option.code == current);
        action->setData(option.code);
        group->addAction(action);
        connect(action, &QAction::triggered, this,
                [this, option] { choose(option.code, option.nativeName); });
    }
}

void LanguageMenu::choose(const QString& code, const QString& name) {
    if (code == savedLanguage())
        return;
    saveLanguage(code);
    if (!installTranslators(code)) {
        // No translation for that locale: the interface stays English, and says so.
        auto* box = new QMessageBox(
            QMessageBox::Information, tr("Language"),
            tr("memlens has no translation for %1; the interface stays in English.").arg(name),
            QMessageBox::Ok, parentWidget());
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->setObjectName(QStringLiteral("languageBox"));
        box->open();
    }
    Q_EMIT languageChosen(code);
}

} // namespace memlens::ui
