// Cleaning a vault's entities: alias proposals for known persons, and merging one entity into
// another (the registry gains the alias, the entity index is re-pointed). The rules are in
// docs/entities.md, "Persons and topics", "Alias proposals" and "Merging entities".
#pragma once

#include <memlens/status.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

class Vault;

// One proposal: `from` (a person or topic entity) looks like a short form, a misspelling or the
// same name of the person `into`, with the evidence for it.
struct EntityMergeProposal {
    std::string from; // "person:mel", "topic:mel"
    std::string into; // "person:melanie"
    std::string from_surface;
    std::string into_surface;
    // "same_name" (topic:x beside person:x), "transliteration" (juergen → jürgen, emile →
    // émile), "prefix" (mel → melanie), "spelling" (jon → john, mohammed → muhammad: a small edit
    // distance) or "prefix_spelling" (mell → mela-nie).
    std::string reason;
    int edit_distance = 0; // Damerau-Levenshtein distance between the two names' first words
    std::int64_t from_mentions = 0;
    std::int64_t into_mentions = 0;
    std::int64_t shared_chunks = 0; // leaves naming both (their co-occurrence edge weight)
    // `into` is a speaker (a chunk author) of a source where `from` is mentioned: the name the
    // other speaker uses for them.
    bool into_speaks_there = false;
    std::int64_t from_sources = 0; // sources whose leaves mention `from`
    double score = 0.0;            // for ordering only: higher is stronger evidence
};

// Proposals over the vault's entity list (ml_entities) and chunk authors, strongest first; the
// rules are docs/entities.md's "Alias proposals". Read-only.
Result<std::vector<EntityMergeProposal>> propose_entity_merges(const Vault& vault);

struct EntityMergeOptions {
    // Test hook: called after each step ("index", "registry", "commit" = just before the commit,
    // "committed" = just after it); a non-ok status makes the merge fail there and undo
    // everything it did (after "committed": stop with the files not yet tidied, as a kill
    // would).
    std::function<Status(std::string_view step)> fail_point;
};

struct EntityMergeReport {
    std::string from;
    std::string into;
    std::vector<std::string> aliases_added; // surfaces written into `into`'s registry record
    std::filesystem::path registry_file;    // the record's file
    std::int64_t mentions_moved = 0;        // index rows re-pointed to `into`
    std::int64_t mentions_dropped = 0;      // rows of `from` on a node `into` already names
    std::int64_t edges_before = 0;          // edges touching `from` or `into` before
    std::int64_t edges_after = 0;           // edges of `into` after
};

// Merges `from` into `into`: every index row of `from` names `into` instead (one per node),
// summaries' entity lists follow, `into`'s co-occurrence edges are recounted from the index's
// leaves (a weight is the number of leaves naming both, as ingest counts it), the entity list
// row of `from` goes and `into`'s is recounted, the revision is bumped; and `into`'s registry
// record (created when missing) gains `from`'s surfaces as aliases (a registry record of `from`
// is folded into it and its file removed). All or nothing: the database changes are one
// transaction, and the registry files are written before its commit and restored byte for byte
// when anything fails. Unsupported when the vault is read-only; NotFound when either entity is
// unknown (not in the index nor the registry); InvalidArgument when from == into or an id has no
// kind.
Result<EntityMergeReport> merge_entities(Vault& vault, const std::string& from,
                                         const std::string& into,
                                         const EntityMergeOptions& options = {});

// Finishes or undoes a merge that was killed part-way (a journal beside the registry says
// what it was doing; ml_settings says whether its transaction committed): committed, the
// parked record of `from` is removed; not, every registry file is put back byte for byte. Also
// removes the hidden temporary files of registry writes that never reached their rename.
// Vault::open runs it for every writable vault, and merge_entities before it starts.
// Corruption naming the journal when it does not read.
Status recover_entity_merge(Vault& vault);

// Damerau-Levenshtein (optimal string alignment) distance between two strings, by code point.
int name_edit_distance(std::string_view a, std::string_view b);

} // namespace memlens
