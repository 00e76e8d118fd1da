// The deterministic person / organization / topic name heuristic (docs/entities.md, "Names").
#pragma once

#include "text/unicode.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace memlens::entities {

// What already owns a code point when the heuristic runs.
enum Claim : std::uint8_t {
    kFree = 0,
    kPattern = 1, // email, url, handle, hashtag
    kName = 2,    // a registry name or a known person
};

struct NameCandidate {
    std::string_view kind; // "person", "organization" or "topic"
    std::size_t start = 0; // code points
    std::size_t end = 0;
    std::string value; // lowercased, inner whitespace collapsed
    double score = 0.0;
    // Opens a sentence and no other mention in the text names it: capitalised by position as
    // much as by name, so the caller keeps it only when it knows the name (docs/entities.md,
    // "Sentence start").
    bool held = false;
};

// Finds capitalised word sequences outside claimed spans and classifies them. A sequence that
// opens a sentence is kept when the same name is found elsewhere in the text, else it comes
// back `held`.
void find_names(const unicode::CodePoints& text, const std::vector<char32_t>& lowered,
                const std::vector<std::uint8_t>& claimed, std::vector<NameCandidate>& out);

} // namespace memlens::entities
