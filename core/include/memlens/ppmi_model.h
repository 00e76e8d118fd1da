// A distributional word model learned from a vault's own text, for a vector leg that finds what
// shares meaning rather than words with a question (docs/embeddings.md, "A model of the vault's
// own words"): positive pointwise mutual information (PPMI) of word stems that occur in the same
// turn or the turns next to it, reduced to `dim` dimensions by a truncated SVD; a text's vector
// is the idf-weighted mean of its stems' vectors.
//
// Built and tested on its own; not yet the embedder a vault uses.
#pragma once

#include <memlens/embedder.h>
#include <memlens/status.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
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

    std::size_t dim() const { return dim_; }
    std::size_t vocabulary() const { return stems_.size(); }
    // "memlens-ppmi-v1:<dim>:<16 hex digits over the stems, idf and vectors>": two models that
    // embed differently never share one.
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
    std::unordered_map<std::string, std::size_t> at_;
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
