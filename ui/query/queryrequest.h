// What the query workbench asks for: a kind (a hybrid search mode or one of the retrieval
// primitives) and that kind's parameters, as the core's own option structs. A plain value that
// travels to the query thread by copy.
#pragma once

#include <memlens/retrieval.h>
#include <memlens/search.h>

#include <QMetaType>
#include <QString>

#include <string>
#include <vector>

namespace memlens::ui {

enum class QueryKind {
    Hybrid,
    Keyword,
    Semantic,
    QuerySource,
    QueryGlobal,
    QueryTopic,
    CoverWindow,
    SearchEntities,
    DrillDown,
    FetchLeaves,
    Walk,
};

inline constexpr int kQueryKindCount = static_cast<int>(QueryKind::Walk) + 1;

// The wire-style name shown in the mode list and the audit page ("hybrid", "query_source").
QString queryKindName(QueryKind kind);
// What the kind does, in a sentence (the mode list's tooltip).
QString queryKindHelp(QueryKind kind);
bool isSearchKind(QueryKind kind); // hybrid, keyword, semantic: explained hits, MMR, audit
// The search kind of a core SearchMode (an audit row's mode), and back.
QueryKind queryKindOf(SearchMode mode);
SearchMode searchModeOf(QueryKind kind); // a kind that is no search kind: Hybrid

struct QueryRequest {
    QueryKind kind = QueryKind::Hybrid;
    std::string text; // the query text; the primitives use it to rerank (blank = no rerank)

    QueryOptions search; // hybrid modes: what the engine's query() takes besides the text
    QuerySourceOptions source;
    QueryGlobalOptions global;
    QueryTopicOptions topic;
    CoverWindowOptions cover;
    SearchEntitiesOptions entities;
    DrillDownOptions drill;
    std::vector<std::string> leafIds;
    WalkOptions walk;
};

} // namespace memlens::ui

Q_DECLARE_METATYPE(memlens::ui::QueryRequest)
