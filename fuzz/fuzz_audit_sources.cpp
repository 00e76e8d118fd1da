// logged_node_ids on any text (core/src/audit/logged_ids.h): an audit row's sources column comes
// from the vault file, which anything may have written, and the ranking lab reads it with a
// streaming reader that builds nothing. It must say exactly what a full parse says: the same ids
// in the same order when the text is a JSON array of objects each with a string node_id (the
// last node_id key counting), a Corruption otherwise; never a crash or a sanitizer report.
// Seeds (fuzz/corpus/fuzz_audit_sources/) are sources columns of generated queries.
#include "audit/logged_ids.h"
#include "fuzz_support.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace {

// What a full parse makes of the text: whether it is whole, and its ids.
bool parsed_ids(const std::string& text, std::vector<std::string>& ids) {
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_array())
        return false;
    for (const auto& source : j) {
        if (!source.is_object())
            return false;
        const auto it = source.find("node_id");
        if (it == source.end() || !it->is_string())
            return false;
        ids.push_back(it->get<std::string>());
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> expected;
    const bool whole = parsed_ids(text, expected);
    std::vector<std::string> ids;
    const memlens::Status st = memlens::logged_node_ids(text, ids);
    using memlens::fuzz::require;
    require(st.is_ok() == whole, "the reader accepts exactly what a full parse reads whole");
    if (whole)
        require(ids == expected, "the reader's ids are the full parse's, in order");
    else
        require(st.code() == memlens::StatusCode::Corruption && !st.message().empty(),
                "a refusal is a Corruption that says what is wrong");
    return 0;
}
