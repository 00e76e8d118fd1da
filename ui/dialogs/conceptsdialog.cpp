#include "dialogs/conceptsdialog.h"

#include "widgets/markdownview.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QVBoxLayout>

namespace memlens::ui {

ConceptsDialog::ConceptsDialog(QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("memlens concepts"));
    auto* text = new MarkdownView(this);
    QFile file(QStringLiteral(":/memlens/help/concepts.md"));
    if (file.open(QIODevice::ReadOnly))
        text->setMarkdown(QString::fromUtf8(file.readAll()));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(text);
    layout->addWidget(buttons);
    resize(720, 640);
}

} // namespace memlens::ui
