#pragma once

#include <QMainWindow>

namespace memlens::ui {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
};

} // namespace memlens::ui
