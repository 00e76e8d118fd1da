// A distributional word model learned from a vault's own text, for a vector leg that finds what
// shares meaning rather than words with a question (docs/embeddings.md, "A model of the vault's
// own words"): positive pointwise mutual information (PPMI) of word stems that occur in the same
// turn or the turns next to it, reduced to `dim` dimensions by a truncated SVD; a text's vector
// is the idf-weighted mean of its stems' vectors. Words that arrive after the training are
// folded in (fold_in) once they have occurred in min_count turns, without a retrain.
#pragma once

#include <memlens/embedder.h>
#include <memlens/status.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace memlens {

struct PpmiOptions {
    std::size_t dim = 64;           // dimensions kept by the SVD (at most the vocabulary)
    std::size_t min_count = 2;      // turns a stem must occur in to be learned
    std::size_t max_vocab = 20'000; // the most frequent stems kept
    double context_alpha = 0.75;    // context counts raised to this (smoothed PPMI)
    std::size_t neighbours = 1;     // turns on each side that count as the same context
    double eigen_power = 0.5;       // word vector = U × Σ^power
    std::uint64_t seed = 1;         // the SVD's random start
};

// What new text says about one word the model does not know: the turns it occurs in, and how
// often it occurs with each of the model's trained words (by their index) in a turn or the turns
// next to it, counted as the training counts.
struct PpmiWordCounts {
    std::size_t turns = 0;
    std::map<std::uint32_t, float> contexts;
};

class PpmiModel {
public:
    // `groups`: each conversation, thread or document as its turns in order. InvalidArgument when
    // fewer than two stems reach min_count (nothing to learn from).
    static Result<PpmiModel> train(const std::vector<std::vector<std::string>>& groups,
                                   const PpmiOptions& opts = {});

    // Unit length; the zero vector when no stem of the text is known.
    Vector embed(std::string_view text) const;
    // The learned vector of one word (stemmed here), or empty when it is not known.
    Vector word_vector(std::string_view word) const;

    // Growing without a retrain. A model that can (its file keeps the context side of the SVD;
    // those written before it could not are used as they are):
    bool extendable() const { return !contexts_.empty(); }
    // The counts new text gives each stem the model does not know (neither trained nor added),
    // and how many turns the text has. Groups as for train().
    std::map<std::string, PpmiWordCounts>
    count_new_words(const std::vector<std::vector<std::string>>& groups,
                    std::size_t* turns = nullptr) const;
    // A new word's vector from its counts, as the training would have placed it in the model's
    // space: its PPMI row (with the training's totals) projected on the context side of the SVD,
    // unit length. Empty when no count is above chance. Also gives a trained word about its own
    // vector back (tst_ppmi_model).
    Vector fold_in(const std::map<std::uint32_t, float>& contexts) const;
    // The weight a word found in `turns` of `all_turns` turns gets, as the training gives it.
    static float idf(std::size_t turns, std::size_t all_turns);
    // Adds a word learned after the training (its stem as count_new_words names it). Texts are
    // then embedded with it; what the training gave every other word does not change.
    void add_word(const std::string& stem, float idf, const Vector& vector);
    void remove_added_word(const std::string& stem);
    void clear_added_words();
    std::size_t added_words() const { return added_.size(); }
    std::size_t trained_turns() const { return turns_; }

    std::size_t dim() const { return dim_; }
    std::size_t vocabulary() const { return stems_.size(); }
    // "memlens-ppmi-v1:<dim>:<16 hex digits over the trained stems, idf and vectors>": two
    // trainings never share one. Words added later keep it: they change no trained word's
    // vector, so every vector stored under it stays comparable.
    const std::string& signature() const { return signature_; }

    // A file of its own, written whole (temporary file, then rename). Load checks the header,
    // every size and a checksum; errors name the file.
    Status save(const std::filesystem::path& file) const;
    static Result<PpmiModel> load(const std::filesystem::path& file);

private:
    void index(); // at_ from stems_
    void sign();  // signature_ from the stems, idf and vectors
    std::size_t dim_ = 0;
    std::vector<std::string> stems_;
    std::vector<float> idf_;
    std::vector<float> vectors_; // stems_.size() × dim_, each row unit length
    // The context side, for fold_in: row c is Σ_w PPMI(w, c) u_w σ^(power − 2) (V σ^(power − 1)),
    // stems_.size() × dim_; p(c) with the smoothing; the training's co-occurrence total, turns
    // and neighbours. Empty in a model file from before they were kept.
    std::vector<float> contexts_;
    std::vector<float> context_p_;
    double total_ = 0.0;
    std::size_t turns_ = 0;
    std::size_t neighbours_ = 1;
    std::unordered_map<std::string, std::size_t> at_;
    struct Added {
        float idf = 0.0f;
        Vector vector;
    };
    std::unordered_map<std::string, Added> added_;
    std::string signature_;
};

// The vault's embedder when setting embedder.kind is "ppmi" (make_embedder_for): the model in
// `model_file` (words.ppmi beside vault.db), or, while there is none, an embedder that learns
// it from the first import that brings enough text (learn(): trains, then writes the file).
// Until then it embeds every text as the zero vector under the signature
// "memlens-ppmi-v1:unlearned", which no learned model shares.
std::unique_ptr<Embedder> make_ppmi_embedder(std::filesystem::path model_file,
                                             std::optional<PpmiModel> model, PpmiOptions opts);

} // namespace memlens
