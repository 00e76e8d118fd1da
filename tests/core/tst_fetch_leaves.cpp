// fetch_leaves: batch hydration by id, in input order, capped at 20,
// missing ids skipped, scores from mem_tree_score, whole bodies (also from an OpenHuman
// workspace's content files); and `memlens-cli leaves`.
#include "fixture.h"
#include "suite.h"
#include "testsupport.h"

#include <memlens/retrieval.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <fstream>

namespace tst_fetch_leaves {

using namespace memlens;
using namespace Qt::StringLiterals;
using test::kT0;

namespace {

std::vector<RetrievalHit> fetch(const Vault& v, const std::vector<std::string>& ids) {
    auto r = fetch_leaves(v, ids);
    if (!r) {
        qWarning() << QString::fromStdString(r.status().to_string());
        return {};
    }
    return *r;
}

void write_file(const std::filesystem::path& p, const std::string& text) {
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

} // namespace

class TestFetchLeaves : public QObject {
    Q_OBJECT
private slots:
    void inputOrderIsKeptAndMissingIdsSkipped() {
        test::VaultFixture f;
        for (const char* id : {"c1", "c2", "c3"}) {
            test::ChunkSpec c;
            c.id = id;
            c.start_ms = kT0;
            f.add_chunk(c);
        }
        const auto hits = fetch(f.vault(), {"c2", "ghost", "c3", "c1"});
        QCOMPARE(test::ids_of(hits), (QStringList{u"c2"_s, u"c3"_s, u"c1"_s}));
        QVERIFY(fetch(f.vault(), {}).empty());
    }

    void onlyTheFirstTwentyIdsAreRead() {
        test::VaultFixture f;
        std::vector<std::string> ids;
        f.begin();
        for (int i = 0; i < 25; ++i) {
            test::ChunkSpec c;
            c.id = "c" + std::to_string(i);
            c.start_ms = kT0 + i;
            f.add_chunk(c);
            ids.push_back(c.id);
        }
        f.commit();
        std::reverse(ids.begin(), ids.end());
        const auto hits = fetch(f.vault(), ids);
        QCOMPARE(hits.size(), std::size_t{20});
        QCOMPARE(QString::fromStdString(hits.front().node_id), u"c24"_s);
        QCOMPARE(QString::fromStdString(hits.back().node_id), u"c5"_s);
    }

    void hitsCarryTheLeafFields() {
        test::VaultFixture f;
        f.add_tree("t-eng", "slack:#eng");
        test::ChunkSpec c;
        c.id = "c1";
        c.start_ms = kT0;
        c.end_ms = kT0 + 5;
        c.content = "ship the beta on friday";
        c.source_ref = "msg-17";
        c.tags = {"launch", "beta"};
        f.add_chunk(c);
        f.add_score("c1", 0.75);
        test::ChunkSpec d;
        d.id = "c2";
        d.start_ms = kT0;
        f.add_chunk(d);
        const auto hits = fetch(f.vault(), {"c1", "c2"});
        QCOMPARE(hits.size(), std::size_t{2});
        const auto& h = hits[0];
        QCOMPARE(h.node_kind, NodeKind::Leaf);
        QCOMPARE(h.level, 0u);
        QCOMPARE(h.score, 0.75);
        QCOMPARE(QString::fromStdString(h.tree_id), u"t-eng"_s);
        QCOMPARE(QString::fromStdString(h.tree_scope), u"slack:#eng"_s);
        QCOMPARE(QString::fromStdString(h.source_ref.value_or("")), u"msg-17"_s);
        QCOMPARE(h.topics.size(), std::size_t{2});
        QCOMPARE(h.time_range_end_ms, kT0 + 5);
        QVERIFY(h.entities.empty());
        QVERIFY(h.child_ids.empty());
        QCOMPARE(hits[1].score, 0.0); // no score row
    }

    void bodiesAreWhole() {
        test::VaultFixture f;
        test::ChunkSpec c;
        c.id = "long";
        c.start_ms = kT0;
        c.content = std::string(3000, 'x') + " end";
        f.add_chunk(c);
        const auto hits = fetch(f.vault(), {"long"});
        QCOMPARE(hits[0].content.size(), c.content.size());
    }

    void workspaceBodiesComeFromTheirContentFiles() {
        test::TempDir tmp;
        const auto ws = test::make_workspace(tmp.path() / "ws");
        const std::string body = std::string(1200, 'b') + " the whole body";
        write_file(ws / "memory_tree" / "content" / "chunks" / "c1.md",
                   "---\nid: c1\nkind: chunk\n---\n\n" + body);
        {
            auto db =
                Database::open((ws / "memory_tree" / "chunks.db").string(), OpenMode::ReadWrite);
            QVERIFY(db.is_ok());
            const std::string preview = body.substr(0, 500);
            for (const auto& [id, path] : std::vector<std::pair<std::string, std::string>>{
                     {"c1", "chunks/c1.md"},
                     {"c2", "chunks/missing.md"},
                     {"c3", "../../../../../../etc/passwd"}}) {
                auto st = db->prepare(
                    "INSERT INTO mem_tree_chunks(id, source_kind, source_id, timestamp_ms, "
                    "time_range_start_ms, time_range_end_ms, content, token_count, "
                    "seq_in_source, created_at_ms, content_path) VALUES (?, 'chat', "
                    "'slack:#eng', 1, 1, 1, ?, 125, 0, 0, ?)");
                QVERIFY(st.is_ok());
                st->bind(1, id).bind(2, preview).bind(3, path);
                QVERIFY(st->exec().is_ok());
            }
        }
        auto v = Vault::open(ws, true);
        QVERIFY2(v.is_ok(), v.status().to_string().c_str());
        QCOMPARE((*v)->format(), VaultFormat::OpenHumanWorkspace);
        const auto hits = fetch(**v, {"c1", "c2", "c3"});
        QCOMPARE(hits.size(), std::size_t{3});
        QCOMPARE(hits[0].content, body);                    // front matter removed, nothing cut
        QCOMPARE(hits[1].content.size(), std::size_t{500}); // file missing: the preview
        QCOMPARE(hits[2].content.size(), std::size_t{500}); // outside the content root: refused
    }

    void cliFetchesLeaves() {
        test::VaultFixture f;
        for (const char* id : {"c1", "c2"}) {
            test::ChunkSpec c;
            c.id = id;
            c.start_ms = kT0;
            f.add_chunk(c);
        }
        auto run =
            test::run_cli({u"leaves"_s, u"--vault"_s, QString::fromStdString(f.dir().string()),
                           u"--ids"_s, u"c2,ghost,c1"_s, u"--json"_s});
        QCOMPARE(run.exit_code, 0);
        const auto arr = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).array();
        QCOMPARE(arr.size(), 2);
        QCOMPARE(arr[0].toObject()[u"node_id"_s].toString(), u"c2"_s);
        QCOMPARE(arr[0].toObject()[u"node_kind"_s].toString(), u"leaf"_s);
        QCOMPARE(arr[0].toObject()[u"time_range_start"_s].toString(), u"2024-01-01T00:00:00Z"_s);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestFetchLeaves)
#include "tst_fetch_leaves.moc"
} // namespace tst_fetch_leaves
