// How an audit row stores a query's candidate pools (docs/formats.md, "Candidate pools"). Format
// 2: a compact binary record (every node id once, per-leg entries with defaults left out,
// doubles as their 8 bytes), compressed with zstd, in the row's own `candidates` BLOB column;
// query_profile.candidates keeps only its envelope (format, encoding, sizes). At the default leg
// limits (100 + 100) that is ~7 KB. Doubles keep their bits, so a rerun starts from exactly the
// query's numbers. zstd, not zlib: it decompresses several times faster at the same size, and a
// blast radius reads ten thousand rows (docs/performance.md). Format 1, a compact JSON text
// deflated with zlib and kept as base64 in the envelope's "data", is what memlens wrote before
// schema 5; its rows still decode.
#include "audit/candidate_codec.h"

#include <nlohmann/json.hpp>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <memory>

namespace memlens {

namespace {

using nlohmann::json;

constexpr auto kReplaceBad = json::error_handler_t::replace;
constexpr int kFormat = 2; // what encode_candidate_pools writes; 1 still decodes
constexpr const char* kEncoding1 = "zlib+base64";
constexpr const char* kEncoding = "zstd";
constexpr const char* kColumn = "candidates";
// zstd's level 3 (its default): within a few percent of zlib's best on these records, and
// quick enough to write on every query.
constexpr int kZstdLevel = 3;
// A pool far larger than any leg limit allows (search.leg_limit ≤ 10,000 per leg) is refused
// before it is inflated.
constexpr std::size_t kMaxInflated = 64u << 20;

constexpr std::array<char, 64> kB64 = {
    'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P',
    'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z', 'a', 'b', 'c', 'd', 'e', 'f',
    'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v',
    'w', 'x', 'y', 'z', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '/'};

} // namespace

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

namespace {

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

Status bad(const std::string& what) {
    return Status::corruption("candidate pools: " + what);
}

// Format 1: the compact JSON text memlens wrote before format 2.
Result<CandidatePools> decode_format1(const std::string& text) {
    auto p = json::parse(text, nullptr, false);
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
            // 1e100 would not convert to an index: only a whole number in range is one.
            if (!v.is_number_unsigned() || v.get<std::size_t>() >= node.size())
                throw std::out_of_range("node index " + v.dump());
            const auto i = v.get<std::size_t>();
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

// Format 2, little-endian throughout (docs/formats.md lists the fields in order).
class Writer {
public:
    void u8(std::uint8_t v) { out_.push_back(static_cast<char>(v)); }
    void u32(std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            u8(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    void f64(double v) {
        const auto bits = std::bit_cast<std::uint64_t>(v);
        for (int i = 0; i < 8; ++i)
            u8(static_cast<std::uint8_t>(bits >> (8 * i)));
    }
    void str(const std::string& v) {
        u32(static_cast<std::uint32_t>(v.size()));
        out_ += v;
    }
    void strings(const std::vector<std::string>& v) {
        u32(static_cast<std::uint32_t>(v.size()));
        for (const auto& s : v)
            str(s);
    }
    std::string take() { return std::move(out_); }

private:
    std::string out_;
};

// Every read is checked against the end: a short or overlong record is a corruption error.
class Reader {
public:
    explicit Reader(std::string_view in)
        : p_(in.data())
        , end_(in.data() + in.size()) {}
    bool ok() const { return ok_; }
    bool at_end() const { return p_ == end_; }
    std::uint8_t u8() {
        if (!need(1))
            return 0;
        return static_cast<std::uint8_t>(*p_++);
    }
    std::uint32_t u32() {
        if (!need(4))
            return 0;
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i)
            v |= static_cast<std::uint32_t>(static_cast<unsigned char>(p_[i])) << (8 * i);
        p_ += 4;
        return v;
    }
    double f64() {
        if (!need(8))
            return 0.0;
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i)
            v |= static_cast<std::uint64_t>(static_cast<unsigned char>(p_[i])) << (8 * i);
        p_ += 8;
        return std::bit_cast<double>(v);
    }
    // The next string, as a view of the input.
    std::string_view view() {
        const std::uint32_t n = u32();
        if (!need(n))
            return {};
        std::string_view v(p_, n);
        p_ += n;
        return v;
    }
    // A count of items of at least `min_bytes` each: one the remaining bytes cannot hold is
    // refused before anything is reserved for it.
    std::uint32_t count(std::size_t min_bytes) {
        const std::uint32_t n = u32();
        if (ok_ && static_cast<std::size_t>(end_ - p_) / min_bytes < n)
            ok_ = false;
        return ok_ ? n : 0;
    }

private:
    bool need(std::size_t n) {
        if (!ok_ || static_cast<std::size_t>(end_ - p_) < n)
            ok_ = false;
        return ok_;
    }
    const char* p_;
    const char* end_;
    bool ok_ = true;
};

// Node flags.
constexpr std::uint8_t kNoVector = 1;
constexpr std::uint8_t kSummary = 2;
// Keyword entry mask: which values follow raw (bm25f when it differs from raw, the factors
// and coverage when they differ from 1).
constexpr std::uint8_t kBm25f = 1, kCoverage = 2, kAuthor = 4, kTime = 8, kQuestion = 16;

std::string encode_format2(const CandidatePools& pools) {
    std::vector<const LegCandidate*> nodes;
    std::map<std::string_view, std::uint32_t> index;
    auto index_of = [&](const LegCandidate& c) {
        auto [it, added] = index.emplace(c.node_id, static_cast<std::uint32_t>(nodes.size()));
        if (added)
            nodes.push_back(&c);
        return it->second;
    };
    for (const auto& c : pools.keyword)
        index_of(c);
    for (const auto& c : pools.vector)
        index_of(c);
    Writer w;
    w.u32(static_cast<std::uint32_t>(nodes.size()));
    for (const LegCandidate* c : nodes) {
        w.str(c->node_id);
        w.u8(static_cast<std::uint8_t>((c->has_vector ? 0 : kNoVector) |
                                       (c->is_summary ? kSummary : 0)));
        w.f64(c->query_similarity);
        w.f64(c->graph);
        w.strings(c->superseded_by);
    }
    w.u32(static_cast<std::uint32_t>(pools.keyword.size()));
    for (const auto& c : pools.keyword) {
        w.u32(index.at(c.node_id));
        const std::uint8_t mask = static_cast<std::uint8_t>(
            (c.fts_score != c.raw ? kBm25f : 0) | (c.coverage != 1.0 ? kCoverage : 0) |
            (c.author_factor != 1.0 ? kAuthor : 0) | (c.time_factor != 1.0 ? kTime : 0) |
            (c.question_factor != 1.0 ? kQuestion : 0));
        w.u8(mask);
        w.f64(c.raw);
        if (mask & kBm25f)
            w.f64(c.fts_score);
        if (mask & kCoverage)
            w.f64(c.coverage);
        if (mask & kAuthor)
            w.f64(c.author_factor);
        if (mask & kTime)
            w.f64(c.time_factor);
        if (mask & kQuestion)
            w.f64(c.question_factor);
    }
    w.u32(static_cast<std::uint32_t>(pools.vector.size()));
    for (const auto& c : pools.vector) {
        w.u32(index.at(c.node_id));
        w.f64(c.raw);
    }
    w.f64(pools.keyword_weight);
    w.f64(pools.vector_weight);
    w.str(pools.vector_index);
    w.strings(pools.query_entities);
    return w.take();
}

// One walk over a format-2 record for every reader of it: each field is read and checked in
// order and handed to `sink`, which keeps what it needs (the whole pools, the node ids only, or
// the compact form the lab ranks from). A record walked to its end without an error is whole.
//
// Sink: nodes(n); node(i, id, flags, similarity, graph, superseded_by views); keywords(n);
// keyword(j, node, raw, fts_score, coverage, author, time, question); vectors(n); vector(j,
// node, raw); tail(keyword_weight, vector_weight, vector_index, query_entities views). The
// views point into `bytes`.
template <typename Sink> Status walk_format2(std::string_view bytes, Sink& sink) {
    Reader r(bytes);
    thread_local std::vector<std::string_view> names;
    auto read_names = [&] {
        names.resize(r.count(4));
        for (auto& v : names)
            v = r.view();
    };
    const std::uint32_t nodes = r.count(4 + 1 + 8 + 8 + 4);
    sink.nodes(nodes);
    for (std::uint32_t i = 0; i < nodes; ++i) {
        const std::string_view id = r.view();
        const std::uint8_t flags = r.u8();
        if (flags & ~(kNoVector | kSummary))
            return bad("a node has unknown flags");
        const double similarity = r.f64();
        const double graph = r.f64();
        read_names();
        if (!r.ok())
            return bad("the node list is cut short");
        sink.node(i, id, flags, similarity, graph, names);
    }
    const std::uint32_t keyword = r.count(4 + 1 + 8);
    sink.keywords(keyword);
    for (std::uint32_t j = 0; j < keyword; ++j) {
        const std::uint32_t node = r.u32();
        if (node >= nodes && r.ok())
            return bad("a keyword entry names no node");
        const std::uint8_t mask = r.u8();
        if (mask & ~(kBm25f | kCoverage | kAuthor | kTime | kQuestion))
            return bad("a keyword entry has unknown fields");
        const double raw = r.f64();
        const double fts = (mask & kBm25f) ? r.f64() : raw;
        const double coverage = (mask & kCoverage) ? r.f64() : 1.0;
        const double author = (mask & kAuthor) ? r.f64() : 1.0;
        const double time = (mask & kTime) ? r.f64() : 1.0;
        const double question = (mask & kQuestion) ? r.f64() : 1.0;
        if (!r.ok())
            return bad("the record is cut short");
        sink.keyword(j, node, raw, fts, coverage, author, time, question);
    }
    const std::uint32_t vector = r.count(4 + 8);
    sink.vectors(vector);
    for (std::uint32_t j = 0; j < vector; ++j) {
        const std::uint32_t node = r.u32();
        if (node >= nodes && r.ok())
            return bad("a vector entry names no node");
        const double raw = r.f64();
        if (!r.ok())
            return bad("the record is cut short");
        sink.vector(j, node, raw);
    }
    const double keyword_weight = r.f64();
    const double vector_weight = r.f64();
    const std::string_view vector_index = r.view();
    read_names();
    if (!r.ok())
        return bad("the record is cut short");
    if (!r.at_end())
        return bad("bytes follow the record");
    sink.tail(keyword_weight, vector_weight, vector_index, names);
    return Status::ok();
}

// The parts of the pools that follow the two lists in a record.
void set_rest(CandidatePools& p, double keyword_weight, double vector_weight,
              std::string_view vector_index, const std::vector<std::string_view>& query_entities) {
    p.keyword_weight = keyword_weight;
    p.vector_weight = vector_weight;
    p.vector_index.assign(vector_index);
    p.query_entities.assign(query_entities.begin(), query_entities.end());
}

// The whole pools, into `pools`, reusing its lists' buffers (and a per-thread node list).
class PoolsSink {
public:
    explicit PoolsSink(CandidatePools& pools)
        : pools_(pools) {}
    void nodes(std::uint32_t n) { node_.resize(n); }
    void node(std::uint32_t i, std::string_view id, std::uint8_t flags, double similarity,
              double graph, const std::vector<std::string_view>& superseded_by) {
        LegCandidate& n = node_[i];
        n.node_id.assign(id);
        n.has_vector = (flags & kNoVector) == 0;
        n.is_summary = (flags & kSummary) != 0;
        n.query_similarity = similarity;
        n.graph = graph;
        n.superseded_by.assign(superseded_by.begin(), superseded_by.end());
    }
    void keywords(std::uint32_t n) { pools_.keyword.resize(n); }
    void keyword(std::uint32_t j, std::uint32_t node, double raw, double fts, double coverage,
                 double author, double time, double question) {
        LegCandidate& c = pools_.keyword[j];
        c = node_[node];
        c.rank = static_cast<int>(j) + 1;
        c.raw = raw;
        c.fts_score = fts;
        c.coverage = coverage;
        c.author_factor = author;
        c.time_factor = time;
        c.question_factor = question;
    }
    void vectors(std::uint32_t n) { pools_.vector.resize(n); }
    void vector(std::uint32_t j, std::uint32_t node, double raw) {
        LegCandidate& c = pools_.vector[j];
        c = node_[node];
        c.rank = static_cast<int>(j) + 1;
        c.raw = raw;
    }
    void tail(double keyword_weight, double vector_weight, std::string_view vector_index,
              const std::vector<std::string_view>& query_entities) {
        set_rest(pools_, keyword_weight, vector_weight, vector_index, query_entities);
    }

private:
    CandidatePools& pools_;
    static thread_local std::vector<LegCandidate> node_;
};
thread_local std::vector<LegCandidate> PoolsSink::node_;

// Every part of the pools but the two lists, and each node's id handed to `id`.
class ScanSink {
public:
    ScanSink(CandidatePools& rest, const std::function<void(std::string_view)>& id)
        : rest_(rest)
        , id_(id) {}
    void nodes(std::uint32_t) {}
    void node(std::uint32_t, std::string_view id, std::uint8_t, double, double,
              const std::vector<std::string_view>&) {
        if (id_)
            id_(id);
    }
    void keywords(std::uint32_t) {}
    void keyword(std::uint32_t, std::uint32_t, double, double, double, double, double, double) {}
    void vectors(std::uint32_t) {}
    void vector(std::uint32_t, std::uint32_t, double) {}
    void tail(double keyword_weight, double vector_weight, std::string_view vector_index,
              const std::vector<std::string_view>& query_entities) {
        rest_.keyword.clear();
        rest_.vector.clear();
        set_rest(rest_, keyword_weight, vector_weight, vector_index, query_entities);
    }

private:
    CandidatePools& rest_;
    const std::function<void(std::string_view)>& id_;
};

// What the lab ranks from (CompactPools).
class CompactSink {
public:
    explicit CompactSink(CompactPools& out)
        : out_(out) {}
    void nodes(std::uint32_t n) { out_.nodes.resize(n); }
    void node(std::uint32_t i, std::string_view, std::uint8_t flags, double similarity,
              double graph, const std::vector<std::string_view>& superseded_by) {
        CompactNode& n = out_.nodes[i];
        n.query_similarity = similarity;
        n.graph = graph;
        n.has_vector = (flags & kNoVector) == 0;
        n.superseded = !superseded_by.empty();
    }
    void keywords(std::uint32_t n) { out_.keyword.resize(n); }
    void keyword(std::uint32_t j, std::uint32_t node, double raw, double fts, double, double author,
                 double time, double question) {
        out_.keyword[j] = {node, raw, fts, author, time, question};
    }
    void vectors(std::uint32_t n) { out_.vector.resize(n); }
    void vector(std::uint32_t j, std::uint32_t node, double) { out_.vector[j] = node; }
    void tail(double keyword_weight, double vector_weight, std::string_view,
              const std::vector<std::string_view>&) {
        out_.keyword_weight = keyword_weight;
        out_.vector_weight = vector_weight;
    }

private:
    CompactPools& out_;
};

Status decode_format2_into(std::string_view bytes, CandidatePools& pools) {
    PoolsSink sink(pools);
    return walk_format2(bytes, sink);
}

Result<CandidatePools> decode_format2(std::string_view bytes) {
    CandidatePools pools;
    MEMLENS_TRY(decode_format2_into(bytes, pools));
    return pools;
}

// The record of a format-2 column, decompressed into a per-thread buffer.
Result<std::string_view> inflate_column(const std::string& column, std::size_t size) {
    if (column.empty())
        return bad("the row's candidates column is empty");
    if (size > kMaxInflated)
        return bad("they claim " + std::to_string(size) + " bytes, more than any leg limit allows");
    thread_local const std::unique_ptr<ZSTD_DCtx, std::size_t (*)(ZSTD_DCtx*)> dctx(
        ZSTD_createDCtx(), ZSTD_freeDCtx);
    thread_local std::string bytes;
    bytes.resize(size);
    const std::size_t n =
        dctx ? ZSTD_decompressDCtx(dctx.get(), bytes.data(), bytes.size(), column.data(),
                                   column.size())
             : ZSTD_decompress(bytes.data(), bytes.size(), column.data(), column.size());
    if (ZSTD_isError(n) && ZSTD_getErrorCode(n) == ZSTD_error_checksum_wrong)
        return bad("the candidates column fails its checksum: the row is damaged");
    if (ZSTD_isError(n) || n != size)
        return bad("the candidates column does not decompress to its recorded size");
    return std::string_view(bytes);
}

// A column written with a checksum still says so in its frame header (a flipped flag there
// would otherwise make a damaged row read as one of the rows written before checksums).
// The flag is bit 2 (Content_Checksum_flag) of the zstd frame's Frame_Header_Descriptor, the
// byte after the 4-byte magic number 28 B5 2F FD.
bool frame_has_checksum(const std::string& column) {
    static constexpr unsigned char kMagic[] = {0x28, 0xB5, 0x2F, 0xFD};
    return column.size() >= 5 && std::memcmp(column.data(), kMagic, 4) == 0 &&
           (static_cast<unsigned char>(column[4]) & 0x04) != 0;
}

} // namespace

std::string encode_candidate_pools_format1(const CandidatePools& pools) {
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
    const json stored = {{"format", 1},
                         {"encoding", kEncoding1},
                         {"size", text.size()},
                         {"keyword", pools.keyword.size()},
                         {"vector", pools.vector.size()},
                         {"data", base64(deflate_text(text))}};
    return stored.dump(-1, ' ', false, kReplaceBad);
}

StoredPools encode_candidate_pools(const CandidatePools& pools) {
    const std::string bytes = encode_format2(pools);
    StoredPools out;
    // One context per thread, kept: a fresh one per call costs more than the compression.
    // The frame carries zstd's content checksum (XXH64, 4 bytes), which decompression checks:
    // a damaged column is reported as damaged, never decoded into other candidates.
    thread_local const std::unique_ptr<ZSTD_CCtx, std::size_t (*)(ZSTD_CCtx*)> cctx = [] {
        std::unique_ptr<ZSTD_CCtx, std::size_t (*)(ZSTD_CCtx*)> c(ZSTD_createCCtx(), ZSTD_freeCCtx);
        if (c) {
            ZSTD_CCtx_setParameter(c.get(), ZSTD_c_compressionLevel, kZstdLevel);
            ZSTD_CCtx_setParameter(c.get(), ZSTD_c_checksumFlag, 1);
        }
        return c;
    }();
    if (!cctx)
        return {};
    out.column.resize(ZSTD_compressBound(bytes.size()));
    const std::size_t n = ZSTD_compress2(cctx.get(), out.column.data(), out.column.size(),
                                         bytes.data(), bytes.size());
    // Compressing into a buffer of compressBound bytes cannot fail; if it ever did, the row
    // would keep no pools rather than unreadable ones.
    if (ZSTD_isError(n))
        return {};
    out.column.resize(n);
    out.size = bytes.size();
    const json envelope = {{"format", kFormat},
                           {"encoding", kEncoding},
                           {"size", bytes.size()},
                           {"keyword", pools.keyword.size()},
                           {"vector", pools.vector.size()},
                           {"checksum", true},
                           {"column", kColumn}};
    out.envelope = envelope.dump(-1, ' ', false, kReplaceBad);
    return out;
}

namespace {

// The fields every envelope starts with (an object's; a field missing or of another type reads
// as 0, empty, nullopt).
struct Envelope {
    int format = 0;
    std::string encoding;
    std::optional<std::size_t> size;
};
Envelope read_envelope(const nlohmann::json& stored) {
    Envelope env;
    const auto f = stored.find("format");
    const auto e = stored.find("encoding");
    const auto z = stored.find("size");
    if (f != stored.end() && f->is_number_integer())
        env.format = f->get<int>();
    if (e != stored.end() && e->is_string())
        env.encoding = e->get<std::string>();
    if (z != stored.end() && z->is_number_unsigned())
        env.size = z->get<std::size_t>();
    return env;
}

} // namespace

Result<CandidatePools> decode_candidate_pools(const std::string& envelope_text,
                                              const std::string& column) {
    return decode_candidate_pools(json::parse(envelope_text, nullptr, false), column);
}

Result<CandidatePools> decode_candidate_pools(const nlohmann::json& stored,
                                              const std::string& column) {
    if (stored.is_discarded() || !stored.is_object())
        return bad("not a JSON object");
    const Envelope env = read_envelope(stored);
    const int format = env.format;
    if (!((format == 1 && env.encoding == kEncoding1) ||
          (format == kFormat && env.encoding == kEncoding)))
        return bad("unknown format or encoding");
    if (!env.size)
        return bad("no size");
    const std::size_t size = *env.size;
    if (size > kMaxInflated)
        return bad("they claim " + std::to_string(size) + " bytes, more than any leg limit allows");
    if (format == 1) {
        const auto d = stored.find("data");
        if (d == stored.end() || !d->is_string())
            return bad("no data");
        auto raw = unbase64(d->get<std::string>());
        if (!raw)
            return bad("data is not base64");
        auto text = inflate_text(*raw, size);
        if (!text)
            return text.status();
        return decode_format1(*text);
    }
    const auto checked = stored.find("checksum");
    if (checked != stored.end() && *checked == true && !frame_has_checksum(column))
        return bad("the candidates column lost its checksum: the row is damaged");
    auto bytes = inflate_column(column, size);
    if (!bytes)
        return bytes.status();
    auto pools = decode_format2(*bytes);
    if (!pools)
        return pools;
    // The envelope's counts are the record's: a disagreement is damage to one or the other.
    for (const auto& [key, n] :
         {std::pair<const char*, std::size_t>{"keyword", pools->keyword.size()},
          {"vector", pools->vector.size()}}) {
        const auto c = stored.find(key);
        if (c != stored.end() && (!c->is_number_unsigned() || c->get<std::size_t>() != n))
            return bad(std::string("the envelope counts ") + c->dump() + " " + key +
                       " candidates, the record holds " + std::to_string(n));
    }
    return pools;
}

std::optional<std::size_t> format2_size(const nlohmann::json& envelope) {
    if (!envelope.is_object())
        return std::nullopt;
    const Envelope env = read_envelope(envelope);
    if (env.format != kFormat || env.encoding != kEncoding)
        return std::nullopt;
    return env.size;
}

namespace {

template <typename Sink>
Status inflate_and_walk(const std::string& column, std::size_t size, Sink&& sink) {
    auto bytes = inflate_column(column, size);
    if (!bytes)
        return bytes.status();
    return walk_format2(*bytes, sink);
}

} // namespace

Status decode_format2_pools_into(const std::string& column, std::size_t size, CandidatePools& out) {
    return inflate_and_walk(column, size, PoolsSink(out));
}

Status scan_format2_pools(const std::string& column, std::size_t size, CandidatePools& rest,
                          const std::function<void(std::string_view)>& node_id) {
    return inflate_and_walk(column, size, ScanSink(rest, node_id));
}

Status decode_format2_compact(const std::string& column, std::size_t size, CompactPools& out) {
    return inflate_and_walk(column, size, CompactSink(out));
}

} // namespace memlens
