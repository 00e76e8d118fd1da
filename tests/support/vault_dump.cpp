#include "vault_dump.h"

#include <QCryptographicHash>
#include <QtTest>

#include <fstream>
#include <vector>

namespace memlens::test {

VaultFingerprint fingerprint(const std::filesystem::path& vault_dir) {
    VaultFingerprint fp;
    auto db = Database::open((vault_dir / "vault.db").string(), OpenMode::ReadOnly);
    if (!db.is_ok()) {
        QTest::qFail(db.status().to_string().c_str(), __FILE__, __LINE__);
        return fp;
    }
    std::vector<std::string> tables;
    {
        auto st = db->prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT "
                              "LIKE 'sqlite_%' AND name NOT LIKE '%_fts_%' ORDER BY name");
        while (st.is_ok() && *st->step())
            tables.push_back(st->column_text(0));
    }
    QCryptographicHash h(QCryptographicHash::Sha256);
    for (const auto& t : tables) {
        auto st = db->prepare("SELECT * FROM \"" + t + "\" ORDER BY 1, 2");
        if (!st.is_ok())
            st = db->prepare("SELECT * FROM \"" + t + "\"");
        long long rows = 0;
        while (st.is_ok() && *st->step()) {
            ++rows;
            for (int c = 0; c < st->column_count(); ++c) {
                auto blob = st->column_blob(c);
                h.addData(QByteArrayView(reinterpret_cast<const char*>(blob.data()),
                                         static_cast<qsizetype>(blob.size())));
                h.addData(QByteArrayView("\x1f", 1));
            }
            h.addData(QByteArrayView("\x1e", 1));
        }
        fp.row_counts[t] = rows;
        h.addData(QByteArrayView(t.data(), static_cast<qsizetype>(t.size())));
    }
    fp.content_hash = h.result().toHex().toStdString();
    return fp;
}

std::string file_bytes(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in)
        return {};
    std::string s;
    in.seekg(0, std::ios::end);
    s.resize(static_cast<size_t>(in.tellg()));
    in.seekg(0);
    in.read(s.data(), static_cast<std::streamsize>(s.size()));
    return s;
}

std::string rows(const Database& db, const char* sql) {
    auto st = db.prepare(sql);
    if (!st)
        return st.status().to_string();
    std::string out;
    for (;;) {
        auto row = st->step();
        if (!row)
            return row.status().to_string();
        if (!*row)
            return out;
        for (int c = 0; c < st->column_count(); ++c)
            out += (c > 0 ? "\t" : "") + (st->column_is_null(c) ? "NULL" : st->column_text(c));
        out += "\n";
    }
}

} // namespace memlens::test
