#include "graph/graphcontrolspanel.h"

#include "core/format.h"

#include <memlens/search.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace memlens::ui {

GraphControlsPanel::GraphControlsPanel(QWidget* parent)
    : QWidget(parent)
    , search_(new QLineEdit(this))
    , scopeBox_(new QComboBox(this))
    , minWeight_(new QSpinBox(this))
    , sizeBox_(new QComboBox(this))
    , aroundHit_(new QPushButton(tr("Around the &Hit"), this))
    , fit_(new QPushButton(tr("Fit"), this)) {
    setupControls();
    layOut();
    connect(search_, &QLineEdit::returnPressed, this,
            [this] { Q_EMIT findRequested(search_->text()); });
    connect(scopeBox_, &QComboBox::currentIndexChanged, this, &GraphControlsPanel::reloadRequested);
    // editingFinished comes whenever the box loses the focus, changed or not (a click into the
    // drawing): only a new weight reads the graph again.
    connect(minWeight_, &QSpinBox::editingFinished, this, [this] {
        if (minWeight_->value() == askedWeight_)
            return;
        askedWeight_ = minWeight_->value();
        Q_EMIT reloadRequested();
    });
    connect(sizeBox_, &QComboBox::currentIndexChanged, this,
            [this] { Q_EMIT sizeMeasureChanged(sizeMeasure()); });
    connect(aroundHit_, &QPushButton::clicked, this, &GraphControlsPanel::aroundHitRequested);
    connect(fit_, &QPushButton::clicked, this, &GraphControlsPanel::fitRequested);
}

// What to draw and how.
void GraphControlsPanel::setupControls() {
    search_->setPlaceholderText(tr("Find an entity… (Enter)"));
    search_->setClearButtonEnabled(true);
    scopeBox_->addItem(tr("Around the most mentioned"), 0);
    for (int n : {500, 2000, 5000})
        scopeBox_->addItem(tr("%Ln most mentioned", nullptr, n), n);
    scopeBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    scopeBox_->setMinimumContentsLength(16);
    scopeBox_->setToolTip(tr("What to draw: a readable neighbourhood of the most mentioned "
                             "entities, or the N most mentioned entities of the vault"));
    minWeight_->setRange(1, 100);
    minWeight_->setValue(2);
    askedWeight_ = minWeight_->value();
    minWeight_->setPrefix(tr("weight ≥ "));
    minWeight_->setToolTip(
        tr("Draw only edges whose two entities share at least this many chunks"));
    sizeBox_->addItem(tr("Size: mentions"), static_cast<int>(NodeSizeMeasure::Mentions));
    sizeBox_->addItem(tr("Size: degree"), static_cast<int>(NodeSizeMeasure::Degree));
    sizeBox_->addItem(tr("Size: PageRank"), static_cast<int>(NodeSizeMeasure::PageRank));
    sizeBox_->addItem(tr("Size: questions that reached it"),
                      static_cast<int>(NodeSizeMeasure::Recall));
    sizeBox_->setToolTip(
        tr("What a node's size shows: how many nodes mention it, how many drawn entities it is "
           "linked to, its PageRank over the weights, or how many distinct logged questions "
           "returned one of its memories (the Overview's health reading; smallest: none)"));
    aroundHit_->setToolTip(tr("Draw the neighbourhood of the entities of the hit shown in the "
                              "detail docks"));
    aroundHit_->setEnabled(false);
    fit_->setToolTip(tr("Frame the shown nodes (0)"));
}

// The controls in a row; the legend and the mouse's help under them.
void GraphControlsPanel::layOut() {
    auto* row1 = new QHBoxLayout();
    row1->addWidget(search_, 2);
    row1->addWidget(scopeBox_);
    row1->addWidget(minWeight_);
    row1->addWidget(sizeBox_);
    row1->addWidget(aroundHit_);
    row1->addWidget(fit_);
    auto* legend = new QLabel(
        tr("● person  ■ organisation  ◆ topic  ▲ other kinds · colour: community"), this);
    auto* help = new QLabel(tr("Click: select · double-click: add neighbours · right-click: "
                               "actions · drag: pan · wheel: zoom"),
                            this);
    help->setForegroundRole(QPalette::PlaceholderText);
    // Both lines wrap rather than widen the window (German runs long).
    legend->setWordWrap(true);
    help->setWordWrap(true);
    help->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    auto* row2 = new QHBoxLayout();
    row2->addWidget(legend, 1);
    row2->addWidget(help, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row1);
    layout->addLayout(row2);
}

GraphRequest GraphControlsPanel::request() const {
    GraphRequest request;
    const int n = scopeBox_->currentData().toInt();
    request.scope = n > 0 ? GraphScope::MostMentioned : GraphScope::Neighbourhood;
    request.maxNodes = static_cast<std::size_t>(std::max(n, 1));
    request.minWeight = minWeight_->value();
    return request;
}

GraphRequest GraphControlsPanel::aroundHitRequest() const {
    GraphRequest request;
    request.scope = GraphScope::Neighbourhood;
    request.seeds = litIds_;
    request.minWeight = minWeight_->value();
    return request;
}

int GraphControlsPanel::minWeight() const {
    return minWeight_->value();
}

NodeSizeMeasure GraphControlsPanel::sizeMeasure() const {
    return static_cast<NodeSizeMeasure>(sizeBox_->currentData().toInt());
}

void GraphControlsPanel::setHit(const RetrievalHit& hit) {
    QStringList ids;
    for (const auto& e : hit.entities)
        ids << qs(e);
    for (const auto& t : hit.topics)
        ids << (t.find(':') == std::string::npos ? QStringLiteral("topic:") + qs(t) : qs(t));
    litIds_ = ids;
    aroundHit_->setEnabled(!litIds_.isEmpty());
    Q_EMIT litChanged();
}

void GraphControlsPanel::resetVaultState() {
    litIds_.clear();
    aroundHit_->setEnabled(false);
    search_->clear();
}

} // namespace memlens::ui
