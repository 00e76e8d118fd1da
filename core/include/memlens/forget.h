// Forgetting memories: removing a chunk's text from everything memlens keeps of it.
//
// One transaction (all or nothing) on a writable vault (Vault::check_writable) removes
//  - the chunk rows, their FTS5 rows (then merged, so no segment keeps their tokens) and the
//    copies of their text in the `near` / `far` columns of their neighbours' FTS5 rows;
//  - their vectors, and the topic index rewritten without them (published after the commit);
//  - their entity mentions; co-occurrence edges recounted from the mentions that remain; an
//    entity no longer mentioned anywhere goes, with its edges;
//  - every summary built from them: re-sealed from the children that remain (same id, new text,
//    entities, vector), or removed when none remains; unsealed buffers drop them;
//  - the audit log's copies of their text (retrieval_log and audit-pending.jsonl): a call that
//    stored or returned them keeps its ids and scores, its text arguments become
//    kForgottenMarker, and its query_profile lists the forgotten ids under "forgotten", which a
//    rerun of the row reports (AuditRerun::forgotten);
// and bumps the vault revision. With PRAGMA secure_delete on, freed pages are zeroed; after the
// commit a checkpoint truncates the WAL (ForgetReport::wal_truncated says whether a reader kept
// it from doing so). docs/formats.md, "Forgetting", lists the same.
#pragma once

#include <memlens/status.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

class Vault;
class Embedder;

// What replaces a forgotten memory's text wherever the audit log kept a copy.
inline constexpr std::string_view kForgottenMarker = "[forgotten]";
// The most ids one request names.
inline constexpr std::size_t kMaxForgetIds = 10'000;

// Which memories to forget: chunk ids, or every memory of a source and/or every memory older
// than a moment (both: the memories of that source older than it). ids excludes the other two.
struct ForgetRequest {
    std::vector<std::string> ids;
    std::optional<std::string> source;
    std::optional<std::int64_t> before_ms; // timestamp_ms < before_ms
};

struct ForgetReport {
    std::vector<std::string> memories;           // chunk ids forgotten, sorted
    std::vector<std::string> summaries_resealed; // re-sealed without them
    std::vector<std::string> summaries_removed;  // built from them alone
    std::vector<std::string> entities_removed;   // no longer mentioned anywhere
    std::size_t edges_changed = 0;               // recounted or removed
    std::size_t audit_rows = 0;                  // retrieval_log rows naming a forgotten memory
    std::size_t pending_audit_rows = 0;          // audit-pending.jsonl rows naming one
    bool wal_truncated = false;                  // the checkpoint after the commit emptied the WAL
    std::int64_t revision = 0;                   // the vault revision after the forget
};

// The request's own problems (InvalidArgument naming the argument): nothing named, ids with
// source or before, too many ids, an empty or over-long id or source.
Status check_forget_request(const ForgetRequest& request);

// What forget_memories would remove, without writing: memories and the summaries re-sealed or
// removed (the GUI's confirmation). NotFound naming an id the vault does not hold or a source
// with no memories; InvalidArgument for a summary's id (its memories are forgotten one by one).
Result<ForgetReport> plan_forget(const Vault& vault, const ForgetRequest& request);

// Forgets them (see above). The embedder embeds re-sealed summaries; it must be the vault's
// (make_embedder_for). Errors as plan_forget; Unsupported / Corruption from check_writable.
Result<ForgetReport> forget_memories(Vault& vault, Embedder& embedder,
                                     const ForgetRequest& request);

// The report as JSON, the one shape `memlens-cli forget --json`, memory_forget and the GUI
// read: {"forgotten": [...], "summaries_resealed": [...], "summaries_removed": [...],
// "entities_removed": [...], "edges_changed", "audit_rows", "pending_audit_rows",
// "wal_truncated", "revision"}.
std::string forget_report_json(const ForgetReport& report);

} // namespace memlens
