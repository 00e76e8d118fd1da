// Vault::open on mutated vault.db files, then the reads every command starts with: any file
// gives a Vault or a Status (Corruption, Unsupported, …), never a crash or a sanitizer report.
// Every input goes through both opens: read-only first (stats, the read commands, the GUI's
// read-only open), which must leave the file's bytes as they were and create no file beside
// it; then read-write on the same bytes (ingest, reindex, query), which runs the schema checks
// and the migrations of an older schema (fuzz/make-vault-seeds.sh makes seeds of each version).
#include "fuzz_support.h"

#include <memlens/db.h>
#include <memlens/ingest.h>
#include <memlens/retrieval.h>
#include <memlens/vault.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>

namespace {

void read_everything(memlens::Vault& vault) {
    using namespace memlens;
    (void)vault_stats(vault);
    (void)vault.all_settings();
    (void)vault.revision();
    SearchEntitiesOptions entities;
    entities.query = "a";
    (void)search_entities(vault, entities);
    QueryGlobalOptions global;
    global.until_ms = 4'102'444'800'000;
    (void)query_global(vault, global);
}

void open_and_read(const std::filesystem::path& dir, bool read_only) {
    auto vault = memlens::Vault::open(dir, read_only);
    if (!vault) {
        memlens::fuzz::require(!vault.status().message().empty(), "an open error says why");
        return;
    }
    read_everything(**vault);
}

std::string contents(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace memlens;
    const auto dir = fuzz::scratch_dir() / "vault";
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    std::filesystem::create_directories(dir, ec);
    const auto db = fuzz::write_input("vault/vault.db", data, size);

    // The policy of memlens-cli's read commands, whose promise is checked below.
    set_read_only_policy(ReadOnlyPolicy::NoTrace);
    open_and_read(dir, true);
    fuzz::require(contents(db) == std::string(reinterpret_cast<const char*>(data), size),
                  "a read-only open leaves vault.db's bytes as they were");
    fuzz::require(!std::filesystem::exists(db.string() + "-wal", ec) &&
                      !std::filesystem::exists(db.string() + "-shm", ec),
                  "a read-only open creates no file beside vault.db");

    open_and_read(dir, false);
    return 0;
}
