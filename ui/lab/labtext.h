// What the lab's panels (whatifpanel.h, blastradiuspanel.h, ablationpanel.h, labsettingspanel.h)
// say alike: table cells, lists of setting keys and their changes, the rows a run over the log
// skipped, and the message box each of them opens.
#pragma once

#include <memlens/lab.h>

#include <QCoreApplication>
#include <QString>

#include <string>
#include <vector>

class QTableWidgetItem;
class QWidget;

namespace memlens::ui {

class LabText {
    Q_DECLARE_TR_FUNCTIONS(LabText)
public:
    // " · 3 row(s) logged without …" for each kind of row a run over the log could not rank
    // (LabLog's counts), said wherever such a run's result is shown; empty when none was skipped.
    static QString skippedRows(std::size_t noPools, std::size_t other, std::size_t damaged);
};

// A read-only table cell.
QTableWidgetItem* labItem(const QString& text, const QString& tip = {});
// "a, b, c".
QString labKeyList(const std::vector<std::string>& keys);
// A setting changed between two maps, as "key a → b".
QString labChangeList(const RetrievalSettings& from, const RetrievalSettings& to,
                      const std::vector<std::string>& keys);
// A warning box over `parent` (object name "labMessage"), closed by OK; it does not block.
void showLabMessage(QWidget* parent, const QString& title, const QString& text);

} // namespace memlens::ui
