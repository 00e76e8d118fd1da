#include "search/scope_sql.h"

#include <memlens/text.h>

namespace memlens::search {

ChunkColumns ChunkColumns::for_vault(bool native) {
    if (native)
        return {"c.rid",    "c.namespace",  "c.content_type", "c.superseded", "c.group_id",
                "c.doc_id", "c.version_ms", "c.message_id",   "c.supersedes", "c.author"};
    return {"c.rowid", "'default'", "'text'", "0", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL"};
}

std::vector<std::string> normalized_topics(const std::vector<std::string>& topics) {
    std::vector<std::string> out;
    for (const auto& t : topics) {
        std::string s = utf8_lower(t);
        for (std::string_view prefix : {"topic:", "hashtag:", "#"}) {
            if (s.rfind(prefix, 0) == 0) {
                s = s.substr(prefix.size());
                break;
            }
        }
        if (!s.empty())
            out.push_back(s);
    }
    return out;
}

namespace {

std::vector<std::string> topic_entity_ids(const std::vector<std::string>& topics) {
    std::vector<std::string> ids;
    for (const auto& t : topics) {
        ids.push_back("topic:" + t);
        ids.push_back("hashtag:" + t);
    }
    return ids;
}

void append_time(SqlQuery& q, const SearchScope& scope, const char* alias) {
    if (scope.since_ms)
        q.add(std::string(" AND ") + alias + ".time_range_end_ms >= ?", *scope.since_ms);
    if (scope.until_ms)
        q.add(std::string(" AND ") + alias + ".time_range_start_ms <= ?", *scope.until_ms);
}

} // namespace

std::string tag_condition(const std::string& tags_json_column) {
    return "EXISTS (SELECT 1 FROM json_each(" + tags_json_column +
           ") tg WHERE lower(tg.value) IN (SELECT lower(value) FROM json_each(?)))";
}

void append_chunk_scope(SqlQuery& q, const SearchScope& scope, bool hide_superseded,
                        const ChunkColumns& cols) {
    if (!scope.namespaces.empty())
        q.add(" AND " + cols.ns + " IN (SELECT value FROM json_each(?))",
              json_string_array(scope.namespaces));
    if (!scope.content_types.empty())
        q.add(" AND " + cols.content_type + " IN (SELECT value FROM json_each(?))",
              json_string_array(scope.content_types));
    if (!scope.source_kinds.empty())
        q.add(" AND c.source_kind IN (SELECT value FROM json_each(?))",
              json_string_array(scope.source_kinds));
    append_time(q, scope, "c");
    if (!scope.tags.empty())
        q.add(" AND " + tag_condition("c.tags_json"), json_string_array(scope.tags));
    if (!scope.topics.empty()) {
        auto topics = normalized_topics(scope.topics);
        q.add(" AND (EXISTS (SELECT 1 FROM json_each(c.tags_json) tg WHERE lower(tg.value) IN "
              "(SELECT value FROM json_each(?)))",
              json_string_array(topics));
        q.add(" OR c.id IN (SELECT node_id FROM mem_tree_entity_index WHERE entity_id IN "
              "(SELECT value FROM json_each(?))))",
              json_string_array(topic_entity_ids(topics)));
    }
    if (hide_superseded)
        q.add(" AND " + cols.superseded + " = 0");
}

bool append_summary_scope(SqlQuery& q, const SearchScope& scope, bool hide_superseded) {
    if (!scope.namespaces.empty() || !scope.content_types.empty() || !scope.tags.empty())
        return false;
    q.add(" AND s.deleted = 0");
    if (!scope.source_kinds.empty())
        q.add(" AND s.tree_id IN (SELECT t.id FROM mem_tree_trees t WHERE EXISTS (SELECT 1 FROM "
              "mem_tree_chunks c2 WHERE c2.source_id = t.scope AND c2.source_kind IN (SELECT "
              "value FROM json_each(?))))",
              json_string_array(scope.source_kinds));
    append_time(q, scope, "s");
    if (!scope.topics.empty()) {
        auto topics = normalized_topics(scope.topics);
        q.add(" AND (EXISTS (SELECT 1 FROM json_each(s.topics_json) tp WHERE lower(tp.value) IN "
              "(SELECT value FROM json_each(?)))",
              json_string_array(topics));
        q.add(" OR s.id IN (SELECT node_id FROM mem_tree_entity_index WHERE entity_id IN "
              "(SELECT value FROM json_each(?))))",
              json_string_array(topic_entity_ids(topics)));
    }
    if (hide_superseded)
        q.add(" AND NOT EXISTS (SELECT 1 FROM mem_tree_summaries s2 WHERE s.doc_id IS NOT NULL "
              "AND s2.doc_id = s.doc_id AND s2.deleted = 0 AND s2.version_ms > s.version_ms)");
    return true;
}

} // namespace memlens::search
