// Calibration… (Query menu): how the scores of the hits judged relevant and of the others are
// spread (calibration.h, docs/judgments.md), and what a no-match threshold on the final score
// would keep. The slider moves the threshold and the verdict in words says what it would do
// (precision of what is returned, recall, questions that would answer "no match"); Save stores
// it as the vault's no-match threshold (search.min_score), which every search then honours.
// Measured and saved on the background pool.
#pragma once

#include "vault/vaultref.h"

#include <QDialog>

#include <memory>

class QChartView;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;

namespace memlens {
struct CalibrationReport;
struct ScoreHistogram;
} // namespace memlens

namespace memlens::ui {

class JobRunner;

class CalibrationDialog : public QDialog {
    Q_OBJECT
public:
    explicit CalibrationDialog(QWidget* parent = nullptr);
    ~CalibrationDialog() override;

    void setVault(const VaultRef& ref);
    // Asks every judged query again at the k shown.
    void measure();
    // The threshold the verdict and the charts show (clamped to the slider's range).
    void setThreshold(double threshold);
    double threshold() const;
    // Stores the threshold shown (or 0: off) as the vault's no-match threshold.
    void saveThreshold(double threshold);

    QLabel* verdict() const { return verdict_; }
    QLabel* savedLabel() const { return saved_; }
    QSlider* slider() const { return slider_; }
    QDoubleSpinBox* thresholdBox() const { return box_; }
    QPushButton* saveButton() const { return save_; }
    QPushButton* offButton() const { return off_; }
    QChartView* finalChart() const { return charts_[0]; }

Q_SIGNALS:
    void measured();
    // The vault's settings changed (the threshold was saved): every view should read them again.
    void thresholdSaved(double threshold);
    void saveFailed(const QString& error);

private:
    void present();
    void showThreshold();
    void fillChart(QChartView* view, const ScoreHistogram& h, const QString& title,
                   const QString& axis);
    void showMessage(const QString& title, const QString& text);

    VaultRef ref_;
    std::shared_ptr<const CalibrationReport> report_;
    double top_ = 0.0; // the highest final score: the slider's end
    QLabel* verdict_;
    QLabel* saved_;
    QSpinBox* k_;
    QPushButton* run_;
    QSlider* slider_;
    QDoubleSpinBox* box_;
    QPushButton* save_;
    QPushButton* off_;
    QChartView* charts_[3];
    JobRunner* job_;
    JobRunner* saveJob_;
};

} // namespace memlens::ui
