#include "entities/name_words.h"

#include <memlens/text.h>

#include <algorithm>
#include <array>

namespace memlens::entities {

namespace {

template <std::size_t N> constexpr bool sorted(const std::array<std::string_view, N>& a) {
    for (std::size_t i = 1; i < N; ++i)
        if (!(a[i - 1] < a[i]))
            return false;
    return true;
}

template <std::size_t N>
bool contains(const std::array<std::string_view, N>& a, std::string_view w) {
    return std::binary_search(a.begin(), a.end(), w);
}

constexpr auto kExcluded = std::to_array<std::string_view>({
    "absolutely", "actually",
    "afternoon",  "agreed",
    "ah",         "also",
    "although",   "always",
    "amazing",    "anyway",
    "anyways",    "apr",
    "april",      "aug",
    "august",     "aunt",
    "awesome",    "aww",
    "bro",        "btw",
    "bye",        "check",
    "cheers",     "come",
    "congrats",   "congratulations",
    "cool",       "dad",
    "daddy",      "damn",
    "dear",       "dec",
    "december",   "definitely",
    "done",       "even",
    "evening",    "everyone",
    "everything", "exactly",
    "excited",    "fantastic",
    "feb",        "february",
    "finally",    "first",
    "fri",        "friday",
    "fwd",        "fyi",
    "glad",       "god",
    "good",       "goodbye",
    "gosh",       "grandma",
    "grandpa",    "great",
    "guys",       "haha",
    "hahaha",     "happy",
    "hehe",       "hello",
    "hey",        "hi",
    "hmm",        "honestly",
    "hope",       "however",
    "hows",       "jan",
    "january",    "jul",
    "july",       "jun",
    "june",       "keep",
    "last",       "later",
    "let",        "lets",
    "lol",        "look",
    "love",       "mar",
    "march",      "maybe",
    "meanwhile",  "mom",
    "mommy",      "mon",
    "monday",     "morning",
    "mum",        "nah",
    "next",       "nice",
    "night",      "nope",
    "note",       "nov",
    "november",   "now",
    "oct",        "october",
    "oh",         "ok",
    "okay",       "omg",
    "oops",       "perfect",
    "perhaps",    "please",
    "plus",       "pm",
    "re",         "really",
    "recently",   "remember",
    "right",      "sat",
    "saturday",   "see",
    "sep",        "sept",
    "september",  "sis",
    "so",         "sorry",
    "still",      "subject",
    "sun",        "sunday",
    "sure",       "thank",
    "thanks",     "thats",
    "thu",        "thur",
    "thurs",      "thursday",
    "thx",        "today",
    "together",   "tomorrow",
    "tonight",    "totally",
    "true",       "try",
    "tue",        "tues",
    "tuesday",    "uncle",
    "update",     "wed",
    "wednesday",  "welcome",
    "well",       "whatever",
    "whoa",       "wow",
    "yay",        "yeah",
    "yep",        "yes",
    "yesterday",  "yet",
    "yup",
});
static_assert(sorted(kExcluded));

constexpr auto kHonorifics = std::to_array<std::string_view>({
    "dr",
    "madam",
    "miss",
    "mr",
    "mrs",
    "ms",
    "mx",
    "prof",
    "professor",
    "sir",
});
static_assert(sorted(kHonorifics));

constexpr auto kOrgSuffixes = std::to_array<std::string_view>({
    "academy",      "ag",         "agency",     "association", "bank",     "capital",
    "co",           "college",    "committee",  "company",     "corp",     "corporation",
    "council",      "department", "foundation", "gmbh",        "group",    "holdings",
    "hospital",     "inc",        "industries", "institute",   "lab",      "labs",
    "limited",      "llc",        "llp",        "ltd",         "ministry", "partners",
    "plc",          "school",     "society",    "studio",      "studios",  "team",
    "technologies", "university", "ventures",
});
static_assert(sorted(kOrgSuffixes));

constexpr auto kOrgPrefixes = std::to_array<std::string_view>({
    "academy",
    "bank",
    "college",
    "department",
    "institute",
    "ministry",
    "school",
    "university",
});
static_assert(sorted(kOrgPrefixes));

constexpr auto kConnectors = std::to_array<std::string_view>({
    "da",
    "de",
    "del",
    "della",
    "der",
    "di",
    "du",
    "la",
    "le",
    "of",
    "van",
    "von",
});
static_assert(sorted(kConnectors));

constexpr auto kCueBefore = std::to_array<std::string_view>({
    "ask",  "asked", "cc",   "congrats", "congratulations", "dear",    "email",  "emailed", "hello",
    "hey",  "hi",    "meet", "message",  "messaged",        "met",     "ping",   "pinged",  "said",
    "says", "tell",  "text", "texted",   "thank",           "thanked", "thanks", "told",    "wrote",
});
static_assert(sorted(kCueBefore));

constexpr auto kCueAfter = std::to_array<std::string_view>({
    "agreed",   "agrees",  "answered", "asked", "asks",   "explained", "explains", "mentioned",
    "mentions", "replied", "replies",  "said",  "says",   "suggested", "suggests", "thinks",
    "thought",  "told",    "tweeted",  "who",   "writes", "wrote",
});
static_assert(sorted(kCueAfter));

constexpr auto kVocativeLeads = std::to_array<std::string_view>({
    "absolutely",
    "agree",
    "agreed",
    "amazing",
    "awesome",
    "aww",
    "beautiful",
    "brilliant",
    "bye",
    "congrats",
    "congratulations",
    "cool",
    "dear",
    "definitely",
    "exactly",
    "fantastic",
    "glad",
    "good",
    "great",
    "haha",
    "hello",
    "hey",
    "hi",
    "incredible",
    "indeed",
    "interesting",
    "lol",
    "lovely",
    "morning",
    "nice",
    "night",
    "no",
    "oh",
    "ok",
    "okay",
    "perfect",
    "please",
    "right",
    "soon",
    "sorry",
    "sure",
    "sweet",
    "thanks",
    "too",
    "totally",
    "true",
    "welcome",
    "whoa",
    "wonderful",
    "wow",
    "yay",
    "yeah",
    "yes",
    "yo",
    "you",
});
static_assert(sorted(kVocativeLeads));

constexpr auto kPersonVerbs = std::to_array<std::string_view>({
    "adopted", "ate",     "baked",   "cooked",  "cooks",   "cried",     "danced",
    "eats",    "enjoyed", "enjoys",  "feels",   "felt",    "graduated", "hated",
    "hates",   "hiked",   "laughed", "liked",   "likes",   "lived",     "lives",
    "loved",   "loves",   "married", "missed",  "misses",  "preferred", "prefers",
    "sang",    "slept",   "smiled",  "studied", "studies", "visited",   "visits",
});
static_assert(sorted(kPersonVerbs));

// went + these: a person going somewhere ("the build went down" is not).
constexpr auto kWentTo = std::to_array<std::string_view>({
    "back",
    "camping",
    "fishing",
    "for",
    "hiking",
    "home",
    "running",
    "shopping",
    "skiing",
    "swimming",
    "to",
    "with",
});
static_assert(sorted(kWentTo));

// bought + these: a person's purchase.
constexpr auto kBoughtWhat = std::to_array<std::string_view>({
    "a",
    "an",
    "her",
    "him",
    "his",
    "me",
    "new",
    "some",
    "their",
    "them",
    "tickets",
    "us",
});
static_assert(sorted(kBoughtWhat));

constexpr auto kPersonPredicates = std::to_array<std::string_view>({
    "allergic",   "artist",   "aunt",      "brother",   "colleague", "dad",     "daughter",
    "dentist",    "designer", "developer", "divorced",  "doctor",    "engaged", "engineer",
    "father",     "friend",   "husband",   "lawyer",    "manager",   "married", "mom",
    "mother",     "mum",      "neighbor",  "neighbour", "nurse",     "parent",  "pregnant",
    "retired",    "sister",   "son",       "student",   "teacher",   "uncle",   "vegan",
    "vegetarian", "widow",    "widower",   "wife",      "writer",
});
static_assert(sorted(kPersonPredicates));

// People someone has: "my friend Jürgen", "our neighbour Ana" (after a possessive only: "the
// Friend app" is not).
constexpr auto kPersonRelations = std::to_array<std::string_view>({
    "aunt",     "boss",   "boyfriend", "brother",  "colleague",  "cousin",  "dad",     "daughter",
    "father",   "fiance", "fiancee",   "friend",   "girlfriend", "grandma", "grandpa", "husband",
    "mom",      "mother", "mum",       "neighbor", "neighbour",  "nephew",  "niece",   "partner",
    "roommate", "sister", "son",       "uncle",    "wife",
});
static_assert(sorted(kPersonRelations));

constexpr auto kPossessives = std::to_array<std::string_view>({
    "her",
    "his",
    "my",
    "our",
    "their",
    "your",
});
static_assert(sorted(kPossessives));

constexpr auto kAddressFollowers = std::to_array<std::string_view>({
    "are",   "can",    "could", "did",  "do",    "have", "how",  "let",   "lets", "please",
    "thank", "thanks", "what",  "when", "where", "why",  "will", "would", "you",  "your",
});
static_assert(sorted(kAddressFollowers));

} // namespace

bool is_person_verb(std::string_view w) {
    return contains(kPersonVerbs, w);
}
bool is_person_verb_with(std::string_view verb, std::string_view next) {
    if (verb == "went")
        return contains(kWentTo, next);
    if (verb == "bought")
        return contains(kBoughtWhat, next);
    return false;
}
bool is_person_predicate(std::string_view w) {
    return contains(kPersonPredicates, w);
}
bool is_address_follower(std::string_view w) {
    return contains(kAddressFollowers, w);
}

bool is_vocative_lead(std::string_view w) {
    return contains(kVocativeLeads, w);
}
bool is_name_article(std::string_view w) {
    return w == "the" || w == "la" || w == "le";
}

bool is_excluded_name_word(std::string_view w) {
    return is_stopword(w) || contains(kExcluded, w) || contains(kHonorifics, w);
}
bool is_honorific(std::string_view w) {
    return contains(kHonorifics, w);
}
bool is_org_suffix(std::string_view w) {
    return contains(kOrgSuffixes, w);
}
bool is_org_prefix(std::string_view w) {
    return contains(kOrgPrefixes, w);
}
bool is_name_connector(std::string_view w) {
    return contains(kConnectors, w);
}
bool is_person_cue_before(std::string_view w) {
    return contains(kCueBefore, w);
}
bool is_person_relation(std::string_view w) {
    return contains(kPersonRelations, w);
}
bool is_possessive(std::string_view w) {
    return contains(kPossessives, w);
}
bool is_person_cue_after(std::string_view w) {
    return contains(kCueAfter, w);
}

} // namespace memlens::entities
