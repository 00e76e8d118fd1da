// What a query returned, ready to show: the hits with their snippets and highlight ranges
// (computed on the query thread, so painting only paints), the search report for hybrid modes,
// the walk trace, entity matches.
#pragma once

#include "query/queryrequest.h"

#include <memlens/query_context.h>
#include <memlens/retrieval.h>
#include <memlens/search.h>
#include <memlens/types.h>

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace memlens::ui {

using HighlightRanges = QList<QPair<int, int>>; // (start, length) in UTF-16 units

struct HitRow {
    RetrievalHit hit;
    int rank = 0;    // 1-based position in the answer
    QString snippet; // one line, around the first query term
    HighlightRanges highlights;
    // Not a hit: an older version the supersession penalty kept out (rank 0), shown greyed
    // after the hits on request.
    bool olderVersion = false;
};

struct QueryOutcome {
    QueryRequest request;
    QStringList terms; // the query's keyword tokens, as highlighted
    std::vector<HitRow> rows;
    std::vector<HitRow> pushedOut;     // hybrid: fused candidates MMR or a budget left out
    std::vector<HitRow> supersededOut; // hybrid: older versions the supersession penalty kept out
    std::vector<EntityMatch> entities; // search_entities
    // hybrid / keyword / semantic: the engine's report (its hit lists moved into rows and
    // pushedOut)
    std::optional<SearchResponse> search;
    std::optional<WalkTrace> walk;
    std::optional<QueryContext> context; // search modes: the analysis the query ran with
    // Set when a ranking meant to use the embedder fell back because the embedder failed.
    std::optional<DegradedRanking> degraded;
    std::size_t total = 0;
    bool truncated = false;
    double elapsedMs = 0.0;
    QString error;
    bool cancelled = false;
};

} // namespace memlens::ui
