// decode_candidate_pools on mutated stored pools (core/src/audit/candidate_codec.cpp): an audit
// row's candidates column and its envelope come from the vault file, which anything may have
// written. Every input decodes or is a corruption error; never a crash, a sanitizer report or
// an allocation the input's size does not justify. A decoded record encodes again and decodes
// to the same pools, and the ranking lab's two readers of a format-2 record (ids only, and the
// compact form) agree with the decoder.
//
// The first byte picks the path: 0, the rest is a format 2 record, compressed here with zstd so
// that mutations reach the binary decoder; 1, the rest is the column itself (zstd's frame
// checks); 2, the rest is format 1's JSON text, deflated and base64'd here. Seeds
// (fuzz/corpus/fuzz_candidate_pools/) are records of generated queries on a generated vault.
#include "audit/candidate_codec.h"
#include "fuzz_support.h"

#include <nlohmann/json.hpp>
#include <zlib.h>
#include <zstd.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace {

using memlens::CandidatePools;
using memlens::LegCandidate;
using nlohmann::json;

bool same_candidate(const LegCandidate& a, const LegCandidate& b) {
    auto same = [](double x, double y) { return x == y || (x != x && y != y); };
    return a.node_id == b.node_id && a.rank == b.rank && same(a.raw, b.raw) &&
           same(a.fts_score, b.fts_score) && same(a.coverage, b.coverage) &&
           same(a.author_factor, b.author_factor) && same(a.time_factor, b.time_factor) &&
           same(a.question_factor, b.question_factor) && a.has_vector == b.has_vector &&
           a.is_summary == b.is_summary && same(a.query_similarity, b.query_similarity) &&
           same(a.graph, b.graph) && a.superseded_by == b.superseded_by;
}

// The stored form names each node once, by id: pools in which one id carries two sets of node
// facts (which only a hand-made record can hold) come back with the first set.
bool one_node_per_id(const CandidatePools& p) {
    std::map<std::string, const LegCandidate*> seen;
    for (const auto* pool : {&p.keyword, &p.vector})
        for (const auto& c : *pool) {
            auto [it, added] = seen.emplace(c.node_id, &c);
            const LegCandidate& o = *it->second;
            if (!added &&
                (o.has_vector != c.has_vector || o.is_summary != c.is_summary ||
                 std::memcmp(&o.query_similarity, &c.query_similarity, 8) != 0 ||
                 std::memcmp(&o.graph, &c.graph, 8) != 0 || o.superseded_by != c.superseded_by))
                return false;
        }
    return true;
}

void check_round_trip(const CandidatePools& p) {
    if (!one_node_per_id(p))
        return;
    const auto stored = memlens::encode_candidate_pools(p);
    memlens::fuzz::require(!stored.column.empty(), "a decoded record encodes");
    auto back = memlens::decode_candidate_pools(stored.envelope, stored.column);
    memlens::fuzz::require(back.is_ok(), "an encoded record decodes");
    memlens::fuzz::require(
        back->keyword.size() == p.keyword.size() && back->vector.size() == p.vector.size() &&
            back->query_entities == p.query_entities && back->vector_index == p.vector_index,
        "the same pools back");
    for (std::size_t i = 0; i < p.keyword.size(); ++i)
        memlens::fuzz::require(same_candidate(back->keyword[i], p.keyword[i]),
                               "the same keyword candidate back");
    for (std::size_t i = 0; i < p.vector.size(); ++i)
        memlens::fuzz::require(same_candidate(back->vector[i], p.vector[i]),
                               "the same vector candidate back");
}

// The ranking lab's two readers of a format-2 record (the ids alone, and the compact form it
// ranks from) accept exactly what the decoder accepts, and read the same candidates.
void check_lab_readers(const memlens::Result<CandidatePools>& pools, const std::string& column,
                       std::size_t size) {
    CandidatePools rest;
    std::vector<std::string> ids;
    const auto scanned = memlens::scan_format2_pools(
        column, size, rest, [&](std::string_view id) { ids.emplace_back(id); });
    memlens::CompactPools compact;
    const auto unpacked = memlens::decode_format2_compact(column, size, compact);
    memlens::fuzz::require(scanned.is_ok() == pools.is_ok() && unpacked.is_ok() == pools.is_ok(),
                           "the lab's readers refuse what the decoder refuses");
    if (!pools.is_ok())
        return;
    auto same = [](double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; };
    memlens::fuzz::require(rest.keyword.empty() && rest.vector.empty() &&
                               rest.vector_index == pools->vector_index &&
                               rest.query_entities == pools->query_entities &&
                               same(rest.keyword_weight, pools->keyword_weight) &&
                               same(rest.vector_weight, pools->vector_weight),
                           "the scan reads all but the lists");
    memlens::fuzz::require(compact.nodes.size() == ids.size() &&
                               compact.keyword.size() == pools->keyword.size() &&
                               compact.vector.size() == pools->vector.size(),
                           "the compact form has every node and entry");
    for (std::size_t i = 0; i < compact.keyword.size(); ++i) {
        const auto& k = compact.keyword[i];
        const LegCandidate& c = pools->keyword[i];
        const auto& n = compact.nodes[k.node];
        memlens::fuzz::require(
            ids[k.node] == c.node_id && same(k.raw, c.raw) && same(k.fts_score, c.fts_score) &&
                same(k.author_factor, c.author_factor) && same(k.time_factor, c.time_factor) &&
                same(k.question_factor, c.question_factor) && n.has_vector == c.has_vector &&
                n.superseded == !c.superseded_by.empty() &&
                same(n.query_similarity, c.query_similarity) && same(n.graph, c.graph),
            "the same keyword candidate in the compact form");
    }
    for (std::size_t i = 0; i < compact.vector.size(); ++i)
        memlens::fuzz::require(ids[compact.vector[i]] == pools->vector[i].node_id,
                               "the same vector candidate in the compact form");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1)
        return 0;
    const std::string rest(reinterpret_cast<const char*>(data) + 1, size - 1);
    json envelope;
    std::string column;
    switch (data[0] % 3) {
    case 0: {
        column.resize(ZSTD_compressBound(rest.size()));
        const std::size_t n =
            ZSTD_compress(column.data(), column.size(), rest.data(), rest.size(), 1);
        memlens::fuzz::require(!ZSTD_isError(n), "zstd compresses");
        column.resize(n);
        // No counts: the decoder checks an envelope's counts against the record, which the
        // lab's readers (given the column and size alone) cannot; a hand-made row may lack them.
        envelope = {
            {"format", 2}, {"encoding", "zstd"}, {"size", rest.size()}, {"column", "candidates"}};
        break;
    }
    case 1:
        column = rest;
        envelope = {{"format", 2},
                    {"encoding", "zstd"},
                    {"size", 4 * rest.size() + 64},
                    {"column", "candidates"}};
        break;
    default: {
        uLongf n = compressBound(static_cast<uLong>(rest.size()));
        std::string deflated(n, '\0');
        memlens::fuzz::require(compress2(reinterpret_cast<Bytef*>(deflated.data()), &n,
                                         reinterpret_cast<const Bytef*>(rest.data()),
                                         static_cast<uLong>(rest.size()), 1) == Z_OK,
                               "zlib compresses");
        deflated.resize(n);
        envelope = {{"format", 1},         {"encoding", "zlib+base64"},
                    {"size", rest.size()}, {"keyword", 0},
                    {"vector", 0},         {"data", memlens::base64(deflated)}};
        break;
    }
    }
    auto pools = memlens::decode_candidate_pools(envelope, column);
    if (pools.is_ok())
        check_round_trip(*pools);
    else
        memlens::fuzz::require(pools.status().code() == memlens::StatusCode::Corruption,
                               "a refused record is a corruption error");
    if (data[0] % 3 != 2)
        check_lab_readers(pools, column, envelope["size"].get<std::size_t>());
    return 0;
}
