// Text primitives: the token estimate, the keyword tokenizer and FTS5 query (run against a real
// FTS5 table), hostile and invalid input, the Porter stemmer, and snippets on multibyte text.
#include "suite.h"
#include "testsupport.h"

#include <memlens/db.h>
#include <memlens/text.h>

#include <QtTest>

namespace tst_text {

using namespace memlens;

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

QStringList L(std::initializer_list<const char*> xs) {
    QStringList out;
    for (const char* x : xs)
        out << QString::fromUtf8(x);
    return out;
}

QStringList list(const std::vector<std::string>& v) {
    QStringList out;
    for (const auto& s : v)
        out << q(s);
    return out;
}

} // namespace

class TestText : public QObject {
    Q_OBJECT
private slots:
    void tokenEstimate_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<qint64>("tokens");
        QTest::newRow("empty") << QByteArray() << qint64(0);
        QTest::newRow("one char") << QByteArray("a") << qint64(1);
        QTest::newRow("five chars") << QByteArray("abcde") << qint64(2);
        QTest::newRow("400 chars") << QByteArray(400, 'x') << qint64(100);
        // Code points, not bytes: four 3-byte characters are one token, not three.
        QTest::newRow("multibyte") << QByteArray("日本語で") << qint64(1);
    }
    void tokenEstimate() {
        QFETCH(QByteArray, text);
        QFETCH(qint64, tokens);
        QCOMPARE(qint64(estimate_tokens(text.toStdString())), tokens);
    }

    void utf8Validation() {
        QVERIFY(is_valid_utf8("plain ascii"));
        QVERIFY(is_valid_utf8("caf\xC3\xA9 \xF0\x9F\x98\x80"));
        QVERIFY(!is_valid_utf8("\xC0\xAF"));         // overlong '/'
        QVERIFY(!is_valid_utf8("\xED\xA0\x80"));     // surrogate U+D800
        QVERIFY(!is_valid_utf8("\xF4\x90\x80\x80")); // past U+10FFFF
        QVERIFY(!is_valid_utf8("abc\xE2\x82"));      // truncated
        QCOMPARE(first_invalid_utf8("ab\xFF"
                                    "cd"),
                 std::size_t(2));
        QCOMPARE(first_invalid_utf8("ok"), std::string_view::npos);
        QCOMPARE(utf8_length("h\xC3\xA9llo"), std::size_t(5));
        QCOMPARE(utf8_length("a\xFF\xFE"), std::size_t(3)); // invalid bytes count one each
    }

    // A byte budget never splits a character, and a cut says how long the whole was.
    void utf8CutsEndOnACharacter() {
        const std::string_view text = "a\xC3\xA9\xF0\x9F\x98\x80z"; // a é 😀 z: 1 + 2 + 4 + 1 bytes
        QCOMPARE(utf8_floor(text, 0), std::size_t(0));
        QCOMPARE(utf8_floor(text, 1), std::size_t(1));
        QCOMPARE(utf8_floor(text, 2), std::size_t(1)); // inside é
        QCOMPARE(utf8_floor(text, 3), std::size_t(3));
        QCOMPARE(utf8_floor(text, 6), std::size_t(3)); // inside 😀
        QCOMPARE(utf8_floor(text, 7), std::size_t(7));
        QCOMPARE(utf8_floor(text, 99), text.size());
        QCOMPARE(cut_utf8(text, 99), std::string(text));
        QCOMPARE(cut_utf8(text, 5), std::string("a\xC3\xA9 \xE2\x80\xA6 [cut: 8 bytes]"));
    }

    void lowercase() {
        QCOMPARE(q(utf8_lower("ÀÉÎÕÜ Straße ŁÓDŹ ΑΒΓ ДОМ Qdrant")),
                 QStringLiteral("àéîõü straße łódź αβγ дом qdrant"));
        QVERIFY(is_valid_utf8(utf8_lower("bad \xFF byte")));
    }

    void splitWordsIsUnicodeAware() {
        QCOMPARE(list(split_words("Hello, WORLD! it's Zoë's café—naïve 42")),
                 L({"hello", "world", "it", "s", "zoë", "s", "café", "naïve", "42"}));
        QCOMPARE(list(split_words("東京 and Ελλάδα, Москва")),
                 L({"東京", "and", "ελλάδα", "москва"}));
        // Emoji, arrows, CJK and fullwidth punctuation, general punctuation and underscores
        // separate words; a combining accent stays inside its word.
        QCOMPARE(list(split_words("ship🚀it→now。次に！snake_case “quoted”")),
                 L({"ship", "it", "now", "次に", "snake", "case", "quoted"}));
        QCOMPARE(list(split_words("cafe\xCC\x81 ok")), L({"cafe\xCC\x81", "ok"}));
        QVERIFY(split_words("").empty());
        QVERIFY(split_words(" ... !!! ").empty());
    }

    void buildFtsQueryMatchesTheDocumentedExample() {
        const auto query = build_fts_query("How do I configure the Qdrant collection?");
        QVERIFY(query.has_value());
        QCOMPARE(q(*query), QStringLiteral("\"configure\" OR \"qdrant\" OR \"collection\""));
    }

    void keywordTokensDropStopwordsShortTokensAndDuplicates() {
        QCOMPARE(list(keyword_tokens("The launch, the LAUNCH and a 5 x launch plan")),
                 L({"launch", "plan"}));
        // The stopword list keeps borderline words that carry signal.
        QCOMPARE(list(keyword_tokens("one good way to spend time there")),
                 L({"good", "way", "spend", "time"}));
        QVERIFY(is_stopword("the"));
        QVERIFY(is_stopword("there"));
        QVERIFY(!is_stopword("time"));
    }

    void allStopwordQueryHasNoKeywordLeg() {
        QVERIFY(!build_fts_query("how do I do it?").has_value());
        QVERIFY(!build_fts_query("").has_value());
        QVERIFY(!build_fts_query("   ?!  ").has_value());
    }

    void hostileTextBecomesPlainQuotedTerms_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected"); // empty: no keyword leg
        QTest::newRow("lone quote") << QByteArray("\"") << QString();
        QTest::newRow("star") << QByteArray("*") << QString();
        QTest::newRow("NEAR(") << QByteArray("NEAR(") << QStringLiteral("\"near\"");
        QTest::newRow("OR is a stopword") << QByteArray("OR") << QString();
        QTest::newRow("sql") << QByteArray("'; DROP TABLE x; --")
                             << QStringLiteral("\"drop\" OR \"table\"");
        QTest::newRow("lone dash") << QByteArray("-") << QString();
        QTest::newRow("operators as terms")
            << QByteArray("alpha AND beta NOT gamma* ^delta col:eps \"phrase\"")
            << QStringLiteral("\"alpha\" OR \"beta\" OR \"gamma\" OR \"delta\" OR \"col\" OR "
                              "\"eps\" OR \"phrase\"");
        QTest::newRow("invalid utf-8") << QByteArray("qdr\xFF\xFE"
                                                     "ant \xC0\xAF setup")
                                       << QStringLiteral("\"qdr\" OR \"ant\" OR \"setup\"");
    }
    void hostileTextBecomesPlainQuotedTerms() {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const auto query = build_fts_query(text.toStdString());
        if (expected.isEmpty()) {
            QVERIFY(!query.has_value());
            return;
        }
        QVERIFY(query.has_value());
        QCOMPARE(q(*query), expected);
        QVERIFY(is_valid_utf8(*query));
    }

    // The real check: every query we build is accepted by SQLite's FTS5 parser and finds the
    // row that holds the words, whatever operators the user typed.
    void ftsAcceptsEveryBuiltQuery() {
        auto db = Database::open(":memory:", OpenMode::ReadWriteCreate);
        QVERIFY2(db.is_ok(), db.status().to_string().c_str());
        QVERIFY((*db).exec("CREATE VIRTUAL TABLE t USING fts5(body)").is_ok());
        auto ins = (*db).prepare("INSERT INTO t(body) VALUES (?)");
        QVERIFY(ins.is_ok());
        ins->bind(1, "we drop the table near the qdrant collection and configure it");
        QVERIFY(ins->step().is_ok());

        const char* inputs[] = {"'; DROP TABLE x; --",    "NEAR(",        "qdrant OR",
                                "AND configure",          "\"collection", "configure*",
                                "col:collection ^qdrant", "NOT near",     "(table)"};
        for (const char* input : inputs) {
            const auto query = build_fts_query(input);
            QVERIFY2(query.has_value(), input);
            auto st = (*db).prepare("SELECT count(*) FROM t WHERE t MATCH ?");
            QVERIFY(st.is_ok());
            st->bind(1, *query);
            auto row = st->step();
            QVERIFY2(row.is_ok(), (std::string(input) + " → " + *query).c_str());
            QVERIFY2(*row, input);
            QCOMPARE(qint64(st->column_int64(0)), qint64(1));
        }
    }

    void longTextDoesNotBreakAnything() {
        std::string text;
        for (int i = 0;; ++i) {
            const std::string piece = "word" + std::to_string(i % 97) + " ";
            if (text.size() + piece.size() > 10000)
                break;
            text += piece;
        }
        text.resize(10000, ' ');
        QCOMPARE(estimate_tokens(text), std::int64_t(2500));
        const auto query = build_fts_query(text);
        QVERIFY(query.has_value());
        QCOMPARE(keyword_tokens(text).size(), std::size_t(97)); // duplicates removed

        const std::string garbage(10000, '\xFF');
        QVERIFY(!build_fts_query(garbage).has_value());
        QCOMPARE(estimate_tokens(garbage), std::int64_t(2500));
        QVERIFY(is_valid_utf8(snippet(garbage, {"x"}, 50)));
    }

    void porterStemKnownPairs_data() {
        QTest::addColumn<QString>("word");
        QTest::addColumn<QString>("stem");
        const char* pairs[][2] = {
            {"caresses", "caress"},
            {"ponies", "poni"},
            {"ties", "ti"},
            {"caress", "caress"},
            {"cats", "cat"},
            {"feed", "feed"},
            {"agreed", "agre"},
            {"plastered", "plaster"},
            {"bled", "bled"},
            {"motoring", "motor"},
            {"sing", "sing"},
            {"conflated", "conflat"},
            {"troubled", "troubl"},
            {"sized", "size"},
            {"hopping", "hop"},
            {"tanned", "tan"},
            {"falling", "fall"},
            {"hissing", "hiss"},
            {"fizzed", "fizz"},
            {"failing", "fail"},
            {"filing", "file"},
            {"happy", "happi"},
            {"sky", "sky"},
            {"relational", "relat"},
            {"conditional", "condit"},
            {"rational", "ration"},
            {"valenci", "valenc"},
            {"digitizer", "digit"},
            {"operator", "oper"},
            {"feudalism", "feudal"},
            {"decisiveness", "decis"},
            {"hopefulness", "hope"},
            {"callousness", "callous"},
            {"formaliti", "formal"},
            {"sensitiviti", "sensit"},
            {"sensibiliti", "sensibl"},
            {"triplicate", "triplic"},
            {"formative", "form"},
            {"formalize", "formal"},
            {"electriciti", "electr"},
            {"electrical", "electr"},
            {"hopeful", "hope"},
            {"goodness", "good"},
            {"revival", "reviv"},
            {"allowance", "allow"},
            {"inference", "infer"},
            {"airliner", "airlin"},
            {"adjustable", "adjust"},
            {"defensible", "defens"},
            {"irritant", "irrit"},
            {"replacement", "replac"},
            {"adjustment", "adjust"},
            {"dependent", "depend"},
            {"adoption", "adopt"},
            {"communism", "commun"},
            {"activate", "activ"},
            {"angulariti", "angular"},
            {"homologous", "homolog"},
            {"effective", "effect"},
            {"bowdlerize", "bowdler"},
            {"probate", "probat"},
            {"rate", "rate"},
            {"cease", "ceas"},
            {"controlling", "control"},
            {"roll", "roll"},
            {"connections", "connect"},
            {"generalizations", "gener"},
            {"oscillators", "oscil"},
            {"analogousli", "analog"},
            {"archaeology", "archaeolog"},
            {"is", "is"},
            {"a", "a"},
            {"", ""},
        };
        for (const auto& p : pairs)
            QTest::newRow(p[0][0] ? p[0] : "empty")
                << QString::fromUtf8(p[0]) << QString::fromUtf8(p[1]);
    }
    void porterStemKnownPairs() {
        QFETCH(QString, word);
        QFETCH(QString, stem);
        QCOMPARE(q(porter_stem(word.toStdString())), stem);
    }

    void porterStemLeavesOtherWordsAlone() {
        QCOMPARE(q(porter_stem("Running")), QStringLiteral("Running")); // not lowercase
        QCOMPARE(q(porter_stem("mp3s")), QStringLiteral("mp3s"));
        QCOMPARE(q(porter_stem("cafés")), QStringLiteral("cafés"));
    }

    void snippetKeepsShortTextWhole() {
        QCOMPARE(q(snippet("short text", {"text"}, 200)), QStringLiteral("short text"));
        QCOMPARE(q(snippet("anything", {}, 0)), QString());
    }

    void snippetCentresOnTheFirstMatch() {
        std::string text;
        for (int i = 0; i < 40; ++i)
            text += "filler ";
        text += "the Qdrant collection was configured ";
        for (int i = 0; i < 40; ++i)
            text += "padding ";
        const QString s = q(snippet(text, {"nothing", "qdrant"}, 60));
        QVERIFY2(s.contains(QStringLiteral("Qdrant collection")), qPrintable(s));
        QVERIFY(s.startsWith(QChar(0x2026)));
        QVERIFY(s.endsWith(QChar(0x2026)));
        QVERIFY(s.toStdU32String().size() <= 60);
        // Whole words only, apart from the ellipses.
        QVERIFY2(!s.contains(QStringLiteral("…ller")) && !s.contains(QStringLiteral("…ler")),
                 qPrintable(s));

        const QString head = q(snippet(text, {"absent"}, 30));
        QVERIFY(head.startsWith(QStringLiteral("filler")));
        QVERIFY(head.endsWith(QChar(0x2026)));
    }

    void snippetNeverSplitsMultibyteText() {
        // Every character is 3 or 4 bytes; any byte-based cut would split one.
        std::string text;
        for (int i = 0; i < 50; ++i)
            text += "東京の空🌸";
        text += "目標はここ";
        for (int i = 0; i < 50; ++i)
            text += "夜の雨🌧";
        for (std::size_t max : {1u, 2u, 3u, 7u, 20u, 41u, 200u}) {
            const std::string s = snippet(text, {"目標"}, max);
            QVERIFY(is_valid_utf8(s));
            QVERIFY(utf8_length(s) <= max);
            if (max >= 7)
                QVERIFY2(q(s).contains(QStringLiteral("目標")), s.c_str());
        }
        QVERIFY(is_valid_utf8(snippet("ab\xF0\x9F\x98", {"b"}, 2)));
    }

    void snippetMatchesCaseInsensitively() {
        const std::string text = std::string(300, 'x') + " ÉCOLE normale " + std::string(300, 'y');
        const QString s = q(snippet(text, {"école"}, 40));
        QVERIFY2(s.contains(QStringLiteral("ÉCOLE")), qPrintable(s));
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestText)
#include "tst_text.moc"
} // namespace tst_text
