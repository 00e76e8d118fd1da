// Persisting the topic tree (ml_topic_nodes / ml_topic_members) and loading it back with the
// vault's vectors, so opening a vault does not re-cluster a million vectors every time.
//
// The index file's life (topic_file.cpp writes and maps one file): save() writes the new file
// as topic-index.bin.<token>.pending, created exclusively, and stores <token> in the same
// savepoint; publish_file(), after the commit, renames it over topic-index.bin. The file load()
// maps is whichever of topic-index.bin and the pending file of the committed token carries that
// token and checks out. So a kill before the commit leaves the old token and the old file
// untouched (the pending file is garbage that the next publish_file() removes); a kill after
// it leaves the new token and its pending file, which load() maps and the next publish_file()
// renames. Nothing is ever renamed before its token is committed.
#include "topic/topic_index_impl.h"
#include "vault/settings_rows.h"

#include <memlens/db.h>
#include <memlens/settings.h>
#include <memlens/thread_guard.h>

#include <dirent.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <random>
#include <sstream>
#include <unordered_map>
#include <utility>

namespace memlens {

namespace fs = std::filesystem;

namespace {

constexpr const char* kSignatureKey = "topic_tree.model_signature";
constexpr const char* kFileTokenKey = "topic_tree.file_token";
// "<file token> <width>:<recall> …": the beam's recall measured on the file of that token
// (TopicIndex::beam_recall), at the widths a vault may choose around the default 512.
constexpr const char* kBeamRecallKey = "topic_tree.beam_recall";
const std::vector<int> kBeamRecallWidths = {64, 128, 256, 512, 1024};
// 32 queries, 320 neighbours: a recall of 0.99 is measured within about ±0.006 (one standard
// error), in 0.2 s at 100,000 vectors and 2 s at 1,000,000.
constexpr std::size_t kBeamRecallSamples = 32;

// Reads every vector of one signature from one embeddings table into impl (ids, data).
Status read_vectors(const Database& db, const char* sql, const std::string& signature,
                    TopicIndex::Impl& impl) {
    auto st = db.prepare(sql);
    if (!st)
        return st.status();
    st->bind(1, signature);
    return st->each_row([&] {
        const auto blob = st->column_blob(1);
        if (impl.dim == 0 && blob.size() >= sizeof(float) && blob.size() % sizeof(float) == 0)
            impl.dim = blob.size() / sizeof(float);
        auto v = decode_vector(blob, impl.dim == 0 ? std::size_t(-1) : impl.dim);
        // A vector of another dimension counts as no embedding, as in the cosine rerank.
        if (!v) {
            ++impl.info.skipped_vectors;
            return;
        }
        impl.ids.push_back(st->column_text(0));
        impl.data.insert(impl.data.end(), v->begin(), v->end());
    });
}

Result<std::size_t> count_vectors(const Database& db, const std::string& signature) {
    auto st = db.prepare("SELECT (SELECT count(*) FROM mem_tree_chunk_embeddings "
                         "WHERE model_signature = ?1) + (SELECT count(*) FROM "
                         "mem_tree_summary_embeddings WHERE model_signature = ?1)");
    if (!st)
        return st.status();
    st->bind(1, signature);
    auto row = st->step();
    if (!row)
        return row.status();
    return static_cast<std::size_t>(st->column_int64(0));
}

// The settings that say which index is current: the model its tree clusters and the token of
// the committed file (each absent until a save() writes it).
struct FileKeys {
    std::optional<std::string> signature, token;
};

Result<FileKeys> stored_file_keys(const Database& db) {
    auto signature = read_setting(db, kSignatureKey);
    if (!signature)
        return signature.status().with_context("topic tree");
    auto token = read_setting(db, kFileTokenKey);
    if (!token)
        return token.status().with_context("topic tree");
    return FileKeys{std::move(signature).value(), std::move(token).value()};
}

// The beam's recall on the tree `index` holds, as kBeamRecallKey stores it after the file's
// token; empty (unmeasured) for an index of fewer than `min_vectors`.
std::string measure_beam_recall(const TopicIndex& index,
                                std::size_t min_vectors = TopicIndex::kBeamMeasuredFrom) {
    if (index.size() < min_vectors)
        return {};
    BeamOptions base;
    const RetrievalSettings defaults;
    base.max_depth = defaults.beam_max_depth;
    base.max_leaf_items = defaults.beam_max_leaf_items;
    std::string out;
    char buf[48];
    const auto asked = static_cast<std::size_t>(defaults.leg_limit);
    for (const auto& m : index.beam_recall(kBeamRecallWidths, kBeamRecallSamples, base, asked)) {
        std::snprintf(buf, sizeof buf, " %d:%.4f", m.width, m.recall);
        out += buf;
    }
    return out;
}

// What kBeamRecallKey says of the file of `token`: empty when it measured another file.
std::vector<TopicIndex::BeamRecall> stored_beam_recall(const Database& db,
                                                       const std::string& token) {
    std::vector<TopicIndex::BeamRecall> out;
    auto stored = read_setting(db, kBeamRecallKey);
    if (!stored || !*stored)
        return out;
    std::istringstream in(**stored);
    std::string for_token, item;
    if (!(in >> for_token) || for_token != token)
        return out;
    while (in >> item) {
        TopicIndex::BeamRecall m;
        if (std::sscanf(item.c_str(), "%d:%lf", &m.width, &m.recall) != 2)
            return {};
        out.push_back(m);
    }
    std::sort(out.begin(), out.end(),
              [](const auto& a, const auto& b) { return a.width < b.width; });
    return out;
}

// A write transaction, begun only while `token` is still the committed file of
// `model_signature`; nullopt when another file replaced it meanwhile (fold_listed, measure_file).
Result<std::optional<Transaction>>
begin_if_current(const Database& db, const std::string& model_signature, const std::string& token) {
    auto tx = Transaction::begin(db);
    if (!tx)
        return tx.status().with_context("topic index file");
    auto keys = stored_file_keys(db);
    if (!keys)
        return keys.status();
    if (keys->signature != model_signature || keys->token != token)
        return std::optional<Transaction>();
    return std::optional<Transaction>(std::move(tx).value());
}

// The rows of ml_topic_delta up to `seq`: what a new file holds; later ones stay listed.
Status delete_folded(const Database& db, std::int64_t seq) {
    auto st = db.prepare("DELETE FROM ml_topic_delta WHERE seq <= ?");
    if (!st)
        return st.status();
    st->bind(1, seq);
    return st->exec();
}

// Reads the stored nodes into impl; false when there is no tree or it does not fit the vectors.
Result<bool> read_nodes(const Database& db, TopicIndex::Impl& impl) {
    auto st = db.prepare("SELECT topic_key, parent_key, depth, is_leaf, centroid FROM "
                         "ml_topic_nodes ORDER BY depth, topic_key");
    if (!st)
        return st.status();
    std::map<std::string, int> by_key;
    for (;;) {
        auto row = st->step();
        if (!row)
            return row.status();
        if (!*row)
            break;
        TopicNode node;
        node.key = st->column_text(0);
        node.depth = static_cast<int>(st->column_int64(2));
        node.leaf = st->column_int64(3) != 0;
        auto centroid = decode_vector(st->column_blob(4), impl.dim);
        if (!centroid)
            return false;
        if (const auto parent = st->column_optional_text(1)) {
            auto it = by_key.find(*parent);
            if (it == by_key.end() || impl.nodes[std::size_t(it->second)].leaf ||
                impl.nodes[std::size_t(it->second)].depth + 1 != node.depth)
                return false;
            node.parent = it->second;
        } else if (!impl.nodes.empty() || node.depth != 0) {
            return false; // one root, first
        }
        const int index = static_cast<int>(impl.nodes.size());
        if (node.parent >= 0)
            impl.nodes[std::size_t(node.parent)].children.push_back(index);
        by_key.emplace(node.key, index);
        impl.nodes.push_back(std::move(node));
        impl.centroids.insert(impl.centroids.end(), centroid->begin(), centroid->end());
    }
    if (impl.nodes.empty())
        return false;
    for (const TopicNode& node : impl.nodes)
        if (!node.leaf && node.children.empty())
            return false;
    return true;
}

// Puts stored members into their leaves; returns how many vectors are still unassigned.
Result<std::size_t> read_members(const Database& db, TopicIndex::Impl& impl) {
    std::unordered_map<std::string_view, int> leaf_by_key;
    for (std::size_t i = 0; i < impl.nodes.size(); ++i)
        if (impl.nodes[i].leaf)
            leaf_by_key.emplace(impl.nodes[i].key, static_cast<int>(i));
    std::vector<bool> assigned(impl.size(), false);
    std::size_t count = 0;
    auto st = db.prepare("SELECT topic_key, node_id FROM ml_topic_members");
    if (!st)
        return st.status();
    MEMLENS_TRY(st->each_row([&] {
        const auto leaf = leaf_by_key.find(st->column_text_view(0));
        const auto pos = impl.find(st->column_text_view(1));
        if (leaf == leaf_by_key.end() || !pos || assigned[*pos]) {
            ++impl.info.dropped_members;
            return;
        }
        impl.nodes[std::size_t(leaf->second)].members.push_back(*pos);
        assigned[*pos] = true;
        ++count;
    }));
    const std::size_t unassigned = impl.size() - count;
    if (unassigned * 5 <= impl.size()) { // at most 20% new: place them, keep the tree
        for (std::uint32_t pos = 0; pos < impl.size(); ++pos) {
            if (!assigned[pos]) {
                impl.nodes[std::size_t(impl.nearest_leaf(impl.vec(pos)))].members.push_back(pos);
                ++impl.info.newly_assigned;
            }
        }
    }
    return unassigned;
}

Status forget_file_token(const Database& db) {
    auto st = db.prepare("DELETE FROM ml_settings WHERE key = ?");
    if (!st)
        return st.status();
    st->bind(1, kFileTokenKey);
    return st->exec();
}

// Whether the database lists vector writes (schema 6): a workspace (OpenHuman's own file,
// read-only) has no list, and its index is read from its vectors as before.
// Asked of the schema SQLite keeps parsed (a query of sqlite_master read its pages, a store's
// every time).
bool has_delta_list(const Database& db) {
    return sqlite3_table_column_metadata(db.handle(), "main", "ml_topic_delta", nullptr, nullptr,
                                         nullptr, nullptr, nullptr, nullptr) == SQLITE_OK;
}

// The last row of ml_topic_delta (0 when it is empty or absent), read in the caller's
// transaction.
Result<std::int64_t> last_delta_seq(const Database& db) {
    if (!has_delta_list(db))
        return std::int64_t{0};
    auto st = db.prepare("SELECT coalesce(max(seq), 0) FROM ml_topic_delta");
    if (!st)
        return st.status();
    auto row = st->step();
    if (!row)
        return row.status();
    return st->column_int64(0);
}

// Applies the rows of ml_topic_delta after impl.delta_seq to a mapped index: each node named
// loses the position it held, and gets one in the incremental part when vault.db holds a vector
// of impl's model and dimension for it now. Run inside one read transaction with the token
// check, so the rows and the file are of one moment.
Status read_delta(const Database& db, TopicIndex::Impl& impl) {
    if (!has_delta_list(db))
        return Status::ok();
    auto st = db.prepare("SELECT seq, node_id FROM ml_topic_delta WHERE seq > ? ORDER BY seq");
    if (!st)
        return st.status();
    st->bind(1, impl.delta_seq);
    std::vector<std::string> order; // each node once, at its last row
    std::unordered_map<std::string, std::size_t> last;
    std::int64_t seq = impl.delta_seq;
    MEMLENS_TRY(st->each_row([&] {
        seq = st->column_int64(0);
        std::string node = st->column_text(1);
        auto [it, fresh] = last.emplace(node, order.size());
        if (!fresh)
            order[it->second].clear();
        it->second = order.size();
        order.push_back(std::move(node));
    }));
    if (order.empty()) {
        impl.delta_seq = seq;
        return Status::ok();
    }
    auto chunk = db.prepare("SELECT vector FROM mem_tree_chunk_embeddings "
                            "WHERE chunk_id = ? AND model_signature = ?");
    if (!chunk)
        return chunk.status();
    auto summary = db.prepare("SELECT vector FROM mem_tree_summary_embeddings "
                              "WHERE summary_id = ? AND model_signature = ?");
    if (!summary)
        return summary.status();
    const auto vector_of = [&](Statement& q,
                               const std::string& node) -> Result<std::optional<Vector>> {
        q.reset();
        q.bind(1, node).bind(2, impl.model_signature);
        auto row = q.step();
        if (!row)
            return row.status();
        if (!*row)
            return std::optional<Vector>();
        auto v = decode_vector(q.column_blob(0), impl.dim);
        if (!v) // of another dimension: no vector for this index, as in read_vectors()
            return std::optional<Vector>();
        return std::optional<Vector>(std::move(v).value());
    };
    for (const std::string& node : order) {
        if (node.empty())
            continue; // a later row names it again
        auto v = vector_of(*chunk, node);
        if (!v)
            return v.status();
        if (!*v) {
            v = vector_of(*summary, node);
            if (!v)
                return v.status();
        }
        if (*v) {
            impl.add_delta(node, (*v)->data());
        } else if (auto old = impl.find(node)) {
            impl.kill(*old); // deleted, or of another dimension: no vector any more
        }
    }
    impl.delta_seq = seq;
    return Status::ok();
}

// An advisory lock (flock) on the vault folder: fold_listed() holds it exclusively while its
// pending file is uncommitted, publish_file() tries it shared before it removes pending files.
class FolderLock {
public:
    explicit FolderLock(const fs::path& dir)
        : fd_(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {}
    ~FolderLock() {
        if (fd_ >= 0)
            ::close(fd_); // drops the lock
    }
    FolderLock(const FolderLock&) = delete;
    FolderLock& operator=(const FolderLock&) = delete;
    bool try_lock(int how) { return fd_ >= 0 && ::flock(fd_, how | LOCK_NB) == 0; }
    void unlock() {
        if (fd_ >= 0)
            (void)::flock(fd_, LOCK_UN);
    }

private:
    int fd_;
};

// A read transaction around load()'s and refresh()'s reads (a SAVEPOINT opens one outside a
// transaction and nests inside a caller's), so the token, the delta rows and the vectors are of
// one moment even while another process writes.
class ReadPoint {
public:
    explicit ReadPoint(const Database& db)
        : db_(db) {}
    Status begin() {
        Status s = db_.exec("SAVEPOINT ml_topic_read");
        open_ = s.is_ok();
        return s;
    }
    ~ReadPoint() {
        if (open_)
            (void)db_.exec("RELEASE ml_topic_read");
    }
    ReadPoint(const ReadPoint&) = delete;
    ReadPoint& operator=(const ReadPoint&) = delete;

private:
    const Database& db_;
    bool open_ = false;
};

// 32 hex digits: a fresh token for every file written.
std::string new_token() {
    std::random_device rd;
    static const char* digits = "0123456789abcdef";
    std::string token;
    for (int i = 0; i < 4; ++i) {
        std::uint32_t r = rd();
        for (int j = 0; j < 8; ++j, r >>= 4)
            token += digits[r & 15];
    }
    return token;
}

// SAVEPOINT rather than BEGIN, so save() works alone and inside an import's transaction.
class Savepoint {
public:
    explicit Savepoint(const Database& db)
        : db_(db) {}
    Status begin() { return db_.exec("SAVEPOINT ml_topic_save"); }
    Status release() {
        Status s = db_.exec("RELEASE ml_topic_save");
        done_ = s.is_ok();
        return s;
    }
    ~Savepoint() {
        if (!done_)
            (void)db_.exec("ROLLBACK TO ml_topic_save; RELEASE ml_topic_save");
    }
    Savepoint(const Savepoint&) = delete;
    Savepoint& operator=(const Savepoint&) = delete;

private:
    const Database& db_;
    bool done_ = false;
};

// The file a publish renamed over, kept open until the write lock is dropped.
struct RenamedOverFile {
    int fd = -1;
    void close() {
        if (fd >= 0)
            ::close(std::exchange(fd, -1));
    }
    ~RenamedOverFile() { close(); }
};

// Lists the folder: returns the pending file of the committed `token` (empty when there is
// none), and adds every other pending file to `garbage` when `collect_garbage`.
Result<std::string> list_pending_files(int dir_fd, const fs::path& dir,
                                       const std::optional<std::string>& token,
                                       bool collect_garbage, std::vector<std::string>& garbage) {
    const int list_fd = ::dup(dir_fd);
    DIR* listing = list_fd >= 0 ? ::fdopendir(list_fd) : nullptr;
    if (!listing) {
        if (list_fd >= 0)
            ::close(list_fd);
        return Status(StatusCode::IoError,
                      "cannot list the vault folder " + dir.string() + ": " + std::strerror(errno));
    }
    std::string committed;
    while (const dirent* entry = ::readdir(listing)) {
        const auto pending = pending_topic_file_token(entry->d_name);
        if (!pending)
            continue;
        if (token && *pending == *token)
            committed = entry->d_name;
        else if (collect_garbage)
            garbage.emplace_back(entry->d_name);
    }
    ::closedir(listing);
    return committed;
}

// Renames the committed pending file to the topic file's name. The file renamed over is freed
// when its last descriptor closes: after the lock, not inside the rename (freeing a large
// file's blocks took 60 ms here). Never blocking: whatever is at the name (a FIFO) is only held
// open, never read.
Status rename_committed_file(int dir_fd, const fs::path& dir, const fs::path& path,
                             const std::string& committed, RenamedOverFile& replaced) {
    const std::string name = path.filename().string();
    replaced.fd = ::openat(dir_fd, name.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (::renameat(dir_fd, committed.c_str(), dir_fd, name.c_str()) != 0)
        return Status(StatusCode::IoError, "cannot rename " + (dir / committed).string() + " to " +
                                               path.string() + ": " + std::strerror(errno));
    return Status::ok();
}

} // namespace

Result<TopicFileStatus> TopicIndex::file_status(const Database& db) {
    TopicFileStatus st;
    const auto path = topic_file_path(db);
    st.path = path.string();
    if (path.empty())
        return st;
    auto token = read_setting(db, kFileTokenKey);
    if (!token)
        return token.status().with_context("topic index file");
    struct stat info {};
    st.exists = ::lstat(path.c_str(), &info) == 0;
    if (*token) {
        st.problem = check_topic_file(path, **token, &st.sections);
        const auto pending = pending_topic_file_path(path, **token);
        std::vector<TopicFileSection> sections;
        if (!st.problem.empty() && check_topic_file(pending, **token, &sections).empty()) {
            st.path = pending.string();
            st.sections = std::move(sections);
            st.problem.clear();
            st.exists = ::lstat(pending.c_str(), &info) == 0;
        }
    } else {
        st.problem = st.exists ? "vault.db holds no token for it: a write since the last import or "
                                 "reindex made it stale"
                               : "missing";
    }
    st.current = st.problem.empty();
    if (auto unfolded = db.query_int("SELECT count(*) FROM ml_topic_delta"))
        st.unfolded = static_cast<std::size_t>(*unfolded);
    if (st.exists && S_ISREG(info.st_mode))
        st.bytes = std::uint64_t(info.st_size);
    return st;
}

Status TopicIndex::publish_file(const Database& db) {
    const auto path = topic_file_path(db);
    if (path.empty() || db.read_only())
        return Status::ok();
    if (sqlite3_get_autocommit(db.handle()) == 0)
        return Status::internal("TopicIndex::publish_file inside a transaction");
    const auto dir = path.parent_path();
    const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir_fd < 0)
        return Status(StatusCode::IoError,
                      "cannot open the vault folder " + dir.string() + ": " + std::strerror(errno));
    struct CloseDir {
        int fd;
        ~CloseDir() { ::close(fd); }
    } close_dir{dir_fd};
    FolderLock folder(dir);
    std::vector<std::string> garbage;
    RenamedOverFile replaced;
    {
        // The write lock while the folder is read and the committed file renamed: no writer
        // is then between writing a pending file and committing its token, so every pending
        // file but the committed token's is garbage, and no later commit's file is renamed
        // over by this one. Nothing is written: the transaction only holds the lock, for as
        // short as that takes; the removals and the sync come after, since a writer that
        // begins meanwhile writes a file under a token of its own.
        auto tx = Transaction::begin(db);
        if (!tx)
            return tx.status().with_context("topic index file");
        // A fold_listed() under way (this process's or another's) holds the folder's lock: its
        // pending file is not garbage yet, so nothing is removed this time. Held until the
        // removals are done, so that no fold starts meanwhile.
        const bool no_fold = folder.try_lock(LOCK_SH);
        auto token = read_setting(db, kFileTokenKey);
        if (!token)
            return token.status().with_context("topic index file");
        auto committed = list_pending_files(dir_fd, dir, *token, no_fold, garbage);
        if (!committed)
            return committed.status();
        if (!committed->empty())
            MEMLENS_TRY(rename_committed_file(dir_fd, dir, path, *committed, replaced));
        tx->rollback(); // nothing written
    }
    replaced.close();
    for (const auto& name : garbage)
        (void)::unlinkat(dir_fd, name.c_str(), 0); // a link goes, never what it points to
    (void)::fsync(dir_fd); // the removals and the rename outlive a power cut
    return Status::ok();
}

Result<TopicIndex> TopicIndex::load(const Database& db, const std::string& model_signature,
                                    const TopicTreeOptions& opts, bool recluster,
                                    TopicFileCheck check) {
    check_off_ui_thread("TopicIndex::load");
    auto impl = std::make_unique<Impl>();
    impl->model_signature = model_signature;
    ReadPoint read(db);
    MEMLENS_TRY(read.begin().with_context("topic tree"));
    auto keys = stored_file_keys(db);
    if (!keys)
        return keys.status();
    const auto& [signature, token] = *keys;
    std::string file_problem = recluster ? "not read: clustering afresh" : "";
    if (!recluster && signature == model_signature && token) {
        // topic-index.bin, or the pending file of a save() whose commit went through but whose
        // publish_file() did not (a kill in between): both carry the committed token.
        const auto path = topic_file_path(db);
        if (path.empty())
            file_problem = "an in-memory database has no folder for one";
        if (!path.empty() &&
            (read_topic_file(path, *token, model_signature, *impl, &file_problem, check) ||
             read_topic_file(pending_topic_file_path(path, *token), *token, model_signature, *impl,
                             nullptr, check))) {
            impl->file_token = *token;
            impl->beam_recall = stored_beam_recall(db, *token);
            MEMLENS_TRY(read_delta(db, *impl).with_context("topic tree: vectors since the file"));
            return TopicIndex(std::move(impl));
        }
    } else if (!recluster) {
        file_problem = signature != model_signature ? "written for another embedding model"
                                                    : "vault.db holds no token for it";
    }

    // What the vectors read below include: save() leaves the later rows of ml_topic_delta.
    auto seq = last_delta_seq(db);
    if (!seq)
        return seq.status().with_context("topic tree");
    impl->delta_seq = *seq;
    auto total = count_vectors(db, model_signature);
    if (!total)
        return total.status().with_context("topic tree");
    impl->ids.reserve(*total);
    MEMLENS_TRY(read_vectors(db,
                             "SELECT chunk_id, vector FROM mem_tree_chunk_embeddings "
                             "WHERE model_signature = ? ORDER BY chunk_id",
                             model_signature, *impl)
                    .with_context("topic tree: chunk vectors"));
    MEMLENS_TRY(read_vectors(db,
                             "SELECT summary_id, vector FROM mem_tree_summary_embeddings "
                             "WHERE model_signature = ? ORDER BY summary_id",
                             model_signature, *impl)
                    .with_context("topic tree: summary vectors"));
    impl->prepare_vectors();
    impl->info.file_problem = file_problem;

    bool usable = !recluster && signature == model_signature && impl->dim > 0;
    if (usable) {
        auto nodes = read_nodes(db, *impl);
        if (!nodes)
            return nodes.status().with_context("topic tree");
        usable = *nodes;
    }
    if (usable) {
        auto unassigned = read_members(db, *impl);
        if (!unassigned)
            return unassigned.status().with_context("topic tree");
        usable = *unassigned * 5 <= impl->size();
    }
    if (usable) {
        impl->info.split_leaves = split_overfull_leaves(*impl, opts);
        impl->finalize();
    } else {
        const std::size_t skipped = impl->info.skipped_vectors;
        impl->info = {};
        impl->info.skipped_vectors = skipped;
        impl->info.file_problem = file_problem;
        impl->info.rebuilt = true;
        build_topic_tree(*impl, opts);
    }
    return TopicIndex(std::move(impl));
}

Result<bool> TopicIndex::refresh(const Database& db) {
    check_off_ui_thread("TopicIndex::refresh");
    if (!impl_ || !impl_->file)
        return false;
    ReadPoint read(db);
    MEMLENS_TRY(read.begin().with_context("topic tree"));
    auto keys = stored_file_keys(db);
    if (!keys)
        return keys.status();
    if (keys->token != impl_->file_token || keys->signature != impl_->model_signature)
        return false; // another file, or none: load() again
    MEMLENS_TRY(read_delta(db, *impl_).with_context("topic tree: vectors since the file"));
    return true;
}

std::size_t TopicIndex::unfolded() const {
    return impl_ ? impl_->delta_ids.size() : 0;
}

Result<TopicIndex::Upkeep> TopicIndex::upkeep(const Database& db,
                                              const std::string& model_signature) {
    auto keys = stored_file_keys(db);
    if (!keys)
        return keys.status();
    const auto& token = keys->token;
    if (!token || keys->signature != model_signature)
        return Upkeep::Save;
    // No regular file to map (links are not followed): the next search would read every vector
    // from vault.db, so this import writes one.
    const auto path = topic_file_path(db);
    const auto regular = [](const fs::path& p) {
        struct stat info {};
        return ::lstat(p.c_str(), &info) == 0 && S_ISREG(info.st_mode);
    };
    if (path.empty() || (!regular(path) && !regular(pending_topic_file_path(path, *token))))
        return Upkeep::Save;
    if (!has_delta_list(db))
        return Upkeep::Save;
    // The rows are a run of seq (a trigger appends at the end, delete_folded() removes from the
    // start), so the span of the run counts them in two index seeks; counting them stepped
    // through up to kMaxUnfoldedRows rows on every store.
    auto st = db.prepare("SELECT coalesce(max(seq) - min(seq) + 1, 0) FROM ml_topic_delta");
    if (!st)
        return st.status();
    auto row = st->step();
    if (!row)
        return row.status();
    return st->column_int64(0) <= static_cast<std::int64_t>(kMaxUnfoldedRows) ? Upkeep::Appends
                                                                              : Upkeep::Fold;
}

Result<bool> TopicIndex::fold_listed(const Database& db, const std::string& model_signature,
                                     const std::atomic_bool* cancel,
                                     const std::function<void()>& before_commit) {
    const auto cancelled = [cancel] { return cancel != nullptr && cancel->load(); };
    check_off_ui_thread("TopicIndex::fold_listed");
    const auto path = topic_file_path(db);
    if (path.empty() || db.read_only())
        return false;
    if (sqlite3_get_autocommit(db.handle()) == 0)
        return Status::internal("TopicIndex::fold_listed inside a transaction");
    // One fold at a time, and publish_file() leaves the pending file of this one alone: a lock
    // on the vault folder for as long as the file is uncommitted (the kernel drops it if the
    // process dies).
    FolderLock folder(path.parent_path());
    if (!folder.try_lock(LOCK_EX))
        return false;
    auto index = load(db, model_signature); // every section checked: its rows are written again
    if (!index)
        return index.status();
    Impl& impl = *index->impl_;
    if (!impl.file || cancelled())
        return false;
    // Nothing listed (another process folded since the caller looked): the file is current.
    if (impl.delta_ids.empty() && impl.dead.empty())
        return false;
    const std::string folded_token = impl.file_token;
    impl.materialize(TopicTreeOptions{});
    if (cancelled())
        return false;
    const std::string recall = measure_beam_recall(*index);
    if (cancelled())
        return false;
    const std::string token = new_token();
    const auto pending = pending_topic_file_path(path, token);
    MEMLENS_TRY(write_topic_file(impl, pending, token));
    struct Discard {
        fs::path file;
        bool keep = false;
        ~Discard() {
            std::error_code ec;
            if (!keep)
                fs::remove(file, ec); // created by write_topic_file: ours
        }
    } discard{pending};
    if (before_commit)
        before_commit();
    if (cancelled())
        return false; // the new file goes with `discard`

    auto tx = begin_if_current(db, model_signature, folded_token);
    if (!tx)
        return tx.status();
    if (!*tx)
        return false; // replaced meanwhile (a reindex, another model): the rollback changes nothing
    MEMLENS_TRY(delete_folded(db, impl.delta_seq));
    MEMLENS_TRY(write_setting(db, kFileTokenKey, token));
    MEMLENS_TRY(write_setting(db, kBeamRecallKey, token + recall));
    MEMLENS_TRY((*tx)->commit().with_context("topic index file"));
    discard.keep = true;
    folder.unlock();
    // A failed publish loses nothing: load() maps the committed pending file until the next
    // publish renames it.
    (void)publish_file(db);
    return true;
}

Result<bool> TopicIndex::measure_file(const Database& db, const std::string& model_signature,
                                      const std::atomic_bool* cancel, std::size_t min_vectors) {
    check_off_ui_thread("TopicIndex::measure_file");
    if (topic_file_path(db).empty() || db.read_only())
        return false;
    if (sqlite3_get_autocommit(db.handle()) == 0)
        return Status::internal("TopicIndex::measure_file inside a transaction");
    auto index = load(db, model_signature);
    if (!index)
        return index.status();
    const Impl& impl = *index->impl_;
    if (!impl.file || !impl.beam_recall.empty() || index->size() < min_vectors ||
        (cancel != nullptr && cancel->load()))
        return false;
    const std::string recall = measure_beam_recall(*index, min_vectors);
    if (recall.empty() || (cancel != nullptr && cancel->load()))
        return false;
    auto tx = begin_if_current(db, model_signature, impl.file_token);
    if (!tx)
        return tx.status();
    if (!*tx)
        return false; // a new file meanwhile: its writer measured it
    MEMLENS_TRY(write_setting(db, kBeamRecallKey, impl.file_token + recall));
    MEMLENS_TRY((*tx)->commit().with_context("topic index file"));
    return true;
}

Status TopicIndex::save(const Database& db) {
    check_off_ui_thread("TopicIndex::save");
    if (!impl_)
        return Status::internal("save of a moved-from TopicIndex");
    if (impl_->file && (!impl_->delta_ids.empty() || !impl_->dead.empty()))
        impl_->materialize(TopicTreeOptions{});
    const auto path = topic_file_path(db);
    // Measured before the savepoint: an import's last batch holds the write lock around save().
    const std::string recall = path.empty() ? std::string() : measure_beam_recall(*this);
    Savepoint sp(db);
    MEMLENS_TRY(sp.begin());
    MEMLENS_TRY(db.exec("DELETE FROM ml_topic_members; DELETE FROM ml_topic_nodes;"));
    MEMLENS_TRY(forget_file_token(db));
    if (has_delta_list(db)) // the changes this index holds are in the new file
        MEMLENS_TRY(delete_folded(db, impl_->delta_seq));
    if (impl_->size() == 0 || impl_->dim == 0)
        return sp.release(); // nothing clustered: load() will find no tree and build afresh
    auto node_st = db.prepare("INSERT INTO ml_topic_nodes(topic_key, parent_key, depth, is_leaf, "
                              "centroid, member_count, label) VALUES (?, ?, ?, ?, ?, ?, NULL)");
    auto member_st = db.prepare("INSERT INTO ml_topic_members(topic_key, node_id) VALUES (?, ?)");
    if (!node_st)
        return node_st.status();
    if (!member_st)
        return member_st.status();
    for (std::size_t i = 0; i < impl_->nodes.size(); ++i) {
        const TopicNode& node = impl_->nodes[i];
        node_st->bind(1, node.key);
        if (node.parent >= 0)
            node_st->bind(2, impl_->nodes[std::size_t(node.parent)].key);
        else
            node_st->bind_null(2);
        node_st->bind(3, node.depth);
        node_st->bind(4, node.leaf ? 1 : 0);
        node_st->bind_blob(5, encode_vector({impl_->centroid(i), impl_->dim}));
        node_st->bind(6, static_cast<std::int64_t>(node.member_count));
        MEMLENS_TRY(node_st->exec());
        node_st->reset();
        const auto& span = impl_->spans[i]; // an inner topic's span holds no members
        for (std::uint32_t pos = span.first_member; pos < span.first_member + span.member_count;
             ++pos) {
            member_st->bind(1, node.key);
            member_st->bind(2, impl_->id(pos));
            MEMLENS_TRY(member_st->exec());
            member_st->reset();
        }
    }
    // The tables carry no signature column; the vault's settings remember which vectors the
    // tree clusters, so load() never routes one model's query through another model's tree.
    MEMLENS_TRY(write_setting(db, kSignatureKey, impl_->model_signature));
    // The file last: its token goes into the settings only once it is whole and synced, under
    // a name of its own; topic-index.bin is replaced only after the commit (publish_file).
    if (!path.empty()) {
        const std::string token = new_token();
        const auto pending = pending_topic_file_path(path, token);
        MEMLENS_TRY(write_topic_file(*impl_, pending, token));
        Status s = write_setting(db, kFileTokenKey, token);
        if (s.is_ok())
            s = write_setting(db, kBeamRecallKey, token + recall);
        if (!s.is_ok()) {
            std::error_code ec;
            std::filesystem::remove(pending, ec); // created by write_topic_file: ours
            return s;
        }
    }
    MEMLENS_TRY(sp.release());
    // Alone (not inside a caller's transaction) the release was the commit. A failed publish
    // loses nothing: load() maps the committed pending file until the next one renames it.
    if (sqlite3_get_autocommit(db.handle()) != 0)
        (void)publish_file(db);
    return Status::ok();
}

} // namespace memlens
