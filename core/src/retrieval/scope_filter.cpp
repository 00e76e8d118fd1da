#include "retrieval/scope_filter.h"

#include <memlens/retrieval.h>

namespace memlens::detail {

ScopeFilter::ScopeFilter(const Database& db, std::optional<std::string> kind)
    : kind_(std::move(kind)) {
    if (!kind_)
        return;
    // A vault without the table (never) or a failed read only loses the recorded kinds; the
    // platform registry still applies.
    auto st = db.prepare("SELECT source_id FROM ml_sources WHERE lower(source_kind) = lower(?1)");
    if (!st)
        return;
    st->bind(1, *kind_);
    while (true) {
        auto row = st->step();
        if (!row || !*row)
            break;
        recorded_.insert(st->column_text(0));
    }
}

bool ScopeFilter::allows(const std::string& scope) {
    if (!kind_)
        return true;
    auto [it, fresh] = cache_.try_emplace(scope, false);
    if (fresh)
        it->second = recorded_.count(scope) != 0 || scope_matches_kind(scope, *kind_);
    return it->second;
}

} // namespace memlens::detail
