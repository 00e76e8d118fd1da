// Snippets and the ranges of query terms inside them. A word is highlighted when its Porter
// stem equals a query term's stem, as the FTS5 porter tokenizer matched it ("deploying" for
// "deploy").
#pragma once

#include "query/queryoutcome.h"

#include <QString>
#include <QStringList>

#include <string_view>

namespace memlens::ui {

// The query's keyword tokens (as the keyword leg makes them: lowercased, stopwords and 1-letter
// tokens dropped).
QStringList queryTerms(std::string_view query);

// One line of at most maxChars around the first word that matches a term by stem (the word
// findHighlights marks first), newlines folded to spaces.
QString makeSnippet(std::string_view content, const QStringList& terms, int maxChars = 240);

// The results table's snippet of a hit: makeSnippet of its text; when the keyword leg matched
// it only in other columns (its neighbouring turns, its context), it says so first:
// "[phoenix, budget: in the neighbouring turns] Letting support know."
QString hitSnippet(const RetrievalHit& hit, const QStringList& terms, int maxChars = 240);

// The words of `text` that match a term.
HighlightRanges findHighlights(const QString& text, const QStringList& terms);

} // namespace memlens::ui
