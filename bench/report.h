// What the benchmarks print: with --json the figures as one JSON object (the keys are what
// scripts/plot_scale.py and docs/performance.md read), otherwise a table of them.
#pragma once

#include <nlohmann/json.hpp>

namespace memlens::bench {

// The tables of `memlens-bench ingest|query|scale` without --json, from their JSON.
void print_ingest_table(const nlohmann::json& j);
void print_query_table(const nlohmann::json& j);
void print_scale_table(const nlohmann::json& j);

// Every p50 / p95 and scalar figure of the query bench's `to` divided by the same figure of
// `from` (memlens-bench scale's "growth").
nlohmann::json growth(const nlohmann::json& from, const nlohmann::json& to);

} // namespace memlens::bench
