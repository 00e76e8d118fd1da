// Runs a QueryRequest on the calling (query) thread against its cached vault and engine.
#pragma once

#include "query/queryoutcome.h"
#include "vault/vaultref.h"

#include <atomic>

namespace memlens::ui {

// Never throws: errors and cancellation come back in the outcome.
QueryOutcome runQuery(const VaultRef& ref, const QueryRequest& request,
                      const std::atomic_bool& cancel);

} // namespace memlens::ui
