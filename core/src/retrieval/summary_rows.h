// mem_tree_summaries rows as the primitives read them, with their tree's scope joined in.
#pragma once

#include "retrieval/vault_columns.h"

#include <memlens/db.h>
#include <memlens/status.h>

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace memlens::detail {

struct SummaryRow {
    std::string id;
    std::string tree_id;
    std::string tree_kind;
    std::string tree_scope; // "" when the tree row is missing
    int level = 0;
    std::optional<std::string> parent_id;
    std::vector<std::string> child_ids;
    std::string content;
    std::vector<std::string> entities;
    std::vector<std::string> topics;
    std::int64_t start_ms = 0;
    std::int64_t end_ms = 0;
    double score = 0.0;
    bool deleted = false;
    std::optional<std::string> doc_id;
    std::optional<std::int64_t> version_ms;
    std::optional<std::string> content_path;
};

// "SELECT … FROM mem_tree_summaries s LEFT JOIN mem_tree_trees t ON t.id = s.tree_id"; append
// joins and a WHERE clause. read_summary_row() reads its first kSummaryColumns columns;
// `extra_columns` (", p.doc_id, …") come after them.
struct SummarySelect {
    // Joins the tree with CROSS JOIN, which SQLite never reorders: the summaries are read
    // first, by an index of theirs that the WHERE clause names (a time range). A condition on
    // the tree (t.kind = 'source') otherwise turns the LEFT JOIN into an inner one that SQLite
    // may start from the trees, and then it reads every summary of every tree, child lists and
    // all (36 MB at a million chunks), to test their times. A summary whose tree row is
    // missing is left out (as such a condition leaves it out anyway).
    bool summaries_first = false;
    // An outline of each summary: its content, entities and topics read as empty, and its
    // child list too at level 1 (its chunks, a thousand and more); load_child_lists() and
    // load_summaries() read those a caller needs. Past the first columns the values spill
    // into overflow pages, which SQLite copies out whole for each value read.
    bool outline = false;
};
std::string summary_select(const VaultColumns& cols, const std::string& extra_columns = {},
                           SummarySelect how = {});
inline constexpr int kSummaryColumns = 17;
SummaryRow read_summary_row(const Statement& st);

// The child lists of the summaries with these ids, by id (missing ids are absent).
Result<std::unordered_map<std::string, std::vector<std::string>>>
load_child_lists(const Database& db, const std::vector<std::string>& ids);

// Rows for the given ids (missing ids are absent), deleted ones included: callers decide.
Result<std::vector<SummaryRow>> load_summaries(const Database& db, const VaultColumns& cols,
                                               const std::vector<std::string>& ids);

} // namespace memlens::detail
