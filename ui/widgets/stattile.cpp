#include "widgets/stattile.h"

#include <QLabel>
#include <QVBoxLayout>

namespace memlens::ui {

StatTile::StatTile(const QString& caption, const QString& toolTip, QWidget* parent)
    : QFrame(parent)
    , value_(new QLabel(QStringLiteral("–"), this)) {
    setFrameShape(QFrame::StyledPanel);
    setToolTip(toolTip);
    QFont big = value_->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    value_->setFont(big);
    value_->setAlignment(Qt::AlignCenter);
    value_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* label = new QLabel(caption, this);
    label->setAlignment(Qt::AlignCenter);
    label->setForegroundRole(QPalette::PlaceholderText);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(0);
    layout->addWidget(value_);
    layout->addWidget(label);
}

void StatTile::setValue(const QString& value) {
    value_->setText(value);
}

QString StatTile::value() const {
    return value_->text();
}

} // namespace memlens::ui
