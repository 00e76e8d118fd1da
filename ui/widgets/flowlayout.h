// A layout that places its items left to right and wraps them onto new lines, like words: for
// entity and topic chips whose number and widths vary.
#pragma once

#include <QLayout>
#include <QList>

namespace memlens::ui {

class FlowLayout : public QLayout {
public:
    explicit FlowLayout(QWidget* parent = nullptr, int spacing = 4);
    ~FlowLayout() override;

    void addItem(QLayoutItem* item) override;
    int count() const override;
    QLayoutItem* itemAt(int index) const override;
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

    // Deletes every item and its widget.
    void clear();

private:
    int doLayout(const QRect& rect, bool apply) const;

    QList<QLayoutItem*> items_;
    int spacing_;
};

} // namespace memlens::ui
