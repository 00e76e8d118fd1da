#include "pages/comparepanel.h"

#include "core/format.h"
#include "core/phrase.h"
#include "pages/scorebreakdownpanel.h"

#include <memlens/compare.h>

#include <QCoreApplication>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QTextDocument>
#include <QVBoxLayout>

#include <functional>
#include <map>
#include <set>

namespace memlens::ui {

namespace {

QString none() {
    return QCoreApplication::translate("ComparePanel", "—");
}

// "phoenix, budget: neighbouring turns", one line a column, in the term table's order.
QString matchedByColumn(const std::vector<TermEvidence>& terms) {
    QStringList columns;
    std::map<QString, QStringList> byColumn;
    for (const TermEvidence& t : terms) {
        if (!t.matched)
            continue;
        const QString column = ScoreBreakdownPanel::columnName(qs(t.column));
        if (!columns.contains(column))
            columns << column;
        if (!byColumn[column].contains(qs(t.term)))
            byColumn[column] << qs(t.term);
    }
    QStringList lines;
    for (const QString& c : std::as_const(columns))
        lines << QStringLiteral("%1: %2").arg(byColumn[c].join(QStringLiteral(", ")), c);
    return lines.isEmpty() ? none() : lines.join(QLatin1Char('\n'));
}

// A waterfall step of one hit: its value (a leg's term, a total, a weighted signal) or, for a
// factor after the RRF sum, the factor and the running score after it.
struct StepValue {
    bool present = false;
    bool factor = false;
    double value = 0.0;
    double running = 0.0;
};

StepValue stepValue(const std::vector<ScoreBreakdownPanel::Step>& steps, const QString& key) {
    bool afterSum = false;
    for (const auto& st : steps) {
        if (st.key == key) {
            if (st.total || !afterSum || st.from == 0.0)
                return {true, false, st.to - st.from, st.to};
            return {true, true, st.to / st.from, st.to};
        }
        afterSum = afterSum || st.total;
    }
    return {};
}

// Both hits' cells of one step, with the digits that tell the two values apart.
std::pair<QString, QString> stepCells(const StepValue& u, const StepValue& l) {
    const int digits = distinguishing_digits(u.value, l.value);
    const int runningDigits = distinguishing_digits(u.running, l.running);
    auto cell = [&](const StepValue& v) {
        if (!v.present)
            return none();
        const QString value = QString::number(v.value, 'g', digits);
        return v.factor ? QStringLiteral("× %1 = %2")
                              .arg(value, QString::number(v.running, 'g', runningDigits))
                        : value;
    };
    return {cell(u), cell(l)};
}

// The rows of the step(s) compare_hits named as the cause.
QStringList causeKeys(OrderCause cause) {
    switch (cause) {
    case OrderCause::KeywordLeg:
        return {QStringLiteral("keyword term"), QStringLiteral("keyword rank")};
    case OrderCause::VectorLeg:
        return {QStringLiteral("vector term"), QStringLiteral("vector rank")};
    case OrderCause::Supersession:
        return {QStringLiteral("superseded")};
    case OrderCause::Factors:
        return {QStringLiteral("recency"), QStringLiteral("graph context"),
                QStringLiteral("superseded")};
    case OrderCause::Mmr:
        return {QStringLiteral("mmr pick"), QStringLiteral("redundancy")};
    case OrderCause::KeywordSignal:
        return {QStringLiteral("keyword")};
    case OrderCause::VectorSignal:
        return {QStringLiteral("vector")};
    case OrderCause::GraphSignal:
        return {QStringLiteral("graph")};
    case OrderCause::FreshnessSignal:
        return {QStringLiteral("freshness")};
    case OrderCause::Recency:
        return {QStringLiteral("recency")};
    case OrderCause::GraphContext:
        return {QStringLiteral("graph context")};
    case OrderCause::Tie:
    case OrderCause::NoExplanation:
        break;
    }
    return {};
}

} // namespace

ComparePanel::ComparePanel(QWidget* parent)
    : QWidget(parent)
    , decision_(new QLabel(this))
    , table_(new QTableWidget(this))
    , terms_{new QLabel(this), new QLabel(this)} {
    QFont bold = decision_->font();
    bold.setBold(true);
    decision_->setFont(bold);
    decision_->setWordWrap(true);
    decision_->setTextFormat(Qt::PlainText);
    decision_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    table_->setColumnCount(2);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    table_->setWordWrap(true);
    table_->setAlternatingRowColors(true);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->verticalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);

    for (QLabel* t : terms_) {
        t->setTextFormat(Qt::RichText);
        t->setWordWrap(true);
        t->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    QScrollArea* scroll = ScoreBreakdownPanel::scrollingColumn({terms_[0], terms_[1]}, this);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(table_);
    splitter->addWidget(scroll);
    splitter->setSizes({400, 90});
    splitter->setChildrenCollapsible(false);

    auto* hint = new QLabel(tr("<small>Ctrl-click another hit to change the pair; select one hit "
                               "for its full breakdown.</small>"),
                            this);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(decision_);
    layout->addWidget(splitter, 1);
    layout->addWidget(hint);
    clear();
}

void ComparePanel::clear() {
    cause_.reset();
    decision_->clear();
    table_->clearContents();
    table_->setRowCount(0);
    for (QLabel* t : terms_)
        t->clear();
}

void ComparePanel::addRow(const QString& label, const QString& upper, const QString& lower) {
    const int row = table_->rowCount();
    table_->insertRow(row);
    table_->setVerticalHeaderItem(row, new QTableWidgetItem(label));
    table_->setItem(row, 0, new QTableWidgetItem(upper));
    table_->setItem(row, 1, new QTableWidgetItem(lower));
}

// The two hits shown, upper first, and the rows drawn bold: those of the step that decided.
struct ComparePanel::Pair {
    const RetrievalHit& upper;
    const RetrievalHit& lower;
    int up = 0;           // the upper hit's index in the answer
    int low = 0;          // the lower hit's
    QStringList decisive; // the deciding rows' keys; each row's key is its untranslated name
    std::set<int> bold;
};

namespace {

const Explanation& explanationOf(const RetrievalHit& h) {
    return *h.explanation;
}

// The node as people know it; its id is the cell's tooltip (ComparePanel::addNodeRow).
QString nodeCell(const RetrievalHit& h) {
    return formatHitLabel(h);
}

} // namespace

void ComparePanel::addPairRow(Pair& p, const QString& key, const QString& label,
                              const std::function<QString(const RetrievalHit&)>& cell) {
    if (p.decisive.contains(key))
        p.bold.insert(table_->rowCount());
    addRow(label, cell(p.upper), cell(p.lower));
}

// Where each hit stands: its place in the answer and the fusion, and each leg's rank.
void ComparePanel::addRankRows(Pair& p) {
    addPairRow(p, QStringLiteral("position"), tr("position"), [&](const RetrievalHit& h) {
        return tr("#%1 (fused #%2)")
            .arg(&h == &p.upper ? p.up + 1 : p.low + 1)
            .arg(explanationOf(h).fused_rank);
    });
    addPairRow(p, QStringLiteral("keyword rank"), tr("keyword rank"), [](const RetrievalHit& h) {
        const LegExplanation& k = explanationOf(h).keyword;
        return k.rank ? tr("%1 (score %2)").arg(*k.rank).arg(formatScore(k.raw_score)) : none();
    });
    addPairRow(p, QStringLiteral("vector rank"), tr("vector rank"), [](const RetrievalHit& h) {
        const LegExplanation& v = explanationOf(h).vector;
        if (!v.rank)
            return none();
        return tr("%1 (similarity %2, %3)")
            .arg(*v.rank)
            .arg(formatScore(v.raw_score), v.exact ? tr("exact scan") : tr("beam descent"));
    });
}

// The Score Breakdown's steps, in its order; a step only one hit has shows "—" for the other.
void ComparePanel::addStepRows(Pair& p) {
    const auto su = ScoreBreakdownPanel::steps(explanationOf(p.upper));
    const auto sl = ScoreBreakdownPanel::steps(explanationOf(p.lower));
    std::vector<ScoreBreakdownPanel::Step> all = su;
    for (const auto& st : sl) {
        const bool known =
            std::any_of(all.begin(), all.end(), [&](const auto& s) { return s.key == st.key; });
        if (!known)
            all.insert(all.end() - (all.empty() || !all.back().total ? 0 : 1), st);
    }
    for (const auto& st : all) {
        const std::pair<QString, QString> cells =
            stepCells(stepValue(su, st.key), stepValue(sl, st.key));
        addPairRow(p, st.key, st.label, [&](const RetrievalHit& h) {
            return &h == &p.upper ? cells.first : cells.second;
        });
    }
}

// Each hit's MMR pick, and the earlier pick it was most similar to.
void ComparePanel::addMmrRows(Pair& p, const std::vector<const RetrievalHit*>& hits) {
    auto positionOf = [&](const std::string& id) {
        for (std::size_t i = 0; i < hits.size(); ++i)
            if (hits[i]->node_id == id)
                return tr("#%1").arg(i + 1);
        return qs(id);
    };
    addPairRow(p, QStringLiteral("mmr pick"), tr("MMR pick"), [](const RetrievalHit& h) {
        const MmrExplanation& m = explanationOf(h).mmr;
        if (m.step < 0)
            return tr("not picked");
        return tr("pick %1: relevance %2, redundancy %3 → MMR score %4")
            .arg(m.step + 1)
            .arg(formatScore(m.relevance), formatScore(m.max_similarity), formatScore(m.mmr_score));
    });
    addPairRow(
        p, QStringLiteral("redundancy"), tr("most similar pick"), [&](const RetrievalHit& h) {
            const MmrExplanation& m = explanationOf(h).mmr;
            if (!m.penalized_by)
                return none();
            return tr("%1 (cosine %2)").arg(positionOf(*m.penalized_by), formatScore(m.cosine));
        });
}

void ComparePanel::addNodeRow(Pair& p) {
    addPairRow(p, QStringLiteral("node"), tr("node"), nodeCell);
    const int row = table_->rowCount() - 1;
    table_->item(row, 0)->setToolTip(qs(p.upper.node_id));
    table_->item(row, 1)->setToolTip(qs(p.lower.node_id));
}

void ComparePanel::boldRows(const std::set<int>& rows) {
    QFont strong = table_->font();
    strong.setBold(true);
    for (int r : rows) {
        table_->verticalHeaderItem(r)->setFont(strong);
        for (int c = 0; c < 2; ++c)
            table_->item(r, c)->setFont(strong);
    }
}

void ComparePanel::showTermTables(const Pair& p) {
    for (int side = 0; side < 2; ++side) {
        const RetrievalHit& h = side == 0 ? p.upper : p.lower;
        const QString table = ScoreBreakdownPanel::termTable(explanationOf(h).keyword.terms);
        terms_[side]->setText(
            table.isEmpty()
                ? QString()
                : tr("<b>#%1: keyword terms</b>").arg((side == 0 ? p.up : p.low) + 1) + table);
        terms_[side]->setVisible(!table.isEmpty());
    }
}

void ComparePanel::showPair(const std::vector<const RetrievalHit*>& hits, int a, int b) {
    clear();
    const int up = std::min(a, b);
    const int low = std::max(a, b);
    const HitOrder order =
        compare_hits(hits, static_cast<std::size_t>(a), static_cast<std::size_t>(b));
    cause_ = order.cause;
    decision_->setText(phraseText(order.phrase, order.line));
    table_->setHorizontalHeaderLabels({tr("#%1").arg(up + 1), tr("#%1").arg(low + 1)});
    Pair p{*hits[static_cast<std::size_t>(up)],
           *hits[static_cast<std::size_t>(low)],
           up,
           low,
           causeKeys(order.cause),
           {}};
    if (!p.upper.explanation || !p.lower.explanation) {
        addPairRow(p, QStringLiteral("score"), tr("score"),
                   [](const RetrievalHit& h) { return formatScore(h.score); });
        addNodeRow(p);
        table_->resizeRowsToContents();
        return;
    }
    // What decides comes first: the legs' ranks, the Score Breakdown's steps, MMR; then what
    // the keyword leg matched, and the node.
    addRankRows(p);
    addStepRows(p);
    addMmrRows(p, hits);
    addPairRow(p, QStringLiteral("matched terms"), tr("matched terms"), [](const RetrievalHit& h) {
        return matchedByColumn(explanationOf(h).keyword.terms);
    });
    addNodeRow(p);
    boldRows(p.bold);
    table_->resizeRowsToContents();
    showTermTables(p);
}

QString ComparePanel::decisionText() const {
    return decision_->text();
}

QStringList ComparePanel::rowLabels() const {
    QStringList out;
    for (int r = 0; r < table_->rowCount(); ++r)
        out << table_->verticalHeaderItem(r)->text();
    return out;
}

QString ComparePanel::value(const QString& row, int side) const {
    for (int r = 0; r < table_->rowCount(); ++r)
        if (table_->verticalHeaderItem(r)->text() == row)
            return table_->item(r, side)->text();
    return {};
}

QStringList ComparePanel::decisiveRows() const {
    QStringList out;
    for (int r = 0; r < table_->rowCount(); ++r)
        if (table_->item(r, 0)->font().bold())
            out << table_->verticalHeaderItem(r)->text();
    return out;
}

QString ComparePanel::termsText(int side) const {
    QTextDocument doc;
    doc.setHtml(terms_[side]->text());
    return doc.toPlainText();
}

} // namespace memlens::ui
