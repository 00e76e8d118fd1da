// memlens-cli judge | metrics: judgments of a vault's queries and the metrics they give its
// ranking (judgments.h, docs/judgments.md).
#include "cli.h"
#include "vault_args.h"

#include <memlens/calibration.h>
#include <memlens/judgments.h>
#include <memlens/lab.h>
#include <memlens/search.h>
#include <memlens/time_util.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

namespace memlens::cli {
namespace {

Result<std::unique_ptr<Vault>> open_vault_to_write(const Args& a) {
    auto dir = a.get("vault");
    if (!dir)
        return Status::invalid("--vault DIR is required");
    return Vault::open(*dir, false);
}

int judge_import_export(const Args& a, bool import) {
    const char* what = import ? "judge import" : "judge export";
    auto qrels = a.get("qrels");
    auto queries = a.get("queries");
    if (!qrels || !queries || qrels->empty() || queries->empty())
        return fail(what, "--qrels FILE and --queries FILE are required");
    Result<QrelsReport> r = Status::internal("unset");
    if (import) {
        auto v = open_vault_to_write(a);
        if (!v)
            return fail(what, v.status());
        r = import_qrels(**v, *qrels, *queries, a.get_or("judge", std::string(kPersonJudge)));
    } else {
        auto v = open_vault_read_only(a);
        if (!v)
            return fail(what, v.status());
        r = export_qrels(**v, *qrels, *queries);
    }
    if (!r)
        return fail(what, r.status());
    if (a.json()) {
        nlohmann::ordered_json j;
        j["queries"] = r->queries;
        j["judgments"] = r->judgments;
        std::cout << dump_json(j) << '\n';
    } else {
        std::cout << (import ? "imported " : "exported ") << r->queries << " queries and "
                  << r->judgments << " judgments\n";
    }
    return 0;
}

int judge_set(const Args& a, bool clear) {
    const char* what = clear ? "judge clear" : "judge set";
    auto node = a.get("node");
    auto query = a.get("query");
    auto query_id = a.get("query-id");
    if (!node || (!query && !query_id))
        return fail(what, "--node ID and one of --query TEXT or --query-id ID are required");
    auto v = open_vault_to_write(a);
    if (!v)
        return fail(what, v.status());
    std::string qid;
    if (query_id) {
        qid = *query_id;
    } else {
        auto q = judged_query_for_text(**v, *query);
        if (!q)
            return fail(what, q.status());
        qid = q->id;
    }
    const std::string judge = a.get_or("judge", std::string(kPersonJudge));
    if (clear) {
        if (Status s = clear_judgment(**v, qid, *node, judge); !s)
            return fail(what, s);
        std::cout << "cleared " << judge << "'s grade of " << *node << " for " << qid << '\n';
        return 0;
    }
    auto grade = a.get_int("grade", kMinGrade, kMaxGrade);
    if (!grade)
        return fail(what, grade.status());
    if (!*grade)
        return fail(what, "--grade 0..3 is required");
    Judgment j;
    j.query_id = qid;
    j.node_id = *node;
    j.grade = static_cast<int>(**grade);
    j.judge = judge;
    j.reason = a.get_or("reason", "");
    auto stored = set_judgment(**v, j);
    if (!stored)
        return fail(what, stored.status());
    std::cout << qid << "  " << stored->node_id << "  " << stored->grade << " ("
              << grade_name(stored->grade) << ") by " << stored->judge << '\n';
    return 0;
}

int judge_list(const Args& a) {
    auto v = open_vault_read_only(a);
    if (!v)
        return fail("judge list", v.status());
    auto qs = judged_queries(**v);
    if (!qs)
        return fail("judge list", qs.status());
    auto all = judgments(**v);
    if (!all)
        return fail("judge list", all.status());
    if (a.json()) {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        for (const auto& q : *qs) {
            nlohmann::ordered_json jq;
            jq["id"] = q.id;
            jq["text"] = q.text;
            jq["now"] = q.now_ms ? nlohmann::ordered_json(format_rfc3339(*q.now_ms)) : nullptr;
            jq["persons"] = q.persons;
            auto& list = jq["judgments"] = nlohmann::ordered_json::array();
            for (const auto& j : *all) {
                if (j.query_id != q.id)
                    continue;
                nlohmann::ordered_json g;
                g["node_id"] = j.node_id;
                g["grade"] = j.grade;
                g["judge"] = j.judge;
                g["reason"] = j.reason;
                g["audit_id"] = j.audit_id ? nlohmann::ordered_json(*j.audit_id) : nullptr;
                g["time"] = format_rfc3339(j.time_ms);
                list.push_back(std::move(g));
            }
            out.push_back(std::move(jq));
        }
        std::cout << dump_json(out) << '\n';
        return 0;
    }
    for (const auto& q : *qs) {
        std::cout << q.id << "  " << one_line(q.text, 100) << '\n';
        for (const auto& j : *all)
            if (j.query_id == q.id)
                std::cout << "    " << j.grade << " " << grade_name(j.grade) << "  " << j.node_id
                          << "  by " << j.judge << (j.reason.empty() ? "" : ": ")
                          << one_line(j.reason, 60) << '\n';
    }
    if (qs->empty())
        std::cout << "no judged queries\n";
    return 0;
}

int run_judge(const Args& a) {
    const std::string verb = a.positional.empty() ? "" : a.positional.front();
    if (a.positional.size() > 1)
        return fail("judge", "unexpected argument '" + a.positional[1] + "'");
    if (verb == "import" || verb == "export")
        return judge_import_export(a, verb == "import");
    if (verb == "set" || verb == "clear")
        return judge_set(a, verb == "clear");
    if (verb == "list")
        return judge_list(a);
    return fail("judge", "expected import, export, set, clear or list");
}

void print_interval(const char* name, const Interval& i) {
    std::printf("%-14s %.3f  (95%% interval %.3f to %.3f)\n", name, i.mean, i.low, i.high);
}

int run_metrics(const Args& a) {
    MetricsOptions o;
    auto k = a.get_int("k", 1, kMaxMetricsK);
    if (!k)
        return fail("metrics", k.status());
    o.k = static_cast<int>(k->value_or(10));
    auto changed = parse_setting_assignments(a.get_all("setting"));
    if (!changed)
        return fail("metrics", changed.status().with_context("--setting"));
    auto v = open_vault_read_only(a);
    if (!v)
        return fail("metrics", v.status());
    SearchEngineOptions eo;
    eo.audit = false;
    auto engine = SearchEngine::open(**v, eo);
    if (!engine)
        return fail("metrics", engine.status());
    auto base = compute_metrics(**v, **engine, o);
    if (!base)
        return fail("metrics", base.status());
    std::optional<MetricsReport> after;
    std::vector<QueryDelta> deltas;
    if (!changed->empty()) {
        o.settings = *changed;
        auto r = compute_metrics(**v, **engine, o);
        if (!r)
            return fail("metrics", r.status());
        deltas = metric_deltas(*base, *r);
        after = std::move(*r);
    }
    const MetricsReport& shown = after ? *after : *base;
    if (a.json()) {
        std::cout << to_json(shown, after ? &deltas : nullptr) << '\n';
        return 0;
    }
    if (shown.queries.empty()) {
        std::cout << "no judged query has a relevant node: nothing to measure ("
                  << shown.unjudged.size() << " judged queries without one)\n";
        return 0;
    }
    const std::string kk = std::to_string(shown.k);
    std::cout << shown.queries.size() << " judged queries, k = " << shown.k
              << (after ? ", with the changed settings" : "") << '\n';
    print_interval(("ndcg@" + kk).c_str(), shown.ndcg);
    print_interval(("recall@" + kk).c_str(), shown.recall);
    print_interval(("precision@" + kk).c_str(), shown.precision);
    print_interval("mrr", shown.mrr);
    if (!shown.unjudged.empty())
        std::cout << shown.unjudged.size() << " judged queries have no relevant node and are "
                  << "not scored\n";
    if (after) {
        int up = 0, down = 0;
        for (const auto& d : deltas)
            up += d.change == MetricChange::Improved, down += d.change == MetricChange::Worse;
        std::printf("against the vault's settings: ndcg@%d %+.3f; %d queries improved, %d worse, "
                    "%zu unchanged\n",
                    shown.k, after->ndcg.mean - base->ndcg.mean, up, down,
                    deltas.size() - static_cast<std::size_t>(up + down));
        for (const auto& d : deltas)
            if (d.change != MetricChange::Unchanged)
                std::printf("  %+.3f  %s  %s\n", d.ndcg_delta, d.query_id.c_str(),
                            one_line(d.text, 80).c_str());
    }
    return 0;
}

void print_calibration(const CalibrationReport& r) {
    std::printf("%zu judged queries, their first %d hits (%zu), asked with the threshold off; the "
                "vault's no-match threshold is %s\n",
                r.relevant_per_query.size(), r.k, r.samples.size(),
                r.min_score > 0 ? std::to_string(r.min_score).c_str() : "0 (off)");
    const ScoreHistogram h = score_histogram(r, CalibrationScore::Final, 10);
    std::printf("\nfinal score          relevant  other\n");
    for (std::size_t i = 0; i < h.relevant.size(); ++i)
        std::printf("%.5f to %.5f  %8zu  %5zu\n", h.low + h.bin_width() * static_cast<double>(i),
                    h.low + h.bin_width() * static_cast<double>(i + 1), h.relevant[i], h.other[i]);
    std::printf("\nthreshold  returned  precision  recall  no match  (of them with a relevant hit "
                "lost)\n");
    for (double t : sweep_thresholds(r, 12)) {
        const auto f = figures_at(r, t);
        std::printf("%.5f    %8zu  %9.3f  %6.3f  %7.1f%%  (%zu)\n", f.threshold, f.returned,
                    f.precision, f.recall, f.no_match_share * 100.0, f.answered_lost);
    }
}

int run_calibration(const Args& a) {
    MetricsOptions o;
    auto k = a.get_int("k", 1, kMaxMetricsK);
    if (!k)
        return fail("calibration", k.status());
    o.k = static_cast<int>(k->value_or(10));
    auto bins = a.get_int("bins", 1, 200);
    if (!bins)
        return fail("calibration", bins.status());
    auto save = a.get_double("save", 0.0, 1000.0);
    if (!save)
        return fail("calibration", save.status());
    auto changed = parse_setting_assignments(a.get_all("setting"));
    if (!changed)
        return fail("calibration", changed.status().with_context("--setting"));
    o.settings = *changed;
    if (*save) {
        // Saving first: the report then shows the threshold as the vault now holds it.
        auto w = open_vault_to_write(a);
        if (!w)
            return fail("calibration", w.status().with_context("saving search.min_score"));
        if (auto st = save_no_match_threshold(**w, **save); !st.is_ok())
            return fail("calibration", st.with_context("saving search.min_score"));
    }
    auto v = open_vault_read_only(a);
    if (!v)
        return fail("calibration", v.status());
    SearchEngineOptions eo;
    eo.audit = false;
    auto engine = SearchEngine::open(**v, eo);
    if (!engine)
        return fail("calibration", engine.status());
    auto r = compute_calibration(**v, **engine, o);
    if (!r)
        return fail("calibration", r.status());
    if (a.json()) {
        std::cout << to_json(*r, static_cast<int>(bins->value_or(20))) << '\n';
        return 0;
    }
    if (r->relevant_per_query.empty()) {
        std::cout << "no judged query has a relevant node: nothing to calibrate\n";
        return 0;
    }
    print_calibration(*r);
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "judge",
    "grade hits of a vault's queries; import and export TREC qrels",
    "Usage: memlens-cli judge import --vault DIR --qrels FILE --queries FILE [--judge NAME]\n"
    "       memlens-cli judge export --vault DIR --qrels FILE --queries FILE\n"
    "       memlens-cli judge set --vault DIR (--query TEXT | --query-id ID) --node ID\n"
    "                             --grade 0..3 [--reason TEXT] [--judge NAME]\n"
    "       memlens-cli judge clear --vault DIR (--query TEXT | --query-id ID) --node ID\n"
    "                               [--judge NAME]\n"
    "       memlens-cli judge list --vault DIR [--json]\n\n"
    "A judgment grades one node (a chunk or a summary; a short chunk id is enough) for one\n"
    "query: 0 not relevant, 1 related, 2 relevant, 3 answers it. It is kept in the vault under\n"
    "its judge ('person' unless --judge names another); a person's grade counts over an\n"
    "agent's. --queries holds one 'id<TAB>text' line per query, --qrels TREC's\n"
    "'query_id 0 node_id grade' lines. An import stores every line or, on the first error\n"
    "(named with its file and line), none; an export writes each file whole, each node's grade\n"
    "that counts. --query TEXT finds the judged query with that text or adds one.",
    {"vault", "qrels", "queries", "judge", "query", "query-id", "node", "grade", "reason"},
    {},
    run_judge});

MEMLENS_CLI_COMMAND(Spec{
    "metrics",
    "NDCG, recall, precision and MRR of the vault's ranking over its judged queries",
    "Usage: memlens-cli metrics --vault DIR [--k 10] [--setting KEY=VALUE ...] [--json]\n\n"
    "Asks every judged query (memlens-cli judge) through the normal query path with the\n"
    "vault's settings, as of the time and with the persons recorded with it, and scores the\n"
    "first k hits against the grades that count: NDCG@k (gain = grade), recall@k and\n"
    "precision@k (relevant = grade 1 or more) and MRR, each a mean over the queries with a\n"
    "95% bootstrap interval. --setting KEY=VALUE (repeatable) measures again with those\n"
    "settings changed and lists, per query, what improved and what got worse.",
    {"vault", "k", "setting"},
    {},
    run_metrics});

MEMLENS_CLI_COMMAND(Spec{
    "calibration",
    "how the scores of relevant and other hits spread, and what a no-match threshold keeps",
    "Usage: memlens-cli calibration --vault DIR [--k 10] [--setting KEY=VALUE ...]\n"
    "                               [--bins 20] [--save THRESHOLD] [--json]\n\n"
    "Asks every judged query (memlens-cli judge) as metrics does, with the no-match threshold\n"
    "off so that every score shows, and counts each hit as relevant (grade 1 or more) or not\n"
    "(graded 0 or ungraded): histograms of the final score and of each leg's own score, and for\n"
    "thresholds on the final score what is left: the precision of what is returned, the recall\n"
    "and the share of queries that would answer 'no match'. --save THRESHOLD stores it as the\n"
    "vault's no-match threshold (search.min_score; 0 turns it off), which every search then\n"
    "honours: hits scoring below it are not returned, and the response says how many.",
    {"vault", "k", "setting", "bins", "save"},
    {},
    run_calibration});

} // namespace
} // namespace memlens::cli
