// Input an import must refuse or bound (docs/formats.md "Limits and refused input"):
// folder walks that stay inside the folder and read only regular files, the line, item and file
// limits, values outside their range, NUL bytes, blank texts, numbers where strings belong, and
// error messages that quote at most a short excerpt of the input. Every refusal through the CLI
// leaves the vault byte for byte as it was.
#include "suite.h"
#include "testsupport.h"
#include "vault_dump.h"

#include <memlens/import.h>

#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

namespace tst_import_limits {

using namespace memlens;
namespace fs = std::filesystem;

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

bool contains(const std::string& haystack, const std::string& needle) {
    return haystack.find(needle) != std::string::npos;
}

// JSON fixtures are written with ' for " (moc cannot parse C++ raw string literals).
std::string js(std::string text) {
    std::replace(text.begin(), text.end(), '\'', '"');
    return text;
}

const std::string kGoodLine =
    js("{'source':'slack:#a','ts':'2024-05-03T09:00:00Z','text':'first message','id':'m1'}\n");

// Every file of a vault folder and its bytes: equal maps mean the vault is byte for byte the same.
std::map<std::string, std::string> vault_files(const fs::path& dir) {
    std::map<std::string, std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file())
            out[e.path().lexically_relative(dir).string()] = test::file_bytes(e.path());
    return out;
}

// A vault holding one import, for the refusals that follow to leave alone.
struct TestVault {
    test::TempDir tmp;
    QString dir;

    TestVault() {
        tmp.write("good.jsonl", kGoodLine);
        dir = q((tmp.path() / "v").string());
        const auto run = test::run_cli({QStringLiteral("ingest"), QStringLiteral("--vault"), dir,
                                        q(tmp.file("good.jsonl").string())});
        if (run.exit_code != 0)
            qFatal("setup ingest failed: %s", run.err.c_str());
    }

    // Runs `ingest` with args; it must fail, its stderr must hold `expected`, stay short, and
    // the vault must be unchanged.
    void refuses(QStringList args, const std::string& expected) const {
        // Read the fingerprint first: opening the database may leave its -shm file behind.
        const auto fp = test::fingerprint(tmp.path() / "v");
        const auto before = vault_files(tmp.path() / "v");
        args.prepend(dir);
        args.prepend(QStringLiteral("--vault"));
        args.prepend(QStringLiteral("ingest"));
        const auto run = test::run_cli(args, 60000);
        QVERIFY2(run.exit_code != 0, run.out.c_str());
        QVERIFY2(contains(run.err, expected), run.err.c_str());
        QVERIFY2(run.err.size() < 400, run.err.substr(0, 400).c_str());
        QVERIFY(vault_files(tmp.path() / "v") == before);
        QVERIFY(test::fingerprint(tmp.path() / "v") == fp);
    }
};

} // namespace

class TestImportLimits : public QObject {
    Q_OBJECT
    // One vault for every refusal: each leaves it unchanged, which refuses() checks.
    std::unique_ptr<TestVault> vault_;

private slots:
    void initTestCase() { vault_ = std::make_unique<TestVault>(); }

    // Case 1: a link out of the folder (the reported /etc/passwd), a link that stays inside, a
    // linked folder and a FIFO: only the regular files reached without a link are read.
    void folderWalkStaysInsideAndReadsRegularFilesOnly() {
        test::TempDir tmp;
        tmp.write("outside/secret.md", "# Secret\nroot:x:0:0 outside-the-folder\n");
        tmp.write("notes/a.md", "# A\nalpha\n");
        tmp.write("notes/sub/b.md", "# B\nbravo\n");
        const fs::path notes = tmp.file("notes");
        fs::create_symlink(tmp.file("outside/secret.md"), notes / "passwd.md");
        fs::create_symlink(notes / "a.md", notes / "again.md");
        fs::create_symlink("../a.md", notes / "sub" / "relative.md");
        fs::create_directory_symlink(tmp.file("outside"), notes / "linked");
        QCOMPARE(::mkfifo((notes / "pipe.md").c_str(), 0600), 0);

        auto r = import_markdown(notes);
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        std::vector<std::string> ids;
        for (const auto& s : *r) {
            ids.push_back(s.source_id);
            for (const auto& item : s.items)
                QVERIFY2(!contains(item.text, "outside-the-folder"), s.source_id.c_str());
        }
        QCOMPARE(ids, (std::vector<std::string>{"a.md", "sub/b.md"}));

        // The same through the CLI: two sources.
        const auto run =
            test::run_cli({QStringLiteral("ingest"), QStringLiteral("--vault"),
                           q(tmp.file("v").string()), q(notes.string()), QStringLiteral("--json")});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        QVERIFY2(contains(run.out, "\"sources\": 2"), run.out.c_str());
    }

    // Case 1: a file over --max-file-bytes, a section over --max-item-bytes, named in the error.
    void markdownSizeLimitsNameTheFile() {
        TestVault& v = *vault_;
        std::string big = "# Big\n" + std::string(3000, 'a') + "\n";
        v.tmp.write("docs/big.md", big);
        v.tmp.write("docs/small.md", "# Small\nfine\n");
        v.refuses({QStringLiteral("--max-file-bytes"), QStringLiteral("2K"),
                   q(v.tmp.file("docs").string())},
                  "docs/big.md: is 3007 bytes, longer than the limit of 2048 (--max-file-bytes)");
        v.refuses({QStringLiteral("--max-item-bytes"), QStringLiteral("1000"),
                   q(v.tmp.file("docs").string())},
                  "docs/big.md:1: section is 3006 bytes, longer than the limit of 1000 "
                  "(--max-item-bytes)");
        // Under the limits the same folder imports.
        auto r = import_markdown(v.tmp.file("docs"));
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QCOMPARE(r->size(), std::size_t{2});
    }

    // Case 2: an endless line (/dev/zero) stops at the line limit instead of filling memory.
    void endlessLineStopsAtTheLineLimit() {
        TestVault& v = *vault_;
        v.refuses({QStringLiteral("--format"), QStringLiteral("jsonl"),
                   QStringLiteral("--max-line-bytes"), QStringLiteral("64K"),
                   QStringLiteral("/dev/zero")},
                  "/dev/zero:1: line is longer than the limit of 65536 bytes (--max-line-bytes)");
        // A long line in a file, after a good one: named with its line number.
        v.tmp.write("long.jsonl", kGoodLine + js("{'source':'slack:#a','ts':0,'text':'") +
                                      std::string(5000, 'x') + "\"}\n");
        v.refuses({QStringLiteral("--max-line-bytes"), QStringLiteral("4K"),
                   q(v.tmp.file("long.jsonl").string())},
                  "long.jsonl:2: line is longer than the limit of 4096 bytes (--max-line-bytes)");
        v.refuses({QStringLiteral("--max-item-bytes"), QStringLiteral("1K"),
                   q(v.tmp.file("long.jsonl").string())},
                  "long.jsonl:2: field 'text' is 5000 bytes, longer than the limit of 1024 "
                  "(--max-item-bytes)");
        v.refuses({QStringLiteral("--max-line-bytes"), QStringLiteral("0"),
                   q(v.tmp.file("long.jsonl").string())},
                  "--max-line-bytes: expected a byte count");
        // A count whose unit would carry it past 64 bits is refused, not wrapped (it read as
        // 1 GiB), and so is one past 1 TiB.
        for (const char* big : {"17179869185G", "1025G", "1099511627777"})
            v.refuses({QStringLiteral("--max-item-bytes"), QString::fromLatin1(big),
                       q(v.tmp.file("long.jsonl").string())},
                      "--max-item-bytes: expected a byte count from 1 to 1024G");
    }

    // Case 3: values each importer must refuse, by the one rule of their kind.
    void refusedValues_data() {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("expected");
        auto row = [](const char* name, const std::string& line, const std::string& expected) {
            QTest::newRow(name) << QByteArray(line.data(), static_cast<qsizetype>(line.size()))
                                << QString::fromStdString(expected);
        };
        row("ts -2^63", js("{'source':'a:b','ts':-9223372036854775808,'text':'x'}"),
            "x.jsonl:2: field 'ts' is outside the years 0000 to 9999");
        row("ts 2^63-1", js("{'source':'a:b','ts':9223372036854775807,'text':'x'}"),
            "x.jsonl:2: field 'ts' is outside the years 0000 to 9999");
        row("ts year 10000", js("{'source':'a:b','ts':253402300800000,'text':'x'}"),
            "x.jsonl:2: field 'ts' is outside the years 0000 to 9999");
        row("ts string past 9999",
            js("{'source':'a:b','ts':'9999-12-31T23:30:00-01:00','text':'x'}"),
            "x.jsonl:2: field 'ts': '9999-12-31T23:30:00-01:00' is outside the years 0000 to 9999");
        row("offset +99:99", js("{'source':'a:b','ts':'2024-05-03T11:00:00+99:99','text':'x'}"),
            "x.jsonl:2: field 'ts': not an RFC 3339 time");
        row("offset +24:00", js("{'source':'a:b','ts':'2024-05-03T11:00:00+24:00','text':'x'}"),
            "x.jsonl:2: field 'ts': not an RFC 3339 time");
        row("offset minutes 60", js("{'source':'a:b','ts':'2024-05-03T11:00:00-01:60','text':'x'}"),
            "x.jsonl:2: field 'ts': not an RFC 3339 time");
        row("text of newlines", js("{'source':'a:b','ts':0,'text':'\\n\\t \\r\\n'}"),
            "x.jsonl:2: field 'text' is blank");
        row("text of U+3000", js("{'source':'a:b','ts':0,'text':'\\u3000\\u00a0'}"),
            "x.jsonl:2: field 'text' is blank");
        row("trailing NUL bytes", kGoodLine.substr(0, kGoodLine.size() - 1) + std::string(3, '\0'),
            "x.jsonl:2: NUL byte at column " + std::to_string(kGoodLine.size()));
        row("escaped NUL in text", js("{'source':'a:b','ts':0,'text':'a\\u0000'}"),
            "x.jsonl:2: field 'text' holds a NUL character");
        row("escaped NUL in author", js("{'source':'a:b','ts':0,'text':'a','author':'\\u0000'}"),
            "x.jsonl:2: field 'author' holds a NUL character");
        row("NUL line", std::string("\0", 1), "x.jsonl:2: NUL byte at column 1");
    }
    void refusedValues() {
        QFETCH(QByteArray, line);
        QFETCH(QString, expected);
        const std::string content =
            js("{'source':'a:b','ts':0,'text':'ok'}\n") + line.toStdString() + "\n";
        auto r = parse_jsonl(content, "x.jsonl");
        QVERIFY(!r.is_ok());
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QVERIFY2(contains(r.status().message(), expected.toStdString()),
                 r.status().message().c_str());
    }

    // The edges of the accepted range are accepted.
    void acceptedEdges() {
        auto r = parse_jsonl(js("{'source':'a:b','ts':'0000-01-01T00:00:00Z','text':'x'}\n"
                                "{'source':'a:b','ts':'9999-12-31T23:59:59.999Z','text':'y'}\n"
                                "{'source':'a:b','ts':'2024-05-03T11:00:00+23:59','text':'z'}\n"
                                "{'source':'a:b','ts':-62167219200000,'text':'w'}\n"),
                             "x.jsonl");
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        // kMinImportTimeMs and kMaxImportTimeMs of import.h.
        QCOMPARE((*r)[0].items[0].ts_ms, std::int64_t{-62'167'219'200'000});
        QCOMPARE((*r)[0].items[1].ts_ms, std::int64_t{253'402'300'799'999});
        QCOMPARE((*r)[0].items[3].ts_ms, std::int64_t{-62'167'219'200'000});
    }

    // The blank text that used to leave an empty source behind fails the import as a whole.
    void blankTextFailsThroughTheCli() {
        TestVault& v = *vault_;
        v.tmp.write("blank.jsonl",
                    kGoodLine + js("{'source':'slack:#b','ts':0,'text':'\\n\\n'}\n"));
        v.refuses({q(v.tmp.file("blank.jsonl").string())}, "blank.jsonl:2: field 'text' is blank");
        v.tmp.write("nul.jsonl", kGoodLine + std::string("\0\0\0", 3));
        v.refuses({q(v.tmp.file("nul.jsonl").string())}, "nul.jsonl:2: NUL byte at column 1");
    }

    void markdownAndLocomoShareTheRules() {
        auto nul = parse_markdown(std::string("# Title\nbody\0\0", 14), "n.md", "n.md", 0);
        QVERIFY(!nul.is_ok());
        QCOMPARE(q(nul.status().message()), QStringLiteral("n.md:2: NUL byte at column 5"));
        auto offset =
            parse_markdown("---\ndate: 2024-05-03T11:00:00+99:99\n---\nbody\n", "d.md", "d.md", 0);
        QVERIFY(!offset.is_ok());
        QVERIFY2(contains(offset.status().message(), "d.md:2: frontmatter date: not an RFC 3339"),
                 offset.status().message().c_str());
        auto year =
            parse_markdown("---\ndate: 0000-01-01T00:00:00+01:00\n---\nbody\n", "y.md", "y.md", 0);
        QVERIFY(!year.is_ok());
        QVERIFY2(contains(year.status().message(), "is outside the years 0000 to 9999"),
                 year.status().message().c_str());
        // Unicode-blank sections are dropped, as ASCII-blank ones always were.
        auto blank = parse_markdown("# T\ntext\n\n## Empty\n", "b.md", "b.md", 0);
        QVERIFY(blank.is_ok());
        auto spaces = parse_markdown("\xE3\x80\x80\n# T\ntext\n", "s.md", "s.md", 0);
        QVERIFY2(spaces.is_ok(), spaces.status().to_string().c_str());
        QCOMPARE(spaces->items.size(), std::size_t{1});

        const std::string conv = js("'conversation':{'speaker_a':'A','speaker_b':'B',"
                                    "'session_1_date_time':'1:56 pm on 8 May, 2023',"
                                    "'session_1':[{'speaker':'A','dia_id':'D1:1','text':");
        auto number = parse_locomo("[{" + js("'sample_id':26,") + conv + js("'hi'}]}}]"), "f.json");
        QVERIFY(!number.is_ok());
        QCOMPARE(q(number.status().message()),
                 QStringLiteral("f.json: [0].sample_id: expected a string, found number"));
        auto blank_turn =
            parse_locomo("[{" + js("'sample_id':'c',") + conv + js("'\\u3000'}]}}]"), "f.json");
        QVERIFY(!blank_turn.is_ok());
        QVERIFY2(contains(blank_turn.status().message(),
                          "f.json: [0].conversation.session_1[0].text: is blank"),
                 blank_turn.status().message().c_str());
        auto nul_turn =
            parse_locomo("[{" + js("'sample_id':'c',") + conv + js("'a\\u0000'}]}}]"), "f.json");
        QVERIFY(!nul_turn.is_ok());
        QVERIFY2(contains(nul_turn.status().message(),
                          "f.json: [0].conversation.session_1[0].text: holds a NUL character"),
                 nul_turn.status().message().c_str());
        auto raw_nul = parse_locomo(std::string("[]\n\0", 4), "f.json");
        QVERIFY(!raw_nul.is_ok());
        QCOMPARE(q(raw_nul.status().message()), QStringLiteral("f.json:2: NUL byte at column 1"));
    }

    // Case 4: an error quotes at most a short excerpt of the input, with the column.
    void errorsQuoteABoundedExcerpt() {
        const std::string huge(1 << 18, 'x');
        struct Case {
            std::string content;
            std::string expected;
        };
        const Case cases[] = {
            {js("{'source':'a:b','ts':0,'text':'") + huge + "\n",
             "x.jsonl:1: malformed JSON at column 262176: syntax error while parsing value - "
             "invalid string: missing closing quote; near '"},
            {js("{'source':'a:b','ts':0,'text':'ok','id':'") + huge + js("'}\n") +
                 js("{'source':'a:b','ts':0,'text':'ok','id':'") + huge + js("'}\n"),
             "x.jsonl:2: duplicate id 'xxxxxxxx"},
            {js("{'source':'a:b','ts':'") + huge + js("','text':'x'}\n"),
             "x.jsonl:1: field 'ts': not an RFC 3339 time or epoch milliseconds: 'xxx"},
            {js("{'source':'a:b', ts:0,'text':'x'}"),
             "x.jsonl:1: malformed JSON at column 19: syntax error while parsing object key - "
             "invalid literal; expected string literal; near '{\"source\":\"a:b\", "
             "ts:0,\"text\":\"x\"}'"},
        };
        for (const auto& c : cases) {
            auto r = parse_jsonl(c.content, "x.jsonl");
            QVERIFY(!r.is_ok());
            const std::string m = r.status().message();
            QVERIFY2(m.size() < 300, m.substr(0, 300).c_str());
            QVERIFY2(contains(m, c.expected), m.c_str());
        }
        // LoCoMo: a long date and a long malformed document.
        auto date = parse_locomo(js("[{'sample_id':'c','conversation':{'speaker_a':'A','speaker_b':"
                                    "'B','session_1_date_time':'") +
                                     huge +
                                     js("','session_1':[{'speaker':'A','dia_id':'D1:1','text':"
                                        "'hi'}]}}]"),
                                 "f.json");
        QVERIFY(!date.is_ok());
        QVERIFY2(date.status().message().size() < 300,
                 date.status().message().substr(0, 300).c_str());
        QVERIFY2(contains(date.status().message(), "cannot parse date 'xxx"),
                 date.status().message().c_str());
        auto malformed = parse_locomo("[\n\"" + huge, "f.json");
        QVERIFY(!malformed.is_ok());
        QVERIFY2(malformed.status().message().size() < 300,
                 malformed.status().message().substr(0, 300).c_str());
        QVERIFY2(contains(malformed.status().message(), "f.json:2: malformed JSON at column"),
                 malformed.status().message().c_str());
        // Through the CLI: stderr stays short (the reported case echoed 52 MB).
        TestVault& v = *vault_;
        v.tmp.write("bad.jsonl", js("{'source':'a:b','ts':0,'text':'") + huge + "\n");
        v.refuses({q(v.tmp.file("bad.jsonl").string())}, "bad.jsonl:1: malformed JSON at column");
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestImportLimits)
#include "tst_import_limits.moc"
} // namespace tst_import_limits
