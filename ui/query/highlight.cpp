#include "query/highlight.h"

#include <memlens/text.h>

#include <set>
#include <string>
#include <vector>

namespace memlens::ui {

namespace {

std::string stemOf(const QString& word) {
    return porter_stem(word.toLower().toStdString());
}

} // namespace

QStringList queryTerms(std::string_view query) {
    QStringList out;
    for (const std::string& token : keyword_tokens(query))
        out << QString::fromStdString(token);
    return out;
}

QString makeSnippet(std::string_view content, const QStringList& terms, int maxChars) {
    std::vector<std::string> raw;
    raw.reserve(static_cast<std::size_t>(terms.size()));
    for (const QString& t : terms)
        raw.push_back(t.toStdString());
    QString text = QString::fromStdString(
        snippet(content, raw, static_cast<std::size_t>(std::max(maxChars, 16))));
    // One table row shows one line: fold every run of whitespace into a space.
    return text.simplified();
}

HighlightRanges findHighlights(const QString& text, const QStringList& terms) {
    HighlightRanges out;
    if (terms.isEmpty())
        return out;
    std::set<std::string> stems;
    for (const QString& t : terms)
        stems.insert(stemOf(t));
    const qsizetype n = text.size();
    qsizetype i = 0;
    while (i < n) {
        if (!text.at(i).isLetterOrNumber()) {
            ++i;
            continue;
        }
        qsizetype j = i;
        while (j < n && (text.at(j).isLetterOrNumber() || text.at(j).isMark()))
            ++j;
        if (stems.count(stemOf(text.mid(i, j - i))) != 0)
            out.append({static_cast<int>(i), static_cast<int>(j - i)});
        i = j;
    }
    return out;
}

} // namespace memlens::ui
