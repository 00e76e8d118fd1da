// The graph page's controls (graphpage.h), above the drawing: find an entity, what to draw (the
// neighbourhood of the most mentioned, or the N most mentioned), the edges' minimum weight, what
// a node's size shows, the neighbourhood of the hit shown in the detail docks, Fit; the shapes'
// legend and the mouse's help under them. It keeps the entities of the hit shown.
#pragma once

#include "graph/graphdata.h"
#include "graph/graphscene.h"

#include <QStringList>
#include <QWidget>

class QComboBox;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace memlens {
struct RetrievalHit;
}

namespace memlens::ui {

class GraphControlsPanel : public QWidget {
    Q_OBJECT
public:
    explicit GraphControlsPanel(QWidget* parent = nullptr);

    // What the scope and weight ask for.
    GraphRequest request() const;
    // The neighbourhood of the hit's entities; an empty request (no seeds) when none is shown.
    GraphRequest aroundHitRequest() const;
    int minWeight() const;
    NodeSizeMeasure sizeMeasure() const;
    // The entities of the hit in the detail docks.
    const QStringList& litIds() const { return litIds_; }
    // The hit now in the detail docks.
    void setHit(const RetrievalHit& hit);
    // Forgets the search and the hit.
    void resetVaultState();

    QLineEdit* searchEdit() const { return search_; }
    QComboBox* scopeBox() const { return scopeBox_; }
    QSpinBox* weightBox() const { return minWeight_; }
    QComboBox* sizeMeasureBox() const { return sizeBox_; }

Q_SIGNALS:
    void findRequested(const QString& text);
    // The scope or the weight changed.
    void reloadRequested();
    void aroundHitRequested();
    void sizeMeasureChanged(memlens::ui::NodeSizeMeasure measure);
    void fitRequested();
    // The hit's entities changed (litIds()).
    void litChanged();

private:
    void setupControls();
    void layOut();

    QStringList litIds_;  // entities of the hit in the detail docks
    int askedWeight_ = 0; // the weight the last reload asked for
    QLineEdit* search_;
    QComboBox* scopeBox_;
    QSpinBox* minWeight_;
    QComboBox* sizeBox_;
    QPushButton* aroundHit_;
    QPushButton* fit_;
};

} // namespace memlens::ui
