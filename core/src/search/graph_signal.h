// The graph signal of the WeightProfile fold: how close a hit's entities are to the query's
// entities in the co-occurrence graph (docs/explanations.md gives the formula).
#pragma once

#include "search/statement_cache.h"

#include <memlens/phrase.h>

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {
class EntityRegistry;
}

namespace memlens::search {

// Entities the query names that the vault knows: the extractor's ids, registry aliases, and
// "<kind>:<word or two-word phrase>" for the name kinds, kept when the entity index has them.
// topic:x is dropped when x is a person's name (docs/entities.md, "Persons and topics").
// `notes`, when given, gains one sentence per resolution worth explaining: a registry alias
// resolved to its entity, a topic dropped for the person of the same name.
Result<std::vector<std::string>> resolve_query_entities(StatementCache& stmts,
                                                        std::string_view query,
                                                        const EntityRegistry* registry,
                                                        std::vector<Phrase>* notes = nullptr);

// node id → its entity ids, from the entity index, for many nodes in one read.
Result<std::map<std::string, std::vector<std::string>>>
node_entities(StatementCache& stmts, const std::vector<std::string>& node_ids);

// Per node: mean over query entities q of max over its entities e of 1 / (1 + hops(q, e)),
// hops 0 (the same entity) or 1 (an edge of the co-occurrence graph), else 0. No query
// entities → 0.
Result<std::map<std::string, double>>
graph_relevance(StatementCache& stmts, const std::vector<std::string>& query_entities,
                const std::map<std::string, std::vector<std::string>>& entities_by_node);

} // namespace memlens::search
