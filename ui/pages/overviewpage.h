// The first page of an open vault: what it is, how much it holds, and when.
#pragma once

#include <QWidget>

class QChart;
class QChartView;
class QLabel;

namespace memlens::ui {

class StatTile;
class VaultController;
struct VaultOverviewData;

class OverviewPage : public QWidget {
    Q_OBJECT
public:
    explicit OverviewPage(VaultController* vault, QWidget* parent = nullptr);

    // For tests and screenshots: the tile showing `caption`'s value ("Chunks" → "5,000").
    QString tileValue(const QString& caption) const;

private:
    void show(const VaultOverviewData& data);
    void showTimeline(const VaultOverviewData& data);
    void showKinds(const VaultOverviewData& data);

    VaultController* vault_;
    QLabel* title_;
    QLabel* details_;
    QList<QPair<QString, StatTile*>> tiles_;
    QChart* timeline_;
    QChart* kinds_;
};

} // namespace memlens::ui
