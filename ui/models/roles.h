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
    GradeRole,                   // the grade 0..3 given for the query shown (absent: none)
    HeatRole,                    // distinct logged questions that returned the node
};

} // namespace memlens::ui
