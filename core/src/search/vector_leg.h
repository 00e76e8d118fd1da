// The vector leg: beam descent over the topic tree, scoring only the members of the
// reached topics; an exact scan for small vaults, on request, and for narrow scopes.
#pragma once

#include "search/leg_item.h"
#include "search/scope_sql.h"
#include "search/statement_cache.h"

#include <memlens/search.h>
#include <memlens/topic_tree.h>

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace memlens::search {

// Which index positions a query may see without any scope: summaries only when asked for,
// deleted summaries never, superseded chunks not when hidden. Built once per loaded index.
class IndexMasks {
public:
    static Result<IndexMasks> build(StatementCache& stmts, const TopicIndex& index, bool native);
    // nullptr when every position is allowed.
    const std::vector<std::uint8_t>* get(bool include_summaries, bool hide_superseded) const;

private:
    std::vector<std::uint8_t> masks_[4];
    bool all_allowed_[4] = {true, true, true, true};
};

// Index positions of the nodes a non-empty scope admits (the same SQL conditions as the
// keyword leg), sorted.
Result<std::vector<std::size_t>> scoped_positions(StatementCache& stmts, const TopicIndex& index,
                                                  const SearchScope& scope, bool include_summaries,
                                                  bool hide_superseded, const ChunkColumns& cols);

struct VectorLegInput {
    std::span<const float> query;
    int limit = 100;
    bool force_exact = false;
    int exact_scan_threshold = 20000;
    double beam_min_recall = 0.95;
    BeamOptions beam;
    const std::vector<std::uint8_t>* mask = nullptr;     // unscoped: base mask or nullptr
    const std::vector<std::size_t>* positions = nullptr; // scoped: the admitted positions
};

struct VectorLegOutput {
    std::vector<LegItem> items;
    bool exact = false;
    std::string exact_reason;
    std::optional<double> beam_recall; // what the index file measured at the beam's width
    std::vector<std::string> reached_topics;
    std::size_t scored = 0;
};

VectorLegOutput run_vector_leg(const TopicIndex& index, const VectorLegInput& in);

} // namespace memlens::search
