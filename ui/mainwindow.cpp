#include "mainwindow.h"

namespace memlens::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent) {
    setWindowTitle(tr("memlens"));
}

} // namespace memlens::ui
