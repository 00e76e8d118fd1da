#include <memlens/import.h>
#include <memlens/retrieval.h>

namespace memlens {

namespace {

std::string ascii_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) {
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    }
    return out;
}

} // namespace

// Scopes are source ids ("slack:#eng", "gmail:inbox"): the platform before the colon decides.
// Heuristic by design; exact selection passes a source id instead.
bool scope_matches_kind(std::string_view scope, std::string_view kind) {
    const auto colon = scope.find(':');
    if (colon == std::string_view::npos || colon == 0)
        return false;
    const std::string platform = ascii_lower(scope.substr(0, colon));
    const std::string wanted = ascii_lower(kind);
    if (platform == wanted)
        return true;
    const auto mapped = source_kind_for(platform);
    return mapped && *mapped == wanted;
}

} // namespace memlens
