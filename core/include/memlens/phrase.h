// A sentence the core says to a person (a hit's verdict, a why-not finding, a compare cause, a
// leg's skip reason) as a value a front end can render in the reader's language: an English
// template with %1 … %9 and its arguments, each shown as is (a number as printed, a name, a
// query term) or a phrase of its own.
//
// Templates are written with ML_TR(context, text). scripts/check-translations.sh has lupdate
// read ML_TR as QT_TRANSLATE_NOOP, so every template is in translations/memlens_*.ts and the
// check fails while one is untranslated; the GUI renders with QCoreApplication::translate
// (ui/core/phrase.h), the CLI, the JSON and MCP with render_english.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace memlens {

struct PhraseText {
    const char* context = "";
    const char* text = ""; // the English template
};

#define ML_TR(context, text) (::memlens::PhraseText{context, text})

struct Phrase;

// One argument of a phrase: shown as is, or (when `phrase` holds one) a phrase of its own,
// shared: a copied phrase (every copy of an Explanation has one) copies no sentence below it.
struct PhraseArg {
    std::string text;
    std::shared_ptr<const Phrase> phrase;

    PhraseArg(std::string s); // NOLINT(google-explicit-constructor): args read as values
    PhraseArg(const char* s); // NOLINT(google-explicit-constructor)
    PhraseArg(Phrase p);      // NOLINT(google-explicit-constructor)
};

struct Phrase {
    PhraseText text;
    std::vector<PhraseArg> args;

    bool empty() const { return text.text == nullptr || *text.text == '\0'; }
};

// Text shown as written in every language (a name, a reason read back from an old audit row).
Phrase as_is(std::string text);

// Parts joined by a separator phrase of two arguments ("%1; %2"), left to right. One part is
// itself; none is an empty phrase.
Phrase join_phrases(const std::vector<Phrase>& parts, PhraseText separator);

// Every %1 … %9 of a template replaced by its argument's text, "%%" by "%". A marker without
// an argument stays as written.
std::string fill_template(std::string_view tmpl, const std::vector<std::string>& args);

// The phrase in English.
std::string render_english(const Phrase& p);

// Calls f(text) for the phrase's template and every nested one: what a translation must cover.
template <class F> void for_each_template(const Phrase& p, F&& f) {
    if (p.empty())
        return;
    f(p.text);
    for (const auto& a : p.args)
        if (a.phrase)
            for_each_template(*a.phrase, f);
}

} // namespace memlens
