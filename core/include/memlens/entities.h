// Entity extraction, canonical ids, and the Markdown entity registry.
//
// The extraction rules (the regex kinds, the name heuristic, registry resolution) are written
// down with examples in docs/entities.md.
#pragma once

#include <memlens/status.h>

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

namespace entities {
class NameIndex;
}

// Wire strings of entity kinds: "email", "url", "handle", "hashtag", "topic", "person",
// "organization", "location", "event", "product", "datetime", "technology", "artifact",
// "quantity", "misc".
struct ExtractedEntity {
    std::string canonical_id; // "{kind}:{value}", e.g. "person:caroline", "email:a@b.com"
    std::string kind;
    std::string surface;   // the text as it appeared ("@alice", "#launch", "Acme Labs")
    std::size_t start = 0; // offsets in code points (characters)
    std::size_t end = 0;
    double score = 1.0; // confidence: 1.0 for regex kinds and registry names, 0.9 for
                        // known persons, 0.7 / 0.5 for the name heuristic
};

// "{kind}:{value}": URLs keep case; everything else is trimmed, lowercased, and loses one
// leading @ or #.
std::string canonical_entity_id(std::string_view kind, std::string_view value);

class EntityRegistry;

struct ExtractOptions {
    // Names known to be persons (speakers, authors), matched case-insensitively as whole words
    // and emitted as person:<lowercased name>. Meant for a handful of names per source; a large
    // directory of people belongs in the registry, which is indexed once.
    std::vector<std::string> known_persons;
    // Run the person / organization / topic name heuristic (docs/entities.md, "The name
    // heuristic").
    bool name_heuristic = true;
};

// Regex kinds (email, url, handle incl. Discord-style, hashtag + its lowercased topic) and the
// documented deterministic name heuristic. When a registry is given, emails and handles whose
// value is a registered surface, and registered display names and aliases found as whole words,
// resolve to that entity's canonical id and kind. Results are in text order, deduplicated by
// (canonical_id, start). Pure and thread-safe (a registry may be shared by const reference);
// any input, including invalid UTF-8, is accepted: an invalid byte is never part of an entity.
// A heuristic name that opens a sentence and is named nowhere else in the text is capitalised
// by position as much as by name: it is left out, and appended to `held` when given, for the
// caller to admit when it knows the name (admit_known_openers; docs/entities.md,
// "Sentence start").
std::vector<ExtractedEntity> extract_entities(std::string_view text,
                                              const ExtractOptions& opts = {},
                                              const EntityRegistry* registry = nullptr,
                                              std::vector<ExtractedEntity>* held = nullptr);

// Admits the names extract_entities held back that the caller knows: `known(id)` is asked for
// person:<v>, organization:<v> and topic:<v> of each, in that order, and the first known id is
// appended to `into`; a held name whose own words mark a person (its kind is "person") becomes
// person:<v> when any of the three is known. An unknown one is left out.
void admit_known_openers(const std::vector<ExtractedEntity>& held,
                         const std::function<bool(const std::string& canonical_id)>& known,
                         std::vector<ExtractedEntity>& into);

// One registry entry: entities/<kind>/<file-safe id>.md with YAML frontmatter.
struct EntityRecord {
    std::string id; // canonical id
    std::string kind;
    std::string display_name;
    std::vector<std::string> aliases;
    std::vector<std::string> emails;
    std::vector<std::string> handles;
    std::string notes; // the free Markdown body
};

// The registry folder: a vault's entities/ directory, one subfolder per kind.
// Thread-safety: const methods may be called concurrently; writes need exclusive access.
class EntityRegistry {
public:
    // Loads every <dir>/<kind>/*.md. A missing folder is an empty registry (upsert creates it).
    // Malformed frontmatter, a missing id or the same id in two files → InvalidArgument naming
    // the file and line; an unreadable file → IoError. Frontmatter is the YAML subset of
    // docs/entities.md: `key: value` scalars (plain, "double" or 'single' quoted), and lists
    // as `key: [a, "b"]` or as `- item` lines; unknown keys are ignored.
    static Result<EntityRegistry> load(const std::filesystem::path& dir);

    // Canonical id for a surface form (canonical id, alias, email, handle, display name), if
    // registered. Case-insensitive and trimmed; "@alice" also finds the handle "alice". When two
    // records claim the same surface, the first loaded (kind folder, then file name) wins.
    std::optional<std::string> lookup_alias(std::string_view surface) const;
    const EntityRecord* find(const std::string& canonical_id) const;
    // The file a loaded or upserted record lives in; empty when the id is not registered.
    std::filesystem::path path_of(const std::string& canonical_id) const;
    const std::vector<EntityRecord>& records() const { return records_; }
    // The kinds an entity can have with this registry: the extraction's kinds (the wire strings
    // listed above ExtractedEntity, in that order), then the records' own kinds, sorted.
    std::vector<std::string> kinds() const;

    // Writes (or replaces) the record's file atomically: a temporary file in the same folder,
    // flushed to disk, then renamed over the target, so a reader or a crash sees the old file or
    // the new one, never half of either. A record keeps the file it was loaded from; a new one
    // goes to file_for(). Empty id or kind, or invalid UTF-8 → InvalidArgument; filesystem
    // failure → IoError (the registry in memory is then unchanged).
    Status upsert(const EntityRecord& record);

    // The file a record lives in (inside dir/kind/).
    std::filesystem::path file_for(const std::string& kind, const std::string& canonical_id) const;

    const std::filesystem::path& dir() const { return dir_; }

private:
    friend std::vector<ExtractedEntity> extract_entities(std::string_view, const ExtractOptions&,
                                                         const EntityRegistry*,
                                                         std::vector<ExtractedEntity>*);
    void rebuild_indexes();

    std::filesystem::path dir_;
    std::vector<EntityRecord> records_;
    std::vector<std::filesystem::path> paths_;      // the file each record was read from
    std::map<std::string, std::size_t> by_surface_; // lowercase surface → index
    std::map<std::string, std::size_t> by_id_;
    std::shared_ptr<const entities::NameIndex> names_; // display names and aliases, for text
};

// A file-name-safe encoding of an id: percent-encodes every byte outside [a-z0-9._-]
// (uppercase too, so case-insensitive file systems cannot merge two ids), and a leading '.',
// so "." and ".." and hidden files cannot arise; escapes Windows device names ("con", "nul",
// "com1", ...); "" becomes "%"; encodings longer than 160 bytes are cut and end in "~" plus a
// 64-bit FNV-1a hash of the id. Never contains a separator or NUL. Used by file_for.
std::string safe_file_stem(std::string_view id);

// The name to show for an entity from ml_entities' `surfaces` (every distinct surface, one per
// line): the byte-smallest, so a capitalised form ("Natalia", "Phoenix") wins over the same word
// in lower case, as MIN(surface) over the index gives it; `fallback` when there is none.
std::string display_surface(std::string_view surfaces, std::string_view fallback);

} // namespace memlens
