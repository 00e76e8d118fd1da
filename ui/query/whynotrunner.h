// Asks the engine why the current query did not return a node (SearchEngine::why_not), on the
// query thread against its cached engine, with the request the query ran with.
#pragma once

#include "query/queryrequest.h"
#include "vault/vaultref.h"

#include <memlens/search.h>

#include <QString>

#include <atomic>
#include <optional>

namespace memlens::ui {

struct WhyNotOutcome {
    QString nodeId;
    QueryRequest request;
    std::optional<WhyNotAnswer> answer;
    QString error; // set when there is no answer: the engine's message, in its words
    bool cancelled = false;
};

// Never throws: errors and cancellation come back in the outcome. The request must be of a
// search kind (hybrid, keyword, semantic); its kind is the mode asked about.
WhyNotOutcome runWhyNot(const VaultRef& ref, const QueryRequest& request, const QString& nodeId,
                        const std::atomic_bool& cancel);

} // namespace memlens::ui
