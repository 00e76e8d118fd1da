// The generated two-friend chat (generate_conversation_file, `memlens-cli generate-chat`): the
// same bytes for the same options; LoCoMo's shape as import_locomo reads it; every question's
// evidence names a turn that holds its answer; the short and misspelt address forms it is
// built to contain come out of the vault as alias proposals of the right person; and a
// question that names a friend by such a form, or by a spelling the chat never shows, is read
// as that friend.
#include "suite.h"
#include "testsupport.h"

#include <memlens/embedder.h>
#include <memlens/entity_merge.h>
#include <memlens/generate.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace tst_generate_chat {

using namespace memlens;

namespace {

std::string read_all(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string lower(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// A vault holding the generated chat of `sessions` sessions (written to tmp/chat.json), ingested
// with the vault's default embedder.
Result<std::unique_ptr<Vault>> chat_vault(const test::TempDir& tmp, int sessions) {
    ConversationOptions opts;
    opts.sessions = sessions;
    MEMLENS_TRY(generate_conversation_file(tmp.file("chat.json"), opts).status());
    auto sources = import_locomo(tmp.file("chat.json"));
    if (!sources)
        return sources.status();
    auto vault = Vault::create(tmp.path() / "v");
    if (!vault)
        return vault.status();
    auto emb = make_embedder_for(**vault);
    if (!emb)
        return emb.status();
    Ingestor ing(**vault, **emb);
    MEMLENS_TRY(ing.ingest(*sources).status());
    return vault;
}

} // namespace

class TestGenerateChat : public QObject {
    Q_OBJECT
private slots:
    void sameOptionsSameBytesOtherSeedOtherBytes() {
        test::TempDir tmp;
        ConversationOptions opts;
        opts.sessions = 10;
        opts.seed = 4;
        QVERIFY(generate_conversation_file(tmp.file("a.json"), opts).is_ok());
        QVERIFY(generate_conversation_file(tmp.file("b.json"), opts).is_ok());
        opts.seed = 5;
        QVERIFY(generate_conversation_file(tmp.file("c.json"), opts).is_ok());
        QVERIFY(read_all(tmp.file("a.json")) == read_all(tmp.file("b.json")));
        QVERIFY(read_all(tmp.file("a.json")) != read_all(tmp.file("c.json")));
    }

    // import_locomo reads it as one chat source per conversation, the sessions in order with
    // their dates, and each question's evidence turn says the question's answer.
    void importsAsLocomoAndEvidenceHoldsTheAnswer() {
        test::TempDir tmp;
        ConversationOptions opts;
        opts.conversations = 2;
        opts.sessions = 20;
        auto summary = generate_conversation_file(tmp.file("chat.json"), opts);
        QVERIFY(summary.is_ok());
        QCOMPARE(summary->conversations, std::size_t{2});
        QCOMPARE(summary->sessions, std::size_t{40});

        auto sources = import_locomo(tmp.file("chat.json"));
        QVERIFY2(sources.is_ok(), sources.status().to_string().c_str());
        QCOMPARE(sources->size(), std::size_t{2});
        std::size_t items = 0;
        for (const IngestSource& s : *sources) {
            QCOMPARE(s.source_kind, std::string("chat"));
            QCOMPARE(s.persons.size(), std::size_t{2});
            items += s.items.size();
            for (std::size_t i = 1; i < s.items.size(); ++i)
                QVERIFY(s.items[i - 1].ts_ms <= s.items[i].ts_ms);
        }
        QCOMPARE(items, summary->turns);

        const QJsonArray all =
            QJsonDocument::fromJson(QByteArray::fromStdString(read_all(tmp.file("chat.json"))))
                .array();
        std::size_t questions = 0;
        for (const QJsonValue& sample : all) {
            const QJsonObject conv = sample[QStringLiteral("conversation")].toObject();
            std::map<std::string, std::string> turn_text;
            for (auto it = conv.begin(); it != conv.end(); ++it) {
                if (!it.value().isArray())
                    continue;
                for (const QJsonValue& t : it.value().toArray())
                    turn_text[t[QStringLiteral("dia_id")].toString().toStdString()] =
                        t[QStringLiteral("text")].toString().toStdString();
            }
            for (const QJsonValue& qa : sample[QStringLiteral("qa")].toArray()) {
                ++questions;
                const QJsonArray ev = qa[QStringLiteral("evidence")].toArray();
                QCOMPARE(ev.size(), 1);
                const std::string id = ev[0].toString().toStdString();
                QVERIFY2(turn_text.count(id), id.c_str());
                const std::string answer = qa[QStringLiteral("answer")].toString().toStdString();
                QVERIFY2(lower(turn_text[id]).find(lower(answer)) != std::string::npos,
                         (id + ": " + turn_text[id] + " / " + answer).c_str());
            }
        }
        QCOMPARE(questions, summary->questions);
        QVERIFY(questions >= 30);
    }

    // The speakers' short and misspelt address forms become person entities of their own at
    // ingest; the proposals name them as aliases of the speaker, with the speaker evidence.
    void addressFormsAreProposedAsAliasesOfTheSpeaker() {
        test::TempDir tmp;
        auto vault = chat_vault(tmp, 24);
        QVERIFY2(vault.is_ok(), vault.status().to_string().c_str());
        auto proposals = propose_entity_merges(**vault);
        QVERIFY2(proposals.is_ok(), proposals.status().to_string().c_str());
        std::set<std::pair<std::string, std::string>> got;
        for (const EntityMergeProposal& p : *proposals) {
            got.insert({p.from, p.into});
            if (p.from == "person:nat")
                QVERIFY(p.into_speaks_there);
        }
        QVERIFY(got.count({"person:nat", "person:natalia"}));
        QVERIFY(got.count({"person:natt", "person:natalia"}));
        QVERIFY(got.count({"person:ben", "person:benjamin"}));
        // Nothing proposes merging the two speakers, or a speaker into anyone.
        for (const auto& [from, into] : got) {
            QVERIFY(from != "person:natalia" && from != "person:benjamin");
        }
    }

    // The questions name the friends as people asking do: by the short form the other friend
    // uses (Nat), its slip (Natt), or a spelling of their own (Natalya, Benjamín: a letter off,
    // a mark added). Asked of the vault, each is read as the speaker, and the query's notes say
    // how (docs/entities.md, "Names in a query").
    void questionsNamingAFriendByAnotherFormAreReadAsTheFriend() {
        test::TempDir tmp;
        auto vault = chat_vault(tmp, 40);
        QVERIFY2(vault.is_ok(), vault.status().to_string().c_str());
        SearchEngineOptions o;
        o.audit = false;
        auto engine = SearchEngine::open(**vault, o);
        QVERIFY2(engine.is_ok(), engine.status().to_string().c_str());

        struct Form {
            const char* written;
            const char* person;
            const char* shown;
        };
        const Form forms[] = {
            {"Nat", "person:natalia", "Natalia"},     {"Natt", "person:natalia", "Natalia"},
            {"Natalya", "person:natalia", "Natalia"}, {"Ben", "person:benjamin", "Benjamin"},
            {"Benn", "person:benjamin", "Benjamin"},  {"Benjamín", "person:benjamin", "Benjamin"}};
        const auto doc =
            QJsonDocument::fromJson(QByteArray::fromStdString(read_all(tmp.file("chat.json"))));
        std::set<std::string> asked_as;
        for (const auto qa : doc.array().at(0).toObject().value(QStringLiteral("qa")).toArray()) {
            const std::string question =
                qa.toObject().value(QStringLiteral("question")).toString().toStdString();
            for (const Form& f : forms) {
                const std::string w = f.written;
                // The form as a word of its own, or before "'s".
                const auto at = question.find(" " + w);
                if (at == std::string::npos)
                    continue;
                const char after = question[at + 1 + w.size()];
                if (after != ' ' && after != '\'')
                    continue;
                asked_as.insert(w);
                auto ans = (*engine)->query(question, QueryOptions{});
                QVERIFY2(ans.is_ok(), ans.status().to_string().c_str());
                const auto& ents = ans->response.query_entities;
                QVERIFY2(std::find(ents.begin(), ents.end(), f.person) != ents.end(),
                         question.c_str());
                const std::string note =
                    "\"" + w + "\" is read as " + f.shown + " (" + f.person + ")";
                const auto& notes = ans->response.query_entity_notes;
                QVERIFY2(std::any_of(notes.begin(), notes.end(),
                                     [&](const std::string& n) { return n.rfind(note, 0) == 0; }),
                         (question + ": no note " + note).c_str());
            }
        }
        // The short form, the slip and the questions' own spellings all came up.
        for (const char* w : {"Nat", "Ben", "Natt", "Natalya", "Benjamín"})
            QVERIFY2(asked_as.count(w), w);
    }

    void cliWritesJsonAndRefusesBadOptions() {
        test::TempDir tmp;
        const QString file = QString::fromStdString(tmp.file("chat.json").string());
        auto run = test::run_cli({QStringLiteral("generate-chat"), QStringLiteral("--out"), file,
                                  QStringLiteral("--sessions"), QStringLiteral("6"),
                                  QStringLiteral("--json")});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const QJsonObject j = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).object();
        QCOMPARE(j.value(QStringLiteral("sessions")).toInt(), 6);
        QCOMPARE(static_cast<std::uintmax_t>(j.value(QStringLiteral("bytes")).toDouble()),
                 std::filesystem::file_size(tmp.file("chat.json")));

        auto bad = test::run_cli({QStringLiteral("generate-chat"), QStringLiteral("--out"), file,
                                  QStringLiteral("--sessions"), QStringLiteral("2")});
        QVERIFY(bad.exit_code != 0);
        QVERIFY2(bad.err.find("--sessions") != std::string::npos, bad.err.c_str());
        auto missing = test::run_cli({QStringLiteral("generate-chat")});
        QVERIFY(missing.exit_code != 0);
        QVERIFY(missing.err.find("--out") != std::string::npos);
        auto unwritable =
            test::run_cli({QStringLiteral("generate-chat"), QStringLiteral("--out"),
                           QString::fromStdString(tmp.file("no/such/dir/c.json").string())});
        QVERIFY(unwritable.exit_code != 0);
        QVERIFY(unwritable.err.find("c.json") != std::string::npos);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestGenerateChat)
#include "tst_generate_chat.moc"
} // namespace tst_generate_chat
