// View › Language: System / English / Deutsch / 简体中文. The choice is saved and its
// translators installed at once; languageChosen() then has MainWindow build itself again in the
// new language (MainWindow::rebuildInLanguage), over the same vault, page and answer.
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
