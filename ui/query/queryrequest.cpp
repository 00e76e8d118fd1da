#include "query/queryrequest.h"

#include <QCoreApplication>

namespace memlens::ui {

QString queryKindName(QueryKind kind) {
    switch (kind) {
    case QueryKind::Hybrid:
    case QueryKind::Keyword:
    case QueryKind::Semantic:
        return QString::fromLatin1(to_string(searchModeOf(kind)));
    case QueryKind::QuerySource:
        return QStringLiteral("query_source");
    case QueryKind::QueryGlobal:
        return QStringLiteral("query_global");
    case QueryKind::QueryTopic:
        return QStringLiteral("query_topic");
    case QueryKind::CoverWindow:
        return QStringLiteral("cover_window");
    case QueryKind::SearchEntities:
        return QStringLiteral("search_entities");
    case QueryKind::DrillDown:
        return QStringLiteral("drill_down");
    case QueryKind::FetchLeaves:
        return QStringLiteral("fetch_leaves");
    case QueryKind::Walk:
        return QStringLiteral("walk");
    }
    return {};
}

QString queryKindHelp(QueryKind kind) {
    const char* text = "";
    switch (kind) {
    case QueryKind::Hybrid:
        text =
            QT_TRANSLATE_NOOP("QueryKind", "Keyword and vector legs, fused, diversified by MMR.");
        break;
    case QueryKind::Keyword:
        text = QT_TRANSLATE_NOOP("QueryKind", "The FTS5 keyword leg alone (bm25).");
        break;
    case QueryKind::Semantic:
        text = QT_TRANSLATE_NOOP("QueryKind",
                                 "The vector leg alone (beam descent over the topic tree).");
        break;
    case QueryKind::QuerySource:
        text = QT_TRANSLATE_NOOP("QueryKind", "Summaries of one source or of a source kind.");
        break;
    case QueryKind::QueryGlobal:
        text = QT_TRANSLATE_NOOP("QueryKind", "Summaries of every source over a time window.");
        break;
    case QueryKind::QueryTopic:
        text = QT_TRANSLATE_NOOP("QueryKind", "Nodes that mention one entity.");
        break;
    case QueryKind::CoverWindow:
        text = QT_TRANSLATE_NOOP("QueryKind",
                                 "The fewest nodes covering every chunk of a time window.");
        break;
    case QueryKind::SearchEntities:
        text = QT_TRANSLATE_NOOP("QueryKind", "Canonical entity ids matching a name.");
        break;
    case QueryKind::DrillDown:
        text =
            QT_TRANSLATE_NOOP("QueryKind", "The children of a summary, one or more levels down.");
        break;
    case QueryKind::FetchLeaves:
        text = QT_TRANSLATE_NOOP("QueryKind", "The exact text of chunks by id (at most 20).");
        break;
    case QueryKind::Walk:
        text = QT_TRANSLATE_NOOP("QueryKind",
                                 "A question answered through the entity graph, no model.");
        break;
    }
    return QCoreApplication::translate("QueryKind", text);
}

QueryKind queryKindOf(SearchMode mode) {
    switch (mode) {
    case SearchMode::Keyword:
        return QueryKind::Keyword;
    case SearchMode::Semantic:
        return QueryKind::Semantic;
    case SearchMode::Hybrid:
        break;
    }
    return QueryKind::Hybrid;
}

SearchMode searchModeOf(QueryKind kind) {
    switch (kind) {
    case QueryKind::Keyword:
        return SearchMode::Keyword;
    case QueryKind::Semantic:
        return SearchMode::Semantic;
    default:
        return SearchMode::Hybrid;
    }
}

bool isSearchKind(QueryKind kind) {
    return kind == QueryKind::Hybrid || kind == QueryKind::Keyword || kind == QueryKind::Semantic;
}

} // namespace memlens::ui
