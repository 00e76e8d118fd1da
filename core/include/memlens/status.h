// The one error type of the core (leveldb-style Status) and a value-or-error Result<T>.
//
// Every fallible core call returns Status or Result<T>; the core never throws across its
// public API and never prints. Messages name what failed and where ("file.jsonl:12: ...").
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace memlens {

enum class StatusCode {
    Ok = 0,
    InvalidArgument, // bad input from a caller or a file: malformed, wrong shape, out of range
    NotFound,        // a vault, file or id that does not exist
    IoError,         // the filesystem or network failed
    Corruption,      // a vault that SQLite cannot read, or that fails its checks
    Busy,            // the vault is locked by another writer
    Unsupported,     // a newer schema version, or a read-only vault asked to write
    Cancelled,       // the caller's cancel flag was raised
    Timeout,         // a deadline passed (HTTP embedder, budgets)
    Internal,        // a bug: an invariant did not hold
};

const char* status_code_name(StatusCode code);

class [[nodiscard]] Status {
public:
    Status() = default;
    Status(StatusCode code, std::string message)
        : code_(code)
        , message_(std::move(message)) {}

    static Status ok() { return {}; }
    static Status invalid(std::string m) { return {StatusCode::InvalidArgument, std::move(m)}; }
    static Status not_found(std::string m) { return {StatusCode::NotFound, std::move(m)}; }
    static Status io(std::string m) { return {StatusCode::IoError, std::move(m)}; }
    static Status corruption(std::string m) { return {StatusCode::Corruption, std::move(m)}; }
    static Status busy(std::string m) { return {StatusCode::Busy, std::move(m)}; }
    static Status unsupported(std::string m) { return {StatusCode::Unsupported, std::move(m)}; }
    static Status cancelled(std::string m = "cancelled") {
        return {StatusCode::Cancelled, std::move(m)};
    }
    static Status timeout(std::string m) { return {StatusCode::Timeout, std::move(m)}; }
    static Status internal(std::string m) { return {StatusCode::Internal, std::move(m)}; }

    bool is_ok() const { return code_ == StatusCode::Ok; }
    explicit operator bool() const { return is_ok(); }
    StatusCode code() const { return code_; }
    const std::string& message() const { return message_; }

    // "InvalidArgument: a.jsonl:3: missing field 'text'"
    std::string to_string() const;

    // Prefixes the message with where it happened: "vault.db: " + message.
    Status with_context(const std::string& where) const;

private:
    StatusCode code_ = StatusCode::Ok;
    std::string message_;
};

// A value or the Status that explains why there is none.
template <typename T> class [[nodiscard]] Result {
public:
    Result(T value)
        : v_(std::move(value)) {} // NOLINT(google-explicit-constructor)
    Result(Status status)
        : v_(std::move(status)) {
        assert(!std::get<Status>(v_).is_ok());
    } // NOLINT

    bool is_ok() const { return std::holds_alternative<T>(v_); }
    explicit operator bool() const { return is_ok(); }

    T& value() & { return std::get<T>(v_); }
    const T& value() const& { return std::get<T>(v_); }
    T&& value() && { return std::get<T>(std::move(v_)); }
    T* operator->() { return &std::get<T>(v_); }
    const T* operator->() const { return &std::get<T>(v_); }
    T& operator*() & { return std::get<T>(v_); }
    const T& operator*() const& { return std::get<T>(v_); }

    Status status() const { return is_ok() ? Status::ok() : std::get<Status>(v_); }

private:
    std::variant<T, Status> v_;
};

} // namespace memlens

// Early return on error, for Status-returning and Result-returning functions alike. Variadic, so
// that an expression with a lambda (Statement::each_row) may hold commas outside parentheses.
#define MEMLENS_TRY(...)                                                                           \
    do {                                                                                           \
        ::memlens::Status memlens_try_status_ = (__VA_ARGS__);                                     \
        if (!memlens_try_status_.is_ok())                                                          \
            return memlens_try_status_;                                                            \
    } while (false)
