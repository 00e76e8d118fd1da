// memlens-bench gui: the inspector itself on a generated vault, driven offscreen through its real
// widgets the way a person goes through it: open the vault, read the Overview, ask a question
// (its breakdown shown), expand a tree, cover 90 days, open the graph, list the audit log, and
// try a what-if in the Lab. Each step is timed from the gesture to the signal that says its view
// is on screen; a timer on the GUI thread ticks every 5 ms throughout, and the longest gap
// between two ticks is the longest the GUI thread was blocked (the baseline: the same timer's
// longest gap over a second of an idle window, measured first in the same run).
//
// The log the Audit page and the Lab read: `--logged` real searches (generate_query_log), then
// copies of them, each older than the last (in time and by id), up to `--audit-rows` rows. The
// copies keep no candidate pools: the page lists rows and reads a row's pools only when one is
// opened.
#include "bench.h"
#include "core/threadguard.h"
#include "graph/graphscene.h"
#include "lab/labsettingspanel.h"
#include "mainwindow.h"
#include "measure.h"
#include "models/auditmodel.h"
#include "models/summarytreemodel.h"
#include "pages/auditpage.h"
#include "pages/graphpage.h"
#include "pages/labpage.h"
#include "pages/overviewpage.h"
#include "pages/querypage.h"
#include "pages/queryworkbench.h"
#include "pages/treespage.h"
#include "query/querysession.h"
#include "vault/vaultcontroller.h"
#include "workload.h"

#include <memlens/db.h>
#include <memlens/lab.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QMetaEnum>
#include <QStandardPaths>
#include <QTabWidget>
#include <QThread>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>

namespace memlens::bench {

namespace fs = std::filesystem;

namespace {

constexpr int kGuiStepTimeoutMs = 600'000; // a step that never finishes fails the bench
constexpr std::int64_t kGuiDayMs = 86'400'000;

// The GUI thread's ticks: the longest gap between two since the last reset, and when it was.
class Watchdog {
public:
    Watchdog() {
        timer_.setTimerType(Qt::PreciseTimer);
        timer_.setInterval(5);
        QObject::connect(&timer_, &QTimer::timeout, [this] {
            const Clock::time_point now = Clock::now();
            if (now - last_ > longest_) {
                longest_ = now - last_;
                from_ = last_;
            }
            last_ = now;
        });
        timer_.start();
    }
    // No events are processed here: a step's signal must not arrive before its wait begins.
    void reset() {
        last_ = Clock::now();
        longest_ = {};
        from_ = last_;
    }
    // The longest gap so far, the one still open included: its start and its end.
    std::pair<Clock::time_point, Clock::time_point> longest() const {
        const Clock::time_point now = Clock::now();
        if (now - last_ > longest_)
            return {last_, now};
        return {from_, from_ + longest_};
    }
    double longest_ms() const {
        const auto [from, to] = longest();
        return std::chrono::duration<double, std::milli>(to - from).count();
    }

private:
    QTimer timer_;
    Clock::time_point last_ = Clock::now();
    Clock::time_point from_ = last_;
    Clock::duration longest_{};
};

// The application with every event on the GUI thread timed, so that a blocked step names what
// blocked it: the events delivered at the top of the stack during the longest gap, the slowest
// first, each with the chain of its slowest nested events ("QWidgetWindow UpdateRequest 96 ms ›
// QTreeView Paint 61 ms").
class TimedApplication : public QApplication {
public:
    using QApplication::QApplication;

    bool notify(QObject* receiver, QEvent* event) override {
        // Workers' threads deliver their own events through here too.
        if (QThread::currentThread() != thread())
            return QApplication::notify(receiver, event);
        // Read before delivery: the event may delete its receiver (DeferredDelete, a handler's
        // delete), and a posted event is deleted once delivered.
        const Receiver who{receiver != nullptr ? receiver->metaObject()->className() : "?",
                           receiver != nullptr ? receiver->objectName() : QString(), event->type()};
        stack_.push_back({});
        const Clock::time_point start = Clock::now();
        const bool handled = QApplication::notify(receiver, event);
        const Clock::time_point end = Clock::now();
        Frame frame = std::move(stack_.back());
        stack_.pop_back();
        if (end - start < kShownFrom)
            return handled;
        std::string chain = describe(who, end - start);
        if (!frame.chain.empty())
            chain += " › " + frame.chain;
        if (stack_.empty()) {
            top_.push_back({start, end, std::move(chain)});
        } else if (end - start > stack_.back().longest) {
            stack_.back().longest = end - start;
            stack_.back().chain = std::move(chain);
        }
        return handled;
    }
    void reset() { top_.clear(); }
    // The events of 2 ms or more that ran within [from, to], the slowest first, at most three;
    // empty when there were none.
    std::string during(Clock::time_point from, Clock::time_point to) const {
        std::vector<const Event*> in;
        for (const Event& e : top_)
            if (e.end > from && e.start < to)
                in.push_back(&e);
        std::stable_sort(in.begin(), in.end(), [](const Event* x, const Event* y) {
            return x->end - x->start > y->end - y->start;
        });
        std::string out;
        for (std::size_t i = 0; i < in.size() && i < 3; ++i)
            out += (i > 0 ? "; " : "") + in[i]->chain;
        if (in.size() > 3)
            out += "; " + std::to_string(in.size() - 3) + " more";
        return out;
    }

private:
    static constexpr Clock::duration kShownFrom = std::chrono::milliseconds(2);
    struct Frame {
        Clock::duration longest{};
        std::string chain;
    };
    struct Event {
        Clock::time_point start, end;
        std::string chain;
    };
    struct Receiver {
        const char* class_name; // static: the meta-object's
        QString object_name;
        QEvent::Type type;
    };
    static std::string describe(const Receiver& who, Clock::duration took) {
        std::string what = who.class_name;
        if (!who.object_name.isEmpty())
            what += "(" + who.object_name.toStdString() + ")";
        const char* type = QMetaEnum::fromType<QEvent::Type>().valueToKey(who.type);
        what += ' ';
        what += type != nullptr ? type : std::to_string(static_cast<int>(who.type));
        char ms[32];
        std::snprintf(ms, sizeof ms, " %.0f ms",
                      std::chrono::duration<double, std::milli>(took).count());
        return what + ms;
    }
    std::vector<Frame> stack_;
    std::vector<Event> top_;
};

// Starts `gesture`, then runs the event loop until `signal` of `sender` arrives (it may arrive
// inside the gesture). The gesture's time in ms, or a failure naming the step.
template <typename Sender, typename Signal, typename Gesture>
Result<double> until(const char* step, const Sender* sender, Signal signal, Gesture gesture) {
    QEventLoop loop;
    bool arrived = false;
    const auto connection = QObject::connect(sender, signal, &loop, [&] {
        arrived = true;
        loop.quit();
    });
    QTimer::singleShot(kGuiStepTimeoutMs, &loop, &QEventLoop::quit);
    QElapsedTimer t;
    t.start();
    gesture();
    if (!arrived)
        loop.exec();
    QObject::disconnect(connection);
    if (!arrived)
        return Status::internal(std::string(step) + ": nothing was shown within " +
                                std::to_string(kGuiStepTimeoutMs / 1000) + " s");
    return static_cast<double>(t.nsecsElapsed()) / 1e6;
}

// `logged` real searches, then copies of them, each pass older than the one before, up to
// `rows` rows in all. Returns the rows the log holds.
Result<std::size_t> build_log(const fs::path& vault_dir, std::size_t logged, std::size_t rows,
                              std::uint64_t seed) {
    if (auto made = log_questions(vault_dir, logged, seed); !made)
        return made.status();
    auto vault = Vault::open(vault_dir, false);
    if (!vault)
        return vault.status();
    const Database& db = (*vault)->db();
    std::string columns;
    {
        auto info = db.prepare("SELECT name FROM pragma_table_info('retrieval_log') WHERE name "
                               "NOT IN ('id', 'ts_ms', 'candidates')");
        if (!info)
            return info.status();
        MEMLENS_TRY(info->each_row([&] { columns += ", " + info->column_text(0); }));
    }
    auto count = [&db]() -> Result<std::size_t> {
        auto n = db.query_int("SELECT count(*) FROM retrieval_log");
        if (!n)
            return n.status();
        return static_cast<std::size_t>(*n);
    };
    auto have = count();
    if (!have)
        return have.status();
    const std::size_t real = *have;
    if (real == 0)
        return Status::internal("the generated log holds no row");
    auto first = db.query_int("SELECT min(id) FROM retrieval_log");
    auto last = db.query_int("SELECT max(id) FROM retrieval_log");
    if (!first || !last)
        return !first ? first.status() : last.status();
    const std::int64_t first_id = *first;
    const std::int64_t last_id = *last;
    std::int64_t pass = 0;
    while (*have < rows) {
        ++pass;
        const std::size_t take = std::min(real, rows - *have);
        auto insert =
            db.prepare("INSERT INTO retrieval_log(ts_ms" + columns + ") SELECT ts_ms - ?1" +
                       columns + " FROM retrieval_log ORDER BY id LIMIT ?2");
        if (!insert)
            return insert.status();
        insert->bind(1, pass * kGuiDayMs).bind(2, static_cast<std::int64_t>(take));
        MEMLENS_TRY(db.exec("BEGIN IMMEDIATE"));
        auto done = insert->step();
        if (!done) {
            (void)db.exec("ROLLBACK");
            return done.status();
        }
        MEMLENS_TRY(db.exec("COMMIT"));
        have = count();
        if (!have)
            return have.status();
    }
    if (pass > 0) {
        // The real searches last again, by id as by time: the copies are the older history.
        const std::string realRows = " FROM retrieval_log WHERE id BETWEEN " +
                                     std::to_string(first_id) + " AND " + std::to_string(last_id);
        MEMLENS_TRY(db.exec("BEGIN IMMEDIATE"));
        Status moved = db.exec("INSERT INTO retrieval_log(ts_ms, candidates" + columns +
                               ") SELECT ts_ms, candidates" + columns + realRows + " ORDER BY id");
        if (moved)
            moved = db.exec("DELETE" + realRows);
        if (!moved) {
            (void)db.exec("ROLLBACK");
            return moved;
        }
        MEMLENS_TRY(db.exec("COMMIT"));
    }
    return *have;
}

struct Step {
    std::string name;
    double ms = 0.0;
    double blocked_ms = 0.0; // the longest gap of the GUI thread's ticks during it
    std::string slowest;     // the slowest events that ran in that gap
};

} // namespace

namespace {

// Goes through the window as a person does, one step after another (bench_gui's list).
Status drive(ui::MainWindow& window, TimedApplication& app, Watchdog& watchdog, const fs::path& dir,
             const std::string& question, std::size_t rows, std::vector<Step>& steps) {
    const auto run = [&](const char* step, auto sender, auto signal, auto gesture) -> Status {
        std::fprintf(stderr, "memlens-bench gui: %s…\n", step);
        watchdog.reset();
        app.reset();
        auto ms = until(step, sender, signal, gesture);
        if (!ms)
            return ms.status();
        steps.push_back({step, *ms, watchdog.longest_ms(),
                         app.during(watchdog.longest().first, watchdog.longest().second)});
        return Status::ok();
    };
    const QString vaultDir = QString::fromStdString(dir.string());
    ui::QueryWorkbench* wb = window.workbench();
    ui::TreesPage* trees = window.treesPage();
    ui::LabPage* lab = window.labPage();
    const auto check = [](bool ok, const char* what) {
        return ok ? Status::ok() : Status::internal(what);
    };
    Status st = Status::ok();
    // Opening: the window usable (the vault's overview read), then the Overview's health.
    bool healthShown = false;
    const auto healthConnection =
        QObject::connect(window.overviewPage(), &ui::OverviewPage::healthShown,
                         [&healthShown] { healthShown = true; });
    QElapsedTimer sinceOpen;
    sinceOpen.start();
    st = run("open the vault", window.vault(), &ui::VaultController::opened,
             [&] { window.openVault(vaultDir); });
    if (st && !healthShown) {
        std::fprintf(stderr, "memlens-bench gui: the overview's health…\n");
        watchdog.reset();
        app.reset();
        auto ms = until("the overview's health", window.overviewPage(),
                        &ui::OverviewPage::healthShown, [] {});
        st = ms.status();
        if (ms)
            steps.push_back({"the overview (open to its health shown)",
                             static_cast<double>(sinceOpen.nsecsElapsed()) / 1e6,
                             watchdog.longest_ms(),
                             app.during(watchdog.longest().first, watchdog.longest().second)});
    } else if (st) {
        steps.push_back({"the overview (open to its health shown)",
                         static_cast<double>(sinceOpen.nsecsElapsed()) / 1e6,
                         0.0,
                         {}});
    }
    QObject::disconnect(healthConnection);
    if (st)
        st = run("the first query, its breakdown shown", wb->session(), &ui::QuerySession::finished,
                 [&] {
                     window.pages()->setCurrentWidget(wb->page());
                     wb->page()->setQueryText(QString::fromStdString(question));
                     wb->page()->run();
                 });
    if (st)
        st = check(!wb->session()->outcome().rows.empty(), "the first query returned nothing");
    if (st) {
        window.pages()->setCurrentWidget(trees);
        const QModelIndex first = trees->model()->index(0, 0);
        st = check(first.isValid(), "the vault has no summary tree");
        if (st)
            st = run("expand a tree level", trees->model(), &ui::SummaryTreeModel::childrenLoaded,
                     [&] { trees->treeView()->expand(first); });
    }
    if (st) {
        const VaultStats& stats = window.vault()->overview().stats;
        st = run("a 90-day timeline cover", trees, &ui::TreesPage::coverShown,
                 [&] { trees->showCover(stats.latest_ms - 90 * kGuiDayMs, stats.latest_ms); });
    }
    if (st)
        st = run("the graph's default view", window.graphPage(), &ui::GraphPage::graphLoaded,
                 [&] { window.pages()->setCurrentWidget(window.graphPage()); });
    if (st)
        st = check(window.graphPage()->scene()->nodeCount() > 0, "the graph drew no entity");
    if (st)
        st = run("the audit page, its rows listed", window.auditPage()->model(),
                 &ui::AuditModel::rangeLoaded, [&] {
                     window.pages()->setCurrentWidget(window.auditPage());
                     window.auditPage()->refresh();
                 });
    if (st)
        st = check(window.auditPage()->model()->total() >= static_cast<qint64>(rows),
                   "the audit page lists fewer rows than the log holds");
    if (st)
        st = run("the lab, the newest row opened", lab, &ui::LabPage::whatIfShown,
                 [&] { window.pages()->setCurrentWidget(lab); });
    if (st)
        st = run("the lab's what-if (RRF k = 20)", lab, &ui::LabPage::whatIfShown,
                 [&] { lab->settingsPanel()->setSetting("search.rrf_k", QStringLiteral("20")); });
    return st;
}

} // namespace

int bench_gui(const Args& a) {
    auto chunks = a.get_int("chunks", 1, kMaxBenchCount);
    auto seed = a.get_int("seed", 0, std::numeric_limits<std::int32_t>::max());
    auto logged = a.get_int("logged", 1, 100'000);
    auto auditRows = a.get_int("audit-rows", 1, 10'000'000);
    if (!chunks || !seed || !logged || !auditRows)
        return fail("gui", !chunks   ? chunks.status()
                           : !seed   ? seed.status()
                           : !logged ? logged.status()
                                     : auditRows.status());
    const std::size_t n = static_cast<std::size_t>(chunks->value_or(10'000));
    const std::uint64_t s = static_cast<std::uint64_t>(seed->value_or(1));
    auto scratch = ScratchVault::of_bench_vault(n, s, "gui");
    if (!scratch)
        return fail("gui", scratch.status());
    const fs::path dir = (*scratch)->vault();
    const auto t0 = Clock::now();
    auto rows = build_log(dir, static_cast<std::size_t>(logged->value_or(200)),
                          static_cast<std::size_t>(auditRows->value_or(100'000)), s);
    if (!rows)
        return fail("gui", rows.status());
    nlohmann::json out = {
        {"chunks", n}, {"audit_rows", *rows}, {"log_build_s", ms_since(t0) / 1000}};
    std::string question;
    {
        auto vault = Vault::open(dir, true);
        if (!vault)
            return fail("gui", vault.status());
        auto work = make_workload(**vault, 1, s);
        if (!work)
            return fail("gui", work.status());
        question = work->queries.front();
        out["question"] = question;
        out["span_days"] = (work->latest_ms - work->earliest_ms) / kGuiDayMs;
    }

    // The window as the application makes it, offscreen unless a display is asked for; its
    // settings apart from a person's, and SQL on the GUI thread refused outright.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("MEMLENS_STRICT_THREADS", "1");
    int argc = 1;
    char name[] = "memlens-bench";
    char* argv[] = {name, nullptr};
    TimedApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("memlens-bench"));
    QApplication::setApplicationName(QStringLiteral("memlens-bench-gui"));
    ui::installUiThreadGuard();
    ui::MainWindow window;
    window.resize(1400, 900);
    window.show();
    Watchdog watchdog;
    {
        watchdog.reset();
        QEventLoop idle;
        QTimer::singleShot(1000, &idle, &QEventLoop::quit);
        idle.exec();
        out["idle_longest_gap_ms"] = watchdog.longest_ms();
    }

    std::vector<Step> steps;
    if (Status st = drive(window, app, watchdog, dir, question, *rows, steps); !st)
        return fail("gui", st);

    double longest = 0.0;
    nlohmann::json list = nlohmann::json::array();
    for (const Step& step : steps) {
        longest = std::max(longest, step.blocked_ms);
        list.push_back({{"step", step.name},
                        {"ms", step.ms},
                        {"gui_blocked_ms", step.blocked_ms},
                        {"events_in_longest_gap", step.slowest}});
    }
    out["steps"] = list;
    out["gui_longest_gap_ms"] = longest;
    out["gap_ratio_to_idle"] = ratio(longest, out["idle_longest_gap_ms"].get<double>());
    out["peak_rss_mb"] = peak_rss_mb();
    if (a.json()) {
        std::cout << out.dump(2) << '\n';
        return 0;
    }
    std::printf("%zu chunks, %zu audit rows (log built in %.1f s); the question: %s\n", n, *rows,
                out["log_build_s"].get<double>(), question.c_str());
    std::printf("  %-44s %10s %14s\n", "step", "ms", "GUI blocked ms");
    for (const Step& step : steps) {
        std::printf("  %-44s %10.1f %14.1f\n", step.name.c_str(), step.ms, step.blocked_ms);
        if (!step.slowest.empty())
            std::printf("      in the longest gap: %s\n", step.slowest.c_str());
    }
    std::printf("  longest GUI-thread gap %.1f ms (idle window: %.1f ms); peak RSS %.0f MB\n",
                longest, out["idle_longest_gap_ms"].get<double>(), peak_rss_mb());
    return 0;
}

} // namespace memlens::bench
