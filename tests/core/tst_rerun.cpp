// Candidate pools in the audit log: every query's row keeps what each leg returned, and
// rerun_audit ranks those candidates again (fusion, scores, graph context, MMR, budgets)
// without retrieval, giving the logged ranking bit for bit. A damaged pool or a row from before
// pools were kept is said, never passed off as identical.
#include "older_pools.h"
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/audit.h>
#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/text.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <set>

namespace tst_rerun {

using namespace memlens;

namespace {

using test::must;

constexpr std::int64_t kNow = 1'704'067'200'000 + 200LL * 86'400'000; // after the corpus

// Queries made from the corpus's own words: two or three words of every 23rd message, so each
// finds candidates in both legs.
std::vector<std::string> generated_queries(const std::vector<IngestSource>& sources,
                                           std::size_t n) {
    std::vector<std::string> out;
    std::size_t seen = 0;
    for (const auto& s : sources) {
        for (const auto& it : s.items) {
            if (seen++ % 23 != 0)
                continue;
            const auto words = keyword_tokens(it.text);
            if (words.size() < 3)
                continue;
            const std::size_t take = 2 + out.size() % 2;
            std::string q;
            for (std::size_t i = 0; i < take; ++i)
                q += (q.empty() ? "" : " ") + words[(i * 3 + out.size()) % words.size()];
            out.push_back(q);
            if (out.size() == n)
                return out;
        }
    }
    return out;
}

} // namespace

class TestRerun : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::unique_ptr<Vault> vault_;
    std::unique_ptr<SearchEngine> engine_;
    std::vector<std::string> queries_;

    // Runs each query with options that exercise every stage after retrieval: both fusions,
    // the three modes, λ, recency, summaries, budgets and a scope; returns the audit ids.
    std::vector<std::int64_t> logRows() {
        std::vector<std::int64_t> ids;
        AuditWriter* w = engine_->audit_writer();
        for (std::size_t i = 0; i < queries_.size(); ++i) {
            QueryOptions o;
            o.now_ms = kNow;
            switch (i % 8) {
            case 1:
                o.mode = SearchMode::Keyword;
                break;
            case 2:
                o.mode = SearchMode::Semantic;
                break;
            case 3:
                o.fusion = FusionKind::Profile;
                break;
            case 4:
                o.mmr_lambda = 0.3;
                o.recency_boost = 2.0;
                break;
            case 5:
                o.include_summaries = true;
                o.limit = 25;
                break;
            case 6:
                o.budget.max_chars = 400;
                o.budget.max_units = 6;
                break;
            case 7:
                o.scope.source_kinds = {"chat"};
                o.profile = "graph_first";
                o.fusion = FusionKind::Profile;
                break;
            default:
                break;
            }
            auto a = engine_->query(queries_[i], o);
            if (!a)
                qFatal("query '%s': %s", queries_[i].c_str(), a.status().to_string().c_str());
            if (!w->flush())
                qFatal("audit row of '%s' not written", queries_[i].c_str());
            ids.push_back(w->last_written_id());
        }
        return ids;
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        GenerateOptions g;
        g.chunks = 1500;
        g.seed = 7;
        auto sources = must(generate_sources(g), "generate");
        vault_ = must(Vault::create(dir_.filePath(QStringLiteral("v")).toStdString()), "create");
        auto emb = must(make_embedder_for(*vault_), "embedder");
        Ingestor ing(*vault_, *emb);
        must(ing.ingest(sources), "ingest");
        engine_ = must(SearchEngine::open(*vault_), "engine");
        queries_ = generated_queries(sources, 48);
        QCOMPARE(queries_.size(), std::size_t{48});
    }

    // Every stored row ranks again to the logged hits, ids and scores equal
    // to the bit, with no leg run.
    void rerunGivesTheLoggedRankingBitForBit() {
        const auto ids = logRows();
        std::size_t keywordCandidates = 0, vectorCandidates = 0, hits = 0;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            auto r = rerun_audit(*engine_, ids[i]);
            QVERIFY2(r.is_ok(), r.status().to_string().c_str());
            const auto& d = r->first_difference;
            QVERIFY2(r->identical, qPrintable(QStringLiteral("'%1' (row %2) differs at rank %3")
                                                  .arg(QString::fromStdString(queries_[i]))
                                                  .arg(ids[i])
                                                  .arg(d ? d->rank : 0)));
            // No leg ran: the rerun's stages start at fusion.
            for (const auto& [stage, ms] : r->rerun.stage_ms)
                QVERIFY2(stage != "keyword" && stage != "vector", stage.c_str());
            // The term tables are rebuilt too (the rerun computes the tables' statistics).
            for (const auto& h : r->rerun.result.hits) {
                const auto& k = h.explanation->keyword;
                if (!k.rank)
                    continue;
                QVERIFY(!k.terms.empty());
                double sum = 0.0;
                for (const auto& t : k.terms)
                    sum += t.contribution;
                QVERIFY(std::abs(sum - k.bm25) <= 1e-12 * std::abs(k.bm25));
            }
            keywordCandidates += r->rerun.candidates.keyword.size();
            vectorCandidates += r->rerun.candidates.vector.size();
            hits += r->rerun.result.hits.size();
        }
        // The pools are real: both legs kept candidates, and the reruns returned hits.
        QVERIFY(keywordCandidates > ids.size() * 10);
        QVERIFY(vectorCandidates > ids.size() * 10);
        QVERIFY(hits > ids.size() * 3);
    }

    // The pools hold at least what each leg returned, with the leg's own ranks in order.
    void poolsHoldEveryLegCandidate() {
        QueryOptions o;
        o.now_ms = kNow;
        auto a = must(engine_->query(queries_[0], o), "query");
        const auto& p = a.response.candidates;
        QCOMPARE(p.keyword.size(), a.response.keyword.count);
        QCOMPARE(p.vector.size(), a.response.vector.count);
        for (std::size_t i = 0; i < p.keyword.size(); ++i)
            QCOMPARE(p.keyword[i].rank, static_cast<int>(i) + 1);
        QVERIFY(engine_->audit_writer()->flush().is_ok());
        auto rec = must(get_audit(vault_->db(), engine_->audit_writer()->last_written_id()), "row");
        auto stored = must(candidates_from_audit(rec), "pools");
        QCOMPARE(stored.keyword.size(), p.keyword.size());
        QCOMPARE(stored.vector.size(), p.vector.size());
        for (std::size_t i = 0; i < p.keyword.size(); ++i) {
            QCOMPARE(stored.keyword[i].node_id, p.keyword[i].node_id);
            QCOMPARE(stored.keyword[i].raw, p.keyword[i].raw); // the same bits back
            QCOMPARE(stored.keyword[i].fts_score, p.keyword[i].fts_score);
        }
        qInfo("audit row: %zu bytes of query_profile (%zu + %zu candidates), %zu of sources",
              rec.query_profile.size(), p.keyword.size(), p.vector.size(), rec.sources.size());
    }

    // The comparison is exact: a logged ranking that differs from what the pools give is
    // reported at its first differing rank, never called identical.
    void aDifferentLoggedRankingIsReportedWhereItDiffers() {
        QueryOptions o;
        o.now_ms = kNow;
        auto a = must(engine_->query(queries_[2], o), "query");
        QVERIFY(a.response.result.hits.size() >= 3);
        QVERIFY(engine_->audit_writer()->flush().is_ok());
        const auto id = engine_->audit_writer()->last_written_id();
        // Swap the logged second and third hits.
        auto st = must(vault_->db().prepare(
                           "UPDATE retrieval_log SET sources = json_set(sources, '$[1]', "
                           "json_extract(sources, '$[2]'), '$[2]', json_extract(sources, '$[1]')) "
                           "WHERE id = ?1"),
                       "prepare");
        st.bind(1, id);
        QVERIFY(st.exec().is_ok());
        auto r = must(rerun_audit(*engine_, id), "rerun");
        QVERIFY(!r.identical);
        QVERIFY(r.first_difference.has_value());
        QCOMPARE(r.first_difference->rank, 2);
        QCOMPARE(*r.first_difference->rerun_id, a.response.result.hits[1].node_id);
        QCOMPARE(*r.first_difference->logged_id, a.response.result.hits[2].node_id);
    }

    // Damaged stored pools are an error naming the row, not a ranking.
    void damagedPoolsAreACorruptionError_data() {
        QTest::addColumn<QString>("damage");
        QTest::newRow("bytes of the column changed")
            << QStringLiteral("UPDATE retrieval_log SET candidates = "
                              "zeroblob(4) || substr(candidates, 5) WHERE id = ?1");
        QTest::newRow("column cut short")
            << QStringLiteral("UPDATE retrieval_log SET candidates = "
                              "substr(candidates, 1, length(candidates) / 2) WHERE id = ?1");
        QTest::newRow("column emptied")
            << QStringLiteral("UPDATE retrieval_log SET candidates = NULL WHERE id = ?1");
        QTest::newRow("size in the envelope changed")
            << QStringLiteral("UPDATE retrieval_log SET query_profile = json_set(query_profile, "
                              "'$.candidates.size', 12) WHERE id = ?1");
        QTest::newRow("unknown encoding")
            << QStringLiteral("UPDATE retrieval_log SET query_profile = json_set(query_profile, "
                              "'$.candidates.encoding', 'lz77') WHERE id = ?1");
        QTest::newRow("a keyword count that is not the record's")
            << QStringLiteral("UPDATE retrieval_log SET query_profile = json_set(query_profile, "
                              "'$.candidates.keyword', json_extract(query_profile, "
                              "'$.candidates.keyword') + 1) WHERE id = ?1");
        QTest::newRow("a vector count that is not the record's")
            << QStringLiteral("UPDATE retrieval_log SET query_profile = json_set(query_profile, "
                              "'$.candidates.vector', 0) WHERE id = ?1");
    }

    // Every single bit flipped anywhere in a row's candidates column is reported as damage or
    // changes nothing the rerun reads: the column carries zstd's content checksum, so no flip
    // decodes into other candidates and reruns as a "first difference".
    void noBitFlipInThePoolsReadsAsARankingChange() {
        QueryOptions o;
        o.now_ms = kNow;
        must(engine_->query(queries_[5], o), "query");
        QVERIFY(engine_->audit_writer()->flush().is_ok());
        const auto id = engine_->audit_writer()->last_written_id();
        auto read = must(vault_->db().prepare("SELECT candidates FROM retrieval_log WHERE id = ?"),
                         "prepare");
        read.bind(1, id);
        QVERIFY(must(read.step(), "step"));
        const auto blob = read.column_blob(0);
        const std::string column(reinterpret_cast<const char*>(blob.data()), blob.size());
        read.reset();
        QVERIFY(column.size() > 16);
        int damaged = 0, same = 0;
        // Every byte; under the sanitizers (MEMLENS_TEST_WORKLOAD 25, scripts/ci-asan.sh) every
        // fourth byte of the compressed pools, and still every byte of the frame's header (the
        // first 8) and of its checksum (the last 4).
        const std::size_t stride = std::max<std::size_t>(1, 100 / test::workload(100, 1));
        const auto next = [&](std::size_t i) {
            return i < 8 || i + 5 >= column.size() ? i + 1
                                                   : std::min(i + stride, column.size() - 4);
        };
        for (std::size_t i = 0; i < column.size(); i = next(i)) {
            // Bit 2 of byte 4 is the zstd frame's checksum flag: cleared, the envelope
            // still says the column had one.
            for (int bit : {2, 5}) {
                std::string flipped = column;
                flipped[i] = static_cast<char>(flipped[i] ^ (1 << bit));
                auto write = must(
                    vault_->db().prepare("UPDATE retrieval_log SET candidates = ? WHERE id = ?"),
                    "prepare");
                write.bind_blob(1, std::as_bytes(std::span(flipped.data(), flipped.size())))
                    .bind(2, id);
                QVERIFY(write.exec().is_ok());
                auto r = rerun_audit(*engine_, id);
                if (!r.is_ok()) {
                    QCOMPARE(r.status().code(), StatusCode::Corruption);
                    ++damaged;
                    continue;
                }
                QVERIFY2(r->identical,
                         qPrintable(QStringLiteral("byte %1 bit %2 reran as a different ranking")
                                        .arg(i)
                                        .arg(bit)));
                ++same;
            }
        }
        QVERIFY2(damaged > same,
                 qPrintable(QStringLiteral("%1 damaged, %2 read the same").arg(damaged).arg(same)));
    }
    void damagedPoolsAreACorruptionError() {
        QFETCH(QString, damage);
        QueryOptions o;
        o.now_ms = kNow;
        must(engine_->query(queries_[4], o), "query");
        QVERIFY(engine_->audit_writer()->flush().is_ok());
        const auto id = engine_->audit_writer()->last_written_id();
        auto st = must(vault_->db().prepare(damage.toStdString()), "prepare");
        st.bind(1, id);
        QVERIFY(st.exec().is_ok());
        auto r = rerun_audit(*engine_, id);
        QVERIFY(!r.is_ok());
        QCOMPARE(r.status().code(), StatusCode::Corruption);
        QVERIFY2(r.status().message().find("audit row " + std::to_string(id)) != std::string::npos,
                 r.status().message().c_str());
        QVERIFY2(r.status().message().find("candidate pools") != std::string::npos,
                 r.status().message().c_str());
    }

    // What a rerun (and the ranking lab, which keeps a row's pools packed) reads of a row:
    // damaged columns are an error naming the row and what is wrong; columns that only carry
    // more than memlens writes read as before.
    void rerunInputsReadOnlyWhatIsWhole_data() {
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error"); // empty: reads, with the same logged ids
        QTest::newRow("sources not JSON")
            << QStringLiteral("sources") << QStringLiteral("[{\"node_id\": ")
            << QStringLiteral("sources is not JSON");
        QTest::newRow("sources an object")
            << QStringLiteral("sources") << QStringLiteral("{\"node_id\": \"a\"}")
            << QStringLiteral("sources is not a JSON array");
        QTest::newRow("sources a string") << QStringLiteral("sources") << QStringLiteral("\"a\"")
                                          << QStringLiteral("sources is not a JSON array");
        QTest::newRow("a source a string") << QStringLiteral("sources") << QStringLiteral("[\"a\"]")
                                           << QStringLiteral("a source that is not an object");
        QTest::newRow("a source a list") << QStringLiteral("sources") << QStringLiteral("[[\"a\"]]")
                                         << QStringLiteral("a source that is not an object");
        QTest::newRow("a source without its id")
            << QStringLiteral("sources") << QStringLiteral("[{\"rank\": 1}]")
            << QStringLiteral("a source without a node_id");
        QTest::newRow("a source's id a number")
            << QStringLiteral("sources") << QStringLiteral("[{\"node_id\": 7}]")
            << QStringLiteral("a source without a node_id");
        QTest::newRow("a source's last id a number")
            << QStringLiteral("sources") << QStringLiteral("[{\"node_id\": \"a\", \"node_id\": 7}]")
            << QStringLiteral("a source without a node_id");
        QTest::newRow("text after the sources")
            << QStringLiteral("sources") << QStringLiteral("[] []")
            << QStringLiteral("sources is not JSON");
        QTest::newRow("profile not JSON")
            << QStringLiteral("query_profile") << QStringLiteral("{\"request\": ")
            << QStringLiteral("query_profile is not a JSON object");
        QTest::newRow("profile without its request")
            << QStringLiteral("query_profile") << QStringLiteral("drop request")
            << QStringLiteral("query_profile has no request");
        QTest::newRow("pools' size changed")
            << QStringLiteral("query_profile") << QStringLiteral("size 12")
            << QStringLiteral("candidate pools");
        QTest::newRow("more than memlens writes")
            << QStringLiteral("both") << QStringLiteral("") << QStringLiteral("");
    }
    void rerunInputsReadOnlyWhatIsWhole() {
        QFETCH(QString, column);
        QFETCH(QString, text);
        QFETCH(QString, error);
        QueryOptions o;
        o.now_ms = kNow;
        must(engine_->query(queries_[2], o), "query");
        QVERIFY(engine_->audit_writer()->flush().is_ok());
        const auto id = engine_->audit_writer()->last_written_id();
        AuditRecord rec = must(get_audit(vault_->db(), id), "row");
        const auto whole = must(rerun_inputs_from_audit(rec), "the row as logged");
        QVERIFY(!whole.logged_ids.empty());
        auto profile = QJsonDocument::fromJson(QByteArray::fromStdString(rec.query_profile));
        QJsonObject p = profile.object();
        if (column == QStringLiteral("sources")) {
            rec.sources = text.toStdString();
        } else if (text == QStringLiteral("drop request")) {
            p.remove(QStringLiteral("request"));
            rec.query_profile = QJsonDocument(p).toJson().toStdString();
        } else if (text == QStringLiteral("size 12")) {
            QJsonObject c = p[QStringLiteral("candidates")].toObject();
            c[QStringLiteral("size")] = 12;
            p[QStringLiteral("candidates")] = c;
            rec.query_profile = QJsonDocument(p).toJson().toStdString();
        } else if (column == QStringLiteral("query_profile")) {
            rec.query_profile = text.toStdString();
        } else { // keys memlens does not write, in the profile and in each source
            p[QStringLiteral("added")] = QJsonObject{{QStringLiteral("node_id"), 1}};
            rec.query_profile = QJsonDocument(p).toJson().toStdString();
            auto sources = QJsonDocument::fromJson(QByteArray::fromStdString(rec.sources)).array();
            for (auto&& v : sources) {
                QJsonObject src = v.toObject();
                src[QStringLiteral("nested")] =
                    QJsonArray{QJsonObject{{QStringLiteral("node_id"), QStringLiteral("x")}}};
                v = src;
            }
            rec.sources = QJsonDocument(sources).toJson().toStdString();
        }
        for (bool keepPacked : {false, true}) {
            auto r = rerun_inputs_from_audit(rec, keepPacked);
            if (error.isEmpty()) {
                QVERIFY2(r.is_ok(), r.status().to_string().c_str());
                QCOMPARE(r->logged_ids, whole.logged_ids);
                QCOMPARE(r->request.query, whole.request.query);
                continue;
            }
            QVERIFY(!r.is_ok());
            QCOMPARE(r.status().code(), StatusCode::Corruption);
            const std::string m = r.status().message();
            QVERIFY2(m.find("audit row " + std::to_string(id)) != std::string::npos, m.c_str());
            QVERIFY2(m.find(error.toStdString()) != std::string::npos, m.c_str());
        }
    }

    // A row logged before schema 5 keeps its pools as format 1 inside query_profile and no
    // candidates column: it reruns to its logged ranking as before.
    void aRowInTheOlderFormatStillReruns() {
        QueryOptions o;
        o.now_ms = kNow;
        auto a = must(engine_->query(queries_[1], o), "query");
        QVERIFY(engine_->audit_writer()->flush().is_ok());
        const auto id = engine_->audit_writer()->last_written_id();
        auto rec = must(get_audit(vault_->db(), id), "row");
        QVERIFY(!rec.candidates.empty());
        const auto pools = must(candidates_from_audit(rec), "pools");
        QVERIFY(test::store_pools_as_format1(vault_->db(), id, pools).is_ok());
        auto old = must(get_audit(vault_->db(), id), "older row");
        QVERIFY(old.candidates.empty());
        QVERIFY(old.query_profile.find("zlib+base64") != std::string::npos);
        const auto back = must(candidates_from_audit(old), "older pools");
        QCOMPARE(back.keyword.size(), pools.keyword.size());
        QCOMPARE(back.vector.size(), pools.vector.size());
        for (std::size_t i = 0; i < pools.keyword.size(); ++i) {
            QCOMPARE(back.keyword[i].node_id, pools.keyword[i].node_id);
            QCOMPARE(back.keyword[i].raw, pools.keyword[i].raw);
        }
        auto r = must(rerun_audit(*engine_, id), "rerun");
        QVERIFY(r.identical);
        QCOMPARE(r.rerun.result.hits.size(), a.response.result.hits.size());
    }

    // A row logged before pools were kept cannot be rerun; the message says so and what to do.
    void aRowWithoutPoolsIsRefusedClearly() {
        QueryOptions o;
        o.now_ms = kNow;
        must(engine_->query(queries_[3], o), "query");
        QVERIFY(engine_->audit_writer()->flush().is_ok());
        const auto id = engine_->audit_writer()->last_written_id();
        auto st =
            must(vault_->db().prepare("UPDATE retrieval_log SET query_profile = "
                                      "json_remove(query_profile, '$.candidates') WHERE id = ?1"),
                 "prepare");
        st.bind(1, id);
        QVERIFY(st.exec().is_ok());
        auto r = rerun_audit(*engine_, id);
        QVERIFY(!r.is_ok());
        QCOMPARE(r.status().code(), StatusCode::NotFound);
        QVERIFY(r.status().message().find("replay it instead") != std::string::npos);
    }

    // The CLI: audit show carries the pools at the top level, audit rerun says "identical".
    void cliShowsPoolsAndReruns() {
        QTemporaryDir d;
        const QString v = d.filePath(QStringLiteral("cli"));
        QCOMPARE(test::run_cli({QStringLiteral("init"), QStringLiteral("--vault"), v}).exit_code,
                 0);
        {
            QFile f(d.filePath(QStringLiteral("c.jsonl")));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"source\":\"slack:#eng\",\"author\":\"ann\",\"ts\":\"2024-01-02T10:00:00Z\","
                    "\"text\":\"phoenix budget approved by dana\"}\n"
                    "{\"source\":\"slack:#eng\",\"author\":\"bo\",\"ts\":\"2024-01-03T10:00:00Z\","
                    "\"text\":\"the phoenix launch moves to friday\"}\n"
                    "{\"source\":\"slack:#eng\",\"author\":\"cy\",\"ts\":\"2024-01-04T10:00:00Z\","
                    "\"text\":\"lunch menu for the offsite\"}\n");
        }
        QCOMPARE(test::run_cli({QStringLiteral("ingest"), QStringLiteral("--vault"), v,
                                d.filePath(QStringLiteral("c.jsonl"))})
                     .exit_code,
                 0);
        auto q = test::run_cli({QStringLiteral("query"), QStringLiteral("--vault"), v,
                                QStringLiteral("--json"), QStringLiteral("phoenix"),
                                QStringLiteral("budget")});
        QCOMPARE(q.exit_code, 0);
        const auto answer = QJsonDocument::fromJson(QByteArray::fromStdString(q.out)).object();
        const int id = answer[QLatin1String("audit_id")].toInt();
        QVERIFY(id > 0);
        auto show =
            test::run_cli({QStringLiteral("audit"), QStringLiteral("--vault"), v,
                           QStringLiteral("show"), QString::number(id), QStringLiteral("--json")});
        QCOMPARE(show.exit_code, 0);
        const auto row = QJsonDocument::fromJson(QByteArray::fromStdString(show.out)).object();
        const auto cands = row[QLatin1String("candidates")].toObject();
        QVERIFY(cands[QLatin1String("keyword")].toArray().size() >= 2);
        QVERIFY(cands[QLatin1String("vector")].toArray().size() >= 2);
        QVERIFY(
            !row[QLatin1String("query_profile")].toObject().contains(QLatin1String("candidates")));
        auto rerun =
            test::run_cli({QStringLiteral("audit"), QStringLiteral("--vault"), v,
                           QStringLiteral("rerun"), QString::number(id), QStringLiteral("--json")});
        QCOMPARE(rerun.exit_code, 0);
        const auto rj = QJsonDocument::fromJson(QByteArray::fromStdString(rerun.out)).object();
        QCOMPARE(rj[QLatin1String("identical")].toBool(), true);
        QVERIFY(rj[QLatin1String("first_difference")].isNull());
        QCOMPARE(rj[QLatin1String("hits")].toArray().size(),
                 answer[QLatin1String("hits")].toArray().size());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestRerun)
#include "tst_rerun.moc"
} // namespace tst_rerun
