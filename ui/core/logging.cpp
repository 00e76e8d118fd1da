#include "core/logging.h"

namespace memlens::ui {

Q_LOGGING_CATEGORY(lcVault, "memlens.vault", QtInfoMsg)
Q_LOGGING_CATEGORY(lcImport, "memlens.import", QtInfoMsg)
Q_LOGGING_CATEGORY(lcQuery, "memlens.query", QtInfoMsg)
Q_LOGGING_CATEGORY(lcTree, "memlens.tree", QtInfoMsg)
Q_LOGGING_CATEGORY(lcGraph, "memlens.graph", QtInfoMsg)
Q_LOGGING_CATEGORY(lcAudit, "memlens.audit", QtInfoMsg)
Q_LOGGING_CATEGORY(lcThreads, "memlens.threads", QtInfoMsg)

} // namespace memlens::ui
