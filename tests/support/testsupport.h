// Shared helpers for the Qt Test suites: temporary vault folders and small corpora.
#pragma once

#include <memlens/status.h>

#include <QProcessEnvironment>
#include <QString>
#include <QTemporaryDir>
#include <QtGlobal>

#include <filesystem>
#include <string>
#include <utility>

namespace memlens::test {

// The value of a call that must succeed for the test to mean anything (building its fixture):
// otherwise the suite stops at once, naming `what` and the error.
template <typename T> T must(Result<T> r, const char* what) {
    if (!r.is_ok())
        qFatal("%s: %s", what, r.status().to_string().c_str());
    return std::move(r).value();
}

// A fresh folder for one test, deleted afterwards.
class TempDir {
public:
    TempDir();
    std::filesystem::path path() const;
    std::filesystem::path file(const std::string& name) const { return path() / name; }
    void write(const std::string& name, const std::string& content) const;

private:
    QTemporaryDir dir_;
};

// The size of a heavy test's workload (messages to import while others read), cut where every
// instruction costs several times more: MEMLENS_TEST_WORKLOAD is a percentage (default 100)
// of `full`, never below `at_least`. scripts/ci-asan.sh sets it for the sanitizer suites.
std::size_t workload(std::size_t full, std::size_t at_least);

// Path to the memlens-cli binary (from the MEMLENS_CLI environment that ctest sets).
std::string cli_path();

// Runs memlens-cli with args; returns exit code, captures stdout/stderr.
struct CliRun {
    int exit_code = -1;
    std::string out;
    std::string err;
};
CliRun run_cli(const QStringList& args, int timeout_ms = 120000);
// Runs any program the same way, with the given environment.
CliRun run_program(const std::string& program, const QStringList& args,
                   const QProcessEnvironment& env, int timeout_ms = 120000);

// Damages `db_path` (a closed SQLite file with no -wal) where SQLite's quick_check sees it but
// opening and reading the schema do not: the b-tree page type byte of the first page of
// `table`'s storage becomes 0xFF. Returns the page number it wrote, or 0 when it found none.
int damage_table_page(const std::filesystem::path& db_path, const std::string& table);

} // namespace memlens::test
