#include "pages/overviewpage.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "core/timefilter.h"
#include "vault/vaultcontroller.h"
#include "vault/workervault.h"
#include "widgets/scrollable.h"
#include "widgets/stattile.h"
#include "widgets/timelineview.h"

#include <memlens/health.h>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QDir>
#include <QGridLayout>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <map>

namespace memlens::ui {

namespace {

QChartView* makeChartView(QChart* chart, QWidget* parent) {
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    // Counts on the axes and bars as the tiles above show them: 832,628, not 832628.
    chart->setLocalizeNumbers(true);
    auto* view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(180);
    return view;
}

} // namespace

OverviewPage::OverviewPage(VaultController* vault, TimeFilter* filter, QWidget* parent)
    : QWidget(parent)
    , vault_(vault)
    , title_(new QLabel(this))
    , details_(new QLabel(this))
    , filter_(filter)
    , timeline_(new TimelineView(this))
    , kinds_(new QChart())
    , healthSummary_(new QLabel(this))
    , refreshHealth_(new QPushButton(tr("Refresh"), this))
    , magnets_(new QTreeWidget(this))
    , healthJob_(new JobRunner(this)) {
    QFont titleFont = title_->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.5);
    titleFont.setBold(true);
    title_->setFont(titleFont);
    details_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    details_->setWordWrap(true);

    auto* grid = new QGridLayout();
    grid->setSpacing(6);
    const QList<QPair<QString, QString>> captions = {
        {tr("Sources"), tr("Imported sources: channels, threads, documents, conversations.")},
        {tr("Chunks"), tr("Leaves: the raw chunks retrieval can cite.")},
        {tr("Summaries"), tr("Sealed summary nodes at level 1 and above.")},
        {tr("Trees"), tr("Summary trees: one per source.")},
        {tr("Entities"), tr("Distinct canonical entity ids in the entity index.")},
        {tr("Edges"), tr("Co-occurrence edges of the entity graph.")},
        {tr("Embeddings"), tr("Stored vectors for chunks and summaries.")},
        {tr("Audit rows"), tr("Queries recorded in retrieval_log.")},
    };
    for (int i = 0; i < captions.size(); ++i) {
        auto* tile = new StatTile(captions[i].first, captions[i].second, this);
        tiles_.append({captions[i].first, tile});
        grid->addWidget(tile, i / 4, i % 4);
    }

    timeline_->chart()->setTitle(tr("Chunks over time (UTC): drag across it to filter every "
                                    "view to that time"));
    timeline_->chart()->setLocalizeNumbers(true);
    timeline_->setMinimumHeight(180);
    connect(timeline_, &TimelineView::windowSelected, filter_, &TimeFilter::set);
    connect(filter_, &TimeFilter::changed, this, &OverviewPage::applyTimeFilter);
    kinds_->setTitle(tr("Chunks by source kind"));
    auto* charts = new QHBoxLayout();
    charts->addWidget(timeline_, 3);
    charts->addWidget(makeChartView(kinds_, this), 2);

    // The page scrolls when the window is shorter than its tiles and charts need.
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->addWidget(title_);
    layout->addWidget(details_);
    layout->addLayout(grid);
    // The verdict in words before the charts: what the logged searches never reached.
    layout->addLayout(healthSection());
    layout->addLayout(charts, 1);
    auto* page = new QVBoxLayout(this);
    page->setContentsMargins(0, 0, 0, 0);
    page->addWidget(scrollable(content, this));

    connect(vault_, &VaultController::opened, this, [this] { show(vault_->overview()); });
}

QLayout* OverviewPage::healthSection() {
    // Health: what the logged searches never reached, and what they always reach.
    auto* healthTitle = new QLabel(tr("Health (from the audit log)"), this);
    QFont sectionFont = healthTitle->font();
    sectionFont.setBold(true);
    healthTitle->setFont(sectionFont);
    healthSummary_->setObjectName(QStringLiteral("healthSummary"));
    healthSummary_->setWordWrap(true);
    healthSummary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    refreshHealth_->setToolTip(tr("Read the audit log again: searches logged since the vault "
                                  "opened count too"));
    connect(refreshHealth_, &QPushButton::clicked, this, &OverviewPage::refreshHealth);
    magnets_->setObjectName(QStringLiteral("magnets"));
    magnets_->setRootIsDecorated(false);
    magnets_->setHeaderLabels({tr("Questions"), tr("Share"), tr("Unrelated"), tr("Memory")});
    magnets_->headerItem()->setToolTip(0, tr("Distinct logged questions that returned it"));
    magnets_->headerItem()->setToolTip(1, tr("Of all distinct questions logged"));
    magnets_->headerItem()->setToolTip(
        2, tr("Of pairs of those questions, the share that have no word in common"));
    magnets_->header()->setStretchLastSection(true);
    magnets_->setMinimumHeight(120);
    magnets_->hide(); // until there are magnets to list
    connect(magnets_, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        Q_EMIT nodeRequested(item->data(0, Qt::UserRole).toString());
    });
    auto* healthHead = new QHBoxLayout();
    healthHead->addWidget(healthTitle);
    healthHead->addStretch(1);
    healthHead->addWidget(refreshHealth_);
    auto* section = new QVBoxLayout();
    section->addLayout(healthHead);
    section->addWidget(healthSummary_);
    section->addWidget(magnets_);
    return section;
}

QString OverviewPage::tileValue(const QString& caption) const {
    for (const auto& [name, tile] : tiles_) {
        if (name == caption)
            return tile->value();
    }
    return {};
}

void OverviewPage::show(const VaultOverviewData& data) {
    title_->setText(QDir(data.ref.dir).dirName());
    QStringList facts;
    facts << QDir::toNativeSeparators(data.ref.dir);
    facts << (data.workspace ? tr("OpenHuman workspace")
                             : tr("memlens vault, schema %1").arg(data.schemaVersion));
    if (data.readOnly)
        facts << tr("read-only");
    facts << tr("revision %1").arg(data.stats.revision);
    if (data.stats.earliest_ms != 0)
        facts << tr("%1 to %2 (UTC)")
                     .arg(formatTime(data.stats.earliest_ms), formatTime(data.stats.latest_ms));
    details_->setText(facts.join(QStringLiteral("  ·  ")));

    const VaultStats& s = data.stats;
    const qint64 values[] = {s.sources,  s.chunks, s.summaries,  s.trees,
                             s.entities, s.edges,  s.embeddings, s.audit_rows};
    for (int i = 0; i < tiles_.size(); ++i)
        tiles_[i].second->setValue(formatCount(values[i]));
    timeline_->setHistogram(data.histogram);
    if (filter_->isSet())
        timeline_->setSelection(filter_->sinceMs(), filter_->untilMs());
    showKinds(data);
    refreshHealth();
}

void OverviewPage::refreshHealth() {
    magnets_->clear();
    magnets_->hide();
    const VaultRef ref = vault_->ref();
    if (!ref.isValid() || vault_->overview().workspace) {
        healthSummary_->setText(tr("An OpenHuman workspace keeps no audit log to read."));
        Q_EMIT healthShown();
        Q_EMIT healthRead(nullptr, QString());
        return;
    }
    healthSummary_->setText(tr("Reading the audit log…"));
    std::optional<std::pair<qint64, qint64>> window;
    if (filter_->isSet())
        window = std::pair{filter_->sinceMs(), filter_->untilMs()};
    healthJob_->start(
        [ref, window](const std::atomic_bool& cancel)
            -> std::pair<std::shared_ptr<const HealthReport>, QString> {
            auto vault = workerVault(ref);
            if (!vault)
                return {nullptr, formatStatus(vault.status())};
            HealthOptions o;
            o.cancel = &cancel;
            o.per_node = true;
            if (window) {
                o.since_ms = window->first;
                o.until_ms = window->second;
            }
            auto r = vault_health(**vault, o);
            if (!r)
                return {nullptr, formatStatus(r.status())};
            return {std::make_shared<const HealthReport>(std::move(r).value()), QString()};
        },
        [this](const std::pair<std::shared_ptr<const HealthReport>, QString>& out) {
            showHealth(out.first, out.second);
        });
}

void OverviewPage::showHealth(const std::shared_ptr<const HealthReport>& report,
                              const QString& error) {
    magnets_->clear();
    Q_EMIT healthRead(report, filter_->isSet() ? filter_->rangeText() : QString());
    if (!report) {
        magnets_->hide();
        healthSummary_->setText(tr("The audit log could not be read: %1").arg(error));
        Q_EMIT healthShown();
        return;
    }
    const HealthReport& r = *report;
    magnets_->setVisible(!r.magnets.empty());
    if (r.searches == 0) {
        healthSummary_->setText(
            filter_->isSet()
                ? tr("No search was logged in the time filter's range (%1): nothing to say about "
                     "what searches reach.")
                      .arg(filter_->rangeText())
                : tr("No search has been logged yet: nothing to say about what searches reach."));
        Q_EMIT healthShown();
        return;
    }
    const auto pct = [](std::size_t part, std::size_t whole) {
        return whole ? qRound(100.0 * static_cast<double>(part) / static_cast<double>(whole)) : 0;
    };
    QStringList ages;
    for (const CoverageRow& a : r.by_age)
        if (a.chunks)
            ages << tr("%1: %2 of %3")
                        .arg(QCoreApplication::translate(a.age.context, a.age.text),
                             formatCount(a.never_returned), formatCount(a.chunks));
    QString text =
        tr("%1 of %2 memories (%3%) were returned by none of the %4 logged searches (%5 distinct "
           "questions).")
            .arg(formatCount(r.never_returned), formatCount(r.chunks))
            .arg(pct(r.never_returned, r.chunks))
            .arg(formatCount(r.searches), formatCount(r.distinct_queries));
    if (filter_->isSet())
        text = tr("Searches logged %1 (the time filter):").arg(filter_->rangeText()) +
               QLatin1Char(' ') + text;
    text +=
        QLatin1Char(' ') + tr("Never returned, by age: %1.").arg(ages.join(QStringLiteral("; ")));
    if (!r.by_source.empty() && r.by_source.front().never_returned > 0)
        text += QLatin1Char(' ') + tr("Most never returned: %1 (%2 of %3).")
                                       .arg(qs(r.by_source.front().label))
                                       .arg(formatCount(r.by_source.front().never_returned))
                                       .arg(formatCount(r.by_source.front().chunks));
    text += QLatin1Char(' ') +
            (r.magnets.empty() ? tr("No magnet: no memory comes back for many unrelated questions.")
                               : tr("%n magnet(s): memories that come back for many unrelated "
                                    "questions, below.",
                                    "", static_cast<int>(r.magnets.size())));
    healthSummary_->setText(text);
    for (const Magnet& m : r.magnets) {
        auto* item = new QTreeWidgetItem(magnets_);
        item->setText(0, QString::number(m.queries));
        item->setText(1, QStringLiteral("%1%").arg(qRound(m.share * 100)));
        item->setText(2, QStringLiteral("%1%").arg(qRound(m.unrelated_share * 100)));
        item->setText(3, qs(m.text));
        item->setData(0, Qt::UserRole, qs(m.node_id));
        QStringList asked;
        for (const auto& q : m.sample_queries)
            asked << QStringLiteral("• ") + qs(q);
        const QString tip =
            tr("Returned for %n question(s), among them:", "", static_cast<int>(m.queries)) +
            QLatin1Char('\n') + asked.join(QLatin1Char('\n'));
        for (int c = 0; c < 4; ++c)
            item->setToolTip(c, tip);
    }
    Q_EMIT healthShown();
}

void OverviewPage::applyTimeFilter() {
    if (filter_->isSet())
        timeline_->setSelection(filter_->sinceMs(), filter_->untilMs());
    else
        timeline_->clearSelection();
    if (vault_->isOpen())
        refreshHealth();
}

void OverviewPage::showKinds(const VaultOverviewData& data) {
    kinds_->removeAllSeries();
    for (QAbstractAxis* axis : kinds_->axes()) {
        kinds_->removeAxis(axis);
        delete axis; // removeAxis hands the axis back to its caller
    }
    std::map<QString, qint64> byKind;
    for (const auto& s : data.sources)
        byKind[qs(s.source_kind.empty() ? std::string("unknown") : s.source_kind)] += s.chunk_count;
    if (byKind.empty())
        return;
    auto* set = new QBarSet(tr("Chunks"));
    QStringList categories;
    qint64 peak = 1;
    for (const auto& [kind, n] : byKind) {
        categories << kind;
        *set << static_cast<qreal>(n);
        peak = std::max<qint64>(peak, n);
    }
    set->setLabelColor(palette().color(QPalette::Text));
    auto* series = new QHorizontalBarSeries();
    series->append(set);
    series->setLabelsVisible(true);
    // Beyond the bar's end: inside, a kind with a short bar (a few emails among a million chat
    // chunks) had its count cut to the last digits.
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setLabelsPrecision(15); // whole counts: the default 6 digits turn 1234567 into 1.23e+06
    kinds_->addSeries(series);
    auto* y = new QBarCategoryAxis();
    y->append(categories);
    auto* x = new QValueAxis();
    x->setRange(0, static_cast<qreal>(peak) * 1.25); // room for the longest bar's label
    x->setLabelFormat(QStringLiteral("%.0f"));
    x->applyNiceNumbers();
    kinds_->addAxis(y, Qt::AlignLeft);
    kinds_->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    series->attachAxis(y);
}

} // namespace memlens::ui
