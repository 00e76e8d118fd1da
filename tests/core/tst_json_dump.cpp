// Every JSON text memlens writes replaces a byte that is not UTF-8 with U+FFFD instead of
// throwing: a tag of a user's file or a category of an evaluation set must not abort an ingest
// or a report (json_writer.h states the rule for the retrieval types).
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/embedder.h>
#include <memlens/eval.h>
#include <memlens/ingest.h>
#include <memlens/vault.h>

#include <QtTest>

#include <exception>

namespace tst_json_dump {

using namespace memlens;

namespace {

const std::string kBad = "bad\xff"; // 0xff never occurs in UTF-8
const std::string kReplaced = "bad\xef\xbf\xbd";

} // namespace

class TestJsonDump : public QObject {
    Q_OBJECT
private slots:
    // A tag that is not UTF-8 never reaches the vault (the ingestor's one rule for every
    // writer), and the refusal names it: nothing throws on the way.
    void aTagThatIsNotUtf8IsRefused() {
        test::TempDir tmp;
        auto vault = Vault::create(tmp.path() / "v");
        QVERIFY(vault.is_ok());
        auto emb = make_embedder_for(**vault);
        QVERIFY(emb.is_ok());
        IngestSource s;
        s.source_id = "slack:#eng";
        s.source_kind = "chat";
        s.platform = "slack";
        s.format = "jsonl";
        IngestItem it;
        it.author = "ann";
        it.ts_ms = 1'704'067'200'000;
        it.text = "the deploy is done";
        it.tags = {"deploy", kBad};
        s.items = {it};
        Ingestor ing(**vault, **emb);
        try {
            auto report = ing.ingest({s});
            QVERIFY(!report.is_ok());
            QCOMPARE(report.status().code(), StatusCode::InvalidArgument);
            QVERIFY2(report.status().message().find("item 1: tag holds invalid UTF-8") !=
                         std::string::npos,
                     report.status().to_string().c_str());
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
        auto chunks = (*vault)->db().query_int("SELECT count(*) FROM mem_tree_chunks");
        QVERIFY(chunks.is_ok());
        QCOMPARE(*chunks, std::int64_t{0});
    }

    void anEvalReportWithABadCategoryIsWritten() {
        LocomoEvalReport r;
        r.hybrid.turn_recall[kBad][5] = 0.5;
        std::string text;
        try {
            text = locomo_eval_json(r, -1);
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
        QVERIFY2(text.find("\"" + kReplaced + "\"") != std::string::npos, text.c_str());
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestJsonDump)
#include "tst_json_dump.moc"
} // namespace tst_json_dump
