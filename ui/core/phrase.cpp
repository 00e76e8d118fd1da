#include "core/phrase.h"

#include <QCoreApplication>
#include <QStringList>

namespace memlens::ui {

namespace {

// %1 … %9 replaced by their arguments in one pass (an argument's own text is never scanned
// again), the rule fill_template (core/src/text/phrase.cpp) applies to English.
QString fill(const QString& tmpl, const QStringList& args) {
    QString out;
    out.reserve(tmpl.size() + 16);
    for (qsizetype i = 0; i < tmpl.size(); ++i) {
        const QChar c = tmpl.at(i);
        if (c == QLatin1Char('%') && i + 1 < tmpl.size()) {
            const QChar d = tmpl.at(i + 1);
            if (d == QLatin1Char('%')) {
                out += QLatin1Char('%');
                ++i;
                continue;
            }
            if (d >= QLatin1Char('1') && d <= QLatin1Char('9')) {
                const qsizetype k = d.unicode() - '1';
                if (k < args.size()) {
                    out += args.at(k);
                    ++i;
                    continue;
                }
            }
        }
        out += c;
    }
    return out;
}

} // namespace

QString phraseText(const Phrase& phrase) {
    if (phrase.empty())
        return {};
    QStringList args;
    args.reserve(static_cast<qsizetype>(phrase.args.size()));
    for (const PhraseArg& a : phrase.args)
        args << (a.phrase ? phraseText(*a.phrase) : QString::fromStdString(a.text));
    // A template without a context is shown as written (as_is).
    const QString tmpl = *phrase.text.context == '\0'
                             ? QString::fromUtf8(phrase.text.text)
                             : QCoreApplication::translate(phrase.text.context, phrase.text.text);
    return fill(tmpl, args);
}

QString phraseText(const Phrase& phrase, const std::string& english) {
    return phrase.empty() ? QString::fromStdString(english) : phraseText(phrase);
}

} // namespace memlens::ui
