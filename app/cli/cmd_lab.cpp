// memlens-cli whatif, blast, ablate and generate-log: the ranking lab (core/include/memlens/lab.h).
#include "cli.h"

#include <memlens/audit.h>
#include <memlens/lab.h>
#include <memlens/search.h>
#include <memlens/time_util.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>
#include <limits>

namespace memlens::cli {
namespace {

using nlohmann::json;

json opt_int(const std::optional<int>& v) {
    return v ? json(*v) : json(nullptr);
}

Result<std::unique_ptr<Vault>> open_vault(const Args& a, const std::string& cmd) {
    auto dir = a.get("vault");
    if (!dir)
        return Status::invalid("--vault DIR is required (memlens-cli " + cmd + " --help)");
    return Vault::open(*dir, true);
}

Result<std::unique_ptr<SearchEngine>> open_engine(const Vault& v) {
    SearchEngineOptions opts;
    opts.audit = false; // re-ranking is not a query to log
    return SearchEngine::open(v, opts);
}

Result<std::int64_t> audit_id(const Args& a) {
    auto id = a.get_int("audit-id", 1, std::numeric_limits<std::int64_t>::max());
    if (!id)
        return id.status();
    if (!*id)
        return Status::invalid("--audit-id N is required (memlens-cli audit --vault V list shows "
                               "the rows)");
    return **id;
}

Result<std::map<std::string, std::string>> setting_args(const Args& a) {
    return parse_setting_assignments(a.get_all("setting"));
}

std::string settings_help() {
    std::string out = "Settings (--setting KEY=VALUE; \"retrieval\": needs a new retrieval, which\n"
                      "re-ranking cannot show: reported, not applied):\n";
    for (const auto& k : lab_setting_keys()) {
        char line[256];
        std::snprintf(line, sizeof line, "  %-34s %s%s\n", k.key.c_str(), k.help.c_str(),
                      k.reach == SettingReach::Retrieval ? " [retrieval]" : "");
        out += line;
    }
    return out;
}

json move_json(const LabMove& m) {
    return {{"node_id", m.node_id},
            {"before_rank", opt_int(m.before_rank)},
            {"after_rank", opt_int(m.after_rank)},
            {"movement", to_string(m.movement)},
            {"places", m.places},
            {"before_score", m.before_score},
            {"after_score", m.after_score},
            {"signal", to_string(m.signal)},
            {"moved_by", m.moved_by},
            {"line", m.line}};
}

json comparison_json(const LabComparison& c) {
    json moves = json::array();
    for (const auto& m : c.moves)
        moves.push_back(move_json(m));
    return {{"changed", c.changed},
            {"lost_first", c.lost_first},
            {"k", c.k},
            {"jaccard", c.jaccard},
            {"rbo", c.rbo},
            {"changed_settings", c.changed_keys},
            {"needs_retrieval", c.needs_retrieval},
            {"moves", moves}};
}

void print_comparison(const LabComparison& c) {
    if (!c.needs_retrieval.empty()) {
        std::printf("not shown (these need a new retrieval; re-ranking the stored candidates "
                    "cannot show them):");
        for (const auto& k : c.needs_retrieval)
            std::printf(" %s", k.c_str());
        std::printf("\n");
    }
    if (!c.changed) {
        std::printf("no change: the same hits in the same order\n");
    } else {
        std::printf("%s; Jaccard@%zu %.2f, rank-biased overlap %.2f%s\n",
                    c.jaccard < 1.0 ? "the hits changed" : "the same hits, reordered", c.k,
                    c.jaccard, c.rbo, c.lost_first ? "; the first hit changed" : "");
    }
    for (const auto& m : c.moves)
        std::printf("  %-5s %-5s  %s\n    %s\n",
                    m.before_rank ? std::to_string(*m.before_rank).c_str() : "-",
                    m.after_rank ? std::to_string(*m.after_rank).c_str() : "-", m.node_id.c_str(),
                    m.line.c_str());
}

// The rows of the log a command works on: --client, --since, --until, --text, and --limit (the
// newest N; 0 = all).
Status log_filter(const Args& a, AuditFilter& filter, std::size_t& max_rows) {
    filter.client = a.get_or("client", "");
    filter.text = a.get_or("text", "");
    auto since = a.get_time("since");
    if (!since)
        return since.status();
    auto until = a.get_time("until");
    if (!until)
        return until.status();
    filter.since_ms = *since;
    filter.until_ms = *until;
    auto limit = a.get_int("limit", 1, 10'000'000);
    if (!limit)
        return limit.status();
    max_rows = static_cast<std::size_t>(limit->value_or(0));
    return Status::ok();
}

int run_whatif(const Args& a) {
    if (a.flag("list-settings")) {
        std::cout << settings_help();
        return 0;
    }
    auto v = open_vault(a, "whatif");
    if (!v)
        return fail("whatif", v.status());
    auto id = audit_id(a);
    if (!id)
        return fail("whatif", id.status());
    auto overrides = setting_args(a);
    if (!overrides)
        return fail("whatif", overrides.status());
    auto row = load_lab_row((*v)->db(), *id);
    if (!row)
        return fail("whatif", row.status());
    auto settings = apply_setting_overrides(row->settings, *overrides);
    if (!settings)
        return fail("whatif", settings.status());
    auto engine = open_engine(**v);
    if (!engine)
        return fail("whatif", engine.status());
    auto cmp = what_if(**engine, *row, *settings);
    if (!cmp)
        return fail("whatif", cmp.status());
    json saved = nullptr;
    Status save_error;
    if (a.flag("save")) {
        // What-if reads; saving writes the vault's settings, so it opens the vault for writing
        // (unless --read-only) and save_retrieval_settings refuses a read-only one before
        // anything changes. The what-if is printed either way.
        auto save = [&]() -> Status {
            auto w = Vault::open((*v)->dir(), a.flag("read-only"));
            if (!w)
                return w.status();
            auto current = load_retrieval_settings(**w);
            if (!current)
                return current.status();
            auto target = apply_setting_overrides(*current, *overrides);
            if (!target)
                return target.status();
            auto keys = save_retrieval_settings(**w, *target);
            if (!keys)
                return keys.status();
            saved = *keys;
            return Status::ok();
        };
        save_error = save().with_context("saving the settings");
    }
    if (a.json()) {
        json j = comparison_json(*cmp);
        j["id"] = row->record.id;
        j["query"] = row->record.query;
        j["saved"] = saved;
        j["save_error"] = save_error.is_ok() ? json(nullptr) : json(save_error.message());
        std::cout << dump_json(j) << '\n';
        return save_error.is_ok() ? 0 : fail("whatif", save_error);
    }
    std::printf("what-if on audit row %lld: \"%s\"\n", static_cast<long long>(row->record.id),
                one_line(row->record.query, 70).c_str());
    if (cmp->changed_keys.empty())
        std::printf("settings as logged\n");
    print_comparison(*cmp);
    if (saved.is_array())
        std::printf("saved to the vault: %zu setting%s\n", saved.size(),
                    saved.size() == 1 ? "" : "s");
    return save_error.is_ok() ? 0 : fail("whatif", save_error);
}

// The blast report for --json, with the queries that changed.
json blast_json(const BlastReport& r) {
    json hist = json::array();
    for (const auto& b : r.overlap_histogram)
        hist.push_back({{"from", b.from}, {"to", b.to}, {"count", b.count}});
    json changed = json::array();
    for (const auto& q : r.results) {
        if (!q.changed)
            continue;
        json e = {{"id", q.id},
                  {"time", format_rfc3339(q.ts_ms)},
                  {"query", q.query},
                  {"client", q.client.empty() ? json(nullptr) : json(q.client)},
                  {"jaccard", q.jaccard},
                  {"rbo", q.rbo},
                  {"lost_first", q.lost_first},
                  {"logged_first", q.logged_first},
                  {"new_first", q.new_first},
                  {"logged_first_now", opt_int(q.logged_first_now)}};
        changed.push_back(e);
    }
    return {{"queries", r.queries},
            {"changed", r.changed},
            {"lost_first", r.lost_first},
            {"overlap_histogram", hist},
            {"ms", r.ms},
            {"load_ms", r.load_ms},
            {"rerank_ms", r.rerank_ms},
            {"rows", r.rows},
            {"skipped_no_pools", r.skipped_no_pools},
            {"skipped_other", r.skipped_other},
            {"skipped_damaged", r.skipped_damaged},
            {"changed_settings", r.changed_keys},
            {"needs_retrieval", r.needs_retrieval},
            {"changed_queries", changed}};
}

// The blast report as text: what was changed, the counts, the overlap histogram, and up to 20
// queries that lost their first hit.
void print_blast(const BlastReport& r, const std::map<std::string, std::string>& overrides) {
    std::printf("blast radius of");
    if (r.changed_keys.empty())
        std::printf(" the vault's own settings");
    for (const auto& k : r.changed_keys)
        std::printf(" %s=%s", k.c_str(), overrides.count(k) ? overrides.at(k).c_str() : "");
    std::printf(" over %zu logged searches (%zu log rows; %zu without stored candidates, %zu not "
                "searches, %zu unreadable)\n",
                r.queries, r.rows, r.skipped_no_pools, r.skipped_other, r.skipped_damaged);
    for (const auto& [k, n] : r.needs_retrieval)
        std::printf("  %s needs a new retrieval for %zu of them: not shown\n", k.c_str(), n);
    std::printf("%zu changed their hits or order, %zu lost their first hit (%.0f ms: %.0f reading "
                "the log, %.0f re-ranking)\n",
                r.changed, r.lost_first, r.ms, r.load_ms, r.rerank_ms);
    std::printf("Jaccard@k of the logged and new hits:\n");
    for (const auto& b : r.overlap_histogram) {
        if (b.from == b.to)
            std::printf("  = 1.0       %6zu\n", b.count);
        else
            std::printf("  %.1f - %.1f   %6zu\n", b.from, b.to, b.count);
    }
    int shown = 0;
    for (const auto& q : r.results) {
        if (!q.lost_first || ++shown > 20)
            continue;
        std::printf("  lost first  row %-6lld Jaccard %.2f  \"%s\"\n", static_cast<long long>(q.id),
                    q.jaccard, one_line(q.query, 60).c_str());
    }
}

int run_blast(const Args& a) {
    if (a.flag("list-settings")) {
        std::cout << settings_help();
        return 0;
    }
    auto v = open_vault(a, "blast");
    if (!v)
        return fail("blast", v.status());
    auto overrides = setting_args(a);
    if (!overrides)
        return fail("blast", overrides.status());
    BlastOptions opts;
    if (Status st = log_filter(a, opts.filter, opts.max_rows); !st.is_ok())
        return fail("blast", st);
    auto engine = open_engine(**v);
    if (!engine)
        return fail("blast", engine.status());
    auto r = blast_radius(**engine, *overrides, opts);
    if (!r)
        return fail("blast", r.status());
    if (a.json()) {
        std::cout << dump_json(blast_json(*r)) << '\n';
        return 0;
    }
    print_blast(*r, *overrides);
    return 0;
}

// The ablation over the log (or the part the filter keeps): per column, the rows it ranks as
// logged, those whose first hit it keeps first, the mean overlap.
int run_ablate_log(const Args& a, const Vault& v) {
    AuditFilter filter;
    std::size_t max_rows = 0;
    if (Status st = log_filter(a, filter, max_rows); !st.is_ok())
        return fail("ablate", st);
    auto engine = open_engine(v);
    if (!engine)
        return fail("ablate", engine.status());
    auto log = load_lab_log(v.db(), filter, max_rows);
    if (!log)
        return fail("ablate", log.status());
    auto m = ablate_log(**engine, *log);
    if (!m)
        return fail("ablate", m.status());
    if (a.json()) {
        json cols = json::array();
        for (const auto& c : m->columns)
            cols.push_back({{"name", c.name},
                            {"rows", c.rows},
                            {"same_ranking", c.same_ranking},
                            {"same_first", c.same_first},
                            {"mean_jaccard", c.mean_jaccard},
                            {"first_logged", c.first_logged}});
        std::cout << dump_json(json{{"queries", m->queries},
                                    {"none_logged", m->none_logged},
                                    {"skipped_no_pools", m->skipped_no_pools},
                                    {"skipped_other", m->skipped_other},
                                    {"skipped_damaged", m->skipped_damaged},
                                    {"columns", cols},
                                    {"ms", m->ms}})
                  << '\n';
        return 0;
    }
    std::printf("ablation over %zu logged searches (%.0f ms)\n", m->queries, m->ms);
    if (m->skipped_no_pools + m->skipped_other + m->skipped_damaged > 0)
        std::printf("skipped: %zu logged without their pools, %zu not searches, %zu whose stored "
                    "columns do not parse (memlens-cli audit show ID names the fault)\n",
                    m->skipped_no_pools, m->skipped_other, m->skipped_damaged);
    std::printf("  %-26s %8s %10s %10s %8s %12s\n", "column", "rows", "as logged", "same 1st",
                "Jaccard", "first as log");
    for (const auto& c : m->columns)
        std::printf("  %-26s %8zu %10zu %10zu %8.2f %12zu\n", c.name.c_str(), c.rows,
                    c.same_ranking, c.same_first, c.mean_jaccard, c.first_logged);
    if (m->none_logged > 0)
        std::printf("%zu rows no column ranks as logged (the vault changed since)\n",
                    m->none_logged);
    return 0;
}

int run_ablate(const Args& a) {
    auto v = open_vault(a, "ablate");
    if (!v)
        return fail("ablate", v.status());
    if (a.flag("log"))
        return run_ablate_log(a, **v);
    auto id = audit_id(a);
    if (!id)
        return fail("ablate", id.status());
    auto row = load_lab_row((*v)->db(), *id);
    if (!row)
        return fail("ablate", row.status());
    auto engine = open_engine(**v);
    if (!engine)
        return fail("ablate", engine.status());
    auto m = ablate(**engine, *row);
    if (!m)
        return fail("ablate", m.status());
    if (a.json()) {
        json cols = json::array();
        for (const auto& c : m->columns)
            cols.push_back(
                {{"name", c.name},
                 {"adds", c.adds},
                 {"available", c.available},
                 {"unavailable_reason", c.available ? json(nullptr) : json(c.unavailable_reason)},
                 {"hits", c.ids}});
        json rows = json::array();
        for (const auto& r : m->rows) {
            json ranks = json::array();
            for (const auto& x : r.ranks)
                ranks.push_back(opt_int(x));
            rows.push_back({{"node_id", r.node_id},
                            {"logged_rank", opt_int(r.logged_rank)},
                            {"ranks", ranks}});
        }
        json j = {{"id", m->id},
                  {"query", m->query},
                  {"columns", cols},
                  {"rows", rows},
                  {"first_logged_column", m->first_logged_column
                                              ? json(m->columns[*m->first_logged_column].name)
                                              : json(nullptr)}};
        std::cout << dump_json(j) << '\n';
        return 0;
    }
    std::printf("ablation of audit row %lld: \"%s\"\n", static_cast<long long>(m->id),
                one_line(m->query, 70).c_str());
    for (std::size_t i = 0; i < m->columns.size(); ++i)
        std::printf("  [%zu] %-16s %s\n", i + 1, m->columns[i].name.c_str(),
                    m->columns[i].available ? m->columns[i].adds.c_str()
                                            : m->columns[i].unavailable_reason.c_str());
    std::printf("%-7s", "logged");
    for (std::size_t i = 0; i < m->columns.size(); ++i)
        std::printf(" [%zu]", i + 1);
    std::printf("  node\n");
    for (const auto& r : m->rows) {
        std::printf("%-7s", r.logged_rank ? std::to_string(*r.logged_rank).c_str() : "-");
        for (const auto& x : r.ranks)
            std::printf(" %3s", x ? std::to_string(*x).c_str() : "-");
        std::printf("  %s\n", r.node_id.c_str());
    }
    if (m->first_logged_column)
        std::printf("the logged ranking first appears at column [%zu] %s\n",
                    *m->first_logged_column + 1, m->columns[*m->first_logged_column].name.c_str());
    else
        std::printf("no column gives the logged ranking (the vault changed since it was logged)\n");
    return 0;
}

int run_generate_log(const Args& a) {
    auto dir = a.get("vault");
    if (!dir)
        return fail("generate-log", "--vault DIR is required");
    auto count = a.get_int("queries", 1, 100'000);
    auto seed = a.get_int("seed", 0, std::numeric_limits<std::int64_t>::max());
    if (!count || !seed)
        return fail("generate-log", !count ? count.status() : seed.status());
    auto v = Vault::open(*dir, false);
    if (!v)
        return fail("generate-log", v.status());
    if (Status s = (*v)->check_writable(); !s.is_ok())
        return fail("generate-log", s);
    auto engine = SearchEngine::open(**v);
    if (!engine)
        return fail("generate-log", engine.status());
    QueryLogOptions o;
    o.count = static_cast<std::size_t>(count->value_or(300));
    o.seed = static_cast<std::uint64_t>(seed->value_or(1));
    auto r = generate_query_log(**engine, o);
    if (!r)
        return fail("generate-log", r.status());
    if (a.json()) {
        std::cout << dump_json(json{{"asked", r->asked},
                                    {"logged", r->logged},
                                    {"first_id", r->first_id},
                                    {"last_id", r->last_id}})
                  << '\n';
        return 0;
    }
    std::printf("asked %zu queries; logged rows %lld..%lld (%zu)\n", r->asked,
                static_cast<long long>(r->first_id), static_cast<long long>(r->last_id), r->logged);
    return 0;
}

const char* const kReachNote =
    "Re-ranking works on the candidate pools each audit row keeps (what each leg returned):\n"
    "fusion, scores, graph context, MMR and budgets run again, no leg runs and nothing is\n"
    "logged. A setting that acts inside a leg (leg limit, beam, BM25F, summaries) needs a new\n"
    "retrieval: it is reported under \"needs_retrieval\" and not applied. A row logged before\n"
    "rows kept their pools is refused with a hint to 'memlens-cli audit replay', which\n"
    "retrieves again. 'memlens-cli whatif --list-settings' lists every KEY.\n";

MEMLENS_CLI_COMMAND(Spec{
    "whatif",
    "re-rank one logged query with other settings: each hit's move and what moved it",
    std::string(
        "Usage: memlens-cli whatif --vault DIR --audit-id N [--setting KEY=VALUE ...]\n"
        "                          [--save] [--read-only] [--json]\n"
        "       memlens-cli whatif --list-settings\n\n"
        "Ranks the row's stored candidates with its logged settings and with them\n"
        "overlaid by each --setting, and prints each hit's move (up, down, new, gone,\n"
        "places), the signal of the hit that changed (fusion, recency, entity boost,\n"
        "supersession, mmr, or none: hits around it moved) and the changed settings that\n"
        "move it on their own. --save writes the row's settings with the --setting values\n"
        "into the vault (the Lab tab has an undo); a vault opened --read-only (or one\n"
        "that cannot be written) refuses it, saying so; the what-if itself still runs.\n\n") +
        kReachNote,
    {"vault", "audit-id", "setting"},
    {"save", "list-settings", "read-only"},
    run_whatif});

MEMLENS_CLI_COMMAND(Spec{
    "blast",
    "which logged queries a settings change would change, from their stored candidates",
    std::string(
        "Usage: memlens-cli blast --vault DIR [--setting KEY=VALUE ...] [--client NAME]\n"
        "                         [--since TIME] [--until TIME] [--text TEXT] [--limit N]\n"
        "                         [--json]\n\n"
        "Re-ranks every logged search (or those of one agent's client, a time window, a text;\n"
        "--limit: the newest N) with the vault's settings overlaid by each --setting, against\n"
        "the ranking it logged. A query's own choices (its mode, lambda, recency) still win,\n"
        "as they did when it ran. With no --setting: the vault's own settings, which change\n"
        "nothing for rows logged under them. --json prints {\"queries\", \"changed\",\n"
        "\"lost_first\", \"overlap_histogram\" (Jaccard@k of logged and new hits: 10 bins of\n"
        "0.1, then exactly 1), \"ms\"} and the changed queries.\n\n") +
        kReachNote,
    {"vault", "setting", "client", "since", "until", "text", "limit"},
    {"list-settings"},
    run_blast});

MEMLENS_CLI_COMMAND(Spec{
    "ablate",
    "one logged query ranked by each leg alone, fused, then one signal at a time",
    std::string(
        "Usage: memlens-cli ablate --vault DIR --audit-id N [--json]\n"
        "       memlens-cli ablate --vault DIR --log [--client NAME] [--since TIME]\n"
        "                          [--until TIME] [--text TEXT] [--limit N] [--json]\n\n"
        "Columns, cumulative left to right: keyword only, vector only (each leg alone, every\n"
        "later signal off), RRF (both legs at the row's weights), + recency, + graph context\n"
        "(superseded hits demoted or hidden), + MMR, + entity boost. A signal the row ran\n"
        "without adds nothing and says so. Each cell is the hit's rank in that column (- : not\n"
        "among its hits), so one sees which signal saved or sank it. The last column is the\n"
        "row's own settings: on an unchanged vault it is the logged ranking.\n\n"
        "--log ranks every logged search (or those the filter keeps; --limit: the newest N) by\n"
        "each column and prints, per column, the rows it ranks exactly as logged, those whose\n"
        "logged first hit it keeps first, the mean Jaccard@k against the logged hits, and the\n"
        "rows for which it is the first column to give the logged ranking.\n\n") +
        kReachNote,
    {"vault", "audit-id", "client", "since", "until", "text", "limit"},
    {"log"},
    run_ablate});

MEMLENS_CLI_COMMAND(Spec{
    "generate-log",
    "ask seeded questions in the vault's own words and log them (a history for the lab)",
    "Usage: memlens-cli generate-log --vault DIR [--queries N (1..100000, default 300)]\n"
    "                                [--seed S] [--json]\n\n"
    "Asks N questions built from the vault's most mentioned people, topics and projects,\n"
    "most of them as two generated agents (claude-code 2.1.0, support-bot 0.9), some with\n"
    "their own mode, lambda, limit or character budget, and logs each in the audit log as a\n"
    "real query is logged. The demo vault is built with a log made this way. Refuses a\n"
    "read-only vault.",
    {"vault", "queries", "seed"},
    {},
    run_generate_log});

} // namespace
} // namespace memlens::cli
