// The writer thread owns its connection: SQLite connections are used by one thread at a time,
// and a query on the caller's connection must never wait behind an audit insert. How a row
// waits for the lock and where it goes when it cannot: core/include/memlens/audit.h.
#include <memlens/audit.h>
#include <memlens/db.h>
#include <memlens/query_context.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <algorithm>

namespace memlens {

namespace {

using Clock = std::chrono::steady_clock;

// Retry pauses while the lock is held: short at first (most writers hold it briefly), then a
// second at most, so a row still lands within a second of an import's commit.
std::chrono::milliseconds backoff(int attempt) {
    return std::chrono::milliseconds(std::min(1000, 50 << std::min(attempt, 5)));
}

std::string seconds_text(std::chrono::milliseconds d) {
    return std::to_string(std::chrono::duration_cast<std::chrono::seconds>(d).count()) + " s";
}

} // namespace

std::unique_ptr<AuditWriter> AuditWriter::start(const Vault& vault, AuditWriterOptions opts) {
    check_off_ui_thread("AuditWriter::start");
    std::unique_ptr<AuditWriter> w(new AuditWriter());
    w->opts_ = opts;
    if (vault.format() == VaultFormat::OpenHumanWorkspace) {
        w->disabled_reason_ = "audit disabled: read-only (OpenHuman workspace)";
        return w;
    }
    if (vault.read_only()) {
        w->disabled_reason_ = "audit disabled: read-only";
        return w;
    }
    if (Status s = vault.check_writable(); !s.is_ok()) {
        w->disabled_reason_ = "audit disabled: " + s.message();
        return w;
    }
    auto db = vault.open_connection(false);
    if (!db) {
        w->disabled_reason_ = "audit disabled: " + db.status().message();
        return w;
    }
    w->pending_path_ = pending_audit_path(vault);
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
    // What a client sent is kept to a bound in every row, however the row was made: a query
    // that long was refused anyway (kMaxQueryBytes), and an error names what was wrong in far
    // less. The hash stays the hash of the whole query.
    if (record.query.size() > kMaxQueryBytes)
        record.query = cut_utf8(record.query, kMaxQueryBytes);
    if (record.error && record.error->size() > kMaxAuditErrorBytes)
        record.error = cut_utf8(*record.error, kMaxAuditErrorBytes);
    if (!enabled_) {
        AuditNotice n{AuditRowState::Failed, disabled_reason_, 0, 0};
        std::unique_lock lock(mu_);
        ++failed_;
        last_error_ = Status::unsupported(disabled_reason_);
        if (pending_error_.is_ok())
            pending_error_ = last_error_;
        notify(n, record, lock);
        return;
    }
    {
        std::lock_guard lock(mu_);
        queue_.push_back(std::move(record));
    }
    cv_.notify_all();
}

void AuditWriter::notify(const AuditNotice& n, const AuditRecord& rec,
                         std::unique_lock<std::mutex>& lock) {
    NoticeCallback cb = on_notice_;
    if (!cb)
        return;
    lock.unlock();
    cb(n, rec);
    lock.lock();
}

AuditNotice AuditWriter::write_row(AuditRecord& rec, std::unique_lock<std::mutex>& lock) {
    const Clock::time_point deadline = Clock::now() + opts_.lock_wait;
    bool told_waiting = false;
    for (int attempt = 0;; ++attempt) {
        lock.unlock();
        // Rows kept earlier go first, so that the log keeps the order rows were answered in
        // as far as it can. A merge that meets the lock leaves the file for the next attempt;
        // a file that cannot be read back is left for a person and does not hold this row up.
        auto merged = merge_pending_audit(*db_, pending_path_);
        const bool lock_held = !merged && merged.status().code() == StatusCode::Busy;
        Status s = lock_held ? merged.status() : write_audit_row(*db_, rec);
        lock.lock();
        if (s.is_ok()) {
            std::string text = "audit row " + std::to_string(rec.id) + " written";
            if (merged && *merged > 0)
                text += ", with " + std::to_string(*merged) + " kept earlier in " +
                        pending_path_.string();
            if (!merged) {
                last_error_ = merged.status();
                text += "; the rows kept in " + pending_path_.string() +
                        " could not be read back: " + merged.status().message();
            }
            return {AuditRowState::Written, text, rec.id, merged ? *merged : 0};
        }
        const bool may_wait = s.code() == StatusCode::Busy && !stopping_ && !keep_waiting_rows_ &&
                              Clock::now() < deadline;
        if (!may_wait) {
            lock.unlock();
            Status kept = append_pending_audit(pending_path_, rec);
            lock.lock();
            const std::string why =
                s.code() == StatusCode::Busy
                    ? "the vault's write lock was held by another process (an import?) for " +
                          seconds_text(opts_.lock_wait)
                    : s.message();
            if (kept.is_ok())
                return {AuditRowState::Pending,
                        "audit row kept in " + pending_path_.string() + " (" + why +
                            "); the next query that is logged moves it into the audit log",
                        0, 0};
            return {AuditRowState::Failed,
                    "audit row lost: " + why + "; and it could not be kept: " + kept.message(), 0,
                    0};
        }
        if (!told_waiting) {
            told_waiting = true;
            notify({AuditRowState::Waiting,
                    "audit row waits for the vault's write lock (another process, such as an "
                    "import, holds it)",
                    0, 0},
                   rec, lock);
        }
        cv_.wait_for(lock, backoff(attempt), [this] { return stopping_ || keep_waiting_rows_; });
    }
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
        const AuditNotice n = write_row(rec, lock);
        switch (n.state) {
        case AuditRowState::Written:
            ++written_;
            last_id_ = rec.id;
            break;
        case AuditRowState::Pending:
            ++pending_;
            last_error_ = Status::busy(n.message);
            break;
        default:
            ++failed_;
            last_error_ = Status::io(n.message);
            break;
        }
        if (n.state != AuditRowState::Written && pending_error_.is_ok())
            pending_error_ = last_error_;
        // Still busy while the callback runs, so flush() returns only after it.
        notify(n, rec, lock);
        busy_ = false;
        if (queue_.empty())
            idle_cv_.notify_all();
    }
}

Status AuditWriter::flush(std::chrono::milliseconds max_wait) {
    std::unique_lock lock(mu_);
    const auto idle = [this] { return queue_.empty() && !busy_; };
    const bool bounded = max_wait != std::chrono::milliseconds::max();
    if (!bounded || !idle_cv_.wait_for(lock, max_wait, idle)) {
        if (bounded) {
            keep_waiting_rows_ = true;
            cv_.notify_all();
        }
        idle_cv_.wait(lock, idle);
        keep_waiting_rows_ = false;
    }
    Status s = pending_error_;
    pending_error_ = Status::ok();
    return s;
}

Status AuditWriter::last_error() const {
    std::lock_guard lock(mu_);
    return last_error_;
}

void AuditWriter::set_notice_callback(NoticeCallback cb) {
    std::lock_guard lock(mu_);
    on_notice_ = std::move(cb);
}

std::uint64_t AuditWriter::written() const {
    std::lock_guard lock(mu_);
    return written_;
}

std::uint64_t AuditWriter::pending() const {
    std::lock_guard lock(mu_);
    return pending_;
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
