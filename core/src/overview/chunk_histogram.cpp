#include <memlens/overview.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <algorithm>

namespace memlens {

Result<TimeHistogram> chunk_histogram(const Vault& vault, std::int64_t since_ms,
                                      std::int64_t until_ms, std::size_t buckets) {
    check_off_ui_thread("chunk_histogram");
    if (buckets == 0)
        return Status::invalid("chunk_histogram: buckets must be at least 1");
    if (until_ms < since_ms)
        return Status::invalid("chunk_histogram: until is before since");
    const Database& db = vault.db();

    TimeHistogram h;
    if (since_ms == 0 && until_ms == 0) {
        auto span = db.prepare("SELECT MIN(time_range_start_ms), MAX(time_range_start_ms), "
                               "COUNT(*) FROM mem_tree_chunks");
        if (!span)
            return span.status();
        auto row = span->step();
        if (!row)
            return row.status();
        if (!*row || span->column_int64(2) == 0)
            return h;
        since_ms = span->column_int64(0);
        until_ms = span->column_int64(1) + 1; // the window is half-open; keep the newest chunk
    }
    const std::int64_t width = std::max<std::int64_t>(until_ms - since_ms, 1);
    const auto n = static_cast<std::int64_t>(buckets);
    h.since_ms = since_ms;
    h.bucket_ms = std::max<std::int64_t>((width + n - 1) / n, 1);
    h.counts.assign(buckets, 0);

    auto st = db.prepare("SELECT (time_range_start_ms - ?1) / ?2, COUNT(*) FROM mem_tree_chunks "
                         "WHERE time_range_start_ms >= ?1 AND time_range_start_ms < ?3 GROUP BY 1");
    if (!st)
        return st.status();
    st->bind(1, since_ms).bind(2, h.bucket_ms).bind(3, until_ms);
    MEMLENS_TRY(st->each_row([&] {
        const std::int64_t b = st->column_int64(0);
        if (b >= 0 && b < n)
            h.counts[static_cast<std::size_t>(b)] += st->column_int64(1);
    }));
    return h;
}

} // namespace memlens
