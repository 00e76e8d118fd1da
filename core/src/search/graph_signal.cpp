#include "search/graph_signal.h"

#include <memlens/entities.h>
#include <memlens/text.h>

#include <algorithm>
#include <map>
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
                                                        const EntityRegistry* registry,
                                                        std::vector<std::string>* notes) {
    std::vector<std::string> candidates;
    std::map<std::string, std::string> how; // candidate → why it is one, when worth saying
    auto alias_note = [&](const std::string& id, std::string_view text) {
        const EntityRecord* r = registry != nullptr ? registry->find(id) : nullptr;
        if (r == nullptr || utf8_lower(text) == utf8_lower(r->display_name) ||
            utf8_lower(text) == id)
            return;
        how.emplace(id, "\"" + std::string(text) + "\" is a registry alias of " + id +
                            (r->display_name.empty() ? "" : " (" + r->display_name + ")"));
    };
    for (const auto& e : extract_entities(query, {}, registry)) {
        candidates.push_back(e.canonical_id);
        alias_note(e.canonical_id, e.surface);
    }
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
            if (auto id = registry->lookup_alias(p)) {
                candidates.push_back(*id);
                alias_note(*id, p);
            }
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
    // A name is a person or a topic, never both (docs/entities.md, "Persons and topics"): when
    // the vault knows person:x (a speaker, an author, a registry person), the query's x is that
    // person, and topic:x is dropped.
    auto is_person_name = [&](const std::string& topic_id) {
        if (topic_id.rfind("topic:", 0) != 0)
            return false;
        const std::string value = topic_id.substr(6);
        if (known.count("person:" + value))
            return true;
        if (registry != nullptr)
            if (auto id = registry->lookup_alias(value))
                if (const EntityRecord* r = registry->find(*id); r && r->kind == "person")
                    return true;
        return false;
    };
    // First mention wins, as walk dedupes query entities.
    std::vector<std::string> out;
    for (const auto& c : candidates) {
        if (!known.count(c) || std::find(out.begin(), out.end(), c) != out.end())
            continue;
        if (is_person_name(c)) {
            if (notes != nullptr)
                notes->push_back("\"" + c.substr(6) + "\" names a person, not " + c);
            continue;
        }
        out.push_back(c);
        if (notes != nullptr)
            if (auto it = how.find(c); it != how.end() && !it->second.empty())
                notes->push_back(it->second);
    }
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
