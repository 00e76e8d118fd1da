// Query analysis: what a query asks for (intent), when (a temporal window), what to
// search for (augmented text) and about whom (query entities), computed ONCE per query.
//
// Every entry point (CLI query, GUI workbench, eval) builds its context with
// make_query_context(): an automatic analysis when the caller has none, the caller's own
// context untouched when it has one. Nothing downstream re-derives intent from the text
// (docs/ranking.md, "One classifier").
//
// Thread-safety: every function here is reentrant and pure except for the analysis counter,
// which is atomic. No SQLite, no I/O: cheap enough to run on any thread, so no
// check_off_ui_thread here. Nothing fails: an unparsable phrase is simply not a constraint.
#pragma once

#include <memlens/status.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

class EntityRegistry;
struct SearchRequest;

// The routing intents plus "none". count and sum are aggregation intents: the group
// policy widens sibling support for them; sequence orders a group's evidence by time
// (docs/ranking.md).
enum class QueryIntent { None, Count, Sum, Sequence };

// "none" | "count" | "sum" | "sequence"
const char* to_wire(QueryIntent intent);
std::optional<QueryIntent> query_intent_from_wire(std::string_view s);

// The one intent classifier (ASCII case-insensitive, whole-word phrase markers; count wins
// over sum, sum over sequence):
//   count:    "how many", "how often", "count ", "number of", "count the", "times did i",
//             "times have i", "times has", "times had"
//   sum:      "total", "sum of", "altogether", "combined", "in all" after "how much"
//   sequence: "in what order", "what order", "order of", "first … then", "before or after",
//             "which came first", "what came first", "which happened first", "sequence",
//             "chronological", "chronologically"
QueryIntent infer_query_intent(std::string_view text);

// One temporal phrase of the query, as written, with the window it resolved to. Both bounds
// are inclusive epoch milliseconds (a day is [00:00:00.000, 23:59:59.999] UTC), matching the
// primitives' overlap test `end >= since AND start <= until`. A phrase with no anchor ("before
// the trip") keeps both bounds empty.
struct TemporalPhrase {
    std::string phrase;    // "last week", "on 8 May 2023", "before the trip"
    std::size_t start = 0; // byte offsets in the raw text
    std::size_t end = 0;
    std::optional<std::int64_t> since_ms;
    std::optional<std::int64_t> until_ms;
    bool relative = false; // resolved against `now` ("yesterday", "3 weeks ago")
    // How a numeric date that reads both ways ("03/04/2023") was read, and why; empty otherwise.
    std::string reading;

    bool resolved() const { return since_ms.has_value() || until_ms.has_value(); }
};

// The window a query asks for: the intersection of its resolved phrases (docs/ranking.md says
// what happens when they conflict). `phrase` names where it came from ("in May 2023").
struct TemporalWindow {
    std::optional<std::int64_t> since_ms;
    std::optional<std::int64_t> until_ms;
    std::string phrase;
    std::string reading; // the phrases' TemporalPhrase::reading, when any has one
};

struct QueryContext {
    std::string raw_text; // exactly what the user typed
    // What the legs search: raw_text minus intent filler ("how many", "in what order") and
    // minus phrases resolved relative to now ("last week"), whose words describe the moment of
    // asking rather than the content. Absolute dates and unresolved phrases stay: stored text
    // mentions dates literally, and "the trip" is what to look for. Never empty when raw_text
    // has a word.
    std::string augmented_text;
    QueryIntent intent = QueryIntent::None;
    std::optional<TemporalWindow> window;
    std::vector<TemporalPhrase> temporal_phrases; // every phrase found, resolved or not
    std::vector<std::string> entities;            // canonical ids, first occurrence first
    std::int64_t now_ms = 0;                      // the "now" relative phrases resolved against
    // True when a caller built this context itself (explicit_query_context or by hand):
    // make_query_context then returns it as it is, never analysed again.
    bool explicit_context = false;
};

struct QueryAnalysisOptions {
    std::vector<std::string> known_persons;   // speakers, authors: persons for extract_entities
    const EntityRegistry* registry = nullptr; // aliases → canonical ids (not owned)
    // The times of the vault's oldest and newest memories: a numeric date that reads both ways
    // ("03/04/2023") takes the reading that falls between them.
    std::optional<std::pair<std::int64_t, std::int64_t>> vault_span_ms;
};

// Analyses `text` against `now_ms` (epoch ms, UTC calendar). Deterministic: the same inputs
// give the same context. Recognised temporal phrases (docs/ranking.md has the full grammar):
// "yesterday", "today", "this/last/past week|month|year", "last N days|weeks|months",
// "N days|weeks|months|years ago", "last <weekday>", "in May 2023", "May 2023", "2023",
// "on 8 May 2023", "May 8, 2023", "2023-05-08", "in May", "before|after|since|until <date>",
// "N weeks before <date>", "the week before <date>", "16.01.2024", "01/16/2024", "last weekend",
// "the weekend before last", "the first week of 2024", "mid-March", "early 2024"; "before|after
// <anything else>" is recorded unresolved. Each call increments query_analysis_count().
QueryContext analyze_query(std::string_view text, std::int64_t now_ms,
                           const QueryAnalysisOptions& opts = {});

// The entry points' one way to get a context: `explicit_ctx` unchanged when given (not
// analysed, not augmented, its intent and window kept even when empty), otherwise
// analyze_query(text, now_ms, opts).
QueryContext make_query_context(std::string_view text, std::int64_t now_ms,
                                const std::optional<QueryContext>& explicit_ctx = std::nullopt,
                                const QueryAnalysisOptions& opts = {});

// A caller-chosen context: the text searched as it is, the given intent and window, no
// analysis; explicit_context is set.
QueryContext explicit_query_context(std::string text, QueryIntent intent = QueryIntent::None,
                                    std::optional<TemporalWindow> window = std::nullopt);

// Hands a context to the hybrid search (search.h): the augmented text becomes the query, the
// raw text its raw_query (what the audit logs), and the context's now fills a request that
// has none. The window is not turned into a scope: a hard filter would drop the evidence a
// conversation mentions after the fact ("two weeks before 11 August" is told on 11 August);
// scoping stays the caller's explicit choice (--since/--until). Entry points call
// make_query_context once, then this.
void apply_query_context(const QueryContext& ctx, SearchRequest& request);

// How many times analyze_query ran in this process (tests prove "never analysed twice").
std::uint64_t query_analysis_count();

// The longest query text the core accepts, in bytes: 16 KiB, room for a long pasted question
// and far below where a query's own cost (analysis, the keyword expression, SQLite's LIKE
// pattern limit of 50,000 bytes) would matter. Every place a query enters checks it: the
// hybrid search (SearchEngine::search and query), the primitives' rerank text
// (query_source, query_global, query_topic, drill_down), search_entities and walk.
inline constexpr std::size_t kMaxQueryBytes = 16 * 1024;

// Ok, or InvalidArgument "query is N bytes; at most 16384 are accepted" when `text` is longer
// than kMaxQueryBytes. Analysis itself never fails (above), and is linear in the text's size.
Status check_query_length(std::string_view text);

} // namespace memlens
