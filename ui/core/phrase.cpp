#include "core/phrase.h"

#include <QCoreApplication>

#include <vector>

namespace memlens::ui {

QString phraseText(const Phrase& phrase) {
    if (phrase.empty())
        return {};
    std::vector<std::string> args;
    args.reserve(phrase.args.size());
    for (const PhraseArg& a : phrase.args)
        args.push_back(a.phrase ? phraseText(*a.phrase).toStdString() : a.text);
    // A template without a context is shown as written (as_is); the placeholders are filled by
    // the core's one rule (fill_template), in UTF-8.
    const QString tmpl = *phrase.text.context == '\0'
                             ? QString::fromUtf8(phrase.text.text)
                             : QCoreApplication::translate(phrase.text.context, phrase.text.text);
    return QString::fromStdString(fill_template(tmpl.toStdString(), args));
}

QString phraseText(const Phrase& phrase, const std::string& english) {
    return phrase.empty() ? QString::fromStdString(english) : phraseText(phrase);
}

} // namespace memlens::ui
