// Reading and writing an entity file: YAML frontmatter (the small subset docs/entities.md
// describes) followed by a free Markdown body.
#pragma once

#include <memlens/entities.h>
#include <memlens/status.h>

#include <string>
#include <string_view>

namespace memlens::entities {

// Parses one entity file. `label` names the file in errors ("label:LINE: message").
// `default_kind` is used when the frontmatter has no kind (the folder the file is in).
Result<EntityRecord> parse_entity_file(std::string_view content, const std::string& label,
                                       const std::string& default_kind);

// The file text for a record; parse_entity_file reads it back to an equal record.
std::string format_entity_file(const EntityRecord& record);

} // namespace memlens::entities
