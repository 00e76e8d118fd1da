// The JSON shape of `memlens-cli eval locomo --json` (docs/ranking.md).
#include "json/dump.h"

#include <memlens/eval.h>

#include <nlohmann/json.hpp>

namespace memlens {
namespace {

using nlohmann::ordered_json;

// Keys in the order a reader expects: "all" first, then the categories; k ascending.
ordered_json table(const std::map<std::string, std::map<int, double>>& t) {
    ordered_json out = ordered_json::object();
    auto row = [](const std::map<int, double>& by_k) {
        ordered_json r = ordered_json::object();
        for (const auto& [k, v] : by_k)
            r[std::to_string(k)] = v;
        return r;
    };
    if (const auto all = t.find("all"); all != t.end())
        out["all"] = row(all->second);
    for (const auto& [key, by_k] : t)
        if (key != "all")
            out[key] = row(by_k);
    return out;
}

} // namespace

std::string locomo_eval_json(const LocomoEvalReport& r, int indent) {
    ordered_json j;
    j["questions"] = r.questions;
    j["skipped"] = r.skipped;
    j["turn_recall"] = table(r.hybrid.turn_recall);
    j["session_recall"] = table(r.hybrid.session_recall);
    j["mrr"] = r.hybrid.mrr;
    ordered_json kw;
    kw["turn_recall"] = table(r.keyword.turn_recall);
    kw["session_recall"] = table(r.keyword.session_recall);
    kw["mrr"] = r.keyword.mrr;
    j["keyword_only"] = kw;
    j["ms_per_query"] = r.hybrid.ms_per_query;
    j["vector_share_top10"] = r.hybrid.vector_share_top10;
    j["vector_only_share_top10"] = r.hybrid.vector_only_share_top10;
    return dump_json(j, indent);
}

std::string eval_misses_jsonl(const std::vector<EvalMiss>& misses) {
    const auto rank = [](const std::optional<int>& r) {
        return r ? ordered_json(*r) : ordered_json(nullptr);
    };
    std::string out;
    for (const auto& m : misses) {
        ordered_json j;
        j["conversation"] = m.conversation;
        j["category"] = m.category;
        j["question"] = m.question;
        j["found"] = m.found;
        j["missed"] = ordered_json::array();
        for (const auto& t : m.missed)
            j["missed"].push_back({{"turn", t.turn},
                                   {"node_id", t.node_id},
                                   {"fused_rank", rank(t.fused_rank)},
                                   {"keyword_rank", rank(t.keyword_rank)},
                                   {"vector_rank", rank(t.vector_rank)},
                                   {"stage", t.stage},
                                   {"verdict", t.verdict}});
        out += dump_json(j, -1) + "\n";
    }
    return out;
}

} // namespace memlens
