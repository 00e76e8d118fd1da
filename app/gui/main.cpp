#include "mainwindow.h"

#include <QApplication>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    memlens::ui::MainWindow w;
    w.show();
    return QApplication::exec();
}
