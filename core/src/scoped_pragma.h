// A connection setting changed for one operation and put back afterwards, so a long-lived
// connection keeps what it had (an import's larger page cache, a forget's secure_delete).
#pragma once

#include <memlens/db.h>

#include <cstdint>
#include <optional>
#include <string>

namespace memlens {

class ScopedPragma {
public:
    // Sets PRAGMA `name` to `value` when its current value reads; otherwise leaves it alone.
    ScopedPragma(const Database& db, std::string name, const std::string& value)
        : db_(db)
        , name_(std::move(name)) {
        auto was = db.query_int("PRAGMA " + name_);
        if (was && db.exec("PRAGMA " + name_ + " = " + value).is_ok())
            previous_ = *was;
    }
    ~ScopedPragma() {
        if (previous_)
            (void)db_.exec("PRAGMA " + name_ + " = " + std::to_string(*previous_));
    }
    ScopedPragma(const ScopedPragma&) = delete;
    ScopedPragma& operator=(const ScopedPragma&) = delete;

private:
    const Database& db_;
    std::string name_;
    std::optional<std::int64_t> previous_;
};

} // namespace memlens
