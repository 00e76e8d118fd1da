#include "testsupport.h"

#include <QProcess>
#include <QtTest>

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

} // namespace memlens::test
