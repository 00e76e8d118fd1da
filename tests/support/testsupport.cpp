#include "testsupport.h"

#include <memlens/db.h>

#include <QProcess>
#include <QtTest>

#include <algorithm>
#include <fstream>

namespace memlens::test {

TempDir::TempDir() {
    QVERIFY2(dir_.isValid(), "cannot create a temporary folder");
}

std::filesystem::path TempDir::path() const {
    return dir_.path().toStdString();
}

void TempDir::write(const std::string& name, const std::string& content) const {
    auto p = path() / name;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << content;
}

std::size_t workload(std::size_t full, std::size_t at_least) {
    bool ok = false;
    const int percent = qEnvironmentVariableIntValue("MEMLENS_TEST_WORKLOAD", &ok);
    if (!ok || percent <= 0 || percent >= 100)
        return full;
    return std::max(at_least, full * static_cast<std::size_t>(percent) / 100);
}

std::string cli_path() {
    QByteArray p = qgetenv("MEMLENS_CLI");
    return p.isEmpty() ? std::string("memlens-cli") : p.toStdString();
}

CliRun run_cli(const QStringList& args, int timeout_ms) {
    return run_program(cli_path(), args, QProcessEnvironment::systemEnvironment(), timeout_ms);
}

CliRun run_program(const std::string& program, const QStringList& args,
                   const QProcessEnvironment& env, int timeout_ms) {
    QProcess proc;
    proc.setProcessEnvironment(env);
    proc.start(QString::fromStdString(program), args);
    CliRun r;
    if (!proc.waitForStarted(10000))
        return r;
    proc.closeWriteChannel();
    // A run still going at the timeout is a hang: killed, and reported as no exit code at all
    // (exitCode() would read 0 for a process that never finished).
    const bool finished = proc.waitForFinished(timeout_ms);
    if (!finished) {
        proc.kill();
        proc.waitForFinished(10000);
    }
    r.exit_code = finished && proc.exitStatus() == QProcess::NormalExit ? proc.exitCode() : -1;
    r.out = proc.readAllStandardOutput().toStdString();
    r.err = proc.readAllStandardError().toStdString();
    return r;
}

int damage_table_page(const std::filesystem::path& db_path, const std::string& table) {
    int page = 0;
    int page_size = 0;
    {
        auto db = Database::open(db_path.string(), OpenMode::ReadWrite);
        if (!db)
            return 0;
        auto st = db->prepare("SELECT rootpage FROM sqlite_master WHERE name = ?");
        if (!st)
            return 0;
        st->bind(1, table);
        auto row = st->step();
        if (!row || !*row)
            return 0;
        page = static_cast<int>(st->column_int64(0));
        auto size = db->query_int("PRAGMA page_size");
        page_size = size ? static_cast<int>(*size) : 0;
        (void)db->exec("PRAGMA wal_checkpoint(TRUNCATE)");
    }
    if (page <= 1 || page_size <= 0)
        return 0;
    std::fstream f(db_path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(page - 1) * page_size);
    f.put(static_cast<char>(0xFF));
    return f.good() ? page : 0;
}

} // namespace memlens::test
