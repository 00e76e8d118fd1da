#include "query/highlight.h"

#include <memlens/text.h>

#include <QCoreApplication>

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
    // The excerpt is cut around the first word the highlight marks (a match by stem, as FTS5
    // matched it): "budgets" for the query's "budget" and the other way round. The core's
    // snippet looks for the exact word.
    std::vector<std::string> raw;
    const QString text = QString::fromUtf8(content.data(), static_cast<qsizetype>(content.size()));
    if (const HighlightRanges first = findHighlights(text, terms); !first.isEmpty())
        raw.push_back(text.mid(first.front().first, first.front().second).toStdString());
    const QString excerpt = QString::fromStdString(
        snippet(content, raw, static_cast<std::size_t>(std::max(maxChars, 16))));
    // One table row shows one line: fold every run of whitespace into a space.
    QString line = excerpt.simplified();
    // A row shows only the line's first few dozen characters: start it a few words before the
    // first match, so the match is in view and not only somewhere inside the excerpt.
    constexpr int kLead = 24;
    if (const HighlightRanges marks = findHighlights(line, terms);
        !marks.isEmpty() && marks.front().first > kLead + 1) {
        qsizetype from = marks.front().first - kLead;
        if (const qsizetype space = line.indexOf(QLatin1Char(' '), from);
            space >= 0 && space < marks.front().first)
            from = space + 1;
        line = QStringLiteral("… ") + line.mid(from);
    }
    return line;
}

QString hitSnippet(const RetrievalHit& hit, const QStringList& terms, int maxChars) {
    QString excerpt = makeSnippet(hit.content, terms, maxChars);
    if (!hit.explanation)
        return excerpt;
    QStringList neighbours, context;
    bool own = false;
    for (const TermEvidence& t : hit.explanation->keyword.terms) {
        if (!t.matched)
            continue;
        const QString term = QString::fromStdString(t.term);
        if (t.column == "content")
            own = true;
        else if (t.column == "context" && !context.contains(term))
            context << term;
        else if (t.column != "context" && !neighbours.contains(term))
            neighbours << term;
    }
    if (own || (neighbours.isEmpty() && context.isEmpty()))
        return excerpt;
    QStringList where;
    if (!neighbours.isEmpty())
        where << QCoreApplication::translate("Snippet", "%1: in the neighbouring turns")
                     .arg(neighbours.join(QStringLiteral(", ")));
    if (!context.isEmpty())
        where << QCoreApplication::translate("Snippet", "%1: in its context")
                     .arg(context.join(QStringLiteral(", ")));
    return QStringLiteral("[%1] %2").arg(where.join(QStringLiteral("; ")), excerpt);
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
