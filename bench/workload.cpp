#include "workload.h"

#include "bench.h"

#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/ingest.h>
#include <memlens/lab.h>
#include <memlens/search.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>

namespace memlens::bench {

namespace fs = std::filesystem;

namespace {

fs::path cache_root() {
    if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x)
        return fs::path(x) / "memlens" / "bench";
    if (const char* h = std::getenv("HOME"); h && *h)
        return fs::path(h) / ".cache" / "memlens" / "bench";
    return fs::temp_directory_path() / "memlens-bench-cache";
}

// A vault counts as cached only once its ingest finished: the marker is written last.
bool cached(const fs::path& dir) {
    return fs::exists(dir / "complete");
}

} // namespace

// "-t2": vaults whose topic tree has this build's shape and topic statistics. An older entry's
// index file is not current here, so every run would read its vectors from the database and
// measure the old tree.
fs::path cached_vault_dir(std::size_t chunks, std::uint64_t seed) {
    return cache_root() /
           ("vault-n" + std::to_string(chunks) + "-s" + std::to_string(seed) + "-t2");
}

Status build_vault(const fs::path& dir, std::size_t chunks, std::uint64_t seed) {
    std::error_code ec;
    fs::remove_all(dir, ec);
    fs::create_directories(dir.parent_path());
    GenerateOptions g;
    g.chunks = chunks;
    g.seed = seed;
    auto sources = generate_sources(g);
    if (!sources)
        return sources.status();
    auto vault = Vault::create(dir);
    if (!vault)
        return vault.status();
    auto embedder = make_embedder_for(**vault);
    if (!embedder)
        return embedder.status();
    Ingestor ingestor(**vault, **embedder);
    auto report = ingestor.ingest(*sources);
    if (!report)
        return report.status();
    std::ofstream(dir / "complete") << report->chunks << " chunks, " << report->seconds << " s\n";
    return Status::ok();
}

Result<std::unique_ptr<ScratchVault>> ScratchVault::copy_of(const fs::path& cached,
                                                            const std::string& tag) {
    std::random_device rd;
    const fs::path dir = fs::temp_directory_path() / ("memlens-bench-" + tag + "-" +
                                                      std::to_string(rd()) + std::to_string(rd()));
    std::unique_ptr<ScratchVault> scratch(new ScratchVault(dir));
    MEMLENS_TRY(copy_vault(cached, scratch->vault()));
    return scratch;
}

Status copy_vault(const fs::path& cached, const fs::path& to) {
    std::error_code ec;
    fs::create_directories(to.parent_path(), ec);
    fs::copy(cached, to, fs::copy_options::recursive, ec);
    if (ec)
        return Status(StatusCode::IoError,
                      "copying the vault to " + to.parent_path().string() + ": " + ec.message());
    return Status::ok();
}

Result<QueryLogSummary> log_questions(const fs::path& vault_dir, std::size_t count,
                                      std::uint64_t seed) {
    auto vault = Vault::open(vault_dir, false);
    if (!vault)
        return vault.status();
    auto engine = SearchEngine::open(**vault);
    if (!engine)
        return engine.status();
    QueryLogOptions o;
    o.count = count;
    o.seed = seed;
    return generate_query_log(**engine, o);
}

Result<std::unique_ptr<ScratchVault>>
ScratchVault::of_bench_vault(std::size_t chunks, std::uint64_t seed, const std::string& tag) {
    const fs::path cached = cached_vault_dir(chunks, seed);
    MEMLENS_TRY(ensure_vault(cached, chunks, seed));
    return copy_of(cached, tag);
}

ScratchVault::~ScratchVault() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
}

// A vault cached by an older memlens has an index file that never measured its beam: measured
// once here, as a long-lived memlens process does in the background (TopicFolder), so every
// bench times the vector leg a current vault runs.
Status measure_index_file(const fs::path& dir) {
    auto vault = Vault::open(dir, false);
    if (!vault)
        return vault.status();
    auto embedder = make_embedder_for(**vault);
    if (!embedder)
        return embedder.status();
    const auto started = std::chrono::steady_clock::now();
    auto measured = TopicIndex::measure_file((*vault)->db(), (*embedder)->signature());
    if (!measured)
        return measured.status().with_context("measuring the bench vault's index file");
    if (*measured)
        std::fprintf(
            stderr, "memlens-bench: measured the beam on %s's index file in %.2f s\n",
            dir.string().c_str(),
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    return Status::ok();
}

Status ensure_vault(const fs::path& dir, std::size_t chunks, std::uint64_t seed) {
    if (cached(dir))
        return measure_index_file(dir);
    std::fprintf(stderr, "memlens-bench: building a %zu-chunk vault in %s (cached for next time)\n",
                 chunks, dir.string().c_str());
    const std::string cmd = "'" + self_exe() + "' query --build-only --chunks " +
                            std::to_string(chunks) + " --seed " + std::to_string(seed);
    if (std::system(cmd.c_str()) != 0 || !cached(dir))
        return Status(StatusCode::IoError, "building the bench vault failed: " + cmd);
    return Status::ok();
}

namespace {

std::string lower(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

} // namespace

Result<Workload> make_workload(const Vault& vault, std::size_t count, std::uint64_t seed) {
    Workload w;
    // The lab's questions (QuestionGenerator), and what a user types into the entity search box:
    // the first letters of a person's or a project's name.
    auto questions = QuestionGenerator::open(vault, seed);
    if (!questions)
        return questions.status();
    std::mt19937_64 rng(seed);
    for (std::size_t i = 0; i < count; ++i) {
        w.queries.push_back(questions->next());
        const auto& names = rng() % 2 ? questions->persons() : questions->projects();
        std::string name = lower(names[rng() % names.size()]);
        w.entity_prefixes.push_back(name.substr(0, std::min<std::size_t>(name.size(), 4)));
    }

    auto top = vault.db().prepare("SELECT entity_id FROM mem_tree_entity_index GROUP BY entity_id "
                                  "ORDER BY count(*) DESC, entity_id LIMIT 1");
    if (!top)
        return top.status();
    if (auto r = top->step(); r && *r)
        w.top_entity = top->column_text(0);
    auto sums = vault.db().prepare("SELECT id FROM mem_tree_summaries WHERE parent_id IS NULL "
                                   "ORDER BY level DESC, id LIMIT 64");
    if (!sums)
        return sums.status();
    MEMLENS_TRY(sums->each_row([&] { w.top_summaries.push_back(sums->column_text(0)); }));
    auto range = vault.db().prepare(
        "SELECT min(time_range_start_ms), max(time_range_end_ms) FROM mem_tree_chunks");
    if (!range)
        return range.status();
    if (auto r = range->step(); r && *r) {
        w.earliest_ms = range->column_int64(0);
        w.latest_ms = range->column_int64(1);
    }
    return w;
}

} // namespace memlens::bench
