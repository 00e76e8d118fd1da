// A read-only QTextBrowser for vault content. Memory holds text from anywhere (chats, web
// pages, documents), so rendering it must never fetch: every resource that is not one of our
// own (qrc:) comes back empty, and links open nowhere by themselves; linkActivated() lets the
// page decide (memlens: links select a node, others are only shown).
#pragma once

#include <QTextBrowser>

namespace memlens::ui {

class MarkdownView : public QTextBrowser {
    Q_OBJECT
public:
    explicit MarkdownView(QWidget* parent = nullptr);

    QVariant loadResource(int type, const QUrl& name) override;

    // How many remote or file resources rendering asked for and was refused (for tests).
    int refusedResources() const { return refused_; }

Q_SIGNALS:
    void linkActivated(const QUrl& url);

private:
    int refused_ = 0;
};

} // namespace memlens::ui
