#include <memlens/db.h>
#include <memlens/graph.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

namespace memlens {

namespace {

std::size_t graph_limit(std::size_t limit) {
    return limit == 0 ? kDefaultGraphLimit : limit;
}

} // namespace

// The edge table is the co-occurrence self-join of the entity index, kept by ingest. Pairs are
// stored sorted, but MAX() over both directions also reads a vault that stores each edge twice.
Result<std::vector<GraphEdge>> co_occurring_entities(const Vault& vault, std::string_view subject,
                                                     std::size_t limit) {
    check_off_ui_thread("co_occurring_entities");
    std::vector<GraphEdge> out;
    if (subject.empty())
        return out;
    auto st = vault.db().prepare(
        "SELECT object, MAX(weight) AS w FROM ("
        " SELECT entity_b AS object, weight FROM mem_tree_entity_edges WHERE entity_a = ?1"
        " UNION ALL"
        " SELECT entity_a AS object, weight FROM mem_tree_entity_edges WHERE entity_b = ?1)"
        " WHERE object <> ?1 AND weight > 0 GROUP BY object ORDER BY w DESC, object LIMIT ?2");
    if (!st)
        return st.status().with_context("co_occurring_entities");
    st->bind(1, subject).bind(2, static_cast<std::int64_t>(graph_limit(limit)));
    MEMLENS_TRY(
        st->each_row([&] {
              out.push_back({std::string(subject), st->column_text(0), st->column_int64(1)});
          }).with_context("co_occurring_entities"));
    return out;
}

Result<std::vector<std::string>> neighbors(const Vault& vault, std::string_view subject,
                                           std::size_t limit) {
    auto edges = co_occurring_entities(vault, subject, limit);
    if (!edges)
        return edges.status();
    std::vector<std::string> ids;
    ids.reserve(edges->size());
    for (auto& e : *edges)
        ids.push_back(std::move(e.object));
    return ids;
}

Result<std::vector<GraphEdge>> strongest_edges(const Vault& vault, std::int64_t min_weight,
                                               std::size_t limit) {
    check_off_ui_thread("strongest_edges");
    auto st = vault.db().prepare("SELECT entity_a, entity_b, weight FROM mem_tree_entity_edges "
                                 "WHERE weight >= ?1 AND weight > 0 AND entity_a <> entity_b "
                                 "ORDER BY weight DESC, entity_a, entity_b LIMIT ?2");
    if (!st)
        return st.status().with_context("strongest_edges");
    st->bind(1, min_weight).bind(2, static_cast<std::int64_t>(graph_limit(limit)));
    std::vector<GraphEdge> out;
    MEMLENS_TRY(st->each_row([&] {
                      out.push_back({st->column_text(0), st->column_text(1), st->column_int64(2)});
                  }).with_context("strongest_edges"));
    return out;
}

} // namespace memlens
