#include "pages/scorebreakdownpanel.h"

#include "core/format.h"
#include "core/phrase.h"
#include "core/signalcolors.h"
#include "pages/comparepanel.h"
#include "widgets/scrollable.h"

#include <memlens/settings.h>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTextDocument>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <array>

namespace memlens::ui {

namespace {

constexpr std::array<Signal, kSignalCount> kSignals = {Signal::Graph, Signal::Vector,
                                                       Signal::Keyword, Signal::Freshness};
// Step::key of each of kSignals.
constexpr std::array<const char*, kSignalCount> kSignalKeys = {"graph", "vector", "keyword",
                                                               "freshness"};

double pick(const SignalSet& s, Signal which) {
    switch (which) {
    case Signal::Graph:
        return s.graph;
    case Signal::Vector:
        return s.vector;
    case Signal::Keyword:
        return s.keyword;
    case Signal::Freshness:
        return s.freshness;
    }
    return 0.0;
}

// A rich-text label's text as a reader sees it.
QString plainText(const QLabel* label) {
    QTextDocument doc;
    doc.setHtml(label->text());
    return doc.toPlainText();
}

QString legRank(const LegExplanation& leg) {
    return leg.rank ? QString::number(*leg.rank) : QCoreApplication::translate("Breakdown", "—");
}

// "w / (k + r) = t" or "0 (not returned)".
QString rrfTermText(const LegExplanation& leg, int k) {
    if (!leg.rank)
        return QCoreApplication::translate("Breakdown", "0 (not returned)");
    return QStringLiteral("%1 / (%2 + %3) = %4")
        .arg(formatScore(leg.weight))
        .arg(k)
        .arg(*leg.rank)
        .arg(formatScore(leg.rrf_term));
}

} // namespace

ScoreBreakdownPanel::ScoreBreakdownPanel(QWidget* parent)
    : QWidget(parent)
    , stack_(new QStackedWidget(this))
    , compare_(new ComparePanel(this))
    , heading_(new QLabel(this))
    , chart_(new QChart())
    , legs_(new QLabel(this))
    , terms_(new QLabel(this))
    , equation_(new QLabel(this))
    , details_(new QLabel(this)) {
    QFont bold = heading_->font();
    bold.setBold(true);
    heading_->setFont(bold);
    heading_->setWordWrap(true);
    heading_->setTextFormat(Qt::RichText);

    chart_->legend()->hide();
    chart_->setMargins(QMargins(2, 0, 14, 0));
    chart_->setBackgroundRoundness(0);
    // The axes stay for the panel's life and only change their categories and range: axes
    // removed and added for every hit left grid lines of the last one across the labels.
    stepsAxis_ = new QBarCategoryAxis(chart_);
    stepsAxis_->setTruncateLabels(false);
    scoreAxis_ = new QValueAxis(chart_);
    chart_->addAxis(stepsAxis_, Qt::AlignLeft);
    chart_->addAxis(scoreAxis_, Qt::AlignBottom);
    chartView_ = new QChartView(chart_, this);
    chartView_->setRenderHint(QPainter::Antialiasing);
    chartView_->setFixedHeight(130);

    legs_->setTextFormat(Qt::RichText);
    terms_->setTextFormat(Qt::RichText);
    terms_->setWordWrap(true);
    terms_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    legs_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    equation_->setFont(mono);
    equation_->setWordWrap(true);
    equation_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    details_->setWordWrap(true);
    details_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // The verdict, the bars and the arithmetic under them scroll as one column: on a short
    // screen the dock shows as much as fits, and its height never sets the window's.
    stack_->addWidget(
        scrollingColumn({heading_, chartView_, equation_, legs_, terms_, details_}, this));
    stack_->addWidget(compare_);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(stack_);
    clear();
}

QScrollArea* ScoreBreakdownPanel::scrollingColumn(const QList<QWidget*>& widgets, QWidget* parent) {
    auto* text = new QWidget(parent);
    auto* layout = new QVBoxLayout(text);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QWidget* w : widgets)
        layout->addWidget(w);
    layout->addStretch();
    QScrollArea* scroll = scrollable(text, parent);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return scroll;
}

void ScoreBreakdownPanel::showComparison(const std::vector<const RetrievalHit*>& hits, int a,
                                         int b) {
    compare_->showPair(hits, a, b);
    stack_->setCurrentWidget(compare_);
}

bool ScoreBreakdownPanel::comparing() const {
    return stack_->currentWidget() == compare_;
}

void ScoreBreakdownPanel::clear() {
    stack_->setCurrentIndex(0);
    compare_->clear();
    steps_.clear();
    heading_->setText(tr("Select a hit of a hybrid, keyword or semantic query."));
    chart_->removeAllSeries();
    chart_->setTitle(QString());
    chartView_->setVisible(false); // an empty frame would read as a broken chart
    legs_->clear();
    terms_->clear();
    equation_->clear();
    details_->clear();
}

QString ScoreBreakdownPanel::equation(const Explanation& x) {
    QString text;
    if (x.fusion == to_string(FusionKind::Profile)) {
        QStringList terms;
        QStringList values;
        for (Signal s : kSignals) {
            terms << QStringLiteral("%1·%2").arg(formatScore(pick(x.weights, s)),
                                                 formatScore(pick(x.signal_values, s)));
            values << formatScore(pick(x.contributions, s));
        }
        text = tr("base = Σ weight·signal = %1\n     = %2")
                   .arg(terms.join(QStringLiteral(" + ")), values.join(QStringLiteral(" + ")));
    } else {
        text = tr("rrf = vector term + keyword term = %1 + %2 = %3")
                   .arg(formatScore(x.vector.rrf_term), formatScore(x.keyword.rrf_term),
                        formatScore(x.rrf_score));
        if (x.recency.boost != 0.0) {
            text += tr("\nbase = rrf × (1 + boost × recency) = %1 × (1 + %2 × %3)")
                        .arg(formatScore(x.rrf_score), formatScore(x.recency.boost),
                             formatScore(x.recency.factor));
        } else {
            text += tr("\nbase = rrf (recency boost off)");
        }
    }
    if (x.superseded_penalty != 1.0)
        text += tr("\nfinal = base × superseded penalty %1 = %2")
                    .arg(formatScore(x.superseded_penalty), formatScore(x.final_score));
    else
        text += tr("\nfinal = %1").arg(formatScore(x.final_score));
    return text;
}

// A primitive's hit: its own score, and the rerank cosine when it has one.
void ScoreBreakdownPanel::showUnexplained(const RetrievalHit& hit) {
    clear();
    heading_->setText(
        tr("%1 ranks by its own score: %2").arg(qs(hit.node_id), formatScore(hit.score)));
    if (hit.rerank_similarity)
        details_->setText(tr("Cosine similarity to the query (rerank): %1. Primitives order by "
                             "this cosine when given query text, else newest first.")
                              .arg(formatScore(*hit.rerank_similarity)));
    else
        details_->setText(tr("Primitives carry no hybrid explanation: run hybrid, keyword or "
                             "semantic mode to see legs, RRF and MMR."));
}

// The verdict in words first; the numbers under it, and what the bars show.
QString ScoreBreakdownPanel::headingText(const Explanation& x) {
    const QString verdict =
        x.verdict.empty()
            ? QString()
            : phraseText(x.verdict_phrase, x.verdict).toHtmlEscaped() + QStringLiteral("<br>");
    return verdict +
           tr("<small>Fused rank %1 · final score %2 · fusion %3</small><br><small>%4</small>")
               .arg(x.fused_rank)
               .arg(formatScore(x.final_score), qs(x.fusion),
                    x.fusion == to_string(FusionKind::Profile)
                        ? tr("Bars: weight × signal for each of the four signals, which sum to "
                             "the score.")
                        : tr("Bars: the legs' RRF terms, their sum, then each factor that "
                             "applies, to the final score."));
}

// Each leg's rank, raw score and RRF term, as an HTML table.
QString ScoreBreakdownPanel::legsTable(const Explanation& x) {
    const QString row = QStringLiteral("<tr><td>%1</td><td align=right>%2</td>"
                                       "<td align=right>%3</td><td align=right>%4</td></tr>");
    return QStringLiteral("<table cellspacing=0 cellpadding=2>") +
           row.arg(tr("<b>leg</b>"), tr("<b>rank</b>"), tr("<b>raw score</b>"),
                   tr("<b>weight / (k + rank) = RRF term</b>")) +
           row.arg(tr("keyword"), legRank(x.keyword),
                   x.keyword.rank ? formatScore(x.keyword.raw_score) : QString(),
                   rrfTermText(x.keyword, x.rrf_k)) +
           row.arg(tr("vector"), legRank(x.vector),
                   x.vector.rank ? formatScore(x.vector.raw_score) : QString(),
                   rrfTermText(x.vector, x.rrf_k)) +
           QStringLiteral("</table>");
}

// The lines under the table: the keyword score's arithmetic, recency, the MMR pick, the topic
// path and the budget.
QString ScoreBreakdownPanel::detailsText(const Explanation& x) {
    QStringList more;
    if (x.keyword.rank) {
        const LegExplanation& k = x.keyword;
        more << tr("Keyword score: BM25F %1 × coverage %2^p = %3 × author %4 × day %5 × "
                   "question %6 = %7")
                    .arg(formatScore(k.bm25), formatScore(k.coverage),
                         formatScore(k.coverage_factor), formatScore(k.author_factor),
                         formatScore(k.time_factor), formatScore(k.question_factor),
                         formatScore(k.raw_score));
    }
    more << tr("Recency: factor 1/(1 + %1 days) = %2, boost %3")
                .arg(x.recency.age_days, 0, 'f', 1)
                .arg(formatScore(x.recency.factor), formatScore(x.recency.boost));
    if (x.mmr.step >= 0) {
        more << tr("MMR pick %1: relevance %2, max similarity %3 → MMR score %4%5")
                    .arg(x.mmr.step + 1)
                    .arg(formatScore(x.mmr.relevance), formatScore(x.mmr.max_similarity),
                         formatScore(x.mmr.mmr_score),
                         x.mmr.penalized_by ? tr(" (penalised by %1)").arg(qs(*x.mmr.penalized_by))
                                            : QString());
    } else {
        more << tr("Not picked by MMR (fused rank %1).").arg(x.fused_rank);
    }
    if (!x.topic_path.empty()) {
        QStringList path;
        for (const auto& t : x.topic_path)
            path << qs(t);
        more << tr("Topic path: %1").arg(path.join(QStringLiteral(" › ")));
    }
    if (x.budget_cut)
        more << tr("Cut by the character budget.");
    more << tr("Ctrl-click a second hit in the results to compare the two.");
    return more.join(QLatin1Char('\n'));
}

void ScoreBreakdownPanel::showHit(const RetrievalHit& hit) {
    stack_->setCurrentIndex(0);
    if (!hit.explanation) {
        showUnexplained(hit);
        return;
    }
    const Explanation& x = *hit.explanation;
    heading_->setText(headingText(x));
    showChart(x);
    chartView_->setVisible(true);
    legs_->setText(legsTable(x));
    equation_->setText(equation(x));
    terms_->setText(termTable(x.keyword.terms));
    terms_->setVisible(!x.keyword.terms.empty());
    details_->setText(detailsText(x));
}

std::vector<ScoreBreakdownPanel::Step> ScoreBreakdownPanel::steps(const Explanation& x) {
    std::vector<Step> out;
    if (x.fusion == to_string(FusionKind::Profile)) {
        // The four weighted signals sum to the base score: each is its own bar from 0.
        for (std::size_t i = 0; i < kSignals.size(); ++i) {
            const Signal s = kSignals[i];
            out.push_back({signalName(s), 0.0, pick(x.contributions, s), false, signalColor(s),
                           QString::fromLatin1(kSignalKeys[i])});
        }
        return out;
    }
    // Under RRF the legs decide: a waterfall from the leg terms to the final score, one step
    // per factor that applies, each bar from the running score before it to the one after.
    const double kw = x.keyword.rrf_term;
    out.push_back({tr("keyword term"), 0.0, kw, false, signalColor(Signal::Keyword),
                   QStringLiteral("keyword term")});
    out.push_back({tr("vector term"), kw, kw + x.vector.rrf_term, false,
                   signalColor(Signal::Vector), QStringLiteral("vector term")});
    out.push_back({tr("RRF sum"), 0.0, x.rrf_score, true, QColor(0x55, 0x5d, 0x66),
                   QStringLiteral("RRF sum")});
    double running = x.rrf_score;
    const double recency = 1.0 + x.recency.boost * x.recency.factor;
    if (recency != 1.0) {
        out.push_back({tr("× recency"), running, running * recency, false,
                       signalColor(Signal::Freshness), QStringLiteral("recency")});
        running *= recency;
    }
    if (x.entity_factor != 1.0) {
        out.push_back({tr("× graph context"), running, running * x.entity_factor, false,
                       signalColor(Signal::Graph), QStringLiteral("graph context")});
        running *= x.entity_factor;
    }
    if (x.superseded_penalty != 1.0) {
        out.push_back({tr("× superseded"), running, running * x.superseded_penalty, false,
                       QColor(0xc0, 0x39, 0x2b), QStringLiteral("superseded")});
        running *= x.superseded_penalty;
    }
    out.push_back({tr("final score"), 0.0, x.final_score, true, QColor(0x2c, 0x3e, 0x50),
                   QStringLiteral("final score")});
    return out;
}

void ScoreBreakdownPanel::showChart(const Explanation& x) {
    chart_->removeAllSeries();
    const bool profile = x.fusion == to_string(FusionKind::Profile);
    // The heading says what the bars mean; a chart title would cost the bars their height.
    chartView_->setToolTip(profile ? tr("Weighted signal contributions: they sum to the score")
                                   : tr("From the legs' RRF terms to the final score: each bar "
                                        "runs from the score before a step to the score after"));
    steps_ = steps(x);
    // Categories from the bottom up, so the first step is drawn at the top. Each bar is an
    // invisible offset (the lower end) plus a visible set holding only its own row, so every
    // step keeps its colour.
    auto* series = new QHorizontalStackedBarSeries();
    QStringList categories;
    const int n = static_cast<int>(steps_.size());
    for (int i = n - 1; i >= 0; --i)
        categories << steps_[static_cast<std::size_t>(i)].label;
    auto* offset = new QBarSet(QStringLiteral("offset"));
    offset->setColor(Qt::transparent);
    offset->setBorderColor(Qt::transparent);
    for (int row = 0; row < n; ++row) {
        const Step& st = steps_[static_cast<std::size_t>(n - 1 - row)];
        *offset << std::min(st.from, st.to);
    }
    series->append(offset);
    double peak = 0.0;
    for (int i = 0; i < n; ++i) {
        const Step& st = steps_[static_cast<std::size_t>(i)];
        auto* set = new QBarSet(st.label);
        set->setColor(st.total ? st.color : st.color.lighter(st.to < st.from ? 100 : 110));
        set->setBorderColor(st.color);
        for (int row = 0; row < n; ++row)
            *set << (row == n - 1 - i ? std::abs(st.to - st.from) : 0.0);
        peak = std::max({peak, st.from, st.to});
        series->append(set);
    }
    chart_->addSeries(series);
    stepsAxis_->setCategories(categories);
    scoreAxis_->setRange(0.0, std::max(peak * 1.1, profile ? 0.05 : 0.001));
    scoreAxis_->setLabelFormat(profile ? QStringLiteral("%.2f") : QStringLiteral("%.4f"));
    scoreAxis_->setTickCount(3);
    // Round tick values: a label like 0.23 at the right edge was cut by the plot margin.
    scoreAxis_->applyNiceNumbers();
    series->attachAxis(stepsAxis_);
    series->attachAxis(scoreAxis_);
    chartView_->setMinimumHeight(std::max(120, 22 * n + 40));
}

QString ScoreBreakdownPanel::termTable(const std::vector<TermEvidence>& terms) {
    if (terms.empty())
        return {};
    // One row a matched (term, column); then the query terms found in no column at all.
    const QString row = QStringLiteral("<tr><td>%1</td><td>%2</td><td align=right>%3</td>"
                                       "<td align=right>%4</td><td align=right>%5</td>"
                                       "<td align=right>%6</td><td align=right>%7</td></tr>");
    QString html =
        QStringLiteral("<table cellspacing=0 cellpadding=2>") +
        row.arg(tr("<b>term</b>"), tr("<b>column</b>"), tr("<b>tf</b>"), tr("<b>idf</b>"),
                tr("<b>weight</b>"), tr("<b>length norm</b>"), tr("<b>contribution</b>"));
    QStringList matchedTerms;
    for (const TermEvidence& t : terms) {
        if (!t.matched)
            continue;
        matchedTerms << qs(t.term);
        html += row.arg(qs(t.term).toHtmlEscaped(), columnName(qs(t.column)))
                    .arg(t.tf)
                    .arg(formatScore(t.idf), formatScore(t.column_weight),
                         formatScore(t.length_norm), formatScore(t.contribution));
    }
    html += QStringLiteral("</table>");
    QStringList missing;
    for (const TermEvidence& t : terms)
        if (!matchedTerms.contains(qs(t.term)) && !missing.contains(qs(t.term)))
            missing << qs(t.term);
    if (!missing.isEmpty())
        html += tr("Not in this hit: %1").arg(missing.join(QStringLiteral(", ")).toHtmlEscaped());
    return html;
}

QString ScoreBreakdownPanel::columnName(const QString& column) {
    if (column == QLatin1String("content"))
        return tr("its own text");
    if (column == QLatin1String("context"))
        return tr("context (author, tags, date)");
    if (column == QLatin1String("near"))
        return tr("neighbouring turns");
    if (column == QLatin1String("far"))
        return tr("turns two away");
    return column;
}

QString ScoreBreakdownPanel::termsText() const {
    return plainText(terms_);
}

QString ScoreBreakdownPanel::headingText() const {
    return plainText(heading_);
}

QString ScoreBreakdownPanel::legsText() const {
    return plainText(legs_);
}

QString ScoreBreakdownPanel::equationText() const {
    return equation_->text();
}

QString ScoreBreakdownPanel::detailsText() const {
    return details_->text();
}

double ScoreBreakdownPanel::chartValue(const QString& step) const {
    for (const Step& st : steps_)
        if (st.label == step)
            return st.to - st.from;
    return -1.0;
}

QStringList ScoreBreakdownPanel::chartSteps() const {
    QStringList out;
    for (const Step& st : steps_)
        out << st.label;
    return out;
}

} // namespace memlens::ui
