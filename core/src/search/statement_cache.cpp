#include "search/statement_cache.h"

#include "search/bm25f.h"

#include <nlohmann/json.hpp>

namespace memlens::search {

Result<Statement*> StatementCache::get(const std::string& sql) {
    auto it = cache_.find(sql);
    if (it == cache_.end()) {
        // Kept here for this cache's life, and never handed to the connection's cache: they
        // call memlens_bm25f with this cache's coverage sink (Database::Reuse).
        auto st = db_->prepare(sql, Database::Reuse::No);
        if (!st)
            return st.status();
        it = cache_.emplace(sql, std::make_unique<Statement>(std::move(st).value())).first;
    }
    it->second->reset();
    return it->second.get();
}

Status StatementCache::ensure_ranking_functions() {
    if (!ranking_functions_) {
        MEMLENS_TRY(register_bm25f(db_->handle(), coverage_.get()));
        ranking_functions_ = true;
    }
    return Status::ok();
}

Result<Statement*> StatementCache::bind(const SqlQuery& q) {
    auto st = get(q.sql);
    if (!st)
        return st;
    int i = 1;
    for (const auto& v : q.binds) {
        std::visit([&](const auto& x) { (*st)->bind(i, x); }, v);
        ++i;
    }
    return st;
}

std::string json_string_array(const std::vector<std::string>& items) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& s : items)
        j.push_back(s);
    // Invalid UTF-8 in an id would make dump() throw; replace keeps the call total.
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace memlens::search
