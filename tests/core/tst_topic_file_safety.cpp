// topic-index.bin is derived data memlens writes and maps beside vault.db; nothing planted in
// the vault folder, damaged on disk or cut off by a kill may make it write through a link,
// wait on a FIFO, trust changed bytes or lose the valid index it had:
// - links at the names it writes (the old scratch name, the final name) are replaced or left
//   alone, never written through;
// - a FIFO at topic-index.bin is refused at once (queries run, `stats` says why);
// - a flipped byte in any section, a NaN, shuffled ids: the file is not current, `stats` says
//   which section, searches answer as a fresh index does, `reindex` writes it whole again;
// - a writer killed before its commit leaves the old index current and intact; killed after
//   its commit, before the rename, leaves the new one current.
#include "suite.h"
#include "testsupport.h"

#include <memlens/db.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <random>

namespace tst_topic_file_safety {

using namespace memlens;
using namespace Qt::StringLiterals;
namespace fs = std::filesystem;

namespace {

constexpr int kDim = 16;
constexpr const char* kSignature = "sig";

std::string read_bytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_bytes(const fs::path& p, const std::string& bytes) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
}

Vector unit_vector(std::mt19937& rng) {
    std::normal_distribution<float> g(0.0f, 1.0f);
    Vector v(kDim);
    for (float& x : v)
        x = g(rng);
    return v;
}

Status insert_vector(const Database& db, const std::string& id, const Vector& v) {
    auto st = db.prepare("INSERT INTO mem_tree_chunk_embeddings(chunk_id, model_signature, "
                         "vector, dim, created_at) VALUES (?, ?, ?, ?, 0)");
    if (!st.is_ok())
        return st.status();
    st->bind(1, id).bind(2, kSignature).bind_blob(3, encode_vector(v)).bind(4, kDim);
    return st->exec();
}

TopicTreeOptions small_tree() {
    TopicTreeOptions o;
    o.branching = 4;
    o.max_leaf_items = 16;
    return o;
}

// Ids and similarities of a beam search and an exact scan for a few fixed queries: what a
// user sees of the vector leg.
std::vector<std::pair<std::string, double>> answers(const TopicIndex& index) {
    std::mt19937 rng(99);
    std::vector<std::pair<std::string, double>> out;
    BeamOptions beam;
    beam.beam_width = 2;
    for (int q = 0; q < 4; ++q) {
        const Vector query = unit_vector(rng);
        for (const auto& hits : {index.search(query, 8, beam), index.exact(query, 8)})
            for (const VectorHit& h : hits)
                out.emplace_back(h.node_id, h.similarity);
    }
    return out;
}

// A vault of 300 random vectors with its tree and index file saved (outside a transaction,
// so save() publishes topic-index.bin itself).
struct VectorVault {
    test::TempDir tmp;
    fs::path dir = tmp.path() / "v";
    fs::path file = dir / "topic-index.bin";
    std::unique_ptr<Vault> vault;

    explicit VectorVault(int count = 300) {
        auto v = Vault::create(dir);
        if (!v.is_ok())
            qFatal("%s", v.status().to_string().c_str());
        vault = std::move(v).value();
        std::mt19937 rng(7);
        auto tx = Transaction::begin(db());
        if (!tx.is_ok())
            qFatal("begin");
        for (int i = 0; i < count; ++i)
            if (!insert_vector(db(), "c" + std::to_string(1000 + i), unit_vector(rng)).is_ok())
                qFatal("insert");
        if (!tx->commit().is_ok())
            qFatal("commit");
        auto index = TopicIndex::load(db(), kSignature, small_tree());
        if (!index.is_ok() || !index->save(db()).is_ok())
            qFatal("save");
    }
    const Database& db() const { return vault->db(); }
    Result<TopicIndex> load() const { return TopicIndex::load(db(), kSignature, small_tree()); }
};

std::vector<fs::path> pending_files(const fs::path& dir) {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().filename().string().ends_with(".pending"))
            out.push_back(e.path());
    return out;
}

// Runs the CLI and waits long enough that only a hang fails (no timing is asserted).
test::CliRun run_cli_to_end(const QStringList& args) {
    QProcess proc;
    proc.start(QString::fromStdString(test::cli_path()), args);
    test::CliRun r;
    if (!proc.waitForStarted(10000))
        return r;
    proc.closeWriteChannel();
    if (!proc.waitForFinished(60000)) {
        proc.kill();
        proc.waitForFinished();
        r.err = "still running after 60 s: killed";
        return r;
    }
    r.exit_code = proc.exitStatus() == QProcess::NormalExit ? proc.exitCode() : -1;
    r.out = proc.readAllStandardOutput().toStdString();
    r.err = proc.readAllStandardError().toStdString();
    return r;
}

// Whether the vault's index file is current, as `stats` reports it.
bool index_file_current(const fs::path& dir) {
    auto vault = Vault::open(dir, true);
    if (!vault.is_ok())
        return false;
    auto status = TopicIndex::file_status((*vault)->db());
    return status.is_ok() && status->current;
}

QString qpath(const fs::path& p) {
    return QString::fromStdString(p.string());
}

} // namespace

class TestTopicFileSafety : public QObject {
    Q_OBJECT

    test::TempDir shared_;
    fs::path cli_vault_;

    // A fresh copy of the CLI-made vault.
    fs::path cli_vault_copy(const test::TempDir& tmp) const {
        const fs::path dir = tmp.path() / "v";
        fs::copy(cli_vault_, dir, fs::copy_options::recursive);
        return dir;
    }

    // The hits of `query --json` for a fixed text, by id (what the user sees of the search).
    static std::vector<std::string> query_ids(const fs::path& dir) {
        const auto run = run_cli_to_end(
            {u"query"_s, u"--vault"_s, qpath(dir), u"--json"_s, u"budget review for the launch"_s});
        if (run.exit_code != 0)
            return {"query failed: " + run.err};
        std::vector<std::string> ids;
        const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(run.out));
        for (const QJsonValue hit : doc.object().value(u"hits"_s).toArray())
            ids.push_back(hit.toObject().value(u"node_id"_s).toString().toStdString());
        return ids;
    }

    // legs.vector.index_problem of a `query --json` answer ("" when null).
    static QString index_problem(const std::string& out) {
        const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(out));
        return doc.object()
            .value(u"legs"_s)
            .toObject()
            .value(u"vector"_s)
            .toObject()
            .value(u"index_problem"_s)
            .toString();
    }

private slots:
    void initTestCase() {
        const fs::path jsonl = shared_.path() / "c.jsonl";
        cli_vault_ = shared_.path() / "v";
        auto run = test::run_cli({u"generate"_s, u"--out"_s, qpath(jsonl), u"--chunks"_s, u"300"_s,
                                  u"--seed"_s, u"7"_s});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        run = test::run_cli({u"ingest"_s, u"--vault"_s, qpath(cli_vault_), qpath(jsonl)});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        QVERIFY(fs::is_regular_file(cli_vault_ / "topic-index.bin"));
        QVERIFY(pending_files(cli_vault_).empty());
    }

    // A link at the name older versions wrote aside (topic-index.bin.tmp) or at
    // topic-index.bin itself: reindex and ingest never write through it.
    void linksAtItsNamesAreNeverWrittenThrough() {
        test::TempDir tmp;
        const fs::path dir = cli_vault_copy(tmp);
        const fs::path victim = tmp.path() / "victim";
        write_bytes(victim, "not yours\n");
        fs::create_symlink(victim, dir / "topic-index.bin.tmp");
        fs::remove(dir / "topic-index.bin");
        fs::create_symlink(victim, dir / "topic-index.bin");

        auto run = run_cli_to_end({u"stats"_s, u"--vault"_s, qpath(dir)});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        QVERIFY2(run.out.find("symbolic link") != std::string::npos, run.out.c_str());
        QVERIFY(run.out.find("(current)") == std::string::npos);

        run = run_cli_to_end({u"reindex"_s, u"--vault"_s, qpath(dir)});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        QCOMPARE(read_bytes(victim), std::string("not yours\n"));
        QVERIFY(!fs::is_symlink(dir / "topic-index.bin"));
        QVERIFY(fs::is_regular_file(dir / "topic-index.bin"));
        QVERIFY(index_file_current(dir));

        // An import writes the file too.
        fs::remove(dir / "topic-index.bin");
        fs::create_symlink(victim, dir / "topic-index.bin");
        const fs::path more = tmp.path() / "more.jsonl";
        run = run_cli_to_end(
            {u"generate"_s, u"--out"_s, qpath(more), u"--chunks"_s, u"40"_s, u"--seed"_s, u"8"_s});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        run = run_cli_to_end({u"ingest"_s, u"--vault"_s, qpath(dir), qpath(more)});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        QCOMPARE(read_bytes(victim), std::string("not yours\n"));
        QVERIFY(fs::is_symlink(dir / "topic-index.bin.tmp"));
        QVERIFY(!fs::is_symlink(dir / "topic-index.bin"));
        QVERIFY(pending_files(dir).empty());
        QVERIFY(index_file_current(dir));
    }

    // A FIFO at topic-index.bin: refused without a wait, so a query answers (from the vault's
    // vectors), and `stats` says why the file is not used.
    void fifoIsRefusedAtOnce() {
        test::TempDir tmp;
        const fs::path dir = cli_vault_copy(tmp);
        const auto expected = query_ids(dir);
        QVERIFY(!expected.empty());
        fs::remove(dir / "topic-index.bin");
        QCOMPARE(::mkfifo((dir / "topic-index.bin").c_str(), 0600), 0);

        QCOMPARE(query_ids(dir), expected);
        auto run = run_cli_to_end({u"stats"_s, u"--vault"_s, qpath(dir)});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        QVERIFY2(run.out.find("not a regular file") != std::string::npos, run.out.c_str());

        run = run_cli_to_end({u"reindex"_s, u"--vault"_s, qpath(dir)});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        QVERIFY(fs::is_regular_file(dir / "topic-index.bin"));
        QVERIFY(index_file_current(dir));
    }

    // One flipped byte in each section (and in the header): the file is not current, the
    // reason names the section, and the search answers exactly as from the vault's vectors.
    void damageInAnySectionIsDetected() {
        VectorVault v;
        auto good = v.load();
        QVERIFY(good.is_ok() && good->mapped());
        const auto expected = answers(*good);
        auto status = TopicIndex::file_status(v.db());
        QVERIFY(status.is_ok() && status->current);
        QCOMPARE(status->sections.size(), std::size_t(13));
        const std::string saved = read_bytes(v.file);

        auto check_rejected = [&](const std::string& bytes, const std::string& reason) {
            write_bytes(v.file, bytes);
            auto st = TopicIndex::file_status(v.db());
            QVERIFY(st.is_ok());
            QVERIFY2(!st->current, reason.c_str());
            QVERIFY2(st->problem.find(reason) != std::string::npos, st->problem.c_str());
            auto index = v.load();
            QVERIFY(index.is_ok());
            QVERIFY2(!index->mapped(), reason.c_str());
            QVERIFY2(answers(*index) == expected, reason.c_str());
        };
        for (const TopicFileSection& section : status->sections) {
            if (section.bytes == 0)
                continue;
            std::string bytes = saved;
            bytes[section.offset + section.bytes / 2] ^= 0x10;
            check_rejected(bytes, "checksum of its " + section.name + " section");

            // What a search loads: every section but the rows, their codes and the centroids is
            // still checked before mapping; those are checked row by row as they are read.
            auto lazy =
                TopicIndex::load(v.db(), kSignature, small_tree(), false, TopicFileCheck::PerRow);
            QVERIFY(lazy.is_ok());
            const bool deferred = section.name == "vectors" || section.name == "vector codes" ||
                                  section.name == "centroids";
            QVERIFY2(lazy->mapped() == deferred, section.name.c_str());
            if (section.name == "vectors") {
                QVERIFY(lazy->damage().empty());
                (void)answers(*lazy); // the exact scan reads every row
                QVERIFY2(lazy->damage().find("in its vectors section does not match") !=
                             std::string::npos,
                         lazy->damage().c_str());
            }
        }
        std::string bytes = saved;
        bytes[20] ^= 0x01; // inside the token: the header's own checksum
        check_rejected(bytes, "checksum of its header");

        // A NaN in a vector, and two ids swapped: both sections' checksums catch it.
        const auto find = [&](const char* name) {
            for (const TopicFileSection& s : status->sections)
                if (s.name == name)
                    return s;
            return TopicFileSection{};
        };
        bytes = saved;
        const float nan = std::numeric_limits<float>::quiet_NaN();
        std::memcpy(bytes.data() + find("vectors").offset + 5 * sizeof(float), &nan, sizeof nan);
        check_rejected(bytes, "checksum of its vectors section");
        bytes = saved;
        const TopicFileSection ids = find("ids"); // "c1000c1001…": swap the first two ids
        std::swap_ranges(bytes.begin() + std::ptrdiff_t(ids.offset),
                         bytes.begin() + std::ptrdiff_t(ids.offset + 5),
                         bytes.begin() + std::ptrdiff_t(ids.offset + 5));
        QVERIFY(bytes != saved);
        check_rejected(bytes, "checksum of its ids section");

        write_bytes(v.file, saved);
        auto restored = v.load();
        QVERIFY(restored.is_ok() && restored->mapped());
        QVERIFY(answers(*restored) == expected);
        auto lazy =
            TopicIndex::load(v.db(), kSignature, small_tree(), false, TopicFileCheck::PerRow);
        QVERIFY(lazy.is_ok() && lazy->mapped());
        QVERIFY(answers(*lazy) == expected);
        QVERIFY2(lazy->damage().empty(), lazy->damage().c_str());
    }

    // The int8 codes are read only by a beam's first pass over thousands of members: a
    // damaged code is found there, ranks last, and is reported.
    void damagedCodesAreFoundAsTheBeamReadsThem() {
        VectorVault v(5000);
        auto status = TopicIndex::file_status(v.db());
        QVERIFY(status.is_ok() && status->current);
        TopicFileSection codes;
        for (const TopicFileSection& s : status->sections)
            if (s.name == "vector codes")
                codes = s;
        QVERIFY(codes.bytes == 5000u * kDim);
        std::string bytes = read_bytes(v.file);
        bytes[codes.offset + 1234 * kDim + 3] ^= 0x22; // the code of position 1234
        write_bytes(v.file, bytes);
        auto lazy =
            TopicIndex::load(v.db(), kSignature, small_tree(), false, TopicFileCheck::PerRow);
        QVERIFY(lazy.is_ok() && lazy->mapped());
        BeamOptions wide; // reaches every leaf: all 5000 members go through the first pass
        wide.beam_width = 4096;
        wide.max_leaf_items = 4096;
        (void)lazy->search(Vector(kDim, 0.25f), 1, wide);
        QVERIFY2(lazy->damage().find("row 1234 (") != std::string::npos &&
                     lazy->damage().find("in its vector codes section does not match") !=
                         std::string::npos,
                 lazy->damage().c_str());
    }

    // A section checked when the file is loaded (here the ids) is found damaged before a query
    // reads anything: the file is not mapped, and the query's legs.vector.index_problem says so
    // as `stats` does (it said nothing before).
    void damageFoundAtLoadIsInTheQuerysAnswer() {
        test::TempDir tmp;
        const fs::path dir = cli_vault_copy(tmp);
        const auto expected = query_ids(dir);
        const fs::path file = dir / "topic-index.bin";
        std::string bytes = read_bytes(file);
        TopicFileSection ids;
        {
            auto vault = Vault::open(dir, true);
            QVERIFY(vault.is_ok());
            auto status = TopicIndex::file_status((*vault)->db());
            QVERIFY(status.is_ok() && status->current);
            for (const TopicFileSection& s : status->sections)
                if (s.name == "ids")
                    ids = s;
        }
        QVERIFY(ids.bytes > 0);
        bytes[ids.offset + ids.bytes / 2] ^= 0x10;
        write_bytes(file, bytes);
        auto run = run_cli_to_end(
            {u"query"_s, u"--vault"_s, qpath(dir), u"--json"_s, u"budget review for the launch"_s});
        const QString problem = index_problem(run.out);
        QVERIFY2(problem.contains(u"checksum of its ids section"_s) &&
                     problem.contains(u"reindex"_s),
                 qPrintable(problem));
        QCOMPARE(query_ids(dir), expected);
    }

    // Rebuild Index (reindex_topic_index, what the GUI and `reindex` run) while another process
    // imports into the same vault: both finish, the import's chunks are all there, SQLite's
    // integrity check is ok and the file the last writer left is current.
    void reindexWhileAnotherProcessImports() {
        test::TempDir tmp;
        const fs::path dir = cli_vault_copy(tmp);
        const fs::path more = tmp.path() / "more.jsonl";
        auto run =
            run_cli_to_end({u"generate"_s, u"--out"_s, qpath(more), u"--chunks"_s,
                            QString::number(test::workload(400, 150)), u"--seed"_s, u"21"_s});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        auto chunks = [&dir]() -> std::int64_t {
            auto v = Vault::open(dir, true);
            if (!v.is_ok())
                return -1;
            auto n = (*v)->db().query_int("SELECT count(*) FROM mem_tree_chunks");
            return n.is_ok() ? *n : -1;
        };
        const std::int64_t before = chunks();
        QVERIFY(before > 0);

        QProcess import;
        import.start(QString::fromStdString(test::cli_path()),
                     {u"ingest"_s, u"--vault"_s, qpath(dir), u"--json"_s, qpath(more)});
        QVERIFY(import.waitForStarted(10000));
        int during = 0; // rebuilds begun while the import ran
        while (import.state() != QProcess::NotRunning) {
            auto vault = Vault::open(dir, false);
            QVERIFY2(vault.is_ok(), vault.status().to_string().c_str());
            auto r = reindex_topic_index(**vault, false);
            QVERIFY2(r.is_ok(), r.status().to_string().c_str());
            ++during;
            import.waitForFinished(20);
        }
        QVERIFY(during > 0);
        QCOMPARE(import.exitStatus(), QProcess::NormalExit);
        QCOMPARE(import.exitCode(), 0);
        const auto report = QJsonDocument::fromJson(import.readAllStandardOutput()).object();
        const std::int64_t added = report.value(u"chunks"_s).toInteger(-1);
        QVERIFY(added > 0);
        QCOMPARE(chunks(), before + added);

        auto vault = Vault::open(dir, false);
        QVERIFY(vault.is_ok());
        auto st = (*vault)->db().prepare("PRAGMA integrity_check");
        QVERIFY(st.is_ok() && *st->step());
        QCOMPARE(st->column_text(0), std::string("ok"));
        vault = Vault::open(dir, false); // the check's statement released before the rebuild
        QVERIFY(reindex_topic_index(**vault, false).is_ok());
        QVERIFY(index_file_current(dir));
    }

    // `reindex`, the documented repair, rewrites a damaged file from vault.db, not from the
    // damaged bytes.
    void reindexRepairsADamagedFile() {
        test::TempDir tmp;
        const fs::path dir = cli_vault_copy(tmp);
        const auto expected = query_ids(dir);
        const fs::path file = dir / "topic-index.bin";
        std::string bytes = read_bytes(file);
        TopicFileSection rows;
        {
            auto vault = Vault::open(dir, true);
            QVERIFY(vault.is_ok());
            auto status = TopicIndex::file_status((*vault)->db());
            QVERIFY(status.is_ok() && status->current);
            for (const TopicFileSection& s : status->sections)
                if (s.name == "vectors")
                    rows = s;
        }
        QVERIFY(rows.bytes > 0);
        for (std::uint64_t i = 0; i < rows.bytes; i += 4 * 97) // a scattered row here and there
            bytes[rows.offset + i + 3] ^= 0x40;
        write_bytes(file, bytes);
        auto run = run_cli_to_end({u"stats"_s, u"--vault"_s, qpath(dir)});
        QVERIFY2(run.out.find("checksum of its vectors section") != std::string::npos,
                 run.out.c_str());
        // The query maps the file, finds a damaged row as it reads it, and answers from the
        // vectors in vault.db instead, saying so.
        QCOMPARE(query_ids(dir), expected);
        run = run_cli_to_end(
            {u"query"_s, u"--vault"_s, qpath(dir), u"--json"_s, u"budget review for the launch"_s});
        const QString problem = index_problem(run.out);
        QVERIFY2(problem.contains(u"in its vectors section does not match"_s), qPrintable(problem));

        run = run_cli_to_end({u"reindex"_s, u"--vault"_s, qpath(dir)});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        QVERIFY(index_file_current(dir));
        QCOMPARE(query_ids(dir), expected);
    }

    // A writer (a real child process) killed with SIGKILL after writing its new index file and
    // storing its token, before the commit: the old index stays current and whole. Killed after
    // the commit, before the rename: the new one is current. The next writer tidies up.
    void killedWriterLeavesOneIndexCurrent() {
        VectorVault v;
        const std::string old_bytes = read_bytes(v.file);
        auto old_index = v.load();
        QVERIFY(old_index.is_ok() && old_index->mapped());
        const auto old_answers = answers(*old_index);
        v.vault.reset(); // the child opens the vault itself, as another process would

        // Adds one vector, loads and saves the index in one transaction, then dies before the
        // commit or right after it, before publish_file().
        auto kill_writer = [&](bool commit) {
            const pid_t pid = ::fork();
            if (pid == 0) {
                auto vault = Vault::open(v.dir, false);
                if (!vault.is_ok())
                    ::_exit(10);
                const Database& db = (*vault)->db();
                auto tx = Transaction::begin(db);
                std::mt19937 rng(5);
                if (!tx.is_ok() || !insert_vector(db, "c9999", unit_vector(rng)).is_ok())
                    ::_exit(11);
                auto index = TopicIndex::load(db, kSignature, small_tree());
                if (!index.is_ok() || !index->save(db).is_ok())
                    ::_exit(12);
                if (commit && !tx->commit().is_ok())
                    ::_exit(13);
                ::raise(SIGKILL);
                ::_exit(14);
            }
            int status = 0;
            return pid > 0 && ::waitpid(pid, &status, 0) == pid && WIFSIGNALED(status) &&
                   WTERMSIG(status) == SIGKILL;
        };

        QVERIFY(kill_writer(false));
        QCOMPARE(pending_files(v.dir).size(), std::size_t(1)); // the dead writer's new file
        auto vault = Vault::open(v.dir, false);
        QVERIFY(vault.is_ok());
        const Database& db = (*vault)->db();
        auto status = TopicIndex::file_status(db);
        QVERIFY(status.is_ok());
        QVERIFY2(status->current, status->problem.c_str());
        QCOMPARE(status->path, v.file.string());
        QCOMPARE(read_bytes(v.file), old_bytes);
        auto after = TopicIndex::load(db, kSignature, small_tree());
        QVERIFY(after.is_ok() && after->mapped());
        QCOMPARE(after->size(), std::size_t(300));
        QVERIFY(answers(*after) == old_answers);
        QVERIFY(TopicIndex::publish_file(db).is_ok()); // no commit made it current: removed
        QVERIFY(pending_files(v.dir).empty());
        QCOMPARE(read_bytes(v.file), old_bytes);
        vault->reset();

        QVERIFY(kill_writer(true));
        vault = Vault::open(v.dir, false);
        QVERIFY(vault.is_ok());
        status = TopicIndex::file_status((*vault)->db());
        QVERIFY(status.is_ok());
        QVERIFY2(status->current, status->problem.c_str());
        QVERIFY(status->path != v.file.string()); // committed, not yet renamed
        auto newer = TopicIndex::load((*vault)->db(), kSignature, small_tree());
        QVERIFY(newer.is_ok() && newer->mapped());
        QCOMPARE(newer->size(), std::size_t(301));
        QVERIFY(newer->position("c9999"));
        QVERIFY(TopicIndex::publish_file((*vault)->db()).is_ok());
        QVERIFY(pending_files(v.dir).empty());
        status = TopicIndex::file_status((*vault)->db());
        QVERIFY(status.is_ok() && status->current);
        QCOMPARE(status->path, v.file.string());
        auto published = TopicIndex::load((*vault)->db(), kSignature, small_tree());
        QVERIFY(published.is_ok() && published->mapped());
        QVERIFY(answers(*published) == answers(*newer));
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestTopicFileSafety)
#include "tst_topic_file_safety.moc"
} // namespace tst_topic_file_safety
