// The synthetic corpus: deterministic bytes per seed, exactly N lines that import_jsonl reads,
// several sources of every kind, supersession that points backwards, and the CLI around it.
#include "suite.h"
#include "testsupport.h"

#include <memlens/generate.h>
#include <memlens/import.h>
#include <memlens/time_util.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace tst_generate {

using namespace memlens;

namespace {

std::string generate(std::size_t chunks, std::uint64_t seed, int days = 90) {
    GenerateOptions opts;
    opts.chunks = chunks;
    opts.seed = seed;
    opts.days = days;
    std::ostringstream out;
    auto r = generate_corpus(out, opts);
    if (!r)
        qFatal("generate_corpus failed: %s", r.status().to_string().c_str());
    return out.str();
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

} // namespace

class TestGenerate : public QObject {
    Q_OBJECT
private slots:
    void sameSeedSameBytes() {
        const std::string a = generate(3000, 7);
        QCOMPARE(a, generate(3000, 7));
        QVERIFY(a != generate(3000, 8));
    }

    void writesExactlyTheRequestedLinesThatImport() {
        for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{17}, std::size_t{2500}}) {
            const std::string text = generate(n, 3);
            QCOMPARE(lines_of(text).size(), n);
            auto sources = parse_jsonl(text, "gen.jsonl");
            QVERIFY2(sources.is_ok(), sources.status().to_string().c_str());
            std::size_t items = 0;
            for (const auto& s : *sources)
                items += s.items.size();
            QCOMPARE(items, n);
        }
    }

    // Read with Qt's JSON parser, independent of the importer under test.
    void supersedesPointAtEarlierIds() {
        const std::string text = generate(6000, 11, 120);
        std::set<QString> seen;
        int superseding = 0;
        std::int64_t last_ts = 0;
        for (const auto& line : lines_of(text)) {
            const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(line)).object();
            const QString id = o.value(QStringLiteral("id")).toString();
            QVERIFY(!id.isEmpty());
            QVERIFY2(seen.insert(id).second, qPrintable(id));
            if (o.contains(QStringLiteral("supersedes"))) {
                const QString target = o.value(QStringLiteral("supersedes")).toString();
                QVERIFY2(seen.count(target) == 1, qPrintable(target));
                ++superseding;
            }
            auto ts = parse_rfc3339(o.value(QStringLiteral("ts")).toString().toStdString());
            QVERIFY(ts.is_ok());
            QVERIFY(*ts >= last_ts); // the file is in time order
            last_ts = *ts;
        }
        QVERIFY2(superseding >= 10, qPrintable(QString::number(superseding)));
    }

    void severalSourcesOfEachKind() {
        auto sources = parse_jsonl(generate(4000, 1), "gen.jsonl");
        QVERIFY(sources.is_ok());
        std::map<std::string, int> kinds;
        std::set<std::string> platforms;
        for (const auto& s : *sources) {
            ++kinds[s.source_kind];
            platforms.insert(s.platform);
        }
        QVERIFY(kinds["chat"] >= 3);
        QVERIFY(kinds["email"] >= 3);
        QVERIFY(kinds["document"] >= 3);
        for (const char* p : {"slack", "discord", "gmail", "notion", "linear"})
            QVERIFY2(platforms.count(p) == 1, p);
    }

    void messagesLookLikeAWorkspace() {
        auto sources = parse_jsonl(generate(5000, 5), "gen.jsonl");
        QVERIFY(sources.is_ok());
        std::set<std::string> texts;
        std::set<std::string> authors;
        std::size_t total = 0, mentions = 0, emails = 0, urls = 0, hashtags = 0, threaded = 0;
        for (const auto& s : *sources) {
            for (const auto& item : s.items) {
                ++total;
                texts.insert(item.text);
                authors.insert(item.author);
                mentions += item.text.find(" @") != std::string::npos ? 1 : 0;
                emails += item.text.find("@example.com") != std::string::npos ? 1 : 0;
                urls += item.text.find("https://") != std::string::npos ? 1 : 0;
                hashtags += item.text.find(" #") != std::string::npos ? 1 : 0;
                threaded += item.group_id.find('#') == std::string::npos ? 1 : 0;
                // Template syntax never leaks: every slot and choice was filled.
                for (char c : {'<', '{', '}', '|'})
                    QVERIFY2(item.text.find(c) == std::string::npos, item.text.c_str());
            }
        }
        QCOMPARE(total, std::size_t{5000});
        QVERIFY2(texts.size() * 10 >= total * 8, "at least 80% of messages are distinct");
        QVERIFY(authors.size() >= 30);
        QVERIFY(mentions * 20 >= total); // each kind appears in at least 5% of messages
        QVERIFY(emails * 100 >= total);
        QVERIFY(urls * 20 >= total);
        QVERIFY(hashtags * 20 >= total);
        QVERIFY(threaded * 5 >= total);
    }

    void spreadOverTheDaysWithQuieterWeekends() {
        GenerateOptions opts;
        opts.chunks = 7000;
        opts.days = 70;                                         // ten whole weeks
        opts.start_ms = *parse_rfc3339("2024-03-04T00:00:00Z"); // a Monday
        std::ostringstream out;
        QVERIFY(generate_corpus(out, opts).is_ok());
        auto sources = parse_jsonl(out.str(), "gen.jsonl");
        QVERIFY(sources.is_ok());
        std::size_t weekday = 0, weekend = 0;
        std::set<std::int64_t> days;
        for (const auto& s : *sources) {
            for (const auto& item : s.items) {
                QVERIFY(item.ts_ms >= opts.start_ms);
                QVERIFY(item.ts_ms < opts.start_ms + 70 * kMsPerDay);
                std::int64_t day = item.ts_ms / kMsPerDay;
                days.insert(day);
                int wd = static_cast<int>((day + 4) % 7); // 0 = Sunday
                (wd == 0 || wd == 6 ? weekend : weekday) += 1;
            }
        }
        QCOMPARE(days.size(), std::size_t{70});
        // Per day, a weekday carries well over twice a weekend day's traffic.
        QVERIFY(weekday * 2 > weekend * 5 * 2);
    }

    void sourcesWithoutTheJsonRoundTripAreEqual() {
        GenerateOptions opts;
        opts.chunks = 1500;
        opts.seed = 21;
        std::ostringstream out;
        QVERIFY(generate_corpus(out, opts).is_ok());
        auto parsed = parse_jsonl(out.str(), "same.jsonl");
        auto direct = generate_sources(opts, "same.jsonl");
        QVERIFY(parsed.is_ok() && direct.is_ok());
        QVERIFY(*parsed == *direct);
    }

    void summaryCountsWhatWasWritten() {
        test::TempDir tmp;
        GenerateOptions opts;
        opts.chunks = 800;
        auto summary = generate_corpus_file(tmp.file("c.jsonl"), opts);
        QVERIFY2(summary.is_ok(), summary.status().to_string().c_str());
        QCOMPARE(summary->chunks, std::size_t{800});
        QCOMPARE(summary->bytes,
                 static_cast<std::uint64_t>(std::filesystem::file_size(tmp.file("c.jsonl"))));
        auto sources = import_jsonl(tmp.file("c.jsonl"));
        QVERIFY(sources.is_ok());
        QCOMPARE(summary->sources, sources->size());
    }

    void badOptionsAndPathsAreErrors() {
        GenerateOptions opts;
        opts.days = 0;
        std::ostringstream out;
        QCOMPARE(generate_corpus(out, opts).status().code(), StatusCode::InvalidArgument);
        test::TempDir tmp;
        auto r = generate_corpus_file(tmp.file("no/such/dir/c.jsonl"), GenerateOptions{});
        QCOMPARE(r.status().code(), StatusCode::IoError);
        QVERIFY(r.status().message().find("c.jsonl") != std::string::npos);
    }

    void cliWritesTheFileAndReportsJson() {
        test::TempDir tmp;
        const QString file = QString::fromStdString(tmp.file("out.jsonl").string());
        auto run = test::run_cli({QStringLiteral("generate"), QStringLiteral("--out"), file,
                                  QStringLiteral("--chunks"), QStringLiteral("400"),
                                  QStringLiteral("--seed"), QStringLiteral("9"),
                                  QStringLiteral("--json")});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const QJsonObject j = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).object();
        QCOMPARE(j.value(QStringLiteral("out")).toString(), file);
        QCOMPARE(j.value(QStringLiteral("chunks")).toInt(), 400);
        QVERIFY(j.value(QStringLiteral("sources")).toInt() > 5);
        QCOMPARE(static_cast<std::uintmax_t>(j.value(QStringLiteral("bytes")).toDouble()),
                 std::filesystem::file_size(tmp.file("out.jsonl")));
        // The same options through the library give the same bytes.
        GenerateOptions opts;
        opts.chunks = 400;
        opts.seed = 9;
        std::ostringstream expected;
        QVERIFY(generate_corpus(expected, opts).is_ok());
        std::ifstream in(tmp.file("out.jsonl"), std::ios::binary);
        std::stringstream written;
        written << in.rdbuf();
        QVERIFY(written.str() == expected.str());

        auto missing = test::run_cli({QStringLiteral("generate"), QStringLiteral("--out"), file});
        QVERIFY(missing.exit_code != 0);
        QVERIFY(missing.err.find("--chunks") != std::string::npos);
        QCOMPARE(std::count(missing.err.begin(), missing.err.end(), '\n'), 1);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestGenerate)
#include "tst_generate.moc"
} // namespace tst_generate
