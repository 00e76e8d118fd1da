#include <memlens/audit.h>
#include <memlens/entities.h>

#include <array>
#include <cstdint>
#include <cstdio>

namespace memlens {

namespace {

constexpr std::size_t kMaxStemBytes = 160; // leaves room for ".md" and a temp-file suffix

// Device names that Windows refuses as file names, with or without an extension (plus com0-9
// and lpt0-9 below). Names with '$' cannot occur: '$' is always percent-encoded.
constexpr std::array<std::string_view, 4> kReserved = {"con", "prn", "aux", "nul"};

bool reserved(std::string_view stem) {
    const std::string_view base = stem.substr(0, stem.find('.'));
    for (auto r : kReserved)
        if (base == r)
            return true;
    return base.size() == 4 && (base.substr(0, 3) == "com" || base.substr(0, 3) == "lpt") &&
           base[3] >= '0' && base[3] <= '9';
}

bool plain(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
}

void percent(std::string& out, unsigned char c) {
    char buf[4];
    std::snprintf(buf, sizeof buf, "%%%02X", c);
    out += buf;
}

} // namespace

std::string safe_file_stem(std::string_view id) {
    if (id.empty())
        return "%";
    std::string out;
    out.reserve(id.size());
    for (std::size_t i = 0; i < id.size(); ++i) {
        const auto c = static_cast<unsigned char>(id[i]);
        if (plain(c) && !(i == 0 && c == '.'))
            out.push_back(static_cast<char>(c));
        else
            percent(out, c);
    }
    if (reserved(out)) {
        const auto first = static_cast<unsigned char>(out[0]);
        std::string escaped;
        percent(escaped, first);
        out.replace(0, 1, escaped);
    }
    if (out.size() > kMaxStemBytes) {
        std::size_t keep = kMaxStemBytes - 17;
        // Never cut a %XX triple in half.
        if (out[keep - 1] == '%')
            keep -= 1;
        else if (out[keep - 2] == '%')
            keep -= 2;
        out.resize(keep);
        char buf[20];
        std::snprintf(buf, sizeof buf, "~%016llx", static_cast<unsigned long long>(fnv1a64(id)));
        out += buf;
    }
    return out;
}

std::string display_surface(std::string_view surfaces, std::string_view fallback) {
    std::string_view best;
    bool found = false;
    while (!surfaces.empty()) {
        const auto nl = surfaces.find('\n');
        const std::string_view line = surfaces.substr(0, nl);
        if (!line.empty() && (!found || line < best)) {
            best = line;
            found = true;
        }
        if (nl == std::string_view::npos)
            break;
        surfaces.remove_prefix(nl + 1);
    }
    return std::string(found ? best : fallback);
}

} // namespace memlens
