// Translations: the embedded German and Chinese catalogues reach the main window's
// menus, pages, docks and counts; English comes back when chosen; no action in the window is
// left in English under German, except names that are the same in both languages. The core's
// sentences (verdicts, why-not findings, compare causes, leg reasons: memlens/phrase.h) render
// translated, and View › Language switches a window with an open vault and answer live.
#include "core/language.h"
#include "core/phrase.h"
#include "dialogs/whynotdialog.h"
#include "mainwindow.h"
#include "models/resultsmodel.h"
#include "pages/overviewpage.h"
#include "pages/queryform.h"
#include "pages/querypage.h"
#include "pages/queryworkbench.h"
#include "pages/vaultpanel.h"
#include "query/querysession.h"
#include "query/settingspanel.h"
#include "suite.h"
#include "testsupport.h"
#include "uivault.h"
#include "vault/vaultcontroller.h"

#include <memlens/compare.h>

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
#include <QTranslator>
#include <QTreeView>
#include <QtTest>

#include <set>

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

// Every template a phrase renders with (its as-is parts aside), as context + source.
void collectTemplates(const Phrase& p, std::set<std::pair<std::string, std::string>>& out) {
    for_each_template(p, [&](const PhraseText& t) {
        if (*t.context != '\0')
            out.emplace(t.context, t.text);
    });
}

// The templates among `used` that memlens's catalogue for `code` has no translation for (a
// translation may equal its source: "RRF %1" reads the same in German).
QStringList untranslatedTemplates(const std::set<std::pair<std::string, std::string>>& used,
                                  const QString& code) {
    QTranslator catalogue;
    if (!catalogue.load(QStringLiteral(":/i18n/memlens_%1.qm").arg(code)))
        return {QStringLiteral("no catalogue for ") + code};
    QStringList left;
    for (const auto& [context, text] : used)
        if (catalogue.translate(context.c_str(), text.c_str()).isEmpty())
            left << QStringLiteral("[%1] %2").arg(QString::fromStdString(context),
                                                  QString::fromStdString(text));
    return left;
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

    // Every kind of sentence the core says about a search (the verdicts of hits, of candidates
    // MMR left out and of older versions the supersession penalty kept out, under RRF and
    // profile fusion, in hybrid, keyword and semantic mode; compare causes; why-not verdicts and
    // facts; the legs' skip reasons) renders in German and in Chinese with no template left in
    // English.
    void everySentenceOfTheCoreIsTranslated() {
        QVERIFY(installTranslators(QStringLiteral("en")));
        MainWindow w;
        w.show();
        QSignalSpy opened(w.vault(), &VaultController::opened);
        w.openVault(vaultDir_);
        QVERIFY(opened.wait(20000));
        QueryWorkbench* wb = w.workbench();
        SettingsPanel* panel = wb->form()->settingsPanel();
        std::set<std::pair<std::string, std::string>> used;
        QStringList whyNotIds;
        auto run = [&](QueryKind kind, const QString& text) {
            wb->form()->setKind(kind);
            QSignalSpy finished(wb->session(), &QuerySession::finished);
            wb->page()->setQueryText(text);
            wb->page()->run();
            QVERIFY(finished.wait(30000));
            const QueryOutcome& o = wb->session()->outcome();
            QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
            std::vector<const RetrievalHit*> hits;
            for (const HitRow& r : o.rows) {
                hits.push_back(&r.hit);
                if (r.hit.explanation)
                    collectTemplates(r.hit.explanation->verdict_phrase, used);
            }
            for (const auto* rows : {&o.pushedOut, &o.supersededOut})
                for (const HitRow& r : *rows) {
                    if (r.hit.explanation)
                        collectTemplates(r.hit.explanation->verdict_phrase, used);
                    if (whyNotIds.size() < 6)
                        whyNotIds << QString::fromStdString(r.hit.node_id);
                }
            for (std::size_t a = 0; a < hits.size(); ++a)
                for (std::size_t b = a + 1; b < hits.size() && b < a + 4; ++b)
                    collectTemplates(compare_hits(hits, a, b).phrase, used);
            if (o.search) {
                for (const LegReport* leg : {&o.search->keyword, &o.search->vector}) {
                    if (!leg->skipped_reason.empty())
                        collectTemplates(leg_skip_phrase(leg->skipped_reason), used);
                    if (!leg->exact_reason.empty())
                        collectTemplates(exact_scan_phrase(leg->exact_reason), used);
                }
                if (o.search->no_match)
                    collectTemplates(o.search->no_match->reason_phrase, used);
                collectTemplates(audit_state_phrase(o.search->audit.disabled_reason), used);
                collectTemplates(embedder_phrase(o.search->candidates.vector_index), used);
                for (const Phrase& note : o.search->query_entity_phrases)
                    collectTemplates(note, used);
            }
        };
        QVERIFY(panel->setValue("search.mmr_redundancy_floor", QStringLiteral("0")));
        run(QueryKind::Hybrid, QStringLiteral("who decided the launch budget"));
        run(QueryKind::Keyword, QStringLiteral("launch budget decision"));
        run(QueryKind::Semantic, QStringLiteral("launch budget decision"));
        run(QueryKind::Hybrid, QStringLiteral("zorblaxi quenthor"));
        // Names read from the query (a person's name, a short form of one) under the entity
        // boost, which says how it read them.
        QVERIFY(panel->setValue("search.entity_boost", QStringLiteral("0.5")));
        run(QueryKind::Hybrid, QStringLiteral("what did arjn say about Mel and Dana"));
        panel->clearValue("search.entity_boost");
        QVERIFY(panel->setValue("search.fusion", QStringLiteral("profile")));
        run(QueryKind::Hybrid, QStringLiteral("budget review meeting"));
        panel->clearValue("search.fusion");
        // Why not, for left-out candidates and an id no memory has (a hit needs no answer: the
        // dialog points at its row).
        run(QueryKind::Hybrid, QStringLiteral("who decided the launch budget"));
        QVERIFY(!wb->session()->outcome().rows.empty());
        whyNotIds << QStringLiteral("chunk:does-not-exist");
        WhyNotDialog* dialog = wb->whyNot();
        QSignalSpy answered(dialog, &WhyNotDialog::answered);
        for (const QString& id : whyNotIds) {
            dialog->prepare(QString());
            dialog->nodeEdit()->setText(id);
            answered.clear();
            dialog->askButton()->click();
            QVERIFY(answered.wait(30000));
            QVERIFY2(dialog->outcome() && dialog->outcome()->answer,
                     qPrintable(dialog->verdictText()));
            const WhyNotAnswer& a = *dialog->outcome()->answer;
            collectTemplates(a.verdict_phrase, used);
            collectTemplates(why_not_stage_phrase(a.stage), used);
            for (const WhyNotFact& f : a.facts) {
                collectTemplates(f.name_phrase, used);
                collectTemplates(f.value_phrase, used);
            }
        }
        dialog->close();
        panel->clearValue("search.mmr_redundancy_floor");
        // The run reached the kinds of sentence it is about (a vault without them would pass
        // this test by saying nothing).
        QStringList contexts;
        for (const auto& [context, text] : used)
            contexts << QString::fromStdString(context);
        contexts.removeDuplicates();
        for (const char* c :
             {"Verdict", "Compare", "WhyNot", "WhyNotStage", "LegReport", "QueryNames"})
            QVERIFY2(contexts.contains(QLatin1String(c)), c);
        QVERIFY2(used.size() > 60, qPrintable(QString::number(used.size())));
        for (const char* code : {"de", "zh_CN"}) {
            const QStringList left = untranslatedTemplates(used, QLatin1String(code));
            QVERIFY2(left.isEmpty(), qPrintable(QLatin1String(code) + QStringLiteral(": ") +
                                                left.join(QStringLiteral(" | "))));
        }
        // And the hit's verdict on screen is the German sentence, its numbers as printed.
        QVERIFY(installTranslators(QStringLiteral("de")));
        const RetrievalHit& top = wb->session()->outcome().rows.front().hit;
        const QString german = phraseText(top.explanation->verdict_phrase);
        QVERIFY2(german != QString::fromStdString(top.explanation->verdict), qPrintable(german));
        QVERIFY2(german.startsWith(QStringLiteral("#1")), qPrintable(german));
    }

    // View › Language › Deutsch with a vault open and an answer on the Query page: the window is
    // built again in German at once, on the same page, with the same vault, query, parameters
    // and answer (nothing runs again).
    void languageSwitchesLive() {
        QSettings().clear();
        QVERIFY(installTranslators(QStringLiteral("en")));
        auto* w = new MainWindow;
        w->setAttribute(Qt::WA_DeleteOnClose);
        w->show();
        QSignalSpy opened(w->vault(), &VaultController::opened);
        w->openVault(vaultDir_);
        QVERIFY(opened.wait(20000));
        QueryWorkbench* wb = w->workbench();
        QVERIFY(wb->form()->settingsPanel()->setValue("search.rrf_k", QStringLiteral("20")));
        QSignalSpy finished(wb->session(), &QuerySession::finished);
        wb->page()->setQueryText(QStringLiteral("who decided the launch budget"));
        wb->page()->run();
        QVERIFY(finished.wait(30000));
        const QueryOutcome before = wb->session()->outcome();
        QVERIFY(before.rows.size() > 1);
        w->pages()->setCurrentWidget(wb->page());
        const int page = w->pages()->currentIndex();

        auto* menu = w->findChild<QMenu*>(QStringLiteral("languageMenu"));
        QVERIFY(menu);
        QAction* deutsch = nullptr;
        for (QAction* a : menu->actions())
            if (a->data().toString() == QStringLiteral("de"))
                deutsch = a;
        QVERIFY(deutsch);
        QSignalSpy replaced(w, &MainWindow::replacedBy);
        QPointer<MainWindow> old(w);
        deutsch->trigger();
        QVERIFY(replaced.wait(5000));
        auto* next = replaced.first().first().value<MainWindow*>();
        QVERIFY(next && next != w);
        QTRY_VERIFY(old.isNull()); // the English window is gone
        QCOMPARE(savedLanguage(), QStringLiteral("de"));
        // The new window's own texts are German.
        QCOMPARE(menuTitles(*next).value(0), QStringLiteral("&Datei"));
        QCOMPARE(pageTitles(*next).value(1), QStringLiteral("Abfrage"));
        // Same vault, page, query text, parameters and answer, once the vault has reloaded.
        QueryWorkbench* nwb = next->workbench();
        QTRY_VERIFY_WITH_TIMEOUT(nwb->session()->outcome().rows.size() == before.rows.size(),
                                 20000);
        QCOMPARE(next->vault()->ref().dir, QDir(vaultDir_).absolutePath());
        QCOMPARE(next->pages()->currentIndex(), page);
        QCOMPARE(nwb->page()->queryText(), QStringLiteral("who decided the launch budget"));
        QCOMPARE(nwb->form()->settingsPanel()->value("search.rrf_k"), QStringLiteral("20"));
        // The same answer, not a new run of the query (which would take its own time).
        QCOMPARE(nwb->session()->outcome().elapsedMs, before.elapsedMs);
        for (std::size_t i = 0; i < before.rows.size(); ++i)
            QCOMPARE(nwb->session()->outcome().rows[i].hit.node_id, before.rows[i].hit.node_id);
        // The hits' verdicts as the results list shows them are German now.
        const QModelIndex first = nwb->session()->results()->index(0, 0);
        QVERIFY(first.isValid());
        const QString verdict =
            phraseText(nwb->session()->outcome().rows.front().hit.explanation->verdict_phrase);
        QVERIFY2(verdict.contains(QStringLiteral("Keyword")) ||
                     verdict.contains(QStringLiteral("Vektor")),
                 qPrintable(verdict));
        // And back to English the same way.
        auto* menu2 = next->findChild<QMenu*>(QStringLiteral("languageMenu"));
        QVERIFY(menu2);
        QAction* english = nullptr;
        for (QAction* a : menu2->actions())
            if (a->data().toString() == QStringLiteral("en"))
                english = a;
        QVERIFY(english);
        QSignalSpy replaced2(next, &MainWindow::replacedBy);
        english->trigger();
        QVERIFY(replaced2.wait(5000));
        auto* last = replaced2.first().first().value<MainWindow*>();
        QCOMPARE(menuTitles(*last).value(0), QStringLiteral("&File"));
        QTRY_VERIFY_WITH_TIMEOUT(
            last->workbench()->session()->outcome().rows.size() == before.rows.size(), 20000);
        saveLanguage(QString());
        last->close(); // deletes itself
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
