#include "widgets/markdownview.h"

#include <QUrl>

namespace memlens::ui {

MarkdownView::MarkdownView(QWidget* parent)
    : QTextBrowser(parent) {
    setOpenLinks(false);
    setOpenExternalLinks(false);
    setReadOnly(true);
    connect(this, &QTextBrowser::anchorClicked, this, &MarkdownView::linkActivated);
}

QVariant MarkdownView::loadResource(int type, const QUrl& name) {
    if (name.scheme() == QLatin1String("qrc") ||
        (name.scheme().isEmpty() && name.path().startsWith(QLatin1Char(':'))))
        return QTextBrowser::loadResource(type, name);
    ++refused_;
    return {};
}

} // namespace memlens::ui
