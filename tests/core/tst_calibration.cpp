// Score calibration and the no-match threshold (calibration.h, settings.h search.min_score,
// docs/judgments.md): the threshold figures and histograms against values worked out by hand;
// a threshold removes exactly the hits below it, answers "no match" when it holds back every
// candidate and says why, in the response, the verdicts and why-not; it survives a re-open,
// every search of the vault honours it, a read-only vault refuses to change it; and the
// calibration of a benchmark's saved judgments gives the recall the metrics give.
#include "suite.h"
#include "testsupport.h"

#include <memlens/calibration.h>
#include <memlens/eval.h>
#include <memlens/generate.h>
#include <memlens/judgments.h>
#include <memlens/lab.h>
#include <memlens/search.h>
#include <memlens/settings.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <set>

namespace tst_calibration {

using namespace memlens;
using namespace Qt::Literals::StringLiterals;
namespace fs = std::filesystem;

namespace {

using test::must;

bool near(double a, double b) {
    return std::fabs(a - b) < 1e-9;
}

CalibrationSample sample(const char* query, const char* node, double score, int grade,
                         std::optional<double> keyword = std::nullopt) {
    CalibrationSample s;
    s.query_id = query;
    s.node_id = node;
    s.final_score = score;
    s.grade = grade;
    s.judged = grade > 0;
    s.keyword_score = keyword;
    return s;
}

// Two questions: q1 with relevant a and c (b not), q2 with relevant e (d not).
CalibrationReport hand_report() {
    CalibrationReport r;
    r.relevant_per_query = {{"q1", 2}, {"q2", 1}};
    r.samples = {sample("q1", "a", 0.030, 2, 9.0), sample("q1", "b", 0.020, 0, 4.0),
                 sample("q1", "c", 0.010, 1), sample("q2", "d", 0.015, 0),
                 sample("q2", "e", 0.005, 3, 1.0)};
    return r;
}

std::vector<std::string> ids_of(const std::vector<RetrievalHit>& hits) {
    std::vector<std::string> out;
    for (const auto& h : hits)
        out.push_back(h.node_id);
    return out;
}

} // namespace

class TestCalibration : public QObject {
    Q_OBJECT

    test::TempDir tmp_;
    fs::path vault_;       // a generated conversation, its questions judged by evidence
    std::string question_; // one of them, with at least six distinct scores among its hits
    std::int64_t asked_at_ = 0;

    QueryOptions options(double min_score, double lambda = 0.7) const {
        auto v = must(Vault::open(vault_, true), "vault");
        QueryOptions o;
        o.audit = false;
        o.limit = 10;
        o.now_ms = asked_at_;
        o.settings = must(load_retrieval_settings(*v), "settings");
        o.settings->min_score = min_score;
        o.settings->mmr_lambda = lambda;
        return o;
    }

    SearchResponse ask(const QueryOptions& o) const {
        auto v = must(Vault::open(vault_, true), "vault");
        SearchEngineOptions eo;
        eo.audit = false;
        auto engine = must(SearchEngine::open(*v, eo), "engine");
        return must(engine->query(question_, o), "query").response;
    }

private slots:
    void initTestCase() {
        ConversationOptions co;
        co.sessions = 6;
        must(generate_conversation_file(tmp_.file("chat.json"), co), "generate");
        LocomoEvalOptions o;
        o.data = tmp_.file("chat.json");
        o.ks = {10};
        o.save_judgments = tmp_.file("judged");
        must(run_locomo_eval(o), "eval");
        for (const auto& e : fs::directory_iterator(tmp_.file("judged")))
            vault_ = e.path();
        auto v = must(Vault::open(vault_, true), "vault");
        for (const JudgedQuery& q : must(judged_queries(*v), "queries")) {
            question_ = q.text;
            asked_at_ = q.now_ms.value_or(0);
            const auto r = ask(options(0.0, 1.0));
            std::set<double> distinct;
            for (const auto& h : r.result.hits)
                distinct.insert(h.score);
            if (distinct.size() >= 6)
                break;
        }
        QVERIFY(!question_.empty());
    }

    // Precision pools the hits kept, recall is a mean over the questions, and a question left
    // with no hit answers "no match" (counted as lost when it had a relevant hit).
    void figuresAtAThresholdAreCountedByHand() {
        const CalibrationReport r = hand_report();
        const auto none = figures_at(r, 0.0);
        QCOMPARE(none.returned, std::size_t{5});
        QCOMPARE(none.relevant_returned, std::size_t{3});
        QVERIFY(near(none.precision, 0.6));
        QVERIFY(near(none.recall, 1.0));
        QCOMPARE(none.no_match_queries, std::size_t{0});

        const auto mid = figures_at(r, 0.012); // keeps a, b and d
        QCOMPARE(mid.returned, std::size_t{3});
        QVERIFY(near(mid.precision, 1.0 / 3.0));
        QVERIFY(near(mid.recall, (1.0 / 2.0 + 0.0) / 2.0));
        QCOMPARE(mid.no_match_queries, std::size_t{0});

        const auto high = figures_at(r, 0.016); // keeps a and b; q2 has nothing left
        QCOMPARE(high.no_match_queries, std::size_t{1});
        QVERIFY(near(high.no_match_share, 0.5));
        QCOMPARE(high.answered_lost, std::size_t{1});
        QVERIFY(near(high.precision, 0.5));

        const auto all = figures_at(r, 0.031);
        QCOMPARE(all.returned, std::size_t{0});
        QVERIFY(near(all.precision, 0.0) && near(all.recall, 0.0));
        QVERIFY(near(all.no_match_share, 1.0));

        // A threshold equal to a score keeps that hit: below means below.
        QCOMPARE(figures_at(r, 0.030).returned, std::size_t{1});
        const auto t = candidate_thresholds(r);
        QCOMPARE(t, (std::vector<double>{0.0, 0.005, 0.010, 0.015, 0.020, 0.030}));
    }

    void histogramsCountEachScoreOnceAndSplitAtTheThreshold() {
        const CalibrationReport r = hand_report();
        const auto h = score_histogram(r, CalibrationScore::Final, 2, 0.012);
        QVERIFY(near(h.low, 0.005) && near(h.high, 0.030));
        // [0.005, 0.0175): c (relevant), d, e (relevant); [0.0175, 0.030]: a (relevant), b.
        QCOMPARE(h.relevant, (std::vector<std::size_t>{2, 1}));
        QCOMPARE(h.other, (std::vector<std::size_t>{1, 1}));
        QCOMPARE(h.relevant_below, (std::vector<std::size_t>{2, 0}));
        QCOMPARE(h.other_below, (std::vector<std::size_t>{0, 0}));
        // Only the hits the keyword leg ranked have its score.
        const auto k = score_histogram(r, CalibrationScore::Keyword, 4);
        std::size_t counted = 0;
        for (std::size_t i = 0; i < 4; ++i)
            counted += k.relevant[i] + k.other[i];
        QCOMPARE(counted, std::size_t{3});
        QVERIFY(near(k.low, 1.0) && near(k.high, 9.0));
        const auto v = score_histogram(r, CalibrationScore::Vector, 4);
        QVERIFY(near(v.low, 0.0) && near(v.high, 0.0));
        QCOMPARE(v.relevant, (std::vector<std::size_t>{0, 0, 0, 0}));
    }

    // With λ = 1 MMR picks in score order: the threshold keeps the hits scoring at least it, in
    // the same order, and holds back the rest of the candidates, each saying why.
    void aThresholdRemovesExactlyTheHitsBelowIt() {
        const SearchResponse before = ask(options(0.0, 1.0));
        const auto& hits = before.result.hits;
        QVERIFY(hits.size() >= 6);
        std::size_t keep = 0;
        for (std::size_t i = 2; i + 1 < hits.size() && keep == 0; ++i)
            if (hits[i].score > hits[i + 1].score)
                keep = i + 1;
        QVERIFY(keep > 0);
        const double t = (hits[keep - 1].score + hits[keep].score) / 2.0;
        const SearchResponse after = ask(options(t, 1.0));
        std::vector<std::string> expected = ids_of(hits);
        expected.resize(keep);
        QCOMPARE(ids_of(after.result.hits), expected);
        QCOMPARE(after.result.total, before.result.total);
        QCOMPARE(after.below_min_score, before.result.total - keep);
        QVERIFY(!after.no_match);
        QVERIFY(!after.pushed_out.empty());
        for (const auto& p : after.pushed_out) {
            QCOMPARE(p.explanation->excluded_by, Exclusion::MinScore);
            QVERIFY(p.score < t);
            QVERIFY2(p.explanation->verdict.find("below the no-match threshold") !=
                         std::string::npos,
                     p.explanation->verdict.c_str());
        }
        const auto json =
            QJsonDocument::fromJson(QByteArray::fromStdString(search_response_json(after)))
                .object();
        QCOMPARE(json[u"below_min_score"_s].toInteger(),
                 static_cast<qint64>(after.below_min_score));
        QVERIFY(near(json[u"min_score"_s].toDouble(), t));
        QCOMPARE(json[u"hits"_s].toArray().size(), static_cast<qsizetype>(keep));

        // Under the default λ MMR still picks only among the candidates at or above it.
        const SearchResponse mixed = ask(options(t));
        QVERIFY(!mixed.result.hits.empty());
        for (const auto& h : mixed.result.hits)
            QVERIFY(h.score >= t);
        QCOMPARE(mixed.below_min_score, before.result.total - keep);
    }

    // Above every score: no hit, "no match" in words naming the threshold, and why-not says
    // the best candidate's score was below it.
    void aThresholdAboveEveryScoreAnswersNoMatch() {
        const SearchResponse open = ask(options(0.0));
        QVERIFY(!open.result.hits.empty());
        const double t = open.result.hits.front().score * 2.0;
        const SearchResponse r = ask(options(t));
        QVERIFY(r.result.hits.empty());
        QVERIFY(r.no_match.has_value());
        QCOMPARE(r.below_min_score, open.result.total);
        QVERIFY2(r.no_match->reason.find("no-match threshold") != std::string::npos,
                 r.no_match->reason.c_str());
        QVERIFY(near(r.no_match->min_score, t));
        QVERIFY(near(r.no_match->best_score, open.result.hits.front().score));

        auto v = must(Vault::open(vault_, true), "vault");
        SearchEngineOptions eo;
        eo.audit = false;
        auto engine = must(SearchEngine::open(*v, eo), "engine");
        const auto a = must(
            engine->why_not(question_, open.result.hits.front().node_id, options(t)), "why not");
        QCOMPARE(a.stage, WhyNotStage::MinScore);
        QCOMPARE(std::string(to_string(a.stage)), std::string("min_score"));

        // The CLI says it in words, and that it returned none of the candidates there were.
        fs::copy(vault_, tmp_.file("none"), fs::copy_options::recursive);
        {
            auto w = must(Vault::open(tmp_.file("none"), false), "vault");
            auto s = must(load_retrieval_settings(*w), "settings");
            s.min_score = t;
            must(save_retrieval_settings(*w, s), "save");
        }
        auto cli = test::run_cli({u"query"_s, u"--vault"_s,
                                  QString::fromStdString(tmp_.file("none").string()),
                                  QString::fromStdString(question_)});
        QVERIFY2(cli.exit_code == 0, cli.err.c_str());
        QVERIFY2(cli.out.find("no match: all") != std::string::npos, cli.out.c_str());
        QVERIFY2(cli.out.find("\n0 of ") != std::string::npos &&
                     cli.out.find("\n0 of 0,") == std::string::npos,
                 cli.out.c_str());
    }

    // Saved in the vault, the threshold is read back after a re-open and every search of the
    // vault honours it, the CLI's included; a read-only vault refuses to change it.
    void theThresholdSurvivesAReopenAndEverySearchHonoursIt() {
        fs::copy(vault_, tmp_.file("copy"), fs::copy_options::recursive);
        const double top = ask(options(0.0)).result.hits.front().score;
        const double t = top * 0.9;
        {
            auto v = must(Vault::open(tmp_.file("copy"), false), "vault");
            auto s = must(load_retrieval_settings(*v), "settings");
            s.min_score = t;
            must(save_retrieval_settings(*v, s), "save");
        }
        auto ro = must(Vault::open(tmp_.file("copy"), true), "read-only");
        auto loaded = must(load_retrieval_settings(*ro), "settings");
        QVERIFY(near(loaded.min_score, t));
        loaded.min_score = 0.0;
        auto refused = save_retrieval_settings(*ro, loaded);
        QCOMPARE(refused.status().code(), StatusCode::Unsupported);
        QVERIFY(near(must(load_retrieval_settings(*ro), "again").min_score, t));

        SearchEngineOptions eo;
        eo.audit = false;
        auto engine = must(SearchEngine::open(*ro, eo), "engine");
        QueryOptions o;
        o.audit = false;
        o.now_ms = asked_at_;
        const auto r = must(engine->query(question_, o), "query").response;
        QVERIFY(!r.result.hits.empty());
        QVERIFY(r.below_min_score > 0);
        for (const auto& h : r.result.hits)
            QVERIFY(h.score >= t);

        auto cli = test::run_cli({u"query"_s, u"--vault"_s,
                                  QString::fromStdString(tmp_.file("copy").string()), u"--json"_s,
                                  QString::fromStdString(question_)});
        QVERIFY2(cli.exit_code == 0, cli.err.c_str());
        const auto j = QJsonDocument::fromJson(QByteArray::fromStdString(cli.out)).object();
        QVERIFY(near(j[u"min_score"_s].toDouble(), t));
        QVERIFY(j[u"below_min_score"_s].toInteger() > 0);
    }

    // Asked with the threshold off, the calibration's recall at 0 is the metrics' recall@k,
    // and each question's first k hits are its samples.
    void calibrationAtNoThresholdIsTheMetricsRecall() {
        auto v = must(Vault::open(vault_, true), "vault");
        SearchEngineOptions eo;
        eo.audit = false;
        auto engine = must(SearchEngine::open(*v, eo), "engine");
        MetricsOptions mo;
        mo.k = 10;
        const auto m = must(compute_metrics(*v, *engine, mo), "metrics");
        const auto c = must(compute_calibration(*v, *engine, mo), "calibration");
        QCOMPARE(c.relevant_per_query.size(), m.queries.size());
        std::size_t hits = 0;
        for (const auto& q : m.queries)
            hits += q.ranked.size();
        QCOMPARE(c.samples.size(), hits);
        QVERIFY2(
            near(figures_at(c, 0.0).recall, m.recall.mean),
            (std::to_string(figures_at(c, 0.0).recall) + " vs " + std::to_string(m.recall.mean))
                .c_str());
        for (const auto& s : c.samples)
            QVERIFY(s.rank >= 1 && s.rank <= 10);
    }

    // A blast radius measured against the grades: logged searches of judged questions, re-ranked
    // under the vault's own settings, are all unchanged; under a threshold above every score
    // their new rankings are empty, so each that had a relevant hit logged got worse.
    void theBlastRadiusIsMeasuredAgainstTheGrades() {
        fs::copy(vault_, tmp_.file("blast"), fs::copy_options::recursive);
        auto v = must(Vault::open(tmp_.file("blast"), false), "vault");
        auto engine = must(SearchEngine::open(*v), "engine");
        const auto queries = must(judged_queries(*v), "queries");
        QVERIFY(queries.size() >= 3);
        for (std::size_t i = 0; i < 3; ++i) {
            QueryOptions o;
            o.limit = 10;
            o.now_ms = queries[i].now_ms.value_or(0);
            o.known_persons = queries[i].persons;
            must(engine->query(queries[i].text, o), "logged search");
        }
        QVERIFY(engine->audit_writer()->flush().is_ok());

        const auto same = must(blast_radius(*engine, {}), "blast");
        const auto judged = must(blast_metrics(*v, same, 10), "metrics");
        QCOMPARE(judged.searches.size(), std::size_t{3});
        QCOMPARE(judged.unchanged, std::size_t{3});
        QVERIFY(near(judged.mean_logged, judged.mean_new));
        QVERIFY(judged.mean_logged > 0.0);

        const auto emptied =
            must(blast_radius(*engine, {{"search.min_score", "999"}}), "blast with a threshold");
        const auto after = must(blast_metrics(*v, emptied, 10), "metrics");
        std::size_t had_relevant = 0;
        for (const BlastJudged& j : after.searches) {
            QVERIFY(near(j.ndcg_new, 0.0));
            had_relevant += j.ndcg_logged > 0.0 ? 1 : 0;
        }
        QCOMPARE(after.worse, had_relevant);
        QCOMPARE(after.improved, std::size_t{0});
        QCOMPARE(blast_metrics(*v, emptied, 0).status().code(), StatusCode::InvalidArgument);
    }

    // The CLI prints the calibration as JSON and --save stores the threshold.
    void theCliCalibratesAndSaves() {
        fs::copy(vault_, tmp_.file("cli"), fs::copy_options::recursive);
        const QString dir = QString::fromStdString(tmp_.file("cli").string());
        auto c =
            test::run_cli({u"calibration"_s, u"--vault"_s, dir, u"--bins"_s, u"8"_s, u"--json"_s});
        QVERIFY2(c.exit_code == 0, c.err.c_str());
        const auto j = QJsonDocument::fromJson(QByteArray::fromStdString(c.out)).object();
        for (const char* key : {"queries", "samples", "at_min_score", "histograms", "thresholds"})
            QVERIFY2(j.contains(QLatin1String(key)), key);
        QCOMPARE(j[u"histograms"_s][u"final"_s][u"relevant"_s].toArray().size(), 8);
        const auto sweep = j[u"thresholds"_s].toArray();
        QVERIFY(sweep.size() >= 2);
        QCOMPARE(sweep.first()[u"threshold"_s].toDouble(), 0.0);
        QCOMPARE(sweep.last()[u"returned"_s].toInteger() >= 1, true);

        auto saved = test::run_cli(
            {u"calibration"_s, u"--vault"_s, dir, u"--save"_s, u"0.0123"_s, u"--json"_s});
        QVERIFY2(saved.exit_code == 0, saved.err.c_str());
        const auto sj = QJsonDocument::fromJson(QByteArray::fromStdString(saved.out)).object();
        QVERIFY(near(sj[u"min_score"_s].toDouble(), 0.0123));
        auto v = must(Vault::open(tmp_.file("cli"), true), "vault");
        QVERIFY(near(must(load_retrieval_settings(*v), "settings").min_score, 0.0123));
        auto bad = test::run_cli({u"calibration"_s, u"--vault"_s, dir, u"--save"_s, u"-1"_s});
        QVERIFY(bad.exit_code != 0);
        QVERIFY2(bad.err.find("--save") != std::string::npos, bad.err.c_str());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
} // namespace tst_calibration
