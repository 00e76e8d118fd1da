// What a leg hands to fusion: a node id with the leg's raw score, in the leg's rank order.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace memlens::search {

struct LegItem {
    std::string id;
    bool is_summary = false;
    // fts_score × author_factor × time_factor (more negative = better) or cosine similarity: what
    // the leg ranks by
    double raw = 0.0;
    std::vector<std::string> topic_path; // vector leg: the topics the beam took to it
    std::string author;                  // keyword leg, chunks: who wrote it (may be empty)
    double author_factor = 1.0;          // keyword leg: apply_keyword_factors
    double coverage = 1.0;               // keyword leg: memlens_coverage (bm25f.h)
    double fts_score = 0.0;              // keyword leg: memlens_bm25f, before the factors
    double time_factor = 1.0;            // keyword leg: apply_keyword_factors
    std::int64_t time_start_ms = 0;      // keyword leg, chunks: the chunk's time range
    std::int64_t time_end_ms = 0;
    bool asks = false;            // keyword leg, chunks: ends with '?'
    double question_factor = 1.0; // keyword leg: apply_keyword_factors
    std::int64_t fts_rowid = 0;   // keyword leg: the row of its FTS table (the term table reads it)
    // keyword leg: the row's column lengths and term counts as memlens_bm25f saw them
    // (recorded_counts in bm25f.h); empty when not recorded (a rerun's stored pools)
    std::vector<std::int32_t> fts_counts;
};

} // namespace memlens::search
