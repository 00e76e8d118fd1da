// The one rule for option values, through the real memlens-cli: a value outside what an option
// accepts is refused with a non-zero exit and a one-line error that names the option and what
// it accepts (ranges, or names that come from the core), never a silent default, a clamp, an
// overflow or an SQL text. Valid values at the edges of each range still run.
#include "suite.h"
#include "testsupport.h"

#include <memlens/scoring.h>

#include <QtTest>

#include <string>

namespace tst_cli_validation {

using namespace memlens;
using namespace Qt::StringLiterals;

class TestCliValidation : public QObject {
    Q_OBJECT

    test::TempDir tmp_;
    QString vault_;

private slots:
    void initTestCase() {
        const QString corpus = QString::fromStdString(tmp_.file("c.jsonl").string());
        vault_ = QString::fromStdString(tmp_.file("v").string());
        auto gen = test::run_cli({QStringLiteral("generate"), QStringLiteral("--out"), corpus,
                                  QStringLiteral("--chunks"), QStringLiteral("60"),
                                  QStringLiteral("--seed"), QStringLiteral("7")});
        QVERIFY2(gen.exit_code == 0, gen.err.c_str());
        auto ing =
            test::run_cli({QStringLiteral("ingest"), QStringLiteral("--vault"), vault_, corpus});
        QVERIFY2(ing.exit_code == 0, ing.err.c_str());
    }

    void refusedValuesNameTheOptionAndWhatItAccepts_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        const QString v = QStringLiteral("--vault");
        auto row = [&](const char* name, QStringList args, const char* expected) {
            args.insert(1, v);
            args.insert(2, vault_);
            QTest::newRow(name) << args << QString::fromUtf8(expected);
        };
        row("query profile", {u"query"_s, u"--profile"_s, u"bogus"_s, u"x"_s},
            "--profile: expected one of balanced, semantic, lexical, graph_first, not 'bogus'");
        row("query source kind", {u"query"_s, u"--source-kind"_s, u"bogus"_s, u"x"_s},
            "--source-kind: expected one of chat, email, document, not 'bogus'");
        row("query source kind in a list",
            {u"query"_s, u"--source-kind"_s, u"chat,bogus"_s, u"x"_s},
            "--source-kind: expected one of chat, email, document, not 'bogus'");
        row("query mode", {u"query"_s, u"--mode"_s, u"fast"_s, u"x"_s},
            "--mode: expected one of hybrid, keyword, semantic, not 'fast'");
        row("query group-by", {u"query"_s, u"--group-by"_s, u"day"_s, u"x"_s},
            "--group-by: expected one of session, source, not 'day'");
        row("query max-ms nan", {u"query"_s, u"--max-ms"_s, u"nan"_s, u"x"_s},
            "--max-ms: expected a number from 0 to 86400000, not 'nan'");
        row("query mmr-lambda inf", {u"query"_s, u"--mmr-lambda"_s, u"inf"_s, u"x"_s},
            "--mmr-lambda: expected a number from 0 to 1, not 'inf'");
        row("query recency negative", {u"query"_s, u"--recency"_s, u"-1"_s, u"x"_s},
            "--recency: expected a number from 0 to 1000, not '-1'");
        row("query limit", {u"query"_s, u"--limit"_s, u"101"_s, u"x"_s},
            "--limit: expected an integer from 0 to 100, not '101'");
        row("query now at -2^63", {u"query"_s, u"--now"_s, u"-9223372036854775808"_s, u"x"_s},
            "--now: expected a time from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z");
        row("query since far future", {u"query"_s, u"--since"_s, u"9223372036854775807"_s, u"x"_s},
            "--since: expected a time from 0001-01-01T00:00:00Z");
        row("entities kinds", {u"entities"_s, u"--query"_s, u"a"_s, u"--kinds"_s, u"bogus"_s},
            "--kinds: expected one of email, url, handle, hashtag, topic, person, organization");
        row("walk hops 100", {u"walk"_s, u"--query"_s, u"hi"_s, u"--hops"_s, u"100"_s},
            "--hops: expected an integer from 1 to 4, not '100'");
        row("walk hops -1", {u"walk"_s, u"--query"_s, u"hi"_s, u"--hops"_s, u"-1"_s},
            "--hops: expected an integer from 1 to 4, not '-1'");
        row("walk days", {u"walk"_s, u"--query"_s, u"hi"_s, u"--days"_s, u"-3"_s},
            "--days: expected an integer from 0 to 36500, not '-3'");
        row("graph hops",
            {u"graph"_s, u"--entity"_s, u"a"_s, u"--to"_s, u"b"_s, u"--hops"_s, u"9"_s},
            "--hops: expected an integer from 1 to 4, not '9'");
        row("audit list limit", {u"audit"_s, u"list"_s, u"--limit"_s, u"-1"_s},
            "--limit: expected an integer from 1 to 10000, not '-1'");
        row("audit list mode", {u"audit"_s, u"list"_s, u"--mode"_s, u"fast"_s},
            "--mode: expected one of hybrid, keyword, semantic, not 'fast'");
        row("audit list since", {u"audit"_s, u"list"_s, u"--since"_s, u"9223372036854775807"_s},
            "--since: expected a time from 0001-01-01T00:00:00Z");
        row("audit list until before since",
            {u"audit"_s, u"list"_s, u"--since"_s, u"2024-02-01"_s, u"--until"_s, u"2024-01-01"_s},
            "--until is before --since");
        row("audit list offset", {u"audit"_s, u"list"_s, u"--offset"_s, u"-1"_s},
            "--offset: expected an integer from 0 to 9223372036854775807, not '-1'");
        row("source days overflow", {u"source"_s, u"--days"_s, u"99999999999999"_s},
            "--days: expected an integer from 0 to 36500, not '99999999999999'");
        row("source kind", {u"source"_s, u"--source-kind"_s, u"fax"_s},
            "--source-kind: expected one of chat, email, document, not 'fax'");
        row("source limit", {u"source"_s, u"--limit"_s, u"-1"_s},
            "--limit: expected an integer from 0 to 100, not '-1'");
        row("cover source kind",
            {u"cover"_s, u"--since"_s, u"2024-01-01"_s, u"--until"_s, u"2024-02-01"_s,
             u"--source-kind"_s, u"fax"_s},
            "--source-kind: expected one of chat, email, document, not 'fax'");
        row("drill depth", {u"drill"_s, u"--node"_s, u"n"_s, u"--depth"_s, u"65"_s},
            "--depth: expected an integer from 0 to 64, not '65'");
    }

    void refusedValuesNameTheOptionAndWhatItAccepts() {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        auto run = test::run_cli(args);
        QVERIFY2(run.exit_code != 0, run.out.c_str());
        QVERIFY2(run.err.find(expected.toStdString()) != std::string::npos, run.err.c_str());
        QVERIFY2(run.out.empty(), run.out.c_str());
    }

    void commandsWithoutAVaultCheckTheirValuesToo() {
        const QString out = QString::fromStdString(tmp_.file("g.jsonl").string());
        auto run = test::run_cli({u"generate"_s, u"--out"_s, out, u"--chunks"_s, u"-1"_s});
        QVERIFY(run.exit_code != 0);
        QVERIFY2(run.err.find("--chunks: expected an integer from 0 to 100000000, not '-1'") !=
                     std::string::npos,
                 run.err.c_str());
        run = test::run_cli({u"eval"_s, u"locomo"_s, u"--data"_s, out, u"--k"_s, u"5,0"_s});
        QVERIFY(run.exit_code != 0);
        QVERIFY2(run.err.find("--k: expected integers from 1 to 100, not '0'") != std::string::npos,
                 run.err.c_str());
    }

    // 16,000 words: the entities query used to reach SQLite as a LIKE pattern and come back
    // as "LIKE or GLOB pattern too complex (in: SELECT ...)".
    void anOverlongEntitiesQuerySaysWhatWasWrongWithoutSql() {
        std::string words;
        for (int i = 0; i < 16'000; ++i)
            words += "w" + std::to_string(i) + " ";
        auto run = test::run_cli(
            {u"entities"_s, u"--vault"_s, vault_, u"--query"_s, QString::fromStdString(words)});
        QVERIFY(run.exit_code != 0);
        QVERIFY2(run.err.find("--query: query is " + std::to_string(words.size()) +
                              " bytes; at most 16384 are accepted") != std::string::npos,
                 run.err.c_str());
        QVERIFY2(run.err.find("SELECT") == std::string::npos, run.err.c_str());
        QVERIFY2(run.err.find("LIKE") == std::string::npos, run.err.c_str());
    }

    void anOverlongQueryIsRefusedBeforeAnalysis() {
        const std::string text(kOverLimit, 'a');
        auto run = test::run_cli({u"query"_s, u"--vault"_s, vault_, u"--no-audit"_s, u"--query"_s,
                                  QString::fromStdString(text)});
        QVERIFY(run.exit_code != 0);
        QVERIFY2(run.err.find("query is 16385 bytes; at most 16384 are accepted") !=
                     std::string::npos,
                 run.err.c_str());
    }

    // The edges of each range still run: refusing is not a blanket "no".
    void valuesAtTheEdgesRun_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("profile lexical")
            << QStringList{u"query"_s, u"--profile"_s, u"lexical"_s, u"--no-audit"_s, u"launch"_s};
        QTest::newRow("keyword, max-ms 0, limit 100, now at the last ms") << QStringList{
            u"query"_s,   u"--mode"_s, u"keyword"_s, u"--max-ms"_s,        u"0"_s,
            u"--limit"_s, u"100"_s,    u"--now"_s,   u"253402300799999"_s, u"--no-audit"_s,
            u"launch"_s};
        QTest::newRow("walk hops 4")
            << QStringList{u"walk"_s, u"--query"_s, u"launch"_s, u"--hops"_s, u"4"_s};
        QTest::newRow("entities kind person")
            << QStringList{u"entities"_s, u"--query"_s, u"a"_s, u"--kinds"_s, u"person,topic"_s};
        QTest::newRow("source kind chat, days 36500")
            << QStringList{u"source"_s, u"--source-kind"_s, u"chat"_s, u"--days"_s, u"36500"_s};
        QTest::newRow("audit list limit 1")
            << QStringList{u"audit"_s, u"list"_s, u"--limit"_s, u"1"_s};
        QTest::newRow("audit list filtered, the whole time range") << QStringList{
            u"audit"_s,   u"list"_s,           u"--text"_s,  u"a"_s,
            u"--mode"_s,  u"keyword"_s,        u"--since"_s, u"0001-01-01T00:00:00Z"_s,
            u"--until"_s, u"253402300799999"_s};
    }

    void valuesAtTheEdgesRun() {
        QFETCH(QStringList, args);
        args.insert(1, u"--vault"_s);
        args.insert(2, vault_);
        auto run = test::run_cli(args);
        QVERIFY2(run.exit_code == 0, run.err.c_str());
    }

    // The profile names come from the core: the table's, then a vault's own.
    void profileNamesComeFromTheCoreAndTheVault() {
        const auto builtin = WeightProfile::names({});
        QCOMPARE(builtin,
                 (std::vector<std::string>{"balanced", "semantic", "lexical", "graph_first"}));
        const auto with_own =
            WeightProfile::names({{"profile.mine.graph", "0.5"}, {"search.limit", "10"}});
        QCOMPARE(with_own.back(), std::string("mine"));
        QCOMPARE(with_own.size(), builtin.size() + 1);
    }

private:
    static constexpr std::size_t kOverLimit = 16'385;
};

MEMLENS_TEST_GUILESS_MAIN(TestCliValidation)
#include "tst_cli_validation.moc"
} // namespace tst_cli_validation
