// memlens: the GUI. `memlens [VAULT]` opens a vault, `memlens --demo` the demo vault;
// `--query TEXT` runs a search in it once it is open.
#include "core/language.h"
#include "core/threadguard.h"
#include "mainwindow.h"
#include "pages/querypage.h"
#include "pages/queryworkbench.h"
#include "vault/vaultcontroller.h"

#include <QApplication>
#include <QCommandLineParser>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("memlens"));
    QApplication::setOrganizationDomain(QStringLiteral("memlens.example"));
    QApplication::setApplicationName(QStringLiteral("memlens"));
    QApplication::setApplicationVersion(QStringLiteral(MEMLENS_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.memlens.memlens"));
    memlens::ui::installUiThreadGuard();
    // Before any tr() runs, the command-line help included; the saved choice wins over the
    // system locale.
    memlens::ui::installTranslators(memlens::ui::savedLanguage());

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Inspector for an AI agent's memory vault."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("vault"),
        QApplication::translate("main", "Vault folder (or OpenHuman workspace) to open."),
        QStringLiteral("[VAULT]"));
    QCommandLineOption demo(
        QStringLiteral("demo"),
        QApplication::translate("main", "Build (once) and open the demo vault."));
    QCommandLineOption readOnly(QStringList{QStringLiteral("r"), QStringLiteral("read-only")},
                                QApplication::translate("main", "Open the vault read-only."));
    QCommandLineOption query(
        QStringList{QStringLiteral("q"), QStringLiteral("query")},
        QApplication::translate("main",
                                "Once the vault is open, run this query on the Query page."),
        QApplication::translate("main", "TEXT"));
    parser.addOption(demo);
    parser.addOption(readOnly);
    parser.addOption(query);
    parser.process(app);

    // On the heap: a language switch builds the window again and deletes this one
    // (MainWindow::rebuildInLanguage).
    auto* window = new memlens::ui::MainWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    if (parser.isSet(query)) {
        const QString text = parser.value(query);
        QObject::connect(
            window->vault(), &memlens::ui::VaultController::opened, window,
            [window, text] {
                memlens::ui::QueryPage* page = window->workbench()->page();
                window->pages()->setCurrentWidget(page);
                page->setQueryText(text);
                page->run();
            },
            Qt::SingleShotConnection);
    }
    if (parser.isSet(demo))
        window->openDemoVault();
    else if (!parser.positionalArguments().isEmpty())
        window->openVault(parser.positionalArguments().constFirst(), parser.isSet(readOnly));
    return QApplication::exec();
}
