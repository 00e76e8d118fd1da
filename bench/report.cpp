#include "report.h"

#include <cstddef>
#include <cstdio>
#include <utility>

namespace memlens::bench {

using json = nlohmann::json;

void print_ingest_table(const json& j) {
    std::printf("chunks                 %zu\n", j["chunks"].get<std::size_t>());
    std::printf("full pipeline          %10.0f chunks/s  (%.2f s)\n",
                j["pipeline_chunks_per_s"].get<double>(), j["pipeline_seconds"].get<double>());
    std::printf("bare SQLite + FTS5     %10.0f chunks/s  (%.2f s)\n",
                j["bare_chunks_per_s"].get<double>(), j["bare_seconds"].get<double>());
    std::printf("ratio                  %10.3f  (target >= 0.333)\n", j["ratio"].get<double>());
    std::printf("bare, vault's 4-column FTS5 %5.0f chunks/s  (%.2f s; %.3f of bare)\n",
                j["bare_vault_fts_chunks_per_s"].get<double>(),
                j["bare_vault_fts_seconds"].get<double>(), j["bare_vault_fts_ratio"].get<double>());
    std::printf("vault's rows, copied    %10.0f chunks/s  (%.2f s; %.3f of bare; the "
                "pipeline runs at %.3f of it)\n",
                j["vault_rows_chunks_per_s"].get<double>(), j["vault_rows_seconds"].get<double>(),
                j["vault_rows_ratio"].get<double>(), j["pipeline_to_vault_rows"].get<double>());
}

void print_query_table(const json& j) {
    if (j.contains("index_vectors"))
        std::printf("memlens-bench query: %zu chunks, %zu queries, %zu vectors in %zu topics\n\n",
                    j["chunks"].get<std::size_t>(), j["queries"].get<std::size_t>(),
                    j["index_vectors"].get<std::size_t>(), j["topics"].get<std::size_t>());
    else
        std::printf("memlens-bench query: %zu chunks, %zu queries (primitives only)\n\n",
                    j["chunks"].get<std::size_t>(), j["queries"].get<std::size_t>());
    std::printf("%-34s %10s %10s\n", "operation", "p50 ms", "p95 ms");
    const std::pair<const char*, const char*> rows[] = {
        {"hybrid search (default request)", "hybrid_ms"},
        {"  its keyword leg", "hybrid_keyword_leg_ms"},
        {"  its vector leg", "hybrid_vector_leg_ms"},
        {"keyword-only search", "keyword_ms"},
        {"raw FTS5 bm25 top-k (sqlite3)", "fts_raw_ms"},
        {"vector leg (beam descent)", "vector_ms"},
        {"exact scan (Eigen)", "exact_ms"},
        {"hnswlib (M16 efc200)", "hnsw_ms"},
        {"cover_window 7 days", "cover_window_ms"},
        {"cover_window 90 days", "cover_window_90d_ms"},
        {"drill_down (top-level summary)", "drill_down_ms"},
        {"query_topic (most mentioned)", "query_topic_ms"},
        {"search_entities", "search_entities_ms"},
        {"fetch_leaves (20 chunks)", "fetch_leaves_ms"},
        {"walk (graph routing)", "walk_ms"}};
    for (const auto& [label, key] : rows)
        if (j.contains(key))
            std::printf("%-34s %10.3f %10.3f\n", label, j[key]["p50"].get<double>(),
                        j[key]["p95"].get<double>());
    if (!j.contains("hybrid_ms"))
        return; // --primitives-only
    if (j.contains("hybrid_stage_ms")) {
        std::printf("  its stages after the legs, p50 ms:");
        for (const auto& st : j["hybrid_stage_ms"])
            std::printf(" %s %.3f", st["stage"].get<std::string>().c_str(),
                        st["ms"]["p50"].get<double>());
        std::printf("\n");
    }
    std::printf("\nrecall@10 (ties counted; same ids): beam %.3f; %.3f, hnswlib (ef %d) %.3f; "
                "%.3f; hnswlib build %.1f s\n",
                j["vector_recall_at_10"].get<double>(), j["vector_id_recall_at_10"].get<double>(),
                j["hnsw_params"]["ef"].get<int>(), j["hnsw_recall_at_10"].get<double>(),
                j["hnsw_id_recall_at_10"].get<double>(), j["hnsw_build_s"].get<double>());
    std::printf("beam sweep:");
    for (const auto& b : j["vector_beam_sweep"])
        std::printf("  w%d %.3f@%.2fms", b["beam_width"].get<int>(),
                    b["recall_at_10"].get<double>(), b["ms"]["p50"].get<double>());
    std::printf("\n");
    if (j.contains("hnsw_ef_sweep")) {
        std::printf("hnswlib sweep:");
        for (const auto& b : j["hnsw_ef_sweep"])
            std::printf("  ef%d %.3f@%.2fms", b["ef"].get<int>(), b["recall_at_10"].get<double>(),
                        b["ms"]["p50"].get<double>());
        std::printf("\n");
    }
    for (const auto& e : j.value("vector_at_equal_recall", json::array())) {
        if (e.contains("beam_p50_over_hnsw_p50"))
            std::printf("at recall >= %.2f: beam %d %.2f ms, hnswlib ef %d %.2f ms (%.2f x)\n",
                        e["recall_at_10"].get<double>(), e["beam"]["beam_width"].get<int>(),
                        e["beam"]["ms"]["p50"].get<double>(), e["hnsw"]["ef"].get<int>(),
                        e["hnsw"]["ms"]["p50"].get<double>(),
                        e["beam_p50_over_hnsw_p50"].get<double>());
        else
            std::printf("at recall >= %.2f: %s\n", e["recall_at_10"].get<double>(),
                        e["beam"].is_null() ? "no beam width in the sweep reaches it"
                                            : "hnswlib reaches it at no ef in the sweep");
    }
    if (const auto& v = j["vector_vs_hnsw_at_its_recall"]; v.contains("vector_p50_over_hnsw_p50"))
        std::printf("the vector leg's recall %.3f: hnswlib needs ef %d, %.2f ms (%.2f x)\n",
                    v["vector_recall_at_10"].get<double>(), v["hnsw"]["ef"].get<int>(),
                    v["hnsw"]["ms"]["p50"].get<double>(),
                    v["vector_p50_over_hnsw_p50"].get<double>());
    else
        std::printf("the vector leg's recall %.3f: hnswlib reaches it at no ef in the sweep\n",
                    j["vector_vs_hnsw_at_its_recall"]["vector_recall_at_10"].get<double>());
    std::printf("peak RSS %.0f MB (%.0f MB before hnswlib); vault %.0f bytes per chunk\n\n",
                j["peak_rss_mb"].get<double>(), j["peak_rss_before_hnsw_mb"].get<double>(),
                j["vault_bytes_per_chunk"].get<double>());
    const auto& r = j["ratios"];
    std::printf("hybrid p50 / (raw FTS5 + hnswlib) p50  %6.2f  (target <= 2)\n",
                r["hybrid_p50_over_fts_plus_hnsw_p50"].get<double>());
    std::printf("hybrid p95 / (raw FTS5 + hnswlib) p95  %6.2f  (target <= 3)\n",
                r["hybrid_p95_over_fts_plus_hnsw_p95"].get<double>());
    std::printf("vector leg p50 / hnswlib p50           %6.2f  (target <= 3)\n",
                r["vector_p50_over_hnsw_p50"].get<double>());
    if (r["vector_p50_over_hnsw_p50_at_its_recall"].is_number())
        std::printf("  ... over hnswlib at the same recall   %6.2f\n",
                    r["vector_p50_over_hnsw_p50_at_its_recall"].get<double>());
    std::printf("vector leg recall@10                   %6.3f  (target >= 0.95)\n",
                j["vector_recall_at_10"].get<double>());
    std::printf("peak RSS                               %6.0f  MB (target <= 2048)\n",
                j["peak_rss_mb"].get<double>());
    std::printf("cold start: memlens-cli query %.0f ms / sqlite3 raw FTS5 %.0f ms = %.2f "
                "(target <= 3)\n",
                j["cold_start"]["memlens_ms"].get<double>(),
                j["cold_start"]["sqlite3_ms"].get<double>(),
                j["cold_start"]["ratio"].get<double>());
}

json growth(const json& from, const json& to) {
    json g = json::object();
    for (const auto& [key, value] : to.items()) {
        if (!from.contains(key))
            continue;
        const json& before = from[key];
        if (value.is_object() && value.contains("p50") && before.contains("p50")) {
            const double b50 = before["p50"].get<double>(), b95 = before["p95"].get<double>();
            g[key] = {{"p50", b50 > 0 ? value["p50"].get<double>() / b50 : 0.0},
                      {"p95", b95 > 0 ? value["p95"].get<double>() / b95 : 0.0}};
        } else if (value.is_number() && before.is_number() && before.get<double>() > 0) {
            g[key] = value.get<double>() / before.get<double>();
        }
    }
    return g;
}

void print_scale_table(const json& j) {
    const json& runs = j["runs"];
    std::printf("%-24s", "p50 ms");
    for (const auto& n : j["sizes"])
        std::printf(" %12zu", n.get<std::size_t>());
    std::printf("\n");
    for (const char* key : {"hybrid_ms", "keyword_ms", "fts_raw_ms", "vector_ms", "exact_ms",
                            "hnsw_ms", "cover_window_ms", "cover_window_90d_ms", "drill_down_ms",
                            "query_topic_ms", "search_entities_ms"}) {
        std::printf("%-24s", key);
        for (const auto& r : runs)
            std::printf(" %12.3f", r[key]["p50"].get<double>());
        std::printf("\n");
    }
    for (const char* key :
         {"vector_recall_at_10", "hnsw_recall_at_10", "peak_rss_mb", "vault_bytes_per_chunk"}) {
        std::printf("%-24s", key);
        for (const auto& r : runs)
            std::printf(" %12.3f", r[key].get<double>());
        std::printf("\n");
    }
}

} // namespace memlens::bench
