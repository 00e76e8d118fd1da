// Which tree scopes belong to a source kind: the platform registry (scope_matches_kind) or the
// kind an importer recorded for the source in ml_sources. Shared by every primitive that takes
// a source_kind, so they all agree on what "chat" means.
#pragma once

#include <memlens/db.h>

#include <optional>
#include <set>
#include <string>
#include <unordered_map>

namespace memlens::detail {

class ScopeFilter {
public:
    // No kind: every scope passes. One read of ml_sources when a kind is given.
    ScopeFilter(const Database& db, std::optional<std::string> kind);
    bool allows(const std::string& scope);

private:
    std::optional<std::string> kind_;
    std::set<std::string> recorded_;
    std::unordered_map<std::string, bool> cache_;
};

} // namespace memlens::detail
