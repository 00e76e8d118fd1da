// The Porter (1980) suffix-stripping stemmer, following Martin Porter's own ANSI C encoding,
// which he calls canonical: it differs from the paper only where he marks a departure
// (step 2 maps "bli" → "ble" instead of "abli" → "able", and adds "logi" → "log").
#include <memlens/text.h>

namespace memlens {

namespace {

class PorterStemmer {
public:
    explicit PorterStemmer(std::string_view word)
        : b_(word)
        , k_(static_cast<int>(word.size()) - 1) {}

    std::string run() {
        if (k_ <= 1) // words of one or two letters are left alone
            return b_;
        step1ab();
        if (k_ > 0) {
            step1c();
            step2();
            step3();
            step4();
            step5();
        }
        return b_.substr(0, static_cast<std::size_t>(k_ + 1));
    }

private:
    char at(int i) const { return b_[static_cast<std::size_t>(i)]; }

    // A consonant is a letter other than a, e, i, o, u, and other than y preceded by one.
    bool cons(int i) const {
        switch (at(i)) {
        case 'a':
        case 'e':
        case 'i':
        case 'o':
        case 'u':
            return false;
        case 'y':
            return i == 0 || !cons(i - 1);
        default:
            return true;
        }
    }

    // The measure m of b[0..j]: the number of vowel-consonant sequences in [C](VC){m}[V].
    int m() const {
        int n = 0;
        int i = 0;
        while (true) {
            if (i > j_)
                return n;
            if (!cons(i))
                break;
            ++i;
        }
        ++i;
        while (true) {
            while (true) {
                if (i > j_)
                    return n;
                if (cons(i))
                    break;
                ++i;
            }
            ++i;
            ++n;
            while (true) {
                if (i > j_)
                    return n;
                if (!cons(i))
                    break;
                ++i;
            }
            ++i;
        }
    }

    bool vowel_in_stem() const {
        for (int i = 0; i <= j_; ++i)
            if (!cons(i))
                return true;
        return false;
    }

    bool double_cons(int j) const { return j >= 1 && at(j) == at(j - 1) && cons(j); }

    // consonant-vowel-consonant ending at i, the last consonant not w, x or y: "hop", "wil".
    bool cvc(int i) const {
        if (i < 2 || !cons(i) || cons(i - 1) || !cons(i - 2))
            return false;
        const char ch = at(i);
        return ch != 'w' && ch != 'x' && ch != 'y';
    }

    bool ends(std::string_view s) {
        const int len = static_cast<int>(s.size());
        if (len > k_ + 1)
            return false;
        if (std::string_view(b_).substr(static_cast<std::size_t>(k_ + 1 - len),
                                        static_cast<std::size_t>(len)) != s)
            return false;
        j_ = k_ - len;
        return true;
    }

    void set_to(std::string_view s) {
        b_.replace(static_cast<std::size_t>(j_ + 1), static_cast<std::size_t>(k_ - j_), s);
        k_ = j_ + static_cast<int>(s.size());
    }

    void replace_if_measured(std::string_view s) {
        if (m() > 0)
            set_to(s);
    }

    // Plurals and -ed / -ing: caresses → caress, ponies → poni, hopping → hop, filing → file.
    void step1ab() {
        if (at(k_) == 's') {
            if (ends("sses"))
                k_ -= 2;
            else if (ends("ies"))
                set_to("i");
            else if (at(k_ - 1) != 's')
                --k_;
        }
        if (ends("eed")) {
            if (m() > 0)
                --k_;
        } else if ((ends("ed") || ends("ing")) && vowel_in_stem()) {
            k_ = j_;
            if (ends("at"))
                set_to("ate");
            else if (ends("bl"))
                set_to("ble");
            else if (ends("iz"))
                set_to("ize");
            else if (double_cons(k_)) {
                --k_;
                const char ch = at(k_);
                if (ch == 'l' || ch == 's' || ch == 'z')
                    ++k_;
            } else if (m() == 1 && cvc(k_)) {
                set_to("e");
            }
        }
        b_.resize(static_cast<std::size_t>(k_ + 1));
    }

    // Terminal y → i when the stem has a vowel: happy → happi, sky stays.
    void step1c() {
        if (ends("y") && vowel_in_stem())
            b_[static_cast<std::size_t>(k_)] = 'i';
    }

    bool try_rules(std::initializer_list<std::pair<std::string_view, std::string_view>> rules) {
        for (const auto& [suffix, replacement] : rules) {
            if (ends(suffix)) {
                replace_if_measured(replacement);
                return true;
            }
        }
        return false;
    }

    // Double suffixes to single ones when m > 0: relational → relate, digitizer → digitize.
    void step2() {
        switch (at(k_ - 1)) {
        case 'a':
            try_rules({{"ational", "ate"}, {"tional", "tion"}});
            break;
        case 'c':
            try_rules({{"enci", "ence"}, {"anci", "ance"}});
            break;
        case 'e':
            try_rules({{"izer", "ize"}});
            break;
        case 'l':
            try_rules(
                {{"bli", "ble"}, {"alli", "al"}, {"entli", "ent"}, {"eli", "e"}, {"ousli", "ous"}});
            break;
        case 'o':
            try_rules({{"ization", "ize"}, {"ation", "ate"}, {"ator", "ate"}});
            break;
        case 's':
            try_rules(
                {{"alism", "al"}, {"iveness", "ive"}, {"fulness", "ful"}, {"ousness", "ous"}});
            break;
        case 't':
            try_rules({{"aliti", "al"}, {"iviti", "ive"}, {"biliti", "ble"}});
            break;
        case 'g':
            try_rules({{"logi", "log"}});
            break;
        default:
            break;
        }
        b_.resize(static_cast<std::size_t>(k_ + 1));
    }

    // -ic-, -full, -ness and friends: triplicate → triplic, hopeful → hope.
    void step3() {
        switch (at(k_)) {
        case 'e':
            try_rules({{"icate", "ic"}, {"ative", ""}, {"alize", "al"}});
            break;
        case 'i':
            try_rules({{"iciti", "ic"}});
            break;
        case 'l':
            try_rules({{"ical", "ic"}, {"ful", ""}});
            break;
        case 's':
            try_rules({{"ness", ""}});
            break;
        default:
            break;
        }
        b_.resize(static_cast<std::size_t>(k_ + 1));
    }

    bool ends_any(std::initializer_list<std::string_view> suffixes) {
        for (auto s : suffixes)
            if (ends(s))
                return true;
        return false;
    }

    // Removes -ant, -ence and the rest when m > 1: adjustment → adjust, revival → reviv.
    void step4() {
        bool found = false;
        switch (at(k_ - 1)) {
        case 'a':
            found = ends("al");
            break;
        case 'c':
            found = ends_any({"ance", "ence"});
            break;
        case 'e':
            found = ends("er");
            break;
        case 'i':
            found = ends("ic");
            break;
        case 'l':
            found = ends_any({"able", "ible"});
            break;
        case 'n':
            found = ends_any({"ant", "ement", "ment", "ent"});
            break;
        case 'o':
            found = (ends("ion") && j_ >= 0 && (at(j_) == 's' || at(j_) == 't')) || ends("ou");
            break;
        case 's':
            found = ends("ism");
            break;
        case 't':
            found = ends_any({"ate", "iti"});
            break;
        case 'u':
            found = ends("ous");
            break;
        case 'v':
            found = ends("ive");
            break;
        case 'z':
            found = ends("ize");
            break;
        default:
            break;
        }
        if (found && m() > 1)
            k_ = j_;
        b_.resize(static_cast<std::size_t>(k_ + 1));
    }

    // A final -e when m > 1 (or m = 1 and not *o), and -ll → -l when m > 1.
    void step5() {
        j_ = k_;
        if (at(k_) == 'e') {
            const int a = m();
            if (a > 1 || (a == 1 && !cvc(k_ - 1)))
                --k_;
        }
        if (at(k_) == 'l' && double_cons(k_) && m() > 1)
            --k_;
        b_.resize(static_cast<std::size_t>(k_ + 1));
    }

    std::string b_;
    int k_ = 0; // index of the last letter of the current word
    int j_ = 0; // end of the stem while a suffix is being examined
};

} // namespace

std::string porter_stem(std::string_view lowercase_word) {
    for (char c : lowercase_word)
        if (c < 'a' || c > 'z')
            return std::string(lowercase_word);
    return PorterStemmer(lowercase_word).run();
}

} // namespace memlens
