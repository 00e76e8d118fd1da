// LoCoMo importer: one chat source per conversation, one item per turn in session
// order with the session's time, captions as text; wrong shapes named by their JSON path.
#include "suite.h"
#include "testsupport.h"

#include <memlens/import.h>
#include <memlens/time_util.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace tst_import_locomo {

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

std::int64_t utc(const char* rfc3339) {
    return *parse_rfc3339(rfc3339);
}

// Two conversations shaped like the real file: qa before conversation, session_10 after
// session_2 in key order, a dated session without turns, an empty session, captions.
const std::string kSample =
    js("[\n"
       "  {'qa': [{'question': 'q?', 'answer': 'a', 'evidence': ['D1:1'], 'category': 4}],\n"
       "   'conversation': {\n"
       "     'speaker_a': 'Caroline', 'speaker_b': 'Melanie',\n"
       "     'session_1_date_time': '1:56 pm on 8 May, 2023',\n"
       "     'session_1': [\n"
       "       {'speaker': 'Caroline', 'dia_id': 'D1:1', 'text': 'Hey Mel!'},\n"
       "       {'speaker': 'Melanie', 'dia_id': 'D1:2', 'text': 'Look at this.',\n"
       "        'img_url': ['https://example.com/x.jpg'], 'blip_caption': 'a photo of a dog',\n"
       "        'query': 'dog'}\n"
       "     ],\n"
       "     'session_10_date_time': '9:05 am on 3 Jan, 2024',\n"
       "     'session_10': [\n"
       "       {'speaker': 'Melanie', 'dia_id': 'D10:1', 'text': 'Happy new year'}\n"
       "     ],\n"
       "     'session_2_date_time': '12:10 am on 20 May, 2023',\n"
       "     'session_2': [\n"
       "       {'speaker': 'Caroline', 'dia_id': 'D2:1', 'text': 'Late night.'},\n"
       "       {'speaker': 'Melanie', 'dia_id': 'D2:2', 'text': 'Same.'},\n"
       "       {'speaker': 'Caroline', 'dia_id': 'D2:3', 'text': 'Bye.'}\n"
       "     ],\n"
       "     'session_3_date_time': '4:00 pm on 1 June, 2023',\n"
       "     'session_4_date_time': '4:00 pm on 2 June, 2023',\n"
       "     'session_4': []\n"
       "   },\n"
       "   'sample_id': 'conv-1'},\n"
       "  {'conversation': {'speaker_a': 'Jon', 'speaker_b': 'Gina',\n"
       "     'session_1_date_time': '10:00 am on 1 February, 2023',\n"
       "     'session_1': [{'speaker': 'Gina', 'dia_id': 'D1:1', 'text': '', 'blip_caption': 'a "
       "cake'}]},\n"
       "   'sample_id': 'conv-2'}\n"
       "]");

} // namespace

class TestImportLocomo : public QObject {
    Q_OBJECT
private slots:
    void conversationsBecomeSourcesAndTurnsItems() {
        test::TempDir tmp;
        tmp.write("locomo.json", kSample);
        auto r = import_locomo(tmp.file("locomo.json"));
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QCOMPARE(r->size(), std::size_t{2});
        const IngestSource& s = r->front();
        QCOMPARE(q(s.source_id), QStringLiteral("locomo:conv-1"));
        QCOMPARE(q(s.source_kind), QStringLiteral("chat"));
        QCOMPARE(q(s.platform), QStringLiteral("locomo"));
        QCOMPARE(q(s.format), QStringLiteral("locomo"));
        QCOMPARE(s.persons, (std::vector<std::string>{"Caroline", "Melanie"}));
        QVERIFY(!s.is_document);

        std::vector<std::string> refs;
        for (const auto& item : s.items)
            refs.push_back(item.source_ref);
        // Numeric session order: 1, 2, 10; the dated sessions without turns add nothing.
        QCOMPARE(refs, (std::vector<std::string>{"D1:1", "D1:2", "D2:1", "D2:2", "D2:3", "D10:1"}));

        const IngestItem& photo = s.items[1];
        QCOMPARE(q(photo.text), QStringLiteral("Look at this. [shared a photo: a photo of a dog]"));
        QCOMPARE(q(photo.author), QStringLiteral("Melanie"));
        QCOMPARE(q(photo.group_id), QStringLiteral("session_1"));
        QCOMPARE(photo.ts_ms, utc("2023-05-08T13:56:01Z")); // session time + 1 s per turn
        QCOMPARE(q(photo.context), QStringLiteral("Melanie session_1 1:56 pm on 8 May, 2023"));

        QCOMPARE(s.items[0].ts_ms, utc("2023-05-08T13:56:00Z"));
        QCOMPARE(s.items[2].ts_ms, utc("2023-05-20T00:10:00Z")); // 12:10 am is just past midnight
        QCOMPARE(s.items[4].ts_ms, utc("2023-05-20T00:10:02Z"));
        QCOMPARE(q(s.items[5].group_id), QStringLiteral("session_10"));
        QCOMPARE(s.items[5].ts_ms, utc("2024-01-03T09:05:00Z"));

        // A turn that is only a photo keeps the caption as its text.
        QCOMPARE(q(r->back().items.front().text), QStringLiteral("[shared a photo: a cake]"));
    }

    void sessionDates_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected"); // empty: unparsable
        QTest::newRow("pm") << "1:56 pm on 8 May, 2023"
                            << "2023-05-08T13:56:00Z";
        QTest::newRow("noon") << "12:30 pm on 1 June, 2023"
                              << "2023-06-01T12:30:00Z";
        QTest::newRow("midnight") << "12:05 am on 1 January, 2024"
                                  << "2024-01-01T00:05:00Z";
        QTest::newRow("short month") << "7:55 PM on 9 Sep, 2023"
                                     << "2023-09-09T19:55:00Z";
        QTest::newRow("leap day") << "8:00 am on 29 February, 2024"
                                  << "2024-02-29T08:00:00Z";
        QTest::newRow("no such day") << "8:00 am on 31 June, 2023"
                                     << "";
        QTest::newRow("not leap") << "8:00 am on 29 February, 2023"
                                  << "";
        QTest::newRow("13 pm") << "13:00 pm on 1 May, 2023"
                               << "";
        QTest::newRow("no meridiem") << "13:00 on 1 May, 2023"
                                     << "";
        QTest::newRow("trailing") << "1:00 pm on 1 May, 2023 UTC"
                                  << "";
        QTest::newRow("empty") << ""
                               << "";
    }

    void sessionDates() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        auto t = parse_locomo_date(text.toStdString());
        if (expected.isEmpty()) {
            QVERIFY(!t);
        } else {
            QVERIFY(t.has_value());
            QCOMPARE(q(format_rfc3339(*t)), expected);
        }
    }

    void wrongShapesNameTheJsonPath_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        const std::string turns = "{'speaker':'A','dia_id':'D3:1','text':'a'},"
                                  "{'speaker':'B','dia_id':'D3:2','text':'b'},"
                                  "{'speaker':'A','dia_id':'D3:3','text':'c'},"
                                  "{'speaker':'B','dia_id':'D3:4','text':'d'}";
        const std::string head =
            "[{'sample_id':'c','conversation':{'speaker_a':'A','speaker_b':'B',"
            "'session_3_date_time':'1:00 pm on 1 May, 2023','session_3':[";
        const std::string conv9 = "[{'sample_id':'conv-9','conversation':{'speaker_a':'A',"
                                  "'speaker_b':'B',";
        const std::string one_turn = "[{'speaker':'A','dia_id':'D2:1','text':'x'}]}}]";
        auto row = [](const char* name, const std::string& json, const char* expected) {
            QTest::newRow(name) << q(js(json)) << QString::fromUtf8(expected);
        };
        row("object at top", "{'sample_id':'c'}",
            "f.json: top level: expected an array of LoCoMo samples");
        row("sample not object", "[1]", "f.json: [0]: expected an object");
        row("no conversation", "[{'sample_id':'c'}]", "f.json: [0].conversation: missing");
        row("no sample id", "[{'conversation':{}}]", "f.json: [0].sample_id: missing");
        row("no speaker_b", "[{'sample_id':'c','conversation':{'speaker_a':'A'}}]",
            "f.json: [0].conversation.speaker_b: missing");
        row("turn without text", head + turns + ",{'speaker':'A','dia_id':'D3:5'}]}}]",
            "f.json: [0].conversation.session_3[4].text: missing");
        row("text not a string", head + "{'speaker':'A','dia_id':'D3:1','text':7}]}}]",
            "f.json: [0].conversation.session_3[0].text: expected a string");
        row("session not an array",
            "[{'sample_id':'c','conversation':{'speaker_a':'A','speaker_b':'B','session_1':'x'}}]",
            "f.json: [0].conversation.session_1: expected an array of turns");
        // Found by fuzz_locomo: session_01 was read as session 1, then looked up by that name.
        row("session key with a leading zero",
            "[{'sample_id':'c','conversation':{'speaker_a':'A','speaker_b':'B',"
            "'session_1_date_time':'1:00 pm on 1 May, 2023','session_01':" +
                one_turn,
            "f.json: [0].conversation.session_01: a session key is session_<n>");
        row("bad date", conv9 + "'session_2_date_time':'soon','session_2':" + one_turn,
            "f.json: sample 'conv-9': [0].conversation.session_2_date_time: cannot parse date");
        row("missing date", conv9 + "'session_2':" + one_turn,
            "f.json: sample 'conv-9': [0].conversation.session_2_date_time: missing");
        row("duplicate sample",
            "[{'sample_id':'c','conversation':{'speaker_a':'A','speaker_b':'B'}},"
            "{'sample_id':'c','conversation':{'speaker_a':'A','speaker_b':'B'}}]",
            "f.json: [1].sample_id: duplicate sample");
        row("malformed", "[\n{'sample_id': }\n]", "f.json:2: malformed JSON");
    }

    void wrongShapesNameTheJsonPath() {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        auto r = parse_locomo(json.toStdString(), "f.json");
        QVERIFY(!r.is_ok());
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QVERIFY2(contains(r.status().message(), expected.toStdString()),
                 r.status().message().c_str());
    }

    void invalidUtf8NamesTheLine() {
        test::TempDir tmp;
        tmp.write("u.json", "[\n{\"sample_id\": \"c\xFF\"}\n]");
        auto r = import_locomo(tmp.file("u.json"));
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QVERIFY2(contains(r.status().message(), "u.json:2: invalid UTF-8"),
                 r.status().message().c_str());
    }

    void unreadablePathIsAnIoError() {
        test::TempDir tmp;
        auto r = import_locomo(tmp.file("gone.json"));
        QCOMPARE(r.status().code(), StatusCode::IoError);
        QVERIFY(contains(r.status().message(), "gone.json"));
    }

    void detectsLocomoJson() {
        test::TempDir tmp;
        tmp.write("conv.json", kSample);
        tmp.write("other.json", js("[{'not':'locomo'}]"));
        tmp.write("object.json", js("{'conversation':{}}"));
        QCOMPARE(*detect_format(tmp.file("conv.json")), ImportFormat::Locomo);
        QCOMPARE(detect_format(tmp.file("other.json")).status().code(),
                 StatusCode::InvalidArgument);
        QCOMPARE(detect_format(tmp.file("object.json")).status().code(),
                 StatusCode::InvalidArgument);
        auto r = import_path(tmp.file("conv.json"), std::nullopt);
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QCOMPARE(r->size(), std::size_t{2});
    }

    // The real evaluation file, when this machine has it: five conversations, one item per
    // turn (counted here with Qt's own JSON parser), every item dated.
    void realDevFileImports() {
        const QString path = QStringLiteral(MEMLENS_SHARED_DIR "/data/locomo/locomo-dev.json");
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            QSKIP("locomo-dev.json is not available here");
        const QJsonArray samples = QJsonDocument::fromJson(f.readAll()).array();
        std::size_t turns = 0;
        for (const auto& sample : samples) {
            const QJsonObject conv =
                sample.toObject().value(QStringLiteral("conversation")).toObject();
            for (auto it = conv.begin(); it != conv.end(); ++it)
                if (it.value().isArray())
                    turns += static_cast<std::size_t>(it.value().toArray().size());
        }
        auto r = import_locomo(path.toStdString());
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QCOMPARE(r->size(), std::size_t{5});
        std::size_t items = 0;
        for (const auto& s : *r) {
            items += s.items.size();
            QCOMPARE(s.persons.size(), std::size_t{2});
            for (std::size_t i = 1; i < s.items.size(); ++i)
                QVERIFY(s.items[i - 1].ts_ms < s.items[i].ts_ms);
        }
        QCOMPARE(items, turns);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestImportLocomo)
#include "tst_import_locomo.moc"
} // namespace tst_import_locomo
