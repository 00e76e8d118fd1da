// The Graph page's Aliases tab on a real vault of a generated two-friend chat, whose speakers
// are addressed by short and misspelt names ("Nat", "Natt" for Natalia): the proposals are
// listed with their evidence in words; merging one (confirmed, off the GUI thread) writes the
// alias into the registry, re-points the index, says what it did and reloads the views, after
// which the name is no longer proposed; Cancel merges nothing; a read-only vault lists the
// proposals but cannot merge and says why; opening another vault clears the tab.
#include "mainwindow.h"
#include "pages/aliaspanel.h"
#include "pages/graphpage.h"
#include "suite.h"
#include "testsupport.h"
#include "uivault.h"
#include "vault/vaultcontroller.h"

#include <memlens/db.h>
#include <memlens/generate.h>
#include <memlens/import.h>
#include <memlens/vault.h>

#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTreeWidget>
#include <QtTest>

#include <fstream>
#include <sstream>

namespace tst_aliaspanel {

using namespace memlens;
using namespace memlens::ui;

namespace {

std::string buildChatVault(const std::filesystem::path& dir, const std::filesystem::path& file) {
    return test::offUiThread([dir, file]() -> std::string {
        ConversationOptions opts;
        opts.sessions = 24;
        if (auto s = generate_conversation_file(file, opts); !s.is_ok())
            return s.status().to_string();
        auto sources = import_locomo(file);
        if (!sources)
            return sources.status().to_string();
        auto vault = Vault::create(dir);
        if (!vault)
            return vault.status().to_string();
        auto emb = make_embedder_for(**vault);
        if (!emb)
            return emb.status().to_string();
        Ingestor ing(**vault, **emb);
        if (auto r = ing.ingest(*sources); !r.is_ok())
            return r.status().to_string();
        return {};
    });
}

std::int64_t mentionsOf(const std::filesystem::path& dir, const std::string& entity) {
    return test::offUiThread([dir, entity]() -> std::int64_t {
        auto vault = Vault::open(dir, true);
        if (!vault)
            return -1;
        auto st = (*vault)->db().prepare("SELECT count(*) FROM mem_tree_entity_index "
                                         "WHERE entity_id = ?1");
        if (!st)
            return -1;
        st->bind(1, entity);
        auto row = st->step();
        return row && *row ? st->column_int64(0) : -1;
    });
}

QTreeWidgetItem* rowNamed(QTreeWidget* list, const QString& name) {
    for (int i = 0; i < list->topLevelItemCount(); ++i)
        if (list->topLevelItem(i)->toolTip(0) == name)
            return list->topLevelItem(i);
    return nullptr;
}

} // namespace

class TestAliasPanel : public QObject {
    Q_OBJECT
private:
    test::TempDir tmp_;
    std::filesystem::path dir_;
    std::unique_ptr<MainWindow> window_;
    AliasPanel* panel_ = nullptr;

    void open(const std::filesystem::path& dir, bool readOnly) {
        QSignalSpy opened(window_->vault(), &VaultController::opened);
        QSignalSpy loaded(panel_, &AliasPanel::proposalsLoaded);
        window_->openVault(QString::fromStdString(dir.string()), readOnly);
        QVERIFY(opened.wait(30000));
        QVERIFY(loaded.count() > 0 || loaded.wait(30000));
    }

private Q_SLOTS:
    void initTestCase() {
        test::setUpUiTest();
        dir_ = tmp_.path() / "chat";
        const std::string error = buildChatVault(dir_, tmp_.path() / "chat.json");
        QVERIFY2(error.empty(), error.c_str());
        window_ = std::make_unique<MainWindow>();
        window_->resize(1280, 800);
        window_->show();
        panel_ = window_->graphPage()->aliasPanel();
        window_->pages()->setCurrentWidget(window_->graphPage());
        auto* tabs = qobject_cast<QTabWidget*>(panel_->parentWidget()->parentWidget());
        QVERIFY(tabs);
        tabs->setCurrentWidget(panel_); // proposals are read when the tab is shown
        open(dir_, false);
    }

    void proposalsAreListedWithTheirEvidence() {
        QTreeWidget* list = panel_->list();
        QVERIFY(list->topLevelItemCount() >= 3);
        auto* nat = rowNamed(list, QStringLiteral("person:nat"));
        QVERIFY(nat);
        QCOMPARE(nat->toolTip(1), QStringLiteral("person:natalia"));
        // The evidence in words: the name relation and that Natalia speaks where "Nat" is said.
        QVERIFY2(nat->text(2).contains(QStringLiteral("how “Natalia” starts")),
                 qPrintable(nat->text(2)));
        QVERIFY2(nat->text(2).contains(QStringLiteral("Natalia speaks where “Nat” is mentioned")),
                 qPrintable(nat->text(2)));
        QVERIFY(rowNamed(list, QStringLiteral("person:natt")));
        // Selected, the whole evidence is said under the list, verdict first.
        list->setCurrentItem(nat);
        QVERIFY2(panel_->detailLabel()->text().startsWith(
                     QStringLiteral("<b>Nat could be Natalia.</b>")),
                 qPrintable(panel_->detailLabel()->text()));
        QVERIFY(panel_->resultLabel()->text().contains(QStringLiteral("could be aliases")));
        // Nothing chosen, nothing to merge.
        list->clearSelection();
        QVERIFY(!panel_->mergeButton()->isEnabled());
    }

    void cancelMergesNothing() {
        QTreeWidget* list = panel_->list();
        auto* ben = rowNamed(list, QStringLiteral("person:ben"));
        QVERIFY(ben);
        list->setCurrentItem(ben);
        QVERIFY(panel_->mergeButton()->isEnabled());
        const auto before = mentionsOf(dir_, "person:ben");
        QVERIFY(before > 0);
        QSignalSpy finished(panel_, &AliasPanel::mergeFinished);
        panel_->mergeSelected();
        auto* box = panel_->findChild<QMessageBox*>(QStringLiteral("aliasConfirm"));
        QVERIFY(box);
        QVERIFY(box->text().contains(QStringLiteral("person:ben")));
        box->button(QMessageBox::Cancel)->click();
        QTest::qWait(200);
        QCOMPARE(finished.count(), 0);
        QCOMPARE(mentionsOf(dir_, "person:ben"), before);
    }

    void confirmedMergeWritesTheAliasAndReloads() {
        QTreeWidget* list = panel_->list();
        auto* nat = rowNamed(list, QStringLiteral("person:nat"));
        QVERIFY(nat);
        list->setCurrentItem(nat);
        const auto natMentions = mentionsOf(dir_, "person:nat");
        const auto nataliaBefore = mentionsOf(dir_, "person:natalia");
        QVERIFY(natMentions > 0);
        QSignalSpy finished(panel_, &AliasPanel::mergeFinished);
        QSignalSpy reloaded(panel_, &AliasPanel::proposalsLoaded);
        panel_->mergeSelected();
        auto* box = panel_->findChild<QMessageBox*>(QStringLiteral("aliasConfirm"));
        QVERIFY(box);
        box->button(QMessageBox::Yes)->click();
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.front().front().toBool(), true);
        QVERIFY(reloaded.wait(30000)); // the vault's views are read again
        // The index re-pointed; the registry holds the alias.
        QCOMPARE(mentionsOf(dir_, "person:nat"), std::int64_t{0});
        QVERIFY(mentionsOf(dir_, "person:natalia") > nataliaBefore);
        bool aliasWritten = false;
        for (const auto& e : std::filesystem::recursive_directory_iterator(dir_)) {
            if (e.path().extension() != ".md")
                continue;
            std::ifstream in(e.path());
            std::stringstream ss;
            ss << in.rdbuf();
            if (ss.str().find("Natalia") != std::string::npos &&
                ss.str().find("Nat") != std::string::npos)
                aliasWritten = true;
        }
        QVERIFY(aliasWritten);
        // What it did, in words, above what is left to propose.
        const QString said = panel_->resultLabel()->text();
        QVERIFY2(said.startsWith(QStringLiteral("Merged person:nat into person:natalia")),
                 qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("recorded as alias")), qPrintable(said));
        QVERIFY(!rowNamed(panel_->list(), QStringLiteral("person:nat")));
        QVERIFY(rowNamed(panel_->list(), QStringLiteral("person:natt")));
    }

    void aReadOnlyVaultCannotMerge() {
        open(dir_, true);
        QTreeWidget* list = panel_->list();
        auto* natt = rowNamed(list, QStringLiteral("person:natt"));
        QVERIFY(natt);
        list->setCurrentItem(natt);
        QVERIFY(!panel_->mergeButton()->isEnabled());
        QVERIFY(panel_->mergeButton()->toolTip().contains(QStringLiteral("read-only")));
        const auto before = mentionsOf(dir_, "person:natt");
        panel_->mergeSelected(false);
        auto* box = panel_->findChild<QMessageBox*>(QStringLiteral("aliasMessage"));
        QVERIFY(box);
        QVERIFY(box->text().contains(QStringLiteral("read-only")));
        box->close();
        QCOMPARE(mentionsOf(dir_, "person:natt"), before);
    }

    void anotherVaultClearsTheTab() {
        const auto other = tmp_.path() / "other";
        const std::string error = test::buildGeneratedVault(other, 200);
        QVERIFY2(error.empty(), error.c_str());
        open(other, false);
        QVERIFY(!rowNamed(panel_->list(), QStringLiteral("person:natt")));
    }

    void cleanupTestCase() { window_.reset(); }
};

MEMLENS_TEST_MAIN(TestAliasPanel)
#include "tst_aliaspanel.moc"
} // namespace tst_aliaspanel
