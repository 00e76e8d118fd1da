// JSONL importer: sources, kinds, groups and fields a user's export relies on, and every kind of
// bad line reported with its file and line number.
#include "suite.h"
#include "testsupport.h"

#include <memlens/import.h>

#include <QtTest>

#include <string>

namespace tst_import_jsonl {

using namespace memlens;

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

} // namespace

class TestImportJsonl : public QObject {
    Q_OBJECT
private slots:
    void groupsItemsBySourceInFileOrder() {
        test::TempDir tmp;
        tmp.write(
            "export.jsonl",
            js("{'source':'slack:#eng','ts':'2024-05-03T09:00:00Z','author':'Priya','text':'ship "
               "it','id':'m1','tags':['launch','phoenix']}"
               "\n\n"
               "{'source':'gmail:alice@example.com','ts':1714726800000,'author':'Alice','text':'"
               "Subject: plan'}"
               "\r\n"
               "{'source':'slack:#eng','ts':'2024-05-03T10:00:00+02:00','author':'Dana','text':'"
               "moved','id':'m2','supersedes':'m1','thread':'t-7'}"
               "\n"
               "{'source':'notion:Roadmap','ts':'2024-05-04','text':'## Q3'}"
               "\n"
               "{'source':'Forum:general','ts':'2024-05-04T00:00:00Z','author':'Priya','text':'hi'}"
               "\n"
               "{'source':'slack:#eng','ts':'2024-05-04T00:00:00Z','author':'Priya','text':'again'"
               "}"));
        auto r = import_jsonl(tmp.file("export.jsonl"));
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        const auto& s = *r;
        QCOMPARE(s.size(), std::size_t{4});
        QCOMPARE(q(s[0].source_id), QStringLiteral("slack:#eng"));
        QCOMPARE(q(s[1].source_id), QStringLiteral("gmail:alice@example.com"));
        QCOMPARE(q(s[2].source_id), QStringLiteral("notion:Roadmap"));
        QCOMPARE(q(s[3].source_id), QStringLiteral("Forum:general"));
        QCOMPARE(q(s[0].source_kind), QStringLiteral("chat"));
        QCOMPARE(q(s[1].source_kind), QStringLiteral("email"));
        QCOMPARE(q(s[2].source_kind), QStringLiteral("document"));
        QCOMPARE(q(s[3].source_kind), QStringLiteral("chat")); // unregistered platform
        QCOMPARE(q(s[0].platform), QStringLiteral("slack"));
        QCOMPARE(q(s[3].platform), QStringLiteral("forum"));
        QCOMPARE(q(s[0].format), QStringLiteral("jsonl"));
        QVERIFY(!s[0].is_document);

        const auto& eng = s[0];
        QCOMPARE(eng.items.size(), std::size_t{3});
        QCOMPARE(eng.persons, (std::vector<std::string>{"Priya", "Dana"}));
        QCOMPARE(q(eng.items[0].text), QStringLiteral("ship it"));
        QCOMPARE(eng.items[0].ts_ms, std::int64_t{1714726800000});
        QCOMPARE(eng.items[0].tags, (std::vector<std::string>{"launch", "phoenix"}));
        QCOMPARE(q(eng.items[0].message_id.value_or("")), QStringLiteral("m1"));
        QCOMPARE(q(eng.items[0].source_ref), QStringLiteral("m1"));
        QCOMPARE(q(eng.items[0].group_id), QStringLiteral("slack:#eng#2024-05-03"));
        QCOMPARE(eng.items[0].line, std::size_t{1});
        // RFC 3339 offsets are honoured: 10:00+02:00 is 08:00Z.
        QCOMPARE(eng.items[1].ts_ms, std::int64_t{1714723200000});
        QCOMPARE(q(eng.items[1].supersedes.value_or("")), QStringLiteral("m1"));
        QCOMPARE(q(eng.items[1].group_id), QStringLiteral("t-7"));
        QCOMPARE(eng.items[1].line, std::size_t{4});
        QCOMPARE(q(eng.items[2].group_id), QStringLiteral("slack:#eng#2024-05-04"));
        QCOMPARE(q(eng.items[2].source_ref), QStringLiteral("export.jsonl:7"));
        QCOMPARE(eng.version_ms, std::int64_t{1714780800000});

        // Integer epoch milliseconds, and a line ending in CRLF.
        QCOMPARE(s[1].items[0].ts_ms, std::int64_t{1714726800000});
        QCOMPARE(q(s[1].items[0].text), QStringLiteral("Subject: plan"));
        // No author: no person, empty author.
        QVERIFY(s[2].persons.empty());
        QVERIFY(s[2].items[0].author.empty());
    }

    void malformedLineIsReportedWithItsLine() {
        test::TempDir tmp;
        tmp.write("bad.jsonl", js("{'source':'slack:#a','ts':0,'text':'ok'}"
                                  "\n"
                                  "{'source':'slack:#a','ts':0,'text':'ok'}"
                                  "\n"
                                  "{'source':'slack:#a', 'ts':0, text:'no quotes'}"
                                  "\n"));
        auto r = import_jsonl(tmp.file("bad.jsonl"));
        QVERIFY(!r.is_ok());
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        const std::string m = r.status().message();
        QVERIFY2(contains(m, "bad.jsonl:3: malformed JSON"), m.c_str());
    }

    void badFieldsAreNamed_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing text")
            << q(js("{'source':'slack:#a','ts':0}")) << "x.jsonl:2: missing field 'text'";
        QTest::newRow("missing source")
            << q(js("{'ts':0,'text':'hi'}")) << "x.jsonl:2: missing field 'source'";
        QTest::newRow("missing ts")
            << q(js("{'source':'slack:#a','text':'hi'}")) << "x.jsonl:2: missing field 'ts'";
        QTest::newRow("ts wrong type") << q(js("{'source':'slack:#a','ts':true,'text':'hi'}"))
                                       << "x.jsonl:2: field 'ts' must be";
        QTest::newRow("bad timestamp")
            << q(js("{'source':'slack:#a','ts':'yesterday','text':'hi'}"))
            << "x.jsonl:2: field 'ts': not an RFC 3339 time";
        QTest::newRow("empty text") << q(js("{'source':'slack:#a','ts':0,'text':'  '}"))
                                    << "x.jsonl:2: field 'text' is blank";
        QTest::newRow("text not a string") << q(js("{'source':'slack:#a','ts':0,'text':42}"))
                                           << "x.jsonl:2: field 'text' must be a string";
        QTest::newRow("tags not strings") << q(js("{'source':'a:b','ts':0,'text':'x','tags':[1]}"))
                                          << "x.jsonl:2: field 'tags' must be an array of strings";
        QTest::newRow("author wrong type")
            << q(js("{'source':'a:b','ts':0,'text':'x','author':{}}"))
            << "x.jsonl:2: field 'author' must be a string";
        QTest::newRow("not an object")
            << q(js("['source','ts','text']")) << "x.jsonl:2: expected a JSON object";
        QTest::newRow("duplicate id") << q(js("{'source':'a:b','ts':0,'text':'x','id':'m1'}"))
                                      << "x.jsonl:2: duplicate id 'm1' (first on line 1)";
    }

    void badFieldsAreNamed() {
        QFETCH(QString, line);
        QFETCH(QString, expected);
        std::string content = js("{'source':'slack:#a','ts':0,'text':'fine','id':'m1'}"
                                 "\n") +
                              line.toStdString() + "\n";
        auto r = parse_jsonl(content, "x.jsonl");
        QVERIFY(!r.is_ok());
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QVERIFY2(contains(r.status().message(), expected.toStdString()),
                 r.status().message().c_str());
    }

    void invalidUtf8IsReportedWithItsLine() {
        test::TempDir tmp;
        tmp.write("u.jsonl", std::string(js("{'source':'slack:#a','ts':0,'text':'ok'}")) + "\n" +
                                 "{\"source\":\"slack:#a\",\"ts\":0,\"text\":\"caf\xC3\"}\n");
        auto r = import_jsonl(tmp.file("u.jsonl"));
        QVERIFY(!r.is_ok());
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QVERIFY2(contains(r.status().message(), "u.jsonl:2: invalid UTF-8"),
                 r.status().message().c_str());
    }

    void escapedLoneSurrogateIsRejected() {
        auto r = parse_jsonl(js("{'source':'slack:#a','ts':0,'text':'\\ud800'}"), "s.jsonl");
        QVERIFY(!r.is_ok());
        QVERIFY2(contains(r.status().message(), "s.jsonl:1:"), r.status().message().c_str());
    }

    void unreadablePathIsAnIoError() {
        test::TempDir tmp;
        auto missing = import_jsonl(tmp.file("nope.jsonl"));
        QCOMPARE(missing.status().code(), StatusCode::IoError);
        QVERIFY(contains(missing.status().message(), "nope.jsonl"));
        auto folder = import_jsonl(tmp.path());
        QCOMPARE(folder.status().code(), StatusCode::IoError);
    }

    void emptyFileGivesNoSources() {
        auto r = parse_jsonl("\n  \n\n", "blank.jsonl");
        QVERIFY(r.is_ok());
        QVERIFY(r->empty());
    }

    void cancelStopsTheImport() {
        std::string content;
        for (int i = 0; i < 10'000; ++i)
            content += js("{'source':'slack:#a','ts':0,'text':'x'}"
                          "\n");
        std::atomic_bool cancel{true};
        auto r = parse_jsonl(content, "big.jsonl", &cancel);
        QCOMPARE(r.status().code(), StatusCode::Cancelled);
    }

    void sourceKindRegistry_data() {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("kind"); // empty: not in the registry
        QTest::newRow("slack") << "slack:#eng"
                               << "chat";
        QTest::newRow("case-insensitive") << "Discord:#general"
                                          << "chat";
        QTest::newRow("whatsapp platform") << "whatsapp"
                                           << "chat";
        QTest::newRow("gmail") << "gmail:alice@example.com"
                               << "email";
        QTest::newRow("outlook") << "outlook:ops@example.com"
                                 << "email";
        QTest::newRow("notion") << "notion:Roadmap"
                                << "document";
        QTest::newRow("confluence") << "confluence:Architecture"
                                    << "document";
        QTest::newRow("literal chat") << "chat:family"
                                      << "chat";
        QTest::newRow("literal email") << "email:inbox"
                                       << "email";
        QTest::newRow("literal document") << "document:x"
                                          << "document";
        QTest::newRow("markdown") << "markdown"
                                  << "document";
        QTest::newRow("locomo") << "locomo:conv-26"
                                << "chat";
        QTest::newRow("unknown") << "forum:general"
                                 << "";
        QTest::newRow("prefix must be whole") << "slackware:x"
                                              << "";
    }

    void sourceKindRegistry() {
        QFETCH(QString, input);
        QFETCH(QString, kind);
        auto k = source_kind_for(input.toStdString());
        QCOMPARE(q(k.value_or("")), kind);
    }

    void detectsJsonlByExtensionAndContent() {
        test::TempDir tmp;
        tmp.write("a.jsonl", "not even json");
        tmp.write("b.ndjson", "");
        tmp.write("c.txt", "\n  {\"source\":\"slack:#a\",\"ts\":0,\"text\":\"x\"}\n");
        tmp.write("d.txt", "hello");
        QCOMPARE(*detect_format(tmp.file("a.jsonl")), ImportFormat::Jsonl);
        QCOMPARE(*detect_format(tmp.file("b.ndjson")), ImportFormat::Jsonl);
        QCOMPARE(*detect_format(tmp.file("c.txt")), ImportFormat::Jsonl);
        auto unknown = detect_format(tmp.file("d.txt"));
        QCOMPARE(unknown.status().code(), StatusCode::InvalidArgument);
        QVERIFY(contains(unknown.status().message(), "d.txt"));
        QCOMPARE(detect_format(tmp.file("missing.jsonl")).status().code(), StatusCode::IoError);

        auto via_path = import_path(tmp.file("c.txt"), std::nullopt);
        QVERIFY2(via_path.is_ok(), via_path.status().to_string().c_str());
        QCOMPARE(via_path->size(), std::size_t{1});
    }

    void formatNamesRoundTrip() {
        for (auto f : {ImportFormat::Jsonl, ImportFormat::Markdown, ImportFormat::Locomo})
            QCOMPARE(import_format_from_string(to_string(f)), std::optional<ImportFormat>(f));
        QCOMPARE(import_format_from_string("NDJSON"),
                 std::optional<ImportFormat>(ImportFormat::Jsonl));
        QCOMPARE(import_format_from_string("md"),
                 std::optional<ImportFormat>(ImportFormat::Markdown));
        QVERIFY(!import_format_from_string("csv"));
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestImportJsonl)
#include "tst_import_jsonl.moc"
} // namespace tst_import_jsonl
