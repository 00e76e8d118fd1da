#include "lab/sidebyside.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <unordered_map>

namespace memlens::ui {

namespace {

constexpr int kGap = 90; // room for the joining lines
constexpr int kMargin = 6;

QColor moveColor(Movement movement, const QPalette& pal) {
    if (movement == Movement::Up)
        return QColor(0x2e, 0x7d, 0x32);
    if (movement == Movement::Down)
        return QColor(0xc6, 0x28, 0x28);
    return pal.color(QPalette::Mid);
}

QString firstLine(const std::string& text) {
    QString s = QString::fromStdString(text).simplified();
    return s.left(200);
}

} // namespace

SideBySideView::SideBySideView(QWidget* parent)
    : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
}

void SideBySideView::clear() {
    left_.clear();
    right_.clear();
    links_.clear();
    leftTitle_.clear();
    rightTitle_.clear();
    updateGeometry();
    update();
}

void SideBySideView::setComparison(const LabComparison& c, const QString& leftTitle,
                                   const QString& rightTitle) {
    clear();
    leftTitle_ = leftTitle;
    rightTitle_ = rightTitle;
    std::unordered_map<std::string, const LabMove*> moves;
    for (const auto& m : c.moves)
        moves.emplace(m.node_id, &m);
    auto entry = [&](const RetrievalHit& h) {
        Entry e;
        e.id = QString::fromStdString(h.node_id);
        e.text = firstLine(h.content);
        if (auto it = moves.find(h.node_id); it != moves.end()) {
            e.line = QString::fromStdString(it->second->line);
            e.movement = it->second->movement;
        }
        return e;
    };
    for (const auto& h : c.before.result.hits)
        left_.push_back(entry(h));
    for (const auto& h : c.after.result.hits)
        right_.push_back(entry(h));
    std::unordered_map<std::string, int> rightRow;
    for (std::size_t i = 0; i < c.after.result.hits.size(); ++i)
        rightRow.emplace(c.after.result.hits[i].node_id, static_cast<int>(i));
    for (std::size_t i = 0; i < c.before.result.hits.size(); ++i) {
        auto it = rightRow.find(c.before.result.hits[i].node_id);
        if (it == rightRow.end())
            continue;
        const int l = static_cast<int>(i);
        const int r = it->second;
        links_.push_back({l, r, movement_between(l, r)});
    }
    updateGeometry();
    update();
}

int SideBySideView::rowHeight() const {
    return fontMetrics().height() + 10;
}

int SideBySideView::headerHeight() const {
    return fontMetrics().height() + 8;
}

QRect SideBySideView::rowRect(bool left, int row) const {
    const int colWidth = std::max(120, (width() - kGap - 2 * kMargin) / 2);
    const int x = left ? kMargin : kMargin + colWidth + kGap;
    return QRect(x, headerHeight() + row * rowHeight(), colWidth, rowHeight() - 4);
}

QSize SideBySideView::sizeHint() const {
    const int rows = static_cast<int>(std::max(left_.size(), right_.size()));
    return QSize(640, headerHeight() + std::max(rows, 3) * rowHeight() + kMargin);
}

QSize SideBySideView::minimumSizeHint() const {
    return QSize(360, sizeHint().height());
}

std::pair<bool, int> SideBySideView::hitAt(const QPoint& p) const {
    for (bool left : {true, false}) {
        const auto& side = left ? left_ : right_;
        for (int i = 0; i < static_cast<int>(side.size()); ++i)
            if (rowRect(left, i).contains(p))
                return {left, i};
    }
    return {true, -1};
}

void SideBySideView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette& pal = palette();
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(pal.color(QPalette::WindowText));
    const QRect l0 = rowRect(true, 0), r0 = rowRect(false, 0);
    p.drawText(QRect(l0.left(), 0, l0.width(), headerHeight()), Qt::AlignLeft | Qt::AlignVCenter,
               leftTitle_);
    p.drawText(QRect(r0.left(), 0, r0.width(), headerHeight()), Qt::AlignLeft | Qt::AlignVCenter,
               rightTitle_);
    p.setFont(font());

    // The lines first, under the boxes.
    for (const Link& link : links_) {
        const QRect a = rowRect(true, link.left), b = rowRect(false, link.right);
        const QPointF from(a.right() + 1, a.center().y()), to(b.left() - 1, b.center().y());
        QPainterPath path(from);
        path.cubicTo(from + QPointF(kGap / 2.0, 0), to - QPointF(kGap / 2.0, 0), to);
        QPen pen(moveColor(link.movement, pal), link.movement == Movement::Same ? 1.0 : 2.0);
        p.setPen(pen);
        p.drawPath(path);
    }
    const QFontMetrics fm = fontMetrics();
    auto drawSide = [&](bool left) {
        const auto& side = left ? left_ : right_;
        for (int i = 0; i < static_cast<int>(side.size()); ++i) {
            const Entry& e = side[i];
            const QRect r = rowRect(left, i);
            const bool gone = left && e.movement == Movement::Gone;
            const bool fresh = !left && e.movement == Movement::New;
            QColor fill = pal.color(QPalette::Base);
            if (gone)
                fill = pal.color(QPalette::AlternateBase);
            p.setPen(gone || fresh ? QPen(pal.color(QPalette::Highlight), 1.5, Qt::DashLine)
                                   : QPen(pal.color(QPalette::Mid)));
            p.setBrush(fill);
            p.drawRoundedRect(r, 3, 3);
            QString tag = QStringLiteral("#%1").arg(i + 1);
            if (gone)
                tag += QLatin1Char(' ') + tr("gone");
            if (fresh)
                tag += QLatin1Char(' ') + tr("new");
            p.setPen(gone ? pal.color(QPalette::PlaceholderText) : pal.color(QPalette::Text));
            const QRect text = r.adjusted(6, 0, -6, 0);
            p.setFont(bold);
            const int tagWidth = QFontMetrics(bold).horizontalAdvance(tag) + 8;
            p.drawText(text, Qt::AlignLeft | Qt::AlignVCenter, tag);
            p.setFont(font());
            p.drawText(text.adjusted(tagWidth, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                       fm.elidedText(e.text, Qt::ElideRight, text.width() - tagWidth));
        }
    };
    drawSide(true);
    drawSide(false);
    if (left_.empty() && right_.empty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No hits on either side"));
    }
}

bool SideBySideView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        auto [left, row] = hitAt(help->pos());
        if (row >= 0) {
            const Entry& e = (left ? left_ : right_)[static_cast<std::size_t>(row)];
            QToolTip::showText(help->globalPos(),
                               e.line.isEmpty() ? e.text : e.line + QStringLiteral("\n\n") + e.text,
                               this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(event);
}

void SideBySideView::mousePressEvent(QMouseEvent* event) {
    auto [left, row] = hitAt(event->position().toPoint());
    if (row >= 0)
        Q_EMIT hitClicked((left ? left_ : right_)[static_cast<std::size_t>(row)].id);
    QWidget::mousePressEvent(event);
}

} // namespace memlens::ui
