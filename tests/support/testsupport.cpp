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
    QProcess proc;
    proc.start(QString::fromStdString(cli_path()), args);
    CliRun r;
    if (!proc.waitForStarted(10000))
        return r;
    proc.closeWriteChannel();
    proc.waitForFinished(timeout_ms);
    r.exit_code = proc.exitStatus() == QProcess::NormalExit ? proc.exitCode() : -1;
    r.out = proc.readAllStandardOutput().toStdString();
    r.err = proc.readAllStandardError().toStdString();
    return r;
}

} // namespace memlens::test
