// Results written for a model (memlens/brief.h): the token estimate, brief hits, the brief
// verdict and the brief why-not answer.
#include "json/dump.h"
#include "json/string_array.h"
#include "retrieval/id_list.h"

#include <memlens/brief.h>
#include <memlens/db.h>
#include <memlens/memories.h>
#include <memlens/thread_guard.h>
#include <memlens/time_util.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <cctype>
#include <map>

namespace memlens {

namespace {

using ojson = nlohmann::ordered_json;

bool brief_letter(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool brief_digit(unsigned char c) {
    return c >= '0' && c <= '9';
}
bool brief_space(unsigned char c) {
    return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}
std::size_t brief_begun(std::size_t n, std::size_t per) {
    return (n + per - 1) / per;
}

} // namespace

std::size_t context_tokens(std::string_view text) {
    const auto at = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const std::size_t n = text.size();
    // A space right before a letter belongs to the word (" the" is one piece).
    const auto word_space = [&](std::size_t i) {
        return at(i) == ' ' && i + 1 < n && brief_letter(at(i + 1));
    };
    std::size_t tokens = 0;
    std::size_t i = 0;
    while (i < n) {
        const unsigned char c = at(i);
        if (c >= 0x80) { // one code point: its lead byte and continuation bytes
            ++i;
            while (i < n && (at(i) & 0xC0) == 0x80)
                ++i;
            ++tokens;
            continue;
        }
        if (word_space(i)) {
            ++i;
            continue;
        }
        std::size_t j = i;
        if (brief_letter(c)) {
            while (j < n && brief_letter(at(j)))
                ++j;
            tokens += brief_begun(j - i, 6);
        } else if (brief_digit(c)) {
            while (j < n && brief_digit(at(j)))
                ++j;
            tokens += brief_begun(j - i, 3);
        } else {
            // Punctuation and spacing: whitespace joins the run but costs nothing of its own;
            // a run of whitespace alone is one token.
            std::size_t marks = 0;
            while (j < n && at(j) < 0x80 && !brief_letter(at(j)) && !brief_digit(at(j)) &&
                   !word_space(j)) {
                if (!brief_space(at(j)))
                    ++marks;
                ++j;
            }
            tokens += marks == 0 ? 1 : brief_begun(marks, 4);
        }
        i = j;
    }
    return tokens;
}

std::string_view to_string(Detail detail) {
    return kDetailNames[static_cast<std::size_t>(detail)];
}

std::optional<Detail> detail_from_string(std::string_view name) {
    for (std::size_t i = 0; i < kDetailNames.size(); ++i)
        if (kDetailNames[i] == name)
            return static_cast<Detail>(i);
    return std::nullopt;
}

std::string brief_verdict(std::string_view line) {
    // Drop the parenthesised groups (nested ones with them).
    std::string flat;
    int depth = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '(') {
            ++depth;
            while (!flat.empty() && flat.back() == ' ')
                flat.pop_back();
            continue;
        }
        if (c == ')' && depth > 0) {
            --depth;
            continue;
        }
        if (depth == 0)
            flat += c;
    }
    // Then the "; "-separated parts that are scores, and the decimals left in the others.
    std::string out;
    std::size_t start = 0;
    while (start <= flat.size()) {
        std::size_t end = flat.find("; ", start);
        if (end == std::string::npos)
            end = flat.size();
        std::string part = flat.substr(start, end - start);
        start = end + 2;
        if (part.starts_with("RRF ") || part.starts_with("score "))
            continue;
        std::string kept;
        std::size_t w = 0;
        while (w < part.size()) {
            std::size_t e = part.find(' ', w);
            if (e == std::string::npos)
                e = part.size();
            const std::string word = part.substr(w, e - w);
            w = e + 1;
            const bool decimal = word.find('.') != std::string::npos &&
                                 word.find_first_not_of("0123456789.,") == std::string::npos &&
                                 std::isdigit(static_cast<unsigned char>(word[0]));
            if (!decimal && !word.empty())
                kept += (kept.empty() ? "" : " ") + word;
        }
        if (!kept.empty())
            out += (out.empty() ? "" : "; ") + kept;
    }
    // And the "#N: " that opens it: a brief hit's place in the list is its rank.
    if (out.starts_with('#')) {
        const std::size_t colon = out.find(": ");
        if (colon != std::string::npos && out.find_first_not_of("0123456789", 1) == colon &&
            colon > 1)
            out.erase(0, colon + 2);
    }
    return out;
}

std::string brief_time(std::int64_t epoch_ms) {
    std::string t = format_rfc3339(epoch_ms); // YYYY-MM-DDTHH:MM:SS[.mmm]Z
    return t.size() > 16 ? t.substr(0, 16) + "Z" : t;
}

Result<std::vector<BriefHit>> brief_hits(const Vault& vault,
                                         const std::vector<RetrievalHit>& hits) {
    check_off_ui_thread("brief_hits");
    struct Row {
        std::string author;
        std::vector<std::string> tags;
        bool superseded = false;
    };
    std::map<std::string, Row> rows;
    std::vector<std::string> leaves;
    for (const RetrievalHit& h : hits)
        if (h.node_kind == NodeKind::Leaf)
            leaves.push_back(h.node_id);
    if (!leaves.empty()) {
        auto st = vault.db().prepare("SELECT id, coalesce(author, ''), tags_json, superseded "
                                     "FROM mem_tree_chunks WHERE id IN "
                                     "(SELECT value FROM json_each(?1))");
        if (!st)
            return st.status().with_context("brief hits");
        st->bind(1, detail::json_id_list(leaves));
        MEMLENS_TRY(st->each_row([&] {
                          rows[st->column_text(0)] = {st->column_text(1),
                                                      parse_string_array(st->column_text_view(2)),
                                                      st->column_int64(3) != 0};
                      }).with_context("brief hits"));
    }
    std::vector<std::string> ids;
    ids.reserve(hits.size());
    for (const RetrievalHit& h : hits)
        ids.push_back(h.node_id);
    auto short_ids = short_chunk_ids(vault, ids);
    if (!short_ids)
        return short_ids.status().with_context("brief hits");
    std::vector<BriefHit> out;
    out.reserve(hits.size());
    for (std::size_t i = 0; i < hits.size(); ++i) {
        const RetrievalHit& h = hits[i];
        BriefHit b;
        b.id = (*short_ids)[i];
        b.text = h.content;
        b.time_ms = h.time_range_start_ms;
        b.source = h.tree_scope;
        if (auto it = rows.find(h.node_id); it != rows.end()) {
            b.author = it->second.author;
            b.tags = it->second.tags;
            b.superseded = it->second.superseded;
        }
        if (h.explanation) {
            // The pipeline's own rule (stages.cpp): flagged, or a newer memory supersedes it.
            b.superseded = b.superseded || !h.explanation->graph_context.superseded_by.empty();
            b.verdict = brief_verdict(h.explanation->verdict);
        }
        out.push_back(std::move(b));
    }
    return out;
}

std::string to_json(const BriefHit& hit) {
    ojson j = {{"id", hit.id}, {"text", hit.text}};
    if (!hit.author.empty())
        j["author"] = hit.author;
    j["time"] = brief_time(hit.time_ms);
    j["source"] = hit.source;
    if (!hit.tags.empty())
        j["tags"] = hit.tags;
    if (hit.superseded)
        j["superseded"] = true;
    if (!hit.verdict.empty())
        j["verdict"] = hit.verdict;
    return dump_json(j);
}

std::string brief_why_not_json(const WhyNotAnswer& answer) {
    ojson j = {{"verdict", answer.verdict},
               {"node_id", answer.node_id},
               {"stage", to_string(answer.stage)}};
    ojson facts = ojson::object();
    for (const WhyNotFact& f : answer.facts) {
        ojson more = facts;
        more[f.name] = f.value;
        ojson whole = j;
        whole["facts"] = more;
        if (context_tokens(dump_json(whole)) > kBriefAnswerTokens)
            break;
        facts = std::move(more);
    }
    if (!facts.empty())
        j["facts"] = std::move(facts);
    return dump_json(j);
}

} // namespace memlens
