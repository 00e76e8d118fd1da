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

// Where the vault's learned words stand for one model: how many, and the last one's seq. Two
// equal states hold the same words (rows are only ever added).
struct LearnedState {
    std::int64_t count = 0;
    std::int64_t last_seq = 0;
    bool operator==(const LearnedState&) const = default;
};

Result<LearnedState> learned_state(const Database& db, const std::string& model);

// Replaces the model's added words with the vault's.
Status load_learned(const Database& db, const std::string& model, PpmiModel& into);

// Adds what `groups` say about the words `model` does not know to the vault's counts, and learns
// (writes to ml_ppmi_words) each word that has now occurred in `min_count` turns and has a count
// above chance. Runs inside the caller's write transaction on `db`. Returns the words learned.
Result<std::size_t> record_new_text(const Database& db, const PpmiModel& model,
                                    const std::vector<std::vector<std::string>>& groups,
                                    std::size_t min_count);

} // namespace memlens::ppmi_detail
