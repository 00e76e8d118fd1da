// memlens-cli forget --vault DIR (NODE_ID... | --source S | --before T): removes memories and
// every copy of their text the vault keeps (memlens/forget.h).
#include "cli.h"
#include "vault_args.h"

#include <memlens/embedder.h>
#include <memlens/forget.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <iostream>

namespace memlens::cli {
namespace {

void print_report(const ForgetReport& r, bool dry_run) {
    if (r.memories.empty()) {
        std::cout << "nothing to forget: no memory matches\n";
        return;
    }
    std::cout << (dry_run ? "would forget " : "forgot ") << r.memories.size()
              << (r.memories.size() == 1 ? " memory" : " memories") << ", "
              << (dry_run ? "re-seal " : "re-sealed ") << r.summaries_resealed.size() << " and "
              << (dry_run ? "remove " : "removed ") << r.summaries_removed.size()
              << (r.summaries_removed.size() == 1 ? " summary" : " summaries") << '\n';
    for (const auto& id : r.memories)
        std::cout << "  " << id << '\n';
    if (dry_run)
        return;
    std::cout << r.entities_removed.size() << " entities no longer mentioned, " << r.edges_changed
              << " edges recounted or removed, " << r.audit_rows << " audit rows and "
              << r.pending_audit_rows << " pending audit rows redacted; vault revision "
              << r.revision << '\n';
    if (!r.wal_truncated)
        std::cout << "note: another connection kept the WAL from being emptied; it is emptied "
                     "at the next checkpoint once that reader is done\n";
}

int run_forget(const Args& a) {
    auto dir = a.get("vault");
    if (!dir)
        return fail("forget", "--vault DIR is required");
    ForgetRequest req;
    req.ids = a.positional;
    req.source = a.get("source");
    auto before = a.get_time("before");
    if (!before)
        return fail("forget", before.status());
    req.before_ms = *before;
    if (Status s = check_forget_request(req); !s)
        return fail("forget", s);
    const bool dry_run = a.flag("dry-run");
    auto v = Vault::open(*dir, dry_run);
    if (!v)
        return fail("forget", v.status());
    auto ids = whole_ids(**v, req.ids);
    if (!ids)
        return fail("forget", ids.status());
    req.ids = std::move(ids).value();
    Result<ForgetReport> r = Status::internal("forget: not run");
    if (dry_run) {
        r = plan_forget(**v, req);
    } else {
        auto embedder = make_embedder_for(**v);
        if (!embedder)
            return fail("forget", embedder.status());
        r = forget_memories(**v, **embedder, req);
    }
    if (!r)
        return fail("forget", r.status());
    if (a.json()) {
        auto j = nlohmann::json::parse(forget_report_json(*r));
        j["dry_run"] = dry_run;
        std::cout << dump_json(j) << '\n';
    } else {
        print_report(*r, dry_run);
    }
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "forget",
    "forget memories: remove them and every copy of their text",
    "Usage: memlens-cli forget --vault DIR (NODE_ID... | --source S | --before T)\n"
    "                          [--dry-run] [--json]\n\n"
    "Removes the memories (chunks) named by id, every memory of source S, or every memory\n"
    "older than T (RFC 3339 or epoch ms; with --source, that source's older ones), in one\n"
    "transaction: their rows, their FTS5 text (merged away) and their neighbours' copies of it,\n"
    "their vectors and the topic index, their entity mentions (edges recounted; an entity no\n"
    "longer mentioned goes), every summary built from them (re-sealed without them, or removed\n"
    "when nothing else is left), and their text in the audit log (ids and scores stay). Freed\n"
    "pages are zeroed (secure_delete) and the WAL is emptied. docs/formats.md, \"Forgetting\".\n\n"
    "--dry-run  say what would be forgotten and re-sealed, and change nothing",
    {"vault", "source", "before"},
    {"dry-run"},
    run_forget});

} // namespace
} // namespace memlens::cli
