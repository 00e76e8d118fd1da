// One logging category per area of the UI: enable with
// QT_LOGGING_RULES="memlens.query.debug=true" and friends.
#pragma once

#include <QLoggingCategory>

namespace memlens::ui {

Q_DECLARE_LOGGING_CATEGORY(lcVault)   // opening vaults, overview loads, demo vault
Q_DECLARE_LOGGING_CATEGORY(lcImport)  // imports and the demo build
Q_DECLARE_LOGGING_CATEGORY(lcQuery)   // the query workbench
Q_DECLARE_LOGGING_CATEGORY(lcTree)    // summary trees and cover_window
Q_DECLARE_LOGGING_CATEGORY(lcGraph)   // entity graph loading and layout
Q_DECLARE_LOGGING_CATEGORY(lcAudit)   // the audit page and replays
Q_DECLARE_LOGGING_CATEGORY(lcThreads) // jobs and the UI-thread guard

} // namespace memlens::ui
