// The one mapping from a query context to a search request (query_context.h says why the
// window stays out of the scope).
#include <memlens/query_context.h>
#include <memlens/search.h>

namespace memlens {

void apply_query_context(const QueryContext& ctx, SearchRequest& request) {
    request.query = ctx.augmented_text.empty() ? ctx.raw_text : ctx.augmented_text;
    request.raw_query = ctx.raw_text; // the audit logs and hashes what was typed
    if (request.now_ms == 0)
        request.now_ms = ctx.now_ms;
    if (ctx.window) {
        request.about_since_ms = ctx.window->since_ms;
        request.about_until_ms = ctx.window->until_ms;
    }
}

} // namespace memlens
