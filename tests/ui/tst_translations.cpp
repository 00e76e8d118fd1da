// Translations: the embedded German and Chinese catalogues reach the main window's
// menus, pages, docks and counts; English comes back when chosen; no action in the window is
// left in English under German, except names that are the same in both languages.
#include "core/language.h"
#include "mainwindow.h"
#include "models/resultsmodel.h"
#include "pages/overviewpage.h"
#include "pages/querypage.h"
#include "pages/queryworkbench.h"
#include "pages/vaultpanel.h"
#include "query/querysession.h"
#include "suite.h"
#include "testsupport.h"
#include "uivault.h"
#include "vault/vaultcontroller.h"

#include <QAbstractButton>
#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLibraryInfo>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTreeView>
#include <QtTest>

namespace tst_translations {

using namespace memlens;
using namespace memlens::ui;

namespace {

QStringList menuTitles(const MainWindow& w) {
    QStringList titles;
    for (const QAction* a : w.menuBar()->actions())
        titles << a->text();
    return titles;
}

QStringList pageTitles(const MainWindow& w) {
    QStringList titles;
    for (int i = 0; i < w.pages()->count(); ++i)
        titles << w.pages()->tabText(i);
    return titles;
}

QStringList dockTitles(const MainWindow& w) {
    QStringList titles;
    for (const QDockWidget* d : w.findChildren<QDockWidget*>())
        titles << d->windowTitle();
    return titles;
}

bool hasButton(const QWidget& w, const QString& text) {
    for (const QPushButton* b : w.findChildren<QPushButton*>()) {
        if (b->text() == text)
            return true;
    }
    return false;
}

QString chunks(int n) {
    return QCoreApplication::translate("memlens::ui::MainWindow", "%Ln chunk(s)", nullptr, n);
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    QString vaultDir_;

private Q_SLOTS:
    void initTestCase() {
        test::setUpUiTest();
        QSettings().clear();
        const auto dir = tmp_.path() / "vault";
        const std::string error = test::buildGeneratedVault(dir, 300);
        QVERIFY2(error.empty(), error.c_str());
        vaultDir_ = QString::fromStdString(dir.string());
    }

    void cleanup() { installTranslators(QStringLiteral("en")); }

    void catalogsAreEmbedded() {
        for (const char* lang : {"de", "zh_CN", "en"}) {
            const QString path = QStringLiteral(":/i18n/memlens_%1.qm").arg(QLatin1String(lang));
            QVERIFY2(QFile::exists(path), qPrintable(path));
        }
        const QList<LanguageOption> options = languageOptions();
        QCOMPARE(options.size(), 4);
        QVERIFY(options.first().code.isEmpty());
    }

    void mainWindowIsTranslated_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QStringList>("menus");
        QTest::addColumn<QStringList>("pages");
        QTest::addColumn<QString>("detailDock");
        QTest::addColumn<QString>("openButton");
        QTest::addColumn<QString>("sourcesTab");
        QTest::addColumn<QString>("oneChunk");
        QTest::addColumn<QString>("manyChunks");
        QTest::newRow("de") << QStringLiteral("de")
                            << QStringList{QStringLiteral("&Datei"), QStringLiteral("&Ansicht"),
                                           QStringLiteral("Ab&frage"), QStringLiteral("&Hilfe")}
                            << QStringList{QStringLiteral("Übersicht"), QStringLiteral("Abfrage"),
                                           QStringLiteral("Bäume"),     QStringLiteral("Graph"),
                                           QStringLiteral("Audit"),     QStringLiteral("Labor")}
                            << QStringLiteral("Trefferdetails") << QStringLiteral("Vault öffnen…")
                            << QStringLiteral("&Quellen") << QStringLiteral("1 Chunk")
                            << QStringLiteral("1.200 Chunks");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN")
                               << QStringList{QStringLiteral("文件(&F)"),
                                              QStringLiteral("视图(&V)"),
                                              QStringLiteral("查询(&Q)"),
                                              QStringLiteral("帮助(&H)")}
                               << QStringList{QStringLiteral("概览"), QStringLiteral("查询"),
                                              QStringLiteral("树"),   QStringLiteral("图谱"),
                                              QStringLiteral("审计"), QStringLiteral("实验室")}
                               << QStringLiteral("命中详情") << QStringLiteral("打开记忆库…")
                               << QStringLiteral("来源(&S)") << QStringLiteral("1 个分块")
                               << QStringLiteral("1,200 个分块");
        QTest::newRow("en") << QStringLiteral("en")
                            << QStringList{QStringLiteral("&File"), QStringLiteral("&View"),
                                           QStringLiteral("&Query"), QStringLiteral("&Help")}
                            << QStringList{QStringLiteral("Overview"), QStringLiteral("Query"),
                                           QStringLiteral("Trees"),    QStringLiteral("Graph"),
                                           QStringLiteral("Audit"),    QStringLiteral("Lab")}
                            << QStringLiteral("Hit Detail") << QStringLiteral("Open Vault…")
                            << QStringLiteral("&Sources") << QStringLiteral("1 chunk")
                            << QStringLiteral("1,200 chunks");
    }

    void mainWindowIsTranslated() {
        QFETCH(QString, code);
        QFETCH(QStringList, menus);
        QFETCH(QStringList, pages);
        QFETCH(QString, detailDock);
        QFETCH(QString, openButton);
        QFETCH(QString, sourcesTab);
        QFETCH(QString, oneChunk);
        QFETCH(QString, manyChunks);
        QVERIFY(installTranslators(code));
        MainWindow w;
        QCOMPARE(menuTitles(w), menus);
        QCOMPARE(pageTitles(w), pages);
        // On the Query page the docks carry their plain names; on another page (the Overview,
        // where the window opens) they also say whose hits they explain, translated too.
        w.pages()->setCurrentIndex(1);
        QVERIFY2(dockTitles(w).contains(detailDock),
                 qPrintable(dockTitles(w).join(QLatin1Char('|'))));
        w.pages()->setCurrentIndex(0);
        const QString elsewhere = dockTitles(w).filter(detailDock).value(0);
        QVERIFY2(elsewhere.startsWith(detailDock + QStringLiteral(" · ")), qPrintable(elsewhere));
        QVERIFY2(code == QStringLiteral("en") || !elsewhere.contains(QStringLiteral("Query")),
                 qPrintable(elsewhere));
        QVERIFY2(hasButton(w, openButton), qPrintable(openButton));
        QCOMPARE(w.vaultPanel()->tabText(0), sourcesTab);
        // Numerus forms, with the language's digit grouping.
        QCOMPARE(chunks(1), oneChunk);
        QCOMPARE(chunks(1200), manyChunks);
    }

    void openVaultShowsTranslatedCounts() {
        QVERIFY(installTranslators(QStringLiteral("de")));
        MainWindow w;
        w.show();
        QSignalSpy opened(w.vault(), &VaultController::opened);
        w.openVault(vaultDir_);
        QVERIFY(opened.wait(20000));
        const QString counts = w.countsLabel()->text();
        QVERIFY2(counts.contains(QStringLiteral("300 Chunks")), qPrintable(counts));
        QVERIFY2(counts.contains(QStringLiteral("Quellen")), qPrintable(counts));
        QVERIFY2(counts.contains(QStringLiteral("Entitäten")), qPrintable(counts));
        QVERIFY(!w.overviewPage()->tileValue(QStringLiteral("Zusammenfassungen")).isEmpty());
    }

    // Every action a German user can see differs from its English text, unless the word is the
    // same in both languages or is a language's own name.
    void noActionLeftInEnglish() {
        const QSet<QString> sameInBoth{QStringLiteral("Graph"),   QStringLiteral("Audit"),
                                       QStringLiteral("Vault"),   QStringLiteral("English"),
                                       QStringLiteral("Deutsch"), QStringLiteral("简体中文")};
        auto actionTexts = [] {
            MainWindow w;
            QStringList texts;
            for (const QAction* a : w.findChildren<QAction*>())
                texts << a->text();
            return texts;
        };
        QSettings().clear(); // recent vaults are folder names, not interface text
        QVERIFY(installTranslators(QStringLiteral("en")));
        const QStringList english = actionTexts();
        QVERIFY(installTranslators(QStringLiteral("de")));
        const QStringList german = actionTexts();
        QCOMPARE(german.size(), english.size());
        QStringList untranslated;
        int checked = 0;
        for (qsizetype i = 0; i < english.size(); ++i) {
            if (english[i].isEmpty())
                continue;
            ++checked;
            if (german[i] == english[i] && !sameInBoth.contains(english[i]))
                untranslated << english[i];
        }
        QVERIFY2(checked > 25, qPrintable(QString::number(checked)));
        QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join(QStringLiteral(" | "))));
    }

    void switchingBackGivesEnglish() {
        QVERIFY(installTranslators(QStringLiteral("zh_CN")));
        QCOMPARE(chunks(2), QStringLiteral("2 个分块"));
        QVERIFY(installTranslators(QStringLiteral("en")));
        MainWindow w;
        QCOMPARE(menuTitles(w).value(0), QStringLiteral("&File"));
        QCOMPARE(chunks(2), QStringLiteral("2 chunks"));
        QCOMPARE(QLocale().language(), QLocale::English);
    }

    // A locale memlens has no catalogue for (the bare C locale, or French) keeps the English
    // interface and counts in English, not in the source's "chunk(s)".
    void aLanguageWithoutACatalogueCountsInEnglish() {
        QVERIFY(!installTranslators(QStringLiteral("fr")));
        QCOMPARE(chunks(1), QStringLiteral("1 chunk"));
        QCOMPARE(chunks(2), QStringLiteral("2 chunks"));
        QVERIFY(installTranslators(QStringLiteral("C")));
        QCOMPARE(chunks(2), QStringLiteral("2 chunks"));
    }

    void languageChoiceIsSaved() {
        saveLanguage(QStringLiteral("de"));
        QCOMPARE(QSettings().value(QStringLiteral("ui/language")).toString(), QStringLiteral("de"));
        QCOMPARE(savedLanguage(), QStringLiteral("de"));
        saveLanguage(QString());
        QVERIFY(!QSettings().contains(QStringLiteral("ui/language")));
        QCOMPARE(localeForLanguage(QString()), QLocale::system());
    }

    // Pictures of every page in German and Chinese at 1280×800, to look at for clipped text
    // (into MEMLENS_SCREENSHOT_DIR when set). Under German, no button, check box or tab is
    // narrower than its text needs.
    void pagesRenderUnclipped_data() {
        QTest::addColumn<QString>("code");
        QTest::newRow("de") << QStringLiteral("de");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
        QTest::newRow("en") << QStringLiteral("en");
    }

    void pagesRenderUnclipped() {
        QFETCH(QString, code);
        QVERIFY(installTranslators(code));
        QString dir = qEnvironmentVariable("MEMLENS_SCREENSHOT_DIR");
        if (dir.isEmpty())
            dir = QString::fromStdString((tmp_.path() / "shots").string());
        QVERIFY(QDir().mkpath(dir));
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QTest::qWait(100);
        QVERIFY(w.grab().save(QStringLiteral("%1/welcome_%2.png").arg(dir, code)));
        QSignalSpy opened(w.vault(), &VaultController::opened);
        w.openVault(vaultDir_);
        QVERIFY(opened.wait(20000));
        // A query with a selected hit fills the detail, breakdown and MMR docks.
        QueryWorkbench* wb = w.workbench();
        QSignalSpy finished(wb->session(), &QuerySession::finished);
        wb->page()->setQueryText(QStringLiteral("launch budget decision"));
        wb->page()->run();
        QVERIFY(finished.wait(30000));
        QVERIFY(wb->session()->results()->rowCount() > 1);
        wb->page()->resultsView()->setCurrentIndex(wb->page()->resultsView()->model()->index(1, 0));
        // The query parameters share a tab with the vault panel: show them on the last page.
        auto* params = w.findChild<QDockWidget*>(QStringLiteral("queryParamsDock"));
        QVERIFY(params);
        // The default window size holds every page and dock without growing.
        QVERIFY2(w.minimumSizeHint().width() <= 1280,
                 qPrintable(QString::number(w.minimumSizeHint().width())));
        QStringList squeezed;
        for (int i = 0; i < w.pages()->count(); ++i) {
            if (i == w.pages()->count() - 1)
                params->raise();
            w.pages()->setCurrentIndex(i);
            QTest::qWait(200);
            const QString file = QStringLiteral("%1/page%2_%3.png").arg(dir).arg(i).arg(code);
            QVERIFY(w.grab().save(file));
            for (const QScrollArea* a : w.findChildren<QScrollArea*>()) {
                if (a->isVisible() && a->widget() &&
                    a->horizontalScrollBarPolicy() == Qt::ScrollBarAlwaysOff &&
                    a->viewport()->width() < a->widget()->minimumSizeHint().width())
                    squeezed << QString::fromLatin1(a->widget()->metaObject()->className());
            }
            for (const QAbstractButton* b : w.findChildren<QAbstractButton*>()) {
                if (b->isVisible() && !b->text().isEmpty() &&
                    b->width() < b->minimumSizeHint().width())
                    squeezed << b->text();
            }
        }
        squeezed.removeDuplicates();
        QVERIFY2(squeezed.isEmpty(), qPrintable(squeezed.join(QStringLiteral(" | "))));
    }

    // Qt's own dialogs follow too, when qt6-translations-l10n is installed.
    void qtTranslatorIsLoaded() {
        const QString dir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
        if (!QFile::exists(dir + QStringLiteral("/qtbase_de.qm")))
            QSKIP("qtbase_de.qm is not installed (qt6-translations-l10n)");
        QVERIFY(installTranslators(QStringLiteral("de")));
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"),
                 QStringLiteral("Abbrechen"));
    }
};

MEMLENS_TEST_MAIN(TestTranslations)
#include "tst_translations.moc"
} // namespace tst_translations
