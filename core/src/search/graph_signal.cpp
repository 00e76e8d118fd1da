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

// Second-hop neighbours are read for the strongest edges only: a hub entity has thousands.
constexpr int kMaxFirstHop = 256;

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
    q.add("SELECT DISTINCT entity_id FROM mem_tree_entity_index WHERE entity_id IN (SELECT value "
          "FROM json_each(?))",
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
    // First mention wins, as walk dedupes query entities (NOTES §4).
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
    const std::string q_json = json_string_array(query_entities);

    // hops[q][e]: 0, 1 or 2.
    std::map<std::string, std::map<std::string, int>> hops;
    for (const auto& q : query_entities)
        hops[q][q] = 0;

    std::vector<std::pair<std::string, std::string>> first;
    SqlQuery q1;
    q1.add("SELECT entity_a, entity_b FROM (SELECT entity_a, entity_b, weight FROM "
           "mem_tree_entity_edges WHERE entity_a IN (SELECT value FROM json_each(?1)) UNION ALL "
           "SELECT entity_b, entity_a, weight FROM mem_tree_entity_edges WHERE entity_b IN "
           "(SELECT value FROM json_each(?1))) ORDER BY weight DESC, entity_b LIMIT ?2",
           q_json);
    q1.binds.emplace_back(static_cast<std::int64_t>(kMaxFirstHop) *
                          static_cast<std::int64_t>(query_entities.size()));
    MEMLENS_TRY(read_pairs(stmts, q1, first));
    std::map<std::string, std::set<std::string>> via; // neighbour → query entities it touches
    for (const auto& [qe, n] : first) {
        auto& m = hops[qe];
        if (!m.count(n))
            m[n] = 1;
        via[n].insert(qe);
    }
    if (!via.empty() && !hit_entities.empty()) {
        std::vector<std::string> mids;
        for (const auto& [n, qs] : via)
            mids.push_back(n);
        std::vector<std::pair<std::string, std::string>> second;
        SqlQuery q2;
        q2.add("SELECT entity_a, entity_b FROM mem_tree_entity_edges WHERE entity_a IN (SELECT "
               "value FROM json_each(?1)) AND entity_b IN (SELECT value FROM json_each(?2)) UNION "
               "ALL SELECT entity_b, entity_a FROM mem_tree_entity_edges WHERE entity_b IN (SELECT "
               "value FROM json_each(?1)) AND entity_a IN (SELECT value FROM json_each(?2))",
               json_string_array(mids));
        q2.binds.emplace_back(json_string_array({hit_entities.begin(), hit_entities.end()}));
        MEMLENS_TRY(read_pairs(stmts, q2, second));
        for (const auto& [mid, e] : second)
            for (const auto& qe : via[mid])
                if (!hops[qe].count(e))
                    hops[qe][e] = 2;
    }
    for (const auto& [node, ents] : entities_by_node) {
        double sum = 0.0;
        for (const auto& qe : query_entities) {
            double best = 0.0;
            const auto& m = hops[qe];
            for (const auto& e : ents) {
                auto it = m.find(e);
                if (it != m.end())
                    best = std::max(best, 1.0 / (1.0 + it->second));
            }
            sum += best;
        }
        out[node] = sum / static_cast<double>(query_entities.size());
    }
    return out;
}

} // namespace memlens::search
