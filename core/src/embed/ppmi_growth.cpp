// The vault's record of the words a word model learned after its training (ppmi_growth.h).
#include "embed/ppmi_growth.h"

#include <memlens/embedder.h>

#include <cstring>
#include <map>

namespace memlens::ppmi_detail {
namespace {

// (index u32, count f32) pairs, by index, little-endian like the vector BLOBs (vector_codec.cpp
// refuses a big-endian build, so the host order is the file's).
std::vector<std::byte> encode_counts(const std::map<std::uint32_t, float>& counts) {
    std::vector<std::byte> out(counts.size() * 8);
    std::size_t at = 0;
    for (const auto& [index, n] : counts) {
        std::memcpy(out.data() + at, &index, 4);
        std::memcpy(out.data() + at + 4, &n, 4);
        at += 8;
    }
    return out;
}

Status decode_counts_into(std::span<const std::byte> blob, const std::string& stem,
                          std::map<std::uint32_t, float>& into) {
    if (blob.size() % 8 != 0)
        return Status::corruption("ml_ppmi_pending: the counts of '" + stem + "' are cut short (" +
                                  std::to_string(blob.size()) + " bytes)");
    for (std::size_t at = 0; at < blob.size(); at += 8) {
        std::uint32_t index = 0;
        float n = 0.0f;
        std::memcpy(&index, blob.data() + at, 4);
        std::memcpy(&n, blob.data() + at + 4, 4);
        into[index] += n;
    }
    return Status::ok();
}

// The turns imported since the training, this import's included.
Result<std::int64_t> add_turns(const Database& db, const std::string& model, std::size_t turns) {
    auto up = db.prepare("INSERT INTO ml_ppmi_turns(model, turns) VALUES (?1, ?2) "
                         "ON CONFLICT(model) DO UPDATE SET turns = turns + ?2 RETURNING turns");
    if (!up)
        return up.status();
    up->bind(1, model).bind(2, static_cast<std::int64_t>(turns));
    auto row = up->step();
    if (!row)
        return row.status();
    const std::int64_t total = *row ? up->column_int64(0) : 0;
    up->reset();
    return total;
}

} // namespace

Result<std::int64_t> last_learned(const Database& db) {
    return db.query_int("SELECT coalesce(max(seq), 0) FROM ml_ppmi_words");
}

Status load_learned(const Database& db, const std::string& model, std::int64_t after,
                    PpmiModel& into) {
    auto st = db.prepare("SELECT stem, idf, vector FROM ml_ppmi_words WHERE seq > ? AND model = ? "
                         "ORDER BY seq");
    if (!st)
        return st.status();
    st->bind(1, after).bind(2, model);
    return st->each_row([&]() -> Status {
        const std::string stem = st->column_text(0);
        auto v = decode_vector(st->column_blob(2), into.dim());
        if (!v)
            return v.status().with_context("ml_ppmi_words: the vector of '" + stem + "'");
        into.add_word(stem, static_cast<float>(st->column_double(1)), *v);
        return Status::ok();
    });
}

Result<std::vector<LearnedWord>>
record_new_text(const Database& db, const PpmiModel& model,
                const std::vector<std::vector<std::string>>& groups, std::size_t min_count) {
    std::vector<LearnedWord> learned;
    if (!model.extendable())
        return learned;
    std::size_t turns = 0;
    auto words = model.count_new_words(groups, &turns);
    if (turns == 0)
        return learned;
    const std::string& sig = model.signature();
    auto since = add_turns(db, sig, turns);
    if (!since)
        return since.status().with_context("ml_ppmi_turns");
    const std::size_t all_turns = model.trained_turns() + static_cast<std::size_t>(*since);

    auto read = db.prepare("SELECT turns, contexts FROM ml_ppmi_pending WHERE model = ? AND "
                           "stem = ?");
    auto keep = db.prepare("INSERT OR REPLACE INTO ml_ppmi_pending(model, stem, turns, contexts) "
                           "VALUES (?, ?, ?, ?)");
    auto drop = db.prepare("DELETE FROM ml_ppmi_pending WHERE model = ? AND stem = ?");
    auto learn = db.prepare("INSERT OR IGNORE INTO ml_ppmi_words(model, stem, idf, vector) "
                            "VALUES (?, ?, ?, ?)");
    for (auto* s : {&read, &keep, &drop, &learn})
        if (!*s)
            return s->status();
    for (auto& [stem, fresh] : words) {
        std::size_t word_turns = fresh.turns;
        std::map<std::uint32_t, float> counts = std::move(fresh.contexts);
        read->bind(1, sig).bind(2, stem);
        auto row = read->step();
        if (!row)
            return row.status();
        if (*row) {
            word_turns += static_cast<std::size_t>(read->column_int64(0));
            MEMLENS_TRY(decode_counts_into(read->column_blob(1), stem, counts));
        }
        read->reset();
        const Vector v = word_turns >= min_count ? model.fold_in(counts) : Vector{};
        if (!v.empty()) {
            const auto blob = encode_vector(v);
            const float weight = PpmiModel::idf(word_turns, all_turns);
            learn->bind(1, sig).bind(2, stem).bind(3, double(weight));
            learn->bind_blob(4, blob);
            MEMLENS_TRY(learn->exec());
            learn->reset();
            drop->bind(1, sig).bind(2, stem);
            MEMLENS_TRY(drop->exec());
            drop->reset();
            learned.push_back({stem, weight, v});
            continue;
        }
        const auto blob = encode_counts(counts);
        keep->bind(1, sig).bind(2, stem).bind(3, static_cast<std::int64_t>(word_turns));
        keep->bind_blob(4, blob);
        MEMLENS_TRY(keep->exec());
        keep->reset();
    }
    return learned;
}

} // namespace memlens::ppmi_detail
