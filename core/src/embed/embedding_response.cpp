#include "embed/embedding_response.h"

#include <memlens/text.h>

#include <nlohmann/json.hpp>

#include <cmath>

namespace memlens::embed {

namespace {

Status bad(const std::string& what) {
    return Status::invalid(what);
}

// One "embedding" array → floats; the dimension checks happen in the caller.
Result<Vector> read_embedding(const nlohmann::json& item, std::size_t i) {
    const std::string name = "embedding " + std::to_string(i);
    if (!item.is_object() || !item.contains("embedding"))
        return bad(name + " has no \"embedding\" field");
    const auto& values = item["embedding"];
    if (!values.is_array())
        return bad(name + " is not a list of numbers (only encoding_format float is supported)");
    Vector v;
    v.reserve(values.size());
    for (const auto& x : values) {
        if (!x.is_number())
            return bad(name + " holds a value that is not a number");
        const double d = x.get<double>();
        const float f = static_cast<float>(d);
        if (!std::isfinite(d) || !std::isfinite(f))
            return bad(name + " holds a non-finite number");
        v.push_back(f);
    }
    return v;
}

} // namespace

std::string body_snippet(std::string_view body) {
    const std::size_t n = utf8_floor(body, 200);
    std::string s(body.substr(0, n));
    for (char& c : s)
        if (static_cast<unsigned char>(c) < 0x20)
            c = ' ';
    if (n < body.size())
        s += "…";
    return s.empty() ? "(empty body)" : s;
}

Result<std::vector<Vector>> parse_embedding_response(std::string_view body,
                                                     std::size_t expected_count,
                                                     std::size_t expected_dim) {
    const auto doc = nlohmann::json::parse(body, nullptr, /*allow_exceptions=*/false);
    if (doc.is_discarded())
        return bad("answer is not JSON: " + body_snippet(body));
    if (!doc.is_object() || !doc.contains("data") || !doc["data"].is_array())
        return bad("answer has no \"data\" list: " + body_snippet(body));
    const auto& data = doc["data"];
    if (data.size() != expected_count)
        return bad("expected " + std::to_string(expected_count) + " embeddings, got " +
                   std::to_string(data.size()));

    std::vector<Vector> out(expected_count);
    std::vector<bool> filled(expected_count, false);
    std::size_t dim = expected_dim;
    for (std::size_t i = 0; i < data.size(); ++i) {
        const auto& item = data[i];
        std::size_t slot = i;
        if (item.is_object() && item.contains("index")) {
            const auto& index = item["index"];
            if (!index.is_number_unsigned() || index.get<std::size_t>() >= expected_count)
                return bad("embedding " + std::to_string(i) + " has an index out of range");
            slot = index.get<std::size_t>();
        }
        if (filled[slot])
            return bad("two embeddings claim index " + std::to_string(slot));
        auto v = read_embedding(item, slot);
        if (!v)
            return v.status();
        if (v->empty())
            return bad("embedding " + std::to_string(slot) + " is empty");
        // The largest models answer with a few thousand dimensions; an answer far past that
        // would store megabytes a vector and a topic index nothing can hold.
        if (v->size() > kMaxEmbeddingDim)
            return bad("embedding " + std::to_string(slot) + " has " + std::to_string(v->size()) +
                       " dimensions, over the limit of " + std::to_string(kMaxEmbeddingDim));
        if (dim == 0)
            dim = v->size();
        if (v->size() != dim)
            return bad("embedding " + std::to_string(slot) + " has dimension " +
                       std::to_string(v->size()) + ", expected " + std::to_string(dim));
        out[slot] = std::move(*v);
        filled[slot] = true;
    }
    return out;
}

} // namespace memlens::embed
