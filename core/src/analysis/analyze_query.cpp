// analyze_query: the one automatic query analysis (docs/ranking.md).
#include "analysis/intent_markers.h"
#include "analysis/query_tokens.h"
#include "analysis/temporal_phrases.h"

#include <memlens/entities.h>
#include <memlens/query_context.h>

#include <algorithm>
#include <atomic>
#include <set>
#include <utility>

namespace memlens {
namespace {

std::atomic<std::uint64_t> g_analysis_count{0};

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool has_word_char(std::string_view s) {
    return std::any_of(s.begin(), s.end(), [](char ch) {
        const auto c = static_cast<unsigned char>(ch);
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c >= 0x80;
    });
}

// `text` without the given byte spans, whitespace collapsed, no space left before the
// punctuation a cut phrase used to precede ("what did I do last week?" → "what did I do?").
std::string cut_spans(std::string_view text,
                      std::vector<std::pair<std::size_t, std::size_t>> spans) {
    std::sort(spans.begin(), spans.end());
    std::string kept;
    std::size_t pos = 0;
    for (const auto& [s, e] : spans) {
        if (s > pos)
            kept.append(text.substr(pos, s - pos));
        kept.push_back(' ');
        pos = std::max(pos, e);
    }
    if (pos < text.size())
        kept.append(text.substr(pos));

    std::string out;
    for (char c : kept) {
        if (is_space(c)) {
            if (!out.empty() && out.back() != ' ')
                out.push_back(' ');
            continue;
        }
        const bool closing = c == '?' || c == '.' || c == ',' || c == '!' || c == ';' || c == ':';
        if (closing && !out.empty() && out.back() == ' ')
            out.pop_back();
        out.push_back(c);
    }
    while (!out.empty() && out.back() == ' ')
        out.pop_back();
    return out;
}

std::string augmented_text_of(std::string_view raw, const std::vector<analysis::QueryToken>& tokens,
                              const std::vector<TemporalPhrase>& phrases) {
    auto spans = analysis::intent_filler_spans(tokens);
    for (const auto& p : phrases)
        if (p.relative && p.resolved())
            spans.emplace_back(p.start, p.end);
    std::string out = cut_spans(raw, std::move(spans));
    if (!has_word_char(out))
        return cut_spans(raw, {}); // nothing but filler: search what was typed
    return out;
}

std::vector<std::string> query_entities(std::string_view text, const QueryAnalysisOptions& opts) {
    ExtractOptions eo;
    eo.known_persons = opts.known_persons;
    std::vector<std::string> ids;
    std::set<std::string> seen;
    for (const auto& e : extract_entities(text, eo, opts.registry))
        if (seen.insert(e.canonical_id).second)
            ids.push_back(e.canonical_id);
    return ids;
}

} // namespace

QueryContext analyze_query(std::string_view text, std::int64_t now_ms,
                           const QueryAnalysisOptions& opts) {
    g_analysis_count.fetch_add(1, std::memory_order_relaxed);
    const auto tokens = analysis::tokenize_query(text);
    QueryContext ctx;
    ctx.raw_text = std::string(text);
    ctx.now_ms = now_ms;
    ctx.intent = analysis::intent_of(tokens);
    analysis::DateReading reading;
    if (opts.vault_span_ms)
        reading.vault_span = analysis::Span{opts.vault_span_ms->first, opts.vault_span_ms->second};
    ctx.temporal_phrases = analysis::scan_temporal_phrases(text, tokens, now_ms, reading);
    ctx.window = analysis::combine_window(ctx.temporal_phrases);
    ctx.augmented_text = augmented_text_of(text, tokens, ctx.temporal_phrases);
    ctx.entities = query_entities(text, opts);
    return ctx;
}

std::uint64_t query_analysis_count() {
    return g_analysis_count.load(std::memory_order_relaxed);
}

} // namespace memlens
