// cover_window: the structural minimum cover of a time window, and a
// property test: on vaults of several shapes, over many windows, the leaves under the returned
// nodes are exactly the in-window chunks, each covered once.
#include "fixture.h"
#include "suite.h"
#include "testsupport.h"

#include <memlens/embedder.h>
#include <memlens/ingest.h>
#include <memlens/retrieval.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <map>
#include <random>
#include <set>

namespace tst_cover_window {

using namespace memlens;
using namespace Qt::StringLiterals;
using test::kDay;
using test::kT0;

namespace {

void chunk(test::VaultFixture& f, const std::string& id, std::int64_t start,
           const std::string& source = "slack:#eng", std::optional<std::int64_t> end = {}) {
    test::ChunkSpec c;
    c.id = id;
    c.source_id = source;
    c.start_ms = start;
    c.end_ms = end;
    c.content = "chunk " + id;
    f.add_chunk(c);
}

QueryResponse cover(test::VaultFixture& f, std::int64_t since, std::int64_t until,
                    std::size_t limit = 0, std::optional<std::string> source_id = {},
                    std::optional<std::string> source_kind = {}) {
    CoverWindowOptions o;
    o.since_ms = since;
    o.until_ms = until;
    o.limit = limit;
    o.source_id = std::move(source_id);
    o.source_kind = std::move(source_kind);
    auto r = cover_window(f.vault(), o);
    if (!r) {
        qWarning() << QString::fromStdString(r.status().to_string());
        return {};
    }
    return *r;
}

// c1..c4 one day apart; a = {c1, c2}, b = {c3, c4}, p = {a, b}.
void two_level_tree(test::VaultFixture& f) {
    f.add_tree("t", "slack:#eng", std::string("t:L2:0"), 2);
    for (int i = 1; i <= 4; ++i)
        chunk(f, "c" + std::to_string(i), kT0 + i * kDay);
    const auto l1 = f.seal_level("t", 1, {"c1", "c2", "c3", "c4"}, {2, 2});
    f.seal_level("t", 2, l1, {2});
}

// Every chunk id below a summary, read from the vault's child_ids (the structural truth).
std::vector<std::string> leaves_below(const Database& db, const std::string& summary_id) {
    std::vector<std::string> out;
    std::vector<std::string> stack{summary_id};
    while (!stack.empty()) {
        const std::string id = stack.back();
        stack.pop_back();
        auto st = db.prepare("SELECT j.value FROM mem_tree_summaries s, "
                             "json_each(s.child_ids_json) j WHERE s.id = ?");
        st->bind(1, id);
        while (*st->step()) {
            const std::string child = st->column_text(0);
            auto is_summary = db.prepare("SELECT count(*) FROM mem_tree_summaries WHERE id = ?");
            is_summary->bind(1, child);
            (void)*is_summary->step();
            if (is_summary->column_int64(0) > 0)
                stack.push_back(child);
            else
                out.push_back(child);
        }
    }
    return out;
}

// The property: leaves of the cover == the live chunks whose envelope lies in the window, each
// exactly once; and every returned summary is maximal (its parent is not eligible).
void check_cover(const Database& db, std::int64_t since, std::int64_t until,
                 const QueryResponse& r) {
    QCOMPARE(r.hits.size(), r.total);
    std::multiset<std::string> covered;
    for (const auto& h : r.hits) {
        if (h.node_kind == NodeKind::Leaf) {
            covered.insert(h.node_id);
            QCOMPARE(h.score, 0.0);
            continue;
        }
        for (auto& c : leaves_below(db, h.node_id))
            covered.insert(std::move(c));
        auto parent = db.prepare(
            "SELECT p.time_range_start_ms, p.time_range_end_ms, p.deleted FROM mem_tree_summaries "
            "s JOIN mem_tree_summaries p ON p.id = s.parent_id WHERE s.id = ?");
        parent->bind(1, h.node_id);
        if (*parent->step()) {
            const bool eligible = parent->column_int64(0) >= since &&
                                  parent->column_int64(1) <= until && parent->column_int64(2) == 0;
            QVERIFY2(!eligible, ("not maximal: " + h.node_id).c_str());
        }
    }
    std::multiset<std::string> expected;
    auto st = db.prepare("SELECT id FROM mem_tree_chunks WHERE superseded = 0 AND "
                         "time_range_start_ms >= ? AND time_range_end_ms <= ?");
    st->bind(1, since).bind(2, until);
    while (*st->step())
        expected.insert(st->column_text(0));
    for (const auto& id : covered)
        QVERIFY2(covered.count(id) == 1, ("covered twice: " + id).c_str());
    QVERIFY2(covered == expected,
             ("window " + std::to_string(since) + ".." + std::to_string(until) + ": covered " +
              std::to_string(covered.size()) + ", in window " + std::to_string(expected.size()))
                 .c_str());
}

// A random vault: 1–4 sources, each with 0–60 chunks at increasing random times (some equal,
// some spanning), sealed into random groups up to four levels with unsealed tails; some
// sources never seal; some unparented summaries are deleted.
void random_vault(test::VaultFixture& f, std::mt19937& rng, std::int64_t& lo, std::int64_t& hi) {
    auto pick = [&](int a, int b) { return std::uniform_int_distribution<int>(a, b)(rng); };
    lo = std::numeric_limits<std::int64_t>::max();
    hi = std::numeric_limits<std::int64_t>::min();
    f.begin();
    const int sources = pick(1, 4);
    for (int s = 0; s < sources; ++s) {
        const std::string scope = "slack:#s" + std::to_string(s);
        const std::string tree = "t" + std::to_string(s);
        std::vector<std::string> ids;
        std::int64_t t = kT0 + pick(0, 50);
        const int n = pick(0, 60);
        for (int i = 0; i < n; ++i) {
            t += pick(0, 3) == 0 ? 0 : pick(1, 20);
            const std::string id = tree + "-c" + std::to_string(i);
            const std::int64_t end = pick(0, 4) == 0 ? t + pick(1, 15) : t;
            chunk(f, id, t, scope, end);
            ids.push_back(id);
            lo = std::min(lo, t);
            hi = std::max(hi, end);
        }
        if (pick(0, 4) == 0) {
            continue; // never sealed
        }
        std::vector<std::string> level_ids = ids;
        int top = 0;
        for (int level = 1; level <= 4 && level_ids.size() > 1; ++level) {
            std::vector<std::size_t> groups;
            std::size_t covered = 0;
            const auto keep = static_cast<std::size_t>(pick(0, 3));
            const std::size_t sealable =
                level_ids.size() > keep ? level_ids.size() - keep : level_ids.size();
            while (covered < sealable) {
                groups.push_back(static_cast<std::size_t>(pick(1, 6)));
                covered += groups.back();
            }
            if (groups.size() > 1)
                groups.pop_back(); // leave a tail in the buffer
            level_ids = f.seal_level(tree, level, level_ids, groups);
            if (!level_ids.empty())
                top = level;
        }
        f.add_tree(tree, scope, level_ids.empty() ? std::nullopt : std::optional(level_ids[0]),
                   top);
    }
    // Deleted roots: their subtrees must fall back to the level below.
    auto roots = f.db().prepare("SELECT id FROM mem_tree_summaries WHERE parent_id IS NULL");
    std::vector<std::string> root_ids;
    while (*roots->step())
        root_ids.push_back(roots->column_text(0));
    for (const auto& id : root_ids) {
        if (pick(0, 5) == 0) {
            auto del = f.db().prepare("UPDATE mem_tree_summaries SET deleted = 1 WHERE id = ?");
            del->bind(1, id);
            QVERIFY(del->exec().is_ok());
        }
    }
    f.commit();
}

} // namespace

class TestCoverWindow : public QObject {
    Q_OBJECT
private slots:
    void aParentCoveringItsChildrenIsReturnedAlone() {
        test::VaultFixture f;
        two_level_tree(f);
        auto r = cover(f, kT0, kT0 + 10 * kDay);
        QCOMPARE(test::ids_of(r.hits), QStringList{u"t:L2:0"_s});
        QCOMPARE(r.total, std::size_t{1});
        QCOMPARE(r.hits[0].node_kind, NodeKind::Summary);
        QCOMPARE(r.hits[0].level, 2u);
        QCOMPARE(r.hits[0].child_ids.size(), std::size_t{2});
    }

    void anIneligibleParentYieldsItsEligibleChild() {
        test::VaultFixture f;
        two_level_tree(f);
        // a = [d1, d2] fits; p ends on d4, so it does not; c3 is in the window, raw.
        auto r = cover(f, kT0 + kDay, kT0 + 3 * kDay);
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"t:L1:0"_s, u"c3"_s}));
        QCOMPARE(r.hits[1].node_kind, NodeKind::Leaf);
        QCOMPARE(r.hits[1].score, 0.0);
        QCOMPARE(QString::fromStdString(r.hits[1].tree_id), u"t"_s);
        check_cover(f.db(), kT0 + kDay, kT0 + 3 * kDay, r);
    }

    void untilBeforeSinceIsAnError() {
        test::VaultFixture f;
        CoverWindowOptions o;
        o.since_ms = kT0;
        o.until_ms = kT0 - 1;
        auto r = cover_window(f.vault(), o);
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
    }

    void withoutASealedTreeChunksComeBackRaw() {
        test::VaultFixture f;
        chunk(f, "b", kT0 + 2);
        chunk(f, "a", kT0 + 1);
        chunk(f, "late", kT0 + kDay);
        auto r = cover(f, kT0, kT0 + 10);
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"a"_s, u"b"_s}));
        for (const auto& h : r.hits) {
            QCOMPARE(h.node_kind, NodeKind::Leaf);
            QCOMPARE(h.tree_kind, TreeKind::Source);
            QVERIFY(h.tree_id.empty());
            QCOMPARE(h.score, 0.0);
        }
    }

    void windowEdgesAreInclusiveAndSpansMustFit() {
        test::VaultFixture f;
        chunk(f, "at-since", kT0);
        chunk(f, "at-until", kT0 + 100);
        chunk(f, "spans-since", kT0 - 5, "slack:#eng", kT0 + 5);
        chunk(f, "spans-until", kT0 + 95, "slack:#eng", kT0 + 105);
        auto r = cover(f, kT0, kT0 + 100);
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"at-since"_s, u"at-until"_s}));
    }

    void groupedBySourceThenStart() {
        test::VaultFixture f;
        chunk(f, "z1", kT0 + 1, "slack:zulu");
        chunk(f, "a2", kT0 + 4, "slack:alpha");
        chunk(f, "z0", kT0 + 0, "slack:zulu");
        chunk(f, "a1", kT0 + 3, "slack:alpha");
        chunk(f, "m1", kT0 + 2, "gmail:mid");
        auto r = cover(f, kT0, kT0 + 10);
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"m1"_s, u"a1"_s, u"a2"_s, u"z0"_s, u"z1"_s}));
    }

    void limitDefaultsToTwoHundred() {
        test::VaultFixture f;
        f.begin();
        for (int i = 0; i < 250; ++i)
            chunk(f, "c" + std::to_string(1000 + i), kT0 + i);
        f.commit();
        auto r = cover(f, kT0, kT0 + 1000);
        QCOMPARE(r.hits.size(), std::size_t{200});
        QCOMPARE(r.total, std::size_t{250});
        QVERIFY(r.truncated);
        QCOMPARE(QString::fromStdString(r.hits.back().node_id), u"c1199"_s);
    }

    void sourceFiltersApplyBeforeTheLimit() {
        test::VaultFixture f;
        f.begin();
        for (int i = 0; i < 10; ++i)
            chunk(f, "a" + std::to_string(i), kT0 + i, "slack:alpha");
        for (int i = 0; i < 3; ++i)
            chunk(f, "b" + std::to_string(i), kT0 + 20 + i, "gmail:beta");
        f.commit();
        auto r = cover(f, kT0, kT0 + 100, 2, std::string("gmail:beta"));
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"b0"_s, u"b1"_s}));
        QCOMPARE(r.total, std::size_t{3});
        r = cover(f, kT0, kT0 + 100, 5, std::nullopt, std::string("email"));
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"b0"_s, u"b1"_s, u"b2"_s}));
        r = cover(f, kT0, kT0 + 100, 5, std::nullopt, std::string("chat"));
        QCOMPARE(r.total, std::size_t{10});
    }

    void aSourceNamedZuluIsNotStarvedPastFiveThousandChunks() {
        test::VaultFixture f;
        f.begin();
        for (int i = 0; i < 5'001; ++i)
            chunk(f, "alpha-" + std::to_string(i), kT0 + i, "slack:alpha");
        for (int i = 0; i < 3; ++i)
            chunk(f, "zulu-" + std::to_string(i), kT0 + 6'000 + i, "slack:zulu");
        f.commit();
        auto r = cover(f, kT0, kT0 + 10'000, 10'000);
        QCOMPARE(r.total, std::size_t{5'004});
        QCOMPARE(r.hits.size(), std::size_t{5'004});
        QCOMPARE(QString::fromStdString(r.hits.back().node_id), u"zulu-2"_s);
        r = cover(f, kT0, kT0 + 10'000, 0, std::string("slack:zulu"));
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"zulu-0"_s, u"zulu-1"_s, u"zulu-2"_s}));
    }

    void aDeletedSummaryIsNotEligible() {
        test::VaultFixture f;
        two_level_tree(f);
        auto del = f.db().prepare("UPDATE mem_tree_summaries SET deleted = 1 WHERE id = 't:L2:0'");
        QVERIFY(del->exec().is_ok());
        auto r = cover(f, kT0, kT0 + 10 * kDay);
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"t:L1:0"_s, u"t:L1:1"_s}));
        check_cover(f.db(), kT0, kT0 + 10 * kDay, r);
    }

    void latestVersionOfADocumentWins() {
        test::VaultFixture f;
        f.add_tree("t", "notion:plan");
        // Version 1 (chunks flagged superseded by the re-ingest) and version 2, each a subtree
        // whose summaries all carry doc_id + version_ms, as ingest writes them.
        for (int v = 1; v <= 2; ++v) {
            std::vector<std::string> ids;
            for (int i = 0; i < 6; ++i) {
                test::ChunkSpec c;
                c.id = "v" + std::to_string(v) + "c" + std::to_string(i);
                c.source_id = "notion:plan";
                c.source_kind = "document";
                c.start_ms = kT0 + v * kDay + i;
                c.doc_id = "notion:plan";
                c.version_ms = v * 1000;
                c.superseded = v == 1;
                f.add_chunk(c);
                ids.push_back(c.id);
            }
            const std::string prefix = "v" + std::to_string(v) + ":t";
            const auto l1 =
                f.seal_level("t", 1, ids, {2, 2, 2}, prefix, std::string("notion:plan"), v * 1000);
            f.seal_level("t", 2, l1, {3}, prefix, std::string("notion:plan"), v * 1000);
        }
        auto r = cover(f, kT0, kT0 + 10 * kDay);
        QCOMPARE(test::ids_of(r.hits), QStringList{u"v2:t:L2:0"_s});
        check_cover(f.db(), kT0, kT0 + 10 * kDay, r);

        // Without the superseded flag (an OpenHuman workspace has none), the old version's
        // chunks still stay hidden: they sit under a losing subtree.
        auto unflag = f.db().prepare("UPDATE mem_tree_chunks SET superseded = 0");
        QVERIFY(unflag->exec().is_ok());
        r = cover(f, kT0, kT0 + 10 * kDay);
        QCOMPARE(test::ids_of(r.hits), QStringList{u"v2:t:L2:0"_s});

        // A window over part of the current version: its summaries inside the document are not
        // mistaken for copies of each other.
        r = cover(f, kT0 + 2 * kDay, kT0 + 2 * kDay + 3);
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"v2:t:L1:0"_s, u"v2:t:L1:1"_s}));
        r = cover(f, kT0 + 2 * kDay, kT0 + 2 * kDay + 2);
        QCOMPARE(test::ids_of(r.hits), (QStringList{u"v2:t:L1:0"_s, u"v2c2"_s}));
    }

    void ofTwoCopiesOfTheWinningVersionTheFirstWins() {
        test::VaultFixture f;
        f.add_tree("t", "notion:plan");
        for (const char* copy : {"a", "b"}) {
            test::ChunkSpec c;
            c.id = std::string(copy) + "-c";
            c.source_id = "notion:plan";
            c.start_ms = kT0 + (copy[0] == 'a' ? 1 : 2);
            c.doc_id = "notion:plan";
            c.version_ms = 500;
            f.add_chunk(c);
            test::SummarySpec s;
            s.id = std::string(copy) + "-root";
            s.tree_id = "t";
            s.child_ids = {c.id};
            s.start_ms = s.end_ms = c.start_ms;
            s.doc_id = "notion:plan";
            s.version_ms = 500;
            f.add_summary(s);
        }
        auto r = cover(f, kT0, kT0 + 10);
        QCOMPARE(test::ids_of(r.hits), QStringList{u"a-root"_s});
    }

    void cliPrintsTheCoverAndReportsBadWindows() {
        test::VaultFixture f;
        two_level_tree(f);
        const QString dir = QString::fromStdString(f.dir().string());
        auto run =
            test::run_cli({u"cover"_s, u"--vault"_s, dir, u"--since"_s, u"2024-01-02T00:00:00Z"_s,
                           u"--until"_s, QString::number(kT0 + 3 * kDay), u"--json"_s});
        QCOMPARE(run.exit_code, 0);
        const auto o = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).object();
        QCOMPARE(o[u"total"_s].toInt(), 2);
        QCOMPARE(o[u"truncated"_s].toBool(), false);
        const auto hits = o[u"hits"_s].toArray();
        QCOMPARE(hits[0].toObject()[u"node_id"_s].toString(), u"t:L1:0"_s);
        QCOMPARE(hits[0].toObject()[u"node_kind"_s].toString(), u"summary"_s);
        QCOMPARE(hits[1].toObject()[u"node_kind"_s].toString(), u"leaf"_s);

        run = test::run_cli({u"cover"_s, u"--vault"_s, dir, u"--since"_s, u"2024-01-05T00:00:00Z"_s,
                             u"--until"_s, u"2024-01-02T00:00:00Z"_s});
        QVERIFY(run.exit_code != 0);
        QVERIFY(run.out.empty());
        QCOMPARE(QString::fromStdString(run.err).count(u'\n'), 1);
        QVERIFY(run.err.find("until") != std::string::npos);

        run = test::run_cli({u"cover"_s, u"--vault"_s, dir + u"/missing"_s, u"--since"_s, u"0"_s,
                             u"--until"_s, u"1"_s});
        QVERIFY(run.exit_code != 0);
        QCOMPARE(QString::fromStdString(run.err).count(u'\n'), 1);

        run = test::run_cli(
            {u"cover"_s, u"--vault"_s, dir, u"--since"_s, u"yesterday"_s, u"--until"_s, u"1"_s});
        QVERIFY(run.exit_code != 0);
    }

    void leavesAreExactlyTheInWindowChunksOnRandomTrees() {
        for (std::uint32_t seed = 1; seed <= 12; ++seed) {
            std::mt19937 rng(seed);
            test::VaultFixture f;
            std::int64_t lo = 0, hi = 0;
            random_vault(f, rng, lo, hi);
            if (lo > hi)
                continue; // no chunks at all
            std::uniform_int_distribution<std::int64_t> t(lo - 10, hi + 10);
            for (int w = 0; w < 40; ++w) {
                std::int64_t a = t(rng), b = t(rng);
                if (a > b)
                    std::swap(a, b);
                if (w == 0) {
                    a = lo - 1;
                    b = hi + 1; // the whole vault
                }
                auto r = cover(f, a, b, 1'000'000);
                check_cover(f.db(), a, b, r);
                if (QTest::currentTestFailed()) {
                    qWarning() << "seed" << seed << "window" << a << b;
                    return;
                }
            }
        }
    }

    void leavesAreExactlyTheInWindowChunksOnIngestedVaults() {
        auto emb = make_hash_embedder();
        for (std::uint32_t seed = 1; seed <= 4; ++seed) {
            std::mt19937 rng(seed);
            test::VaultFixture f;
            std::vector<IngestSource> sources;
            const int n_sources = 1 + static_cast<int>(rng() % 3);
            std::int64_t lo = std::numeric_limits<std::int64_t>::max(), hi = 0;
            for (int s = 0; s < n_sources; ++s) {
                IngestSource src;
                src.source_id = "slack:#room" + std::to_string(s);
                src.source_kind = "chat";
                src.platform = "slack";
                src.format = "jsonl";
                std::int64_t t = kT0;
                const int items = 20 + static_cast<int>(rng() % 120);
                for (int i = 0; i < items; ++i) {
                    t += static_cast<std::int64_t>(rng() % (3 * kDay));
                    IngestItem it;
                    it.text = "message " + std::to_string(i) + " about topic " +
                              std::to_string(rng() % 7) + " with some words to fill the budget";
                    it.author = "person" + std::to_string(rng() % 3);
                    it.ts_ms = t;
                    it.message_id = src.source_id + "/" + std::to_string(i);
                    src.items.push_back(std::move(it));
                    lo = std::min(lo, t);
                    hi = std::max(hi, t);
                }
                sources.push_back(std::move(src));
            }
            IngestOptions io;
            io.seal.l0_token_budget = 40 + static_cast<std::int64_t>(rng() % 80);
            io.seal.summary_fanout = 2 + static_cast<int>(rng() % 3);
            io.now_ms = hi + kDay;
            io.update_topic_tree = false;
            Ingestor ingestor(f.vault(), *emb, io);
            auto report = ingestor.ingest(sources);
            QVERIFY2(report.is_ok(), report.status().to_string().c_str());
            QVERIFY(report->summaries > 0);
            std::uniform_int_distribution<std::int64_t> t(lo - kDay, hi + kDay);
            for (int w = 0; w < 40; ++w) {
                std::int64_t a = t(rng), b = t(rng);
                if (a > b)
                    std::swap(a, b);
                if (w == 0) {
                    a = lo;
                    b = hi;
                }
                auto r = cover(f, a, b, 1'000'000);
                check_cover(f.db(), a, b, r);
                if (QTest::currentTestFailed()) {
                    qWarning() << "seed" << seed << "window" << a << b;
                    return;
                }
            }
            // The whole range is covered by few nodes once trees have sealed.
            auto all = cover(f, lo, hi, 1'000'000);
            std::int64_t chunks = 0;
            auto n = f.db().prepare("SELECT count(*) FROM mem_tree_chunks");
            (void)*n->step();
            chunks = n->column_int64(0);
            QVERIFY(static_cast<std::int64_t>(all.hits.size()) < chunks);
        }
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestCoverWindow)
#include "tst_cover_window.moc"
} // namespace tst_cover_window
