#include "query/whynotrunner.h"

#include "core/format.h"
#include "vault/workervault.h"

namespace memlens::ui {

WhyNotOutcome runWhyNot(const VaultRef& ref, const QueryRequest& request, const QString& nodeId,
                        const std::atomic_bool& cancel) {
    WhyNotOutcome out;
    out.nodeId = nodeId;
    out.request = request;
    auto engine = workerEngine(ref);
    if (!engine) {
        out.error = formatStatus(engine.status());
        return out;
    }
    // The options runSearch (queryrunner.cpp) gives query(): the mode is the kind that ran.
    QueryOptions options = request.search;
    options.mode = searchModeOf(request.kind);
    auto answer = (*engine)->why_not(request.text, nodeId.toStdString(), options, &cancel);
    if (!answer) {
        out.cancelled = answer.status().code() == StatusCode::Cancelled;
        out.error = formatStatus(answer.status());
        return out;
    }
    out.answer = std::move(answer).value();
    return out;
}

} // namespace memlens::ui
