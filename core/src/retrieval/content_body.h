// Whole bodies for hits whose table row holds only a preview (an OpenHuman workspace keeps at
// most 500 characters in `content` and the full Markdown at `content_path`).
#pragma once

#include <optional>
#include <string>

namespace memlens {
class Vault;
}

namespace memlens::detail {

// The body of the file at content_path (relative to vault.content_root(), YAML front matter
// removed), or `preview` when there is no path, the file is missing or unreadable, or the path
// would lead outside the content root (a workspace is untrusted input).
std::string read_body(const Vault& vault, const std::optional<std::string>& content_path,
                      std::string preview);

} // namespace memlens::detail
