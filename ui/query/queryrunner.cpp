#include "query/queryrunner.h"

#include "core/format.h"
#include "query/highlight.h"
#include "vault/workervault.h"

#include <memlens/graph.h>
#include <memlens/query_context.h>
#include <memlens/retrieval.h>
#include <memlens/search.h>
#include <memlens/time_util.h>

#include <QElapsedTimer>

namespace memlens::ui {

namespace {

std::optional<std::string> rerankText(const std::string& text) {
    if (text.find_first_not_of(" \t\r\n") == std::string::npos)
        return std::nullopt;
    return text;
}

std::vector<HitRow> toRows(std::vector<RetrievalHit> hits, const QStringList& terms) {
    std::vector<HitRow> rows;
    rows.reserve(hits.size());
    int rank = 0;
    for (RetrievalHit& hit : hits) {
        HitRow row;
        row.rank = ++rank;
        row.snippet = hitSnippet(hit, terms);
        row.highlights = findHighlights(row.snippet, terms);
        row.hit = std::move(hit);
        rows.push_back(std::move(row));
    }
    return rows;
}

void takeResponse(QueryOutcome& out, Result<QueryResponse> response) {
    if (!response) {
        out.error = formatStatus(response.status());
        return;
    }
    out.total = response->total;
    out.truncated = response->truncated;
    out.degraded = response->degraded;
    out.rows = toRows(std::move(response->hits), out.terms);
}

void takeHits(QueryOutcome& out, Result<std::vector<RetrievalHit>> hits) {
    if (!hits) {
        out.error = formatStatus(hits.status());
        return;
    }
    out.total = hits->size();
    out.rows = toRows(std::move(hits).value(), out.terms);
}

void runSearch(QueryOutcome& out, const VaultRef& ref, const std::atomic_bool& cancel) {
    auto engine = workerEngine(ref);
    if (!engine) {
        out.error = formatStatus(engine.status());
        return;
    }
    QueryOptions options = out.request.search;
    options.mode = out.request.kind == QueryKind::Keyword    ? SearchMode::Keyword
                   : out.request.kind == QueryKind::Semantic ? SearchMode::Semantic
                                                             : SearchMode::Hybrid;
    // The engine checks the options, analyses the text once against the vault's registry and
    // logs what was typed; a refused request comes back as the message the page shows.
    auto answer = (*engine)->query(out.request.text, options, &cancel);
    if (!answer) {
        out.cancelled = answer.status().code() == StatusCode::Cancelled;
        out.error = formatStatus(answer.status());
        return;
    }
    out.context = std::move(answer->context);
    SearchResponse& response = answer->response;
    out.total = response.result.total;
    out.truncated = response.result.truncated;
    out.degraded = response.result.degraded;
    out.rows = toRows(std::move(response.result.hits), out.terms);
    out.pushedOut = toRows(std::move(response.pushed_out), out.terms);
    out.supersededOut = toRows(std::move(response.superseded_hits), out.terms);
    for (HitRow& row : out.supersededOut) {
        row.rank = 0;
        row.olderVersion = true;
    }
    response.result.hits.clear();
    response.pushed_out.clear();
    response.superseded_hits.clear();
    out.search = std::move(response);
}

// The engine's topic index answers walk's dense route; without an embedder (so no engine), walk
// answers in its fallback order.
void runWalk(QueryOutcome& out, const VaultRef& ref, const Vault& v, Embedder* embedder) {
    WalkOptions o = out.request.walk;
    o.query = out.request.text;
    WalkTrace trace;
    auto engine = embedder != nullptr ? workerEngine(ref) : Result<SearchEngine*>(nullptr);
    if (!engine) {
        out.error = formatStatus(engine.status());
        return;
    }
    takeResponse(out,
                 *engine != nullptr ? (*engine)->walk(o, &trace) : walk(v, o, embedder, &trace));
    out.walk = std::move(trace);
}

void runPrimitive(QueryOutcome& out, const VaultRef& ref) {
    auto vault = workerVault(ref);
    if (!vault) {
        out.error = formatStatus(vault.status());
        return;
    }
    const Vault& v = **vault;
    // A primitive without an embedder still answers, in its documented fallback order.
    auto embedderResult = workerEmbedder(ref);
    Embedder* embedder = embedderResult ? *embedderResult : nullptr;
    const QueryRequest& r = out.request;
    const std::optional<std::string> rerank = rerankText(r.text);
    switch (r.kind) {
    case QueryKind::QuerySource: {
        QuerySourceOptions o = r.source;
        o.query = rerank;
        takeResponse(out, query_source(v, o, embedder));
        break;
    }
    case QueryKind::QueryGlobal: {
        QueryGlobalOptions o = r.global;
        o.query = rerank;
        takeResponse(out, query_global(v, o, embedder));
        break;
    }
    case QueryKind::QueryTopic: {
        QueryTopicOptions o = r.topic;
        o.query = rerank;
        takeResponse(out, query_topic(v, o, embedder));
        break;
    }
    case QueryKind::CoverWindow:
        takeResponse(out, cover_window(v, r.cover));
        break;
    case QueryKind::SearchEntities: {
        SearchEntitiesOptions o = r.entities;
        o.query = r.text;
        auto matches = search_entities(v, o);
        if (!matches) {
            out.error = formatStatus(matches.status());
            break;
        }
        out.total = matches->size();
        out.entities = std::move(matches).value();
        break;
    }
    case QueryKind::DrillDown: {
        DrillDownOptions o = r.drill;
        o.query = rerank;
        takeHits(out, drill_down(v, o, embedder, &out.degraded));
        break;
    }
    case QueryKind::FetchLeaves:
        takeHits(out, fetch_leaves(v, r.leafIds));
        break;
    case QueryKind::Walk:
        runWalk(out, ref, v, embedder);
        break;
    default:
        break;
    }
    // Without an embedder a primitive still answers in its fallback order: say so, as the core
    // does when the embedder it was given fails.
    const bool ranksByEmbedder = r.kind == QueryKind::QuerySource ||
                                 r.kind == QueryKind::QueryGlobal ||
                                 r.kind == QueryKind::QueryTopic ||
                                 r.kind == QueryKind::DrillDown || r.kind == QueryKind::Walk;
    if (!embedderResult && rerank && ranksByEmbedder && !out.degraded && out.error.isEmpty())
        out.degraded = DegradedRanking{"no embedder: " + embedderResult.status().message()};
}

} // namespace

QueryOutcome runQuery(const VaultRef& ref, const QueryRequest& request,
                      const std::atomic_bool& cancel) {
    QElapsedTimer timer;
    timer.start();
    QueryOutcome out;
    out.request = request;
    out.terms = queryTerms(request.text);
    if (isSearchKind(request.kind))
        runSearch(out, ref, cancel);
    else
        runPrimitive(out, ref);
    out.elapsedMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    return out;
}

} // namespace memlens::ui
