// memlens-cli audit: the retrieval_log — list, show, replay, diff, rerun.
#include "cli.h"

#include <memlens/audit.h>
#include <memlens/search.h>
#include <memlens/time_util.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdio>
#include <iostream>
#include <limits>

namespace memlens::cli {
namespace {

using nlohmann::json;

json parsed_or_text(const std::string& text) {
    auto j = json::parse(text, nullptr, false);
    return j.is_discarded() ? json(text) : j;
}

json record_json(const AuditRecord& r, bool full) {
    json j = {{"id", r.id},
              {"time", format_rfc3339(r.ts_ms)},
              {"query", r.query},
              {"query_hash", r.query_hash},
              {"mode", r.mode},
              {"elapsed_ms", r.elapsed_ms},
              {"vault_revision", r.vault_revision},
              {"error", r.error ? json(*r.error) : json(nullptr)}};
    // Who asked: an agent's call through the MCP server (docs/agents.md); null otherwise.
    auto or_null = [](const std::string& s) { return s.empty() ? json(nullptr) : json(s); };
    j["client"] = or_null(r.caller.client);
    j["session"] = or_null(r.caller.session);
    j["tool"] = or_null(r.caller.tool);
    j["arguments"] =
        r.caller.arguments.empty() ? json(nullptr) : parsed_or_text(r.caller.arguments);
    auto profile = parsed_or_text(r.query_profile);
    auto sources = parsed_or_text(r.sources);
    if (full) {
        // The candidate pools (what each leg returned), readable, at the top; the profile
        // holds their compact stored form (docs/formats.md).
        auto pools = candidates_from_audit(r);
        j["candidates"] = pools ? parsed_or_text(candidate_pools_json(*pools)) : json(nullptr);
        if (!pools && pools.status().code() != StatusCode::NotFound &&
            search_mode_from_string(r.mode))
            j["candidates_error"] = pools.status().message();
        if (profile.is_object())
            profile.erase("candidates");
        j["query_profile"] = profile;
        j["sources"] = sources;
        j["settings"] = parsed_or_text(r.settings);
    } else {
        j["returned"] = sources.is_array() ? sources.size() : 0;
        if (profile.is_object() && profile.contains("legs"))
            j["legs"] = profile["legs"];
    }
    return j;
}

Result<std::int64_t> id_arg(const Args& a) {
    if (a.positional.size() < 2)
        return Status::invalid("audit " + a.positional[0] + " needs a row ID");
    const std::string& t = a.positional[1];
    std::int64_t id = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), id);
    if (ec != std::errc() || p != t.data() + t.size() || id <= 0)
        return Status::invalid("not an audit row id: '" + t + "'");
    return id;
}

Result<AuditFilter> filter_args(const Args& a) {
    AuditFilter f;
    f.text = a.get_or("text", "");
    auto mode = a.get_choice("mode", names_of(kSearchModes));
    if (!mode)
        return mode.status();
    if (*mode)
        f.mode = search_mode_from_string(**mode);
    auto since = a.get_time("since");
    if (!since)
        return since.status();
    f.since_ms = *since;
    auto until = a.get_time("until");
    if (!until)
        return until.status();
    f.until_ms = *until;
    if (f.since_ms && f.until_ms && *f.until_ms < *f.since_ms)
        return Status::invalid("--until is before --since");
    f.client = a.get_or("client", "");
    f.session = a.get_or("session", "");
    f.tool = a.get_or("tool", "");
    f.agents_only = a.flag("agents");
    return f;
}

int run_list(const Args& a, const Vault& v) {
    auto limit = a.get_int("limit", 1, 10'000);
    auto offset = a.get_int("offset", 0, std::numeric_limits<std::int64_t>::max());
    if (!limit || !offset)
        return fail("audit", !limit ? limit.status() : offset.status());
    auto filter = filter_args(a);
    if (!filter)
        return fail("audit", filter.status());
    auto rows =
        list_audit(v.db(), *filter, static_cast<int>(limit->value_or(50)), offset->value_or(0));
    if (!rows)
        return fail("audit", rows.status());
    if (a.json()) {
        json j = json::array();
        for (const auto& r : *rows)
            j.push_back(record_json(r, false));
        std::cout << dump_json(j) << '\n';
        return 0;
    }
    for (const auto& r : *rows) {
        auto sources = json::parse(r.sources, nullptr, false);
        std::printf(
            "%6lld  %s  %-15s %3zu hits  %7.1f ms  rev %lld  %s%s%s\n",
            static_cast<long long>(r.id), format_rfc3339(r.ts_ms).c_str(), r.mode.c_str(),
            sources.is_array() ? sources.size() : std::size_t{0}, r.elapsed_ms,
            static_cast<long long>(r.vault_revision), one_line(r.query, 60).c_str(),
            r.error ? ("  FAILED: " + one_line(*r.error, 80)).c_str() : "",
            r.caller.client.empty() && r.caller.session.empty()
                ? ""
                : ("  [" +
                   (r.caller.client.empty() ? std::string(kAnonymousClient) : r.caller.client) +
                   ", " + r.caller.session + "]")
                      .c_str());
    }
    std::printf("%zu rows\n", rows->size());
    return 0;
}

int run_show(const Args& a, const Vault& v) {
    auto id = id_arg(a);
    if (!id)
        return fail("audit", id.status());
    auto r = get_audit(v.db(), *id);
    if (!r)
        return fail("audit", r.status());
    std::cout << dump_json(record_json(*r, true)) << '\n';
    return 0;
}

int run_compare(const Args& a, const Vault& v, bool with_logged_settings) {
    auto id = id_arg(a);
    if (!id)
        return fail("audit", id.status());
    SearchEngineOptions opts;
    opts.audit = false; // a replay is not itself a query to log
    auto engine = SearchEngine::open(v, opts);
    if (!engine)
        return fail("audit", engine.status());
    auto cmp = replay_audit(**engine, *id, with_logged_settings);
    if (!cmp)
        return fail("audit", cmp.status());
    if (a.json()) {
        json moves = json::array();
        for (const auto& m : cmp->moves)
            moves.push_back({{"node_id", m.node_id},
                             {"logged_rank", m.logged_rank ? json(*m.logged_rank) : json(nullptr)},
                             {"new_rank", m.new_rank ? json(*m.new_rank) : json(nullptr)},
                             {"movement", to_string(m.movement)},
                             {"logged_score", m.logged_score},
                             {"new_score", m.new_score}});
        json j = {{"id", cmp->logged.id},
                  {"query", cmp->logged.query},
                  {"used_logged_settings", cmp->used_logged_settings},
                  {"identical", cmp->identical},
                  {"cause", to_string(cmp->cause)},
                  {"data_changed", cmp->data_changed},
                  {"logged_embedder", cmp->logged_embedder},
                  {"current_embedder", cmp->current_embedder},
                  {"embedder_changed", cmp->embedder_changed},
                  {"logged_revision", cmp->logged_revision},
                  {"current_revision", cmp->current_revision},
                  {"settings_changed", cmp->settings_changed},
                  {"changed_settings", cmp->changed_settings},
                  {"moves", moves},
                  {"rerun", json::parse(search_response_json(cmp->rerun, -1))}};
        if (!with_logged_settings) {
            j["data_keeps_order"] = cmp->data_keeps_order;
            j["settings_reordering"] = cmp->reordering;
            j["settings_rescoring"] = cmp->rescoring;
            j["settings_without_effect"] = cmp->inert;
        }
        std::cout << dump_json(j) << '\n';
        return 0;
    }
    std::printf("%s of audit row %lld: \"%s\"\n", with_logged_settings ? "replay" : "diff",
                static_cast<long long>(cmp->logged.id), one_line(cmp->logged.query, 70).c_str());
    std::printf("settings: %s; data: revision %lld -> %lld%s\n",
                with_logged_settings ? "as logged" : "current",
                static_cast<long long>(cmp->logged_revision),
                static_cast<long long>(cmp->current_revision),
                cmp->data_changed ? " (changed)" : " (unchanged)");
    if (!cmp->logged_embedder.empty() || !cmp->current_embedder.empty()) {
        auto words = [](const std::string& sig) {
            return sig.empty() ? std::string("none") : render_english(embedder_phrase(sig));
        };
        std::printf("embedder: %s -> %s%s\n", words(cmp->logged_embedder).c_str(),
                    words(cmp->current_embedder).c_str(),
                    cmp->embedder_changed ? " (changed: the same text can have other vectors)"
                                          : "");
    }
    if (cmp->settings_changed) {
        std::printf("settings differing from the logged ones:");
        for (const auto& k : cmp->changed_settings)
            std::printf(" %s", k.c_str());
        std::printf("%s\n", with_logged_settings ? " (not used by this replay)" : "");
    }
    for (const auto& m : cmp->moves) {
        char from[16] = "-", to[16] = "-";
        if (m.logged_rank)
            std::snprintf(from, sizeof from, "%d", *m.logged_rank);
        if (m.new_rank)
            std::snprintf(to, sizeof to, "%d", *m.new_rank);
        std::printf("  %-4s -> %-4s %-5s  %s\n", from, to, to_string(m.movement),
                    m.node_id.c_str());
    }
    std::printf("%s; cause: %s\n", cmp->identical ? "identical ranking" : "ranking moved",
                to_string(cmp->cause));
    if (!with_logged_settings) {
        auto list = [](const char* what, const std::vector<std::string>& keys) {
            if (keys.empty())
                return;
            std::printf("%s:", what);
            for (const auto& k : keys)
                std::printf(" %s", k.c_str());
            std::printf("\n");
        };
        list("each alone reorders the hits", cmp->reordering);
        list("change the scores, not the order", cmp->rescoring);
        list("no effect on this query", cmp->inert);
    }
    return 0;
}

json score_or_null(const std::optional<double>& v) {
    return v ? json(*v) : json(nullptr);
}

// Rebuilds the logged ranking from the row's candidate pools (no retrieval) and says whether
// it is the logged one, bit for bit.
int run_rerun(const Args& a, const Vault& v) {
    auto id = id_arg(a);
    if (!id)
        return fail("audit", id.status());
    SearchEngineOptions opts;
    opts.audit = false;
    auto engine = SearchEngine::open(v, opts);
    if (!engine)
        return fail("audit", engine.status());
    auto r = rerun_audit(**engine, *id);
    if (!r)
        return fail("audit", r.status());
    json diff = nullptr;
    if (r->first_difference) {
        const auto& d = *r->first_difference;
        diff = {{"rank", d.rank},
                {"logged",
                 {{"node_id", d.logged_id ? json(*d.logged_id) : json(nullptr)},
                  {"score", score_or_null(d.logged_score)}}},
                {"rerun",
                 {{"node_id", d.rerun_id ? json(*d.rerun_id) : json(nullptr)},
                  {"score", score_or_null(d.rerun_score)}}}};
    }
    if (a.json()) {
        json hits = json::array();
        int rank = 0;
        for (const auto& h : r->rerun.result.hits)
            hits.push_back({{"rank", ++rank}, {"node_id", h.node_id}, {"score", h.score}});
        json j = {{"id", r->logged.id},
                  {"query", r->logged.query},
                  {"identical", r->identical},
                  {"first_difference", diff},
                  {"logged_revision", r->logged_revision},
                  {"current_revision", r->current_revision},
                  {"candidates",
                   {{"keyword", r->rerun.candidates.keyword.size()},
                    {"vector", r->rerun.candidates.vector.size()}}},
                  {"hits", hits},
                  {"forgotten", r->forgotten},
                  {"stage_ms", json::object()}};
        for (const auto& [stage, ms] : r->rerun.stage_ms)
            j["stage_ms"][stage] = ms;
        std::cout << dump_json(j) << '\n';
        return 0;
    }
    std::printf("rerun of audit row %lld from its stored candidates (%zu keyword, %zu vector): "
                "\"%s\"\n",
                static_cast<long long>(r->logged.id), r->rerun.candidates.keyword.size(),
                r->rerun.candidates.vector.size(), one_line(r->logged.query, 70).c_str());
    int rank = 0;
    for (const auto& h : r->rerun.result.hits)
        std::printf("  %3d  %.6f  %s\n", ++rank, h.score, h.node_id.c_str());
    for (const auto& gone : r->forgotten)
        std::printf("  logged hit %s was forgotten since (memlens-cli forget): it cannot come "
                    "back\n",
                    gone.c_str());
    if (r->identical) {
        std::printf("identical to the logged ranking\n");
    } else {
        const auto& d = *r->first_difference;
        std::printf("differs from the logged ranking at rank %d: logged %s, rerun %s\n", d.rank,
                    d.logged_id ? d.logged_id->c_str() : "(none)",
                    d.rerun_id ? d.rerun_id->c_str() : "(none)");
        if (r->logged_revision != r->current_revision)
            std::printf("the vault changed since (revision %lld -> %lld)\n",
                        static_cast<long long>(r->logged_revision),
                        static_cast<long long>(r->current_revision));
    }
    return 0;
}

int run_audit(const Args& a) {
    auto dir = a.get("vault");
    if (!dir)
        return fail("audit", "--vault DIR is required");
    if (a.positional.empty())
        return fail("audit", "expected list, show ID, replay ID, diff ID or rerun ID");
    auto v = Vault::open(*dir, true);
    if (!v)
        return fail("audit", v.status());
    const std::string& sub = a.positional[0];
    if (sub == "list")
        return run_list(a, **v);
    if (sub == "show")
        return run_show(a, **v);
    if (sub == "replay")
        return run_compare(a, **v, true);
    if (sub == "diff")
        return run_compare(a, **v, false);
    if (sub == "rerun")
        return run_rerun(a, **v);
    return fail("audit", "unknown subcommand '" + sub + "' (list, show, replay, diff, rerun)");
}

MEMLENS_CLI_COMMAND(Spec{
    "audit",
    "the query log: list, show, replay, diff or rerun a logged query",
    "Usage: memlens-cli audit --vault DIR list [--limit N (1..10000, default 50)] [--offset N]\n"
    "         [--text TEXT] [--mode hybrid|keyword|semantic] [--since TIME] [--until TIME]\n"
    "         [--client NAME] [--session ID] [--tool NAME] [--agents] [--json]\n"
    "       memlens-cli audit --vault DIR show ID [--json]\n"
    "       memlens-cli audit --vault DIR replay ID [--json]\n"
    "       memlens-cli audit --vault DIR diff ID [--json]\n"
    "       memlens-cli audit --vault DIR rerun ID [--json]\n\n"
    "replay re-runs a logged query with the settings it was logged with, so rank movement\n"
    "(up, down, new, gone) comes from data changes (the vault revision says whether there were\n"
    "any). diff re-runs it with the vault's current settings and names which settings differ,\n"
    "telling a data change from a settings change. rerun runs no retrieval: it ranks the\n"
    "candidates the row keeps (what each leg returned) again through fusion, scores, MMR and\n"
    "budgets with the logged settings, and says whether that gives the logged ranking bit for\n"
    "bit (\"identical\") or where it first differs. None of them writes a new log row.\n\n"
    "list shows the newest rows first. --text keeps the queries that contain TEXT (literally;\n"
    "ASCII letters in either case), --mode those that ran in that mode, --since and --until\n"
    "(RFC 3339 or epoch ms, inclusive) those answered in that window. An agent's call through\n"
    "'memlens-cli serve' names its client, session (connection), tool and arguments: --client\n"
    "keeps the rows of that client (\"name version\" exactly, or the name alone for any version),\n"
    "--session and --tool the rows that name exactly that, --agents every agent's row (a client\n"
    "that sent no name shows as anonymous).\n"
    "Only searches (modes hybrid, keyword, semantic) can be replayed, diffed or rerun.",
    {"vault", "limit", "offset", "text", "mode", "since", "until", "client", "session", "tool"},
    {"agents"},
    run_audit});

} // namespace
} // namespace memlens::cli
