// The entity registry's file parser (entities/<kind>/<id>.md, docs/entities.md) on any bytes:
// never a crash; an error names the file and a line inside it; a parsed record has an id and a
// kind, and the file format_entity_file writes for it parses back to the same record.
#include "entities/frontmatter.h"
#include "fuzz_support.h"

#include <memlens/text.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

bool valid_record(const memlens::EntityRecord& r) {
    using memlens::is_valid_utf8;
    auto ok = [](const std::string& s) { return is_valid_utf8(s); };
    return ok(r.id) && ok(r.kind) && ok(r.display_name) && ok(r.notes) &&
           std::all_of(r.aliases.begin(), r.aliases.end(), ok) &&
           std::all_of(r.emails.begin(), r.emails.end(), ok) &&
           std::all_of(r.handles.begin(), r.handles.end(), ok);
}

bool no_empty_items(const memlens::EntityRecord& r) {
    auto none = [](const std::vector<std::string>& v) {
        return std::none_of(v.begin(), v.end(), [](const std::string& s) { return s.empty(); });
    };
    return none(r.aliases) && none(r.emails) && none(r.handles);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace memlens;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::string label = "person/fuzz.md";
    auto record = entities::parse_entity_file(text, label, "person");
    if (!record) {
        const std::string msg = record.status().message();
        fuzz::require(msg.rfind(label + ":", 0) == 0, "an error starts with the file name");
        const auto line = std::strtoull(msg.c_str() + label.size() + 1, nullptr, 10);
        const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
        fuzz::require(line >= 1 && line <= lines + 1, "an error names a line of the file");
        return 0;
    }
    fuzz::require(!record->id.empty(), "a parsed record has an id");
    fuzz::require(!record->kind.empty(), "a parsed record has a kind");
    // What upsert would write (it refuses invalid UTF-8 and drops empty list items) must read
    // back as itself, so a file memlens writes never changes on the next load.
    if (valid_record(*record) && no_empty_items(*record)) {
        const std::string written = entities::format_entity_file(*record);
        auto again = entities::parse_entity_file(written, label, "person");
        fuzz::require(again.is_ok(), "a written record parses");
        const EntityRecord& a = *record;
        const EntityRecord& b = *again;
        fuzz::require(a.id == b.id && a.kind == b.kind && a.display_name == b.display_name &&
                          a.aliases == b.aliases && a.emails == b.emails &&
                          a.handles == b.handles && a.notes == b.notes,
                      "a written record reads back unchanged");
    }
    return 0;
}
