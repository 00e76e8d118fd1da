// The main() of every test area's executable: runs the one suite its first argument names
// (suite.h). Linked into each area's executable, not into memlens_testsupport.
#include "suite.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstring>
#include <map>
#include <string>

namespace memlens::test {

namespace {

std::map<std::string, SuiteMain>& suites() {
    static std::map<std::string, SuiteMain> all;
    return all;
}

QString& chosen() {
    static QString name;
    return name;
}

// "…/tests/core/tst_seal.cpp" → "tst_seal".
std::string suite_name(const char* file) {
    std::string name = file;
    if (auto slash = name.find_last_of("/\\"); slash != std::string::npos)
        name.erase(0, slash + 1);
    if (auto dot = name.rfind('.'); dot != std::string::npos)
        name.erase(dot);
    return name;
}

int list_suites(const char* self, FILE* out) {
    std::fprintf(out, "usage: %s SUITE [Qt Test options]\nsuites:\n", self);
    for (const auto& [name, main] : suites())
        std::fprintf(out, "  %s\n", name.c_str());
    return out == stdout ? 0 : 2;
}

} // namespace

SuiteRegistration::SuiteRegistration(const char* file, SuiteMain main) {
    suites().emplace(suite_name(file), main);
}

const QString& current_suite() {
    return chosen();
}

QString suite_program() {
    return QCoreApplication::applicationFilePath();
}

QStringList suite_arguments() {
    return {chosen()};
}

} // namespace memlens::test

int main(int argc, char** argv) {
    using namespace memlens::test;
    if (argc < 2 || std::strcmp(argv[1], "--list") == 0 || std::strcmp(argv[1], "--help") == 0)
        return list_suites(argv[0], argc < 2 ? stderr : stdout);
    auto it = suites().find(argv[1]);
    if (it == suites().end()) {
        std::fprintf(stderr, "%s: no suite named '%s'\n", argv[0], argv[1]);
        return list_suites(argv[0], stderr);
    }
    chosen() = QString::fromStdString(it->first);
    // The suite sees the program and the options after its name, as its own executable did.
    argv[1] = argv[0];
    return it->second(argc - 1, argv + 1);
}
