// The writer thread owns its connection: SQLite connections are used by one thread at a time,
// and a query on the caller's connection must never wait behind an audit insert.
#include <memlens/audit.h>
#include <memlens/db.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

namespace memlens {

std::unique_ptr<AuditWriter> AuditWriter::start(const Vault& vault) {
    check_off_ui_thread("AuditWriter::start");
    std::unique_ptr<AuditWriter> w(new AuditWriter());
    if (vault.format() == VaultFormat::OpenHumanWorkspace) {
        w->disabled_reason_ = "audit disabled: read-only (OpenHuman workspace)";
        return w;
    }
    if (vault.read_only()) {
        w->disabled_reason_ = "audit disabled: read-only";
        return w;
    }
    auto db = vault.open_connection(false);
    if (!db) {
        w->disabled_reason_ = "audit disabled: " + db.status().message();
        return w;
    }
    w->db_ = std::make_unique<Database>(std::move(db).value());
    w->enabled_ = true;
    w->thread_ = std::thread([p = w.get()] { p->run(); });
    return w;
}

AuditWriter::~AuditWriter() {
    {
        std::lock_guard lock(mu_);
        stopping_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable())
        thread_.join();
}

void AuditWriter::submit(AuditRecord record) {
    if (!enabled_) {
        Status s = Status::unsupported(disabled_reason_);
        FailureCallback cb;
        {
            std::lock_guard lock(mu_);
            ++failed_;
            last_error_ = s;
            if (pending_error_.is_ok())
                pending_error_ = s;
            cb = on_failure_;
        }
        if (cb)
            cb(s, record);
        return;
    }
    {
        std::lock_guard lock(mu_);
        queue_.push_back(std::move(record));
    }
    cv_.notify_one();
}

void AuditWriter::run() {
    std::unique_lock lock(mu_);
    for (;;) {
        cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) {
            if (stopping_)
                return;
            continue;
        }
        AuditRecord rec = std::move(queue_.front());
        queue_.pop_front();
        busy_ = true;
        lock.unlock();
        Status s = write_audit_row(*db_, rec);
        lock.lock();
        FailureCallback cb;
        if (s.is_ok()) {
            ++written_;
            last_id_ = rec.id;
        } else {
            ++failed_;
            last_error_ = s;
            if (pending_error_.is_ok())
                pending_error_ = s;
            cb = on_failure_;
        }
        if (cb) {
            // Still busy while the callback runs, so flush() returns only after it.
            lock.unlock();
            cb(s, rec);
            lock.lock();
        }
        busy_ = false;
        if (queue_.empty())
            idle_cv_.notify_all();
    }
}

Status AuditWriter::flush() {
    std::unique_lock lock(mu_);
    idle_cv_.wait(lock, [this] { return queue_.empty() && !busy_; });
    Status s = pending_error_;
    pending_error_ = Status::ok();
    return s;
}

Status AuditWriter::last_error() const {
    std::lock_guard lock(mu_);
    return last_error_;
}

void AuditWriter::set_failure_callback(FailureCallback cb) {
    std::lock_guard lock(mu_);
    on_failure_ = std::move(cb);
}

std::uint64_t AuditWriter::written() const {
    std::lock_guard lock(mu_);
    return written_;
}

std::uint64_t AuditWriter::failed() const {
    std::lock_guard lock(mu_);
    return failed_;
}

std::int64_t AuditWriter::last_written_id() const {
    std::lock_guard lock(mu_);
    return last_id_;
}

} // namespace memlens
