#include "dialogs/calibrationdialog.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "vault/workervault.h"

#include <memlens/calibration.h>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace memlens::ui {

namespace {

constexpr int kSliderSteps = 1000;
constexpr int kBins = 12;
constexpr int kLegBins = 8; // the leg charts are half as wide

QString score(double v) {
    return QString::number(v, 'f', 5);
}

QString share(double v) {
    return QStringLiteral("%1%").arg(qRound(v * 100));
}

struct CalibrationOut {
    std::shared_ptr<const CalibrationReport> report;
    QString error;
};

} // namespace

CalibrationDialog::CalibrationDialog(QWidget* parent)
    : QDialog(parent)
    , verdict_(new QLabel(this))
    , saved_(new QLabel(this))
    , k_(new QSpinBox(this))
    , run_(new QPushButton(tr("&Measure"), this))
    , slider_(new QSlider(Qt::Horizontal, this))
    , box_(new QDoubleSpinBox(this))
    , save_(new QPushButton(tr("&Save as the vault's no-match threshold"), this))
    , off_(new QPushButton(tr("Turn the threshold &off"), this))
    , charts_{new QChartView(this), new QChartView(this), new QChartView(this)}
    , job_(new JobRunner(this))
    , saveJob_(new JobRunner(this)) {
    setObjectName(QStringLiteral("calibrationDialog"));
    setWindowTitle(tr("Score calibration over the judged queries"));
    verdict_->setWordWrap(true);
    verdict_->setTextFormat(Qt::RichText);
    verdict_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    saved_->setWordWrap(true);
    k_->setRange(1, kMaxMetricsK);
    k_->setValue(10);
    k_->setPrefix(tr("k = "));
    k_->setToolTip(tr("How many hits of each query count"));
    connect(run_, &QPushButton::clicked, this, &CalibrationDialog::measure);
    slider_->setRange(0, kSliderSteps);
    slider_->setEnabled(false);
    box_->setDecimals(5);
    box_->setRange(0.0, 1000.0);
    box_->setSingleStep(0.0005);
    box_->setEnabled(false);
    box_->setToolTip(tr("Hits whose final score is below this are not returned; 0 = off"));
    connect(slider_, &QSlider::valueChanged, this,
            [this](int v) { setThreshold(top_ * static_cast<double>(v) / kSliderSteps); });
    connect(box_, &QDoubleSpinBox::valueChanged, this, [this](double v) { setThreshold(v); });
    save_->setEnabled(false);
    off_->setEnabled(false);
    connect(save_, &QPushButton::clicked, this, [this] { saveThreshold(threshold()); });
    connect(off_, &QPushButton::clicked, this, [this] { saveThreshold(0.0); });
    for (QChartView* view : charts_) {
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(220);
        view->setChart(new QChart());
    }

    auto* head = new QHBoxLayout();
    head->addWidget(k_);
    head->addWidget(run_);
    head->addStretch(1);
    auto* pick = new QHBoxLayout();
    pick->addWidget(new QLabel(tr("Threshold on the final score:"), this));
    pick->addWidget(slider_, 1);
    pick->addWidget(box_);
    auto* keep = new QHBoxLayout();
    keep->addWidget(saved_, 1);
    keep->addWidget(save_);
    keep->addWidget(off_);
    auto* legs = new QHBoxLayout();
    legs->addWidget(charts_[1]);
    legs->addWidget(charts_[2]);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(head);
    layout->addWidget(verdict_);
    layout->addLayout(pick);
    layout->addLayout(keep);
    layout->addWidget(charts_[0], 1);
    layout->addLayout(legs, 1);
    layout->addWidget(close);
    resize(980, 760);
}

CalibrationDialog::~CalibrationDialog() = default;

void CalibrationDialog::setVault(const VaultRef& ref) {
    if (report_ && ref.isValid() && ref.dir == ref_.dir) {
        // The same vault read again (its settings changed): the measurement still holds.
        ref_ = ref;
        save_->setEnabled(!ref_.readOnly);
        off_->setEnabled(!ref_.readOnly && report_->min_score > 0.0);
        return;
    }
    ref_ = ref;
    job_->cancel();
    saveJob_->cancel();
    report_.reset();
    top_ = 0.0;
    verdict_->clear();
    saved_->clear();
    slider_->setEnabled(false);
    box_->setEnabled(false);
    save_->setEnabled(false);
    off_->setEnabled(false);
    for (QChartView* view : charts_)
        view->chart()->removeAllSeries();
}

void CalibrationDialog::measure() {
    if (!ref_.isValid()) {
        verdict_->setText(tr("Open a vault first."));
        Q_EMIT measured();
        return;
    }
    verdict_->setText(tr("Asking every judged query again, with the threshold off…"));
    run_->setEnabled(false);
    const VaultRef ref = ref_;
    const int k = k_->value();
    job_->start(
        [ref, k](const std::atomic_bool& cancel) {
            CalibrationOut out;
            auto vault = workerVault(ref);
            if (!vault) {
                out.error = formatStatus(vault.status());
                return out;
            }
            auto engine = workerEngine(ref);
            if (!engine) {
                out.error = formatStatus(engine.status());
                return out;
            }
            MetricsOptions o;
            o.k = k;
            o.cancel = &cancel;
            auto r = compute_calibration(**vault, **engine, o);
            if (!r) {
                out.error = formatStatus(r.status());
                return out;
            }
            out.report = std::make_shared<const CalibrationReport>(std::move(r).value());
            return out;
        },
        [this](const CalibrationOut& out) {
            run_->setEnabled(true);
            if (!out.report) {
                verdict_->setText(tr("Not measured: %1").arg(out.error.toHtmlEscaped()));
                Q_EMIT measured();
                return;
            }
            report_ = out.report;
            present();
        });
}

void CalibrationDialog::present() {
    const CalibrationReport& r = *report_;
    if (r.relevant_per_query.empty() || r.samples.empty()) {
        verdict_->setText(
            tr("No judged query has a relevant hit yet: grade hits with the keys 0–3 on the "
               "Query page, or import TREC qrels (memlens-cli judge import)."));
        Q_EMIT measured();
        return;
    }
    top_ = 0.0;
    for (const CalibrationSample& s : r.samples)
        top_ = std::max(top_, s.final_score);
    saved_->setText(r.min_score > 0.0
                        ? tr("The vault's no-match threshold: %1.").arg(score(r.min_score))
                        : tr("The vault has no no-match threshold: every hit is returned."));
    slider_->setEnabled(true);
    box_->setEnabled(true);
    save_->setEnabled(!ref_.readOnly);
    off_->setEnabled(!ref_.readOnly && r.min_score > 0.0);
    const QString readOnly =
        tr("%1 is open read-only: the threshold cannot be saved.").arg(ref_.dir);
    save_->setToolTip(ref_.readOnly ? readOnly : QString());
    fillChart(charts_[1], score_histogram(r, CalibrationScore::Keyword, kLegBins),
              tr("Keyword leg"), tr("its score (−BM25F × factors; higher = better)"));
    fillChart(charts_[2], score_histogram(r, CalibrationScore::Vector, kLegBins), tr("Vector leg"),
              tr("cosine to the query"));
    setThreshold(r.min_score);
    showThreshold();
    Q_EMIT measured();
}

void CalibrationDialog::setThreshold(double threshold) {
    threshold = std::clamp(threshold, 0.0, std::max(top_, 0.0));
    {
        const QSignalBlocker a(slider_);
        const QSignalBlocker b(box_);
        slider_->setValue(
            top_ > 0.0 ? static_cast<int>(std::lround(threshold / top_ * kSliderSteps)) : 0);
        box_->setValue(threshold);
    }
    showThreshold();
}

double CalibrationDialog::threshold() const {
    return box_->value();
}

void CalibrationDialog::showThreshold() {
    if (!report_ || report_->samples.empty())
        return;
    const CalibrationReport& r = *report_;
    const double t = threshold();
    const ThresholdFigures at = figures_at(r, t);
    const ThresholdFigures none = figures_at(r, 0.0);
    const int queries = static_cast<int>(r.relevant_per_query.size());
    QString words;
    if (t <= 0.0)
        words = tr("<b>Without a threshold</b> every hit is returned: %1 of them relevant, "
                   "recall %2 over %n judged question(s).",
                   nullptr, queries)
                    .arg(share(none.precision), QString::number(none.recall, 'f', 3));
    else
        words = tr("<b>At %1, %2 of what is returned is relevant</b> (%3 without a threshold); "
                   "recall %4 instead of %5; <b>%6 of %n question(s) would answer “no match”</b>, "
                   "%7 of them with a relevant hit lost.",
                   nullptr, queries)
                    .arg(score(t), share(at.precision), share(none.precision),
                         QString::number(at.recall, 'f', 3), QString::number(none.recall, 'f', 3))
                    .arg(at.no_match_queries)
                    .arg(at.answered_lost);
    const QString under =
        tr("%1 of %2 hits kept (the first %3 of each question, asked with the threshold off). "
           "A threshold can also let a candidate MMR left out move up into a freed place; "
           "Metrics… with the threshold saved measures that ranking itself.")
            .arg(at.returned)
            .arg(none.returned)
            .arg(r.k);
    verdict_->setText(words + QStringLiteral("<br><small>") + under.toHtmlEscaped() +
                      QStringLiteral("</small>"));
    fillChart(charts_[0], score_histogram(r, CalibrationScore::Final, kBins, t),
              tr("Final score (what the threshold compares)"), tr("final score"));
}

void CalibrationDialog::fillChart(QChartView* view, const ScoreHistogram& h, const QString& title,
                                  const QString& axis) {
    QChart* chart = view->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* a : chart->axes()) {
        chart->removeAxis(a);
        delete a;
    }
    chart->setTitle(title);
    chart->setMargins(QMargins(4, 4, 4, 4));
    const bool split = h.score == CalibrationScore::Final && threshold() > 0.0;
    auto* relevant = new QBarSet(split ? tr("relevant, returned") : tr("relevant"));
    auto* other = new QBarSet(split ? tr("other, returned") : tr("other (graded 0 or ungraded)"));
    auto* relevantBelow = new QBarSet(tr("relevant, held back"));
    auto* otherBelow = new QBarSet(tr("other, held back"));
    relevant->setColor(QColor(0x2e, 0x7d, 0x32));
    relevantBelow->setColor(QColor(0xa5, 0xd6, 0xa7));
    other->setColor(QColor(0x75, 0x75, 0x75));
    otherBelow->setColor(QColor(0xd6, 0xd6, 0xd6));
    QStringList categories;
    std::size_t peak = 1;
    std::size_t total = 0;
    for (std::size_t i = 0; i < h.relevant.size(); ++i) {
        *relevant << static_cast<qreal>(h.relevant[i] - h.relevant_below[i]);
        *relevantBelow << static_cast<qreal>(h.relevant_below[i]);
        *other << static_cast<qreal>(h.other[i] - h.other_below[i]);
        *otherBelow << static_cast<qreal>(h.other_below[i]);
        peak = std::max(peak, h.relevant[i] + h.other[i]);
        total += h.relevant[i] + h.other[i];
        const double from = h.low + h.bin_width() * static_cast<double>(i);
        categories << QString::number(from, 'g', h.score == CalibrationScore::Final ? 3 : 2);
    }
    auto* series = new QStackedBarSeries();
    series->append(relevant);
    if (split)
        series->append(relevantBelow);
    else
        delete relevantBelow;
    series->append(other);
    if (split)
        series->append(otherBelow);
    else
        delete otherBelow;
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis();
    x->append(categories);
    x->setTitleText(total == 0 ? tr("%1: no hit has this score").arg(axis)
                               : tr("%1, bins from").arg(axis));
    x->setLabelsAngle(-45);
    auto* y = new QValueAxis();
    y->setRange(0, static_cast<double>(peak) * 1.1);
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTitleText(tr("hits"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    chart->legend()->setVisible(true);
    chart->legend()->setAlignment(Qt::AlignTop);
}

void CalibrationDialog::saveThreshold(double threshold) {
    if (!ref_.isValid())
        return;
    if (ref_.readOnly) {
        showMessage(tr("Cannot save the threshold"),
                    tr("%1 is open read-only, so its no-match threshold cannot be saved. Open it "
                       "again without read-only (File › Open Vault…) to save it.")
                        .arg(ref_.dir));
        return;
    }
    const VaultRef ref = ref_;
    save_->setEnabled(false);
    off_->setEnabled(false);
    saveJob_->start(
        [ref, threshold](const std::atomic_bool&) -> QString {
            auto vault = workerVault(ref);
            if (!vault)
                return formatStatus(vault.status());
            const Status saved = save_no_match_threshold(**vault, threshold);
            return saved.is_ok() ? QString() : formatStatus(saved);
        },
        [this, threshold](const QString& error) {
            save_->setEnabled(true);
            if (!error.isEmpty()) {
                off_->setEnabled(report_ && report_->min_score > 0.0);
                showMessage(
                    tr("Cannot save the threshold"),
                    tr("The no-match threshold of %1 was not saved: %2").arg(ref_.dir, error));
                Q_EMIT saveFailed(error);
                return;
            }
            if (report_) {
                auto updated = std::make_shared<CalibrationReport>(*report_);
                updated->min_score = threshold;
                report_ = updated;
            }
            off_->setEnabled(threshold > 0.0);
            saved_->setText(threshold > 0.0
                                ? tr("Saved: the vault's no-match threshold is now %1. Searches "
                                     "leave out hits scoring below it and say how many.")
                                      .arg(score(threshold))
                                : tr("Saved: the vault has no no-match threshold now."));
            Q_EMIT thresholdSaved(threshold);
        });
}

void CalibrationDialog::showMessage(const QString& title, const QString& text) {
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("calibrationMessage"));
    box->open();
}

} // namespace memlens::ui
