// The name rules of alias proposals (docs/entities.md, "Alias proposals"), shared by
// propose_entity_merges and by the query's entity resolution (core/src/search/graph_signal.cpp):
// whether one name's first word looks like a short form or a misspelling of another's.
#pragma once

#include <string>
#include <string_view>

namespace memlens::entities {

struct NameVariant {
    // "transliteration" (jurgen, juergen → jürgen; emile → émile: the same letters once the
    // marks are dropped or written out), "prefix" (mel → melanie), "spelling" (jon → john,
    // mohammed → muhammad) or "prefix_spelling" (mell → mela-nie); empty when the names are not
    // variants.
    std::string_view reason;
    int edit_distance = 0; // letters apart (for a prefix: how many the short form leaves out;
                           // 0 for a transliteration)
    // A very short prefix ("jo") or a misspelt short form is only believed of a speaker.
    bool needs_speaker = false;
};

// `variant` and `name` are first words, lowercased and decoded. Equal names are not variants.
NameVariant name_variant(const std::u32string& variant, const std::u32string& name);

// How a name is written in plain Latin letters: with `expand`, ä ö ü ø å as ae oe ue oe aa;
// every other mark of U+00C0..U+017F dropped (æ ß þ ĳ œ as ae ss th ij oe). Other scripts stay.
std::u32string plain_latin(const std::u32string& w, bool expand);

// The first word of a lowercased name, decoded.
std::u32string first_word(std::string_view name);

// True when every code point is a letter (a word character that is not a digit).
bool is_letters(const std::u32string& w);

// Damerau-Levenshtein (optimal string alignment) distance, by code point.
int osa_distance(const std::u32string& a, const std::u32string& b);

} // namespace memlens::entities
