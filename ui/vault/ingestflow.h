// Runs an ingest job (an import, or the demo build) with a modal progress dialog that shows the
// pipeline's phase and can cancel it. finished() reports how the job ended; a cancelled import
// has rolled back and left the vault as it was.
#pragma once

#include "vault/ingestjobs.h"

#include <QObject>
#include <QPointer>
#include <QProgressDialog>

#include <memory>

class QTimer;
class QWidget;

namespace memlens::ui {

class JobRunner;

class IngestFlow : public QObject {
    Q_OBJECT
public:
    explicit IngestFlow(QWidget* dialogParent);

    bool isRunning() const;
    void startDemo(const QString& dir, std::size_t chunks = kDemoChunks);
    void startImport(const VaultRef& ref, const QStringList& paths,
                     std::optional<ImportFormat> format = std::nullopt);
    // As the dialog's Cancel button does.
    void cancel();

    QProgressDialog* dialog() const { return dialog_; }

    // "Embedding 1,200 of 5,000 items" for a progress report.
    static QString describe(const IngestProgress& p);

Q_SIGNALS:
    void finished(const memlens::ui::IngestJobResult& result);

private:
    template <typename Work> void start(const QString& title, Work work);
    void poll();

    QWidget* dialogParent_;
    JobRunner* jobs_;
    QTimer* poller_;
    QPointer<QProgressDialog> dialog_;
    std::shared_ptr<ProgressState> progress_;
};

} // namespace memlens::ui

Q_DECLARE_METATYPE(memlens::ui::IngestJobResult)
