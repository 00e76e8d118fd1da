// PpmiModel (ppmi_model.h): counting, PPMI, the word vectors from a truncated SVD (ppmi_svd.h)
// and the model file.
#include "embed/feature_hash.h"
#include "embed/ppmi_svd.h"
#include "entities/atomic_file.h"

#include <memlens/ppmi_model.h>
#include <memlens/text.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>
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

constexpr char kModelMagic[8] = {'M', 'L', 'P', 'P', 'M', 'I', '1', '\0'};
constexpr std::uint32_t kMaxModelDim = 4096;
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

// Co-occurrence of the known stems: a stem of a turn with every other stem of that turn and of
// its neighbours in the group; then PPMI with the context counts smoothed by context_alpha.
std::vector<PpmiCell> ppmi_matrix(const std::vector<std::vector<std::vector<std::string>>>& turns,
                                  const std::unordered_map<std::string, std::size_t>& at,
                                  std::size_t vocab, const PpmiOptions& opts) {
    std::unordered_map<std::uint64_t, float> pairs;
    std::vector<double> row_sum(vocab, 0.0), col_sum(vocab, 0.0);
    for (const auto& group : turns) {
        std::vector<std::vector<std::uint32_t>> ids(group.size());
        for (std::size_t t = 0; t < group.size(); ++t)
            for (const auto& s : group[t])
                if (auto it = at.find(s); it != at.end())
                    ids[t].push_back(static_cast<std::uint32_t>(it->second));
        for (std::size_t t = 0; t < group.size(); ++t) {
            const std::size_t from = t >= opts.neighbours ? t - opts.neighbours : 0;
            const std::size_t to = std::min(group.size() - 1, t + opts.neighbours);
            for (std::uint32_t w : ids[t])
                for (std::size_t u = from; u <= to; ++u)
                    for (std::uint32_t c : ids[u]) {
                        if (c == w)
                            continue;
                        pairs[(std::uint64_t{w} << 32) | c] += 1.0f;
                        row_sum[w] += 1.0;
                        col_sum[c] += 1.0;
                    }
        }
    }
    double total = 0.0, smoothed_total = 0.0;
    for (std::size_t i = 0; i < col_sum.size(); ++i) {
        total += col_sum[i];
        smoothed_total += std::pow(col_sum[i], opts.context_alpha);
    }
    std::vector<PpmiCell> cells;
    for (const auto& [key, count] : pairs) {
        const auto w = static_cast<std::size_t>(key >> 32);
        const auto c = static_cast<std::size_t>(key & 0xffffffffu);
        const double p_wc = count / total;
        const double p_w = row_sum[w] / total;
        const double p_c = std::pow(col_sum[c], opts.context_alpha) / smoothed_total;
        const double pmi = std::log(p_wc / (p_w * p_c));
        if (pmi > 0.0)
            cells.push_back({static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(c),
                             static_cast<float>(pmi)});
    }
    return cells;
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
        m.idf_.push_back(static_cast<float>(
            std::log((static_cast<double>(turn_count) + 1.0) / (static_cast<double>(n) + 0.5))));
    }
    m.index();
    const std::size_t vocab = m.stems_.size();

    const std::vector<PpmiCell> ppmi = ppmi_matrix(turns, m.at_, vocab, opts);

    const std::size_t k = std::min<std::size_t>(opts.dim, vocab);
    const auto [u, sigma] = ppmi_detail::truncated_svd(ppmi, vocab, k, opts.seed);
    const auto u_at = [&u = u, k](std::size_t i, std::size_t j) { return u[i * k + j]; };

    m.dim_ = static_cast<std::size_t>(opts.dim);
    m.vectors_.assign(m.stems_.size() * m.dim_, 0.0f);
    for (std::size_t i = 0; i < vocab; ++i) {
        float* row = m.vectors_.data() + i * m.dim_;
        for (std::size_t j = 0; j < k; ++j)
            row[j] = u_at(i, j) * std::pow(sigma[j], static_cast<float>(opts.eigen_power));
        float norm = 0.0f;
        for (std::size_t j = 0; j < m.dim_; ++j)
            norm += row[j] * row[j];
        const float scale = norm > 0.0f ? 1.0f / std::sqrt(norm) : 0.0f;
        for (std::size_t j = 0; j < m.dim_; ++j)
            row[j] *= scale;
    }
    // The sign of a singular vector is arbitrary: fixed so that its largest entry is positive,
    // the model does not depend on the solver's choice.
    for (std::size_t j = 0; j < k; ++j) {
        std::size_t arg = 0;
        for (std::size_t i = 1; i < vocab; ++i)
            if (std::abs(u_at(i, j)) > std::abs(u_at(arg, j)))
                arg = i;
        if (u_at(arg, j) < 0)
            for (std::size_t i = 0; i < vocab; ++i)
                m.vectors_[i * m.dim_ + j] *= -1.0f;
    }
    m.sign();
    return m;
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
        const auto it = at_.find(s);
        if (it == at_.end())
            continue;
        const float w = idf_[it->second];
        const float* row = vectors_.data() + it->second * dim_;
        for (std::size_t j = 0; j < dim_; ++j)
            out[j] += w * row[j];
    }
    normalize(out);
    return out;
}

Vector PpmiModel::word_vector(std::string_view word) const {
    const auto it = at_.find(porter_stem(utf8_lower(word)));
    if (it == at_.end())
        return {};
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
        return model_ ? model_->signature() : "memlens-ppmi-v1:unlearned";
    }
    std::size_t dim() const override { return model_ ? model_->dim() : opts_.dim; }
    bool needs_learning() const override { return !model_; }
    Status learn(const std::vector<std::vector<std::string>>& groups) override {
        auto m = PpmiModel::train(groups, opts_);
        if (!m)
            return m.status();
        MEMLENS_TRY(m->save(file_));
        model_ = std::move(m).value();
        return Status::ok();
    }
    Result<std::vector<Vector>> embed(const std::vector<std::string>& texts,
                                      const std::atomic_bool* cancel) override {
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
    std::optional<PpmiModel> model_;
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
    std::string out(kModelMagic, sizeof(kModelMagic));
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
    if (all.size() < sizeof(kModelMagic) + 16 ||
        std::memcmp(all.data(), kModelMagic, sizeof(kModelMagic)) != 0)
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
    if (body.size() - at != floats * sizeof(float))
        return bad("its vectors do not fill " + std::to_string(count) + " × " +
                   std::to_string(dim) + " numbers");
    m.vectors_.resize(floats);
    std::memcpy(m.vectors_.data(), body.data() + at, floats * sizeof(float));
    m.index();
    m.sign();
    return m;
}

} // namespace memlens
