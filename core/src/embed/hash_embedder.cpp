// The built-in embedder (docs/embeddings.md): signed feature hashing of stems, content-word
// bigrams and character n-grams. No model, no download, identical output on every machine.
#include "embed/feature_hash.h"

#include <memlens/embedder.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace memlens {

namespace {

using embed::FeatureHash;

// Distinct features of one text with their term frequency: open addressing, cleared by bumping
// a stamp, iterated in first-seen order so the float sums are the same on every run.
class FeatureCounts {
public:
    void clear() {
        order_.clear();
        if (++stamp_ == 0) { // wrapped: old stamps could alias, wipe them
            for (Slot& s : slots_)
                s.stamp = 0;
            stamp_ = 1;
        }
    }

    void add(std::uint64_t hash, float weight) {
        if ((order_.size() + 1) * 2 > slots_.size())
            grow();
        Slot& s = find(hash);
        if (s.stamp != stamp_) {
            s = {hash, weight, 1, stamp_};
            order_.push_back(static_cast<std::uint32_t>(&s - slots_.data()));
        } else {
            ++s.tf;
            s.weight = std::max(s.weight, weight);
        }
    }

    template <typename F> void for_each(F&& f) const {
        for (std::uint32_t i : order_)
            f(slots_[i].hash, slots_[i].weight, slots_[i].tf);
    }

private:
    struct Slot {
        std::uint64_t hash = 0;
        float weight = 0.0f;
        std::uint32_t tf = 0;
        std::uint32_t stamp = 0;
    };

    Slot& find(std::uint64_t hash) {
        const std::size_t mask = slots_.size() - 1;
        std::size_t i = hash & mask;
        while (slots_[i].stamp == stamp_ && slots_[i].hash != hash)
            i = (i + 1) & mask;
        return slots_[i];
    }

    void grow() {
        std::vector<Slot> old(std::max<std::size_t>(256, slots_.size() * 2));
        old.swap(slots_);
        std::vector<std::uint32_t> order;
        order.swap(order_);
        for (std::uint32_t i : order) {
            Slot& s = find(old[i].hash);
            s = old[i];
            s.stamp = stamp_;
            order_.push_back(static_cast<std::uint32_t>(&s - slots_.data()));
        }
    }

    std::vector<Slot> slots_;
    std::vector<std::uint32_t> order_;
    std::uint32_t stamp_ = 1;
};

// Shortest round-trip text that always shows a decimal point: 1 → "1.0", 0.25 → "0.25".
std::string weight_text(float w) {
    char buf[32];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, w);
    std::string s(buf, ec == std::errc{} ? end : buf);
    if (s.find_first_of(".e") == std::string::npos)
        s += ".0";
    return s;
}

bool is_utf8_continuation(char c) {
    return (static_cast<unsigned char>(c) & 0xc0) == 0x80;
}

class HashEmbedder final : public Embedder {
public:
    explicit HashEmbedder(HashEmbedderOptions opts)
        : opts_(opts) {
        if (opts_.dim == 0)
            opts_.dim = 1;
        signature_ = "memlens-hash-v1:" + std::to_string(opts_.dim) + ":w" +
                     weight_text(opts_.word_weight) + ":c" + weight_text(opts_.char_weight) + ":b" +
                     weight_text(opts_.bigram_weight) + ":s" + weight_text(opts_.stopword_weight);
    }

    std::string signature() const override { return signature_; }
    std::size_t dim() const override { return opts_.dim; }

    Result<std::vector<Vector>> embed(const std::vector<std::string>& texts,
                                      const std::atomic_bool* cancel) override {
        check_off_ui_thread("HashEmbedder::embed");
        std::vector<Vector> out;
        out.reserve(texts.size());
        for (std::size_t i = 0; i < texts.size(); ++i) {
            // Cheap per text, so a flag check every 1024 texts keeps cancel prompt for free.
            if (cancel && (i & 1023) == 0 && cancel->load(std::memory_order_relaxed))
                return Status::cancelled();
            out.push_back(embed_text(texts[i]));
        }
        return out;
    }

private:
    Vector embed_text(std::string_view text) {
        features_.clear();
        std::string prev_stem;
        bool have_prev = false;
        for (const std::string& word : split_words(text)) {
            std::string stem = porter_stem(word);
            if (is_stopword(word)) {
                add(FeatureHash('w'), stem, opts_.stopword_weight);
                continue;
            }
            add(FeatureHash('w'), stem, opts_.word_weight);
            if (have_prev) {
                // Stopwords are skipped between the two stems, so "deploy the service" and
                // "deployment of services" share the bigram deploy→servic.
                FeatureHash h('b');
                h.feed(prev_stem);
                h.feed('\x1f');
                h.feed(stem);
                features_.add(h.finish(), opts_.bigram_weight);
            }
            add_char_ngrams(word);
            prev_stem = std::move(stem);
            have_prev = true;
        }
        return fold();
    }

    void add(FeatureHash h, std::string_view bytes, float weight) {
        h.feed(bytes);
        features_.add(h.finish(), weight);
    }

    // 3- and 4-grams of "<word>" in code points. The word's n-grams share char_weight (each gets
    // char_weight / sqrt(count)), so a long word does not drown its own stem.
    void add_char_ngrams(std::string_view word) {
        bordered_.assign(1, '<');
        bordered_.append(word);
        bordered_.push_back('>');
        starts_.clear();
        for (std::size_t i = 0; i < bordered_.size(); ++i)
            if (!is_utf8_continuation(bordered_[i]))
                starts_.push_back(i);
        const std::size_t cps = starts_.size();
        starts_.push_back(bordered_.size());
        const std::size_t count = (cps >= 3 ? cps - 2 : 0) + (cps >= 4 ? cps - 3 : 0);
        if (count == 0)
            return;
        const float weight = opts_.char_weight / std::sqrt(static_cast<float>(count));
        for (std::size_t n = 3; n <= 4; ++n) {
            for (std::size_t i = 0; i + n <= cps; ++i) {
                FeatureHash h(static_cast<char>('0' + n));
                h.feed(std::string_view(bordered_).substr(starts_[i], starts_[i + n] - starts_[i]));
                features_.add(h.finish(), weight);
            }
        }
    }

    // Sublinear tf per distinct feature, then signed bucketing and L2 normalisation.
    Vector fold() {
        Vector v(opts_.dim, 0.0f);
        features_.for_each([&](std::uint64_t h, float weight, std::uint32_t tf) {
            // A feature seen once, the common case, needs no logarithm.
            const float value = tf == 1 ? weight : weight * (1.0f + std::log(float(tf)));
            v[h % opts_.dim] += (h >> 63) ? -value : value;
        });
        normalize(v);
        return v;
    }

    HashEmbedderOptions opts_;
    std::string signature_;
    FeatureCounts features_; // scratch, reused across texts
    std::string bordered_;
    std::vector<std::size_t> starts_;
};

} // namespace

std::unique_ptr<Embedder> make_hash_embedder(HashEmbedderOptions opts) {
    return std::make_unique<HashEmbedder>(opts);
}

} // namespace memlens
