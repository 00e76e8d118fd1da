#include "query/whynotrunner.h"

#include "core/format.h"
#include "vault/workervault.h"

namespace memlens::ui {

WhyNotOutcome runWhyNot(const VaultRef& ref, const QueryRequest& request, const QString& typed,
                        const std::atomic_bool& cancel) {
    WhyNotOutcome out;
    out.typed = typed;
    out.nodeId = typed;
    out.request = request;
    auto engine = workerEngine(ref);
    if (!engine) {
        out.error = formatStatus(engine.status());
        return out;
    }
    const Vault& vault = (*engine)->vault();
    auto named = find_node_refs(vault, typed.toStdString(), kMaxNodeMatches);
    if (!named) {
        out.error = formatStatus(named.status());
        return out;
    }
    if (named->size() > 1) {
        out.choices = std::move(named).value();
        return out;
    }
    if (named->empty()) {
        // No node by that name: the memories holding its words, to pick from. Words that
        // cannot be searched leave the engine to say the node is unknown.
        if (auto byText = find_nodes_by_text(vault, typed.toStdString(), 20);
            byText && !byText->empty()) {
            out.choices = std::move(byText).value();
            out.choicesByText = true;
            return out;
        }
    } else {
        out.node = named->front();
        out.nodeId = qs(named->front().id);
    }
    if (cancel.load()) {
        out.cancelled = true;
        out.error = QStringLiteral("cancelled");
        return out;
    }
    // The options runSearch (queryrunner.cpp) gives query(): the mode is the kind that ran.
    QueryOptions options = request.search;
    options.mode = searchModeOf(request.kind);
    auto answer = (*engine)->why_not(request.text, out.nodeId.toStdString(), options, &cancel);
    if (!answer) {
        out.cancelled = answer.status().code() == StatusCode::Cancelled;
        out.error = formatStatus(answer.status());
        return out;
    }
    out.answer = std::move(answer).value();
    return out;
}

} // namespace memlens::ui
