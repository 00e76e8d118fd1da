// What imports after its training teach a vault's word model (PpmiModel::fold_in), kept in the
// vault (schema 11: ml_ppmi_words, ml_ppmi_pending, ml_ppmi_turns) so that every process that
// shares the vault learns the same words, in the import's own transaction: an import that rolls
// back taught nothing. docs/embeddings.md, "Words that arrive later".
#pragma once

#include <memlens/db.h>
#include <memlens/ppmi_model.h>
#include <memlens/status.h>

#include <cstdint>
#include <string>
#include <vector>

namespace memlens::ppmi_detail {

// The id of the last word any model of the vault learned (0: none). Rows are only ever added,
// each with a larger id, so an unchanged id means no word was learned since.
Result<std::int64_t> last_learned(const Database& db);

// Adds to `into` the words the vault learned for `model` after the one of id `after`, in the
// order they were learned.
Status load_learned(const Database& db, const std::string& model, std::int64_t after,
                    PpmiModel& into);

struct LearnedWord {
    std::string stem;
    float idf = 0.0f;
    Vector vector;
};

// Adds what `groups` say about the words `model` does not know to the vault's counts, and learns
// (writes to ml_ppmi_words) each word that has now occurred in `min_count` turns and has a count
// above chance. Runs inside the caller's write transaction on `db`. Returns the words learned,
// which commit with that transaction or not at all.
Result<std::vector<LearnedWord>>
record_new_text(const Database& db, const PpmiModel& model,
                const std::vector<std::vector<std::string>>& groups, std::size_t min_count);

} // namespace memlens::ppmi_detail
