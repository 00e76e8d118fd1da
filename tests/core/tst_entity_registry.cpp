// The Markdown entity registry: load/upsert round trips on real folders, the frontmatter forms
// people write by hand, malformed files reported by file and line, and ids that try to escape
// the registry folder.
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/entities.h>
#include <memlens/retrieval.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QtTest>

#include <fstream>
#include <set>

namespace tst_entity_registry {

using namespace memlens;
using namespace Qt::StringLiterals;
namespace fs = std::filesystem;

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

QStringList qs(const std::vector<std::string>& v) {
    QStringList out;
    for (const auto& s : v)
        out << q(s);
    return out;
}

QStringList L(std::initializer_list<const char*> xs) {
    QStringList out;
    for (const char* x : xs)
        out << QString::fromUtf8(x);
    return out;
}

void write_file(const fs::path& path, const std::string& content) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << content;
}

std::vector<fs::path> all_files(const fs::path& dir) {
    std::vector<fs::path> out;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file())
            out.push_back(e.path());
    return out;
}

EntityRecord tricky_record() {
    EntityRecord r;
    r.id = "person:zoë-o'neil";
    r.kind = "person";
    r.display_name = "Zoë \"Zed\" O'Neil: #1 # not a comment";
    r.aliases = {"Zed", "  padded  ", "with, comma", "[bracket]", "- dash", "null", "~"};
    r.emails = {"zoe@example.com"};
    r.handles = {"@zed", "zed#1234"};
    r.notes = "# Notes\n\n---\nA body line with: colons\n\ttab and \\ backslash\n";
    return r;
}

void compare_records(const EntityRecord& a, const EntityRecord& b) {
    QCOMPARE(q(a.id), q(b.id));
    QCOMPARE(q(a.kind), q(b.kind));
    QCOMPARE(q(a.display_name), q(b.display_name));
    QCOMPARE(qs(a.aliases), qs(b.aliases));
    QCOMPARE(qs(a.emails), qs(b.emails));
    QCOMPARE(qs(a.handles), qs(b.handles));
    QCOMPARE(q(a.notes), q(b.notes));
}

} // namespace

class TestEntityRegistry : public QObject {
    Q_OBJECT
private slots:
    void missingFolderIsAnEmptyRegistry() {
        test::TempDir tmp;
        auto reg = EntityRegistry::load(tmp.path() / "entities");
        QVERIFY2(reg.is_ok(), reg.status().to_string().c_str());
        QVERIFY(reg->records().empty());
        QVERIFY(!reg->lookup_alias("anyone").has_value());
    }

    void upsertThenLoadRoundTrips() {
        test::TempDir tmp;
        const fs::path dir = tmp.path() / "entities";
        auto reg = EntityRegistry::load(dir);
        QVERIFY(reg.is_ok());
        const EntityRecord r = tricky_record();
        const Status st = reg->upsert(r);
        QVERIFY2(st.is_ok(), st.to_string().c_str());
        QVERIFY(fs::exists(reg->file_for("person", r.id)));
        QVERIFY(reg->file_for("person", r.id).parent_path() == dir / "person");

        auto again = EntityRegistry::load(dir);
        QVERIFY2(again.is_ok(), again.status().to_string().c_str());
        QCOMPARE(again->records().size(), std::size_t(1));
        compare_records(again->records()[0], r);
        // No temporary file is left behind by the atomic write.
        QCOMPARE(all_files(dir).size(), std::size_t(1));
    }

    // Links are never followed: a kind folder that links out of the vault is not written to
    // (nor read), a file that is a link is not read, and a huge file is refused by its size.
    void linksAreNotFollowedAndHugeFilesNotRead() {
        test::TempDir tmp;
        const fs::path dir = tmp.path() / "entities";
        const fs::path outside = tmp.path() / "outside";
        fs::create_directories(dir);
        fs::create_directories(outside);
        fs::create_directory_symlink(outside, dir / "person");
        {
            auto reg = EntityRegistry::load(dir);
            QVERIFY2(reg.is_ok(), reg.status().to_string().c_str());
            EntityRecord r;
            r.id = "person:benjamin";
            r.kind = "person";
            r.display_name = "Benjamin";
            const Status st = reg->upsert(r);
            QVERIFY(!st.is_ok());
            QVERIFY2(st.message().find("symbolic link") != std::string::npos,
                     st.to_string().c_str());
            QVERIFY(fs::is_empty(outside));
        }
        fs::remove(dir / "person");
        fs::create_directories(dir / "topic");
        tmp.write("secret.md", "---\nid: topic:secret\nname: Secret\n---\n");
        fs::create_symlink(tmp.path() / "secret.md", dir / "topic" / "linked.md");
        {
            auto reg = EntityRegistry::load(dir);
            QVERIFY2(reg.is_ok(), reg.status().to_string().c_str());
            QVERIFY(reg->records().empty());
        }
        tmp.write("entities/topic/huge.md",
                  "---\nid: topic:huge\nname: Huge\n---\n" + std::string(2u << 20, 'x'));
        auto reg = EntityRegistry::load(dir);
        QVERIFY(!reg.is_ok());
        QVERIFY2(reg.status().message().find("huge.md") != std::string::npos &&
                     reg.status().message().find("over the") != std::string::npos,
                 reg.status().to_string().c_str());
    }

    // A hand-written file whose id or names are not UTF-8 is refused naming the file, as an
    // upsert refuses it: such names were indexed and matched as bytes.
    void namesThatAreNotUtf8AreRefused() {
        test::TempDir tmp;
        tmp.write("entities/person/bad.md", "---\nid: person:b\xff\xfe\nkind: person\n"
                                            "display_name: Bad\n---\n");
        auto reg = EntityRegistry::load(tmp.path() / "entities");
        QVERIFY(!reg.is_ok());
        QVERIFY2(reg.status().message().find("bad.md") != std::string::npos &&
                     reg.status().message().find("not valid UTF-8") != std::string::npos,
                 reg.status().to_string().c_str());
    }

    void upsertReplacesInPlace() {
        test::TempDir tmp;
        auto reg = EntityRegistry::load(tmp.path());
        EntityRecord r{"person:bob", "person", "Bob", {"Bobby"}, {}, {}, "first\n"};
        QVERIFY(reg->upsert(r).is_ok());
        r.display_name = "Robert";
        r.aliases = {"Rob"};
        r.notes = "second\n";
        QVERIFY(reg->upsert(r).is_ok());
        QCOMPARE(reg->records().size(), std::size_t(1));
        QCOMPARE(q(reg->lookup_alias("rob").value_or("")), QStringLiteral("person:bob"));
        QVERIFY(!reg->lookup_alias("bobby").has_value()); // the old alias is gone
        auto again = EntityRegistry::load(tmp.path());
        QVERIFY(again.is_ok());
        QCOMPARE(again->records().size(), std::size_t(1));
        compare_records(again->records()[0], r);
        QCOMPARE(all_files(tmp.path()).size(), std::size_t(1));
    }

    void changingKindMovesTheFile() {
        test::TempDir tmp;
        auto reg = EntityRegistry::load(tmp.path());
        EntityRecord r{"acme", "topic", "Acme", {}, {}, {}, {}};
        QVERIFY(reg->upsert(r).is_ok());
        r.kind = "organization";
        QVERIFY(reg->upsert(r).is_ok());
        const auto files = all_files(tmp.path());
        QCOMPARE(files.size(), std::size_t(1));
        QCOMPARE(q(files[0].parent_path().filename().string()), QStringLiteral("organization"));
        auto again = EntityRegistry::load(tmp.path());
        QVERIFY2(again.is_ok(), again.status().to_string().c_str());
        QCOMPARE(q(again->find("acme")->kind), QStringLiteral("organization"));
    }

    // A file someone wrote by hand keeps its name when the registry updates it.
    void handWrittenFilesLoadAndKeepTheirName() {
        test::TempDir tmp;
        const fs::path alice = tmp.path() / "person" / "alice.md";
        write_file(alice, "\xEF\xBB\xBF---\r\n"
                          "# a comment line\r\n"
                          "id: person:alice\r\n"
                          "display_name: 'Alice ''Al'' Smith'  # trailing comment\r\n"
                          "aliases:\r\n"
                          "  - Ali\r\n"
                          "  - \"A. Smith\"\r\n"
                          "- Smithy\r\n"
                          "emails: [alice@example.com, \"a.smith@corp.io\"]\r\n"
                          "handles: asmith\r\n"
                          "tags:\r\n"
                          "  nested:\r\n"
                          "    - ignored\r\n"
                          "---\r\n"
                          "Met at the offsite.\r\n");
        write_file(tmp.path() / "project" / "phoenix.md",
                   "---\nid: project:phoenix\ndisplay_name: Phoenix\naliases: []\n---\n");
        write_file(tmp.path() / "project" / "README.txt", "not an entity");

        auto reg = EntityRegistry::load(tmp.path());
        QVERIFY2(reg.is_ok(), reg.status().to_string().c_str());
        QCOMPARE(reg->records().size(), std::size_t(2));
        const EntityRecord* a = reg->find("person:alice");
        QVERIFY(a != nullptr);
        QCOMPARE(q(a->kind), QStringLiteral("person")); // from the folder
        QCOMPARE(q(a->display_name), QStringLiteral("Alice 'Al' Smith"));
        QCOMPARE(qs(a->aliases), L({"Ali", "A. Smith", "Smithy"}));
        QCOMPARE(qs(a->emails), L({"alice@example.com", "a.smith@corp.io"}));
        QCOMPARE(qs(a->handles), L({"asmith"}));
        QCOMPARE(q(a->notes), QStringLiteral("Met at the offsite.\r\n"));
        QCOMPARE(q(reg->find("project:phoenix")->kind), QStringLiteral("project"));

        EntityRecord updated = *a;
        updated.aliases.push_back("Lissy");
        QVERIFY(reg->upsert(updated).is_ok());
        QVERIFY(fs::exists(alice));
        QVERIFY(!fs::exists(reg->file_for("person", "person:alice")));
        auto again = EntityRegistry::load(tmp.path());
        QVERIFY(again.is_ok());
        QCOMPARE(q(again->lookup_alias("LISSY").value_or("")), QStringLiteral("person:alice"));
    }

    void lookupIsCaseInsensitiveOverEverySurface_data() {
        QTest::addColumn<QString>("surface");
        QTest::addColumn<QString>("id");
        QTest::newRow("alias") << QStringLiteral("ALI") << QStringLiteral("person:alice");
        QTest::newRow("padded alias") << QStringLiteral("  ali ") << QStringLiteral("person:alice");
        QTest::newRow("display name")
            << QStringLiteral("alice SMITH") << QStringLiteral("person:alice");
        QTest::newRow("email") << QStringLiteral("Alice@Example.COM")
                               << QStringLiteral("person:alice");
        QTest::newRow("handle") << QStringLiteral("asmith") << QStringLiteral("person:alice");
        QTest::newRow("handle with @")
            << QStringLiteral("@ASmith") << QStringLiteral("person:alice");
        QTest::newRow("canonical id")
            << QStringLiteral("Person:Alice") << QStringLiteral("person:alice");
        QTest::newRow("unknown") << QStringLiteral("bob") << QStringLiteral("");
        QTest::newRow("empty") << QStringLiteral("") << QStringLiteral("");
    }
    void lookupIsCaseInsensitiveOverEverySurface() {
        QFETCH(QString, surface);
        QFETCH(QString, id);
        test::TempDir tmp;
        auto reg = EntityRegistry::load(tmp.path());
        QVERIFY(reg->upsert({"person:alice",
                             "person",
                             "Alice Smith",
                             {"Ali"},
                             {"alice@example.com"},
                             {"@asmith"},
                             {}})
                    .is_ok());
        const auto found = reg->lookup_alias(surface.toStdString());
        QCOMPARE(q(found.value_or("")), id);
    }

    void malformedFilesNameFileAndLine_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<int>("line");
        QTest::newRow("no frontmatter") << QByteArray("# Alice\nid: x\n") << 1;
        QTest::newRow("never closed") << QByteArray("---\nid: x\nkind: person\n") << 1;
        QTest::newRow("not key: value") << QByteArray("---\nid: a\nthis is not yaml\n---\n") << 3;
        QTest::newRow("open double quote") << QByteArray("---\nid: \"abc\n---\n") << 2;
        QTest::newRow("open single quote")
            << QByteArray("---\nid: a\ndisplay_name: 'x\n---\n") << 3;
        QTest::newRow("open list") << QByteArray("---\nid: a\naliases: [a, b\n---\n") << 3;
        QTest::newRow("item without list") << QByteArray("---\nid: a\n- b\n---\n") << 3;
        QTest::newRow("missing id") << QByteArray("---\nkind: person\n---\n") << 1;
        QTest::newRow("duplicate key") << QByteArray("---\nid: a\nid: b\n---\n") << 3;
        QTest::newRow("text after quote") << QByteArray("---\nid: \"a\" b\n---\n") << 2;
        QTest::newRow("list as id") << QByteArray("---\nid: [a]\n---\n") << 2;
        QTest::newRow("bad escape") << QByteArray("---\nid: a\naliases:\n  - \"\\q\"\n---\n") << 4;
        QTest::newRow("stray indent") << QByteArray("---\nid: a\n  display_name: x\n---\n") << 3;
    }
    void malformedFilesNameFileAndLine() {
        QFETCH(QByteArray, content);
        QFETCH(int, line);
        test::TempDir tmp;
        write_file(tmp.path() / "person" / "good.md", "---\nid: person:good\n---\n");
        const fs::path bad = tmp.path() / "person" / "broken.md";
        write_file(bad, content.toStdString());
        auto reg = EntityRegistry::load(tmp.path());
        QVERIFY(!reg.is_ok());
        QCOMPARE(reg.status().code(), StatusCode::InvalidArgument);
        const std::string expected = bad.string() + ":" + std::to_string(line) + ": ";
        QVERIFY2(reg.status().message().rfind(expected, 0) == 0, reg.status().message().c_str());
    }

    // Every path that loads a vault's registry refuses a malformed one the way ingest does,
    // naming the file and line, instead of running silently without its aliases.
    void malformedRegistryStopsEveryQueryPath() {
        test::TempDir tmp;
        const fs::path dir = tmp.path() / "v";
        {
            auto vault = Vault::create(dir);
            QVERIFY2(vault.is_ok(), vault.status().to_string().c_str());
        }
        const fs::path bad = dir / "entities" / "person" / "broken.md";
        write_file(bad, "---\nid: person:x\nthis is not yaml\n---\n");
        const std::string where = bad.string() + ":3: ";

        auto vault = Vault::open(dir, true);
        QVERIFY(vault.is_ok());
        SearchEngineOptions eo;
        eo.audit = false;
        auto engine = SearchEngine::open(**vault, eo);
        QVERIFY(!engine.is_ok());
        QVERIFY2(engine.status().message().find(where) != std::string::npos,
                 engine.status().message().c_str());
        WalkOptions wo;
        wo.query = "where is alice";
        auto walked = walk(**vault, wo, nullptr);
        QVERIFY(!walked.is_ok());
        QVERIFY2(walked.status().message().find(where) != std::string::npos,
                 walked.status().message().c_str());

        const QString v = q(dir.string());
        for (const QStringList& args :
             {QStringList{u"query"_s, u"--vault"_s, v, u"--no-audit"_s, u"alice"_s},
              QStringList{u"walk"_s, u"--vault"_s, v, u"--query"_s, u"alice"_s},
              QStringList{u"entities"_s, u"--vault"_s, v, u"--query"_s, u"alice"_s}}) {
            auto run = test::run_cli(args);
            QVERIFY2(run.exit_code != 0, qPrintable(args.join(u' ')));
            QVERIFY2(run.err.find(where) != std::string::npos, run.err.c_str());
        }
    }

    void duplicateIdsAcrossFilesAreAnError() {
        test::TempDir tmp;
        write_file(tmp.path() / "person" / "a.md", "---\nid: person:x\n---\n");
        write_file(tmp.path() / "person" / "b.md", "---\nid: person:x\n---\n");
        auto reg = EntityRegistry::load(tmp.path());
        QVERIFY(!reg.is_ok());
        QCOMPARE(reg.status().code(), StatusCode::InvalidArgument);
        QVERIFY(reg.status().message().find("a.md") != std::string::npos);
        QVERIFY(reg.status().message().find("b.md") != std::string::npos);
    }

    void upsertRejectsBadRecords() {
        test::TempDir tmp;
        auto reg = EntityRegistry::load(tmp.path());
        QCOMPARE(reg->upsert({"", "person", "x", {}, {}, {}, {}}).code(),
                 StatusCode::InvalidArgument);
        QCOMPARE(reg->upsert({"person:x", "", "x", {}, {}, {}, {}}).code(),
                 StatusCode::InvalidArgument);
        QCOMPARE(reg->upsert({"person:x", "person", "bad \xFF", {}, {}, {}, {}}).code(),
                 StatusCode::InvalidArgument);
        QVERIFY(all_files(tmp.path()).empty());
    }

    void safeFileStems_data() {
        QTest::addColumn<QByteArray>("id");
        QTest::newRow("parent escape") << QByteArray("../x");
        QTest::newRow("deep escape") << QByteArray("../../../../etc/passwd");
        QTest::newRow("absolute") << QByteArray("/etc/passwd");
        QTest::newRow("backslash") << QByteArray("..\\..\\windows\\system32");
        QTest::newRow("nul") << QByteArray("a\0b", 3);
        QTest::newRow("con") << QByteArray("con");
        QTest::newRow("CON upper") << QByteArray("CON");
        QTest::newRow("con.txt") << QByteArray("con.txt");
        QTest::newRow("lpt1") << QByteArray("lpt1");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("dot") << QByteArray(".");
        QTest::newRow("dotdot") << QByteArray("..");
        QTest::newRow("hidden") << QByteArray(".hidden");
        QTest::newRow("separators") << QByteArray("a/b\\c:d*e?f\"g<h>i|j");
        QTest::newRow("spaces") << QByteArray(" padded id ");
        QTest::newRow("unicode") << QByteArray("person:zoë");
        QTest::newRow("very long") << QByteArray(5000, 'a');
        QTest::newRow("very long escaped") << QByteArray(5000, '/');
        QTest::newRow("canonical") << QByteArray("person:alice");
    }
    void safeFileStems() {
        QFETCH(QByteArray, id);
        const std::string stem = safe_file_stem(std::string_view(id.constData(), id.size()));
        QVERIFY(!stem.empty());
        QVERIFY(stem != "." && stem != "..");
        QVERIFY(stem.front() != '.');
        QVERIFY(stem.size() <= 160);
        for (char c : stem)
            QVERIFY2((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
                         c == '-' || c == '%' || (c >= 'A' && c <= 'F') || c == '~',
                     stem.c_str());
        const std::string base = stem.substr(0, stem.find('.'));
        for (const char* reserved : {"con", "prn", "aux", "nul", "lpt1", "com1"})
            QVERIFY2(base != reserved, stem.c_str());
    }

    void safeFileStemsAreDistinct() {
        std::vector<std::string> inputs = {"",
                                           "%",
                                           ".",
                                           "..",
                                           "%2E",
                                           "a",
                                           "A",
                                           "a/b",
                                           "a%2Fb",
                                           "con",
                                           "%63on",
                                           "x~",
                                           std::string("a\0b", 3),
                                           "a0b"};
        const std::string prefix(300, 'p');
        inputs.push_back(prefix + "one");
        inputs.push_back(prefix + "two");
        std::set<std::string> stems;
        for (const auto& id : inputs)
            stems.insert(safe_file_stem(id));
        QCOMPARE(stems.size(), inputs.size());
        QCOMPARE(q(safe_file_stem("person:alice")), QStringLiteral("person%3Aalice"));
    }

    // End to end: hostile ids and kinds land inside the registry folder and read back intact.
    void hostileIdsStayInsideTheFolder() {
        test::TempDir tmp;
        const fs::path dir = tmp.path() / "entities";
        auto reg = EntityRegistry::load(dir);
        const std::vector<std::string> hostile = {"../escape",
                                                  "/etc/passwd",
                                                  std::string("nul\0byte", 8),
                                                  "con",
                                                  "..",
                                                  ".",
                                                  std::string(3000, 'x'),
                                                  "a/../../b",
                                                  "C:\\Windows\\x"};
        for (const auto& id : hostile) {
            const Status st = reg->upsert({id, "../../kind", "display", {}, {}, {}, {}});
            QVERIFY2(st.is_ok(), st.to_string().c_str());
        }
        // Nothing was created next to the registry folder.
        std::size_t siblings = 0;
        for ([[maybe_unused]] const auto& e : fs::directory_iterator(tmp.path()))
            ++siblings;
        QCOMPARE(siblings, std::size_t(1));
        const fs::path root = fs::canonical(dir);
        for (const auto& f : all_files(dir)) {
            const fs::path parent = fs::canonical(f).parent_path();
            QVERIFY2(parent.parent_path() == root, f.c_str());
        }
        auto again = EntityRegistry::load(dir);
        QVERIFY2(again.is_ok(), again.status().to_string().c_str());
        QCOMPARE(again->records().size(), hostile.size());
        for (const auto& id : hostile)
            QVERIFY2(again->find(id) != nullptr, id.c_str());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestEntityRegistry)
#include "tst_entity_registry.moc"
} // namespace tst_entity_registry
