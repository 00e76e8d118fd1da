// Asks the engine why the current query did not return a node (SearchEngine::why_not), on the
// query thread against its cached engine, with the request the query ran with.
#pragma once

#include "query/queryrequest.h"
#include "vault/vaultref.h"

#include <memlens/node_ref.h>
#include <memlens/search.h>

#include <QString>

#include <atomic>
#include <optional>
#include <vector>

namespace memlens::ui {

struct WhyNotOutcome {
    QString typed;  // what the user typed: an id, a reference or some words (node_ref.h)
    QString nodeId; // the node it named (its id), or what was typed when it named none
    std::optional<NodeMatch> node; // that node as people know it, when it named one
    // Set instead of an answer when the typed text named several nodes, or none but some
    // memories hold its words: the user picks one.
    std::vector<NodeMatch> choices;
    bool choicesByText = false; // the choices hold its words (else: they share the reference)
    QueryRequest request;
    std::optional<WhyNotAnswer> answer;
    QString error; // set when there is no answer: the engine's message, in its words
    bool cancelled = false;
};

// Never throws: errors and cancellation come back in the outcome. The request must be of a
// search kind (hybrid, keyword, semantic); its kind is the mode asked about. `typed` is resolved
// first (find_node_refs, then find_nodes_by_text): one node is asked about; several come back as
// choices.
WhyNotOutcome runWhyNot(const VaultRef& ref, const QueryRequest& request, const QString& typed,
                        const std::atomic_bool& cancel);

} // namespace memlens::ui
