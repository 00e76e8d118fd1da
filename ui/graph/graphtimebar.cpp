#include "graph/graphtimebar.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "graph/graphdata.h"
#include "graph/graphscene.h"
#include "vault/vaultcontroller.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>

#include <algorithm>
#include <cmath>

namespace memlens::ui {

namespace {

constexpr int kTimeSteps = 1000;

} // namespace

GraphTimeBar::GraphTimeBar(const VaultController* vault, GraphScene* scene, QWidget* parent)
    : QWidget(parent)
    , vault_(vault)
    , scene_(scene)
    , timesJob_(new JobRunner(this))
    , timeBox_(new QCheckBox(tr("&Time window"), this))
    , timeFrom_(new QSlider(Qt::Horizontal, this))
    , timeUntil_(new QSlider(Qt::Horizontal, this))
    , timeLabel_(new QLabel(this)) {
    timeFrom_->setRange(0, kTimeSteps);
    timeUntil_->setRange(0, kTimeSteps);
    timeUntil_->setValue(kTimeSteps);
    timeFrom_->setEnabled(false);
    timeUntil_->setEnabled(false);
    timeBox_->setEnabled(false);
    timeBox_->setToolTip(tr("Show the graph as it stood between two dates: each edge drawn "
                            "with the chunks it shares inside the window"));
    auto* timeRow = new QHBoxLayout(this);
    timeRow->setContentsMargins(0, 0, 0, 0);
    timeRow->addWidget(timeBox_);
    timeRow->addWidget(timeFrom_, 1);
    timeRow->addWidget(timeUntil_, 1);
    timeRow->addWidget(timeLabel_);
    connect(timeBox_, &QCheckBox::toggled, this, &GraphTimeBar::setTimeWindowEnabled);
    connect(timeFrom_, &QSlider::valueChanged, this, [this](int v) {
        if (v > timeUntil_->value())
            timeUntil_->setValue(v);
        applyTimeWindow();
    });
    connect(timeUntil_, &QSlider::valueChanged, this, [this](int v) {
        if (v < timeFrom_->value())
            timeFrom_->setValue(v);
        applyTimeWindow();
    });
}

void GraphTimeBar::graphReplaced() {
    timesJob_->cancel();
    timeBox_->blockSignals(true);
    timeBox_->setChecked(false);
    timeBox_->blockSignals(false);
    timeBox_->setEnabled(false);
    timeFrom_->setEnabled(false);
    timeUntil_->setEnabled(false);
    timeLabel_->setText(tr("times loading…"));
    loadEdgeTimes();
}

void GraphTimeBar::loadEdgeTimes() {
    const VaultRef ref = vault_->ref();
    GraphData copy = scene_->data();
    timesJob_->start(
        [ref, copy = std::move(copy)](const std::atomic_bool& cancel) {
            return ui::loadEdgeTimes(ref, copy, cancel);
        },
        [this](EdgeTimesResult result) {
            if (!result.error.isEmpty()) {
                timeLabel_->setText(tr("no times: %1").arg(result.error));
                return;
            }
            scene_->setEdgeTimes(std::move(result.times));
            const bool any = scene_->timeSpan().has_value();
            timeBox_->setEnabled(any);
            timeLabel_->setText(any ? QString() : tr("no dated co-occurrences"));
            if (any && sharedWindow_)
                applySharedWindow();
            Q_EMIT edgeTimesLoaded();
        });
}

void GraphTimeBar::setTimeWindowEnabled(bool on) {
    if (!on)
        sharedWindow_.reset(); // a window still waiting for the edges' times is dropped too
    timeFrom_->setEnabled(on);
    timeUntil_->setEnabled(on);
    if (timeBox_->isChecked() != on) {
        timeBox_->blockSignals(true);
        timeBox_->setChecked(on);
        timeBox_->blockSignals(false);
    }
    applyTimeWindow();
}

void GraphTimeBar::showTimeWindow(qint64 sinceMs, qint64 untilMs) {
    sharedWindow_ = std::make_pair(std::min(sinceMs, untilMs), std::max(sinceMs, untilMs));
    if (scene_->hasEdgeTimes() && scene_->timeSpan())
        applySharedWindow();
}

void GraphTimeBar::applySharedWindow() {
    const auto span = scene_->timeSpan();
    if (!sharedWindow_ || !span)
        return;
    const auto [from, until] = *sharedWindow_;
    sharedWindow_.reset();
    // The sliders show where the window lies in the graph's span; the window itself is the
    // exact one from the timeline until a slider moves.
    const double width = std::max<double>(1.0, static_cast<double>(span->second - span->first));
    auto step = [&](qint64 t) {
        const double v = static_cast<double>(t - span->first) / width * kTimeSteps;
        return static_cast<int>(std::clamp(std::lround(v), 0L, static_cast<long>(kTimeSteps)));
    };
    for (QSlider* s : {timeFrom_, timeUntil_})
        s->blockSignals(true);
    timeFrom_->setValue(step(from));
    timeUntil_->setValue(step(until));
    for (QSlider* s : {timeFrom_, timeUntil_})
        s->blockSignals(false);
    timeBox_->blockSignals(true);
    timeBox_->setChecked(true);
    timeBox_->blockSignals(false);
    timeFrom_->setEnabled(true);
    timeUntil_->setEnabled(true);
    scene_->setTimeWindow(std::make_pair(from, until));
    timeLabel_->setText(tr("%1 (from the Trees timeline)").arg(formatRange(from, until)));
    Q_EMIT windowChanged();
}

void GraphTimeBar::applyTimeWindow() {
    const auto span = scene_->timeSpan();
    if (!timeBox_->isChecked() || !span) {
        if (scene_->timeWindow())
            scene_->setTimeWindow(std::nullopt);
        if (span)
            timeLabel_->setText(tr("all time: %1").arg(formatRange(span->first, span->second)));
        Q_EMIT windowChanged();
        return;
    }
    const double width = static_cast<double>(span->second - span->first);
    auto at = [&](int v) {
        return span->first + static_cast<qint64>(width * v / static_cast<double>(kTimeSteps));
    };
    const qint64 from = at(timeFrom_->value());
    const qint64 until = timeUntil_->value() >= kTimeSteps ? span->second : at(timeUntil_->value());
    scene_->setTimeWindow(std::make_pair(from, until));
    timeLabel_->setText(formatRange(from, until));
    Q_EMIT windowChanged();
}

void GraphTimeBar::resetVaultState() {
    timesJob_->cancel();
    sharedWindow_.reset();
    timeBox_->setChecked(false);
    timeBox_->setEnabled(false);
    timeLabel_->clear();
}

} // namespace memlens::ui
