// Prepared statements kept per SQL text: the search runs the same few statements for every
// query, and preparing an FTS5 join costs more than running it on a small vault.
#pragma once

#include "search/bm25f.h"

#include <memlens/db.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace memlens::search {

using SqlValue = std::variant<std::int64_t, double, std::string>;

// SQL text with its positional parameters, built together so they cannot drift apart.
struct SqlQuery {
    std::string sql;
    std::vector<SqlValue> binds;

    SqlQuery& add(std::string_view text) {
        sql += text;
        return *this;
    }
    SqlQuery& add(std::string_view text, SqlValue value) {
        sql += text;
        binds.push_back(std::move(value));
        return *this;
    }
};

// Owned by one thread with its connection. Statements must not outlive the Database.
class StatementCache {
public:
    explicit StatementCache(const Database& db)
        : db_(&db) {}

    // The statement for `sql`, reset and with its bindings cleared.
    Result<Statement*> get(const std::string& sql);
    // The statement for q.sql with q.binds bound from parameter 1.
    Result<Statement*> bind(const SqlQuery& q);

    const Database& db() const { return *db_; }

    // The keyword leg's ranking function (bm25f.h), registered on the connection once, and
    // the coverage it writes as it scores.
    Status ensure_ranking_functions();
    CoverageSink& coverage() { return *coverage_; }

private:
    const Database* db_;
    bool ranking_functions_ = false;
    std::unique_ptr<CoverageSink> coverage_ = std::make_unique<CoverageSink>();
    std::map<std::string, std::unique_ptr<Statement>> cache_;
};

// A JSON array of strings, the one bind that carries a whole id list into
// `IN (SELECT value FROM json_each(?))`, so the SQL text does not change with its length.
std::string json_string_array(const std::vector<std::string>& items);

} // namespace memlens::search
