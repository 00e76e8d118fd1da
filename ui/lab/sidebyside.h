// Two rankings of one query in two columns, a line joining each hit to itself: green when it
// moved up, red when down, grey when it kept its place; a hit only on the left is "gone", one
// only on the right "new". Hovering a hit shows its move in words (LabMove::line); clicking it
// emits hitClicked so the moves table can select it.
#pragma once

#include <memlens/lab.h>

#include <QString>
#include <QWidget>

#include <vector>

namespace memlens::ui {

class SideBySideView : public QWidget {
    Q_OBJECT
public:
    explicit SideBySideView(QWidget* parent = nullptr);

    void setComparison(const LabComparison& comparison, const QString& leftTitle,
                       const QString& rightTitle);
    void clear();

    // For tests and screenshots: the lines drawn, each (left row, right row, movement), rows
    // 0-based; and the row rectangles' count per side.
    struct Link {
        int left = 0;
        int right = 0;
        Movement movement = Movement::Same;
    };
    const std::vector<Link>& links() const { return links_; }
    int leftCount() const { return static_cast<int>(left_.size()); }
    int rightCount() const { return static_cast<int>(right_.size()); }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void hitClicked(const QString& nodeId);

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    struct Entry {
        QString id;
        QString text;
        QString line; // the move in words
        Movement movement = Movement::Same;
    };
    int rowHeight() const;
    int headerHeight() const;
    QRect rowRect(bool left, int row) const;
    // The entry under a point: side and row, or row -1.
    std::pair<bool, int> hitAt(const QPoint& p) const;

    std::vector<Entry> left_;
    std::vector<Entry> right_;
    std::vector<Link> links_;
    QString leftTitle_;
    QString rightTitle_;
};

} // namespace memlens::ui
