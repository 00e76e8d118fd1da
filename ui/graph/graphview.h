// Pan (drag), zoom (wheel, + and −, anchored under the mouse) and clicks on nodes of a
// GraphScene. Tuned for thousands of items: no antialiasing of the background, minimal
// viewport updates, no painter-state saving per item.
#pragma once

#include <QGraphicsView>

namespace memlens::ui {

class GraphScene;

class GraphView : public QGraphicsView {
    Q_OBJECT
public:
    explicit GraphView(GraphScene* scene, QWidget* parent = nullptr);

    void zoomBy(qreal factor);
    void fitAll();
    void fitRect(const QRectF& rect);
    qreal zoom() const { return transform().m11(); }
    // The node under a viewport position, or -1.
    int nodeAt(const QPoint& viewportPos) const;

Q_SIGNALS:
    void nodeClicked(int index);
    void nodeDoubleClicked(int index);
    void backgroundClicked();

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    QPoint pressPos_;
};

} // namespace memlens::ui
