// A content fingerprint of a whole vault: every row of every table, in a stable order. Two
// vaults with equal fingerprints hold the same data, whatever their file layout.
#pragma once

#include <memlens/db.h>

#include <filesystem>
#include <map>
#include <string>

namespace memlens::test {

struct VaultFingerprint {
    std::map<std::string, long long> row_counts;
    std::string content_hash; // hash over every table's rows
    bool operator==(const VaultFingerprint&) const = default;
};

VaultFingerprint fingerprint(const std::filesystem::path& vault_dir);

// Every row `sql` reads, its columns joined by tabs (NULL for a null), a line a row; a failing
// statement gives its error instead.
std::string rows(const Database& db, const char* sql);

// Raw bytes of a file ("" when missing).
std::string file_bytes(const std::filesystem::path& p);

} // namespace memlens::test
