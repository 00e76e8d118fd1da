// PpmiModel (ppmi_model.h): counting, PPMI, the word vectors from a truncated SVD (ppmi_svd.h)
// and the model file.
#include "embed/feature_hash.h"
#include "embed/ppmi_growth.h"
#include "embed/ppmi_svd.h"
#include "entities/atomic_file.h"

#include <memlens/ppmi_model.h>
#include <memlens/text.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <mutex>
#include <set>
#include <shared_mutex>
#include <sstream>

namespace memlens {
namespace {

using ppmi_detail::PpmiCell;

// The content stems of a text, each once: the keyword tokenizer's words (no stopwords, no
// one-letter tokens), Porter-stemmed.
std::vector<std::string> model_stems(std::string_view text) {
    std::set<std::string> seen;
    std::vector<std::string> out;
    for (const std::string& w : keyword_tokens(text)) {
        std::string s = porter_stem(w);
        if (seen.insert(s).second)
            out.push_back(std::move(s));
    }
    return out;
}

// Version 1 holds the words; version 2 adds the context side that fold_in needs.
constexpr char kModelMagicV1[8] = {'M', 'L', 'P', 'P', 'M', 'I', '1', '\0'};
constexpr char kModelMagic[8] = {'M', 'L', 'P', 'P', 'M', 'I', '2', '\0'};
constexpr std::uint32_t kMaxModelDim = 4096;
// What an embedder with nothing learned yet signs its (zero) vectors with.
constexpr const char* kUnlearnedSignature = "memlens-ppmi-v1:unlearned";
constexpr std::uint32_t kMaxModelWords = 10'000'000;
constexpr std::uint32_t kMaxModelStemBytes = 1024;

template <typename T> void put_bytes(std::string& out, T v) {
    char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    out.append(b, sizeof(T));
}

std::uint64_t model_checksum(std::string_view bytes) {
    embed::FeatureHash h('f');
    h.feed(bytes);
    return h.finish();
}

std::string hex_digits16(std::uint64_t v) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s(16, '0');
    for (int i = 15; i >= 0; --i, v >>= 4)
        s[static_cast<std::size_t>(i)] = kDigits[v & 15];
    return s;
}

// Each stem of a turn with every other stem of that turn and of its neighbours in the group:
// `visit(word, context)` once per pair, in the training's order.
template <typename Visit>
void each_cooccurrence(const std::vector<std::vector<std::uint32_t>>& ids, std::size_t neighbours,
                       Visit&& visit) {
    for (std::size_t t = 0; t < ids.size(); ++t) {
        const std::size_t from = t >= neighbours ? t - neighbours : 0;
        const std::size_t to = std::min(ids.size() - 1, t + neighbours);
        for (std::uint32_t w : ids[t])
            for (std::size_t u = from; u <= to; ++u)
                for (std::uint32_t c : ids[u])
                    if (c != w)
                        visit(w, c);
    }
}

struct PpmiCounts {
    std::vector<PpmiCell> cells;
    std::vector<float> context_p; // p(c) with the context counts raised to context_alpha
    double total = 0.0;
};

// Co-occurrence of the known stems, then PPMI with the context counts smoothed by context_alpha.
PpmiCounts ppmi_matrix(const std::vector<std::vector<std::vector<std::string>>>& turns,
                       const std::unordered_map<std::string, std::size_t>& at, std::size_t vocab,
                       const PpmiOptions& opts) {
    std::unordered_map<std::uint64_t, float> pairs;
    std::vector<double> row_sum(vocab, 0.0), col_sum(vocab, 0.0);
    for (const auto& group : turns) {
        std::vector<std::vector<std::uint32_t>> ids(group.size());
        for (std::size_t t = 0; t < group.size(); ++t)
            for (const auto& s : group[t])
                if (auto it = at.find(s); it != at.end())
                    ids[t].push_back(static_cast<std::uint32_t>(it->second));
        each_cooccurrence(ids, opts.neighbours, [&](std::uint32_t w, std::uint32_t c) {
            pairs[(std::uint64_t{w} << 32) | c] += 1.0f;
            row_sum[w] += 1.0;
            col_sum[c] += 1.0;
        });
    }
    PpmiCounts out;
    double smoothed_total = 0.0;
    for (std::size_t i = 0; i < col_sum.size(); ++i) {
        out.total += col_sum[i];
        smoothed_total += std::pow(col_sum[i], opts.context_alpha);
    }
    out.context_p.resize(vocab);
    for (std::size_t c = 0; c < vocab; ++c)
        out.context_p[c] = static_cast<float>(
            smoothed_total > 0.0 ? std::pow(col_sum[c], opts.context_alpha) / smoothed_total : 0.0);
    for (const auto& [key, count] : pairs) {
        const auto w = static_cast<std::size_t>(key >> 32);
        const auto c = static_cast<std::size_t>(key & 0xffffffffu);
        const double p_wc = count / out.total;
        const double p_w = row_sum[w] / out.total;
        const double pmi = std::log(p_wc / (p_w * out.context_p[c]));
        if (pmi > 0.0)
            out.cells.push_back({static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(c),
                                 static_cast<float>(pmi)});
    }
    return out;
}

// The sign of a singular vector is arbitrary: fixed so that its largest entry is positive, the
// model does not depend on the solver's choice. `u` is vocab × k, row-major.
void fix_signs(std::vector<float>& u, std::size_t vocab, std::size_t k) {
    for (std::size_t j = 0; j < k; ++j) {
        std::size_t arg = 0;
        for (std::size_t i = 1; i < vocab; ++i)
            if (std::abs(u[i * k + j]) > std::abs(u[arg * k + j]))
                arg = i;
        if (u[arg * k + j] < 0)
            for (std::size_t i = 0; i < vocab; ++i)
                u[i * k + j] = -u[i * k + j];
    }
}

// The context side of the SVD for fold_in: with M ≈ U Σ Vᵀ, a row m of PPMI values gives
// m V Σ^(power − 1) = U Σ^power for a trained word, and V = Mᵀ U Σ⁻¹. So row c is
// Σ_w M(w, c) u_w σ^(power − 2); columns whose σ is zero stay zero.
std::vector<float> context_side(const std::vector<PpmiCell>& cells, const std::vector<float>& u,
                                const std::vector<float>& sigma, std::size_t vocab, std::size_t k,
                                std::size_t dim, double power) {
    std::vector<float> out(vocab * dim, 0.0f);
    for (const PpmiCell& cell : cells) {
        const float* uw = u.data() + std::size_t{cell.word} * k;
        float* row = out.data() + std::size_t{cell.context} * dim;
        for (std::size_t j = 0; j < k; ++j)
            row[j] += cell.value * uw[j];
    }
    for (std::size_t j = 0; j < k; ++j) {
        const double s = sigma[j];
        const float scale = s > 1e-6 ? static_cast<float>(std::pow(s, power - 2.0)) : 0.0f;
        for (std::size_t c = 0; c < vocab; ++c)
            out[c * dim + j] *= scale;
    }
    return out;
}

} // namespace

Result<PpmiModel> PpmiModel::train(const std::vector<std::vector<std::string>>& groups,
                                   const PpmiOptions& opts) {
    if (opts.dim == 0 || opts.dim > kMaxModelDim)
        return Status::invalid("a PPMI model's dim must be 1 to " + std::to_string(kMaxModelDim));
    // Each turn as its stems; how many turns each stem occurs in.
    std::vector<std::vector<std::vector<std::string>>> turns(groups.size());
    std::unordered_map<std::string, std::size_t> df;
    std::size_t turn_count = 0;
    for (std::size_t g = 0; g < groups.size(); ++g)
        for (const std::string& text : groups[g]) {
            turns[g].push_back(model_stems(text));
            for (const auto& s : turns[g].back())
                ++df[s];
            ++turn_count;
        }
    std::vector<std::pair<std::string, std::size_t>> kept;
    for (const auto& [stem, n] : df)
        if (n >= opts.min_count)
            kept.emplace_back(stem, n);
    std::sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    if (kept.size() > opts.max_vocab)
        kept.resize(opts.max_vocab);
    if (kept.size() < 2)
        return Status::invalid(
            "too little text to learn a word model from: " + std::to_string(kept.size()) +
            " word(s) occur in " + std::to_string(opts.min_count) + " turns or more");
    PpmiModel m;
    // Stems in a fixed order (by name), so the model and its signature depend on the text only.
    std::sort(kept.begin(), kept.end());
    for (const auto& [stem, n] : kept) {
        m.stems_.push_back(stem);
        m.idf_.push_back(idf(n, turn_count));
    }
    m.turns_ = turn_count;
    m.neighbours_ = opts.neighbours;
    m.index();
    const std::size_t vocab = m.stems_.size();

    const PpmiCounts ppmi = ppmi_matrix(turns, m.at_, vocab, opts);
    m.total_ = ppmi.total;
    m.context_p_ = ppmi.context_p;

    const std::size_t k = std::min<std::size_t>(opts.dim, vocab);
    auto svd = ppmi_detail::truncated_svd(ppmi.cells, vocab, k, opts.seed);
    fix_signs(svd.u, vocab, k);

    m.dim_ = static_cast<std::size_t>(opts.dim);
    m.vectors_.assign(m.stems_.size() * m.dim_, 0.0f);
    for (std::size_t i = 0; i < vocab; ++i) {
        float* row = m.vectors_.data() + i * m.dim_;
        for (std::size_t j = 0; j < k; ++j)
            row[j] =
                svd.u[i * k + j] * std::pow(svd.sigma[j], static_cast<float>(opts.eigen_power));
        float norm = 0.0f;
        for (std::size_t j = 0; j < m.dim_; ++j)
            norm += row[j] * row[j];
        const float scale = norm > 0.0f ? 1.0f / std::sqrt(norm) : 0.0f;
        for (std::size_t j = 0; j < m.dim_; ++j)
            row[j] *= scale;
    }
    m.contexts_ = context_side(ppmi.cells, svd.u, svd.sigma, vocab, k, m.dim_, opts.eigen_power);
    m.sign();
    return m;
}

float PpmiModel::idf(std::size_t turns, std::size_t all_turns) {
    return static_cast<float>(
        std::log((static_cast<double>(all_turns) + 1.0) / (static_cast<double>(turns) + 0.5)));
}

std::map<std::string, PpmiWordCounts>
PpmiModel::count_new_words(const std::vector<std::vector<std::string>>& groups,
                           std::size_t* turns) const {
    std::map<std::string, PpmiWordCounts> out;
    std::size_t turn_count = 0;
    // Known stems by their index; a new stem by kNew + its place in `slots`.
    constexpr std::uint32_t kNew = 0x80000000u;
    std::vector<PpmiWordCounts*> slots;
    std::unordered_map<std::string, std::uint32_t> new_at;
    for (const auto& group : groups) {
        std::vector<std::vector<std::uint32_t>> ids(group.size());
        for (std::size_t t = 0; t < group.size(); ++t) {
            ++turn_count;
            for (std::string& s : model_stems(group[t])) {
                if (const auto it = at_.find(s); it != at_.end()) {
                    ids[t].push_back(static_cast<std::uint32_t>(it->second));
                    continue;
                }
                if (added_.count(s))
                    continue;
                auto [slot, fresh] = out.try_emplace(std::move(s));
                ++slot->second.turns;
                if (fresh) {
                    new_at.emplace(slot->first, static_cast<std::uint32_t>(slots.size()));
                    slots.push_back(&slot->second);
                }
                ids[t].push_back(kNew | new_at.at(slot->first));
            }
        }
        each_cooccurrence(ids, neighbours_, [&](std::uint32_t w, std::uint32_t c) {
            if ((w & kNew) && !(c & kNew))
                slots[w & ~kNew]->contexts[c] += 1.0f;
        });
    }
    if (turns)
        *turns = turn_count;
    return out;
}

Vector PpmiModel::fold_in(const std::map<std::uint32_t, float>& contexts) const {
    Vector out;
    if (!extendable() || total_ <= 0.0)
        return out;
    double row = 0.0;
    for (const auto& [c, n] : contexts)
        row += n;
    if (row <= 0.0)
        return out;
    out.assign(dim_, 0.0f);
    bool any = false;
    for (const auto& [c, n] : contexts) {
        if (c >= stems_.size() || context_p_[c] <= 0.0f)
            continue;
        const double pmi = std::log((n / total_) / ((row / total_) * context_p_[c]));
        if (pmi <= 0.0)
            continue;
        any = true;
        const float* ctx = contexts_.data() + std::size_t{c} * dim_;
        for (std::size_t j = 0; j < dim_; ++j)
            out[j] += static_cast<float>(pmi) * ctx[j];
    }
    if (!any)
        return {};
    normalize(out);
    return out;
}

void PpmiModel::add_word(const std::string& stem, float weight, const Vector& vector) {
    if (vector.size() != dim_ || at_.count(stem))
        return;
    added_[stem] = Added{weight, vector};
}

void PpmiModel::remove_added_word(const std::string& stem) {
    added_.erase(stem);
}

void PpmiModel::clear_added_words() {
    added_.clear();
}

void PpmiModel::index() {
    at_.clear();
    for (std::size_t i = 0; i < stems_.size(); ++i)
        at_.emplace(stems_[i], i);
}

void PpmiModel::sign() {
    std::string bytes;
    for (std::size_t i = 0; i < stems_.size(); ++i) {
        bytes += stems_[i];
        bytes.push_back('\0');
        put_bytes(bytes, idf_[i]);
    }
    bytes.append(reinterpret_cast<const char*>(vectors_.data()), vectors_.size() * sizeof(float));
    signature_ =
        "memlens-ppmi-v1:" + std::to_string(dim_) + ":" + hex_digits16(model_checksum(bytes));
}

Vector PpmiModel::embed(std::string_view text) const {
    Vector out(dim_, 0.0f);
    for (const std::string& s : model_stems(text)) {
        float w = 0.0f;
        const float* row = nullptr;
        if (const auto it = at_.find(s); it != at_.end()) {
            w = idf_[it->second];
            row = vectors_.data() + it->second * dim_;
        } else if (const auto a = added_.find(s); a != added_.end()) {
            w = a->second.idf;
            row = a->second.vector.data();
        } else {
            continue;
        }
        for (std::size_t j = 0; j < dim_; ++j)
            out[j] += w * row[j];
    }
    normalize(out);
    return out;
}

Vector PpmiModel::word_vector(std::string_view word) const {
    const std::string stem = porter_stem(utf8_lower(word));
    const auto it = at_.find(stem);
    if (it == at_.end()) {
        const auto a = added_.find(stem);
        return a == added_.end() ? Vector{} : a->second.vector;
    }
    const float* row = vectors_.data() + it->second * dim_;
    return Vector(row, row + dim_);
}

namespace {

class PpmiEmbedder final : public Embedder {
public:
    PpmiEmbedder(std::filesystem::path file, std::optional<PpmiModel> model, PpmiOptions opts)
        : file_(std::move(file))
        , model_(std::move(model))
        , opts_(opts) {}
    std::string signature() const override {
        std::shared_lock lock(mutex_);
        return model_ ? model_->signature() : kUnlearnedSignature;
    }
    std::string ranking_signature() const override {
        std::shared_lock lock(mutex_);
        if (!model_)
            return kUnlearnedSignature;
        const std::size_t learned = model_->added_words();
        return learned == 0 ? model_->signature()
                            : model_->signature() + "+" + std::to_string(learned);
    }
    std::size_t dim() const override {
        std::shared_lock lock(mutex_);
        return model_ ? model_->dim() : opts_.dim;
    }
    bool needs_learning() const override {
        std::shared_lock lock(mutex_);
        return !model_;
    }
    Status learn(const std::vector<std::vector<std::string>>& groups) override {
        auto m = PpmiModel::train(groups, opts_);
        if (!m)
            return m.status();
        MEMLENS_TRY(m->save(file_));
        std::unique_lock lock(mutex_);
        model_ = std::move(m).value();
        synced_ = 0;
        provisional_.clear();
        return Status::ok();
    }
    // Inside the import's transaction: first the words committed so far (nothing else is
    // uncommitted while this one holds the write lock), then this import's counts. The words
    // they teach embed this import's texts at once but stay provisional: the next sync() drops
    // them and reads what was committed, so a rolled-back import leaves none behind.
    Status observe(const Database& db,
                   const std::vector<std::vector<std::string>>& groups) override {
        MEMLENS_TRY(sync(db));
        std::unique_lock lock(mutex_);
        if (!model_ || !model_->extendable())
            return Status::ok();
        auto learned = ppmi_detail::record_new_text(db, *model_, groups, opts_.min_count);
        if (!learned)
            return learned.status().with_context("learning new words for " + file_.string());
        for (auto& w : *learned) {
            model_->add_word(w.stem, w.idf, w.vector);
            provisional_.push_back(std::move(w.stem));
        }
        return Status::ok();
    }
    Status sync(const Database& db) override {
        std::unique_lock lock(mutex_);
        for (const auto& stem : provisional_)
            model_->remove_added_word(stem);
        provisional_.clear();
        if (!model_) {
            // Another process may have learned the model since this one looked.
            std::error_code ec;
            if (!std::filesystem::exists(file_, ec))
                return Status::ok();
            auto m = PpmiModel::load(file_);
            if (!m)
                return m.status();
            model_ = std::move(m).value();
            synced_ = 0;
        }
        if (!model_->extendable())
            return Status::ok();
        auto last = ppmi_detail::last_learned(db);
        if (!last)
            return last.status().with_context("the words " + file_.string() + " learned since");
        if (*last == synced_)
            return Status::ok();
        if (*last < synced_) { // not the vault this embedder read before: read it whole
            model_->clear_added_words();
            synced_ = 0;
        }
        // A word committed between the two reads is read again by the next sync: add_word
        // replaces it with itself.
        MEMLENS_TRY(ppmi_detail::load_learned(db, model_->signature(), synced_, *model_));
        synced_ = *last;
        return Status::ok();
    }
    Result<std::vector<Vector>> embed(const std::vector<std::string>& texts,
                                      const std::atomic_bool* cancel) override {
        std::shared_lock lock(mutex_);
        std::vector<Vector> out;
        out.reserve(texts.size());
        for (std::size_t i = 0; i < texts.size(); ++i) {
            if (cancel && (i & 1023) == 0 && cancel->load(std::memory_order_relaxed))
                return Status::cancelled();
            out.push_back(model_ ? model_->embed(texts[i]) : Vector(opts_.dim, 0.0f));
        }
        return out;
    }

private:
    std::filesystem::path file_;
    mutable std::shared_mutex mutex_; // sync() and learn() change the model; the rest read it
    std::optional<PpmiModel> model_;
    std::int64_t synced_ = 0;              // the last of the vault's learned words model_ holds
    std::vector<std::string> provisional_; // learned by an import not yet committed
    PpmiOptions opts_;
};

} // namespace

std::unique_ptr<Embedder> make_ppmi_embedder(std::filesystem::path model_file,
                                             std::optional<PpmiModel> model, PpmiOptions opts) {
    return std::make_unique<PpmiEmbedder>(std::move(model_file), std::move(model), opts);
}

Status PpmiModel::save(const std::filesystem::path& file) const {
    std::string body;
    put_bytes(body, static_cast<std::uint32_t>(dim_));
    put_bytes(body, static_cast<std::uint32_t>(stems_.size()));
    for (std::size_t i = 0; i < stems_.size(); ++i) {
        put_bytes(body, static_cast<std::uint32_t>(stems_[i].size()));
        body += stems_[i];
        put_bytes(body, idf_[i]);
    }
    body.append(reinterpret_cast<const char*>(vectors_.data()), vectors_.size() * sizeof(float));
    const bool v2 = extendable();
    if (v2) {
        put_bytes(body, static_cast<std::uint64_t>(turns_));
        put_bytes(body, static_cast<std::uint32_t>(neighbours_));
        put_bytes(body, total_);
        body.append(reinterpret_cast<const char*>(context_p_.data()),
                    context_p_.size() * sizeof(float));
        body.append(reinterpret_cast<const char*>(contexts_.data()),
                    contexts_.size() * sizeof(float));
    }
    std::string out(v2 ? kModelMagic : kModelMagicV1, sizeof(kModelMagic));
    out += body;
    put_bytes(out, model_checksum(body));
    return entities::write_file_atomically(file, out);
}

Result<PpmiModel> PpmiModel::load(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return Status::io("cannot read the word model " + file.string());
    const std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto bad = [&](const std::string& what) {
        return Status::invalid(file.string() + " is not a memlens word model: " + what);
    };
    if (all.size() < sizeof(kModelMagic) + 16)
        return bad("its header is missing");
    const bool v2 = std::memcmp(all.data(), kModelMagic, sizeof(kModelMagic)) == 0;
    if (!v2 && std::memcmp(all.data(), kModelMagicV1, sizeof(kModelMagicV1)) != 0)
        return bad("its header is missing");
    const std::string_view body(all.data() + sizeof(kModelMagic),
                                all.size() - sizeof(kModelMagic) - sizeof(std::uint64_t));
    std::uint64_t sum = 0;
    std::memcpy(&sum, all.data() + all.size() - sizeof(sum), sizeof(sum));
    if (sum != model_checksum(body))
        return bad("its checksum does not match (the file is damaged)");
    std::size_t at = 0;
    const auto take = [&](void* to, std::size_t n) {
        if (body.size() - at < n)
            return false;
        std::memcpy(to, body.data() + at, n);
        at += n;
        return true;
    };
    std::uint32_t dim = 0, count = 0;
    if (!take(&dim, 4) || !take(&count, 4) || dim == 0 || dim > kMaxModelDim ||
        count > kMaxModelWords)
        return bad("its sizes are out of range");
    PpmiModel m;
    m.dim_ = dim;
    for (std::uint32_t i = 0; i < count; ++i) {
        std::uint32_t len = 0;
        if (!take(&len, 4) || len == 0 || len > kMaxModelStemBytes || body.size() - at < len)
            return bad("word " + std::to_string(i) + " is cut short");
        m.stems_.emplace_back(body.substr(at, len));
        at += len;
        float idf = 0;
        if (!take(&idf, 4) || !std::isfinite(idf))
            return bad("word " + std::to_string(i) + " has no weight");
        m.idf_.push_back(idf);
    }
    const std::size_t floats = std::size_t{count} * dim;
    const std::size_t extension =
        v2 ? 8 + 4 + 8 + (std::size_t{count} + floats) * sizeof(float) : 0;
    if (body.size() - at != floats * sizeof(float) + extension)
        return bad("its vectors do not fill " + std::to_string(count) + " × " +
                   std::to_string(dim) + " numbers");
    m.vectors_.resize(floats);
    std::memcpy(m.vectors_.data(), body.data() + at, floats * sizeof(float));
    at += floats * sizeof(float);
    if (v2) {
        std::uint64_t turns = 0;
        std::uint32_t neighbours = 0;
        take(&turns, 8);
        take(&neighbours, 4);
        take(&m.total_, 8);
        if (!std::isfinite(m.total_) || m.total_ < 0.0 || neighbours > 1000)
            return bad("its training totals are out of range");
        m.turns_ = static_cast<std::size_t>(turns);
        m.neighbours_ = neighbours;
        m.context_p_.resize(count);
        take(m.context_p_.data(), std::size_t{count} * sizeof(float));
        m.contexts_.resize(floats);
        take(m.contexts_.data(), floats * sizeof(float));
    }
    m.index();
    m.sign();
    return m;
}

} // namespace memlens
