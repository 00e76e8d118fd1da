// Coverage and magnets from the audit log (health.h).
#include "audit/logged_ids.h"
#include "retrieval/id_list.h"

#include <memlens/db.h>
#include <memlens/health.h>
#include <memlens/text.h>
#include <memlens/time_util.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <future>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace memlens {
namespace {

constexpr std::int64_t kDay = 86'400'000;

struct AgeBucket {
    PhraseText label;
    std::int64_t within_ms; // 0: no bound (the last bucket)
};
const AgeBucket kAges[] = {{ML_TR("Health", "last 7 days"), 7 * kDay},
                           {ML_TR("Health", "last 30 days"), 30 * kDay},
                           {ML_TR("Health", "last 90 days"), 90 * kDay},
                           {ML_TR("Health", "last year"), 365 * kDay},
                           {ML_TR("Health", "older"), 0}};

// What one question returned: the ids, and the question's words (for "unrelated").
struct Asked {
    std::int64_t last_ms = 0;
    std::set<std::string> words;
};

// The share of pairs of questions with no word in common, over the first 40 of them.
double unrelated_share(const std::vector<const Asked*>& asked) {
    const std::size_t n = std::min<std::size_t>(asked.size(), 40);
    std::size_t pairs = 0;
    std::size_t apart = 0;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
            ++pairs;
            const auto& a = asked[i]->words;
            const auto& b = asked[j]->words;
            const bool shared = std::any_of(a.begin(), a.end(),
                                            [&](const std::string& w) { return b.count(w) > 0; });
            apart += shared ? 0 : 1;
        }
    return pairs ? static_cast<double>(apart) / static_cast<double>(pairs) : 0.0;
}

std::string first_chars(const std::string& text, std::size_t n) {
    return cut_utf8(text, n);
}

} // namespace

namespace {

// What the logged searches returned: each question's words and time, and each node's questions.
struct LogScan {
    std::size_t searches = 0;
    std::unordered_map<std::string, Asked> questions;
    std::unordered_map<std::string, std::vector<std::string>> returned_by; // node → questions

    // Appends what a scan of later rows found, as if this one had read on: a question's time is
    // its later one, a node's questions keep the order they were first asked in.
    void append(LogScan&& later) {
        searches += later.searches;
        for (auto& [q, asked] : later.questions) {
            auto [it, fresh] = questions.try_emplace(q, std::move(asked));
            if (!fresh)
                it->second.last_ms = asked.last_ms;
        }
        for (auto& [node, qs] : later.returned_by) {
            auto& list = returned_by[node];
            for (auto& q : qs)
                if (std::find(list.begin(), list.end(), q) == list.end())
                    list.push_back(std::move(q));
        }
    }
};

// The answered searches with ids in [first, last], in id order: from ml_log_returned, which
// holds what each one returned apart from its row (schema 12, vault/schema.cpp), so that a scan
// reads neither the rows' profiles and pools nor the overflow pages they fill.
Status scan_rows(const Database& db, const HealthOptions& o, std::int64_t first, std::int64_t last,
                 LogScan& scan) {
    auto st = db.prepare("SELECT ts_ms, query, node_ids FROM ml_log_returned WHERE (?1 IS NULL OR "
                         "ts_ms >= ?1) AND (?2 IS NULL OR ts_ms <= ?2) AND log_id BETWEEN ?3 AND "
                         "?4 ORDER BY log_id");
    if (!st)
        return st.status();
    st->bind(1, o.since_ms).bind(2, o.until_ms).bind(3, first).bind(4, last);
    std::vector<std::string> ids;
    return st->each_row([&]() -> Status {
        if (o.cancel && o.cancel->load())
            return Status::cancelled("health cancelled");
        ids.clear();
        if (!logged_node_ids(st->column_text(2), ids))
            return Status::ok(); // a damaged row names nothing
        ++scan.searches;
        const std::string q = st->column_text(1);
        auto [it, fresh] = scan.questions.try_emplace(q);
        it->second.last_ms = st->column_int64(0);
        if (fresh) {
            const auto words = keyword_tokens(q);
            it->second.words.insert(words.begin(), words.end());
        }
        for (const auto& id : ids) {
            auto& list = scan.returned_by[id];
            if (std::find(list.begin(), list.end(), q) == list.end())
                list.push_back(q);
        }
        return Status::ok();
    });
}

Status scan_log(const Vault& vault, const HealthOptions& o, HealthReport& r, LogScan& scan) {
    const Database& db = vault.db();
    auto first = db.query_int("SELECT coalesce(min(log_id), 0) FROM ml_log_returned");
    if (!first)
        return first.status();
    auto last = db.query_int("SELECT coalesce(max(log_id), -1) FROM ml_log_returned");
    if (!last)
        return last.status();
    // The bounds come from this connection's snapshot, so the second reads no row this one
    // cannot see (the log is only appended to).
    std::optional<Database> second;
    const std::string& path = db.path();
    if (*last - *first + 1 >= o.split_log_from && !path.empty() && path != ":memory:") {
        if (auto opened = Database::open(path, OpenMode::ReadOnly))
            second = std::move(opened).value();
    }
    if (!second) {
        MEMLENS_TRY(scan_rows(db, o, *first, *last, scan));
    } else {
        const std::int64_t mid = *first + (*last - *first) / 2;
        LogScan later;
        // A new thread starts at this one's priority (a GUI worker's lowered one included).
        auto reading = std::async(std::launch::async,
                                  [&] { return scan_rows(*second, o, mid + 1, *last, later); });
        const Status own = scan_rows(db, o, *first, mid, scan);
        const Status theirs = reading.get();
        MEMLENS_TRY(own);
        MEMLENS_TRY(theirs);
        scan.append(std::move(later));
    }
    r.searches = scan.searches;
    r.distinct_queries = scan.questions.size();
    return Status::ok();
}

// The age bucket of a memory of time `ts`: the first whose bound holds it, back from `newest`.
std::size_t age_bucket(std::int64_t newest, std::int64_t ts) {
    std::size_t b = 0;
    while (kAges[b].within_ms != 0 && newest - ts > kAges[b].within_ms)
        ++b;
    return b;
}

// A chunk's source and time, for the coverage counts.
struct ChunkTime {
    std::string source;
    std::int64_t ts = 0;
};

// The source and time of each chunk `sql` selects (binding `ids`, a JSON array, when given).
Status read_chunk_times(const Database& db, const char* sql, const std::string* ids,
                        std::vector<ChunkTime>& out) {
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    if (ids)
        st->bind(1, *ids);
    return st->each_row([&] { out.push_back({st->column_text(0), st->column_int64(1)}); });
}

struct Coverage {
    std::map<std::string, CoverageRow> sources;
    std::vector<CoverageRow> ages;
};

// The live chunks by source and by age, counted through indexes: per source through (source_id,
// seq_in_source), by age through the time index (each bounded bucket holds the chunks from its
// bound on, less those of the buckets before), then the superseded ones (few, under a partial
// index) taken off. Also the newest memory's time and the number of chunks.
Status count_live(const Database& db, HealthReport& r, Coverage& c) {
    std::vector<ChunkTime> superseded;
    MEMLENS_TRY(read_chunk_times(db,
                                 "SELECT source_id, time_range_start_ms FROM mem_tree_chunks "
                                 "WHERE superseded != 0",
                                 nullptr, superseded));
    auto newest = db.query_int("SELECT coalesce((SELECT time_range_start_ms FROM mem_tree_chunks "
                               "WHERE superseded = 0 ORDER BY time_range_start_ms DESC LIMIT 1), "
                               "0)");
    if (!newest)
        return newest.status();
    r.newest_ms = *newest;
    auto per_source = db.prepare("SELECT source_id, count(*) FROM mem_tree_chunks GROUP BY 1");
    if (!per_source)
        return per_source.status();
    MEMLENS_TRY(per_source->each_row([&] {
        c.sources[per_source->column_text(0)].chunks =
            static_cast<std::size_t>(per_source->column_int64(1));
    }));
    for (const auto& a : kAges)
        c.ages.push_back({a.label.text, a.label, 0, 0});
    auto since = db.prepare("SELECT count(*) FROM mem_tree_chunks WHERE time_range_start_ms >= ?1");
    if (!since)
        return since.status();
    std::size_t counted = 0;
    for (std::size_t b = 0; kAges[b].within_ms != 0; ++b) {
        since->reset();
        since->bind(1, r.newest_ms - kAges[b].within_ms);
        auto n = since->step();
        if (!n)
            return n.status();
        const auto within = static_cast<std::size_t>(since->column_int64(0));
        c.ages[b].chunks = within - counted;
        counted = within;
    }
    for (const auto& [id, s] : c.sources)
        r.chunks += s.chunks;
    c.ages.back().chunks = r.chunks - counted;
    for (const ChunkTime& t : superseded) {
        --c.sources[t.source].chunks;
        --c.ages[age_bucket(r.newest_ms, t.ts)].chunks;
        --r.chunks;
    }
    return Status::ok();
}

// Takes the chunks the log returned (it also names summaries, which are not memories) off the
// never-returned counts, reading them in batches.
Status count_returned(const Database& db, const LogScan& scan, HealthReport& r, Coverage& c) {
    for (auto& [id, s] : c.sources)
        s.never_returned = s.chunks;
    for (auto& a : c.ages)
        a.never_returned = a.chunks;
    r.never_returned = r.chunks;
    std::vector<std::string> ids;
    std::vector<ChunkTime> returned;
    const auto read = [&]() -> Status {
        const std::string list = detail::json_id_list(ids);
        ids.clear();
        return read_chunk_times(db,
                                "SELECT source_id, time_range_start_ms FROM mem_tree_chunks "
                                "WHERE id IN (SELECT value FROM json_each(?1)) AND superseded = 0",
                                &list, returned);
    };
    for (const auto& node : scan.returned_by) {
        ids.push_back(node.first);
        if (ids.size() == 4096)
            MEMLENS_TRY(read());
    }
    if (!ids.empty())
        MEMLENS_TRY(read());
    for (const ChunkTime& t : returned) {
        --c.sources[t.source].never_returned;
        --c.ages[age_bucket(r.newest_ms, t.ts)].never_returned;
        --r.never_returned;
    }
    return Status::ok();
}

// Every memory: returned or not, by source and by age (back from the newest memory). The live
// chunks are counted through indexes, not read (a pass over every row took 1.2 s at a million);
// only the chunks the log returned are read. A chunk's age is its time_range_start_ms, which
// memlens writes equal to its timestamp_ms (core/src/ingest/node_writer.cpp).
Status coverage(const Vault& vault, const HealthOptions& o, const LogScan& scan, HealthReport& r) {
    Coverage c;
    MEMLENS_TRY(count_live(vault.db(), r, c));
    MEMLENS_TRY(count_returned(vault.db(), scan, r, c));
    for (auto& [id, source] : c.sources) {
        if (source.chunks == 0)
            continue; // every chunk of it superseded
        source.label = id;
        r.by_source.push_back(std::move(source));
    }
    std::stable_sort(r.by_source.begin(), r.by_source.end(),
                     [](const CoverageRow& a, const CoverageRow& b) {
                         return a.never_returned > b.never_returned;
                     });
    if (r.by_source.size() > o.max_sources)
        r.by_source.resize(o.max_sources);
    r.by_age = std::move(c.ages);
    return Status::ok();
}

// Magnets: nodes many distinct, mostly unrelated questions brought back, with their text.
Status magnets(const Vault& vault, const HealthOptions& o, const LogScan& scan, HealthReport& r) {
    for (const auto& [node, qs] : scan.returned_by) {
        const double share =
            r.distinct_queries ? static_cast<double>(qs.size()) / r.distinct_queries : 0.0;
        if (qs.size() < o.magnet_min_queries || share < o.magnet_min_share)
            continue;
        std::vector<const Asked*> asked;
        std::vector<std::pair<std::int64_t, const std::string*>> recent;
        for (const auto& q : qs) {
            const Asked& a = scan.questions.at(q);
            asked.push_back(&a);
            recent.emplace_back(a.last_ms, &q);
        }
        Magnet m;
        m.node_id = node;
        m.queries = qs.size();
        m.share = share;
        m.unrelated_share = unrelated_share(asked);
        if (m.unrelated_share < kMagnetUnrelated)
            continue;
        std::sort(recent.begin(), recent.end(),
                  [](const auto& a, const auto& b) { return a.first > b.first; });
        for (std::size_t i = 0; i < recent.size() && i < 10; ++i)
            m.sample_queries.push_back(*recent[i].second);
        r.magnets.push_back(std::move(m));
    }
    std::sort(r.magnets.begin(), r.magnets.end(), [](const Magnet& a, const Magnet& b) {
        return a.share != b.share ? a.share > b.share : a.node_id < b.node_id;
    });
    if (r.magnets.size() > o.max_magnets)
        r.magnets.resize(o.max_magnets);
    auto text = vault.db().prepare("SELECT content FROM mem_tree_chunks WHERE id = ?1 UNION ALL "
                                   "SELECT content FROM mem_tree_summaries WHERE id = ?1");
    if (!text)
        return text.status();
    for (Magnet& m : r.magnets) {
        text->reset();
        text->bind(1, m.node_id);
        auto row = text->step();
        if (!row)
            return row.status();
        if (*row)
            m.text = first_chars(text->column_text(0), 160);
    }
    return Status::ok();
}

// Each returned node's questions, and per entity the returned memories and their questions.
Status per_node(const Vault& vault, const LogScan& scan, HealthReport& r) {
    auto entities = vault.db().prepare("SELECT entity_id FROM mem_tree_entity_index WHERE "
                                       "node_id = ?1 AND node_kind = 'leaf'");
    if (!entities)
        return entities.status();
    std::unordered_map<std::string, std::unordered_set<const std::string*>> asked;
    for (const auto& returned : scan.returned_by) {
        const std::vector<std::string>& qs = returned.second; // a lambda below reads it
        r.node_queries.emplace(returned.first, qs.size());
        entities->reset();
        entities->bind(1, returned.first);
        MEMLENS_TRY(entities->each_row([&] {
            const std::string entity = entities->column_text(0);
            ++r.entity_recall[entity].returned;
            auto& set = asked[entity];
            for (const auto& q : qs)
                set.insert(&scan.questions.find(q)->first);
        }));
    }
    for (auto& [entity, set] : asked)
        r.entity_recall[entity].queries = set.size();
    return Status::ok();
}

} // namespace

Result<HealthReport> vault_health(const Vault& vault, const HealthOptions& o) {
    if (vault.format() != VaultFormat::Native)
        return Status::unsupported("health reads a memlens vault's audit log; an OpenHuman "
                                   "workspace keeps none: " +
                                   vault.dir().string());
    if (o.since_ms && o.until_ms && *o.since_ms > *o.until_ms)
        return Status::invalid("since is after until");
    auto snap = ReadSnapshot::begin(vault.db());
    if (!snap)
        return snap.status();
    HealthReport r;
    LogScan scan;
    MEMLENS_TRY(scan_log(vault, o, r, scan));
    MEMLENS_TRY(coverage(vault, o, scan, r));
    MEMLENS_TRY(magnets(vault, o, scan, r));
    if (o.per_node)
        MEMLENS_TRY(per_node(vault, scan, r));
    return r;
}

std::string to_json(const HealthReport& r) {
    using json = nlohmann::ordered_json;
    json j;
    j["searches"] = r.searches;
    j["distinct_queries"] = r.distinct_queries;
    j["chunks"] = r.chunks;
    j["never_returned"] = r.never_returned;
    j["never_returned_share"] =
        r.chunks ? static_cast<double>(r.never_returned) / static_cast<double>(r.chunks) : 0.0;
    j["newest"] = r.newest_ms ? json(format_rfc3339(r.newest_ms)) : json(nullptr);
    const auto rows = [](const std::vector<CoverageRow>& in, const char* key) {
        json out = json::array();
        for (const auto& c : in)
            out.push_back(
                {{key, c.label}, {"chunks", c.chunks}, {"never_returned", c.never_returned}});
        return out;
    };
    j["by_source"] = rows(r.by_source, "source");
    j["by_age"] = rows(r.by_age, "age");
    json mags = json::array();
    for (const auto& m : r.magnets)
        mags.push_back({{"node_id", m.node_id},
                        {"text", m.text},
                        {"queries", m.queries},
                        {"share", m.share},
                        {"unrelated_share", m.unrelated_share},
                        {"sample_queries", m.sample_queries}});
    j["magnets"] = std::move(mags);
    return j.dump(2, ' ', false, json::error_handler_t::replace);
}

} // namespace memlens
