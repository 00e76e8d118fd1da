// Vault::open on mutated vault.db files, then the reads every command starts with: any file
// gives a Vault or a Status (Corruption, Unsupported, …), never a crash or a sanitizer report.
#include "fuzz_support.h"

#include <memlens/ingest.h>
#include <memlens/retrieval.h>
#include <memlens/vault.h>

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace memlens;
    const auto dir = fuzz::scratch_dir() / "vault";
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    std::filesystem::create_directories(dir, ec);
    fuzz::write_input("vault/vault.db", data, size);

    // Read-only is what stats and the GUI's first look do; read-write also runs migrations.
    const bool read_only = size % 2 == 0;
    auto vault = Vault::open(dir, read_only);
    if (!vault) {
        fuzz::require(!vault.status().message().empty(), "an open error says why");
        return 0;
    }
    (void)vault_stats(**vault);
    (void)(*vault)->all_settings();
    (void)(*vault)->revision();
    SearchEntitiesOptions entities;
    entities.query = "a";
    (void)search_entities(**vault, entities);
    QueryGlobalOptions global;
    global.until_ms = 4'102'444'800'000;
    (void)query_global(**vault, global);
    return 0;
}
