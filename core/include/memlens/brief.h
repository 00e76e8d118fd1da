// Results written for a model (docs/agents.md, "Brief results"): what an answer costs in an
// agent's context, counted one way everywhere, and the brief forms of a hit, a why-not answer
// and an explanation that keep that cost small. The MCP server (app/mcp/tools.cpp) answers in
// them by default; its tests hold the budgets below.
#pragma once

#include <memlens/search.h>
#include <memlens/status.h>
#include <memlens/types.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

class Vault;

// How many tokens `text` costs a model's context, estimated without a tokenizer's vocabulary
// (text.h's estimate_tokens, code points / 4 rounded up, sizes chunks instead). The text
// is cut as a BPE tokenizer's pre-tokenizer cuts it (cl100k and o200k alike), and each piece
// costs:
//   a run of ASCII letters, with at most one space before it   1 per 6 letters begun
//   a run of ASCII digits                                      1 per 3 digits begun
//   a run of other ASCII characters (punctuation, symbols,
//   spaces not before a word, newlines)                        1 per 2 characters begun
//   a character outside ASCII                                  1
// Measured against cl100k on this server's answers (docs/agents.md, "What each tool costs"):
// within 15% of it on prose, JSON and ids, never below it by more than 15%.
std::size_t context_tokens(std::string_view text);

// The budgets a brief answer keeps, in context_tokens.
inline constexpr std::size_t kBriefHitTokens = 60;     // a brief hit, besides its own words
inline constexpr std::size_t kBriefAnswerTokens = 200; // a brief why_not or explain answer

// The detail an answer is written in: "brief" (for a model's context) or "full" (every field
// and number of `memlens-cli ... --json`).
enum class Detail { Brief, Full };
inline constexpr std::array<std::string_view, 2> kDetailNames = {"brief", "full"};
std::string_view to_string(Detail detail);
std::optional<Detail> detail_from_string(std::string_view name);

// A hit as a model reads it: who said what when and where, whether a newer memory replaced it,
// and in words what placed it (brief_verdict). No score.
struct BriefHit {
    std::string id; // a chunk's short id (memories.h, "Short ids"), a summary's whole id
    std::string text;
    std::string author;            // the chunk's author; empty for a summary or none stored
    std::int64_t time_ms = 0;      // when it was said (a summary: when its span starts)
    std::string source;            // the source id, e.g. chat:agent
    std::vector<std::string> tags; // the chunk's stored tags (mem_tree_chunks.tags_json)
    bool superseded = false;       // a newer memory replaced it (flagged, or superseded_by)
    std::string verdict;           // brief_verdict of the hit's verdict line
};

// The brief form of each hit, in order: reads the chunks' author, tags and superseded flag in
// one statement. A hit whose chunk is gone from the vault keeps what the hit holds.
Result<std::vector<BriefHit>> brief_hits(const Vault& vault, const std::vector<RetrievalHit>& hits);

// A verdict line (Explanation::verdict) without its numbers and its rank: every
// parenthesised group, the "RRF …" and "score …" parts, any remaining decimal number and the
// opening "#N: " are dropped, so "#1: keyword rank 1 (vaultly in its own text) outweighed
// vector rank 2 (similarity 0.568) (leg weights 1.00 and 0.01); RRF 0.01656" reads "keyword
// rank 1 outweighed vector rank 2". The legs' ranks and the causes stay.
std::string brief_verdict(std::string_view verdict_line);

// A brief hit's time: UTC to the minute, "2024-03-02T08:30Z" (ISO 8601, which every time
// argument takes; RFC 3339 would add the seconds, which cost a model two tokens a hit).
std::string brief_time(std::int64_t epoch_ms);

// One compact JSON object in reading order: id, text, then author, time (brief_time), source,
// tags and superseded, each left out when empty or false, then verdict.
std::string to_json(const BriefHit& hit);

// A why-not answer in brief, one compact JSON object: the verdict in words first, then the
// node, the stage and as many of its facts ({"name": "value"}, in order) as keep the whole
// within kBriefAnswerTokens.
std::string brief_why_not_json(const WhyNotAnswer& answer);

} // namespace memlens
