// The Ingestor: one import, one transaction. See ingest.h for the contract.
#include "background_priority.h"
#include "entities/repoint.h"
#include "import/input_rules.h"
#include "ingest/chunker.h"
#include "ingest/ids.h"
#include "ingest/node_writer.h"
#include "ingest/sha256.h"
#include "json/dump.h"
#include "scoped_pragma.h"
#include "seal/sealer.h"

#include <memlens/embedder.h>
#include <memlens/entities.h>
#include <memlens/ingest.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>
#include <memlens/time_util.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <future>
#include <map>
#include <set>
#include <thread>
#include <unordered_set>

namespace memlens {

namespace {

constexpr std::size_t kEmbedBatch = 512;
constexpr std::size_t kCancelCheckEvery = 256;

struct PendingEmbedding {
    std::string chunk_id;
    std::string text;
};

// A deterministic importance score for mem_tree_score (the summariser orders by it): longer,
// lexically varied, entity-rich chunks rank higher. Each signal is in [0, 1].
struct ChunkScore {
    double total, token_signal, unique_words, entity_density;
};

ChunkScore score_chunk(std::string_view text, std::int64_t tokens, std::size_t entity_count) {
    auto words = split_words(text);
    std::unordered_set<std::string> distinct(words.begin(), words.end());
    ChunkScore s{};
    s.token_signal = std::min(1.0, static_cast<double>(tokens) / 100.0);
    s.unique_words = words.empty()
                         ? 0.0
                         : static_cast<double>(distinct.size()) / static_cast<double>(words.size());
    s.entity_density = std::min(1.0, static_cast<double>(entity_count) /
                                         std::max(1.0, static_cast<double>(words.size()) / 10.0));
    s.total = 0.4 * s.token_signal + 0.3 * s.unique_words + 0.3 * s.entity_density;
    return s;
}

// The items around each item in its thread / session / document (same group_id, in the
// order they are written): `near` = one before and one after, `far` = two before and after.
// Only this import's items are considered; a message appended to a thread imported earlier
// does not see the older neighbours.
struct Neighbours {
    std::vector<std::string> near, far;
};

constexpr std::size_t kNeighbourChars = 1200; // per neighbour: enough for a chat turn or a section

std::string clip(const std::string& text) {
    if (text.size() <= kNeighbourChars)
        return text;
    return text.substr(0, utf8_floor(text, kNeighbourChars));
}

Neighbours find_neighbours(const std::vector<const IngestItem*>& order) {
    Neighbours n;
    n.near.resize(order.size());
    n.far.resize(order.size());
    auto same_group = [&](std::size_t a, std::size_t b) {
        return order[a]->group_id == order[b]->group_id;
    };
    for (std::size_t i = 0; i < order.size(); ++i) {
        auto add = [&](std::string& out, std::ptrdiff_t j) {
            if (j < 0 || static_cast<std::size_t>(j) >= order.size() ||
                !same_group(i, static_cast<std::size_t>(j)))
                return;
            if (!out.empty())
                out += "\n";
            out += clip(order[static_cast<std::size_t>(j)]->text);
        };
        const auto si = static_cast<std::ptrdiff_t>(i);
        add(n.near[i], si - 1);
        add(n.near[i], si + 1);
        // Two away only counts when the one between is in the group too.
        if (si - 1 >= 0 && same_group(i, i - 1))
            add(n.far[i], si - 2);
        if (i + 1 < order.size() && same_group(i, i + 1))
            add(n.far[i], si + 2);
    }
    return n;
}

class Run {
public:
    Run(Vault& vault, Embedder& embedder, const IngestOptions& opts, const ProgressFn& progress,
        const std::atomic_bool* cancel)
        : vault_(vault)
        , db_(vault.db())
        , embedder_(embedder)
        , opts_(opts)
        , progress_(progress)
        , cancel_(cancel) {}

    Result<IngestReport> run(const std::vector<IngestSource>& sources) {
        const auto t0 = std::chrono::steady_clock::now();
        MEMLENS_TRY(vault_.check_writable());
        auto registry = EntityRegistry::load(vault_.entities_dir());
        if (!registry)
            return registry.status();
        registry_ = std::move(registry).value();

        // A larger page cache for the length of the import: it inserts into a dozen B-trees
        // in key orders unrelated to each other (chunk ids are hashes), and with the
        // connection's 64 MiB dirty pages would spill to the WAL mid-transaction and be read
        // back. Restored afterwards, so a long-lived connection keeps its size.
        const ScopedPragma cache(db_, "cache_size", "-262144"); // 256 MiB
        MEMLENS_TRY(read_buffers_a_store_fills(sources));
        bool taught = false; // this import's text trained the embedder's model
        if (embedder_.needs_learning()) {
            MEMLENS_TRY(learn_words(sources));
            taught = !embedder_.needs_learning();
        }
        MEMLENS_TRY(begin_batch());
        // A model trained before grows with what this import brings, in its first batch's
        // transaction: a store and what it taught the model commit together.
        if (!taught && !embedder_.needs_learning())
            MEMLENS_TRY(embedder_.observe(db_, replay_groups(sources)));
        for (const auto& s : sources)
            total_items_ += s.items.size();
        for (const auto& s : sources) {
            MEMLENS_TRY(ingest_source(s));
            ++report_.sources;
        }
        MEMLENS_TRY(flush_stale_buffers());
        MEMLENS_TRY(commit_batch(true));
        report_.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return report_;
    }

    // The messages stored by the batches committed so far (IngestOptions::batch_ms).
    std::size_t committed_items() const { return committed_items_; }

    // Whether run() wrote a new index file (committed or not): then publish_file() runs after
    // its transaction, renaming it or removing it.
    bool wrote_index_file() const { return wrote_index_file_; }
    // Whether the committed import listed more vectors than the index file takes beside it:
    // then TopicIndex::fold_listed() after the commit.
    bool fold_due() const { return fold_due_; }

private:
    // An import commits in batches of about IngestOptions::batch_ms, so that another writer
    // (an agent's store) waits no longer than that for the write lock. Each batch is whole:
    // its messages with their chunks, FTS rows, vectors, entity mentions and edges, the
    // sealer's buffers and what it sealed, and the source's row. A batch begins with a fresh
    // NodeWriter and Sealer, which read the vault as it is then, with whatever another
    // writer committed in between.
    Status begin_batch() {
        sealer_.reset();
        writer_.reset();
        const auto asked = std::chrono::steady_clock::now();
        auto tx = Transaction::begin(db_);
        report_.lock_wait_seconds +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count();
        if (!tx)
            return tx.status().with_context(vault_.db_path().string());
        tx_.emplace(std::move(tx).value());
        auto writer = NodeWriter::prepare(db_, embedder_.signature());
        if (!writer)
            return writer.status();
        writer_.emplace(std::move(writer).value());
        sealer_.emplace(db_, embedder_, *writer_, opts_.seal);
        for (const auto& leaf : read_before_)
            sealer_->note_leaf(leaf);
        batch_started_ = std::chrono::steady_clock::now();
        batch_items_ = 0;
        batch_seals_ = 0;
        person_known_.clear(); // a person another writer added meanwhile is asked again
        return Status::ok();
    }

    // A store (a source of a few messages) that fills its tree's level-0 buffer seals it: the
    // buffer's items are read here, before the first batch takes the write lock
    // (Sealer::read_full_buffer), and each batch's sealer is handed them.
    Status read_buffers_a_store_fills(const std::vector<IngestSource>& sources) {
        for (const auto& s : sources) {
            if (s.is_document || s.items.size() > kPrepareHereMax)
                continue;
            std::int64_t adding = 0;
            for (const auto& item : s.items)
                adding += estimate_tokens(item.text);
            auto read = Sealer::read_full_buffer(db_, make_tree_id("source", s.source_id), adding,
                                                 opts_.seal);
            if (!read)
                return read.status();
            read_before_.insert(read_before_.end(), std::make_move_iterator(read->begin()),
                                std::make_move_iterator(read->end()));
        }
        return Status::ok();
    }

    // Whether the import commits in batches at all (IngestOptions::batch_ms 0: one
    // transaction for everything).
    bool in_batches() const { return opts_.batch_ms > 0; }

    // Each source's messages by thread, in the order they are replayed: the texts an embedder
    // that learns from the vault's text is taught.
    static std::vector<std::vector<std::string>>
    replay_groups(const std::vector<IngestSource>& sources) {
        std::vector<std::vector<std::string>> groups;
        for (const auto& s : sources) {
            std::map<std::string, std::size_t> at;
            for (const IngestItem* item : replay_order(s)) {
                auto [it, fresh] = at.emplace(item->group_id, groups.size());
                if (fresh)
                    groups.emplace_back();
                groups[it->second].push_back(item->text);
            }
        }
        return groups;
    }

    // An embedder that learns from the vault's text (embedder.kind ppmi) learns from this
    // import: each source's messages by thread, in the order they are replayed. Too little text
    // to learn from leaves it as it was (it embeds nothing until an import brings enough).
    Status learn_words(const std::vector<IngestSource>& sources) {
        Status learned = embedder_.learn(replay_groups(sources));
        if (learned.code() == StatusCode::InvalidArgument && embedder_.needs_learning())
            return Status::ok();
        return learned;
    }

    // Commits the batch under way and begins the next one; `between` runs with no transaction
    // open (the write lock free for another writer).
    Status next_batch(const std::function<void()>& between = {}) {
        MEMLENS_TRY(commit_batch(false));
        if (between)
            between();
        return begin_batch();
    }

    // Whether the batch commits at the next message: another writer waits for the lock (an
    // agent's store: Database::writer_waiting), or the batch has held it long enough. Its
    // commit (the buffered rows written, then the log) takes about as long again as the
    // messages did, and grows with them: the commit of the messages so far, at the last
    // batch's commit time per message, counts, so that the whole hold stays near batch_ms.
    //
    // While other writers keep coming (one waited within the last kWritersActive), a batch
    // holds the lock a third as long: a store that arrives mid-batch waits for that batch's
    // commit, which grows with the batch (20 to 45 ms for 200 to 300 messages here), and an
    // agent that stores once during an import tends to store again.
    static constexpr auto kWritersActive = std::chrono::seconds(2);
    bool batch_is_due() {
        if (!in_batches())
            return false;
        const auto now = std::chrono::steady_clock::now();
        if (batch_items_ + batch_seals_ > 0 && db_.writer_waiting()) {
            writer_waited_at_ = now;
            return true;
        }
        const auto hold =
            std::chrono::milliseconds(writer_waited_at_ && now - *writer_waited_at_ < kWritersActive
                                          ? std::max(1, opts_.batch_ms / 3)
                                          : opts_.batch_ms);
        // The first batch has no commit to go by: its commit is taken to last as long as its
        // messages (one import's first batch held the lock 108 ms with a 50 ms bound).
        const std::chrono::steady_clock::duration commit =
            commit_per_item_.count() > 0
                ? commit_per_item_ * static_cast<std::int64_t>(batch_items_ + 1)
                : now - batch_started_;
        return now - batch_started_ + commit >= hold;
    }

    // Seals the level-0 buffers that have waited past the flush window: the ones of the trees
    // this import added to, and now and then (Vault::stale_buffer_scan_due) every stored one.
    // A seal is a batch's work like a message's: a batch commits between two seals when it is
    // due (an import of a long history ends with dozens of them, 200 ms at 100,000 chunks).
    Status flush_stale_buffers() {
        // With a clock of its own (a replay, a test) an import scans every time.
        const std::int64_t now = opts_.now_ms != 0 ? opts_.now_ms : now_ms();
        auto trees =
            sealer_->stale_trees(now, opts_.now_ms != 0 || vault_.stale_buffer_scan_due(now));
        if (!trees)
            return trees.status();
        std::set<std::string> all(trees->begin(), trees->end());
        all.insert(trees_added_to_.begin(), trees_added_to_.end());
        std::size_t done = 0;
        for (const auto& tree : all) {
            report(std::string("sealing"), done++, all.size());
            MEMLENS_TRY(check_cancel());
            if (batch_is_due())
                MEMLENS_TRY(next_batch());
            const std::size_t before = sealer_->summaries_sealed();
            MEMLENS_TRY(sealer_->seal_if_stale(tree, now));
            batch_seals_ += sealer_->summaries_sealed() - before;
        }
        return Status::ok();
    }

    // Writes what the batch holds and commits it; the last one also writes the topic index
    // file when appends no longer suffice.
    Status commit_batch(bool last) {
        const auto commit_started = std::chrono::steady_clock::now();
        MEMLENS_TRY(flush_embeddings());
        MEMLENS_TRY(sealer_->save());
        MEMLENS_TRY(writer_->flush_chunks());
        MEMLENS_TRY(writer_->flush_fts());
        MEMLENS_TRY(writer_->flush_edges());
        // A name is a person or a topic, never both (docs/entities.md, "Persons and topics"),
        // in every batch a reader may see. A summary sealed by a later batch counts the name
        // under the person for every leaf; one sealed before the fold counted it under two
        // ids: which entities a summary lists can depend on where the batches ended.
        auto folded = entities::fold_person_topics(db_, batch_entity_ids_);
        if (!folded)
            return folded.status();
        folded_names_.insert(folded->begin(), folded->end());
        batch_entity_ids_.clear();
        edges_touched_.insert(writer_->edges_touched().begin(), writer_->edges_touched().end());
        report_.summaries += sealer_->summaries_sealed();
        if (last)
            count_entities_and_edges();

        // A store appends: its vectors are listed for the index (ml_topic_delta) by the
        // triggers of this transaction, and searches read them beside the file. Past
        // TopicIndex::kMaxUnfoldedRows the import folds them into a new file after its last
        // commit, without the write lock (fold_due()); with no file to map, its last batch
        // writes one (TopicIndex::upkeep).
        if (last && opts_.update_topic_tree && (report_.chunks > 0 || report_.summaries > 0)) {
            auto upkeep = TopicIndex::upkeep(db_, embedder_.signature());
            if (!upkeep)
                return upkeep.status();
            fold_due_ = *upkeep == TopicIndex::Upkeep::Fold;
            if (*upkeep == TopicIndex::Upkeep::Save) {
                report(std::string("topics"), 0, 1);
                MEMLENS_TRY(check_cancel());
                auto index = TopicIndex::load(db_, embedder_.signature());
                if (!index)
                    return index.status();
                wrote_index_file_ = true;
                MEMLENS_TRY(index->save(db_));
            }
        }
        MEMLENS_TRY(check_cancel());
        if (batch_changed_ || sealer_->summaries_sealed() > 0)
            MEMLENS_TRY(vault_.bump_revision());
        MEMLENS_TRY(tx_->commit().with_context(vault_.db_path().string()));
        tx_.reset();
        ++report_.batches;
        if (batch_items_ > 0)
            commit_per_item_ = (std::chrono::steady_clock::now() - commit_started) / batch_items_;
        committed_items_ += batch_items_;
        batch_changed_ = false;
        // A writer waiting for the lock (an agent's store) goes first: the next batch begins
        // once it has had its turn. The bound only matters when a third writer holds the lock
        // meanwhile, or waiters keep coming: the import then goes on within a second.
        if (!last)
            db_.let_waiting_writers_in(std::chrono::seconds(1));
        return Status::ok();
    }

    // The entities and edges the import leaves in the vault: a topic folded into the person of
    // its name (fold_person_topics) is that person, and an edge between the two is gone.
    void count_entities_and_edges() {
        const std::set<std::string>& folded = folded_names_;
        auto as_stored = [&](std::string id) {
            if (id.rfind("topic:", 0) == 0 && folded.count(id.substr(6)) != 0)
                id.replace(0, 5, "person");
            return id;
        };
        std::set<std::string> ids;
        for (const auto& id : entity_ids_)
            ids.insert(as_stored(id));
        report_.entities = ids.size();
        std::set<std::pair<std::string, std::string>> edges;
        for (const auto& key : edges_touched_) {
            const auto cut = key.find('\x1f');
            std::string a = as_stored(key.substr(0, cut));
            std::string b = as_stored(key.substr(cut + 1));
            if (a == b)
                continue;
            if (b < a)
                std::swap(a, b);
            edges.emplace(std::move(a), std::move(b));
        }
        report_.edges = edges.size();
    }

    Status check_cancel() const {
        if (cancel_ != nullptr && cancel_->load(std::memory_order_relaxed))
            return Status::cancelled(
                report_.batches > 0 && committed_items_ == total_items_
                    ? std::string("import cancelled while sealing summaries; every message is "
                                  "stored, and the next import or store seals the rest")
                : committed_items_ == 0
                    ? std::string("import cancelled; the vault is unchanged")
                    : "import cancelled after " + std::to_string(committed_items_) + " of " +
                          std::to_string(total_items_) +
                          " messages were imported; importing again adds the rest (what is "
                          "stored already is skipped)");
        return Status::ok();
    }

    void report(const std::string& phase, std::size_t done, std::size_t total) const {
        if (progress_)
            progress_(IngestProgress{phase, done, total});
    }

    Result<std::int64_t> next_seq(const std::string& source_id) const {
        auto st = db_.prepare("SELECT coalesce(max(seq_in_source) + 1, 0) FROM mem_tree_chunks "
                              "WHERE source_id = ?");
        if (!st)
            return st.status();
        st->bind(1, source_id);
        auto row = st->step();
        if (!row)
            return row.status();
        return st->column_int64(0);
    }

    // Keys of what a source already holds, so that importing the same messages twice is a no-op:
    // message ids where the importer gave one, else (timestamp, content hash). Read before the
    // source's first batch, with the write lock free (a long source's keys: 60 ms at 100,000
    // chunks): like the keys after any batch, they do not show what another writer stores to
    // the same source meanwhile.
    Status load_existing(const std::string& source_id) {
        existing_message_ids_.clear();
        existing_hashes_.clear();
        auto st = db_.prepare("SELECT message_id, timestamp_ms, content_sha256 FROM "
                              "mem_tree_chunks WHERE source_id = ?");
        if (!st)
            return st.status();
        st->bind(1, source_id);
        MEMLENS_TRY(st->each_row([&] {
            if (!st->column_is_null(0))
                existing_message_ids_.insert(st->column_text(0));
            existing_hashes_.insert(std::to_string(st->column_int64(1)) + ":" + st->column_text(2));
        }));
        return Status::ok();
    }

    // Whether the source holds the item already: by its message id where the importer gave
    // one, else by (timestamp, content hash) of its first piece. From the keys load_existing()
    // read, or, for a few items, by a lookup each (the message id and time indexes).
    Result<bool> already_stored(const std::string& source_id, const IngestItem& item,
                                const std::string& first_hash) {
        if (!lookup_duplicates_) {
            if (item.message_id)
                return existing_message_ids_.count(*item.message_id) != 0;
            return existing_hashes_.count(std::to_string(item.ts_ms) + ":" + first_hash) != 0;
        }
        auto st = item.message_id
                      ? db_.prepare("SELECT 1 FROM mem_tree_chunks WHERE message_id = ? AND "
                                    "source_id = ? LIMIT 1")
                      : db_.prepare("SELECT 1 FROM mem_tree_chunks WHERE time_range_start_ms = ?1 "
                                    "AND timestamp_ms = ?1 AND content_sha256 = ?2 AND "
                                    "source_id = ?3 LIMIT 1");
        if (!st)
            return st.status();
        if (item.message_id)
            st->bind(1, *item.message_id).bind(2, source_id);
        else
            st->bind(1, item.ts_ms).bind(2, first_hash).bind(3, source_id);
        auto row = st->step();
        if (!row)
            return row.status();
        return *row;
    }

    // Document re-ingest: identical content is a no-op; otherwise the current version is marked
    // superseded (kept for history and latest-wins handling) and the new one written beside it.
    Result<bool> replace_document(const IngestSource& s, const std::string& new_hash) {
        auto st = db_.prepare("SELECT content FROM mem_tree_chunks WHERE source_id = ? AND "
                              "superseded = 0 ORDER BY seq_in_source");
        if (!st)
            return st.status();
        st->bind(1, s.source_id);
        Sha256 h;
        bool any = false;
        MEMLENS_TRY(st->each_row([&] {
            any = true;
            h.update(st->column_text_view(0));
            h.update_byte(0);
        }));
        if (!any)
            return true;
        auto d = h.finish();
        if (to_hex(d.data(), d.size()) == new_hash)
            return false;
        auto mark = db_.prepare(
            "UPDATE mem_tree_chunks SET superseded = 1 WHERE source_id = ? AND superseded = 0");
        if (!mark)
            return mark.status();
        mark->bind(1, s.source_id);
        MEMLENS_TRY(mark->exec());
        ++report_.replaced;
        batch_changed_ = true;
        return true;
    }

    // IngestItem::supersedes_current: `target` names a chunk, and not one superseded already.
    Status check_supersedes_current(const std::string& target) {
        auto st = db_.prepare("SELECT count(*), coalesce(sum(superseded = 0), 0) FROM "
                              "mem_tree_chunks WHERE message_id = ?1 OR id = ?1");
        if (!st)
            return st.status();
        st->bind(1, target);
        auto row = st->step();
        if (!row)
            return row.status();
        if (st->column_int64(0) == 0)
            return Status::not_found("supersedes: no memory '" + target +
                                     "' (it was forgotten or never stored)");
        if (st->column_int64(1) == 0)
            return Status::invalid("supersedes: memory '" + target +
                                   "' is superseded already: update its newest version");
        return Status::ok();
    }

    Result<std::optional<std::string>> resolve_supersedes(const std::string& target) {
        auto st = db_.prepare("SELECT id FROM mem_tree_chunks WHERE message_id = ?1 OR id = ?1 "
                              "ORDER BY seq_in_source");
        if (!st)
            return st.status();
        st->bind(1, target);
        std::optional<std::string> first;
        MEMLENS_TRY(st->each_row([&] {
            if (!first)
                first = st->column_text(0);
        }));
        if (first) {
            // Each chunk this marks leaves its source's count of current chunks (ml_sources.
            // chunk_count): the source being imported takes it off at its next upsert_source(),
            // another source at once.
            auto mark = db_.prepare(
                "UPDATE mem_tree_chunks SET superseded = 1 WHERE (message_id = ?1 OR id = ?1) "
                "AND superseded = 0 RETURNING source_id");
            if (!mark)
                return mark.status();
            mark->bind(1, target);
            std::map<std::string, std::int64_t> left;
            MEMLENS_TRY(mark->each_row([&] { ++left[mark->column_text(0)]; }));
            for (const auto& [source, n] : left) {
                if (source == importing_source_) {
                    superseded_here_ += n;
                    continue;
                }
                auto count = db_.prepare("UPDATE ml_sources SET chunk_count = max(chunk_count - "
                                         "?2, 0) WHERE source_id = ?1");
                if (!count)
                    return count.status();
                count->bind(1, source).bind(2, n);
                MEMLENS_TRY(count->exec());
            }
        }
        return first;
    }

    std::vector<ExtractedEntity> entities_for(const IngestSource& s, const IngestItem& item,
                                              std::string_view text,
                                              std::vector<ExtractedEntity>& held) const {
        ExtractOptions eo;
        eo.known_persons = s.persons;
        if (!item.author.empty())
            eo.known_persons.push_back(item.author);
        auto ents = extract_entities(text, eo, &registry_, &held);
        if (!item.author.empty()) {
            ExtractedEntity author;
            auto registered = registry_.lookup_alias(item.author);
            author.canonical_id =
                registered ? *registered : canonical_entity_id("person", item.author);
            author.kind = "person";
            author.surface = item.author;
            author.score = 1.0;
            ents.push_back(std::move(author));
        }
        for (const auto& tag : item.tags) {
            ExtractedEntity t;
            t.canonical_id = canonical_entity_id("topic", tag);
            t.kind = "topic";
            t.surface = tag;
            ents.push_back(std::move(t));
        }
        return ents;
    }

    // What an item's pieces need that depends on nothing but the item: its text cut into
    // chunks, their hashes and token estimates, their entities and importance scores. Computed
    // on a second thread a block of items ahead of the writer (extraction is the costliest
    // part of an item that does not touch the database).
    struct PreparedPiece {
        std::string text;
        std::string sha256;
        std::int64_t tokens = 0;
        std::vector<ExtractedEntity> entities;
        std::vector<ExtractedEntity> held; // names opening a sentence (extract_entities)
        ChunkScore score{};
    };
    using PreparedItem = std::vector<PreparedPiece>;

    std::vector<PreparedItem> prepare(const IngestSource& s,
                                      const std::vector<const IngestItem*>& order,
                                      std::size_t begin, std::size_t end) const {
        std::vector<PreparedItem> out(end - begin);
        for (std::size_t i = begin; i < end; ++i) {
            const IngestItem& item = *order[i];
            for (auto& piece : split_into_chunks(item.text, opts_.max_chunk_tokens)) {
                PreparedPiece p;
                p.sha256 = sha256_hex(piece);
                p.tokens = estimate_tokens(piece);
                p.entities = entities_for(s, item, piece, p.held);
                std::set<std::string_view> distinct;
                for (const auto& e : p.entities)
                    distinct.insert(e.canonical_id);
                p.score = score_chunk(piece, p.tokens, distinct.size());
                p.text = std::move(piece);
                out[i - begin].push_back(std::move(p));
            }
        }
        return out;
    }

    // What every piece of one message shares: its tags, the text the keyword leg's context
    // column indexes, and the node it supersedes (resolved now: it may be a chunk of this
    // import).
    struct MessageFields {
        std::string tags_json;
        std::vector<std::string> leaf_topics; // as sealing reads them from tags_json
        std::string context;
        std::optional<std::string> supersedes;
    };
    Result<MessageFields> message_fields(const IngestItem& item) {
        MessageFields m;
        if (item.supersedes) {
            MEMLENS_TRY(writer_->flush_chunks()); // it may name a chunk of this import
            if (item.supersedes_current)
                MEMLENS_TRY(check_supersedes_current(*item.supersedes));
            auto r = resolve_supersedes(*item.supersedes);
            if (!r)
                return r.status();
            m.supersedes = r->value_or(*item.supersedes);
        }
        m.tags_json = dump_json(nlohmann::json(item.tags));
        for (const auto& tag : item.tags)
            m.leaf_topics.push_back("topic:" + utf8_lower(tag));
        m.context = item.author;
        if (!item.context.empty())
            m.context += (m.context.empty() ? "" : " ") + item.context;
        for (const auto& tag : item.tags)
            m.context += " " + tag;
        return m;
    }

    // One source's state while ingest_source() writes its messages.
    struct SourceRun {
        const IngestSource& s;
        std::string tree_id;
        std::int64_t next = 0;   // the next chunk's seq_in_source
        std::size_t written = 0; // chunks written since the source's row was last updated
        std::vector<std::string> doc_leaves; // a document's chunks, sealed at its end
        std::vector<std::int64_t> doc_tokens;
    };

    // One piece of a message: its chunk row, entity mentions, score and vector, and its leaf
    // in the sealer.
    Status write_piece(SourceRun& run, const IngestItem& item, const MessageFields& m,
                       const PreparedPiece& prepared, const std::string& near,
                       const std::string& far) {
        const std::string& piece = prepared.text;
        ChunkRow row;
        row.source_kind = run.s.source_kind;
        row.source_id = run.s.source_id;
        row.seq_in_source = run.next++;
        row.id = make_chunk_id(run.s.source_kind, run.s.source_id,
                               static_cast<std::uint32_t>(row.seq_in_source), piece);
        row.source_ref = item.source_ref;
        row.owner = item.author;
        row.author = item.author;
        row.timestamp_ms = item.ts_ms;
        row.tags_json = m.tags_json;
        row.content = piece;
        row.token_count = prepared.tokens;
        row.content_sha256 = prepared.sha256;
        row.group_id = item.group_id;
        if (run.s.is_document) {
            row.doc_id = run.s.source_id;
            row.version_ms = run.s.version_ms;
        }
        row.supersedes = m.supersedes;
        row.message_id = item.message_id;
        row.fts_context = m.context;
        row.fts_near = near;
        row.fts_far = far;
        MEMLENS_TRY(writer_->insert_chunk(row));

        std::vector<ExtractedEntity> ents = prepared.entities;
        MEMLENS_TRY(admit_known_openers(prepared.held, ents));
        MEMLENS_TRY(name_known_persons(ents));
        auto distinct = writer_->index_entities(row.id, true, run.tree_id, row.timestamp_ms, ents);
        if (!distinct)
            return distinct.status();
        for (const auto& e : ents) {
            entity_ids_.insert(e.canonical_id);
            batch_entity_ids_.insert(e.canonical_id);
        }
        const ChunkScore& sc = prepared.score;
        MEMLENS_TRY(writer_->insert_score(row.id, sc.total, sc.token_signal, sc.unique_words,
                                          sc.entity_density));
        Sealer::Input leaf;
        leaf.id = row.id;
        leaf.text = item.author.empty() ? piece : item.author + ": " + piece;
        leaf.score = sc.total;
        leaf.start_ms = leaf.end_ms = row.timestamp_ms;
        leaf.entities = std::move(distinct).value();
        leaf.topics = m.leaf_topics;
        pending_.push_back({row.id, leaf.text}); // embedded as sealing reads it
        sealer_->note_leaf(std::move(leaf));
        if (pending_.size() >= kEmbedBatch)
            MEMLENS_TRY(flush_embeddings());
        if (run.s.is_document) {
            run.doc_leaves.push_back(row.id);
            run.doc_tokens.push_back(row.token_count);
        } else {
            MEMLENS_TRY(sealer_->add_leaf(run.tree_id, row.id, row.token_count, row.timestamp_ms));
        }
        ++report_.chunks;
        batch_changed_ = true;
        if (opts_.report_chunk_ids)
            report_.chunk_ids.push_back(row.id);
        ++run.written;
        return Status::ok();
    }

    // A document whose text is unchanged is skipped whole (false); any other source is looked
    // up for duplicates message by message or all at once.
    Result<bool> begin_source(const IngestSource& s) {
        std::string doc_hash;
        if (s.is_document) {
            Sha256 h;
            for (const auto& it : s.items) {
                for (const auto& piece : split_into_chunks(it.text, opts_.max_chunk_tokens)) {
                    h.update(piece);
                    h.update_byte(0);
                }
            }
            auto d = h.finish();
            doc_hash = to_hex(d.data(), d.size());
            auto fresh = replace_document(s, doc_hash);
            if (!fresh)
                return fresh.status();
            if (!*fresh) {
                report_.duplicates += s.items.size();
                items_done_ += s.items.size();
                return false;
            }
        } else if (s.items.size() <= kLookupDuplicatesMax) {
            // A few items (an agent's store): each is looked up by its keys below, instead of
            // reading the keys of the whole source, which grows with every store.
            lookup_duplicates_ = true;
        } else {
            lookup_duplicates_ = false; // load_existing ran before the batch (ingest_source)
        }
        return true;
    }

    // Chat replays in time order so the stream-time flush sees history as it happened.
    static std::vector<const IngestItem*> replay_order(const IngestSource& s) {
        std::vector<const IngestItem*> order;
        order.reserve(s.items.size());
        for (const auto& it : s.items)
            order.push_back(&it);
        if (!s.is_document)
            std::stable_sort(
                order.begin(), order.end(),
                [](const IngestItem* a, const IngestItem* b) { return a->ts_ms < b->ts_ms; });
        return order;
    }

    // A chat's or mail's messages may be cut into batches between any two (a document's
    // never): the source's row counts what each batch wrote, and the sequence goes on from
    // whatever another writer stored to the source meanwhile.
    Status cut_source_batch(SourceRun& run, const std::function<void()>& between = {}) {
        MEMLENS_TRY(writer_->flush_chunks());
        // Before its first message (waiting for the first block) a source has nothing to count.
        if (run.written > 0 || superseded_here_ > 0)
            MEMLENS_TRY(upsert_source(run.s, run.written));
        run.written = 0;
        MEMLENS_TRY(next_batch(between));
        auto after = next_seq(run.s.source_id);
        if (!after)
            return after.status();
        run.next = std::max(run.next, *after);
        return Status::ok();
    }

    Status ingest_source(const IngestSource& s) {
        std::vector<const IngestItem*> order;
        Neighbours neighbours;
        // The messages are prepared in blocks, the next on a thread of its own while this one is
        // written (a small import's right here: kPrepareHereMax).
        constexpr std::size_t kPrepareBlock = 512;
        const auto prepare_from = [&](std::size_t begin) {
            const auto policy = order.size() - begin <= kPrepareHereMax ? std::launch::deferred
                                                                        : std::launch::async;
            return std::async(policy, [this, &s, &order, begin, policy] {
                if (policy == std::launch::async) // a thread of its own, which ends with the block
                    detail::run_behind_interactive_work();
                return prepare(s, order, begin, std::min(order.size(), begin + kPrepareBlock));
            });
        };
        std::future<std::vector<PreparedItem>> ahead;
        // The replay order, each message's neighbours, the keys the source holds and the first
        // block read no more than the messages and the vault: for a long chat they are worked
        // out with the write lock free (20,000 messages: 60 ms, and 75 ms the first block).
        Status keys = Status::ok();
        const auto plan = [&] {
            order = replay_order(s);
            neighbours = find_neighbours(order);
            if (!s.is_document && s.items.size() > kLookupDuplicatesMax)
                keys = load_existing(s.source_id);
            if (!order.empty()) {
                ahead = prepare_from(0);
                ahead.wait();
            }
        };
        if (in_batches() && !s.is_document && s.items.size() > kPrepareHereMax)
            MEMLENS_TRY(next_batch(plan));
        else {
            plan();
            if (batch_is_due())
                MEMLENS_TRY(next_batch());
        }
        MEMLENS_TRY(keys);
        MEMLENS_TRY(writer_->flush_chunks()); // what follows reads the source's chunks
        SourceRun run{s, make_tree_id("source", s.source_id), 0, 0, {}, {}};
        importing_source_ = s.source_id;
        superseded_here_ = 0;
        MEMLENS_TRY(writer_->upsert_tree(run.tree_id, s.source_id, now_ms()));
        trees_added_to_.insert(run.tree_id);
        auto fresh = begin_source(s);
        if (!fresh)
            return fresh.status();
        if (!*fresh)
            return Status::ok();
        auto seq = next_seq(s.source_id);
        if (!seq)
            return seq.status();
        run.next = *seq;

        std::vector<PreparedItem> block;
        const auto cut_batch = [&] { return cut_source_batch(run); };
        for (std::size_t oi = 0; oi < order.size(); ++oi) {
            const IngestItem* item = order[oi];
            bool cut = !s.is_document && oi > 0 && batch_is_due();
            if (oi % kPrepareBlock == 0) {
                // The next block is not prepared yet on its thread: what the batch holds is
                // committed, and the wait runs before the next batch begins, with the write lock
                // free. (Waiting inside the next batch held the lock for nothing: at 1,000,000
                // chunks, with the topic index folding beside it, a store waited 90 to 110 ms
                // behind every block for 15 s.) A block prepared here (std::launch::deferred)
                // reports `deferred`, not timeout.
                if (in_batches() && !s.is_document &&
                    ahead.wait_for(std::chrono::seconds(0)) == std::future_status::timeout) {
                    MEMLENS_TRY(cut_source_batch(run, [&] { block = ahead.get(); }));
                    cut = false;
                } else {
                    block = ahead.get();
                }
                if (oi + kPrepareBlock < order.size())
                    ahead = prepare_from(oi + kPrepareBlock);
            }
            const PreparedItem& pieces = block[oi % kPrepareBlock];
            if (cut)
                MEMLENS_TRY(cut_batch());
            ++batch_items_;
            if (++items_done_ % kCancelCheckEvery == 0) {
                MEMLENS_TRY(check_cancel());
                report(std::string("indexing"), items_done_, total_items_);
            }
            MEMLENS_TRY(write_item(run, *item, pieces, neighbours.near[oi], neighbours.far[oi]));
        }
        if (s.is_document && !run.doc_leaves.empty())
            MEMLENS_TRY(seal_document(run));
        MEMLENS_TRY(writer_->flush_chunks());
        return upsert_source(s, run.written);
    }

    // One message's prepared pieces, unless it has none or (outside a document) is already
    // stored.
    Status write_item(SourceRun& run, const IngestItem& item, const PreparedItem& pieces,
                      const std::string& near, const std::string& far) {
        if (pieces.empty())
            return Status::ok();
        if (!run.s.is_document) {
            auto seen = already_stored(run.s.source_id, item, pieces.front().sha256);
            if (!seen)
                return seen.status();
            if (*seen) {
                ++report_.duplicates;
                return Status::ok();
            }
        }
        auto m = message_fields(item);
        if (!m)
            return m.status();
        for (const PreparedPiece& prepared : pieces)
            MEMLENS_TRY(write_piece(run, item, *m, prepared, near, far));
        return Status::ok();
    }

    // A document's tree above its leaves, once every leaf has its vector.
    Status seal_document(SourceRun& run) {
        MEMLENS_TRY(flush_embeddings());
        auto root = sealer_->seal_document(run.tree_id, run.doc_leaves, run.doc_tokens,
                                           run.s.source_id, run.s.version_ms);
        if (!root)
            return root.status();
        return Status::ok();
    }

    // A name that opens a sentence ("Priya is vegetarian." at the start of a note) is a name
    // when the vault or an earlier chunk of this import already names it (docs/entities.md,
    // "Sentence start"). Asked here, on the writer's thread, not where extraction runs.
    Status admit_known_openers(const std::vector<ExtractedEntity>& held,
                               std::vector<ExtractedEntity>& ents) {
        if (held.empty())
            return Status::ok();
        if (!known_entity_) {
            auto st = db_.prepare("SELECT 1 FROM ml_entities WHERE entity_id = ?1 LIMIT 1");
            if (!st)
                return st.status().with_context(vault_.db_path().string());
            known_entity_ = std::move(st).value();
        }
        Status failure = Status::ok();
        memlens::admit_known_openers(
            held,
            [&](const std::string& id) {
                if (entity_ids_.count(id) != 0)
                    return true;
                known_entity_->reset();
                known_entity_->bind(1, id);
                auto row = known_entity_->step();
                // Reset at once: a statement left on its row keeps a read snapshot open past
                // the batch's commit, and the next batch's BEGIN IMMEDIATE then fails at once
                // (SQLITE_BUSY_SNAPSHOT) when another writer committed in between.
                known_entity_->reset();
                if (!row) {
                    failure = row.status().with_context(vault_.db_path().string());
                    return false;
                }
                return *row;
            },
            ents);
        return failure;
    }

    // A name in the text that the vault or this import knows as a person is that person, not a
    // topic of the same name (docs/entities.md, "Persons and topics"): an author of another
    // source named in this one. Written as the person here, so that no batch leaves a topic
    // for fold_person_topics() to repoint (which recounts the person's edges and rewrites the
    // summaries naming it: a fifth of a second a batch in a vault of 100,000 chunks).
    Status name_known_persons(std::vector<ExtractedEntity>& ents) {
        bool renamed = false;
        for (ExtractedEntity& e : ents) {
            if (e.kind != "topic" || e.canonical_id.rfind("topic:", 0) != 0)
                continue;
            std::string person = "person:" + e.canonical_id.substr(6);
            if (entity_ids_.count(person) == 0) { // not a person of this import: the vault's?
                auto known = person_known_.find(person);
                if (known == person_known_.end()) {
                    if (!person_entity_) {
                        auto st = db_.prepare("SELECT 1 FROM ml_entities WHERE entity_id = ?1 "
                                              "AND entity_kind = 'person'");
                        if (!st)
                            return st.status().with_context(vault_.db_path().string());
                        person_entity_ = std::move(st).value();
                    }
                    person_entity_->reset();
                    person_entity_->bind(1, person);
                    auto row = person_entity_->step();
                    person_entity_->reset(); // no snapshot held past the batch (see above)
                    if (!row)
                        return row.status().with_context(vault_.db_path().string());
                    known = person_known_.emplace(person, *row).first;
                }
                if (!known->second)
                    continue;
            }
            e.canonical_id = std::move(person);
            e.kind = "person";
            renamed = true;
        }
        if (renamed) { // a chunk that named its own author lists the person once
            std::set<std::string> seen;
            ents.erase(std::remove_if(ents.begin(), ents.end(),
                                      [&](const ExtractedEntity& e) {
                                          return !seen.insert(e.canonical_id).second;
                                      }),
                       ents.end());
        }
        return Status::ok();
    }

    Status upsert_source(const IngestSource& s, std::size_t written) {
        auto st = db_.prepare(
            "INSERT INTO ml_sources(source_id, source_kind, platform, title, format, origin_path, "
            "doc_id, version_ms, chunk_count, imported_at_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, "
            "?8, max(?9 - ?12, 0), ?10) ON CONFLICT(source_id) DO UPDATE SET title = "
            "excluded.title, "
            "origin_path = excluded.origin_path, version_ms = excluded.version_ms, "
            "chunk_count = CASE WHEN ?11 THEN max(chunk_count + ?9 - ?12, 0) ELSE (SELECT "
            "count(*) FROM mem_tree_chunks WHERE source_id = ?1 AND superseded = 0) END, "
            "imported_at_ms = excluded.imported_at_ms");
        if (!st)
            return st.status();
        st->bind(1, s.source_id)
            .bind(2, s.source_kind)
            .bind(3, s.platform)
            .bind(4, s.title)
            .bind(5, s.format)
            .bind(6, s.origin_path)
            .bind(7, s.is_document ? std::optional<std::string>(s.source_id) : std::nullopt)
            .bind(8, s.is_document ? std::optional<std::int64_t>(s.version_ms) : std::nullopt)
            .bind(9, static_cast<std::int64_t>(written))
            .bind(10, now_ms())
            // Added to, less the source's chunks this import superseded (resolve_supersedes):
            // counting the source's chunks again cost a store what the source holds, and an
            // import every batch (80 ms a batch at 1,000,000 chunks). A document's new version
            // supersedes the whole source (replace_document): counted again.
            .bind(11, static_cast<std::int64_t>(!s.is_document))
            .bind(12, s.is_document ? std::int64_t{0} : superseded_here_);
        superseded_here_ = 0;
        return st->exec();
    }

    Status flush_embeddings() {
        if (pending_.empty())
            return Status::ok();
        MEMLENS_TRY(check_cancel());
        std::vector<std::string> texts;
        texts.reserve(pending_.size());
        for (auto& p : pending_)
            texts.push_back(std::move(p.text));
        auto vecs = embedder_.embed(texts, cancel_);
        if (!vecs)
            return vecs.status().with_context("embedding chunks");
        if (vecs->size() != pending_.size())
            return Status::internal("embedder returned " + std::to_string(vecs->size()) +
                                    " vectors for " + std::to_string(pending_.size()) + " texts");
        for (std::size_t i = 0; i < pending_.size(); ++i)
            MEMLENS_TRY(writer_->insert_chunk_embedding(pending_[i].chunk_id, (*vecs)[i]));
        pending_.clear();
        return Status::ok();
    }

    Vault& vault_;
    const Database& db_;
    Embedder& embedder_;
    const IngestOptions& opts_;
    const ProgressFn& progress_;
    const std::atomic_bool* cancel_;
    EntityRegistry registry_;
    std::optional<Transaction> tx_;
    std::optional<NodeWriter> writer_; // the batch's (begin_batch)
    std::optional<Sealer> sealer_;     // the batch's, writing through writer_
    std::chrono::steady_clock::time_point batch_started_;
    // When another writer was last seen waiting for the lock (batch_is_due).
    std::optional<std::chrono::steady_clock::time_point> writer_waited_at_;
    // The last batch's commit_batch(), start to end, per message it held.
    std::chrono::steady_clock::duration commit_per_item_{};
    std::size_t batch_items_ = 0;          // messages this batch has stored or skipped
    std::size_t batch_seals_ = 0;          // summaries flush_stale_buffers sealed in this batch
    std::set<std::string> trees_added_to_; // the source trees of this import's messages
    std::size_t committed_items_ = 0;      // … and the batches committed before it
    bool batch_changed_ = false;           // this batch wrote or replaced something
    std::set<std::string> batch_entity_ids_;
    std::set<std::string> folded_names_;
    std::unordered_set<std::string> edges_touched_;
    IngestReport report_;
    std::vector<PendingEmbedding> pending_;
    // Up to this many items, a source's duplicates are looked up item by item.
    static constexpr std::size_t kLookupDuplicatesMax = 64;
    // The block of a small import (an agent's store: one message) is prepared right here, on
    // get(): starting a thread cost more than the preparing, and the new thread may wait for a
    // core (a tenth of the stores took 1 to 4 ms more; docs/performance.md).
    static constexpr std::size_t kPrepareHereMax = 16;
    std::vector<Sealer::Input> read_before_; // read_buffers_a_store_fills
    bool lookup_duplicates_ = false;
    // The source ingest_source() is writing, and how many of its current chunks this import
    // superseded since its last upsert_source().
    std::string importing_source_;
    std::int64_t superseded_here_ = 0;
    bool wrote_index_file_ = false;
    bool fold_due_ = false;
    std::unordered_set<std::string> existing_message_ids_;
    std::unordered_set<std::string> existing_hashes_;
    std::set<std::string> entity_ids_;
    std::optional<Statement> known_entity_;  // admit_known_openers
    std::optional<Statement> person_entity_; // name_known_persons
    // The vault's answers this batch (name_known_persons), by person id.
    std::unordered_map<std::string, bool> person_known_;
    std::size_t total_items_ = 0;
    std::size_t items_done_ = 0;
};

} // namespace

Ingestor::Ingestor(Vault& vault, Embedder& embedder, IngestOptions opts)
    : vault_(vault)
    , embedder_(embedder)
    , opts_(opts) {}

namespace {

// What enters a vault, however it comes (an importer, memory_store, a document): one rule for
// every writer, so an agent cannot store what an import refuses. Text is valid UTF-8 without
// NUL and not blank (Unicode white space counts as blank); names and ids are the same and at
// most kMaxIngestNameBytes. The importers check the same while they read, with line numbers.
Status check_ingest_sources(const std::vector<IngestSource>& sources) {
    auto name_problem = [](std::string_view v) -> std::optional<std::string> {
        if (auto p = import_detail::string_problem(v))
            return p;
        if (v.size() > kMaxIngestNameBytes)
            return "is " + std::to_string(v.size()) + " bytes, over the limit of " +
                   std::to_string(kMaxIngestNameBytes);
        return std::nullopt;
    };
    for (const IngestSource& s : sources) {
        const std::string where = "source '" + cut_utf8(s.source_id, 80) + "'";
        for (const auto& [what, value] :
             {std::pair<const char*, std::string_view>{"source id", s.source_id},
              {"title", s.title}})
            if (auto p = name_problem(value))
                return Status::invalid(where + ": " + what + " " + *p);
        for (std::size_t i = 0; i < s.items.size(); ++i) {
            const IngestItem& it = s.items[i];
            const std::string item = where + " item " + std::to_string(i + 1) + ": ";
            if (auto p = import_detail::string_problem(it.text))
                return Status::invalid(item + "text " + *p);
            if (!s.is_document && import_detail::is_blank(it.text))
                return Status::invalid(item + "text is blank: there is nothing to remember");
            for (const auto& [what, value] :
                 {std::pair<const char*, std::string_view>{"author", it.author},
                  {"message id",
                   it.message_id ? std::string_view(*it.message_id) : std::string_view()},
                  {"supersedes",
                   it.supersedes ? std::string_view(*it.supersedes) : std::string_view()},
                  {"source ref", it.source_ref}})
                if (auto p = name_problem(value))
                    return Status::invalid(item + what + " " + *p);
            for (const std::string& tag : it.tags)
                if (auto p = name_problem(tag))
                    return Status::invalid(item + "tag " + *p);
        }
    }
    return Status::ok();
}

} // namespace

Result<IngestReport> Ingestor::ingest(const std::vector<IngestSource>& sources,
                                      const ProgressFn& progress, const std::atomic_bool* cancel) {
    check_off_ui_thread("Ingestor::ingest");
    MEMLENS_TRY(check_ingest_sources(sources));
    Run run(vault_, embedder_, opts_, progress, cancel);
    auto report = run.run(sources);
    committed_items_ = run.committed_items();
    if (!report && report.status().code() != StatusCode::Cancelled && committed_items_ > 0)
        report = report.status().with_context(
            std::to_string(committed_items_) +
            " messages were imported before this error; importing again adds the rest");
    // After the commit (or the rollback) of run()'s transaction, not before: the topic index
    // file its save() wrote becomes topic-index.bin only once its token is committed, and a
    // rolled-back one is removed (TopicIndex::publish_file). Failing here loses nothing: load()
    // maps a committed file under its pending name.
    if (opts_.update_topic_tree && !vault_.db().read_only() && run.wrote_index_file())
        (void)TopicIndex::publish_file(vault_.db());
    // The fold writes the new file from a read transaction and holds the write lock only for
    // its commit, so stores and the other batches of other imports go on meanwhile. The import
    // is committed: a failed or skipped fold (a cancel) loses nothing, the vectors stay listed
    // and searched beside the file, and the next import past the bound folds them.
    if (report && run.fold_due()) {
        report->fold_due = true;
        if (opts_.fold_here && !(cancel && cancel->load())) {
            if (progress)
                progress(IngestProgress{"topics", 0, 1});
            auto folded = TopicIndex::fold_listed(vault_.db(), embedder_.signature(), cancel);
            report->fold_due = !folded || !*folded;
        }
    }
    return report;
}

Result<IngestReport> ingest_document(Vault& vault, Embedder& embedder, const std::string& source_id,
                                     const std::string& title, const std::string& markdown,
                                     std::int64_t version_ms) {
    check_off_ui_thread("ingest_document");
    if (!is_valid_utf8(markdown))
        return Status::invalid(source_id + ": document is not valid UTF-8");
    IngestSource s;
    s.source_id = source_id;
    s.source_kind = source_kind_for(source_id).value_or("document");
    s.platform = "document";
    s.title = title;
    s.format = "markdown";
    s.is_document = true;
    s.version_ms = version_ms != 0 ? version_ms : now_ms();
    IngestItem item;
    item.text = markdown;
    item.ts_ms = s.version_ms;
    item.source_ref = source_id;
    item.group_id = source_id;
    s.items.push_back(std::move(item));
    Ingestor ingestor(vault, embedder);
    return ingestor.ingest({s});
}

} // namespace memlens
