#include "search/bm25f.h"

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <new>
#include <vector>

namespace memlens::search {

namespace {

struct Params {
    double k1 = 1.2;
    double power = 0.0;
    std::vector<double> w, b; // per column
};

Params params(int ncol, int nval, sqlite3_value** vals) {
    Params p;
    p.k1 = nval > 0 ? sqlite3_value_double(vals[0]) : 1.2;
    p.power = nval > 1 ? sqlite3_value_double(vals[1]) : 0.0;
    p.w.assign(static_cast<std::size_t>(ncol), 1.0);
    p.b.assign(p.w.size(), 0.75);
    for (int c = 0; c < ncol; ++c) {
        if (2 + 2 * c < nval)
            p.w[static_cast<std::size_t>(c)] = sqlite3_value_double(vals[2 + 2 * c]);
        if (3 + 2 * c < nval)
            p.b[static_cast<std::size_t>(c)] = sqlite3_value_double(vals[3 + 2 * c]);
    }
    return p;
}

// What every row of one query shares, computed on the first row (FTS5's bm25 does the same),
// with the per-row scratch buffers, so scoring a row allocates nothing.
struct QueryStats {
    Params prm;
    std::vector<double> idf;     // per phrase
    std::vector<bool> present;   // per phrase: found in at least one row
    std::vector<double> avg_len; // per column
    int present_count = 0;
    std::vector<double> norm; // per column, this row
    std::vector<int> len;     // per column, this row
    std::vector<int> tf;      // per phrase × column, this row
};

int count_rows(const Fts5ExtensionApi*, Fts5Context*, void* user) {
    ++*static_cast<sqlite3_int64*>(user);
    return SQLITE_OK;
}

void free_stats(void* p) {
    delete static_cast<QueryStats*>(p);
}

// nullptr with the error set on `ctx` when FTS5 refuses a call.
QueryStats* query_stats(const Fts5ExtensionApi* api, Fts5Context* fts, sqlite3_context* ctx,
                        int nval, sqlite3_value** vals) {
    if (auto* s = static_cast<QueryStats*>(api->xGetAuxdata(fts, 0)))
        return s;
    auto* s = new (std::nothrow) QueryStats;
    if (s == nullptr) {
        sqlite3_result_error_nomem(ctx);
        return nullptr;
    }
    auto fail = [&](int rc) {
        delete s;
        sqlite3_result_error_code(ctx, rc);
        return nullptr;
    };
    sqlite3_int64 rows = 0;
    if (int rc = api->xRowCount(fts, &rows); rc != SQLITE_OK)
        return fail(rc);
    const int ncol = api->xColumnCount(fts);
    s->prm = params(ncol, nval, vals);
    s->norm.assign(static_cast<std::size_t>(ncol), 1.0);
    s->len.assign(static_cast<std::size_t>(ncol), 0);
    for (int c = 0; c < ncol; ++c) {
        sqlite3_int64 total = 0;
        if (int rc = api->xColumnTotalSize(fts, c, &total); rc != SQLITE_OK)
            return fail(rc);
        s->avg_len.push_back(rows > 0 ? static_cast<double>(total) / static_cast<double>(rows)
                                      : 0.0);
    }
    const int nphrase = api->xPhraseCount(fts);
    for (int p = 0; p < nphrase; ++p) {
        sqlite3_int64 hits = 0;
        if (int rc = api->xQueryPhrase(fts, p, &hits, count_rows); rc != SQLITE_OK)
            return fail(rc);
        const double n = static_cast<double>(hits);
        const double nrows = static_cast<double>(rows);
        s->idf.push_back(std::max(1e-6, std::log((nrows - n + 0.5) / (n + 0.5))));
        s->present.push_back(hits > 0);
        s->present_count += hits > 0 ? 1 : 0;
    }
    if (auto* sink = static_cast<CoverageSink*>(api->xUserData(fts)))
        sink->stats = Bm25fStats{static_cast<double>(rows), s->avg_len, s->idf};
    if (int rc = api->xSetAuxdata(fts, s, free_stats); rc != SQLITE_OK) {
        // xSetAuxdata has already called free_stats on failure.
        sqlite3_result_error_code(ctx, rc);
        return nullptr;
    }
    return s;
}

// The row's instance counts, phrase-major: tf[p * ncol + c].
bool row_counts(const Fts5ExtensionApi* api, Fts5Context* fts, sqlite3_context* ctx, int nphrase,
                int ncol, std::vector<int>& tf) {
    tf.assign(static_cast<std::size_t>(nphrase) * static_cast<std::size_t>(ncol), 0);
    int ninst = 0;
    if (int rc = api->xInstCount(fts, &ninst); rc != SQLITE_OK) {
        sqlite3_result_error_code(ctx, rc);
        return false;
    }
    for (int i = 0; i < ninst; ++i) {
        int phrase = 0, col = 0, off = 0;
        if (int rc = api->xInst(fts, i, &phrase, &col, &off); rc != SQLITE_OK) {
            sqlite3_result_error_code(ctx, rc);
            return false;
        }
        ++tf[static_cast<std::size_t>(phrase) * static_cast<std::size_t>(ncol) +
             static_cast<std::size_t>(col)];
    }
    return true;
}

// A term counts as matched only in a column that counts (weight > 0).
double coverage_of(const QueryStats& s, const std::vector<int>& tf, const std::vector<double>& w) {
    const std::size_t ncol = w.size();
    int matched = 0;
    for (std::size_t p = 0; p < s.present.size(); ++p) {
        for (std::size_t c = 0; c < ncol; ++c) {
            if (tf[p * ncol + c] > 0 && w[c] > 0.0) {
                ++matched;
                break;
            }
        }
    }
    return s.present_count > 0 ? static_cast<double>(matched) / s.present_count : 1.0;
}

void bm25f_fn(const Fts5ExtensionApi* api, Fts5Context* fts, sqlite3_context* ctx, int nval,
              sqlite3_value** vals) {
    QueryStats* s = query_stats(api, fts, ctx, nval, vals);
    if (s == nullptr)
        return;
    const int ncol = static_cast<int>(s->avg_len.size());
    const double k1 = s->prm.k1;
    const double power = s->prm.power;
    const std::vector<double>& w = s->prm.w;
    const std::vector<double>& b = s->prm.b;
    std::vector<double>& norm = s->norm;
    for (int c = 0; c < ncol; ++c) {
        int len = 0;
        if (int rc = api->xColumnSize(fts, c, &len); rc != SQLITE_OK) {
            sqlite3_result_error_code(ctx, rc);
            return;
        }
        const auto uc = static_cast<std::size_t>(c);
        const double avg = s->avg_len[uc];
        s->len[uc] = len;
        norm[uc] = 1.0 - b[uc] + (avg > 0.0 ? b[uc] * len / avg : 0.0);
    }
    std::vector<int>& tf = s->tf;
    const int nphrase = static_cast<int>(s->idf.size());
    if (!row_counts(api, fts, ctx, nphrase, ncol, tf))
        return;
    double score = 0.0;
    for (int p = 0; p < nphrase; ++p) {
        double wtf = 0.0;
        for (int c = 0; c < ncol; ++c) {
            const auto uc = static_cast<std::size_t>(c);
            const int n = tf[static_cast<std::size_t>(p) * static_cast<std::size_t>(ncol) + uc];
            if (n > 0 && norm[uc] > 0.0)
                wtf += w[uc] * n / norm[uc];
        }
        score += bm25f_term(s->idf[static_cast<std::size_t>(p)], wtf, k1);
    }
    const double coverage = coverage_of(*s, tf, w);
    if (power > 0.0)
        score *= std::pow(coverage, power);
    if (auto* sink = static_cast<CoverageSink*>(api->xUserData(fts));
        sink && sink->admits(-score)) {
        // What the term table needs of this row, from what was just computed: no second
        // lookup for the hits a query returns.
        auto& c = sink->counts;
        const std::size_t at = c.size();
        c.push_back(ncol);
        c.push_back(nphrase);
        for (int col = 0; col < ncol; ++col)
            c.push_back(s->len[static_cast<std::size_t>(col)]);
        c.insert(c.end(), tf.begin(), tf.end());
        sink->by_rowid[api->xRowid(fts)] = {coverage, at};
    }
    sqlite3_result_double(ctx, -score);
}

// memlens_bm25f_row: the row's column lengths and per phrase × column counts (bm25f.h).
void bm25f_row_fn(const Fts5ExtensionApi* api, Fts5Context* fts, sqlite3_context* ctx, int,
                  sqlite3_value**) {
    const int ncol = api->xColumnCount(fts);
    const int nphrase = api->xPhraseCount(fts);
    std::vector<int> tf;
    if (!row_counts(api, fts, ctx, nphrase, ncol, tf))
        return;
    std::vector<std::int32_t> out;
    out.reserve(2 + static_cast<std::size_t>(ncol) + tf.size());
    out.push_back(ncol);
    out.push_back(nphrase);
    for (int c = 0; c < ncol; ++c) {
        int len = 0;
        if (int rc = api->xColumnSize(fts, c, &len); rc != SQLITE_OK) {
            sqlite3_result_error_code(ctx, rc);
            return;
        }
        out.push_back(len);
    }
    out.insert(out.end(), tf.begin(), tf.end());
    sqlite3_result_blob(ctx, out.data(), static_cast<int>(out.size() * sizeof(std::int32_t)),
                        SQLITE_TRANSIENT);
}

} // namespace

std::optional<Bm25fRow> decode_bm25f_row(const void* data, std::size_t size) {
    if (data == nullptr || size % sizeof(std::int32_t) != 0 || size < 2 * sizeof(std::int32_t))
        return std::nullopt;
    std::vector<std::int32_t> v(size / sizeof(std::int32_t));
    std::memcpy(v.data(), data, size);
    Bm25fRow r;
    r.ncol = v[0];
    r.nphrase = v[1];
    if (r.ncol < 0 || r.nphrase < 0 ||
        v.size() !=
            2 + static_cast<std::size_t>(r.ncol) * (1 + static_cast<std::size_t>(r.nphrase)))
        return std::nullopt;
    r.len.assign(v.begin() + 2, v.begin() + 2 + r.ncol);
    r.tf.assign(v.begin() + 2 + r.ncol, v.end());
    return r;
}

std::vector<std::int32_t> recorded_counts(const CoverageSink& sink, std::int64_t rowid) {
    auto it = sink.by_rowid.find(rowid);
    if (it == sink.by_rowid.end() || it->second.counts_at + 2 > sink.counts.size())
        return {};
    const std::size_t at = it->second.counts_at;
    const auto ncol = static_cast<std::size_t>(sink.counts[at]);
    const auto nphrase = static_cast<std::size_t>(sink.counts[at + 1]);
    const std::size_t n = 2 + ncol * (1 + nphrase);
    if (at + n > sink.counts.size())
        return {};
    return {sink.counts.begin() + static_cast<std::ptrdiff_t>(at),
            sink.counts.begin() + static_cast<std::ptrdiff_t>(at + n)};
}

double bm25f_term(double idf, double weighted_tf, double k1) {
    return weighted_tf > 0.0 ? idf * weighted_tf * (k1 + 1.0) / (weighted_tf + k1) : 0.0;
}

Status register_bm25f(sqlite3* db, CoverageSink* sink) {
    fts5_api* api = nullptr;
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &st, nullptr) != SQLITE_OK)
        return Status::internal(std::string("fts5 api: ") + sqlite3_errmsg(db));
    sqlite3_bind_pointer(st, 1, &api, "fts5_api_ptr", nullptr);
    sqlite3_step(st);
    sqlite3_finalize(st);
    if (api == nullptr || api->iVersion < 2)
        return Status::internal("this SQLite has no FTS5 extension API");
    if (api->xCreateFunction(api, "memlens_bm25f", sink, bm25f_fn, nullptr) != SQLITE_OK)
        return Status::internal(std::string("registering memlens_bm25f: ") + sqlite3_errmsg(db));
    if (api->xCreateFunction(api, "memlens_bm25f_row", nullptr, bm25f_row_fn, nullptr) != SQLITE_OK)
        return Status::internal(std::string("registering memlens_bm25f_row: ") +
                                sqlite3_errmsg(db));
    return Status::ok();
}

} // namespace memlens::search
