#include "search/graph_signal.h"

#include <memlens/entities.h>
#include <memlens/text.h>

#include <algorithm>
#include <set>

namespace memlens::search {

namespace {

// Kinds whose ids are names a user types in plain words.
constexpr const char* kNameKinds[] = {"person",  "organization", "topic", "hashtag", "location",
                                      "product", "technology",   "event", "project", "artifact"};

Status read_pairs(StatementCache& stmts, const SqlQuery& q,
                  std::vector<std::pair<std::string, std::string>>& out) {
    auto st = stmts.bind(q);
    if (!st)
        return st.status();
    for (;;) {
        auto row = (*st)->step();
        if (!row)
            return row.status();
        if (!*row)
            return Status::ok();
        out.emplace_back((*st)->column_text(0), (*st)->column_text(1));
    }
}

} // namespace

Result<std::vector<std::string>> resolve_query_entities(StatementCache& stmts,
                                                        std::string_view query,
                                                        const EntityRegistry* registry) {
    std::vector<std::string> candidates;
    for (const auto& e : extract_entities(query, {}, registry))
        candidates.push_back(e.canonical_id);
    auto words = split_words(query);
    std::vector<std::string> phrases;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (!is_stopword(words[i]) && words[i].size() > 1)
            phrases.push_back(words[i]);
        if (i + 1 < words.size())
            phrases.push_back(words[i] + " " + words[i + 1]);
    }
    for (const auto& p : phrases) {
        if (registry)
            if (auto id = registry->lookup_alias(p))
                candidates.push_back(*id);
        for (const char* kind : kNameKinds)
            candidates.push_back(canonical_entity_id(kind, p));
    }
    if (candidates.empty())
        return std::vector<std::string>{};
    SqlQuery q;
    // One index probe per candidate: DISTINCT over the index would step through every mention
    // of a common entity (tens of thousands of rows at a million chunks).
    q.add("SELECT value FROM json_each(?) WHERE EXISTS (SELECT 1 FROM mem_tree_entity_index "
          "WHERE entity_id = value)",
          json_string_array(candidates));
    auto st = stmts.bind(q);
    if (!st)
        return st.status();
    std::set<std::string> known;
    for (;;) {
        auto row = (*st)->step();
        if (!row)
            return row.status();
        if (!*row)
            break;
        known.insert((*st)->column_text(0));
    }
    // First mention wins, as walk dedupes query entities.
    std::vector<std::string> out;
    for (const auto& c : candidates)
        if (known.count(c) && std::find(out.begin(), out.end(), c) == out.end())
            out.push_back(c);
    return out;
}

Result<std::map<std::string, std::vector<std::string>>>
node_entities(StatementCache& stmts, const std::vector<std::string>& node_ids) {
    std::map<std::string, std::vector<std::string>> out;
    if (node_ids.empty())
        return out;
    SqlQuery q;
    q.add("SELECT node_id, entity_id FROM mem_tree_entity_index WHERE node_id IN (SELECT value "
          "FROM json_each(?)) ORDER BY node_id, entity_id",
          json_string_array(node_ids));
    std::vector<std::pair<std::string, std::string>> pairs;
    MEMLENS_TRY(read_pairs(stmts, q, pairs));
    for (auto& [node, entity] : pairs)
        out[node].push_back(std::move(entity));
    return out;
}

Result<std::map<std::string, double>>
graph_relevance(StatementCache& stmts, const std::vector<std::string>& query_entities,
                const std::map<std::string, std::vector<std::string>>& entities_by_node) {
    std::map<std::string, double> out;
    if (query_entities.empty())
        return out;
    std::set<std::string> hit_entities;
    for (const auto& [node, ents] : entities_by_node)
        hit_entities.insert(ents.begin(), ents.end());

    // One hop: probe the edge table's (entity_a, entity_b) key for every (query entity, hit
    // entity) pair, both ways round, since pairs are stored sorted. The cost is |Q| × |hit
    // entities| index probes, independent of how many edges a hub entity has.
    std::set<std::pair<std::string, std::string>> adjacent; // (query entity, hit entity)
    if (!hit_entities.empty()) {
        SqlQuery q;
        q.add("SELECT entity_a, entity_b FROM mem_tree_entity_edges WHERE entity_a IN (SELECT "
              "value FROM json_each(?1)) AND entity_b IN (SELECT value FROM json_each(?2)) UNION "
              "ALL SELECT entity_b, entity_a FROM mem_tree_entity_edges WHERE entity_b IN (SELECT "
              "value FROM json_each(?1)) AND entity_a IN (SELECT value FROM json_each(?2))",
              json_string_array(query_entities));
        q.binds.emplace_back(json_string_array({hit_entities.begin(), hit_entities.end()}));
        std::vector<std::pair<std::string, std::string>> pairs;
        MEMLENS_TRY(read_pairs(stmts, q, pairs));
        adjacent.insert(pairs.begin(), pairs.end());
    }
    for (const auto& [node, ents] : entities_by_node) {
        double sum = 0.0;
        for (const auto& qe : query_entities) {
            double best = 0.0;
            for (const auto& e : ents) {
                if (e == qe) {
                    best = 1.0;
                    break;
                }
                if (adjacent.count({qe, e}))
                    best = 0.5;
            }
            sum += best;
        }
        out[node] = sum / static_cast<double>(query_entities.size());
    }
    return out;
}

} // namespace memlens::search
