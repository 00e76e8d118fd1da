// A vault's health over time, read from its audit log (docs/judgments.md, "Coverage and
// magnets"): which memories no logged search ever returned (by source and by age), and which
// come back for many unrelated questions ("magnets", the hubs of a ranking). One implementation
// behind `memlens-cli health`, the MCP tool memory_health and the Overview page.
//
// Reads only, in one snapshot of the vault's connection; scans every logged search's returned
// ids once (about a second per 100,000 rows). Thread-safety: as Vault's; call off the UI thread.
#pragma once

#include <memlens/phrase.h>
#include <memlens/status.h>

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace memlens {

class Vault;

struct HealthOptions {
    // Only logged searches in this window count (the shared time filter); nullopt: all.
    std::optional<std::int64_t> since_ms;
    std::optional<std::int64_t> until_ms;
    // A magnet: returned by at least this many distinct questions and this share of them, and
    // most pairs of those questions share no word (unrelated_share at least kMagnetUnrelated).
    std::size_t magnet_min_queries = 5;
    double magnet_min_share = 0.05;
    std::size_t max_magnets = 20;
    std::size_t max_sources = 20; // coverage rows by source, the most never-returned first
    // Also report each returned node's questions and each named entity's recall
    // (HealthReport::node_queries, entity_recall): the trees' heat column and the graph's
    // recall measure. Costs one entity-index lookup per returned node.
    bool per_node = false;
    // From this many logged rows on, the later half of the log is read on a second read-only
    // connection while the first half is read on the vault's (each row's hits are in overflow
    // pages and parsed: 0.35 s for 100,000 rows); the report is the same either way.
    std::int64_t split_log_from = 20'000;
    const std::atomic_bool* cancel = nullptr;
};

inline constexpr double kMagnetUnrelated = 0.5;

struct CoverageRow {
    std::string label; // a source id, or an age bucket ("last 7 days", …, "older")
    PhraseText age;    // an age bucket's label as a phrase (the GUI translates it)
    std::size_t chunks = 0;
    std::size_t never_returned = 0;
};

struct Magnet {
    std::string node_id;
    std::string text;             // the memory's first 160 characters
    std::size_t queries = 0;      // distinct questions that returned it
    double share = 0.0;           // of all distinct questions logged
    double unrelated_share = 0.0; // of pairs of those questions, the share with no word in common
    std::vector<std::string> sample_queries; // up to ten of them, most recent first
};

// One entity's memories as the logged searches reached them (HealthOptions::per_node).
struct EntityRecall {
    std::size_t returned = 0; // its memories (chunks) that some logged search returned
    std::size_t queries = 0;  // distinct questions that returned one of them
};

struct HealthReport {
    std::size_t searches = 0;         // logged searches read
    std::size_t distinct_queries = 0; // their distinct question texts
    std::size_t chunks = 0;           // memories (chunks not superseded)
    std::size_t never_returned = 0;   // of those, returned by no logged search
    std::int64_t newest_ms = 0;       // the newest memory's time: ages count back from it
    std::vector<CoverageRow> by_source;
    std::vector<CoverageRow> by_age;
    std::vector<Magnet> magnets; // by share, highest first
    // With HealthOptions::per_node: every returned node (chunk or summary) → the distinct
    // questions that returned it; a memory absent here was never returned. And every entity one
    // of whose memories was returned → its recall (an entity absent here: none was).
    std::unordered_map<std::string, std::size_t> node_queries;
    std::unordered_map<std::string, EntityRecall> entity_recall;
};

// InvalidArgument for since after until; Unsupported on an OpenHuman workspace.
Result<HealthReport> vault_health(const Vault& vault, const HealthOptions& opts = {});

// {"searches","distinct_queries","chunks","never_returned","never_returned_share","newest",
//  "by_source":[{"source","chunks","never_returned"}],"by_age":[{"age",…}],
//  "magnets":[{"node_id","text","queries","share","unrelated_share","sample_queries"}]}
// (the per-node maps are for views that look nodes up; the JSON leaves them out).
std::string to_json(const HealthReport& r);

} // namespace memlens
