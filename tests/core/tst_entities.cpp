// Entity extraction: the conformance cases of docs/entities.md, each regex kind's edges, the name
// heuristic's rules (docs/entities.md), offsets in code points, and registry resolution.
#include "suite.h"
#include "testsupport.h"

#include <memlens/entities.h>
#include <memlens/text.h>

#include <QtTest>

#include <set>

namespace tst_entities {

using namespace memlens;

namespace {

QStringList L(std::initializer_list<const char*> xs) {
    QStringList out;
    for (const char* x : xs)
        out << QString::fromUtf8(x);
    return out;
}

QStringList ids(const std::vector<ExtractedEntity>& es, const std::string& kind = {}) {
    QStringList out;
    for (const auto& e : es)
        if (kind.empty() || e.kind == kind)
            out << QString::fromStdString(e.canonical_id);
    return out;
}

QStringList ids_of(std::string_view text, const ExtractOptions& opts = {},
                   const EntityRegistry* registry = nullptr) {
    return ids(extract_entities(text, opts, registry));
}

const ExtractedEntity* by_id(const std::vector<ExtractedEntity>& es, const std::string& id) {
    for (const auto& e : es)
        if (e.canonical_id == id)
            return &e;
    return nullptr;
}

// The characters [start, end) of text, counted in code points.
std::string chars(std::string_view text, std::size_t start, std::size_t end) {
    const std::u32string all =
        QString::fromUtf8(text.data(), qsizetype(text.size())).toStdU32String();
    return QString::fromStdU32String(all.substr(start, end - start)).toStdString();
}

} // namespace

class TestEntities : public QObject {
    Q_OBJECT
private slots:
    // Trailing '.' and '-' are not part of a handle; '_' is.
    void handlesConformance() {
        const std::string text = "ping @alice. then ask @bob- and @carol_b";
        const auto es = extract_entities(text);
        QCOMPARE(ids(es), L({"handle:alice", "handle:bob", "handle:carol_b"}));
        QCOMPARE(QString::fromStdString(es[0].surface), QStringLiteral("@alice"));
        QCOMPARE(es[0].start, std::size_t(5));
        QCOMPARE(es[0].end, std::size_t(11));
    }

    // A hashtag starts with a letter; each one also yields its lowercased topic.
    void hashtagsConformance() {
        QCOMPARE(ids_of("#123 no, #x1 yes"), L({"hashtag:x1", "topic:x1"}));
        QCOMPARE(ids_of("Ship it (#Launch) now"), L({"hashtag:launch", "topic:launch"}));
        // Glued to a word it is an anchor, not a tag; one letter is too short.
        QVERIFY(ids_of("see page#intro and #a").isEmpty());
    }

    // Emails are matched case-insensitively and lowercased into the id.
    void emailConformance() {
        const auto es = extract_entities("Alice@Example.com");
        QCOMPARE(ids(es), L({"email:alice@example.com"}));
        QCOMPARE(QString::fromStdString(es[0].surface), QStringLiteral("Alice@Example.com"));
    }

    void emailEdges() {
        QCOMPARE(ids_of("mail x.y+tag@sub.example.co.uk, thanks"),
                 L({"email:x.y+tag@sub.example.co.uk"}));
        QCOMPARE(ids_of("write to bob@example.org."), L({"email:bob@example.org"}));
        QVERIFY(ids_of("foo@bar and a@b.c1 and user@host.com_x").isEmpty());
        // An address is not also a handle: the '@' follows a letter, not a space.
        QCOMPARE(ids_of("cc ops@corp.io @ops"), L({"email:ops@corp.io", "handle:ops"}));
    }

    void urlsDropTrailingPunctuationAndKeepCase() {
        QCOMPARE(ids_of("Docs at https://Example.com/A/B?q=1, and http://foo.io!"),
                 L({"url:https://Example.com/A/B?q=1", "url:http://foo.io"}));
        QCOMPARE(ids_of("(see https://x.org/a_(b)) or <https://a.io/x>."),
                 L({"url:https://x.org/a_", "url:https://a.io/x"}));
        QCOMPARE(ids_of("it is at https://ex.com/path... really?"), L({"url:https://ex.com/path"}));
        QVERIFY(ids_of("http://x and ftp://files.org").isEmpty());
    }

    void discordHandles() {
        QCOMPARE(ids_of("add me: gamer_42#1234 or x#1234 or ab#12345"),
                 L({"handle:gamer_42#1234"}));
        QCOMPARE(ids_of("Neo.One#0001 joined"), L({"handle:neo.one#0001"}));
    }

    void patternsInsideUrlsAreNotSeparateEntities() {
        QCOMPARE(ids_of("https://x.com/u/bob#1234 and https://x.com/?to=a@b.com"),
                 L({"url:https://x.com/u/bob#1234", "url:https://x.com/?to=a@b.com"}));
    }

    void canonicalIds() {
        QCOMPARE(QString::fromStdString(canonical_entity_id("handle", "  @Alice ")),
                 QStringLiteral("handle:alice"));
        QCOMPARE(QString::fromStdString(canonical_entity_id("hashtag", "#Launch")),
                 QStringLiteral("hashtag:launch"));
        QCOMPARE(QString::fromStdString(canonical_entity_id("topic", "##x")),
                 QStringLiteral("topic:#x")); // only one sigil goes
        QCOMPARE(QString::fromStdString(canonical_entity_id("url", " https://A.io/B ")),
                 QStringLiteral("url:https://A.io/B"));
        QCOMPARE(QString::fromStdString(canonical_entity_id("person", "ZOË")),
                 QStringLiteral("person:zoë"));
    }

    void offsetsAreCodePoints() {
        const std::string text = "日本語 @alice と #launch、メール: bob@example.com 🚀 Émile";
        const auto es = extract_entities(text);
        QCOMPARE(ids(es), L({"handle:alice", "hashtag:launch", "topic:launch",
                             "email:bob@example.com", "topic:émile"}));
        const auto* alice = by_id(es, "handle:alice");
        QCOMPARE(alice->start, std::size_t(4));
        QCOMPARE(alice->end, std::size_t(10));
        const auto* launch = by_id(es, "hashtag:launch");
        QCOMPARE(launch->start, std::size_t(13));
        for (const auto& e : es)
            QCOMPARE(QString::fromStdString(chars(text, e.start, e.end)),
                     QString::fromStdString(e.surface));
    }

    void knownPersonsAreWholeWordsCaseInsensitive() {
        ExtractOptions opts;
        opts.known_persons = {"Caroline", "Melanie"};
        const std::string text = "hey caroline, did MELANIE call? Carolines and caroline_b no.";
        const auto es = extract_entities(text, opts);
        QCOMPARE(ids(es), L({"person:caroline", "person:melanie"}));
        QCOMPARE(QString::fromStdString(es[1].surface), QStringLiteral("MELANIE"));
        QCOMPARE(QString::fromStdString(es[1].kind), QStringLiteral("person"));
        // Each call uses its own list, even though ingest repeats one list chunk after chunk.
        ExtractOptions others;
        others.known_persons = {"Melanie Ray", "Bob"};
        QCOMPARE(ids_of("bob met melanie  ray and caroline", others),
                 L({"person:bob", "person:melanie ray"}));
        QCOMPARE(ids(extract_entities(text, opts)), L({"person:caroline", "person:melanie"}));
        // A known person's surname is not guessed into a second entity.
        QCOMPARE(ids_of("I met Caroline Smith today", opts), L({"person:caroline"}));
    }

    void organizationsEndWithASuffix() {
        QCOMPARE(ids_of("We signed with Acme Labs and Initech Inc. last week."),
                 L({"organization:acme labs", "organization:initech inc"}));
        QCOMPARE(ids_of("She studied at the University of Edinburgh for years"),
                 L({"organization:university of edinburgh"}));
        // Even at a sentence start, a suffix makes it an organization.
        QCOMPARE(ids_of("Globex Corp shipped it."), L({"organization:globex corp"}));
        // A lone suffix word is generic.
        QVERIFY(ids_of("ask the Team about it").isEmpty());
    }

    void personsNeedACue() {
        QCOMPARE(ids_of("Yesterday I asked Priya about the rollout"), L({"person:priya"}));
        QCOMPARE(ids_of("Thanks, Bob! That helps."), L({"person:bob"}));
        QCOMPARE(ids_of("later Mr. Smith said no"), L({"person:smith"}));
        QCOMPARE(ids_of("we hired Dr Jane Doe in May"), L({"person:jane doe"}));
        QCOMPARE(ids_of("the doc that Ravi Patel wrote"), L({"person:ravi patel"}));
        QCOMPARE(ids_of("I met Alice and Bob there"), L({"person:alice", "person:bob"}));
    }

    void otherCapitalisedSequencesAreTopics() {
        QCOMPARE(ids_of("We migrated to Kubernetes last week"), L({"topic:kubernetes"}));
        QCOMPARE(ids_of("the Project Phoenix launch slipped"), L({"topic:project phoenix"}));
        QCOMPARE(ids_of("a fan of Lord of the Rings and Wheel of Time"),
                 L({"topic:lord of the rings", "topic:wheel of time"}));
        // An appositive after a noun is not a direct address.
        QCOMPARE(ids_of("a gift from my home country, Sweden."), L({"topic:sweden"}));
    }

    // A Title Case phrase in quotes is one work, leading article dropped, possessive kept.
    void quotedTitlesAreOneTopic() {
        QCOMPARE(ids_of("I loved reading \"Charlotte's Web\" as a kid"),
                 L({"topic:charlotte's web"}));
        QCOMPARE(ids_of("\"The Name of the Wind\" by Patrick Rothfuss is great"),
                 L({"topic:name of the wind", "topic:patrick rothfuss"}));
        QCOMPARE(ids_of("she said “Star Wars: A New Hope” twice"),
                 L({"topic:star wars: a new hope"}));
        // Quoted speech is not a title.
        QVERIFY(ids_of("he said \"that was great, thanks\" and left").isEmpty());
    }

    // Chat greets people by name: "That's great, Mel!", "Wow Jo, you did it".
    void directAddressIsAPerson() {
        QCOMPARE(ids_of("That's great, Mel! See you soon."), L({"person:mel"}));
        QCOMPARE(ids_of("Wow Jo, you're killing it"), L({"person:jo"}));
        QCOMPARE(ids_of("Totally agree, Sam."), L({"person:sam"}));
    }

    void headsOfSentencesAndCommonWordsAreNotNames() {
        QVERIFY(ids_of("Kubernetes broke again. Everything is down.").isEmpty());
        QVERIFY(ids_of("we meet on Monday in March, OK?").isEmpty());
        QVERIFY(ids_of("i think we should go. it was great! I'm in, Don't worry").isEmpty());
        QVERIFY(ids_of("OK LOL that's AMAZING, NASA").isEmpty());
        QVERIFY(ids_of("- Budget review\n- Hiring plan\n# Weekly Notes").isEmpty());
        QVERIFY(ids_of("read The Quick Brown Fox Jumps High notes").isEmpty()); // a title
        QVERIFY(ids_of("see model GPT4 and v2_Final").isEmpty());
    }

    // A name that opens a sentence is capitalised by position as much as by name: it is a name
    // when the text names it elsewhere, and otherwise held back for the caller.
    void sentenceOpenerIsANameWhenTheTextNamesItElsewhere() {
        QCOMPARE(ids_of("Priya is vegetarian. I asked Priya about dinner."),
                 L({"person:priya", "person:priya"}));
        QCOMPARE(ids_of("Kubernetes broke again. We moved the jobs off Kubernetes."),
                 L({"topic:kubernetes", "topic:kubernetes"}));
        // Named nowhere else: left out, and held with the kind its own words give it.
        std::vector<ExtractedEntity> held;
        QVERIFY(extract_entities("Priya is vegetarian.", {}, nullptr, &held).empty());
        QCOMPARE(ids(held), L({"person:priya"}));
        QCOMPARE(QString::fromStdString(held[0].surface), QStringLiteral("Priya"));
        held.clear();
        QVERIFY(extract_entities("Kubernetes broke again.", {}, nullptr, &held).empty());
        QCOMPARE(ids(held), L({"topic:kubernetes"}));
        // Words that open sentences are never names, held or not.
        held.clear();
        const std::string openers = "The plan is set. Yesterday we met. However, it rained. "
                                    "Maybe later. Thanks for that. Everything is fine.";
        QVERIFY(extract_entities(openers, {}, nullptr, &held).empty());
        QVERIFY(held.empty());
        // A registry name or a known person is found wherever it stands.
        ExtractOptions speakers;
        speakers.known_persons = {"Priya"};
        QCOMPARE(ids_of("Priya is vegetarian.", speakers), L({"person:priya"}));
        test::TempDir tmp;
        auto reg = EntityRegistry::load(tmp.path() / "entities");
        QVERIFY2(reg.is_ok(), reg.status().to_string().c_str());
        QVERIFY(reg->upsert({"person:ravi-patel", "person", "Ravi Patel", {"Ravi"}, {}, {}, {}})
                    .is_ok());
        QCOMPARE(ids_of("Ravi is a nurse. He starts Monday.", {}, &*reg), L({"person:ravi-patel"}));
    }

    void heldOpenersAreAdmittedWhenTheCallerKnowsThem() {
        const auto held_of = [](std::string_view text) {
            std::vector<ExtractedEntity> held;
            extract_entities(text, {}, nullptr, &held);
            return held;
        };
        const auto admitted = [](const std::vector<ExtractedEntity>& held,
                                 std::set<std::string> known) {
            std::vector<ExtractedEntity> into;
            admit_known_openers(
                held, [&](const std::string& id) { return known.count(id) != 0; }, into);
            return ids(into);
        };
        // Known as a topic, shown as a person by its own words: a person.
        QCOMPARE(admitted(held_of("Priya went to Lisbon."), {"topic:priya"}), L({"person:priya"}));
        // Known, without a person cue: the kind the caller knows.
        QCOMPARE(admitted(held_of("Acme shipped the release."), {"organization:acme"}),
                 L({"organization:acme"}));
        QCOMPARE(admitted(held_of("Phoenix slipped a week."), {"topic:phoenix"}),
                 L({"topic:phoenix"}));
        QCOMPARE(admitted(held_of("Sam fixed it."), {"person:sam", "topic:sam"}),
                 L({"person:sam"}));
        // Unknown: nothing.
        QVERIFY(admitted(held_of("Priya went to Lisbon."), {"topic:lisbon"}).isEmpty());
    }

    // What the text shows a person doing, or being, or being told.
    void personCuesOfDoingAndAddress() {
        QCOMPARE(ids_of("I think Priya went to Lisbon"), L({"person:priya", "topic:lisbon"}));
        QCOMPARE(ids_of("yesterday Priya bought a bike"), L({"person:priya"}));
        QCOMPARE(ids_of("we know Sam loves jazz"), L({"person:sam"}));
        QCOMPARE(ids_of("and Priya is vegetarian"), L({"person:priya"}));
        QCOMPARE(ids_of("note that Priya is a nurse"), L({"person:priya"}));
        QCOMPARE(ids_of("so Priya's allergic to nuts"), L({"person:priya"}));
        QCOMPARE(ids_of("Got it. Thanks, Priya."), L({"person:priya"}));
        // Someone a person has: a relation after a possessive.
        QCOMPARE(ids_of("Good, my friend Jürgen always brings his accordion."),
                 L({"person:jürgen"}));
        QCOMPARE(ids_of("we stayed with her sister Ana in Porto"),
                 L({"person:ana", "topic:porto"}));
        QCOMPARE(ids_of("we installed the Friend app"), L({"topic:friend"}));
        QCOMPARE(ids_of("Hi there. Priya, can you check the oven? Thanks, Priya!"),
                 L({"person:priya", "person:priya"}));
        std::vector<ExtractedEntity> held;
        QVERIFY(extract_entities("Priya, can you check the oven?", {}, nullptr, &held).empty());
        QCOMPARE(ids(held), L({"person:priya"}));
        // The same shapes with what things do: topics.
        QCOMPARE(ids_of("last night Kubernetes went down again"), L({"topic:kubernetes"}));
        QCOMPARE(ids_of("when Slack went offline"), L({"topic:slack"}));
        QCOMPARE(ids_of("we chose Python is a language we know"), L({"topic:python"}));
        QCOMPARE(ids_of("I love Paris, you know."), L({"topic:paris"}));
        QCOMPARE(ids_of("we saw Priya's new bike"), L({"topic:priya"}));
        held.clear();
        QCOMPARE(ids(extract_entities("Paris, France is lovely.", {}, nullptr, &held)),
                 L({"topic:france"}));
        QCOMPARE(ids(held), L({"topic:paris"}));
    }

    void nameHeuristicCanBeSwitchedOff() {
        ExtractOptions opts;
        opts.name_heuristic = false;
        QCOMPARE(ids_of("We signed with Acme Labs, ping @ops", opts), L({"handle:ops"}));
    }

    void registryResolvesSurfaces() {
        test::TempDir tmp;
        auto reg = EntityRegistry::load(tmp.path() / "entities");
        QVERIFY2(reg.is_ok(), reg.status().to_string().c_str());
        EntityRecord alice;
        alice.id = "person:alice-smith";
        alice.kind = "person";
        alice.display_name = "Alice Smith";
        alice.aliases = {"Ali", "A. Smith"};
        alice.emails = {"alice@corp.com"};
        alice.handles = {"@asmith"};
        QVERIFY(reg->upsert(alice).is_ok());
        EntityRecord acme{"organization:acme", "organization", "Acme Labs", {"ACME"}, {}, {}, {}};
        QVERIFY(reg->upsert(acme).is_ok());

        const std::string text = "Ali wrote to Alice@Corp.com and @asmith; later alice smith "
                                 "agreed with A. Smith at Acme Labs. Alibaba did not.";
        const auto es = extract_entities(text, {}, &*reg);
        QCOMPARE(ids(es), L({"person:alice-smith", "person:alice-smith", "person:alice-smith",
                             "person:alice-smith", "person:alice-smith", "organization:acme"}));
        for (const auto& e : es) {
            QCOMPARE(QString::fromStdString(chars(text, e.start, e.end)),
                     QString::fromStdString(e.surface));
            QCOMPARE(e.score, 1.0);
        }
        QCOMPARE(QString::fromStdString(es[1].kind), QStringLiteral("person"));
        QCOMPARE(QString::fromStdString(es[1].surface), QStringLiteral("Alice@Corp.com"));
        QCOMPARE(QString::fromStdString(es[5].surface), QStringLiteral("Acme Labs"));
        // Without the registry the same text yields the raw kinds.
        const auto raw = ids_of(text);
        QVERIFY(raw.contains(QStringLiteral("email:alice@corp.com")));
        QVERIFY(raw.contains(QStringLiteral("handle:asmith")));
        QVERIFY(raw.contains(QStringLiteral("organization:acme labs")));
    }

    void invalidUtf8NeverLeaksIntoEntities() {
        const std::string text = "bad \xFF @bob \xC0 https://x.io/\xFFpath #tag\xFE";
        const auto es = extract_entities(text);
        QCOMPARE(ids(es), L({"handle:bob", "url:https://x.io/", "hashtag:tag", "topic:tag"}));
        for (const auto& e : es) {
            QVERIFY(is_valid_utf8(e.surface));
            QVERIFY(is_valid_utf8(e.canonical_id));
        }
        std::string garbage;
        for (int i = 0; i < 4096; ++i)
            garbage.push_back(static_cast<char>((i * 151 + 7) % 256));
        for (const auto& e : extract_entities(garbage))
            QVERIFY(is_valid_utf8(e.surface));
    }

    void resultsAreInTextOrderWithoutDuplicates() {
        const auto es = extract_entities("@a1 and @a1 again, #go #go");
        QCOMPARE(ids(es),
                 L({"handle:a1", "handle:a1", "hashtag:go", "topic:go", "hashtag:go", "topic:go"}));
        for (std::size_t i = 1; i < es.size(); ++i)
            QVERIFY(es[i - 1].start <= es[i].start);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestEntities)
#include "tst_entities.moc"
} // namespace tst_entities
