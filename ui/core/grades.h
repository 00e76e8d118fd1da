// A grade (judgments.h) as every view shows it: its words, translated, and one colour per grade
// (grey for "not relevant", then amber, light green and green), so a reader learns the marks
// once: the results' Grade column, the trees, the biography.
#pragma once

#include <QColor>
#include <QIcon>
#include <QString>

namespace memlens::ui {

QString gradeName(int grade);
QColor gradeColor(int grade);
// A round mark in the grade's colour, for a view's decoration.
QIcon gradeIcon(int grade);

} // namespace memlens::ui
