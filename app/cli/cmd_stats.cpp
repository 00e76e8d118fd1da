// memlens-cli stats --vault DIR [--json]
#include "cli.h"

#include <memlens/ingest.h>
#include <memlens/time_util.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

namespace memlens::cli {
namespace {

int run_stats(const Args& a) {
    auto dir = a.get("vault");
    if (!dir)
        return fail("stats", "--vault DIR is required");
    auto vault = Vault::open(*dir, true);
    if (!vault)
        return fail("stats", vault.status());
    // Counts read from a damaged file can be anything: stats checks the whole file first and
    // says what is wrong instead of printing them (memlens then writes nothing to the vault).
    if (Status sound = (*vault)->quick_check(); !sound.is_ok())
        return fail("stats",
                    sound.code() == StatusCode::Busy
                        ? sound
                        : Status::corruption(sound.message() +
                                             "; memlens writes nothing to a damaged vault: "
                                             "`sqlite3 vault.db .recover` saves what can be read"));
    auto s = vault_stats(**vault);
    if (!s)
        return fail("stats", s.status());
    if (a.json()) {
        nlohmann::json j = {{"sources", s->sources},       {"chunks", s->chunks},
                            {"summaries", s->summaries},   {"trees", s->trees},
                            {"entities", s->entities},     {"edges", s->edges},
                            {"embeddings", s->embeddings}, {"audit_rows", s->audit_rows},
                            {"revision", s->revision},     {"integrity", "ok"}};
        j["earliest"] = s->chunks ? nlohmann::json(format_rfc3339(s->earliest_ms)) : nullptr;
        j["latest"] = s->chunks ? nlohmann::json(format_rfc3339(s->latest_ms)) : nullptr;
        j["read_only_format"] = (*vault)->format() == VaultFormat::OpenHumanWorkspace;
        if (auto f = TopicIndex::file_status((*vault)->db()); f && !f->path.empty())
            j["topic_index"] = {{"file", f->path},         {"exists", f->exists},
                                {"bytes", f->bytes},       {"current", f->current},
                                {"unfolded", f->unfolded}, {"problem", f->problem}};
        std::cout << dump_json(j) << '\n';
        return 0;
    }
    std::printf("vault      %s\nsources    %lld\nchunks     %lld\nsummaries  %lld\ntrees      "
                "%lld\nentities   %lld\nedges      %lld\naudit rows %lld\nrevision   %lld\n"
                "integrity  ok (SQLite's quick_check)\n",
                dir->c_str(), static_cast<long long>(s->sources), static_cast<long long>(s->chunks),
                static_cast<long long>(s->summaries), static_cast<long long>(s->trees),
                static_cast<long long>(s->entities), static_cast<long long>(s->edges),
                static_cast<long long>(s->audit_rows), static_cast<long long>(s->revision));
    if (s->chunks)
        std::printf("time span  %s .. %s\n", format_rfc3339(s->earliest_ms).c_str(),
                    format_rfc3339(s->latest_ms).c_str());
    if (auto f = TopicIndex::file_status((*vault)->db()); f && !f->path.empty())
        std::printf(
            "topic index %s (%s)\n", f->path.c_str(),
            !f->exists ? "missing: memlens-cli reindex writes it"
            : f->current
                ? ("current; " + std::to_string(f->unfolded) +
                   " vector writes since, read beside it until an import folds them in")
                      .c_str()
                : ("stale: " + f->problem + "; the next import or memlens-cli reindex rewrites it")
                      .c_str());
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{"stats",
                         "count a vault's sources, chunks, summaries, trees, entities",
                         "Usage: memlens-cli stats --vault DIR [--json]\n\n"
                         "Opens the vault read-only and prints its counts.",
                         {"vault"},
                         {},
                         run_stats});

} // namespace
} // namespace memlens::cli
