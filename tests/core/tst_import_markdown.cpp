// Markdown importer: documents split into sections at headings, frontmatter honoured, folders
// walked in a stable order, and bad files named with their line.
#include "suite.h"
#include "testsupport.h"

#include <memlens/import.h>

#include <QtTest>

#include <chrono>

namespace tst_import_markdown {

using namespace memlens;

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

bool contains(const std::string& haystack, const std::string& needle) {
    return haystack.find(needle) != std::string::npos;
}

void set_mtime(const std::filesystem::path& p, std::int64_t ms) {
    auto sys = std::chrono::system_clock::time_point(std::chrono::milliseconds(ms));
    std::filesystem::last_write_time(p, std::chrono::file_clock::from_sys(sys));
}

constexpr const char* kPlan = "---\n"
                              "title: \"Phoenix launch plan\"\n"
                              "date: 2024-03-01\n"
                              "tags: [launch, phoenix]\n"
                              "author: Dana Whitfield\n"
                              "---\n"
                              "Owner: @dana.\n"
                              "\n"
                              "# Phoenix\n"
                              "\n"
                              "Checkout revamp.\n"
                              "\n"
                              "## Timeline\n"
                              "\n"
                              "We'll ship Phoenix on May 3.\n"
                              "\n"
                              "```sh\n"
                              "# not a heading inside a fence\n"
                              "make ship\n"
                              "```\n"
                              "\n"
                              "#hashtag lines are not headings\n"
                              "\n"
                              "### Risks ###\n"
                              "QA capacity.\n";

} // namespace

class TestImportMarkdown : public QObject {
    Q_OBJECT
private slots:
    void fileIsSplitIntoSections() {
        test::TempDir tmp;
        tmp.write("plan.md", kPlan);
        set_mtime(tmp.file("plan.md"), 1'717'200'000'000);
        auto r = import_markdown(tmp.file("plan.md"));
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QCOMPARE(r->size(), std::size_t{1});
        const IngestSource& s = r->front();
        QCOMPARE(q(s.source_id), QStringLiteral("plan.md"));
        QCOMPARE(q(s.source_kind), QStringLiteral("document"));
        QCOMPARE(q(s.platform), QStringLiteral("markdown"));
        QCOMPARE(q(s.format), QStringLiteral("markdown"));
        QVERIFY(s.is_document);
        QCOMPARE(s.version_ms, std::int64_t{1'717'200'000'000});
        QCOMPARE(q(s.title), QStringLiteral("Phoenix launch plan"));
        QCOMPARE(s.persons, std::vector<std::string>{"Dana Whitfield"});

        QCOMPARE(s.items.size(), std::size_t{4});
        QCOMPARE(q(s.items[0].text), QStringLiteral("Owner: @dana."));
        QCOMPARE(s.items[0].line, std::size_t{7});
        QCOMPARE(q(s.items[1].text), QStringLiteral("# Phoenix\n\nCheckout revamp."));
        QCOMPARE(q(s.items[1].source_ref), QStringLiteral("plan.md#L9"));
        // The fenced "# ..." and "#hashtag" lines stay inside the Timeline section.
        QVERIFY(s.items[2].text.starts_with("## Timeline\n\nWe'll ship Phoenix on May 3."));
        QVERIFY(contains(s.items[2].text, "# not a heading inside a fence"));
        QVERIFY(contains(s.items[2].text, "#hashtag lines are not headings"));
        QCOMPARE(s.items[2].line, std::size_t{13});
        QCOMPARE(q(s.items[3].text), QStringLiteral("### Risks ###\nQA capacity."));
        QCOMPARE(q(s.items[3].source_ref), QStringLiteral("plan.md#L24"));
        // Context: the title and the enclosing headings.
        QCOMPARE(q(s.items[3].context), QStringLiteral("Phoenix launch plan > Phoenix > Timeline"));
        for (const auto& item : s.items) {
            QCOMPARE(item.ts_ms, std::int64_t{1'709'251'200'000}); // frontmatter date
            QCOMPARE(q(item.group_id), QStringLiteral("plan.md"));
            QCOMPARE(item.tags, (std::vector<std::string>{"launch", "phoenix"}));
            QCOMPARE(q(item.author), QStringLiteral("Dana Whitfield"));
        }
    }

    void titleFallsBackToHeadingThenStem() {
        auto with_heading =
            parse_markdown("intro\n\n# Real Title\ntext\n", "notes/a.md", "notes/a.md", 5);
        QVERIFY(with_heading.is_ok());
        QCOMPARE(q(with_heading->title), QStringLiteral("Real Title"));
        QCOMPARE(with_heading->items.front().ts_ms, std::int64_t{5}); // mtime without a date

        auto bare = parse_markdown("just text\n", "notes/meeting-2024.md", "x", 0);
        QVERIFY(bare.is_ok());
        QCOMPARE(q(bare->title), QStringLiteral("meeting-2024"));
        QCOMPARE(bare->items.size(), std::size_t{1});
        QCOMPARE(q(bare->items[0].source_ref), QStringLiteral("notes/meeting-2024.md#L1"));
    }

    void frontmatterVariants() {
        auto lists = parse_markdown("---\ntags:\n  - alpha\n  - '#beta'\ntitle: T\n---\nbody\n",
                                    "a.md", "a.md", 0);
        QVERIFY(lists.is_ok());
        QCOMPARE(lists->items.front().tags, (std::vector<std::string>{"alpha", "beta"}));
        QCOMPARE(q(lists->title), QStringLiteral("T"));
        QCOMPARE(lists->items.front().line, std::size_t{7});

        // Without a closing fence the dashes are a thematic break, not metadata.
        auto unclosed = parse_markdown("---\ntitle: nope\nbody\n", "b.md", "b.md", 0);
        QVERIFY(unclosed.is_ok());
        QCOMPARE(q(unclosed->title), QStringLiteral("b"));
        QVERIFY(contains(unclosed->items.front().text, "title: nope"));
    }

    void badFrontmatterDateNamesTheLine() {
        test::TempDir tmp;
        tmp.write("d.md", "---\ntitle: x\ndate: last tuesday\n---\nbody\n");
        auto r = import_markdown(tmp.file("d.md"));
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QVERIFY2(contains(r.status().message(), "d.md:3: frontmatter date"),
                 r.status().message().c_str());
    }

    void invalidUtf8NamesFileAndLine() {
        test::TempDir tmp;
        tmp.write("docs/ok.md", "# fine\n");
        tmp.write("docs/bad.md", "# Title\n\nline two\nbroken \xE2\x82 here\n");
        auto r = import_markdown(tmp.file("docs"));
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QVERIFY2(contains(r.status().message(), "bad.md:4: invalid UTF-8"),
                 r.status().message().c_str());
    }

    void folderIsWalkedRecursivelyInPathOrder() {
        test::TempDir tmp;
        tmp.write("vault/b.md", "# B\n");
        tmp.write("vault/a/z.md", "# Z\n");
        tmp.write("vault/a/c.MD", "# C\n");
        tmp.write("vault/.git/x.md", "# hidden\n");
        tmp.write("vault/.obsidian/y.md", "# hidden\n");
        tmp.write("vault/notes.txt", "not markdown\n");
        tmp.write("vault/empty.md", "\n\n");
        set_mtime(tmp.file("vault/b.md"), 1'700'000'000'000);
        auto r = import_markdown(tmp.file("vault"));
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        std::vector<std::string> ids;
        for (const auto& s : *r)
            ids.push_back(s.source_id);
        QCOMPARE(ids, (std::vector<std::string>{"a/c.MD", "a/z.md", "b.md"}));
        QCOMPARE(r->back().version_ms, std::int64_t{1'700'000'000'000});
        QCOMPARE(q(r->back().items.front().source_ref), QStringLiteral("b.md#L1"));
        QVERIFY(contains(r->front().origin_path, "vault"));
    }

    void folderWithoutMarkdownIsAnError() {
        test::TempDir tmp;
        tmp.write("empty/readme.txt", "nothing here");
        auto r = import_markdown(tmp.file("empty"));
        QCOMPARE(r.status().code(), StatusCode::InvalidArgument);
        QVERIFY(contains(r.status().message(), "no Markdown"));
        QVERIFY(contains(r.status().message(), "empty"));
    }

    void unreadablePathIsAnIoError() {
        test::TempDir tmp;
        auto r = import_markdown(tmp.file("missing.md"));
        QCOMPARE(r.status().code(), StatusCode::IoError);
        QVERIFY(contains(r.status().message(), "missing.md"));
    }

    void detectsMarkdownFoldersAndFiles() {
        test::TempDir tmp;
        tmp.write("notes/a.md", "# A\n");
        tmp.write("b.markdown", "# B\n");
        QCOMPARE(*detect_format(tmp.file("notes")), ImportFormat::Markdown);
        QCOMPARE(*detect_format(tmp.file("notes/a.md")), ImportFormat::Markdown);
        QCOMPARE(*detect_format(tmp.file("b.markdown")), ImportFormat::Markdown);
        auto r = import_path(tmp.file("notes"), std::nullopt);
        QVERIFY2(r.is_ok(), r.status().to_string().c_str());
        QCOMPARE(q(r->front().source_id), QStringLiteral("a.md"));
        // An explicit format wins over detection.
        auto forced = import_path(tmp.file("b.markdown"), ImportFormat::Jsonl);
        QCOMPARE(forced.status().code(), StatusCode::InvalidArgument);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestImportMarkdown)
#include "tst_import_markdown.moc"
} // namespace tst_import_markdown
