// Item-data roles shared by the memlens models, so proxies and delegates work on any of them.
#pragma once

#include <Qt>

namespace memlens::ui {

enum Role : int {
    SortRole = Qt::UserRole + 1, // a raw value (number, epoch ms) to sort by
    IdRole,                      // the node / source / tree / entity id of the row
    FilterRole,                  // the text a filter box matches against
    HighlightRole,               // HighlightRanges inside the DisplayRole text
    SignalBarsRole,              // SignalBars for the inline bars delegate
    NodeKindRole,                // "leaf" | "summary"
};

} // namespace memlens::ui
