#include <memlens/status.h>

namespace memlens {

const char* status_code_name(StatusCode code) {
    switch (code) {
    case StatusCode::Ok:
        return "Ok";
    case StatusCode::InvalidArgument:
        return "InvalidArgument";
    case StatusCode::NotFound:
        return "NotFound";
    case StatusCode::IoError:
        return "IoError";
    case StatusCode::Corruption:
        return "Corruption";
    case StatusCode::Busy:
        return "Busy";
    case StatusCode::Unsupported:
        return "Unsupported";
    case StatusCode::Cancelled:
        return "Cancelled";
    case StatusCode::Timeout:
        return "Timeout";
    case StatusCode::Internal:
        return "Internal";
    }
    return "Unknown";
}

std::string Status::to_string() const {
    if (is_ok())
        return "Ok";
    return std::string(status_code_name(code_)) + ": " + message_;
}

Status Status::with_context(const std::string& where) const {
    if (is_ok())
        return *this;
    return {code_, where + ": " + message_};
}

} // namespace memlens
