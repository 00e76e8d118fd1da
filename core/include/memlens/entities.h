// Entity extraction (NOTES §3), canonical ids, and the Markdown entity registry (seed 002).
#pragma once

#include <memlens/status.h>

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

// Wire strings of entity kinds: "email", "url", "handle", "hashtag", "topic", "person",
// "organization", "location", "event", "product", "datetime", "technology", "artifact",
// "quantity", "misc".
struct ExtractedEntity {
    std::string canonical_id; // "{kind}:{value}", e.g. "person:caroline", "email:a@b.com"
    std::string kind;
    std::string surface;      // the text as it appeared
    std::size_t start = 0;    // offsets in code points (characters), as NOTES §3 says
    std::size_t end = 0;
    double score = 1.0;       // confidence: 1.0 for regex kinds, lower for the name heuristic
};

// "{kind}:{value}": URLs keep case; everything else is trimmed, lowercased, and loses one
// leading @ or #.
std::string canonical_entity_id(std::string_view kind, std::string_view value);

class EntityRegistry;

struct ExtractOptions {
    // Names known to be persons (speakers, authors), matched case-insensitively as whole words.
    std::vector<std::string> known_persons;
    // Run the person / organization / topic name heuristic (see entities/names.cpp).
    bool name_heuristic = true;
};

// Regex kinds (email, url, handle incl. Discord-style, hashtag + its lowercased topic) and the
// documented deterministic name heuristic. When a registry is given, surfaces that match an
// alias, email, handle or display name resolve to that entity's canonical id. Results are in
// text order, deduplicated by (canonical_id, start).
std::vector<ExtractedEntity> extract_entities(std::string_view text, const ExtractOptions& opts = {},
                                              const EntityRegistry* registry = nullptr);

// One registry entry: entities/<kind>/<file-safe id>.md with YAML frontmatter.
struct EntityRecord {
    std::string id;   // canonical id
    std::string kind;
    std::string display_name;
    std::vector<std::string> aliases;
    std::vector<std::string> emails;
    std::vector<std::string> handles;
    std::string notes; // the free Markdown body
};

// The registry folder. Loads every entities/<kind>/*.md; lookups are case-insensitive.
// Thread-safety: const methods may be called concurrently; writes need exclusive access.
class EntityRegistry {
public:
    static Result<EntityRegistry> load(const std::filesystem::path& dir);

    // Canonical id for a surface form (alias, email, handle, display name), if registered.
    std::optional<std::string> lookup_alias(std::string_view surface) const;
    const EntityRecord* find(const std::string& canonical_id) const;
    const std::vector<EntityRecord>& records() const { return records_; }

    // Writes (or replaces) the record's file. The file name is derived from the id so that it
    // can never leave the registry folder: no "..", no separators, no NUL, no reserved names.
    Status upsert(const EntityRecord& record);

    // The file a record lives in (inside dir/kind/).
    std::filesystem::path file_for(const std::string& kind, const std::string& canonical_id) const;

private:
    std::filesystem::path dir_;
    std::vector<EntityRecord> records_;
    std::map<std::string, std::size_t> by_surface_; // lowercase surface → index
    std::map<std::string, std::size_t> by_id_;
};

// A file-name-safe encoding of an id (percent-encodes anything outside [a-z0-9._-], refuses
// "." and "..", caps the length). Used by EntityRegistry::file_for.
std::string safe_file_stem(std::string_view id);

} // namespace memlens
