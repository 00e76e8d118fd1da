#include "vault_args.h"

#include <memlens/json_writer.h>
#include <memlens/memories.h>
#include <memlens/node_ref.h>
#include <memlens/retrieval.h>
#include <memlens/time_util.h>

#include <cstdio>
#include <iostream>

namespace memlens::cli {

Result<std::unique_ptr<Vault>> open_vault_read_only(const Args& a) {
    auto dir = a.get("vault");
    if (!dir && !a.positional.empty())
        dir = a.positional.front();
    if (!dir)
        return Status::invalid("--vault DIR is required");
    return Vault::open(*dir, true);
}

Result<std::vector<std::string>> whole_ids(const Vault& vault, std::vector<std::string> ids) {
    for (std::string& id : ids) {
        auto whole = resolve_node_ref(vault, id); // an id, its start, a turn or message id
        if (!whole)
            return whole.status();
        id = std::move(whole).value();
    }
    return ids;
}

Result<std::size_t> get_limit(const Args& a) {
    auto n = a.get_int("limit", 0, static_cast<std::int64_t>(kMaxQueryLimit));
    if (!n)
        return n.status();
    if (!*n)
        return std::size_t{0};
    if (**n < 0)
        return Status::invalid("--limit must not be negative");
    return static_cast<std::size_t>(**n);
}

std::optional<std::string> get_query(const Args& a) {
    auto q = a.get("query");
    if (!q || q->find_first_not_of(" \t\r\n") == std::string::npos)
        return std::nullopt;
    return q;
}

Result<std::unique_ptr<Embedder>> embedder_for_query(const Vault& vault, const Args& a) {
    if (!get_query(a))
        return std::unique_ptr<Embedder>{};
    return make_embedder_for(vault);
}

namespace {

// The first `max` code points of one line of text, for a table cell.
std::string snippet_of(const std::string& text, std::size_t max) {
    std::string out;
    std::size_t cps = 0;
    for (std::size_t i = 0; i < text.size() && cps < max; ++cps) {
        auto c = static_cast<unsigned char>(text[i]);
        std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : 4;
        if (c == '\n' || c == '\r' || c == '\t') {
            out.push_back(' ');
            ++i;
            continue;
        }
        out.append(text, i, len);
        i += len;
    }
    if (out.size() < text.size())
        out += "…";
    return out;
}

std::string day(std::int64_t ms) {
    return format_rfc3339(ms).substr(0, 16);
}

} // namespace

void print_hit_table(std::ostream& out, const std::vector<RetrievalHit>& hits) {
    char buf[64];
    std::size_t rank = 0;
    for (const auto& h : hits) {
        ++rank;
        std::snprintf(buf, sizeof buf, "%3zu  %-7s L%-2u ", rank, to_wire(h.node_kind), h.level);
        out << buf << h.tree_scope << "  " << day(h.time_range_start_ms) << " .. "
            << day(h.time_range_end_ms);
        std::snprintf(buf, sizeof buf, "  score %.4f", h.score);
        out << buf;
        if (h.rerank_similarity) {
            std::snprintf(buf, sizeof buf, "  cos %.4f", *h.rerank_similarity);
            out << buf;
        }
        out << "  " << h.node_id << "\n     " << snippet_of(h.content, 110) << '\n';
    }
}

void print_response_table(std::ostream& out, const QueryResponse& r) {
    print_hit_table(out, r.hits);
    out << r.hits.size() << " of " << r.total << (r.truncated ? " (truncated)" : "") << '\n';
}

void print_response(const Args& a, const QueryResponse& r) {
    if (a.json())
        write_json(std::cout, r);
    else
        print_response_table(std::cout, r);
}

void print_hits(const Args& a, const std::vector<RetrievalHit>& hits) {
    if (a.json()) {
        write_json(std::cout, hits);
    } else {
        print_hit_table(std::cout, hits);
        std::cout << hits.size() << " hits\n";
    }
}

} // namespace memlens::cli
