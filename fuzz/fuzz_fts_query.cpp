// build_fts_query on any text, and the query it builds run against a real FTS5 table with the
// vault's tokenizer: whatever a user types (quotes, operators, NEAR, column filters, invalid
// UTF-8) must be search terms that FTS5 accepts, never syntax that makes it fail.
#include "fuzz_support.h"

#include <memlens/db.h>
#include <memlens/text.h>

#include <cstdint>
#include <string>

namespace {

const memlens::Database& fts_db() {
    static memlens::Database db = [] {
        auto d = memlens::Database::open(":memory:", memlens::OpenMode::ReadWriteCreate);
        memlens::fuzz::require(d.is_ok(), "open :memory:");
        memlens::fuzz::require(
            d->exec("CREATE VIRTUAL TABLE t USING fts5(content, context, "
                    "tokenize = 'porter unicode61 remove_diacritics 2');"
                    "INSERT INTO t VALUES ('the phoenix launch moved to May', 'alice');"
                    "INSERT INTO t VALUES ('configure the Qdrant collection', 'bob');"
                    "INSERT INTO t VALUES ('Überprüfung der Ergebnisse 結果', '');")
                .is_ok(),
            "create the FTS5 table");
        return std::move(d).value();
    }();
    return db;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace memlens;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto query = build_fts_query(text);
    if (!query)
        return 0;
    fuzz::require(!query->empty(), "a built query is never empty");
    auto st = fts_db().prepare("SELECT count(*) FROM t WHERE t MATCH ?");
    fuzz::require(st.is_ok(), "prepare");
    st->bind(1, *query);
    auto row = st->step();
    if (!row) {
        std::fprintf(stderr, "FTS5 rejected %s: %s\n", query->c_str(),
                     row.status().to_string().c_str());
        fuzz::require(false, "FTS5 accepts every query build_fts_query makes");
    }
    return 0;
}
