// Help ▸ Concepts: the retrieval ideas a user meets in memlens, briefly.
#pragma once

#include <QDialog>

namespace memlens::ui {

class ConceptsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ConceptsDialog(QWidget* parent = nullptr);
};

} // namespace memlens::ui
