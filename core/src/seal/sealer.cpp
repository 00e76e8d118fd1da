#include "seal/sealer.h"

#include "ingest/ids.h"
#include "ingest/node_writer.h"
#include "json/dump.h"
#include "json/string_array.h"

#include <memlens/text.h>
#include <memlens/time_util.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <unordered_map>

namespace memlens {

namespace {

constexpr std::size_t kSummaryEntityCap = 32;
constexpr std::size_t kSummaryTopicCap = 16;

using SealInput = Sealer::Input;

std::string json_ids(const std::vector<std::string>& ids) {
    return dump_json(nlohmann::json(ids));
}

// Empties a buffer's appended rows once its item_ids_json holds them (or it was sealed).
Status drop_buffer_appends(const Database& db, const std::string& tree_id, std::int64_t level) {
    auto drop = db.prepare("DELETE FROM ml_buffer_appends WHERE tree_id = ? AND level = ?");
    if (!drop)
        return drop.status();
    drop->bind(1, tree_id).bind(2, level);
    return drop->exec();
}

// Reads the children `ids` (all at child_level) from the vault into by_id.
Status load_inputs(const Database& db, int child_level, const std::vector<std::string>& ids,
                   std::unordered_map<std::string, SealInput>& by_id) {
    const std::string list = json_ids(ids);
    if (child_level == 0) {
        auto st = db.prepare(
            "SELECT c.id, c.content, coalesce(s.total, 0), c.time_range_start_ms, "
            "c.time_range_end_ms, c.tags_json, coalesce(c.author, '') FROM mem_tree_chunks c "
            "LEFT JOIN mem_tree_score s ON s.chunk_id = c.id "
            "WHERE c.id IN (SELECT value FROM json_each(?))");
        if (!st)
            return st.status();
        st->bind(1, list);
        MEMLENS_TRY(st->each_row([&] {
            SealInput in;
            in.id = st->column_text(0);
            std::string author = st->column_text(6);
            in.text = author.empty() ? st->column_text(1) : author + ": " + st->column_text(1);
            in.score = st->column_double(2);
            in.start_ms = st->column_int64(3);
            in.end_ms = st->column_int64(4);
            for (auto& t : parse_string_array(st->column_text_view(5)))
                in.topics.push_back("topic:" + utf8_lower(t));
            by_id.emplace(in.id, std::move(in));
        }));
        auto ents = db.prepare("SELECT node_id, entity_id FROM mem_tree_entity_index "
                               "WHERE node_id IN (SELECT value FROM json_each(?)) "
                               "ORDER BY node_id, entity_id");
        if (!ents)
            return ents.status();
        ents->bind(1, list);
        MEMLENS_TRY(ents->each_row([&] {
            auto it = by_id.find(ents->column_text(0));
            if (it != by_id.end())
                it->second.entities.push_back(ents->column_text(1));
        }));
    } else {
        auto st = db.prepare("SELECT id, content, score, time_range_start_ms, time_range_end_ms, "
                             "entities_json, topics_json FROM mem_tree_summaries "
                             "WHERE id IN (SELECT value FROM json_each(?))");
        if (!st)
            return st.status();
        st->bind(1, list);
        MEMLENS_TRY(st->each_row([&] {
            SealInput in;
            in.id = st->column_text(0);
            in.text = st->column_text(1);
            in.score = st->column_double(2);
            in.start_ms = st->column_int64(3);
            in.end_ms = st->column_int64(4);
            in.entities = parse_string_array(st->column_text_view(5));
            in.topics = parse_string_array(st->column_text_view(6));
            by_id.emplace(in.id, std::move(in));
        }));
    }
    return Status::ok();
}

// The fallback summariser (no model): inputs by score (highest first, ties keep input order), each
// prefixed "— ", blank-line separated, cut to output budget × 4 characters.
std::string extractive_summary(const std::vector<SealInput>& inputs, std::int64_t budget_tokens) {
    std::vector<std::size_t> order(inputs.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return inputs[a].score > inputs[b].score;
    });
    const auto max_chars = static_cast<std::size_t>(std::max<std::int64_t>(budget_tokens, 1) * 4);
    std::string out;
    std::size_t chars = 0;
    for (std::size_t i : order) {
        std::string piece = (out.empty() ? "" : "\n\n") + std::string("— ") + inputs[i].text;
        std::size_t n = utf8_length(piece);
        if (chars + n <= max_chars) {
            out += piece;
            chars += n;
            continue;
        }
        // Cut inside this piece on a code-point boundary.
        std::size_t room = max_chars - chars, bytes = 0, cps = 0;
        while (bytes < piece.size() && cps < room) {
            ++bytes;
            while (bytes < piece.size() &&
                   (static_cast<unsigned char>(piece[bytes]) & 0xC0) == 0x80)
                ++bytes;
            ++cps;
        }
        out += piece.substr(0, bytes);
        break;
    }
    return out;
}

std::vector<std::string> top_by_count(const std::vector<SealInput>& inputs, bool entities,
                                      std::size_t cap) {
    std::map<std::string, std::size_t> counts;
    for (const auto& in : inputs)
        for (const auto& e : entities ? in.entities : in.topics)
            ++counts[e];
    std::vector<std::pair<std::string, std::size_t>> v(counts.begin(), counts.end());
    std::stable_sort(v.begin(), v.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    std::vector<std::string> out;
    for (std::size_t i = 0; i < v.size() && i < cap; ++i)
        out.push_back(v[i].first);
    return out;
}

SummaryDraft draft_of(const std::vector<SealInput>& inputs, std::int64_t budget_tokens) {
    SummaryDraft d;
    d.start_ms = inputs.front().start_ms;
    d.end_ms = inputs.front().end_ms;
    for (const auto& in : inputs) {
        d.start_ms = std::min(d.start_ms, in.start_ms);
        d.end_ms = std::max(d.end_ms, in.end_ms);
        d.score = std::max(d.score, in.score);
    }
    d.content = extractive_summary(inputs, budget_tokens);
    d.entities = top_by_count(inputs, true, kSummaryEntityCap);
    d.topics = top_by_count(inputs, false, kSummaryTopicCap);
    return d;
}

} // namespace

Result<SummaryDraft> draft_summary(const Database& db, int child_level,
                                   const std::vector<std::string>& ids,
                                   std::int64_t output_budget_tokens) {
    std::unordered_map<std::string, SealInput> by_id;
    MEMLENS_TRY(load_inputs(db, child_level, ids, by_id));
    std::vector<SealInput> inputs;
    for (const auto& id : ids) {
        auto it = by_id.find(id);
        if (it == by_id.end())
            return Status::internal("re-sealing: child " + id + " is missing");
        inputs.push_back(std::move(it->second));
    }
    if (inputs.empty())
        return Status::internal("re-sealing: no children");
    return draft_of(inputs, output_budget_tokens);
}

Sealer::Sealer(const Database& db, Embedder& embedder, NodeWriter& writer, SealOptions opts)
    : db_(db)
    , embedder_(embedder)
    , writer_(writer)
    , opts_(opts) {}

Result<std::vector<Sealer::Input>> Sealer::read_full_buffer(const Database& db,
                                                            const std::string& tree_id,
                                                            std::int64_t adding_tokens,
                                                            const SealOptions& opts) {
    std::vector<Input> out;
    auto st = db.prepare("SELECT token_sum FROM mem_tree_buffers WHERE tree_id = ? AND level = 0");
    if (!st)
        return st.status();
    st->bind(1, tree_id);
    auto row = st->step();
    if (!row)
        return row.status();
    if (!*row || st->column_int64(0) + adding_tokens < opts.l0_token_budget)
        return out;
    auto ids = stored_buffer_items(db, tree_id, 0);
    if (!ids)
        return ids.status();
    std::unordered_map<std::string, Input> by_id;
    MEMLENS_TRY(load_inputs(db, 0, *ids, by_id));
    out.reserve(by_id.size());
    for (auto& [id, in] : by_id)
        out.push_back(std::move(in));
    return out;
}

void Sealer::note_leaf(Input leaf) {
    std::string id = leaf.id;
    known_.insert_or_assign(std::move(id), std::move(leaf));
}

Result<std::vector<Sealer::Input>> Sealer::children_of(int child_level,
                                                       const std::vector<std::string>& ids) {
    std::unordered_map<std::string, Input> by_id;
    std::vector<std::string> missing;
    for (const auto& id : ids) {
        auto it = known_.find(id);
        if (it == known_.end()) {
            missing.push_back(id);
            continue;
        }
        by_id.insert_or_assign(id, std::move(it->second));
        known_.erase(it);
    }
    if (!missing.empty()) {
        // Leaves this import wrote may still be waiting in the writer: the vault must hold them
        // before they are read back.
        MEMLENS_TRY(writer_.flush_chunks());
        MEMLENS_TRY(load_inputs(db_, child_level, missing, by_id));
    }
    std::vector<Input> out;
    out.reserve(ids.size());
    for (const auto& id : ids) {
        auto it = by_id.find(id);
        if (it == by_id.end())
            return Status::internal("sealing: child " + id + " is missing");
        out.push_back(std::move(it->second));
        by_id.erase(it);
    }
    return out;
}

Result<Sealer::Buffer*> Sealer::buffer(const std::string& tree_id, int level) {
    Key key{tree_id, level};
    auto it = buffers_.find(key);
    if (it != buffers_.end())
        return &it->second;
    Buffer b;
    auto st = db_.prepare("SELECT token_sum, oldest_at_ms FROM mem_tree_buffers "
                          "WHERE tree_id = ? AND level = ?");
    if (!st)
        return st.status();
    st->bind(1, tree_id).bind(2, level);
    auto row = st->step();
    if (!row)
        return row.status();
    if (*row) {
        b.token_sum = st->column_int64(0);
        b.oldest = st->column_optional_int64(1);
    }
    return &buffers_.emplace(key, std::move(b)).first->second;
}

Result<std::vector<std::string>*> Sealer::items(const Key& key, Buffer& b) {
    if (!b.ids_read) {
        auto stored = stored_buffer_items(db_, key.first, key.second);
        if (!stored)
            return stored.status();
        stored->insert(stored->end(), std::make_move_iterator(b.added.begin()),
                       std::make_move_iterator(b.added.end()));
        b.added.clear();
        b.ids = std::move(stored).value();
        b.ids_read = true;
        b.dirty = true;
    }
    return &b.ids;
}

Status Sealer::add_leaf(const std::string& tree_id, const std::string& leaf_id, std::int64_t tokens,
                        std::int64_t ts_ms) {
    auto b = buffer(tree_id, 0);
    if (!b)
        return b.status();
    // Adding an item twice is a no-op. Only this import's items can come again: a leaf is a
    // chunk this import wrote, which no earlier import's buffer can hold.
    auto& mine = (*b)->ids_read ? (*b)->ids : (*b)->added;
    if (std::find(mine.begin(), mine.end(), leaf_id) != mine.end())
        return Status::ok();
    if ((*b)->oldest && ts_ms - *(*b)->oldest > opts_.flush_after_ms) {
        MEMLENS_TRY(seal_buffer(tree_id, 0));
        b = buffer(tree_id, 0);
    }
    Buffer& buf = **b;
    (buf.ids_read ? buf.ids : buf.added).push_back(leaf_id);
    buf.token_sum += tokens;
    buf.oldest = buf.oldest ? std::min(*buf.oldest, ts_ms) : ts_ms;
    buf.dirty = true;
    if (buf.token_sum >= opts_.l0_token_budget)
        return seal_buffer(tree_id, 0);
    return Status::ok();
}

Result<std::vector<std::string>> Sealer::stale_trees(std::int64_t now, bool scan_stored) {
    // Buffers of this import are in memory; older ones may only be on disk, and only those old
    // enough to seal are read (a store must not read every tree's buffer).
    std::vector<std::string> trees;
    if (scan_stored) {
        auto st = db_.prepare("SELECT tree_id FROM mem_tree_buffers WHERE level = 0 AND "
                              "oldest_at_ms IS NOT NULL AND oldest_at_ms < ?");
        if (!st)
            return st.status();
        st->bind(1, now - opts_.flush_after_ms);
        MEMLENS_TRY(st->each_row([&] { trees.push_back(st->column_text(0)); }));
    }
    for (const auto& [key, b] : buffers_)
        if (key.second == 0)
            trees.push_back(key.first);
    std::sort(trees.begin(), trees.end());
    trees.erase(std::unique(trees.begin(), trees.end()), trees.end());
    return trees;
}

Status Sealer::seal_if_stale(const std::string& tree_id, std::int64_t now) {
    auto b = buffer(tree_id, 0);
    if (!b)
        return b.status();
    if ((*b)->oldest && *(*b)->oldest < now - opts_.flush_after_ms)
        return seal_buffer(tree_id, 0);
    return Status::ok();
}

Status Sealer::seal_buffer(const std::string& tree_id, int level) {
    auto b = buffer(tree_id, level);
    if (!b)
        return b.status();
    auto all = items(Key{tree_id, level}, **b);
    if (!all)
        return all.status();
    std::vector<std::string> ids = std::move(**all);
    (*b)->ids.clear();
    (*b)->token_sum = 0;
    (*b)->oldest.reset();
    (*b)->dirty = true;
    if (ids.empty())
        return Status::ok();
    auto sealed = seal_items(tree_id, level, ids, std::nullopt, std::nullopt);
    if (!sealed)
        return sealed.status();
    if (level + 1 >= opts_.max_levels)
        return Status::ok();
    auto up = buffer(tree_id, level + 1);
    if (!up)
        return up.status();
    Buffer& ub = **up;
    auto up_ids = items(Key{tree_id, level + 1}, ub); // at most the fan-out
    if (!up_ids)
        return up_ids.status();
    (*up_ids)->push_back(sealed->id);
    ub.token_sum += sealed->tokens;
    ub.oldest = ub.oldest ? std::min(*ub.oldest, sealed->start_ms) : sealed->start_ms;
    ub.dirty = true;
    if (static_cast<int>((*up_ids)->size()) >= opts_.summary_fanout)
        return seal_buffer(tree_id, level + 1);
    return Status::ok();
}

Result<Sealer::Sealed> Sealer::seal_items(const std::string& tree_id, int child_level,
                                          const std::vector<std::string>& ids,
                                          const std::optional<std::string>& doc_id,
                                          std::optional<std::int64_t> version_ms) {
    auto inputs = children_of(child_level, ids);
    if (!inputs)
        return inputs.status();
    SummaryDraft draft = draft_of(*inputs, opts_.output_budget_tokens);
    SummaryRow row;
    row.tree_id = tree_id;
    row.level = child_level + 1;
    row.child_ids = ids;
    row.start_ms = draft.start_ms;
    row.end_ms = draft.end_ms;
    row.score = draft.score;
    row.content = std::move(draft.content);
    row.entities = std::move(draft.entities);
    row.topics = std::move(draft.topics);
    row.sealed_at_ms = now_ms();
    row.doc_id = doc_id;
    row.version_ms = version_ms;
    row.id = make_summary_id(row.end_ms, row.level, tree_id, ids.front(), ids.back());

    MEMLENS_TRY(writer_.insert_summary(row));
    MEMLENS_TRY(writer_.link_children(ids, child_level, row.id));
    std::vector<ExtractedEntity> ents;
    for (const auto& e : row.entities) {
        ExtractedEntity x;
        x.canonical_id = e;
        auto colon = e.find(':');
        x.kind = colon == std::string::npos ? "misc" : e.substr(0, colon);
        x.surface = colon == std::string::npos ? e : e.substr(colon + 1);
        ents.push_back(std::move(x));
    }
    auto indexed = writer_.index_entities(row.id, false, tree_id, row.end_ms, ents);
    if (!indexed)
        return indexed.status();
    auto vec = embedder_.embed_one(row.content);
    if (!vec)
        return vec.status().with_context("embedding summary " + row.id);
    MEMLENS_TRY(writer_.insert_summary_embedding(row.id, *vec));
    MEMLENS_TRY(writer_.update_tree_root(tree_id, row.id, row.level, row.sealed_at_ms));
    ++sealed_;
    if (row.level < opts_.max_levels)
        known_.insert_or_assign(row.id, Input{row.id, row.content, row.score, row.start_ms,
                                              row.end_ms, row.entities, row.topics});
    return Sealed{row.id, estimate_tokens(row.content), row.start_ms};
}

Result<std::string> Sealer::seal_document(const std::string& tree_id,
                                          const std::vector<std::string>& leaf_ids,
                                          const std::vector<std::int64_t>& leaf_tokens,
                                          const std::string& doc_id, std::int64_t version_ms) {
    if (leaf_ids.empty())
        return Status::invalid("document " + doc_id + " has no content");
    // L0 → L1 by the token budget.
    std::vector<std::string> level_ids;
    std::vector<std::string> group;
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < leaf_ids.size(); ++i) {
        group.push_back(leaf_ids[i]);
        sum += leaf_tokens[i];
        if (sum >= opts_.l0_token_budget || i + 1 == leaf_ids.size()) {
            auto s = seal_items(tree_id, 0, group, doc_id, version_ms);
            if (!s)
                return s.status();
            level_ids.push_back(s->id);
            group.clear();
            sum = 0;
        }
    }
    // L1+ by the fan-out, until one root stands for this version.
    int level = 1;
    while (level_ids.size() > 1 && level < opts_.max_levels) {
        std::vector<std::string> next;
        for (std::size_t i = 0; i < level_ids.size();
             i += static_cast<std::size_t>(opts_.summary_fanout)) {
            std::vector<std::string> chunk(
                level_ids.begin() + static_cast<std::ptrdiff_t>(i),
                level_ids.begin() +
                    static_cast<std::ptrdiff_t>(std::min(
                        level_ids.size(), i + static_cast<std::size_t>(opts_.summary_fanout))));
            auto s = seal_items(tree_id, level, chunk, doc_id, version_ms);
            if (!s)
                return s.status();
            next.push_back(s->id);
        }
        level_ids = std::move(next);
        ++level;
    }
    return level_ids.front();
}

Status Sealer::save() {
    auto whole = db_.prepare(
        "INSERT INTO mem_tree_buffers(tree_id, level, item_ids_json, token_sum, oldest_at_ms, "
        "updated_at_ms) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(tree_id, level) DO UPDATE SET "
        "item_ids_json = excluded.item_ids_json, token_sum = excluded.token_sum, oldest_at_ms = "
        "excluded.oldest_at_ms, updated_at_ms = excluded.updated_at_ms");
    if (!whole)
        return whole.status();
    for (auto& [key, b] : buffers_) {
        if (!b.dirty)
            continue;
        if (b.ids_read) {
            whole->reset();
            whole->bind(1, key.first)
                .bind(2, key.second)
                .bind(3, json_ids(b.ids))
                .bind(4, b.token_sum)
                .bind(5, b.oldest)
                .bind(6, now_ms());
            MEMLENS_TRY(whole->exec());
            MEMLENS_TRY(drop_buffer_appends(db_, key.first, key.second));
        } else {
            // Only added to: the new items go after the stored ones, and the row's small
            // columns change (SQLite rewrites only the pages whose bytes changed, so a long
            // item_ids_json is not written again).
            auto sums = db_.prepare(
                "INSERT INTO mem_tree_buffers(tree_id, level, token_sum, oldest_at_ms, "
                "updated_at_ms) VALUES (?, ?, ?, ?, ?) ON CONFLICT(tree_id, level) DO UPDATE SET "
                "token_sum = excluded.token_sum, oldest_at_ms = excluded.oldest_at_ms, "
                "updated_at_ms = excluded.updated_at_ms");
            if (!sums)
                return sums.status();
            sums->bind(1, key.first)
                .bind(2, key.second)
                .bind(3, b.token_sum)
                .bind(4, b.oldest)
                .bind(5, now_ms());
            MEMLENS_TRY(sums->exec());
            auto append = db_.prepare(
                "INSERT INTO ml_buffer_appends(tree_id, level, pos, item_id) VALUES (?1, ?2, "
                "(SELECT coalesce(max(pos) + 1, 0) FROM ml_buffer_appends WHERE tree_id = ?1 AND "
                "level = ?2), ?3)");
            if (!append)
                return append.status();
            for (const auto& id : b.added) {
                append->reset();
                append->bind(1, key.first).bind(2, key.second).bind(3, id);
                MEMLENS_TRY(append->exec());
            }
            b.added.clear();
        }
        b.dirty = false;
    }
    return Status::ok();
}

Result<std::vector<std::string>> stored_buffer_items(const Database& db, const std::string& tree_id,
                                                     std::int64_t level) {
    std::vector<std::string> ids;
    auto json =
        db.prepare("SELECT item_ids_json FROM mem_tree_buffers WHERE tree_id = ? AND level = ?");
    if (!json)
        return json.status();
    json->bind(1, tree_id).bind(2, level);
    auto row = json->step();
    if (!row)
        return row.status();
    if (*row)
        ids = parse_string_array(json->column_text_view(0));
    auto appends = db.prepare(
        "SELECT item_id FROM ml_buffer_appends WHERE tree_id = ? AND level = ? ORDER BY pos");
    if (!appends)
        return appends.status();
    appends->bind(1, tree_id).bind(2, level);
    MEMLENS_TRY(appends->each_row([&] { ids.push_back(appends->column_text(0)); }));
    return ids;
}

Status fold_buffer_appends(const Database& db) {
    auto keys = db.prepare("SELECT DISTINCT tree_id, level FROM ml_buffer_appends");
    if (!keys)
        return keys.status();
    std::vector<std::pair<std::string, std::int64_t>> todo;
    MEMLENS_TRY(
        keys->each_row([&] { todo.emplace_back(keys->column_text(0), keys->column_int64(1)); }));
    for (const auto& [tree, level] : todo) {
        auto ids = stored_buffer_items(db, tree, level);
        if (!ids)
            return ids.status();
        auto up = db.prepare(
            "UPDATE mem_tree_buffers SET item_ids_json = ? WHERE tree_id = ? AND level = ?");
        if (!up)
            return up.status();
        up->bind(1, json_ids(*ids)).bind(2, tree).bind(3, level);
        MEMLENS_TRY(up->exec());
        MEMLENS_TRY(drop_buffer_appends(db, tree, level));
    }
    return Status::ok();
}

} // namespace memlens
