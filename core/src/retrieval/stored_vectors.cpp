#include "retrieval/stored_vectors.h"

#include "retrieval/id_list.h"

#include <bit>
#include <cstring>

namespace memlens::detail {

bool blob_to_floats(std::span<const std::byte> blob, Vector& out) {
    if (blob.size() % sizeof(float) != 0)
        return false;
    out.resize(blob.size() / sizeof(float));
    if (!blob.empty())
        std::memcpy(out.data(), blob.data(), blob.size());
    if constexpr (std::endian::native == std::endian::big) {
        for (float& f : out) {
            auto u = std::bit_cast<std::uint32_t>(f);
            u = (u >> 24) | ((u >> 8) & 0xff00u) | ((u << 8) & 0xff0000u) | (u << 24);
            f = std::bit_cast<float>(u);
        }
    }
    return true;
}

Result<std::unordered_map<std::string, Vector>> load_vectors(const Database& db, NodeKind kind,
                                                             const std::string& signature,
                                                             const std::vector<std::string>& ids) {
    std::unordered_map<std::string, Vector> out;
    if (ids.empty())
        return out;
    const char* sql =
        kind == NodeKind::Leaf
            ? "SELECT chunk_id, vector FROM mem_tree_chunk_embeddings WHERE model_signature = ?1 "
              "AND chunk_id IN (SELECT value FROM json_each(?2))"
            : "SELECT summary_id, vector FROM mem_tree_summary_embeddings WHERE "
              "model_signature = ?1 AND summary_id IN (SELECT value FROM json_each(?2))";
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    st->bind(1, signature).bind(2, json_id_list(ids));
    Vector v;
    MEMLENS_TRY(st->each_row([&] {
        if (blob_to_floats(st->column_blob(1), v) && !v.empty())
            out.emplace(st->column_text(0), v);
    }));
    return out;
}

} // namespace memlens::detail
