#include "vault/ingestflow.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "core/logging.h"

#include <QProgressDialog>
#include <QTimer>

namespace memlens::ui {

namespace {
constexpr int kPollMs = 100;
}

IngestFlow::IngestFlow(QWidget* dialogParent)
    : QObject(dialogParent)
    , dialogParent_(dialogParent)
    , jobs_(new JobRunner(this))
    , poller_(new QTimer(this)) {
    poller_->setInterval(kPollMs);
    connect(poller_, &QTimer::timeout, this, &IngestFlow::poll);
    connect(jobs_, &JobRunner::failed, this, [this](const QString& message) {
        poller_->stop();
        if (dialog_)
            dialog_->deleteLater();
        IngestJobResult r;
        r.error = message;
        Q_EMIT finished(r);
    });
}

bool IngestFlow::isRunning() const {
    return jobs_->isRunning();
}

QString IngestFlow::describe(const IngestProgress& p) {
    const QString phase = QString::fromStdString(p.phase);
    QString name;
    if (phase == QLatin1String("generating"))
        name = tr("Generating the demo corpus");
    else if (phase == QLatin1String("reading"))
        name = tr("Reading");
    else if (phase == QLatin1String("chunking"))
        name = tr("Chunking");
    else if (phase == QLatin1String("embedding"))
        name = tr("Embedding");
    else if (phase == QLatin1String("indexing"))
        name = tr("Indexing");
    else if (phase == QLatin1String("sealing"))
        name = tr("Sealing summary trees");
    else if (phase == QLatin1String("topics"))
        name = tr("Building the topic tree");
    else if (phase == QLatin1String("query log"))
        name = tr("Asking the demo's logged questions");
    else
        name = phase.isEmpty() ? tr("Starting") : phase;
    if (p.total > 1)
        return tr("%1: %2 of %3…")
            .arg(name, formatCount(static_cast<qint64>(p.done)),
                 formatCount(static_cast<qint64>(p.total)));
    return name + QStringLiteral("…");
}

template <typename Work> void IngestFlow::start(const QString& title, Work work) {
    progress_ = std::make_shared<ProgressState>();
    dialog_ = new QProgressDialog(dialogParent_);
    dialog_->setWindowTitle(title);
    dialog_->setLabelText(tr("Starting…"));
    dialog_->setRange(0, 0);
    dialog_->setMinimumDuration(0);
    dialog_->setMinimumWidth(420);
    dialog_->setWindowModality(Qt::WindowModal);
    dialog_->setAutoClose(false);
    dialog_->setAutoReset(false);
    connect(dialog_, &QProgressDialog::canceled, this, &IngestFlow::cancel);
    dialog_->show();
    poller_->start();

    auto progress = progress_;
    jobs_->start(
        [work, progress](const std::atomic_bool& cancel) { return work(*progress, cancel); },
        [this](const IngestJobResult& result) {
            poller_->stop();
            if (dialog_)
                dialog_->deleteLater();
            qCInfo(lcImport) << "ingest finished:" << result.report.chunks << "chunks"
                             << (result.cancelled ? "cancelled" : "") << result.error;
            Q_EMIT finished(result);
        });
}

void IngestFlow::startDemo(const QString& dir, std::size_t chunks) {
    start(tr("Building the demo vault"),
          [dir, chunks](ProgressState& progress, const std::atomic_bool& cancel) {
              return buildDemoVault(dir, chunks, progress, cancel);
          });
}

void IngestFlow::startImport(const VaultRef& ref, const QStringList& paths,
                             std::optional<ImportFormat> format) {
    start(tr("Importing"),
          [ref, paths, format](ProgressState& progress, const std::atomic_bool& cancel) {
              return importIntoVault(ref, paths, format, progress, cancel);
          });
}

void IngestFlow::cancel() {
    if (!jobs_->isRunning())
        return;
    jobs_->requestStop();
    if (dialog_) {
        dialog_->setLabelText(tr("Cancelling: rolling back…"));
        dialog_->setCancelButton(nullptr);
    }
}

void IngestFlow::poll() {
    if (!dialog_ || !progress_)
        return;
    const IngestProgress p = progress_->get();
    if (p.total > 1) {
        dialog_->setMaximum(static_cast<int>(std::min<std::size_t>(p.total, INT_MAX)));
        dialog_->setValue(static_cast<int>(std::min<std::size_t>(p.done, INT_MAX)));
    } else {
        dialog_->setRange(0, 0);
    }
    if (dialog_->wasCanceled())
        return;
    dialog_->setLabelText(describe(p));
}

} // namespace memlens::ui
