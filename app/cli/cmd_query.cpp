// memlens-cli query: the hybrid search (SearchEngine::query), every hit with its explanation.
#include "cli.h"
#include "query_options.h"

#include <memlens/audit.h>
#include <memlens/entities.h>
#include <memlens/group_ranking.h>
#include <memlens/query_context.h>
#include <memlens/retrieval.h>
#include <memlens/scoring.h>
#include <memlens/search.h>
#include <memlens/text.h>
#include <memlens/time_util.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

namespace memlens::cli {
namespace {

// The answer was printed, but its audit row is kept in audit-pending.jsonl, not yet in the log.
constexpr int kExitAuditPending = 3;
constexpr double kMaxAuditWaitS = 86400;
// Well past SQLite's busy timeout and another query's insert; a longer import keeps the row in
// the pending file rather than holding the answer back (the GUI's writer waits out imports).
constexpr std::chrono::milliseconds kDefaultAuditWait{10000};

// Read-write so the audit row can be written; a vault that only opens read-only still answers,
// and the answer says the audit is disabled.
Result<std::unique_ptr<Vault>> open_for_query(const std::string& dir, bool read_only) {
    if (read_only)
        return Vault::open(dir, true);
    auto v = Vault::open(dir, false);
    if (v || v.status().code() == StatusCode::NotFound ||
        v.status().code() == StatusCode::Corruption)
        return v;
    return Vault::open(dir, true);
}

Status read_request(const Args& a, std::string& text, QueryOptions& req) {
    text = a.get_or("query", "");
    for (const auto& p : a.positional)
        text += (text.empty() ? "" : " ") + p;
    MEMLENS_TRY(check_query_length(text));
    return read_query_options(a, req);
}

std::string one_line(std::string s) {
    for (auto& c : s)
        if (c == '\n' || c == '\r' || c == '\t')
            c = ' ';
    return s;
}

// `embedder`: the vector leg's ranking signature (CandidatePools::vector_index), or "".
void print_leg(const char* name, const LegReport& l, const std::string& embedder = {}) {
    std::printf("%-8s ", name);
    if (!l.ran) {
        std::printf("skipped (%s)\n", l.skipped_reason.c_str());
        return;
    }
    if (l.count == 0)
        std::printf("matched nothing, weight %.2f, %.1f ms", l.weight, l.ms);
    else
        std::printf("%zu candidates, top %.4f, weight %.2f, %.1f ms", l.count, l.top_score,
                    l.weight, l.ms);
    if (!l.fts_query.empty())
        std::printf(", match %s", l.fts_query.c_str());
    if (l.exact)
        std::printf(", exact scan (%s)", l.exact_reason.c_str());
    else if (!l.reached_topics.empty())
        std::printf(", beam reached %zu topics, scored %zu", l.reached_topics.size(), l.scored);
    if (l.beam_recall)
        std::printf(", the beam measured %.3f of the exact top 10 (minimum %.2f)", *l.beam_recall,
                    l.beam_min_recall);
    if (!embedder.empty())
        std::printf(", embedder: %s", render_english(embedder_phrase(embedder)).c_str());
    std::printf("\n");
    if (l.noise_floor && l.below_noise > 0)
        std::printf("         %zu no closer than made-up words (similarity ≤ %.3f): dropped as "
                    "noise\n",
                    l.below_noise, *l.noise_floor);
    if (!l.index_problem.empty())
        std::printf("         note: %s\n", l.index_problem.c_str());
}

// The term table's matched entries, "phoenix near tf 1 = -1.955", and the terms found nowhere;
// their contributions add up to bm25 (docs/explanations.md §1).
void print_terms(const std::vector<TermEvidence>& terms) {
    if (terms.empty())
        return;
    std::string line;
    std::vector<std::string> unmatched;
    for (const auto& t : terms) {
        if (t.matched) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "%s%s %s tf %d = %.3f", line.empty() ? "" : ", ",
                          t.term.c_str(), t.column.c_str(), t.tf, t.contribution);
            line += buf;
        } else {
            bool seen = false;
            for (const auto& u : terms)
                seen = seen || (u.term == t.term && u.matched);
            if (!seen && std::find(unmatched.begin(), unmatched.end(), t.term) == unmatched.end())
                unmatched.push_back(t.term);
        }
    }
    std::printf("     terms: %s", line.c_str());
    if (!unmatched.empty()) {
        std::printf("; not in this hit:");
        for (const auto& u : unmatched)
            std::printf(" %s", u.c_str());
    }
    std::printf("\n");
}

void print_table(const SearchRequest& req, const SearchResponse& r) {
    const auto terms = keyword_tokens(req.query);
    std::printf("%s fusion, %s mode, profile %s, MMR λ %.2f\n", to_string(r.settings.fusion),
                to_string(r.settings.mode), r.settings.profile.name.c_str(), r.mmr_lambda);
    if (!req.raw_query.empty() && req.raw_query != req.query)
        std::printf("searched as: %s\n", req.query.c_str());
    print_leg("keyword", r.keyword);
    print_leg("vector", r.vector, r.candidates.vector_index);
    if (!r.superseded_out.empty())
        std::printf("superseded: %zu older version%s kept out of the hits (newer memories "
                    "superseded %s; score × %.2f)\n",
                    r.superseded_out.size(), r.superseded_out.size() == 1 ? "" : "s",
                    r.superseded_out.size() == 1 ? "it" : "them", r.superseded_out.front().penalty);
    if (r.no_match) {
        if (r.keyword.ran && r.keyword.count == 0)
            std::printf("\nthe keyword leg matched nothing");
        // 0 of the fused candidates: none when nothing matched, all of them held back by the
        // no-match threshold.
        std::printf("\n%s\n0 of %zu, %.1f ms\n", r.no_match->reason.c_str(), r.result.total,
                    r.elapsed_ms);
        return;
    }
    std::printf("\n  #   final      kw-rank  vec-rank  fused  mmr-sim  node\n");
    int rank = 0;
    for (const auto& h : r.result.hits) {
        const Explanation& e = *h.explanation;
        char kw[16] = "-", vec[16] = "-";
        if (e.keyword.rank)
            std::snprintf(kw, sizeof kw, "%d", *e.keyword.rank);
        if (e.vector.rank)
            std::snprintf(vec, sizeof vec, "%d", *e.vector.rank);
        std::printf("%3d  %-9.5f  %-7s  %-8s  %-5d  %-7.3f  %s %s%s\n", ++rank, e.final_score, kw,
                    vec, e.fused_rank, e.mmr.max_similarity, to_wire(h.node_kind),
                    h.node_id.c_str(),
                    e.graph_context.superseded_by.empty() ? "" : "  [superseded]");
        std::printf("     %s\n", one_line(e.verdict).c_str());
        std::printf("     %s  %s\n", format_rfc3339(h.time_range_end_ms).substr(0, 10).c_str(),
                    one_line(snippet(h.content, terms, 100)).c_str());
        // The keyword leg's arithmetic (docs/explanations.md §1), when it ranked the hit.
        if (e.keyword.rank)
            std::printf("     bm25 %.3f × coverage %.3f × author %.2f × day %.2f × question %.2f = "
                        "%.3f\n",
                        e.keyword.bm25, e.keyword.coverage_factor, e.keyword.author_factor,
                        e.keyword.time_factor, e.keyword.question_factor, e.keyword.raw_score);
        print_terms(e.keyword.terms);
    }
    if (r.keyword.ran && r.keyword.count == 0)
        std::printf("the keyword leg matched nothing%s\n",
                    r.vector.ran && r.vector.count > 0 ? ": every hit comes from the vector leg"
                                                       : "");
    else if (r.vector.ran && r.vector.count == 0)
        std::printf("the vector leg matched nothing (no stored vector is similar to the query)\n");
    std::printf("%zu of %zu%s", r.result.hits.size(), r.result.total,
                r.result.truncated ? " (truncated)" : "");
    for (const auto& b : r.budget_reasons)
        std::printf(" [%s]", b.c_str());
    if (r.below_min_score > 0)
        std::printf("; %zu below the no-match threshold %.5f not returned", r.below_min_score,
                    r.settings.min_score);
    std::printf(", %.1f ms\n", r.elapsed_ms);
}

// The shared policy's groups with their arithmetic and members, in group rank order.
nlohmann::json groups_json(const GroupRankingResult& g, const std::vector<RetrievalHit>& hits,
                           GroupBy by) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& grp : g.groups) {
        nlohmann::json members = nlohmann::json::array();
        for (const auto& m : grp.members)
            members.push_back({{"node_id", hits[m.index].node_id},
                               {"hit_rank", m.index + 1},
                               {"normalized", m.normalized},
                               {"supporting", m.supporting}});
        out.push_back({{"group_id", grp.group_id},
                       {"rank", grp.rank},
                       {"score", grp.score},
                       {"parts",
                        {{"best", grp.parts.best},
                         {"support", grp.parts.support},
                         {"coverage", grp.parts.coverage},
                         {"entities", grp.parts.entities},
                         {"terms", grp.parts.terms},
                         {"graph", grp.parts.graph}}},
                       {"members", members}});
    }
    return {{"by", to_string(by)}, {"groups", out}};
}

void print_groups(const GroupRankingResult& g, GroupBy by) {
    std::printf("\ngroups by %s (shared group policy)\n", to_string(by));
    std::printf("  #   score    best    support  other    hits  group\n");
    for (const auto& grp : g.groups) {
        const auto& p = grp.parts;
        std::string ranks;
        for (const auto& m : grp.members)
            ranks += (ranks.empty() ? "" : ",") + std::to_string(m.index + 1);
        std::printf("%3d  %-7.4f  %-6.4f  %-7.4f  %-7.4f  %-4zu  %s  [hits %s]\n", grp.rank,
                    grp.score, p.best, p.support, p.coverage + p.entities + p.terms + p.graph,
                    grp.members.size(), grp.group_id.c_str(), ranks.c_str());
    }
}

// --group-by and --audit-wait.
Status read_output_flags(const Args& a, std::optional<GroupBy>& group_by,
                         std::chrono::milliseconds& audit_wait) {
    auto group = a.get_choice("group-by", names_of({GroupBy::Session, GroupBy::Source}));
    if (!group)
        return group.status();
    if (*group)
        group_by = group_by_from_string(**group);
    auto wait_s = a.get_double("audit-wait", 0, kMaxAuditWaitS);
    if (!wait_s)
        return wait_s.status();
    audit_wait = kDefaultAuditWait;
    if (*wait_s)
        audit_wait = std::chrono::milliseconds(static_cast<std::int64_t>(**wait_s * 1000));
    return Status::ok();
}

// How the text was read: what was searched, its intent, entities and time window.
nlohmann::json query_reading_json(const SearchRequest& req, const QueryContext& ctx) {
    nlohmann::json extra = {{"query",
                             {{"raw", req.raw_query},
                              {"searched", req.query},
                              {"intent", to_wire(ctx.intent)},
                              {"entities", ctx.entities}}}};
    if (ctx.window)
        extra["query"]["window"] = {
            {"since", ctx.window->since_ms ? nlohmann::json(format_rfc3339(*ctx.window->since_ms))
                                           : nlohmann::json(nullptr)},
            {"until", ctx.window->until_ms ? nlohmann::json(format_rfc3339(*ctx.window->until_ms))
                                           : nlohmann::json(nullptr)},
            {"phrase", ctx.window->phrase}};
    if (ctx.window && !ctx.window->reading.empty())
        extra["query"]["window"]["reading"] = ctx.window->reading;
    return extra;
}

struct AuditOutcome {
    std::string note; // said on stderr when not empty
    int exit_code = 0;
};

// The query did not wait for its audit row; the process must, before it exits. The row waits
// for the vault's write lock at most `audit_wait`, then is kept in the pending file: never
// dropped, and the exit status says which of the two it was.
AuditOutcome wait_for_audit_row(SearchEngine& engine, const SearchRequest& req, SearchResponse& r,
                                std::chrono::milliseconds audit_wait, nlohmann::json& extra) {
    AuditOutcome out;
    if (AuditWriter* w = engine.audit_writer(); w && w->enabled() && req.audit) {
        w->set_notice_callback([](const AuditNotice& n, const AuditRecord&) {
            if (n.state == AuditRowState::Waiting)
                std::cerr << "memlens-cli query: " << n.message << "; waiting\n";
        });
        Status s = w->flush(audit_wait);
        if (s) {
            extra["audit_id"] = w->last_written_id();
        } else {
            out.note = s.message();
            out.exit_code = w->pending() > 0 && w->failed() == 0 ? kExitAuditPending : 1;
            r.audit.enabled = false;
            r.audit.disabled_reason = out.note;
        }
    } else if (req.audit) {
        out.note = r.audit.disabled_reason;
    }
    return out;
}

int run_query(const Args& a) {
    auto dir = a.get("vault");
    if (!dir)
        return fail("query", "--vault DIR is required");
    std::string text;
    QueryOptions opts;
    if (Status s = read_request(a, text, opts); !s)
        return fail("query", s);
    std::optional<GroupBy> group_by;
    std::chrono::milliseconds audit_wait{};
    if (Status s = read_output_flags(a, group_by, audit_wait); !s)
        return fail("query", s);
    auto vault = open_for_query(*dir, a.flag("read-only"));
    if (!vault)
        return fail("query", vault.status());
    // The vault's own profiles count too (profile.<name>.* settings), so this waits for it.
    if (Status s = read_query_profile(a, **vault, opts); !s)
        return fail("query", s);
    auto engine = SearchEngine::open(**vault);
    if (!engine)
        return fail("query", engine.status());
    // The engine checks the options, analyses the text once against the vault's registry and
    // searches the analysed text; the audit row logs what was typed.
    auto answer = (*engine)->query(text, opts);
    if (!answer)
        return fail("query", answer.status());
    const SearchRequest& req = answer->request;
    const QueryContext& ctx = answer->context;
    SearchResponse* r = &answer->response;
    report_degraded("query", r->result.degraded);

    nlohmann::json extra = query_reading_json(req, ctx);
    std::optional<GroupRankingResult> groups;
    if (group_by) {
        auto g = rank_hit_groups(**vault, r->result.hits, *group_by, ctx);
        if (!g)
            return fail("query", g.status().with_context("--group-by"));
        groups = std::move(g).value();
        extra["grouping"] = groups_json(*groups, r->result.hits, *group_by);
    }
    // An import holds the write lock for its whole run, so the audit row may wait: a table is
    // printed before that wait; the JSON, which carries the row's id, after it.
    if (!a.json()) {
        print_table(req, *r);
        if (groups)
            print_groups(*groups, *group_by);
        std::cout.flush();
    }
    const AuditOutcome audit = wait_for_audit_row(**engine, req, *r, audit_wait, extra);
    if (a.json())
        std::cout << search_response_json(
                         *r, 2,
                         extra.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace))
                  << '\n';
    if (!audit.note.empty())
        std::cerr << "memlens-cli query: " << audit.note << '\n';
    return audit.exit_code;
}

MEMLENS_CLI_COMMAND(Spec{
    "query", "hybrid search (keyword + vector legs, RRF or profile fusion, MMR) with explanations",
    "Usage: memlens-cli query --vault DIR [options] [--json] TEXT...\n\n"
    "Runs the hybrid search (docs/architecture.md draws its stages) and prints each hit with its\n"
    "verdict (one line naming what decided its place) and explanation (legs' ranks and raw\n"
    "scores, the keyword leg's matched terms by column, RRF terms, recency, the four signals,\n"
    "graph context, the MMR step). A query of only punctuation, operators or stopwords is\n"
    "refused (exit 1); a leg that matched nothing says so.\n"
    "Options (each overrides the vault's setting for this query only):\n" +
        query_options_usage() +
        "Other: --now TIME (recency and freshness reference), --no-audit, --read-only\n"
        "  --audit-wait S       how long the audit row waits for the vault's write lock (held by\n"
        "                       an import for its whole run) before it is kept in\n"
        "                       audit-pending.jsonl (default 10; 0..86400)\n"
        "TIME is RFC 3339 or epoch ms, from 0001-01-01 to 9999-12-31. The query is at most 16384\n"
        "bytes. The query is embedded only when the vector leg or the profile's vector signal "
        "uses\n"
        "it; when that embedding fails the answer says so: \"degraded\": {\"reason\": ...} in "
        "--json\n"
        "(null otherwise), a line on stderr in text.\n"
        "Groups: --group-by session|source ranks the hits' sessions (a chunk's thread, day or\n"
        "  document) or sources with the shared group policy (docs/ranking.md) and the query's\n"
        "  intent; JSON adds \"grouping\": {by, groups: [{group_id, rank, score, parts, "
        "members}]}.\n\n"
        "One retrieval_log row is written per query (see 'memlens-cli audit'); a read-only vault\n"
        "answers with the audit disabled, and says so. No row is dropped: one that cannot be\n"
        "written in time is kept in DIR/audit-pending.jsonl, and the next logged query moves it\n"
        "into the log. Exit status: 0 answered and logged; 3 answered, the row kept but not yet\n"
        "logged; 1 an error (including a row that could be neither written nor kept).",
    [] {
        auto names = query_option_names();
        names.insert(names.end(), {"vault", "query", "group-by", "audit-wait"});
        return names;
    }(),
    [] {
        auto names = query_flag_names();
        names.push_back("read-only");
        return names;
    }(),
    run_query});

} // namespace
} // namespace memlens::cli
