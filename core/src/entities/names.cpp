#include "entities/names.h"

#include "entities/name_words.h"

#include <memlens/text.h>

#include <algorithm>

namespace memlens::entities {

namespace {

constexpr double kOrganizationScore = 0.7;
constexpr double kPersonScore = 0.7;
constexpr double kTopicScore = 0.5;
constexpr std::size_t kMaxNameWords = 4; // longer capitalised runs are titles and headings
constexpr std::size_t kMaxTitleWords = 10;
constexpr std::size_t kMaxTitleChars = 100;
constexpr std::uint8_t kTitle = 3; // tokens consumed by a quoted title

struct Token {
    std::size_t start = 0;
    std::size_t end = 0;      // end of the word proper
    std::size_t full_end = 0; // including a possessive or contraction ('s, 're, n't, ...)
    bool cap = false;         // Title Case: "Alice", "McKenzie", "OpenAI", "Jean-Luc"
    bool acronym = false;     // "IBM", "NASA"
    bool suffixed = false;    // "Alice's", "I'm": the name, if any, ends here
    bool negation = false;    // "Don't", "Isn't": never a name
    std::uint8_t claim = kFree;
};

enum class Gap { Spaces, Comma, Amp, Dot, Other };

bool is_line_break(char32_t c) {
    return c == U'\n' || c == U'\r' || c == 0x0B || c == 0x0C || c == 0x85 || c == 0x2028 ||
           c == 0x2029;
}

bool is_apostrophe(char32_t c) {
    return c == U'\'' || c == 0x2019;
}

// Characters that may sit between a sentence end and its first word: quotes, brackets,
// Markdown emphasis, bullets and heading marks.
bool is_opening(char32_t c) {
    switch (c) {
    case U'"':
    case U'\'':
    case U'(':
    case U'[':
    case U'{':
    case U'*':
    case U'_':
    case U'`':
    case U'>':
    case U'-':
    case U'~':
    case U'#':
    case 0x2018:
    case 0x201C:
    case 0x00AB:
    case 0x2022:
    case 0x2013:
    case 0x2014:
        return true;
    default:
        return false;
    }
}

bool is_sentence_end(char32_t c) {
    return c == U'.' || c == U'!' || c == U'?' || c == U':' || c == U';' || c == 0x2026;
}

class NameScanner {
public:
    NameScanner(const unicode::CodePoints& text, const std::vector<char32_t>& lowered,
                const std::vector<std::uint8_t>& claimed)
        : cps_(text.cps)
        , low_(lowered)
        , claimed_(claimed) {}

    void run(std::vector<NameCandidate>& out) {
        tokenize();
        find_quoted_titles(out);
        for (std::size_t i = 0; i < tokens_.size();) {
            if (!eligible(i)) {
                ++i;
                continue;
            }
            std::size_t last = extend(i);
            classify(i, last);
            i = last + 1;
        }
        link_coordinated_persons();
        std::vector<std::string> values(seqs_.size());
        for (std::size_t k = 0; k < seqs_.size(); ++k)
            if (seqs_[k].kind != nullptr)
                values[k] = value(tokens_[seqs_[k].first].start, tokens_[seqs_[k].last].end);
        admit_openers_named_elsewhere(values);
        for (std::size_t k = 0; k < seqs_.size(); ++k) {
            const Seq& s = seqs_[k];
            if (s.kind != nullptr)
                out.push_back({s.kind, tokens_[s.first].start, tokens_[s.last].end,
                               std::move(values[k]), s.score, s.held});
        }
    }

private:
    struct Seq {
        std::size_t first;
        std::size_t last;
        const char* kind = nullptr; // nullptr: dropped
        double score = 0.0;
        bool person_shape = false; // 1–2 Title Case words: would be a person with a cue
        bool held = false;         // opens a sentence (NameCandidate::held)
    };

    void tokenize() {
        const std::size_t n = cps_.size();
        std::size_t i = 0;
        while (i < n) {
            if (!unicode::is_boundary_word(cps_[i])) {
                ++i;
                continue;
            }
            Token t;
            t.start = i;
            std::size_t apostrophe = 0;
            while (i < n) {
                const char32_t c = cps_[i];
                if (unicode::is_boundary_word(c)) {
                    ++i;
                } else if ((is_apostrophe(c) || c == U'-') && i + 1 < n &&
                           unicode::is_boundary_word(cps_[i + 1])) {
                    if (is_apostrophe(c))
                        apostrophe = i;
                    ++i;
                } else {
                    break;
                }
            }
            t.end = t.full_end = i;
            if (apostrophe > t.start)
                split_contraction(t, apostrophe);
            analyse(t);
            tokens_.push_back(t);
        }
    }

    void split_contraction(Token& t, std::size_t apostrophe) {
        const std::u32string_view suffix(low_.data() + apostrophe + 1, t.full_end - apostrophe - 1);
        if (suffix == U"s" || suffix == U"m" || suffix == U"re" || suffix == U"ve" ||
            suffix == U"ll" || suffix == U"d") {
            t.end = apostrophe;
            t.suffixed = true;
        } else if (suffix == U"t" && low_[apostrophe - 1] == U'n') {
            t.negation = true;
        }
    }

    void analyse(Token& t) {
        for (std::size_t k = t.start; k < t.full_end; ++k)
            t.claim = std::max(t.claim, claimed_[k]);
        const std::size_t len = t.end - t.start;
        if (len < 2 || !unicode::is_upper(cps_[t.start]))
            return;
        bool has_lower = false;
        bool all_upper = true;
        for (std::size_t k = t.start; k < t.end; ++k) {
            const char32_t c = cps_[k];
            if (unicode::is_ascii_digit(c) || c == U'_')
                return; // identifiers and model numbers are not names
            has_lower = has_lower || unicode::is_lower(c);
            all_upper = all_upper && unicode::is_upper(c);
        }
        t.cap = has_lower;
        t.acronym = all_upper && len <= 6;
    }

    // The lowercase word, for the ASCII word lists; empty when the word is not ASCII.
    std::string word(std::size_t ti) const {
        const Token& t = tokens_[ti];
        std::string w;
        for (std::size_t k = t.start; k < t.end; ++k) {
            if (low_[k] >= 0x80)
                return {};
            w.push_back(static_cast<char>(low_[k]));
        }
        return w;
    }

    Gap gap(std::size_t left) const {
        std::size_t from = tokens_[left].full_end;
        const std::size_t to = tokens_[left + 1].start;
        if (from == to)
            return Gap::Other;
        Gap kind = Gap::Spaces;
        for (std::size_t k = from; k < to; ++k) {
            const char32_t c = cps_[k];
            if (unicode::is_space(c) && !is_line_break(c))
                continue;
            if (kind != Gap::Spaces)
                return Gap::Other;
            if (c == U',')
                kind = Gap::Comma;
            else if (c == U'&')
                kind = Gap::Amp;
            else if (c == U'.' && k == from)
                kind = Gap::Dot;
            else
                return Gap::Other;
        }
        return kind;
    }

    bool eligible(std::size_t ti) const {
        const Token& t = tokens_[ti];
        if (t.claim != kFree || t.negation || !(t.cap || t.acronym))
            return false;
        return !is_excluded_name_word(word(ti));
    }

    // Joins Title Case words separated by single spaces, "&", or a lowercase connector
    // ("University of Edinburgh", "Johnson & Johnson", "Ludwig van Beethoven").
    std::size_t extend(std::size_t first) const {
        std::size_t last = first;
        while (last + 1 < tokens_.size() && !tokens_[last].suffixed) {
            const Gap g = gap(last);
            if (g != Gap::Spaces && g != Gap::Amp)
                break;
            if (eligible(last + 1)) {
                ++last;
                continue;
            }
            // A connector, optionally followed by an article, between two capitalised words.
            std::size_t next = last + 1;
            if (g != Gap::Spaces || !connector_at(next))
                break;
            if (next + 1 < tokens_.size() && gap(next) == Gap::Spaces &&
                is_name_article(word(next + 1)) && connector_at(next + 1, true))
                ++next;
            if (next + 1 < tokens_.size() && gap(next) == Gap::Spaces && eligible(next + 1)) {
                last = next + 1;
                continue;
            }
            break;
        }
        return last;
    }

    // A Title Case phrase in double quotes names a work: "The Name of the Wind",
    // “Harry Potter and the Philosopher's Stone”. It becomes one topic (without a leading
    // article), and its words are not looked at again.
    void find_quoted_titles(std::vector<NameCandidate>& out) {
        const std::size_t n = cps_.size();
        std::size_t ti = 0;
        for (std::size_t open = 0; open < n; ++open) {
            if (cps_[open] != U'"' && cps_[open] != 0x201C)
                continue;
            if (open > 0 && !unicode::is_space(cps_[open - 1]) && cps_[open - 1] != U'(')
                continue;
            std::size_t close = open + 1;
            while (close < n && close - open <= kMaxTitleChars && !is_line_break(cps_[close]) &&
                   cps_[close] != U'"' && cps_[close] != 0x201C && cps_[close] != 0x201D)
                ++close;
            if (close >= n || (cps_[close] != U'"' && cps_[close] != 0x201D))
                continue;
            if (close + 1 < n && unicode::is_boundary_word(cps_[close + 1]))
                continue;
            while (ti < tokens_.size() && tokens_[ti].start <= open)
                ++ti;
            std::size_t end = ti;
            while (end < tokens_.size() && tokens_[end].full_end <= close)
                ++end;
            if (title(ti, end, close)) {
                std::size_t first = ti;
                const std::string lead = word(first);
                if (end - first > 1 && (lead == "the" || lead == "a" || lead == "an"))
                    ++first;
                out.push_back({"topic", tokens_[first].start, tokens_[end - 1].full_end,
                               value(tokens_[first].start, tokens_[end - 1].full_end),
                               kTopicScore});
                for (std::size_t k = ti; k < end; ++k)
                    tokens_[k].claim = kTitle;
            }
            open = close;
        }
    }

    bool title(std::size_t first, std::size_t end, std::size_t close) const {
        if (first >= end || end - first > kMaxTitleWords || !tokens_[first].cap)
            return false;
        bool named = false;
        for (std::size_t k = first; k < end; ++k) {
            const Token& t = tokens_[k];
            if (t.claim != kFree || t.negation)
                return false;
            // Between words: spaces and the punctuation titles carry ("Star Wars: A New Hope").
            const std::size_t gap_end = k + 1 < end ? tokens_[k + 1].start : close;
            for (std::size_t c = t.full_end; c < gap_end; ++c) {
                const char32_t ch = cps_[c];
                if (!unicode::is_space(ch) && ch != U':' && ch != U',' && ch != U'&' &&
                    ch != U'-' && ch != 0x2013 && ch != U'!' && ch != U'?')
                    return false;
            }
            const std::string w = word(k);
            if (t.cap || t.acronym) {
                named = named || !is_excluded_name_word(w);
                continue;
            }
            const bool number = std::all_of(cps_.begin() + static_cast<std::ptrdiff_t>(t.start),
                                            cps_.begin() + static_cast<std::ptrdiff_t>(t.end),
                                            unicode::is_ascii_digit);
            const bool letter = t.end - t.start == 1; // "A New Hope", "I Robot"
            if (!number && !letter && !is_stopword(w) && !is_name_connector(w))
                return false;
        }
        return named;
    }

    bool connector_at(std::size_t ti, bool article = false) const {
        if (ti >= tokens_.size() || tokens_[ti].claim != kFree || tokens_[ti].suffixed)
            return false;
        const std::string w = word(ti);
        return article ? is_name_article(w) : is_name_connector(w);
    }

    bool at_sentence_start(std::size_t ti) const {
        std::size_t k = tokens_[ti].start;
        while (k > 0) {
            const char32_t c = cps_[k - 1];
            if (is_line_break(c))
                return true;
            if (unicode::is_space(c) || is_opening(c)) {
                --k;
                continue;
            }
            if (!is_sentence_end(c))
                return false;
            // "Mr. Smith": the period closes an abbreviation, not a sentence.
            const bool after_honorific = c == U'.' && ti > 0 && tokens_[ti - 1].full_end == k - 1 &&
                                         is_honorific(word(ti - 1));
            return !after_honorific;
        }
        return true;
    }

    bool person_cue(std::size_t first, std::size_t last) const {
        if (first > 0) {
            const Gap g = gap(first - 1);
            const std::string w = word(first - 1);
            if (is_honorific(w) && (g == Gap::Spaces || g == Gap::Dot))
                return true;
            if ((g == Gap::Spaces || g == Gap::Comma) && is_person_cue_before(w))
                return true;
            if (g == Gap::Spaces && first > 1 && gap(first - 2) == Gap::Spaces &&
                is_person_relation(w) && is_possessive(word(first - 2)))
                return true;
        }
        if (last + 1 < tokens_.size()) {
            const Gap g = gap(last);
            if ((g == Gap::Spaces || g == Gap::Comma) && is_person_cue_after(word(last + 1)))
                return true;
            if (g == Gap::Spaces && person_doing(last))
                return true;
        }
        return vocative(first, last);
    }

    // What only a person does or is, said right after the name: "Priya went to Lisbon",
    // "Priya bought a bike", "Priya loves jazz", "Priya is vegetarian", "Priya's a nurse".
    bool person_doing(std::size_t last) const {
        const Token& name = tokens_[last];
        std::size_t k = last + 1;
        const std::string verb = word(k);
        // "Priya's allergic": the 's of the name is "is" when a person predicate follows.
        const bool is_contracted =
            name.suffixed && name.full_end == name.end + 2 && low_[name.end + 1] == U's';
        if (name.suffixed && !is_contracted)
            return false;
        if (!is_contracted) {
            if (is_person_verb(verb))
                return true;
            if (k + 1 < tokens_.size() && gap(k) == Gap::Spaces &&
                is_person_verb_with(verb, word(k + 1)))
                return true;
            if (verb != "is" && verb != "was")
                return false;
            ++k;
        }
        if (k < tokens_.size() && (word(k) == "a" || word(k) == "an"))
            ++k;
        return k < tokens_.size() && gap(k - 1) == Gap::Spaces && is_person_predicate(word(k));
    }

    // "Priya, can you check?": one word opening its sentence, addressed. Only at a sentence
    // start: elsewhere "I love Paris, you know" has the same shape.
    bool addressed_at_start(std::size_t first, std::size_t last) const {
        return first == last && !tokens_[last].suffixed && last + 1 < tokens_.size() &&
               gap(last) == Gap::Comma && is_address_follower(word(last + 1));
    }

    // A name that opens a sentence is a name when the text names it elsewhere too: "Priya is
    // vegetarian. I asked Priya." It takes the kind found elsewhere, or person when its own
    // words say so.
    void admit_openers_named_elsewhere(const std::vector<std::string>& values) {
        for (std::size_t k = 0; k < seqs_.size(); ++k) {
            if (!seqs_[k].held || seqs_[k].kind == nullptr)
                continue;
            for (std::size_t j = 0; j < seqs_.size(); ++j) {
                if (seqs_[j].held || seqs_[j].kind == nullptr || values[j] != values[k])
                    continue;
                seqs_[k].held = false;
                if (std::string_view(seqs_[k].kind) != "person") {
                    seqs_[k].kind = seqs_[j].kind;
                    seqs_[k].score = seqs_[j].score;
                }
                break;
            }
        }
    }

    // Direct address: "That's great, Mel!", "Wow Jo, you're killing it". One word that closes
    // its clause, right after an interjection or a word of praise. After a plain noun the same
    // shape is an apposition ("my home country, Sweden."), so that is not enough.
    bool vocative(std::size_t first, std::size_t last) const {
        if (first == 0 || first != last || tokens_[last].suffixed)
            return false;
        const std::size_t after = tokens_[last].full_end;
        if (after < cps_.size()) {
            const char32_t c = cps_[after];
            if (c != U',' && c != U'!' && c != U'?' && c != U'.')
                return false;
        }
        const Gap g = gap(first - 1);
        return (g == Gap::Spaces || g == Gap::Comma) && is_vocative_lead(word(first - 1));
    }

    // A surname after a known person ("Caroline Smith"), or a first name before one, belongs to
    // that person; guessing a second entity for it would split one person in two.
    bool touches_known_name(std::size_t first, std::size_t last) const {
        if (first > 0 && tokens_[first - 1].claim == kName && gap(first - 1) == Gap::Spaces)
            return true;
        return last + 1 < tokens_.size() && tokens_[last + 1].claim == kName &&
               gap(last) == Gap::Spaces;
    }

    void classify(std::size_t first, std::size_t last) {
        Seq s{first, last};
        std::size_t words = 0;
        bool any_acronym = false;
        bool all_acronym = true;
        for (std::size_t k = first; k <= last; ++k) {
            if (!tokens_[k].cap && !tokens_[k].acronym)
                continue; // a connector
            ++words;
            any_acronym = any_acronym || !tokens_[k].cap;
            all_acronym = all_acronym && !tokens_[k].cap;
        }
        const std::string first_word = word(first);
        const std::string last_word = word(last);
        const bool org =
            (words >= 2 && is_org_suffix(last_word)) ||
            (last - first >= 2 && is_org_prefix(first_word) && is_name_connector(word(first + 1)));
        if (words > kMaxNameWords) {
            // dropped: a title or heading, not a name
        } else if (org) {
            s.kind = "organization";
            s.score = kOrganizationScore;
        } else if (all_acronym ||
                   (words == 1 && (is_org_suffix(last_word) || is_org_prefix(last_word)))) {
            // dropped: a lone acronym is as often shouting as a name; a lone "Team" is generic
        } else if (touches_known_name(first, last)) {
            // dropped: part of a name already found
        } else {
            // Capitalised by position: held unless the name is known (admit_openers_named_
            // elsewhere, or the caller's knowledge).
            s.held = at_sentence_start(first);
            s.person_shape = words <= 2 && !any_acronym;
            if (s.person_shape &&
                (person_cue(first, last) || (s.held && addressed_at_start(first, last)))) {
                s.kind = "person";
                s.score = kPersonScore;
            } else {
                s.kind = "topic";
                s.score = kTopicScore;
            }
        }
        seqs_.push_back(s);
    }

    // "Alice and Bob": a person-shaped name coordinated with a person is a person too.
    void link_coordinated_persons() {
        auto linked = [&](const Seq& a, const Seq& b) {
            if (b.first != a.last + 2)
                return false;
            const std::string w = word(a.last + 1);
            return (w == "and" || w == "or") && gap(a.last) == Gap::Spaces &&
                   gap(a.last + 1) == Gap::Spaces;
        };
        auto promote = [](Seq& s) {
            s.kind = "person";
            s.score = kPersonScore;
        };
        auto is_person = [](const Seq& s) {
            return s.kind != nullptr && std::string_view(s.kind) == "person";
        };
        for (std::size_t k = 1; k < seqs_.size(); ++k)
            if (is_person(seqs_[k - 1]) && seqs_[k].person_shape && linked(seqs_[k - 1], seqs_[k]))
                promote(seqs_[k]);
        for (std::size_t k = seqs_.size(); k-- > 1;)
            if (is_person(seqs_[k]) && seqs_[k - 1].person_shape && linked(seqs_[k - 1], seqs_[k]))
                promote(seqs_[k - 1]);
    }

    std::string value(std::size_t start, std::size_t end) const {
        std::string v;
        bool space = false;
        for (std::size_t k = start; k < end; ++k) {
            if (unicode::is_space(low_[k])) {
                space = true;
                continue;
            }
            if (space && !v.empty())
                v.push_back(' ');
            space = false;
            unicode::append_utf8(v, low_[k]);
        }
        return v;
    }

    const std::vector<char32_t>& cps_;
    const std::vector<char32_t>& low_;
    const std::vector<std::uint8_t>& claimed_;
    std::vector<Token> tokens_;
    std::vector<Seq> seqs_;
};

} // namespace

void find_names(const unicode::CodePoints& text, const std::vector<char32_t>& lowered,
                const std::vector<std::uint8_t>& claimed, std::vector<NameCandidate>& out) {
    NameScanner(text, lowered, claimed).run(out);
}

} // namespace memlens::entities
