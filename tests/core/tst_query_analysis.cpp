// Query analysis: intent on every entry point, temporal windows resolved against
// now, the augmented text, query entities, and explicit contexts kept as they are.
#include "suite.h"
#include "testsupport.h"

#include <memlens/query_context.h>
#include <memlens/search.h>
#include <memlens/time_util.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <set>

namespace tst_query_analysis {

using namespace memlens;

namespace {

// Wednesday 10 May 2023, 12:00 UTC.
const std::int64_t kNow = days_from_civil(2023, 5, 10) * kMsPerDay + 12 * 3'600'000LL;

std::int64_t day_start(int y, unsigned m, unsigned d) {
    return days_from_civil(y, m, d) * kMsPerDay;
}
std::int64_t day_end(int y, unsigned m, unsigned d) {
    return day_start(y, m, d) + kMsPerDay - 1;
}

QueryContext analyze(const char* text) {
    return analyze_query(text, kNow);
}

std::string phrase_list(const QueryContext& c) {
    std::string s;
    for (const auto& p : c.temporal_phrases)
        s += "[" + p.phrase + "]";
    return s;
}

} // namespace

class TestQueryAnalysis : public QObject {
    Q_OBJECT
private slots:
    void intentFromMarkers_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("intent");
        QTest::newRow("how many") << "How many times did I go hiking?"
                                  << "count";
        QTest::newRow("count verb") << "Count the meetings about the launch"
                                    << "count";
        QTest::newRow("number of") << "What is the number of books Joanna read?"
                                   << "count";
        QTest::newRow("times did i") << "which trails, and how often? times did I hike"
                                     << "count";
        QTest::newRow("how often") << "How often does Tim play basketball"
                                   << "count";
        QTest::newRow("count wins over sum") << "How many hours in total did I work?"
                                             << "count";
        QTest::newRow("in total") << "How much did I spend on flights in total?"
                                  << "sum";
        QTest::newRow("total") << "What was the total cost of the trip?"
                               << "sum";
        QTest::newRow("altogether") << "How much money did we raise altogether"
                                    << "sum";
        QTest::newRow("combined") << "combined budget of both projects"
                                  << "sum";
        QTest::newRow("in all") << "How much did the repairs cost in all?"
                                << "sum";
        QTest::newRow("in what order") << "In what order did I visit Paris, Rome and Oslo?"
                                       << "sequence";
        QTest::newRow("which came first") << "Which came first, the move or the new job?"
                                          << "sequence";
        QTest::newRow("before or after") << "Did I adopt the dog before or after the wedding?"
                                         << "sequence";
        QTest::newRow("first then") << "Did she first paint, then start pottery?"
                                    << "sequence";
        QTest::newRow("chronological") << "List the trips in chronological order"
                                       << "sequence";
        QTest::newRow("plain") << "When did Caroline go to the support group?"
                               << "none";
        QTest::newRow("first alone") << "When did Melanie first run a race?"
                                     << "none";
        QTest::newRow("accountant is not count") << "Who is the accountant?"
                                                 << "none";
        QTest::newRow("subtotal is not total") << "What was the subtotal?"
                                               << "none";
    }
    void intentFromMarkers() {
        QFETCH(QString, text);
        QFETCH(QString, intent);
        const std::string t = text.toStdString();
        // Every entry point gives the same answer: the one classifier.
        QCOMPARE(QString::fromUtf8(to_wire(infer_query_intent(t))), intent);
        QCOMPARE(QString::fromUtf8(to_wire(analyze_query(t, kNow).intent)), intent);
        QCOMPARE(QString::fromUtf8(to_wire(make_query_context(t, kNow).intent)), intent);
    }

    void intentWireNamesRoundTrip() {
        for (QueryIntent i :
             {QueryIntent::None, QueryIntent::Count, QueryIntent::Sum, QueryIntent::Sequence})
            QCOMPARE(query_intent_from_wire(to_wire(i)), std::optional<QueryIntent>(i));
        QVERIFY(!query_intent_from_wire("COUNT").has_value());
    }

    void relativePhrasesResolveAgainstNow_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("phrase");
        QTest::addColumn<qint64>("since");
        QTest::addColumn<qint64>("until");
        QTest::newRow("yesterday")
            << "what did I eat yesterday"
            << "yesterday" << qint64(day_start(2023, 5, 9)) << qint64(day_end(2023, 5, 9));
        QTest::newRow("today") << "meetings today?"
                               << "today" << qint64(day_start(2023, 5, 10))
                               << qint64(day_end(2023, 5, 10));
        // Calendar weeks start on Monday: 10 May 2023 is a Wednesday.
        QTest::newRow("last week")
            << "what did we decide last week"
            << "last week" << qint64(day_start(2023, 5, 1)) << qint64(day_end(2023, 5, 7));
        QTest::newRow("this week")
            << "deploys this week"
            << "this week" << qint64(day_start(2023, 5, 8)) << qint64(day_end(2023, 5, 10));
        QTest::newRow("last month")
            << "bugs from last month"
            << "from last month" << qint64(day_start(2023, 4, 1)) << qint64(day_end(2023, 4, 30));
        QTest::newRow("this month")
            << "costs this month"
            << "this month" << qint64(day_start(2023, 5, 1)) << qint64(day_end(2023, 5, 10));
        QTest::newRow("last N days") << "notes from the last 3 days"
                                     << "from the last 3 days" << qint64(day_start(2023, 5, 7))
                                     << qint64(day_end(2023, 5, 10));
        QTest::newRow("past two weeks") << "anything in the past two weeks"
                                        << "in the past two weeks" << qint64(day_start(2023, 4, 26))
                                        << qint64(day_end(2023, 5, 10));
        // 26 April 2023 falls in the week of Monday 24 April.
        QTest::newRow("N weeks ago")
            << "what happened 2 weeks ago"
            << "2 weeks ago" << qint64(day_start(2023, 4, 24)) << qint64(day_end(2023, 4, 30));
        QTest::newRow("a month ago")
            << "the offsite a month ago"
            << "a month ago" << qint64(day_start(2023, 4, 1)) << qint64(day_end(2023, 4, 30));
        QTest::newRow("4 years ago")
            << "Where did Caroline move from 4 years ago?"
            << "4 years ago" << qint64(day_start(2019, 1, 1)) << qint64(day_end(2019, 12, 31));
        QTest::newRow("last friday")
            << "what did I finish last Friday"
            << "last Friday" << qint64(day_start(2023, 5, 5)) << qint64(day_end(2023, 5, 5));
        // Weekends of Monday-weeks: this one is 13-14 May 2023.
        QTest::newRow("last weekend")
            << "where did we go last weekend"
            << "last weekend" << qint64(day_start(2023, 5, 6)) << qint64(day_end(2023, 5, 7));
        QTest::newRow("over the weekend before last")
            << "what did Sam cook over the weekend before last?"
            << "over the weekend before last" << qint64(day_start(2023, 4, 29))
            << qint64(day_end(2023, 4, 30));
        QTest::newRow("this weekend")
            << "plans for this weekend"
            << "for this weekend" << qint64(day_start(2023, 5, 13)) << qint64(day_end(2023, 5, 14));
    }
    void relativePhrasesResolveAgainstNow() {
        QFETCH(QString, text);
        QFETCH(QString, phrase);
        QFETCH(qint64, since);
        QFETCH(qint64, until);
        const auto c = analyze(text.toUtf8().constData());
        QCOMPARE(c.temporal_phrases.size(), std::size_t{1});
        const auto& p = c.temporal_phrases.front();
        QCOMPARE(QString::fromStdString(p.phrase), phrase);
        QVERIFY(p.relative);
        QVERIFY(c.window.has_value());
        QCOMPARE(c.window->since_ms, std::optional<std::int64_t>(since));
        QCOMPARE(c.window->until_ms, std::optional<std::int64_t>(until));
        QCOMPARE(c.window->phrase, p.phrase);
    }

    void absoluteDates_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("phrase");
        QTest::addColumn<qint64>("since");
        QTest::addColumn<qint64>("until");
        QTest::newRow("in May 2023")
            << "What did Caroline do in May 2023?"
            << "in May 2023" << qint64(day_start(2023, 5, 1)) << qint64(day_end(2023, 5, 31));
        QTest::newRow("May 2023") << "May 2023 roadmap"
                                  << "May 2023" << qint64(day_start(2023, 5, 1))
                                  << qint64(day_end(2023, 5, 31));
        QTest::newRow("in 2022") << "Which city did John recommend in 2022?"
                                 << "in 2022" << qint64(day_start(2022, 1, 1))
                                 << qint64(day_end(2022, 12, 31));
        QTest::newRow("trailing year")
            << "the plans for 2024."
            << "for 2024" << qint64(day_start(2024, 1, 1)) << qint64(day_end(2024, 12, 31));
        QTest::newRow("on 8 May 2023")
            << "What happened on 8 May 2023?"
            << "on 8 May 2023" << qint64(day_start(2023, 5, 8)) << qint64(day_end(2023, 5, 8));
        QTest::newRow("day comma year") << "What did Gina find on 1 February, 2023?"
                                        << "on 1 February, 2023" << qint64(day_start(2023, 2, 1))
                                        << qint64(day_end(2023, 2, 1));
        QTest::newRow("month day year") << "What game was Nate playing on November 7, 2022?"
                                        << "on November 7, 2022" << qint64(day_start(2022, 11, 7))
                                        << qint64(day_end(2022, 11, 7));
        QTest::newRow("no space after comma")
            << "the picture shared on December 1,2023"
            << "on December 1,2023" << qint64(day_start(2023, 12, 1))
            << qint64(day_end(2023, 12, 1));
        QTest::newRow("ordinal of") << "notes from the 3rd of March 2021"
                                    << "from the 3rd of March 2021" << qint64(day_start(2021, 3, 3))
                                    << qint64(day_end(2021, 3, 3));
        QTest::newRow("iso") << "incident 2023-05-08 review"
                             << "2023-05-08" << qint64(day_start(2023, 5, 8))
                             << qint64(day_end(2023, 5, 8));
        QTest::newRow("abbreviated")
            << "standup on Jan. 9, 2023"
            << "on Jan. 9, 2023" << qint64(day_start(2023, 1, 9)) << qint64(day_end(2023, 1, 9));
        // A month without a year is the latest such month that has begun.
        QTest::newRow("in June") << "what did we ship in June"
                                 << "in June" << qint64(day_start(2022, 6, 1))
                                 << qint64(day_end(2022, 6, 30));
        QTest::newRow("in March") << "what did we ship in March"
                                  << "in March" << qint64(day_start(2023, 3, 1))
                                  << qint64(day_end(2023, 3, 31));
        QTest::newRow("day month no year")
            << "the call on May 12"
            << "on May 12" << qint64(day_start(2022, 5, 12)) << qint64(day_end(2022, 5, 12));
        // Dates as people write them: numbers with dots, slashes or dashes; a day the month
        // cannot be decides the order.
        QTest::newRow("dots") << "what did we agree on 16.01.2023?"
                              << "on 16.01.2023" << qint64(day_start(2023, 1, 16))
                              << qint64(day_end(2023, 1, 16));
        QTest::newRow("slashes month first")
            << "the 01/16/2023 standup"
            << "01/16/2023" << qint64(day_start(2023, 1, 16)) << qint64(day_end(2023, 1, 16));
        QTest::newRow("dashes two-digit year")
            << "notes from 16-01-23"
            << "from 16-01-23" << qint64(day_start(2023, 1, 16)) << qint64(day_end(2023, 1, 16));
        QTest::newRow("year first slashes")
            << "incident 2023/05/08 review"
            << "2023/05/08" << qint64(day_start(2023, 5, 8)) << qint64(day_end(2023, 5, 8));
        QTest::newRow("day month abbreviated year")
            << "what happened on 31 Dec 2022"
            << "on 31 Dec 2022" << qint64(day_start(2022, 12, 31)) << qint64(day_end(2022, 12, 31));
        QTest::newRow("month ordinal no year")
            << "the party on Dec 31st"
            << "on Dec 31st" << qint64(day_start(2022, 12, 31)) << qint64(day_end(2022, 12, 31));
        // Weeks of a month or year: the n-th seven days from its first day, the last seven.
        QTest::newRow("first week of a year")
            << "what did John start the first week of 2023?"
            << "the first week of 2023" << qint64(day_start(2023, 1, 1))
            << qint64(day_end(2023, 1, 7));
        QTest::newRow("last week of a month")
            << "trips in the last week of December 2022"
            << "in the last week of December 2022" << qint64(day_start(2022, 12, 25))
            << qint64(day_end(2022, 12, 31));
        QTest::newRow("2nd week of a month alone")
            << "during the 2nd week of March"
            << "during the 2nd week of March" << qint64(day_start(2023, 3, 8))
            << qint64(day_end(2023, 3, 14));
        // Parts of a month in thirds (1-10, 11-20, 21 to the end), of a year in thirds of four
        // months.
        QTest::newRow("mid-month")
            << "what did Mel paint in mid-March?"
            << "in mid-March" << qint64(day_start(2023, 3, 11)) << qint64(day_end(2023, 3, 20));
        QTest::newRow("late month year") << "late December 2022 plans"
                                         << "late December 2022" << qint64(day_start(2022, 12, 21))
                                         << qint64(day_end(2022, 12, 31));
        QTest::newRow("the end of a month")
            << "what changed at the end of April"
            << "the end of April" << qint64(day_start(2023, 4, 21)) << qint64(day_end(2023, 4, 30));
        QTest::newRow("early year")
            << "hikes in early 2023"
            << "in early 2023" << qint64(day_start(2023, 1, 1)) << qint64(day_end(2023, 4, 30));
        QTest::newRow("mid-year") << "the move in mid-2022"
                                  << "in mid-2022" << qint64(day_start(2022, 5, 1))
                                  << qint64(day_end(2022, 8, 31));
    }
    void absoluteDates() {
        QFETCH(QString, text);
        QFETCH(QString, phrase);
        QFETCH(qint64, since);
        QFETCH(qint64, until);
        const auto c = analyze(text.toUtf8().constData());
        QVERIFY2(c.temporal_phrases.size() == 1, phrase_list(c).c_str());
        const auto& p = c.temporal_phrases.front();
        QCOMPARE(QString::fromStdString(p.phrase), phrase);
        QVERIFY(!p.relative);
        QVERIFY(c.window.has_value());
        QCOMPARE(c.window->since_ms, std::optional<std::int64_t>(since));
        QCOMPARE(c.window->until_ms, std::optional<std::int64_t>(until));
    }

    // "03/04/2023" reads both ways: the vault's own dates decide, and the window says how it
    // was read; without them, the way such dates are written (slashes month first, dots day
    // first).
    void numericDatesThatReadBothWaysFollowTheVault() {
        auto c = analyze("what happened on 03/04/2023");
        QVERIFY(c.window.has_value());
        QCOMPARE(c.window->since_ms, std::optional<std::int64_t>(day_start(2023, 3, 4)));
        QVERIFY2(c.window->reading.find("month first, as dates with slashes are written") == 0,
                 c.window->reading.c_str());
        c = analyze("what happened on 03.04.2023");
        QCOMPARE(c.window->since_ms, std::optional<std::int64_t>(day_start(2023, 4, 3)));

        QueryAnalysisOptions april;
        april.vault_span_ms = std::pair{day_start(2023, 3, 20), day_end(2023, 4, 30)};
        c = analyze_query("what happened on 03/04/2023", kNow, april);
        QCOMPARE(c.window->since_ms, std::optional<std::int64_t>(day_start(2023, 4, 3)));
        QCOMPARE(c.window->until_ms, std::optional<std::int64_t>(day_end(2023, 4, 3)));
        QCOMPARE(c.window->reading,
                 std::string("day first: 4 March 2023 falls outside the vault's memories"));
        QueryAnalysisOptions march;
        march.vault_span_ms = std::pair{day_start(2023, 3, 1), day_end(2023, 3, 31)};
        c = analyze_query("what happened on 03.04.2023", kNow, march);
        QCOMPARE(c.window->since_ms, std::optional<std::int64_t>(day_start(2023, 3, 4)));
        QCOMPARE(c.window->reading,
                 std::string("month first: 3 April 2023 falls outside the vault's memories"));
        // A day over twelve, or the same number twice, reads one way only: nothing to say.
        c = analyze_query("on 13/04/2023", kNow, march);
        QCOMPARE(c.window->since_ms, std::optional<std::int64_t>(day_start(2023, 4, 13)));
        QVERIFY(c.window->reading.empty());
        // A two-digit year with dots takes a two-digit day and month.
        c = analyze("notes of 16.01.23 please");
        QCOMPARE(c.window->since_ms, std::optional<std::int64_t>(day_start(2023, 1, 16)));
        // Not dates: versions, a score, a fraction, numbers apart.
        for (const char* text : {"upgrade to 1.2.3", "it ended 3-1-0", "rated 3 / 4 / 5 stars",
                                 "what changed in python 3.10.12 then", "ratio 13/14/2023 overall"})
            QVERIFY2(!analyze(text).window.has_value(), text);
    }

    void boundsAndOffsets() {
        auto c = analyze("What did I read before 8 May 2023?");
        QVERIFY(c.window.has_value());
        QVERIFY(!c.window->since_ms.has_value());
        QCOMPARE(c.window->until_ms, std::optional<std::int64_t>(day_start(2023, 5, 8) - 1));
        QCOMPARE(c.window->phrase, std::string("before 8 May 2023"));

        c = analyze("Which trips came after May 2023");
        QVERIFY(c.window.has_value());
        QCOMPARE(c.window->since_ms, std::optional<std::int64_t>(day_start(2023, 6, 1)));
        QVERIFY(!c.window->until_ms.has_value());

        c = analyze("everything since 2022");
        QCOMPARE(c.window->since_ms, std::optional<std::int64_t>(day_start(2022, 1, 1)));
        QVERIFY(!c.window->until_ms.has_value());

        // The N-th unit-long stretch before the date.
        c = analyze("the puppy she got two weeks before August 11, 2023");
        QCOMPARE(c.temporal_phrases.size(), std::size_t{1});
        QCOMPARE(c.temporal_phrases[0].phrase, std::string("two weeks before August 11, 2023"));
        QCOMPARE(c.window->since_ms, std::optional<std::int64_t>(day_start(2023, 7, 28)));
        QCOMPARE(c.window->until_ms, std::optional<std::int64_t>(day_end(2023, 8, 3)));

        c = analyze("Where was Tim in the week before 16 November 2023?");
        QCOMPARE(c.window->since_ms, std::optional<std::int64_t>(day_start(2023, 11, 9)));
        QCOMPARE(c.window->until_ms, std::optional<std::int64_t>(day_end(2023, 11, 15)));

        c = analyze("the day after 8 May 2023");
        QCOMPARE(c.window->since_ms, std::optional<std::int64_t>(day_start(2023, 5, 9)));
        QCOMPARE(c.window->until_ms, std::optional<std::int64_t>(day_end(2023, 5, 9)));
    }

    void unanchoredPhrasesAreRecordedWithoutWindow() {
        const auto c = analyze("What did Melanie do after the road trip to relax?");
        QCOMPARE(c.temporal_phrases.size(), std::size_t{1});
        QCOMPARE(c.temporal_phrases[0].phrase, std::string("after the road trip"));
        QVERIFY(!c.temporal_phrases[0].resolved());
        QVERIFY(!c.window.has_value());
        // The anchor is what to look for: it stays in the searched text.
        QCOMPARE(c.augmented_text, c.raw_text);

        const auto trip = analyze("photos from before the trip");
        QCOMPARE(trip.temporal_phrases.size(), std::size_t{1});
        QCOMPARE(trip.temporal_phrases[0].phrase, std::string("before the trip"));
        QVERIFY(!trip.window.has_value());
    }

    void numbersAndWordsThatAreNotDates() {
        for (const char* text :
             {"I paid 2000 dollars for the bike", "May I ask about the launch?",
              "we may 2 people invite", "the last time we met",
              "Did I adopt the dog before or after the wedding?", "the 2023 conference recap"}) {
            const auto c = analyze(text);
            QVERIFY2(!c.window.has_value(), text);
        }
        QVERIFY(analyze("the last time we met").temporal_phrases.empty());
        QVERIFY(analyze("I paid 2000 dollars for the bike").temporal_phrases.empty());
    }

    void conflictingPhrasesLetTheWrittenDateDecide() {
        // "last Friday" resolves against now; the date written out is what the question means.
        const auto c = analyze("What did Joanna just finish last Friday on 23 January, 2022?");
        QCOMPARE(c.temporal_phrases.size(), std::size_t{2});
        QVERIFY(c.window.has_value());
        QCOMPARE(c.window->since_ms, std::optional<std::int64_t>(day_start(2022, 1, 23)));
        QCOMPARE(c.window->until_ms, std::optional<std::int64_t>(day_end(2022, 1, 23)));
        QCOMPARE(c.window->phrase, std::string("on 23 January, 2022"));

        // Compatible phrases intersect.
        const auto both = analyze("in 2023, before June 1, 2023");
        QCOMPARE(both.window->since_ms, std::optional<std::int64_t>(day_start(2023, 1, 1)));
        QCOMPARE(both.window->until_ms, std::optional<std::int64_t>(day_start(2023, 6, 1) - 1));
    }

    void augmentedTextDropsFillerAndRelativeTime() {
        QCOMPARE(analyze("How many times did I go hiking last week?").augmented_text,
                 std::string("times did I go hiking?"));
        QCOMPARE(analyze("In what order did I visit Paris and Rome?").augmented_text,
                 std::string("did I visit Paris and Rome?"));
        QCOMPARE(analyze("How much did we spend yesterday in total").augmented_text,
                 std::string("did we spend"));
        // Absolute dates stay: stored text writes dates out too.
        QCOMPARE(analyze("What did Caroline do in May 2023?").augmented_text,
                 std::string("What did Caroline do in May 2023?"));
        // Nothing but filler: what was typed is searched.
        QCOMPARE(analyze("  How   many?").augmented_text, std::string("How many?"));
        QCOMPARE(analyze("").augmented_text, std::string());
        // The raw text is always kept exactly.
        QCOMPARE(analyze("How many  cats?").raw_text, std::string("How many  cats?"));
    }

    void queryEntitiesUseKnownPersons() {
        QueryAnalysisOptions opts;
        opts.known_persons = {"Caroline", "Melanie"};
        const auto c =
            analyze_query("When did caroline meet Melanie and email bob@example.com?", kNow, opts);
        auto has = [&](const std::string& id) {
            return std::find(c.entities.begin(), c.entities.end(), id) != c.entities.end();
        };
        QVERIFY(has("person:caroline"));
        QVERIFY(has("person:melanie"));
        QVERIFY(has("email:bob@example.com"));
        // No duplicates, first occurrence first.
        std::set<std::string> unique(c.entities.begin(), c.entities.end());
        QCOMPARE(unique.size(), c.entities.size());
        QVERIFY(std::find(c.entities.begin(), c.entities.end(), "person:caroline") <
                std::find(c.entities.begin(), c.entities.end(), "person:melanie"));
    }

    void analysisIsDeterministic() {
        const char* q = "How many times did Tim travel in the past two weeks before or after "
                        "8 May 2023?";
        const auto a = analyze(q);
        const auto b = analyze(q);
        QCOMPARE(a.augmented_text, b.augmented_text);
        QCOMPARE(a.intent, b.intent);
        QCOMPARE(phrase_list(a), phrase_list(b));
        QCOMPARE(a.window.has_value(), b.window.has_value());
        QCOMPARE(a.entities, b.entities);
        QCOMPARE(a.now_ms, kNow);
        QVERIFY(!a.explicit_context);
    }

    void explicitContextIsNeverOverwritten() {
        // The caller decided this is a plain lookup, with its own window and text.
        TemporalWindow w{day_start(2021, 1, 1), day_end(2021, 1, 31), "January 2021", {}};
        const QueryContext mine = explicit_query_context("How many apples", QueryIntent::None, w);
        QVERIFY(mine.explicit_context);

        const std::uint64_t before = query_analysis_count();
        const QueryContext got = make_query_context("How many apples last week", kNow, mine);
        QCOMPARE(query_analysis_count(), before); // not analysed
        QCOMPARE(got.intent, QueryIntent::None);  // the text says count; the caller said none
        QCOMPARE(got.augmented_text, std::string("How many apples"));
        QCOMPARE(got.raw_text, std::string("How many apples"));
        QVERIFY(got.temporal_phrases.empty());
        QCOMPARE(got.window->since_ms, w.since_ms);
        QCOMPARE(got.window->phrase, w.phrase);
        QVERIFY(got.explicit_context);

        // A context built by hand is also the caller's: kept as it is, even when empty.
        QueryContext bare;
        bare.raw_text = "In what order";
        const QueryContext kept = make_query_context("In what order", kNow, bare);
        QCOMPARE(kept.intent, QueryIntent::None);
        QVERIFY(kept.augmented_text.empty());
        QCOMPARE(query_analysis_count(), before);
    }

    void automaticContextAnalysesExactlyOnce() {
        const std::uint64_t before = query_analysis_count();
        const QueryContext c = make_query_context("How many trips last month?", kNow);
        QCOMPARE(query_analysis_count(), before + 1);
        QCOMPARE(c.intent, QueryIntent::Count);
        QVERIFY(c.window.has_value());
        // Passing the result on (as an entry point hands it to the search) never re-analyses.
        const QueryContext again = make_query_context(c.raw_text, kNow, c);
        QCOMPARE(query_analysis_count(), before + 1);
        QCOMPARE(again.augmented_text, c.augmented_text);
        QCOMPARE(again.window->since_ms, c.window->since_ms);
    }
    // The window reaches the search as the moment the query is about, never as a scope: the
    // evidence for "two weeks before 11 August" is told on 11 August, outside it.
    void windowReachesTheRequestAsInformationNotScope() {
        SearchRequest req;
        apply_query_context(make_query_context("What did Nate cook on 9 May, 2023?", kNow), req);
        QCOMPARE(req.about_since_ms, std::optional<std::int64_t>(day_start(2023, 5, 9)));
        QCOMPARE(req.about_until_ms, std::optional<std::int64_t>(day_end(2023, 5, 9)));
        QVERIFY(req.scope.empty());
        QCOMPARE(req.raw_query, std::string("What did Nate cook on 9 May, 2023?"));

        SearchRequest none;
        apply_query_context(make_query_context("What did Nate cook?", kNow), none);
        QVERIFY(!none.about_since_ms && !none.about_until_ms);
    }

    // The CLI entry point builds its context through the same analysis, once: what it reports
    // searching is exactly what analyze_query gives in process.
    void cliQueryReportsTheSameContext() {
        test::TempDir tmp;
        tmp.write("chat.jsonl",
                  "{\"source\": \"slack:#eng\", \"author\": \"alice\", \"ts\": "
                  "\"2023-05-03T10:00:00Z\", \"text\": \"alice deployed the phoenix service\"}\n");
        const QString vault = QString::fromStdString((tmp.path() / "v").string());
        auto run = test::run_cli({u"ingest"_qs, u"--vault"_qs, vault,
                                  QString::fromStdString(tmp.file("chat.jsonl").string())});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const char* q = "How many times did alice deploy phoenix last week?";
        run = test::run_cli({u"query"_qs, u"--vault"_qs, vault, u"--json"_qs, u"--no-audit"_qs,
                             u"--now"_qs, u"2023-05-10T12:00:00Z"_qs, QString::fromUtf8(q)});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const QJsonObject reported = QJsonDocument::fromJson(QByteArray::fromStdString(run.out))
                                         .object()
                                         .value(u"query"_qs)
                                         .toObject();
        const QueryContext expected = analyze(q);
        QCOMPARE(reported.value(u"intent"_qs).toString(),
                 QString::fromUtf8(to_wire(expected.intent)));
        QCOMPARE(reported.value(u"intent"_qs).toString(), u"count"_qs);
        QCOMPARE(reported.value(u"raw"_qs).toString().toStdString(), expected.raw_text);
        QCOMPARE(reported.value(u"searched"_qs).toString().toStdString(), expected.augmented_text);
        QCOMPARE(reported.value(u"window"_qs).toObject().value(u"phrase"_qs).toString(),
                 u"last week"_qs);

        // The vault's memories are from May 2023: "05/03/2023" read day first would be 5 March,
        // outside them, so it reads month first as 3 May, and the JSON says why.
        run = test::run_cli({u"query"_qs, u"--vault"_qs, vault, u"--json"_qs, u"--no-audit"_qs,
                             u"--now"_qs, u"2023-05-10T12:00:00Z"_qs,
                             u"what did alice deploy on 05/03/2023"_qs});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const QJsonObject window = QJsonDocument::fromJson(QByteArray::fromStdString(run.out))
                                       .object()
                                       .value(u"query"_qs)
                                       .toObject()
                                       .value(u"window"_qs)
                                       .toObject();
        QCOMPARE(window.value(u"since"_qs).toString(), u"2023-05-03T00:00:00Z"_qs);
        QCOMPARE(window.value(u"reading"_qs).toString(),
                 u"month first: 5 March 2023 falls outside the vault's memories"_qs);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestQueryAnalysis)
#include "tst_query_analysis.moc"
} // namespace tst_query_analysis
