// The entry points' way to a QueryContext, and the intent's wire names.
#include "analysis/intent_markers.h"
#include "analysis/query_tokens.h"

#include <memlens/query_context.h>

namespace memlens {

const char* to_wire(QueryIntent intent) {
    switch (intent) {
    case QueryIntent::None:
        return "none";
    case QueryIntent::Count:
        return "count";
    case QueryIntent::Sum:
        return "sum";
    case QueryIntent::Sequence:
        return "sequence";
    }
    return "none";
}

std::optional<QueryIntent> query_intent_from_wire(std::string_view s) {
    for (QueryIntent i :
         {QueryIntent::None, QueryIntent::Count, QueryIntent::Sum, QueryIntent::Sequence})
        if (s == to_wire(i))
            return i;
    return std::nullopt;
}

QueryIntent infer_query_intent(std::string_view text) {
    return analysis::intent_of(analysis::tokenize_query(text));
}

QueryContext make_query_context(std::string_view text, std::int64_t now_ms,
                                const std::optional<QueryContext>& explicit_ctx,
                                const QueryAnalysisOptions& opts) {
    if (explicit_ctx)
        return *explicit_ctx;
    return analyze_query(text, now_ms, opts);
}

QueryContext explicit_query_context(std::string text, QueryIntent intent,
                                    std::optional<TemporalWindow> window) {
    QueryContext ctx;
    ctx.raw_text = text;
    ctx.augmented_text = std::move(text);
    ctx.intent = intent;
    ctx.window = std::move(window);
    ctx.explicit_context = true;
    return ctx;
}

} // namespace memlens
