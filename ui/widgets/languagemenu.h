// View › Language: System / English / Deutsch / 简体中文. The choice is saved and takes effect
// at the next start: the pages build their texts once, so switching live would mean rebuilding
// every page for a setting a user changes about once.
#pragma once

#include <QMenu>

namespace memlens::ui {

class LanguageMenu : public QMenu {
    Q_OBJECT
public:
    explicit LanguageMenu(QWidget* parent = nullptr);

Q_SIGNALS:
    void languageChosen(const QString& code);

private:
    void choose(const QString& code, const QString& name);
};

} // namespace memlens::ui
