#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace memlens::schema {

// SQL of each migration; migration i (0-based) brings user_version from i to i + 1.
const std::vector<const char*>& migrations();
int latest_version();

// One object (table or trigger, as named in sqlite_master) that each migration creates, in
// migration order: a vault whose user_version is n has the first n and none of the others.
const std::vector<const char*>& markers();

// CREATE TABLE ml_entities and its fill from the entity index (schema migration 6), with the
// table in `table_schema` ("" or "ml.") and the index read from `index_schema` ("" or "main.").
std::string entity_list_sql(std::string_view table_schema, std::string_view index_schema);
// The fill alone: ml_entities' rows of the index's entities that match `entity_filter`, an SQL
// condition on the index's columns ("entity_id = ?1"; empty: every entity). An entity merge
// recounts one entity with it.
std::string entity_list_fill_sql(std::string_view table_schema, std::string_view index_schema,
                                 std::string_view entity_filter);

} // namespace memlens::schema
