// The audit log: one retrieval_log row per query, written off the query path;
// FNV-1a 64 identity; settings for replay; failures reported; read-only vaults say so; replay
// and diff tell a data change from a settings change.
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/audit.h>
#include <memlens/embedder.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <sys/resource.h>

#include <csignal>
#include <mutex>

namespace tst_audit {

using namespace memlens;

namespace {

constexpr std::int64_t kDay = 86'400'000;
constexpr std::int64_t kT0 = 1'704'067'200'000;

using test::must;

IngestSource chat(const std::string& id, const std::vector<std::string>& texts, std::int64_t t) {
    IngestSource s;
    s.source_id = id;
    s.source_kind = "chat";
    s.platform = "slack";
    s.format = "jsonl";
    for (const auto& text : texts) {
        IngestItem it;
        it.author = "ann";
        it.ts_ms = t;
        it.text = text;
        it.source_ref = std::to_string(t);
        t += kDay;
        s.items.push_back(it);
    }
    return s;
}

std::unique_ptr<Vault> make_vault(const std::filesystem::path& dir) {
    auto vault = must(Vault::create(dir), "create");
    auto emb = must(make_embedder_for(*vault), "embedder");
    Ingestor ing(*vault, *emb);
    must(ing.ingest({chat("slack:#eng",
                          {"the phoenix launch review is on friday", "phoenix budget approved",
                           "lunch menu for the offsite", "launch checklist for phoenix",
                           "database migration plan", "phoenix retro notes"},
                          kT0)}),
         "ingest");
    return vault;
}

SearchRequest request(const std::string& q) {
    SearchRequest req;
    req.query = q;
    req.now_ms = kT0 + 30 * kDay;
    return req;
}

} // namespace

class TestAudit : public QObject {
    Q_OBJECT
private slots:
    void fnv1aKnownValues() {
        QCOMPARE(QString::fromStdString(hash_hex(fnv1a64(std::string_view("")))),
                 QStringLiteral("cbf29ce484222325"));
        QCOMPARE(QString::fromStdString(hash_hex(fnv1a64(std::string_view("a")))),
                 QStringLiteral("af63dc4c8601ec8c"));
        QCOMPARE(QString::fromStdString(hash_hex(fnv1a64(std::string_view("foobar")))),
                 QStringLiteral("85944171f73967e8"));
    }

    void oneRowPerQueryWithEverythingForReplay() {
        test::TempDir tmp;
        auto vault = make_vault(tmp.path() / "v");
        auto engine = must(SearchEngine::open(*vault), "engine");
        QVERIFY(engine->audit_state().enabled);
        auto r1 = must(engine->search(request("phoenix launch")), "search");
        auto r2 = must(engine->search(request("database migration")), "search");
        QVERIFY(r1.audit.enabled);
        QVERIFY(engine->audit_writer()->flush().is_ok());
        QCOMPARE(engine->audit_writer()->written(), std::uint64_t{2});

        auto rows = must(list_audit(vault->db()), "list");
        QCOMPARE(rows.size(), std::size_t{2});
        const AuditRecord& row = rows[1]; // newest first
        QCOMPARE(QString::fromStdString(row.query), QStringLiteral("phoenix launch"));
        QCOMPARE(row.query_hash, hash_hex(fnv1a64(std::string_view("phoenix launch"))));
        QCOMPARE(row.query_hash, r1.query_hash);
        QCOMPARE(QString::fromStdString(row.mode), QStringLiteral("hybrid"));
        QCOMPARE(row.vault_revision, vault->revision());
        QVERIFY(row.elapsed_ms > 0.0);

        const auto profile =
            QJsonDocument::fromJson(QByteArray::fromStdString(row.query_profile)).object();
        const auto legs = profile.value(QStringLiteral("legs")).toObject();
        QCOMPARE(
            legs.value(QStringLiteral("keyword")).toObject().value(QStringLiteral("count")).toInt(),
            static_cast<int>(r1.keyword.count));
        QCOMPARE(legs.value(QStringLiteral("vector"))
                     .toObject()
                     .value(QStringLiteral("top_score"))
                     .toDouble(),
                 r1.vector.top_score);
        QCOMPARE(profile.value(QStringLiteral("weights"))
                     .toObject()
                     .value(QStringLiteral("keyword"))
                     .toDouble(),
                 1.0);
        QVERIFY(profile.contains(QStringLiteral("filters")));
        QCOMPARE(profile.value(QStringLiteral("fusion")).toString(), QStringLiteral("rrf"));

        const auto sources =
            QJsonDocument::fromJson(QByteArray::fromStdString(row.sources)).array();
        QCOMPARE(sources.size(), static_cast<qsizetype>(r1.result.hits.size()));
        for (qsizetype i = 0; i < sources.size(); ++i) {
            const auto s = sources[i].toObject();
            const auto& h = r1.result.hits[static_cast<std::size_t>(i)];
            QCOMPARE(s.value(QStringLiteral("node_id")).toString().toStdString(), h.node_id);
            QCOMPARE(s.value(QStringLiteral("rank")).toInt(), static_cast<int>(i) + 1);
            QCOMPARE(s.value(QStringLiteral("score")).toDouble(), h.score);
        }
        const auto settings =
            QJsonDocument::fromJson(QByteArray::fromStdString(row.settings)).object();
        QCOMPARE(settings.value(QStringLiteral("search.rrf_k")).toString(), QStringLiteral("60"));
        QVERIFY(settings.contains(QStringLiteral("search.mmr_lambda")));
        QVERIFY(settings.contains(QStringLiteral("profile.balanced.graph")));
        Q_UNUSED(r2);
    }

    void semanticModeHashesTheQueryVector() {
        test::TempDir tmp;
        auto vault = make_vault(tmp.path() / "v");
        auto engine = must(SearchEngine::open(*vault), "engine");
        auto req = request("phoenix launch");
        req.mode = SearchMode::Semantic;
        auto r = must(engine->search(req), "search");
        auto v = must(engine->embedder().embed_one("phoenix launch"), "embed");
        const auto bytes = encode_vector(v);
        QCOMPARE(r.query_hash, hash_hex(fnv1a64(bytes)));
        QVERIFY(r.query_hash != hash_hex(fnv1a64(std::string_view("phoenix launch"))));
        QVERIFY(engine->audit_writer()->flush().is_ok());
        auto rows = must(list_audit(vault->db()), "list");
        QCOMPARE(rows.front().query_hash, r.query_hash);
        QCOMPARE(QString::fromStdString(rows.front().mode), QStringLiteral("semantic"));
    }

    void replayOnUnchangedVaultReproducesTheRanking() {
        test::TempDir tmp;
        auto vault = make_vault(tmp.path() / "v");
        auto engine = must(SearchEngine::open(*vault), "engine");
        auto req = request("phoenix launch review");
        req.recency_boost = 0.5;
        req.scope.since_ms = kT0;
        auto r = must(engine->search(req), "search");
        QVERIFY(engine->audit_writer()->flush().is_ok());
        const auto id = engine->audit_writer()->last_written_id();
        QVERIFY(id > 0);
        const auto rows_before =
            must(vault->db().query_int("SELECT count(*) FROM retrieval_log"), "n");

        auto cmp = must(replay_audit(*engine, id, true), "replay");
        QVERIFY(cmp.identical);
        QCOMPARE(cmp.cause, AuditCause::None);
        QVERIFY(!cmp.data_changed);
        QVERIFY(!cmp.settings_changed);
        // The same embedder ranked both, and the replay names it.
        QCOMPARE(cmp.logged_embedder, engine->embedder().ranking_signature());
        QCOMPARE(cmp.current_embedder, cmp.logged_embedder);
        QVERIFY(!cmp.embedder_changed);
        QCOMPARE(cmp.rerun.result.hits.size(), r.result.hits.size());
        for (std::size_t i = 0; i < r.result.hits.size(); ++i) {
            QCOMPARE(cmp.rerun.result.hits[i].node_id, r.result.hits[i].node_id);
            QCOMPARE(cmp.rerun.result.hits[i].score, r.result.hits[i].score);
            QCOMPARE(cmp.moves[i].movement, Movement::Same);
        }
        QVERIFY(engine->audit_writer()->flush().is_ok());
        QCOMPARE(must(vault->db().query_int("SELECT count(*) FROM retrieval_log"), "n"),
                 rows_before); // a replay is not logged
    }

    // A query that names a day scales the keyword leg for that day's chunks; the audit row keeps
    // the day so that a replay ranks the same and does not blame the settings.
    void replayKeepsTheDayTheQueryIsAbout() {
        test::TempDir tmp;
        auto vault = make_vault(tmp.path() / "v");
        auto engine = must(SearchEngine::open(*vault), "engine");
        auto plain = request("phoenix launch review");
        plain.audit = false;
        auto first = must(engine->search(plain), "search");
        QVERIFY(first.result.hits.size() > 2);
        const std::int64_t day = kDay;
        const std::int64_t t = first.result.hits[2].time_range_start_ms;
        auto req = request("phoenix launch review");
        req.about_since_ms = t - t % day;
        req.about_until_ms = t - t % day + day - 1;
        auto r = must(engine->search(req), "search");
        bool scaled = false;
        for (const auto& h : r.result.hits)
            scaled = scaled || (h.explanation && h.explanation->keyword.time_factor > 1.0);
        QVERIFY2(scaled, "no hit of the named day was scaled: the test needs one");
        QVERIFY(engine->audit_writer()->flush().is_ok());
        const auto id = engine->audit_writer()->last_written_id();
        auto cmp = must(replay_audit(*engine, id, true), "replay");
        QVERIFY(cmp.identical);
        QCOMPARE(cmp.cause, AuditCause::None);
        QCOMPARE(cmp.rerun.result.hits.size(), r.result.hits.size());
        for (std::size_t i = 0; i < r.result.hits.size(); ++i)
            QCOMPARE(cmp.rerun.result.hits[i].explanation->keyword.time_factor,
                     r.result.hits[i].explanation->keyword.time_factor);
    }

    void diffTellsSettingsFromData() {
        test::TempDir tmp;
        auto vault = make_vault(tmp.path() / "v");
        auto engine = must(SearchEngine::open(*vault), "engine");
        auto req = request("phoenix launch");
        req.mode = SearchMode::Keyword; // a per-query override is not a settings change
        must(engine->search(req), "search");
        QVERIFY(engine->audit_writer()->flush().is_ok());
        const auto id = engine->audit_writer()->last_written_id();

        // A settings change: diff sees it and names the key; replay (logged settings) does not
        // move.
        QVERIFY(vault->set_setting("search.rrf_k", "1").is_ok());
        QVERIFY(vault->set_setting("search.weight.keyword", "3").is_ok());
        auto diff = must(replay_audit(*engine, id, false), "diff");
        QVERIFY(diff.settings_changed);
        QVERIFY(!diff.data_changed);
        // The query ran the keyword leg alone: RRF's k and the leg's weight change every score
        // and no position, so the settings are no cause, and each is named for what it did.
        QCOMPARE(diff.cause, AuditCause::None);
        QVERIFY(diff.identical);
        QVERIFY(diff.data_keeps_order);
        QVERIFY(diff.reordering.empty());
        QCOMPARE(diff.rescoring, std::vector<std::string>{"search.rrf_k"});
        QCOMPARE(diff.inert, std::vector<std::string>{"search.weight.keyword"}); // mode keyword
        QVERIFY(std::find(diff.changed_settings.begin(), diff.changed_settings.end(),
                          "search.rrf_k") != diff.changed_settings.end());
        QVERIFY(std::find(diff.changed_settings.begin(), diff.changed_settings.end(),
                          "search.mode") == diff.changed_settings.end());
        QCOMPARE(diff.rerun.settings.rrf_k, 1);
        auto replay = must(replay_audit(*engine, id, true), "replay");
        QVERIFY(replay.identical);
        QCOMPARE(replay.rerun.settings.rrf_k, 60);
        QCOMPARE(replay.cause, AuditCause::None);

        // A data change: a new, better matching chunk enters; the revision says why.
        {
            auto emb = must(make_embedder_for(*vault), "embedder");
            Ingestor ing(*vault, *emb);
            must(ing.ingest({chat("slack:#ops", {"phoenix launch phoenix launch go no-go"},
                                  kT0 + 5 * kDay)}),
                 "ingest");
        }
        auto after = must(replay_audit(*engine, id, true), "replay after ingest");
        QVERIFY(after.data_changed);
        QCOMPARE(after.cause, AuditCause::Data);
        QVERIFY(!after.identical);
        QCOMPARE(after.moves.front().movement, Movement::New);
        bool moved_down = false;
        for (const auto& m : after.moves)
            moved_down = moved_down || m.movement == Movement::Down;
        QVERIFY(moved_down);
        auto both = must(replay_audit(*engine, id, false), "diff after ingest");
        QVERIFY(!both.data_keeps_order);
        QVERIFY(both.cause == AuditCause::Data || both.cause == AuditCause::DataAndSettings);

        // λ 0 (diversity only) reorders the hits: now the settings move it too, and the diff
        // names λ alone as what reorders them.
        QVERIFY(vault->set_setting("search.mmr_lambda", "0").is_ok());
        auto moved = must(replay_audit(*engine, id, false), "diff with λ 0");
        QCOMPARE(moved.cause, AuditCause::DataAndSettings);
        QVERIFY(std::find(moved.reordering.begin(), moved.reordering.end(), "search.mmr_lambda") !=
                moved.reordering.end());
    }

    void rankMovesClassifyEveryId() {
        auto moves =
            rank_moves({{"a", 3.0}, {"b", 2.0}, {"c", 1.0}}, {{"b", 2.5}, {"a", 2.0}, {"d", 1.0}});
        QCOMPARE(moves.size(), std::size_t{4});
        QCOMPARE(moves[0].movement, Movement::Up);
        QCOMPARE(moves[1].movement, Movement::Down);
        QCOMPARE(moves[2].movement, Movement::New);
        QCOMPARE(QString::fromStdString(moves[3].node_id), QStringLiteral("c"));
        QCOMPARE(moves[3].movement, Movement::Gone);
        QCOMPARE(moves[3].logged_rank.value(), 3);
        QVERIFY(!moves[3].new_rank);
    }

    void writeFailureIsReportedAndTheRowKept() {
        test::TempDir tmp;
        auto vault = make_vault(tmp.path() / "v");
        auto engine = must(SearchEngine::open(*vault), "engine");
        // The callback runs on the writer thread: it only records what it saw.
        std::mutex mu;
        int problems = 0;
        std::string seen_query;
        AuditNotice seen;
        engine->audit_writer()->set_notice_callback(
            [&](const AuditNotice& n, const AuditRecord& rec) {
                std::lock_guard lock(mu);
                if (n.state == AuditRowState::Written)
                    return;
                ++problems;
                seen_query = rec.query;
                seen = n;
            });
        QVERIFY(vault->db().exec("DROP TABLE retrieval_log").is_ok());
        auto r = engine->search(request("phoenix"));
        QVERIFY(r.is_ok()); // the query itself is answered
        Status s = engine->audit_writer()->flush();
        QVERIFY(!s.is_ok());
        QVERIFY(s.message().find("retrieval_log") != std::string::npos);
        {
            std::lock_guard lock(mu);
            QCOMPARE(problems, 1);
            QCOMPARE(QString::fromStdString(seen_query), QStringLiteral("phoenix"));
            QCOMPARE(seen.state, AuditRowState::Pending);
            QVERIFY(seen.message.find("audit-pending.jsonl") != std::string::npos);
        }
        QCOMPARE(engine->audit_writer()->pending(), std::uint64_t{1});
        QCOMPARE(engine->audit_writer()->failed(), std::uint64_t{0});
        QCOMPARE(must(count_pending_audit(pending_audit_path(*vault)), "pending"), std::size_t{1});
        QVERIFY(!engine->audit_writer()->last_error().is_ok());
        QVERIFY(engine->audit_writer()->flush().is_ok()); // reported once, then cleared
    }

    // A full disk: an import says so plainly, naming the file, without SQL text; and a row
    // that cannot be kept in the pending file either (the same disk) leaves no empty or
    // half-written audit-pending.jsonl behind.
    void aFullDiskIsSaidPlainlyAndLeavesNoHalfFile() {
        test::TempDir tmp;
        const auto dir = tmp.path() / "v";
        auto v = make_vault(dir);
        // SQLite's size limit on this connection fails a write as a full disk does (SQLITE_FULL).
        const auto pages = must(v->db().query_int("PRAGMA page_count"), "page_count");
        QVERIFY(v->db().exec("PRAGMA max_page_count = " + std::to_string(pages)).is_ok());
        auto embedder = must(make_embedder_for(*v), "embedder");
        Ingestor ing(*v, *embedder);
        IngestSource src;
        src.source_id = "chat:a";
        src.source_kind = "chat";
        src.platform = "chat";
        src.title = "chat:a";
        for (int i = 0; i < 200; ++i) {
            IngestItem item;
            item.text = "A long note about the disk " + std::to_string(i) + std::string(2000, 'x');
            item.ts_ms = 1700000000000 + i;
            src.items.push_back(item);
        }
        auto full = ing.ingest({src});
        QVERIFY(!full.is_ok());
        QVERIFY2(full.status().message().find("no space left on the disk of " +
                                              (dir / "vault.db").string()) != std::string::npos,
                 full.status().message().c_str());
        QVERIFY2(full.status().message().find("(in: ") == std::string::npos,
                 full.status().message().c_str());

        // Writes that fail as on a full disk (a file-size limit of 0: EFBIG instead of
        // ENOSPC, the same path): the pending file is not left behind, empty or cut.
        const auto pending = pending_audit_path(*v);
        AuditRecord row;
        row.query = "kept nowhere";
        row.query_hash = "0";
        row.mode = "hybrid";
        struct rlimit old_limit {};
        QCOMPARE(::getrlimit(RLIMIT_FSIZE, &old_limit), 0);
        const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
        struct rlimit none = old_limit;
        none.rlim_cur = 0;
        QCOMPARE(::setrlimit(RLIMIT_FSIZE, &none), 0);
        const Status kept = append_pending_audit(pending, row);
        ::setrlimit(RLIMIT_FSIZE, &old_limit);
        std::signal(SIGXFSZ, old_handler);
        QVERIFY(!kept.is_ok());
        QVERIFY2(!std::filesystem::exists(pending), kept.to_string().c_str());
        // With room again, the same row is kept whole.
        QVERIFY(append_pending_audit(pending, row).is_ok());
        QCOMPARE(must(count_pending_audit(pending), "pending"), std::size_t{1});
    }

    void readOnlyVaultSaysAuditIsDisabled() {
        test::TempDir tmp;
        { make_vault(tmp.path() / "v"); }
        auto ro = must(Vault::open(tmp.path() / "v", true), "open ro");
        auto engine = must(SearchEngine::open(*ro), "engine");
        QVERIFY(!engine->audit_state().enabled);
        auto r = must(engine->search(request("phoenix")), "search");
        QVERIFY(!r.result.hits.empty());
        QVERIFY(!r.audit.enabled);
        QCOMPARE(QString::fromStdString(r.audit.disabled_reason),
                 QStringLiteral("audit disabled: read-only"));
        QCOMPARE(must(ro->db().query_int("SELECT count(*) FROM retrieval_log"), "n"),
                 std::int64_t{0});
    }

    void cliQueryAuditListAndReplay() {
        test::TempDir tmp;
        { make_vault(tmp.path() / "v"); }
        const QString dir = QString::fromStdString((tmp.path() / "v").string());
        // The CLI analyses the query and searches the augmented text; the log keeps
        // what was typed, and a replay searches what was searched.
        const QString typed = QStringLiteral("how many times was the phoenix launch discussed");
        auto q = test::run_cli({QStringLiteral("query"), QStringLiteral("--vault"), dir,
                                QStringLiteral("--json"), typed});
        QVERIFY2(q.exit_code == 0, q.err.c_str());
        const auto answer = QJsonDocument::fromJson(QByteArray::fromStdString(q.out)).object();
        const int id = answer.value(QStringLiteral("audit_id")).toInt();
        QVERIFY(id > 0);
        const auto query = answer.value(QStringLiteral("query")).toObject();
        QCOMPARE(query.value(QStringLiteral("raw")).toString(), typed);
        QCOMPARE(query.value(QStringLiteral("intent")).toString(), QStringLiteral("count"));
        QVERIFY(query.value(QStringLiteral("searched")).toString() != typed);
        QVERIFY(!answer.value(QStringLiteral("hits")).toArray().isEmpty());

        auto list = test::run_cli({QStringLiteral("audit"), QStringLiteral("--vault"), dir,
                                   QStringLiteral("list"), QStringLiteral("--json")});
        QVERIFY2(list.exit_code == 0, list.err.c_str());
        const auto rows = QJsonDocument::fromJson(QByteArray::fromStdString(list.out)).array();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows[0].toObject().value(QStringLiteral("query")).toString(), typed);
        QCOMPARE(rows[0].toObject().value(QStringLiteral("query_hash")).toString().toStdString(),
                 hash_hex(fnv1a64(typed.toStdString())));

        auto replay = test::run_cli({QStringLiteral("audit"), QStringLiteral("--vault"), dir,
                                     QStringLiteral("replay"), QString::number(id),
                                     QStringLiteral("--json")});
        QVERIFY2(replay.exit_code == 0, replay.err.c_str());
        const auto cmp = QJsonDocument::fromJson(QByteArray::fromStdString(replay.out)).object();
        QVERIFY(cmp.value(QStringLiteral("identical")).toBool());
        QCOMPARE(cmp.value(QStringLiteral("cause")).toString(), QStringLiteral("none"));
        // The embedder that ranked then and now, the same one.
        const QString embedder = cmp.value(QStringLiteral("logged_embedder")).toString();
        QVERIFY2(embedder.startsWith(QStringLiteral("memlens-hash-v1:")), qPrintable(embedder));
        QCOMPARE(cmp.value(QStringLiteral("current_embedder")).toString(), embedder);
        QCOMPARE(cmp.value(QStringLiteral("embedder_changed")).toBool(true), false);
        auto said = test::run_cli({QStringLiteral("audit"), QStringLiteral("--vault"), dir,
                                   QStringLiteral("replay"), QString::number(id)});
        QVERIFY2(said.out.find("embedder: hashed word features, 256 dimensions -> hashed word "
                               "features, 256 dimensions\n") != std::string::npos,
                 said.out.c_str());
        const auto moves = cmp.value(QStringLiteral("moves")).toArray();
        QVERIFY(!moves.isEmpty());
        for (const auto& m : moves)
            QCOMPARE(m.toObject().value(QStringLiteral("movement")).toString(),
                     QStringLiteral("same"));

        auto ro = test::run_cli({QStringLiteral("query"), QStringLiteral("--vault"), dir,
                                 QStringLiteral("--read-only"), QStringLiteral("phoenix")});
        QCOMPARE(ro.exit_code, 0);
        QVERIFY(ro.err.find("audit disabled: read-only") != std::string::npos);

        auto missing = test::run_cli({QStringLiteral("audit"), QStringLiteral("--vault"), dir,
                                      QStringLiteral("show"), QStringLiteral("999")});
        QVERIFY(missing.exit_code != 0);
        QVERIFY(missing.err.find("999") != std::string::npos);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestAudit)
#include "tst_audit.moc"
} // namespace tst_audit
