// TopicIndex::load on mutated topic-index.bin files: the file is mapped and trusted only when
// every section checks out, and a mapped index answers searches without reading outside the
// file; anything else falls back to the vault's own vectors. Never a crash or a sanitizer
// report.
//
// The input is the whole file. Its token is overwritten with the one the vault holds and its
// checksums recomputed (reseal_topic_file), so mutations explore the sections instead of dying
// at the token or checksum checks. Seeds: files written by TopicIndex::save for this target's own
// vault; running the target with MEMLENS_FUZZ_WRITE_SEED=DIR writes one there
// (fuzz/corpus/fuzz_topic_file/).
#include "fuzz_support.h"

// Not a public header: the one place outside the core that writes the file's checksums.
#include "../core/src/topic/topic_file_seal.h"

#include <memlens/db.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace memlens;

constexpr const char* kSignature = "fuzz-topic-v1";
constexpr std::size_t kTokenBytes = 32;

struct Setup {
    std::unique_ptr<Vault> vault;
    std::string token;
    std::filesystem::path file;
};

Setup make_setup() {
    Setup s;
    const auto dir = fuzz::scratch_dir() / "topic-vault";
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    auto vault = Vault::create(dir);
    fuzz::require(vault.is_ok(), "the fuzz vault is created");
    s.vault = std::move(vault).value();
    const Database& db = s.vault->db();
    // 48 vectors of 8 dimensions in three loose clusters: a tree with a few leaves.
    std::mt19937 rng(7);
    std::normal_distribution<float> noise(0.0f, 0.3f);
    auto st = db.prepare("INSERT INTO mem_tree_chunk_embeddings(chunk_id, model_signature, "
                         "vector, dim, created_at) VALUES (?, ?, ?, 8, 0)");
    fuzz::require(st.is_ok(), "the embedding insert prepares");
    for (int i = 0; i < 48; ++i) {
        Vector v(8, 0.0f);
        v[std::size_t(i % 3)] = 1.0f;
        for (float& x : v)
            x += noise(rng);
        char id[16];
        std::snprintf(id, sizeof id, "c%03d", i);
        st->bind(1, std::string(id)).bind(2, kSignature).bind_blob(3, encode_vector(v));
        fuzz::require(st->exec().is_ok(), "an embedding is inserted");
        st->reset();
    }
    TopicTreeOptions opts;
    opts.branching = 3;
    opts.max_leaf_items = 8;
    auto index = TopicIndex::load(db, kSignature, opts);
    fuzz::require(index.is_ok(), "the fuzz index builds");
    fuzz::require(index->save(db).is_ok(), "the fuzz index saves");
    auto token = db.prepare("SELECT value FROM ml_settings WHERE key = 'topic_tree.file_token'");
    fuzz::require(token.is_ok(), "the token query prepares");
    auto row = token->step();
    fuzz::require(row.is_ok() && *row, "save stored a token");
    s.token = token->column_text(0);
    fuzz::require(s.token.size() == kTokenBytes, "the token has 32 characters");
    s.file = dir / "topic-index.bin";
    if (const char* out = std::getenv("MEMLENS_FUZZ_WRITE_SEED")) {
        std::filesystem::create_directories(out, ec);
        std::filesystem::copy_file(s.file, std::filesystem::path(out) / "saved-48x8.bin",
                                   std::filesystem::copy_options::overwrite_existing, ec);
    }
    return s;
}

Setup& setup() {
    static Setup s = make_setup();
    return s;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Setup& s = setup();
    std::string bytes(reinterpret_cast<const char*>(data), size);
    reseal_topic_file(bytes, s.token);
    {
        std::ofstream out(s.file, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }

    TopicTreeOptions opts;
    opts.branching = 3;
    opts.max_leaf_items = 8;
    auto index = TopicIndex::load(s.vault->db(), kSignature, opts);
    fuzz::require(index.is_ok(), "load answers, from the file or from the vault");
    if (!index->mapped()) {
        fuzz::require(index->size() == 48, "the fallback holds the vault's vectors");
        return 0;
    }
    // A mapped index: every entry point stays inside the file.
    const std::size_t n = index->size();
    const std::size_t dim = index->dim();
    Vector q(dim, 0.0f);
    for (std::size_t d = 0; d < dim; ++d)
        q[d] = float(d % 3) - 1.0f;
    BeamOptions beam;
    beam.beam_width = 4;
    (void)index->search(q, 5, beam);
    beam.beam_width = 64;
    (void)index->search(q, 5, beam);
    (void)index->exact(q, 5);
    (void)index->topics();
    for (std::size_t pos : {std::size_t{0}, n / 2, n - 1}) {
        if (pos >= n)
            continue;
        const std::string id(index->id_at(pos));
        (void)index->position(id);
        (void)index->vector_at(pos);
        (void)index->topic_path_of(pos);
    }
    (void)index->position("c000");
    return 0;
}
