#include "retrieval/id_list.h"

#include <memlens/db.h>
#include <memlens/query_context.h>
#include <memlens/retrieval.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <algorithm>

namespace memlens {

Result<std::vector<EntityMatch>> search_entities(const Vault& vault,
                                                 const SearchEntitiesOptions& opts) {
    check_off_ui_thread("search_entities");
    // Bounded before it becomes a LIKE pattern: SQLite refuses patterns over 50,000 bytes with
    // an error that would say nothing about what the user typed.
    MEMLENS_TRY(check_query_length(opts.query).with_context("search_entities"));
    std::vector<EntityMatch> out;
    const auto b = opts.query.find_first_not_of(" \t\r\n\f\v");
    // A blank query would be LIKE '%%' and dump the whole index.
    if (b == std::string::npos)
        return out;
    const auto e = opts.query.find_last_not_of(" \t\r\n\f\v");
    const std::string needle = utf8_lower(std::string_view(opts.query).substr(b, e - b + 1));
    const std::size_t limit =
        opts.limit == 0 ? kDefaultEntitySearchLimit : std::min(opts.limit, kMaxQueryLimit);

    // One row per entity (ml_entities, kept by a trigger on the index): the LIKE runs over the
    // distinct entities, not over every mention. LIKE already ignores ASCII case, which is all
    // SQLite's lower() would fold, so the columns are compared as stored. `surfaces` holds every
    // surface form seen, one per line, so "smith" finds the email whose mention said "Alice Smith".
    std::string sql = "SELECT entity_id, entity_kind, surface, mentions, last_seen_ms, "
                      "first_seen_ms "
                      "FROM ml_entities "
                      "WHERE (entity_id LIKE ?1 ESCAPE '\\' OR surfaces LIKE ?1 ESCAPE '\\')";
    if (!opts.kinds.empty())
        sql += " AND entity_kind IN (SELECT value FROM json_each(?2))";
    sql += " ORDER BY mentions DESC, last_seen_ms DESC, entity_id LIMIT ?3";
    auto st = vault.db().prepare(sql);
    if (!st)
        return st.status().with_context("search_entities");
    st->bind(1, "%" + escape_like(needle) + "%");
    if (!opts.kinds.empty())
        st->bind(2, detail::json_id_list(opts.kinds));
    st->bind(3, static_cast<std::int64_t>(limit));
    MEMLENS_TRY(st->each_row([&] {
                      EntityMatch m;
                      m.canonical_id = st->column_text(0);
                      m.kind = st->column_text(1);
                      m.surface = st->column_text(2);
                      m.mention_count = static_cast<std::uint64_t>(st->column_int64(3));
                      m.last_seen_ms = st->column_int64(4);
                      m.first_seen_ms = st->column_int64(5);
                      out.push_back(std::move(m));
                  }).with_context("search_entities"));
    return out;
}

} // namespace memlens
