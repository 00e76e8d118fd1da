// How an audit row stores a query's candidate pools (docs/formats.md, "Candidate pools"): a
// compact JSON text (every node id once, per-leg tuples with defaults left out), deflated with
// zlib and kept as base64 in query_profile.candidates.data. At the default leg limits (100 +
// 100) the readable form is ~40 KB, this one ~10 KB. Doubles are written with the shortest
// digits that read back to the same bits, so a rerun starts from exactly the query's numbers.
#include "audit/candidate_codec.h"

#include <nlohmann/json.hpp>
#include <zlib.h>

#include <array>
#include <map>

namespace memlens {

namespace {

using nlohmann::json;

constexpr auto kReplaceBad = json::error_handler_t::replace;
constexpr int kFormat = 1;
constexpr const char* kEncoding = "zlib+base64";
// A pool far larger than any leg limit allows (search.leg_limit ≤ 10,000 per leg) is refused
// before it is inflated.
constexpr std::size_t kMaxInflated = 64u << 20;

constexpr std::array<char, 64> kB64 = {
    'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P',
    'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z', 'a', 'b', 'c', 'd', 'e', 'f',
    'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v',
    'w', 'x', 'y', 'z', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '/'};

std::string base64(const std::string& in) {
    std::string out;
    out.reserve((in.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 2 < in.size(); i += 3) {
        const auto v = (static_cast<unsigned char>(in[i]) << 16) |
                       (static_cast<unsigned char>(in[i + 1]) << 8) |
                       static_cast<unsigned char>(in[i + 2]);
        out += kB64[(v >> 18) & 63];
        out += kB64[(v >> 12) & 63];
        out += kB64[(v >> 6) & 63];
        out += kB64[v & 63];
    }
    if (i < in.size()) {
        const bool two = i + 1 < in.size();
        const auto v = (static_cast<unsigned char>(in[i]) << 16) |
                       (two ? static_cast<unsigned char>(in[i + 1]) << 8 : 0);
        out += kB64[(v >> 18) & 63];
        out += kB64[(v >> 12) & 63];
        out += two ? kB64[(v >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

std::optional<std::string> unbase64(const std::string& in) {
    if (in.size() % 4 != 0)
        return std::nullopt;
    std::array<int, 256> val{};
    val.fill(-1);
    for (int i = 0; i < 64; ++i)
        val[static_cast<unsigned char>(kB64[static_cast<std::size_t>(i)])] = i;
    std::string out;
    out.reserve(in.size() / 4 * 3);
    for (std::size_t i = 0; i < in.size(); i += 4) {
        int v[4];
        int pad = 0;
        for (int k = 0; k < 4; ++k) {
            const char c = in[i + static_cast<std::size_t>(k)];
            if (c == '=' && i + 4 == in.size() && k >= 2) {
                v[k] = 0;
                ++pad;
                continue;
            }
            if (pad > 0)
                return std::nullopt;
            v[k] = val[static_cast<unsigned char>(c)];
            if (v[k] < 0)
                return std::nullopt;
        }
        const auto n = (v[0] << 18) | (v[1] << 12) | (v[2] << 6) | v[3];
        out += static_cast<char>((n >> 16) & 0xff);
        if (pad < 2)
            out += static_cast<char>((n >> 8) & 0xff);
        if (pad < 1)
            out += static_cast<char>(n & 0xff);
    }
    return out;
}

std::string deflate_text(const std::string& in) {
    uLongf size = compressBound(static_cast<uLong>(in.size()));
    std::string out(size, '\0');
    if (compress2(reinterpret_cast<Bytef*>(out.data()), &size,
                  reinterpret_cast<const Bytef*>(in.data()), static_cast<uLong>(in.size()),
                  Z_BEST_COMPRESSION) != Z_OK)
        return {};
    out.resize(size);
    return out;
}

Result<std::string> inflate_text(const std::string& in, std::size_t expected) {
    if (expected > kMaxInflated)
        return Status::corruption("candidate pools claim " + std::to_string(expected) +
                                  " bytes, more than any leg limit allows");
    std::string out(expected, '\0');
    uLongf size = static_cast<uLongf>(expected);
    if (uncompress(reinterpret_cast<Bytef*>(out.data()), &size,
                   reinterpret_cast<const Bytef*>(in.data()),
                   static_cast<uLong>(in.size())) != Z_OK ||
        size != expected)
        return Status::corruption("candidate pools do not inflate to their recorded size");
    return out;
}

// Keyword tuple: [index, raw, bm25f, coverage, author, time, question], trailing values equal
// to their defaults left out (bm25f defaults to raw, the rest to 1).
json keyword_tuple(std::size_t index, const LegCandidate& c) {
    json t = json::array(
        {index, c.raw, c.fts_score, c.coverage, c.author_factor, c.time_factor, c.question_factor});
    while (t.size() > 3 && t.back().get<double>() == 1.0)
        t.erase(t.size() - 1);
    if (t.size() == 3 && t[2].get<double>() == c.raw)
        t.erase(2);
    return t;
}

} // namespace

std::string encode_candidate_pools(const CandidatePools& pools) {
    std::vector<const LegCandidate*> nodes; // each node once, with its per-node facts
    std::map<std::string, std::size_t> index;
    auto index_of = [&](const LegCandidate& c) {
        auto [it, added] = index.emplace(c.node_id, nodes.size());
        if (added)
            nodes.push_back(&c);
        return it->second;
    };
    json keyword = json::array();
    for (const auto& c : pools.keyword)
        keyword.push_back(keyword_tuple(index_of(c), c));
    json vector = json::array();
    for (const auto& c : pools.vector)
        vector.push_back(json::array({index_of(c), c.raw}));
    json ids = json::array(), similarity = json::array(), graph = json::array();
    json no_vector = json::array(), summary = json::array(), superseded = json::object();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const LegCandidate& c = *nodes[i];
        ids.push_back(c.node_id);
        similarity.push_back(c.query_similarity);
        graph.push_back(c.graph);
        if (!c.has_vector)
            no_vector.push_back(i);
        if (c.is_summary)
            summary.push_back(i);
        if (!c.superseded_by.empty())
            superseded[std::to_string(i)] = c.superseded_by;
    }
    const json packed = {{"ids", ids},
                         {"keyword", keyword},
                         {"vector", vector},
                         {"similarity", similarity},
                         {"graph", graph},
                         {"no_vector", no_vector},
                         {"summary", summary},
                         {"superseded_by", superseded},
                         {"weights", {pools.keyword_weight, pools.vector_weight}},
                         {"vector_index", pools.vector_index},
                         {"query_entities", pools.query_entities}};
    const std::string text = packed.dump(-1, ' ', false, kReplaceBad);
    const json stored = {{"format", kFormat},
                         {"encoding", kEncoding},
                         {"size", text.size()},
                         {"keyword", pools.keyword.size()},
                         {"vector", pools.vector.size()},
                         {"data", base64(deflate_text(text))}};
    return stored.dump(-1, ' ', false, kReplaceBad);
}

Result<CandidatePools> decode_candidate_pools(const std::string& stored_text) {
    return decode_candidate_pools(json::parse(stored_text, nullptr, false));
}

Result<CandidatePools> decode_candidate_pools(const nlohmann::json& stored) {
    auto bad = [](const std::string& what) {
        return Status::corruption("candidate pools: " + what);
    };
    if (stored.is_discarded() || !stored.is_object())
        return bad("not a JSON object");
    if (stored.value("format", 0) != kFormat || stored.value("encoding", "") != kEncoding)
        return bad("unknown format or encoding");
    if (!stored.contains("data") || !stored["data"].is_string() || !stored.contains("size") ||
        !stored["size"].is_number_unsigned())
        return bad("no data or size");
    auto raw = unbase64(stored["data"].get<std::string>());
    if (!raw)
        return bad("data is not base64");
    auto text = inflate_text(*raw, stored["size"].get<std::size_t>());
    if (!text)
        return text.status();
    auto p = json::parse(*text, nullptr, false);
    if (p.is_discarded() || !p.is_object())
        return bad("inflated data is not a JSON object");
    try {
        const auto ids = p.at("ids").get<std::vector<std::string>>();
        const auto sim = p.at("similarity").get<std::vector<double>>();
        const auto graph = p.at("graph").get<std::vector<double>>();
        if (sim.size() != ids.size() || graph.size() != ids.size())
            return bad("per-node lists differ in length");
        std::vector<LegCandidate> node(ids.size());
        for (std::size_t i = 0; i < ids.size(); ++i) {
            node[i].node_id = ids[i];
            node[i].has_vector = true;
            node[i].query_similarity = sim[i];
            node[i].graph = graph[i];
        }
        auto at = [&](const json& v) -> LegCandidate& {
            const auto i = v.get<std::size_t>();
            if (i >= node.size())
                throw std::out_of_range("node index " + std::to_string(i));
            return node[i];
        };
        for (const auto& i : p.at("no_vector"))
            at(i).has_vector = false;
        for (const auto& i : p.at("summary"))
            at(i).is_summary = true;
        for (const auto& [k, v] : p.at("superseded_by").items())
            at(json(std::stoul(k))).superseded_by = v.get<std::vector<std::string>>();
        CandidatePools pools;
        for (const auto& t : p.at("keyword")) {
            if (!t.is_array() || t.size() < 2)
                return bad("a keyword entry is not [index, raw, ...]");
            LegCandidate c = at(t[0]);
            c.rank = static_cast<int>(pools.keyword.size()) + 1;
            c.raw = t[1].get<double>();
            c.fts_score = t.size() > 2 ? t[2].get<double>() : c.raw;
            c.coverage = t.size() > 3 ? t[3].get<double>() : 1.0;
            c.author_factor = t.size() > 4 ? t[4].get<double>() : 1.0;
            c.time_factor = t.size() > 5 ? t[5].get<double>() : 1.0;
            c.question_factor = t.size() > 6 ? t[6].get<double>() : 1.0;
            pools.keyword.push_back(std::move(c));
        }
        for (const auto& t : p.at("vector")) {
            if (!t.is_array() || t.size() != 2)
                return bad("a vector entry is not [index, raw]");
            LegCandidate c = at(t[0]);
            c.rank = static_cast<int>(pools.vector.size()) + 1;
            c.raw = t[1].get<double>();
            pools.vector.push_back(std::move(c));
        }
        const auto w = p.at("weights").get<std::vector<double>>();
        if (w.size() != 2)
            return bad("weights are not [keyword, vector]");
        pools.keyword_weight = w[0];
        pools.vector_weight = w[1];
        pools.vector_index = p.at("vector_index").get<std::string>();
        pools.query_entities = p.at("query_entities").get<std::vector<std::string>>();
        return pools;
    } catch (const std::exception& e) {
        return bad(std::string("malformed: ") + e.what());
    }
}

} // namespace memlens
