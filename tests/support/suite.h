// One executable per test area (tests/CMakeLists.txt): each tests/<area>/tst_<unit>.cpp
// registers its Qt Test class as the suite <unit>'s file name with MEMLENS_TEST_MAIN (a
// QApplication where the area links Qt Widgets, as QTEST_MAIN) or MEMLENS_TEST_GUILESS_MAIN (a
// QCoreApplication), and `memlens-tests-<area> tst_<unit> [Qt Test options]` runs that one suite
// in a process of its own, as its own executable did. ctest keeps one entry per suite.
#pragma once

#include <QStringList>
#include <QtTest>

namespace memlens::test {

using SuiteMain = int (*)(int argc, char** argv);

// Called by the macros below, at static initialisation: `file` is the suite's __FILE__.
struct SuiteRegistration {
    SuiteRegistration(const char* file, SuiteMain main);
};

// The suite this process runs ("tst_seal"); empty before the runner chose one.
const QString& current_suite();

// The program and the arguments that run this suite again in a child process (a suite that
// starts itself to test a crash, say): the program alone would only list the suites.
QString suite_program();
QStringList suite_arguments();

} // namespace memlens::test

#define MEMLENS_TEST_MAIN_WITH(TestObject, App)                                                    \
    namespace {                                                                                    \
    int memlens_suite_main(int argc, char** argv) {                                                \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                         \
        App app(argc, argv);                                                                       \
        app.setAttribute(Qt::AA_Use96Dpi, true);                                                   \
        TestObject tc;                                                                             \
        QTEST_SET_MAIN_SOURCE_PATH                                                                 \
        return QTest::qExec(&tc, argc, argv);                                                      \
    }                                                                                              \
    const ::memlens::test::SuiteRegistration memlens_suite_registration(__FILE__,                  \
                                                                        &memlens_suite_main);      \
    }

#if defined(QT_WIDGETS_LIB)
#include <QApplication>
#define MEMLENS_TEST_MAIN(TestObject) MEMLENS_TEST_MAIN_WITH(TestObject, QApplication)
#else
#define MEMLENS_TEST_MAIN(TestObject) MEMLENS_TEST_MAIN_WITH(TestObject, QCoreApplication)
#endif
#define MEMLENS_TEST_GUILESS_MAIN(TestObject) MEMLENS_TEST_MAIN_WITH(TestObject, QCoreApplication)
