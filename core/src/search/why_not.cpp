// Why a query did not return a node: runs the query's stages once more and finds the first
// stage that dropped it (docs/explanations.md, "Why not?").
#include <memlens/search.h>

namespace memlens {

Result<WhyNotAnswer> SearchEngine::why_not(std::string_view /*text*/, std::string_view /*node_id*/,
                                           const QueryOptions& /*options*/,
                                           const std::atomic_bool* /*cancel*/) {
    return Status::unsupported("why_not: not implemented yet");
}

std::string why_not_json(const WhyNotAnswer& /*answer*/, int /*indent*/) {
    return "{}";
}

} // namespace memlens
