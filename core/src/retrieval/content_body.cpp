#include "retrieval/content_body.h"

#include <memlens/vault.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace memlens::detail {

namespace fs = std::filesystem;

namespace {

// A stored path may not lead out of the root: not by "..", not as an absolute path elsewhere,
// not through a symlink.
std::optional<fs::path> inside_root(const fs::path& root, const std::string& stored) {
    std::error_code ec;
    const fs::path p(stored);
    const fs::path candidate = fs::weakly_canonical(p.is_absolute() ? p : root / p, ec);
    if (ec)
        return std::nullopt;
    const fs::path base = fs::weakly_canonical(root, ec);
    if (ec)
        return std::nullopt;
    const fs::path rel = candidate.lexically_relative(base);
    if (rel.empty() || *rel.begin() == ".." || rel == ".")
        return std::nullopt;
    return candidate;
}

std::string strip_front_matter(std::string text) {
    if (text.rfind("---\n", 0) != 0 && text.rfind("---\r\n", 0) != 0)
        return text;
    std::size_t pos = text.find('\n') + 1;
    while (pos < text.size()) {
        std::size_t eol = text.find('\n', pos);
        std::string_view line(text.data() + pos,
                              (eol == std::string::npos ? text.size() : eol) - pos);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line == "---") {
            std::size_t body = eol == std::string::npos ? text.size() : eol + 1;
            // The writer separates front matter from the body with one blank line.
            if (text.compare(body, 1, "\n") == 0)
                ++body;
            else if (text.compare(body, 2, "\r\n") == 0)
                body += 2;
            return text.substr(body);
        }
        if (eol == std::string::npos)
            break;
        pos = eol + 1;
    }
    return text; // unterminated front matter: not front matter after all
}

} // namespace

std::string read_body(const Vault& vault, const std::optional<std::string>& content_path,
                      std::string preview) {
    if (!content_path || content_path->empty())
        return preview;
    auto path = inside_root(vault.content_root(), *content_path);
    std::error_code ec;
    if (!path || !fs::is_regular_file(*path, ec))
        return preview;
    std::ifstream in(*path, std::ios::binary);
    if (!in)
        return preview;
    std::ostringstream buf;
    buf << in.rdbuf();
    if (!in.good() && !in.eof())
        return preview;
    return strip_front_matter(buf.str());
}

} // namespace memlens::detail
