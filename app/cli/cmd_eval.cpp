// memlens-cli eval locomo --data FILE [--conversations ID,...] [--k 1,5,10,25,50] [--json]
#include "cli.h"

#include <memlens/eval.h>
#include <memlens/search.h>

#include <unistd.h>

#include <atomic>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace memlens::cli {
namespace {

std::atomic_bool g_eval_cancel{false};

extern "C" void on_eval_sigint(int) {
    g_eval_cancel.store(true);
}

Result<std::vector<int>> parse_ks(const std::string& text) {
    std::vector<int> ks;
    for (const auto& part : split_list(text)) {
        int k = 0;
        auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), k);
        if (ec != std::errc{} || p != part.data() + part.size() || k < 1 || k > kMaxSearchLimit)
            return Status::invalid("--k: expected integers from 1 to " +
                                   std::to_string(kMaxSearchLimit) + ", not '" + part + "'");
        ks.push_back(k);
    }
    return ks;
}

void draw_eval_progress(const EvalProgress& p) {
    std::fprintf(stderr, "\r%-10s %-6s %4zu/%-4zu", p.conversation.c_str(), p.phase.c_str(), p.done,
                 p.total);
    std::fflush(stderr);
}

void print_row(const char* label, std::size_t n, const std::map<int, double>& a,
               const std::map<int, double>& b) {
    std::printf("%-6s %5zu ", label, n);
    for (const auto& [k, v] : a)
        std::printf(" %6.3f", v);
    std::printf("   |");
    for (const auto& [k, v] : b)
        std::printf(" %6.3f", v);
    std::printf("\n");
}

void print_table(const char* title, const LocomoEvalReport& r,
                 const std::map<std::string, std::map<int, double>>& hybrid,
                 const std::map<std::string, std::map<int, double>>& keyword) {
    std::printf("\n%s\n%-6s %5s ", title, "", "n");
    for (int k : r.ks)
        std::printf(" %6s", ("@" + std::to_string(k)).c_str());
    std::printf("   |");
    for (int k : r.ks)
        std::printf(" %6s", ("kw@" + std::to_string(k)).c_str());
    std::printf("\n");
    for (const auto& [key, row] : hybrid) {
        const auto n = r.category_counts.count(key) ? r.category_counts.at(key) : 0;
        const auto kw = keyword.count(key) ? keyword.at(key) : std::map<int, double>{};
        print_row(key.c_str(), n, row, kw);
    }
}

void print_report(const LocomoEvalReport& r) {
    std::printf("LoCoMo retrieval: %zu conversations, %zu questions (%zu skipped: no resolvable "
                "evidence)\n",
                r.conversations.size(), r.questions, r.skipped);
    std::printf("default query path (left) and the keyword leg alone (right), same run\n");
    print_table("turn-level evidence recall@k", r, r.hybrid.turn_recall, r.keyword.turn_recall);
    print_table("session-level recall@k", r, r.hybrid.session_recall, r.keyword.session_recall);
    std::printf("\nMRR          %6.3f   | keyword %6.3f\n", r.hybrid.mrr, r.keyword.mrr);
    std::printf("ms per query %6.2f   | keyword %6.2f\n", r.hybrid.ms_per_query,
                r.keyword.ms_per_query);
    std::printf("first ten hits the vector leg ranked %5.1f%%, it alone %5.1f%%\n",
                100.0 * r.hybrid.vector_share_top10, 100.0 * r.hybrid.vector_only_share_top10);
    std::printf("\n%-10s %6s %5s %5s %8s %8s %8s %8s %9s\n", "conv", "turns", "n", "skip", "R@5",
                "R@10", "kw R@5", "kw R@10", "ingest s");
    auto at = [](const std::map<int, double>& m, int k) {
        const auto it = m.find(k);
        return it == m.end() ? 0.0 : it->second;
    };
    for (const auto& c : r.conversations)
        std::printf("%-10s %6zu %5zu %5zu %8.3f %8.3f %8.3f %8.3f %9.2f\n", c.sample_id.c_str(),
                    c.turns, c.questions, c.skipped, at(c.turn_recall, 5), at(c.turn_recall, 10),
                    at(c.keyword_turn_recall, 5), at(c.keyword_turn_recall, 10), c.ingest_seconds);
}

// The misses as JSON lines, written whole or not at all: a temporary file beside FILE, renamed
// over it.
Status write_misses(const std::string& file, const std::vector<EvalMiss>& misses) {
    const std::string text = eval_misses_jsonl(misses);
    const std::filesystem::path target(file);
    std::filesystem::path tmp = target;
    tmp += ".tmp-" + std::to_string(::getpid());
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
        out.close();
        if (!out) {
            std::error_code ec;
            std::filesystem::remove(tmp, ec);
            return Status::io(file + ": cannot write the misses");
        }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, target, ec);
    if (ec) {
        std::filesystem::remove(tmp, ec);
        return Status::io(file + ": cannot write the misses: " + ec.message());
    }
    return Status::ok();
}

int run_eval(const Args& a) {
    if (a.positional.empty() || a.positional.front() != "locomo")
        return fail("eval", "expected a benchmark name: memlens-cli eval locomo --data FILE");
    if (a.positional.size() > 1)
        return fail("eval", "unexpected argument '" + a.positional[1] + "'");
    LocomoEvalOptions o;
    auto data = a.get("data");
    if (!data)
        return fail("eval", "--data FILE is required (a LoCoMo JSON file)");
    o.data = *data;
    for (const auto& v : a.get_all("conversations"))
        for (auto& id : split_list(v))
            o.conversations.push_back(id);
    if (auto k = a.get("k")) {
        auto ks = parse_ks(*k);
        if (!ks)
            return fail("eval", ks.status());
        o.ks = *ks;
    }
    if (auto w = a.get("work-dir"))
        o.work_dir = *w;
    for (const auto& kv : a.get_all("setting")) {
        const auto eq = kv.find('=');
        if (eq == std::string::npos || eq == 0)
            return fail("eval", "--setting: expected KEY=VALUE, not '" + kv + "'");
        o.settings[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    o.accept_entity_proposals = a.flag("accept-entity-proposals");
    const auto misses_file = a.get("misses");
    if (misses_file && misses_file->empty())
        return fail("eval", "--misses: expected a file name");
    o.misses = misses_file.has_value();
    if (auto keep = a.get("save-judgments")) {
        if (keep->empty())
            return fail("eval", "--save-judgments: expected a folder");
        o.save_judgments = *keep;
    }
    if (stderr_is_tty())
        o.progress = draw_eval_progress;
    o.cancel = &g_eval_cancel;
    std::signal(SIGINT, on_eval_sigint);

    auto report = run_locomo_eval(o);
    if (o.progress)
        std::fprintf(stderr, "\r%40s\r", "");
    if (!report)
        return fail("eval", report.status());
    if (misses_file)
        if (Status w = write_misses(*misses_file, report->misses); !w)
            return fail("eval", w);
    if (a.json())
        std::cout << locomo_eval_json(*report) << '\n';
    else
        print_report(*report);
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "eval",
    "retrieval quality on LoCoMo: evidence recall@k, session recall, MRR",
    "Usage: memlens-cli eval locomo --data FILE [--conversations ID,...] [--k 1,5,10,25,50]\n"
    "                               [--setting KEY=VALUE ...] [--work-dir DIR]\n"
    "                               [--accept-entity-proposals] [--misses FILE]\n"
    "                               [--save-judgments DIR] [--json]\n\n"
    "Ingests each conversation of a LoCoMo JSON file into its own temporary vault (the normal\n"
    "ingest path, the vault's default embedder), asks every question through the default\n"
    "query path (query analysis, then the hybrid search with the vault's settings), and reports\n"
    "turn-level evidence recall@k per category and over all, session-level recall@k, MRR and\n"
    "milliseconds per query, beside the same figures for the keyword leg alone.\n"
    "Questions whose evidence names no existing turn are skipped and counted.\n"
    "Temporary vaults go to --work-dir (default: the system temp folder) and are removed.\n"
    "--setting KEY=VALUE (repeatable) writes a retrieval setting (search.mmr_lambda=1, ...;\n"
    "docs/ranking.md lists them) into each vault first: an ablation of the default path;\n"
    "embedder.kind, embedder.hash.dim and embedder.ppmi.dim choose the embedder it ingests with\n"
    "(docs/embeddings.md).\n"
    "--accept-entity-proposals merges every entity proposal after the ingest (as 'entities\n"
    "merge' would), to measure what accepting them changes.\n"
    "--misses FILE writes one JSON line per question whose evidence is not all in the first\n"
    "ten places: each turn left out with its place in the fused list and in each leg's pool,\n"
    "and the first stage that kept it out of a ten-hit answer (why-not's stage and verdict).\n"
    "--save-judgments DIR keeps each conversation's vault in DIR (a new subfolder each) with\n"
    "every question it asked as a judged query and its evidence turns graded 2 ('relevant') by\n"
    "the judge 'benchmark': 'memlens-cli metrics --vault DIR/<folder>' measures it again.",
    {"data", "conversations", "k", "work-dir", "setting", "misses", "save-judgments"},
    {"accept-entity-proposals"},
    run_eval});

} // namespace
} // namespace memlens::cli
