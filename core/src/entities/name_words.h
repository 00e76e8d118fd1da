// The word lists behind the person / organization / topic name heuristic (docs/entities.md).
// Every function takes a lowercase word; lists are ASCII because the cues are English.
#pragma once

#include <string_view>

namespace memlens::entities {

// Capitalised for reasons other than being a name: stopwords, pronouns, months, weekdays,
// greetings, interjections, family words, and the words that commonly open a sentence.
bool is_excluded_name_word(std::string_view w);
// Mr, Mrs, Ms, Dr, Prof, ...: the next capitalised word is a person.
bool is_honorific(std::string_view w);
// Inc, Labs, University, Team, ...: a sequence ending in one names an organization.
bool is_org_suffix(std::string_view w);
// University, Bank, Institute, ...: "University of X" names an organization.
bool is_org_prefix(std::string_view w);
// of, de, van, von, ...: lowercase words allowed between two capitalised ones.
bool is_name_connector(std::string_view w);
// Words right before a name that mark a person: "asked Alice", "thanks, Bob", "hi Mel".
bool is_person_cue_before(std::string_view w);
// A relation after a possessive, right before a name: "my friend Jürgen", "her sister Ana".
bool is_person_relation(std::string_view w);
bool is_possessive(std::string_view w);
// Words right after a name that mark a person: "Alice said", "Bob thinks".
bool is_person_cue_after(std::string_view w);
// Verbs right after a name that only a person does: "Priya loves jazz", "Sam cooked".
bool is_person_verb(std::string_view w);
// A verb that is a person's with the word after it: "went to/home", "bought a" ("the server
// went down" is not).
bool is_person_verb_with(std::string_view verb, std::string_view next);
// What only a person is, after "is" / "was" / "'s" and an optional "a"/"an": "Priya is
// vegetarian", "Sam was a nurse".
bool is_person_predicate(std::string_view w);
// The word after "Name," that makes it an address at a sentence start: "Priya, can you ...".
bool is_address_follower(std::string_view w);
// Words that lead into a direct address: "Wow Jo, ...", "That's great, Mel!", "Thank you, Ana".
bool is_vocative_lead(std::string_view w);
// Articles that may follow a connector inside a name or title: "Lord of the Rings".
bool is_name_article(std::string_view w);

} // namespace memlens::entities
