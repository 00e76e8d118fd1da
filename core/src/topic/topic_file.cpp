// The topic index file beside vault.db: the index's rows, int8 codes, scales, ids and tree in
// one file laid out leaf by leaf, mapped read-only by load(). The database stays the source of
// truth (save() still writes ml_topic_nodes / ml_topic_members); the file is derived, and
// load() maps it only when its token is the one the vault's settings hold.
//
// Layout (native byte order, which the header records; sections 64-byte aligned):
//   header | signature | nodes (NodeRecord each) | node keys | centroids (nodes × dim f32) |
//   topic codes (nodes × 2·dim i8: members' mean, then their variance) | topic scales
//   (nodes × 2 f32) | rows (n × dim f32) | codes (n × dim i8) | scales (n f32) |
//   id offsets (n + 1 u64) | id chars | by-id order (n u32) | row checksums (n × 2 u32)
// Version 2 added the topic codes and scales (the beam's topic scores); version 3 a CRC-32C of
// the header and of each section, all checked by pread before the file is mapped, so a flipped
// byte anywhere makes the file not current rather than changing results. Version 4 added a
// CRC-32C of each position's float row and of its int8 code (the row checksums section), so a
// search can map the file after checking everything but those two sections and the centroids
// (TopicFileCheck::PerRow, five sixths of the bytes at any size) and check each row the first
// time it reads it. An older file is not current, and the next import or `memlens-cli reindex`
// writes it again.
//
// Files are only ever created new (O_CREAT | O_EXCL | O_NOFOLLOW, under a name carrying their
// token, see topic_store.cpp) and opened for reading with O_NOFOLLOW | O_NONBLOCK as regular
// files only: a link or FIFO planted in the vault folder is refused, never written through,
// truncated or waited on.
#include "topic/crc32c.h"
#include "topic/topic_file_seal.h"
#include "topic/topic_index_impl.h"

#include <memlens/db.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace memlens {

namespace fs = std::filesystem;

namespace {

constexpr char kMagic[8] = {'M', 'L', 'T', 'O', 'P', 'I', 'C', '1'};
constexpr std::uint32_t kByteOrder = 0x01020304;
constexpr std::uint32_t kVersion = 4;
constexpr std::size_t kTokenBytes = 32;
constexpr std::uint64_t kAlign = 64;
constexpr const char* kPendingSuffix = ".pending";

struct NodeRecord {
    std::int32_t parent;
    std::int32_t depth;
    std::uint32_t leaf;
    std::uint32_t reserved;
    std::uint64_t member_begin; // leaves: their members are positions [begin, begin + count)
    std::uint64_t member_count;
    std::uint64_t key_off; // into the keys section
    std::uint64_t key_len;
};

constexpr std::size_t kSectionCount = 13;

struct Header {
    char magic[8];
    std::uint32_t byte_order;
    std::uint32_t version;
    char token[kTokenBytes];
    std::uint64_t dim;
    std::uint64_t count;
    std::uint64_t node_count;
    std::uint64_t signature_off, signature_len;
    std::uint64_t nodes_off, keys_off, keys_len, centroids_off;
    std::uint64_t topic_codes_off, topic_scales_off;
    std::uint64_t rows_off, codes_off, scales_off;
    std::uint64_t id_offsets_off, id_chars_off, id_chars_len, by_id_off;
    std::uint64_t row_crcs_off;
    std::uint64_t file_size;
    std::uint32_t section_crc[kSectionCount]; // CRC-32C of each section's bytes (not padding)
    std::uint32_t header_crc;                 // of this header with header_crc zero
    std::uint32_t reserved;
};

// The sections in file order, as the header places them: what the checksums cover.
std::array<TopicFileSection, kSectionCount> sections_of(const Header& h) {
    const std::uint64_t n = h.count, dim = h.dim, nodes = h.node_count;
    return {{{"signature", h.signature_off, h.signature_len},
             {"topic nodes", h.nodes_off, nodes * sizeof(NodeRecord)},
             {"topic keys", h.keys_off, h.keys_len},
             {"centroids", h.centroids_off, nodes * dim * sizeof(float)},
             {"topic codes", h.topic_codes_off, nodes * 2 * dim},
             {"topic scales", h.topic_scales_off, nodes * 2 * sizeof(float)},
             {"vectors", h.rows_off, n * dim * sizeof(float)},
             {"vector codes", h.codes_off, n * dim},
             {"vector scales", h.scales_off, n * sizeof(float)},
             {"id offsets", h.id_offsets_off, (n + 1) * sizeof(std::uint64_t)},
             {"ids", h.id_chars_off, h.id_chars_len},
             {"id order", h.by_id_off, n * sizeof(std::uint32_t)},
             {"row checksums", h.row_crcs_off, n * 2 * sizeof(std::uint32_t)}}};
}

// Sections a PerRow check leaves to the per-row checksums (the rows, their codes) or to a
// Whole check before the index is written out again (the centroids, which no search reads):
// indices into sections_of().
constexpr std::array<std::size_t, 3> kDeferredSections = {3, 6, 7};

std::uint32_t header_checksum(Header h) {
    h.header_crc = 0;
    return crc32c(&h, sizeof h);
}

std::uint64_t align_up(std::uint64_t x) {
    return (x + kAlign - 1) / kAlign * kAlign;
}

// Sequential writer into a file it creates (never an existing file, never through a link),
// buffered, padding to section boundaries, summing each section's CRC-32C and remembering the
// first error.
class FileWriter {
public:
    explicit FileWriter(const fs::path& path)
        : fd_(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666)) {
        if (fd_ < 0)
            err_ = errno;
        created_ = fd_ >= 0;
        buf_.reserve(kBufferBytes);
    }
    ~FileWriter() {
        if (fd_ >= 0)
            ::close(fd_);
    }
    FileWriter(const FileWriter&) = delete;
    FileWriter& operator=(const FileWriter&) = delete;

    // Whether the file was created: only then is it ours to remove on failure.
    bool created() const { return created_; }
    std::uint64_t pos() const { return pos_; }
    void write(const void* p, std::size_t n) {
        crc_ = crc32c(p, n, crc_);
        raw(p, n);
    }
    // Pads to the next boundary, starts a new checksum and returns the offset a section
    // starting there has.
    std::uint64_t section() {
        static const char zeros[kAlign] = {};
        raw(zeros, std::size_t(align_up(pos_) - pos_));
        crc_ = 0;
        return pos_;
    }
    // The checksum of what was written since section().
    std::uint32_t crc() const { return crc_; }
    // Flushes, writes `n` bytes at offset 0 (the header) and syncs.
    int finish(const void* head, std::size_t n) {
        flush();
        if (err_ == 0 && ::pwrite(fd_, head, n, 0) != ssize_t(n))
            err_ = errno != 0 ? errno : EIO;
        if (err_ == 0 && ::fsync(fd_) != 0)
            err_ = errno;
        if (::close(fd_) != 0 && err_ == 0)
            err_ = errno;
        fd_ = -1;
        return err_;
    }

private:
    static constexpr std::size_t kBufferBytes = 1 << 20;

    void raw(const void* p, std::size_t n) {
        pos_ += n;
        if (err_ != 0 || n == 0)
            return;
        const char* c = static_cast<const char*>(p);
        if (buf_.size() + n > kBufferBytes)
            flush();
        if (n >= kBufferBytes)
            put(c, n);
        else
            buf_.insert(buf_.end(), c, c + n);
    }
    void flush() {
        put(buf_.data(), buf_.size());
        buf_.clear();
    }
    void put(const char* p, std::size_t n) {
        while (err_ == 0 && n > 0) {
            const ssize_t done = ::write(fd_, p, n);
            if (done < 0 && errno == EINTR)
                continue;
            if (done <= 0) {
                err_ = done < 0 ? errno : EIO;
                return;
            }
            p += done;
            n -= std::size_t(done);
        }
    }

    int fd_ = -1;
    bool created_ = false;
    std::vector<char> buf_;
    std::uint64_t pos_ = 0;
    std::uint32_t crc_ = 0;
    int err_ = 0;
};

bool in_file(std::uint64_t off, std::uint64_t len, std::uint64_t size) {
    return off <= size && len <= size - off;
}

} // namespace

struct MappedTopicFile {
    int fd = -1;
    void* base = MAP_FAILED;
    std::size_t size = 0;
    ~MappedTopicFile() {
        if (base != MAP_FAILED)
            ::munmap(base, size);
        if (fd >= 0)
            ::close(fd);
    }
    const char* at(std::uint64_t off) const { return static_cast<const char*>(base) + off; }
};

namespace {

// Starts reading [off, off + len) of the mapping into the page cache; advice only, so a
// failure changes nothing but the time of the first reads.
void will_need(const MappedTopicFile& file, std::uint64_t off, std::uint64_t len) {
    const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    const std::uint64_t begin = off / page * page;
    if (len == 0 || begin >= file.size)
        return;
    const std::uint64_t end = std::min<std::uint64_t>(file.size, off + len);
    (void)::madvise(const_cast<char*>(file.at(begin)), std::size_t(end - begin), MADV_WILLNEED);
}

} // namespace

fs::path topic_file_path(const Database& db) {
    const std::string& p = db.path();
    if (p.empty() || p == ":memory:" || p.rfind("file:", 0) == 0)
        return {};
    return fs::path(p).parent_path() / "topic-index.bin";
}

fs::path pending_topic_file_path(const fs::path& path, const std::string& token) {
    return fs::path(path).concat("." + token + kPendingSuffix);
}

std::optional<std::string> pending_topic_file_token(std::string_view name) {
    constexpr std::string_view prefix = "topic-index.bin.";
    constexpr std::string_view suffix = kPendingSuffix;
    if (name.size() != prefix.size() + kTokenBytes + suffix.size() ||
        name.substr(0, prefix.size()) != prefix ||
        name.substr(name.size() - suffix.size()) != suffix)
        return std::nullopt;
    return std::string(name.substr(prefix.size(), kTokenBytes));
}

namespace {
std::string check_deferred_sections(const TopicIndex::Impl& impl);
} // namespace

namespace {

// The tree's records and their keys, checking that the members of each leaf are one run of
// positions, as finalize() lays them out.
Status node_records(const TopicIndex::Impl& impl, std::vector<NodeRecord>& records,
                    std::string& keys) {
    const std::size_t n = impl.size();
    records.assign(impl.nodes.size(), NodeRecord{});
    std::uint64_t next = 0;
    for (std::size_t i = 0; i < impl.nodes.size(); ++i) {
        const TopicNode& node = impl.nodes[i];
        NodeRecord& r = records[i];
        r.parent = node.parent;
        r.depth = node.depth;
        r.leaf = node.leaf ? 1 : 0;
        r.reserved = 0;
        const TopicIndex::Impl::TopicSpan& span = impl.spans[i];
        const std::uint32_t count = node.leaf ? span.member_count : 0;
        r.member_begin = next;
        r.member_count = count;
        if (count > 0 && span.first_member != next)
            return Status::internal("topic index file: leaves are not laid out in order");
        if (!node.leaf &&
            (span.child_count != node.children.size() ||
             (span.child_count > 0 && int(span.first_child) != node.children.front())))
            return Status::internal("topic index file: topics are not numbered breadth first");
        next += count;
        r.key_off = keys.size();
        r.key_len = node.key.size();
        keys += node.key;
    }
    if (next != n)
        return Status::internal("topic index file: leaves do not hold every vector");
    return Status::ok();
}

// The file's sections in turn: each one's offset, then its checksum in the header.
struct Sections {
    FileWriter& w;
    Header& h;
    std::size_t next = 0;
    std::uint64_t begin() { return w.section(); }
    void end() { h.section_crc[next++] = w.crc(); }
};

// The float rows, their int8 codes and scales; the rows' and codes' checksums, returned, are
// the file's last section.
std::vector<std::uint32_t> write_rows(Sections& s, const TopicIndex::Impl& impl) {
    const std::size_t n = impl.size();
    const std::size_t dim = impl.dim;
    s.h.rows_off = s.begin();
    std::vector<std::uint32_t> row_crcs(2 * n);
    {
        constexpr std::size_t kBlockRows = 4096;
        std::vector<float> block(std::min(n, kBlockRows) * dim);
        for (std::size_t first = 0; first < n; first += kBlockRows) {
            const std::size_t count = std::min(kBlockRows, n - first);
            impl.read_rows(first, count, block.data());
            s.w.write(block.data(), count * dim * sizeof(float));
            for (std::size_t i = 0; i < count; ++i)
                row_crcs[2 * (first + i)] = crc32c(block.data() + i * dim, dim * sizeof(float));
        }
    }
    for (std::size_t pos = 0; pos < n; ++pos)
        row_crcs[2 * pos + 1] = crc32c(impl.code(pos), dim);
    s.end();
    s.h.codes_off = s.begin();
    s.w.write(impl.code(0), n * dim);
    s.end();
    s.h.scales_off = s.begin();
    for (std::size_t pos = 0; pos < n; ++pos) {
        const float scale = impl.scale(pos);
        s.w.write(&scale, sizeof scale);
    }
    s.end();
    return row_crcs;
}

// The ids: their offsets, their characters, and the positions in id order.
void write_ids(Sections& s, const TopicIndex::Impl& impl) {
    const std::size_t n = impl.size();
    s.h.id_offsets_off = s.begin();
    std::uint64_t off = 0;
    s.w.write(&off, sizeof off);
    for (std::size_t pos = 0; pos < n; ++pos) {
        off += impl.id(pos).size();
        s.w.write(&off, sizeof off);
    }
    s.end();
    s.h.id_chars_off = s.begin();
    s.h.id_chars_len = off;
    for (std::size_t pos = 0; pos < n; ++pos) {
        const std::string_view id = impl.id(pos);
        s.w.write(id.data(), id.size());
    }
    s.end();
    s.h.by_id_off = s.begin();
    if (impl.file) {
        s.w.write(impl.mapped_by_id, n * sizeof(std::uint32_t));
    } else {
        s.w.write(impl.by_id.data(), impl.by_id.size() * sizeof(std::uint32_t));
    }
    s.end();
}

} // namespace

Status write_topic_file(const TopicIndex::Impl& impl, const fs::path& path,
                        const std::string& token) {
    if (token.size() != kTokenBytes)
        return Status::internal("topic index file: token of the wrong length");
    if (impl.file && (!impl.delta_ids.empty() || !impl.dead.empty()))
        return Status::internal("topic index file: the incremental part is not folded in");
    const std::size_t n = impl.size();
    const std::size_t dim = impl.dim;
    std::vector<NodeRecord> records;
    std::string keys;
    MEMLENS_TRY(node_records(impl, records, keys));
    if (n > 0 && !impl.has_codes())
        return Status::internal("topic index file: the index has no int8 codes");
    if (auto problem = check_deferred_sections(impl); !problem.empty())
        return Status::corruption("topic index file: the mapped index it would copy is " + problem);

    FileWriter w(path);
    Header h{};
    std::memcpy(h.magic, kMagic, sizeof kMagic);
    h.byte_order = kByteOrder;
    h.version = kVersion;
    std::memcpy(h.token, token.data(), kTokenBytes);
    h.dim = dim;
    h.count = n;
    h.node_count = impl.nodes.size();
    w.write(&h, sizeof h); // rewritten with the offsets and checksums at the end
    Sections sections{w, h};
    const auto begin = [&] { return sections.begin(); };
    const auto end = [&] { sections.end(); };

    h.signature_off = begin();
    h.signature_len = impl.model_signature.size();
    w.write(impl.model_signature.data(), impl.model_signature.size());
    end();
    h.nodes_off = begin();
    w.write(records.data(), records.size() * sizeof(NodeRecord));
    end();
    h.keys_off = begin();
    h.keys_len = keys.size();
    w.write(keys.data(), keys.size());
    end();
    h.centroids_off = begin();
    for (std::size_t i = 0; i < impl.nodes.size(); ++i)
        w.write(impl.centroid(i), dim * sizeof(float));
    end();
    h.topic_codes_off = begin();
    w.write(impl.topic_code(0), impl.nodes.size() * 2 * dim);
    end();
    h.topic_scales_off = begin();
    w.write(impl.topic_scales(0), impl.nodes.size() * 2 * sizeof(float));
    end();
    const std::vector<std::uint32_t> row_crcs = write_rows(sections, impl);
    write_ids(sections, impl);
    h.row_crcs_off = begin();
    w.write(row_crcs.data(), row_crcs.size() * sizeof(std::uint32_t));
    end();
    h.file_size = w.pos();
    h.header_crc = header_checksum(h);
    if (const int err = w.finish(&h, sizeof h); err != 0) {
        if (w.created()) { // ours: created by this writer, never someone else's file
            std::error_code ec;
            fs::remove(path, ec);
        }
        return Status(StatusCode::IoError, "cannot write the topic index file " + path.string() +
                                               ": " + std::strerror(err));
    }
    return Status::ok();
}

namespace {

// Opens `path` for reading as a regular file: O_NOFOLLOW, so a symlink planted at the name is
// refused rather than followed, and O_NONBLOCK, so a FIFO there cannot stall the open; then
// anything but a regular file is refused. Null with `problem` set otherwise.
std::shared_ptr<MappedTopicFile> open_regular(const fs::path& path, std::string& problem) {
    auto file = std::make_shared<MappedTopicFile>();
    file->fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
    if (file->fd < 0) {
        problem = errno == ENOENT  ? "missing"
                  : errno == ELOOP ? "a symbolic link, which memlens does not follow"
                                   : std::string("cannot be opened: ") + std::strerror(errno);
        return nullptr;
    }
    struct stat st {};
    if (::fstat(file->fd, &st) != 0) {
        problem = std::string("cannot be read: ") + std::strerror(errno);
        return nullptr;
    }
    if (!S_ISREG(st.st_mode)) {
        problem = "not a regular file (a FIFO, device or folder), refused";
        return nullptr;
    }
    file->size = std::size_t(st.st_size);
    return file;
}

bool pread_all(int fd, void* out, std::size_t n, std::uint64_t off) {
    auto* p = static_cast<char*>(out);
    while (n > 0) {
        const ssize_t got = ::pread(fd, p, n, off_t(off));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return false;
        p += got;
        n -= std::size_t(got);
        off += std::uint64_t(got);
    }
    return true;
}

// CRC-32C of [off, off + len) read with pread through a small buffer: the page cache holds
// the bytes, but they are never mapped into the process, so checking a file of a million
// vectors adds nothing to its resident memory.
std::optional<std::uint32_t> checksum_range(int fd, std::uint64_t off, std::uint64_t len,
                                            std::vector<char>& buffer) {
    std::uint32_t crc = 0;
    while (len > 0) {
        const std::size_t n = std::size_t(std::min<std::uint64_t>(len, buffer.size()));
        if (!pread_all(fd, buffer.data(), n, off))
            return std::nullopt;
        crc = crc32c(buffer.data(), n, crc);
        off += n;
        len -= n;
    }
    return crc;
}

// Every section's checksum (nullopt where it cannot be read). Copying the file out of the page
// cache is most of the cost (a gigabyte at 1,000,000 chunks), so large sections are cut into
// pieces summed on every core and joined with crc32c_combine().
template <std::size_t N>
std::array<std::optional<std::uint32_t>, N>
checksum_sections(int fd, const std::array<TopicFileSection, N>& layout) {
    struct Piece {
        std::size_t section;
        std::uint64_t off, len;
        std::optional<std::uint32_t> crc;
    };
    constexpr std::uint64_t kMinPiece = 8 << 20;
    const unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
    std::vector<Piece> pieces;
    for (std::size_t i = 0; i < layout.size(); ++i) {
        const std::uint64_t len = layout[i].bytes;
        const std::uint64_t count = std::clamp<std::uint64_t>(len / kMinPiece, 1, threads);
        const std::uint64_t step = (len + count - 1) / count;
        pieces.push_back({i, layout[i].offset, std::min(step, len), {}}); // even when empty
        for (std::uint64_t begin = step; begin < len; begin += step)
            pieces.push_back({i, layout[i].offset + begin, std::min(step, len - begin), {}});
    }
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        std::vector<char> buffer(256 * 1024);
        for (std::size_t k; (k = next.fetch_add(1)) < pieces.size();)
            pieces[k].crc = checksum_range(fd, pieces[k].off, pieces[k].len, buffer);
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads && t < pieces.size(); ++t) {
        try {
            pool.emplace_back(work);
        } catch (const std::system_error&) {
            break; // no more threads to be had: the ones running (and this one) do the rest
        }
    }
    work();
    for (std::thread& t : pool)
        t.join();
    std::array<std::optional<std::uint32_t>, N> crcs;
    std::vector<bool> started(layout.size(), false);
    for (const Piece& piece : pieces) {
        auto& crc = crcs[piece.section];
        if (!started[piece.section]) {
            started[piece.section] = true;
            crc = piece.crc;
        } else if (crc && piece.crc) {
            crc = crc32c_combine(*crc, *piece.crc, piece.len);
        } else {
            crc.reset();
        }
    }
    return crcs;
}

// Checks the open file: ours, this version, stamped with `token`, whole in length, every
// section inside it and matching its checksum. Returns why not, or an empty string; fills
// `h` and, when the layout is known, `sections`.
std::string check_open_file(const MappedTopicFile& file, const std::string& token, Header& h,
                            std::vector<TopicFileSection>* sections,
                            TopicFileCheck check = TopicFileCheck::Whole) {
    const std::uint64_t size = file.size;
    if (size < sizeof(Header) || !pread_all(file.fd, &h, sizeof h, 0))
        return "too short to be a topic index file";
    if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0)
        return "not a memlens topic index file";
    if (h.byte_order != kByteOrder)
        return "written on a machine of another byte order";
    if (h.version != kVersion)
        return "format version " + std::to_string(h.version) + ", this memlens reads version " +
               std::to_string(kVersion);
    if (header_checksum(h) != h.header_crc)
        return "damaged: the checksum of its header does not match";
    const auto layout = sections_of(h);
    if (sections)
        sections->assign(layout.begin(), layout.end());
    if (std::memcmp(h.token, token.data(), kTokenBytes) != 0)
        return "written for another state of the vault (its token is not the one vault.db holds)";
    if (h.file_size != size)
        return "cut short or extended: " + std::to_string(size) + " bytes where it wrote " +
               std::to_string(h.file_size);
    if (h.dim == 0 || h.dim > (1u << 16) || h.count >= (1ull << 32) || h.node_count == 0 ||
        h.node_count > h.count + (1ull << 20))
        return "damaged: its header's counts are out of range";
    for (const TopicFileSection& section : layout)
        if (!in_file(section.offset, section.bytes, size))
            return "damaged: its " + section.name + " section lies outside the file";
    for (std::uint64_t off : {h.nodes_off, h.centroids_off, h.topic_scales_off, h.rows_off,
                              h.scales_off, h.id_offsets_off, h.by_id_off})
        if (off % kAlign != 0)
            return "damaged: a section is not aligned";
    auto checked = layout;
    if (check == TopicFileCheck::PerRow)
        for (std::size_t i : kDeferredSections)
            checked[i].bytes = 0;
    const auto crcs = checksum_sections(file.fd, checked);
    for (std::size_t i = 0; i < layout.size(); ++i) {
        if (checked[i].bytes != layout[i].bytes)
            continue; // deferred
        if (!crcs[i])
            return "cannot be read: it ended early or an I/O error occurred";
        if (*crcs[i] != h.section_crc[i])
            return "damaged: the checksum of its " + layout[i].name + " section does not match";
    }
    return {};
}

} // namespace

std::string check_topic_file(const fs::path& path, const std::string& token,
                             std::vector<TopicFileSection>* sections) {
    if (path.empty())
        return "missing";
    if (token.size() != kTokenBytes)
        return "no token in vault.db: the last import or reindex did not write it";
    std::string problem;
    auto file = open_regular(path, problem);
    if (!file)
        return problem;
    Header h{};
    return check_open_file(*file, token, h, sections);
}

void reseal_topic_file(std::string& bytes, std::string_view token) {
    Header h{};
    if (bytes.size() < sizeof h || token.size() != kTokenBytes)
        return;
    std::memcpy(&h, bytes.data(), sizeof h);
    std::memcpy(h.token, token.data(), kTokenBytes);
    const auto layout = sections_of(h);
    for (std::size_t i = 0; i < layout.size(); ++i)
        if (in_file(layout[i].offset, layout[i].bytes, bytes.size()))
            h.section_crc[i] = crc32c(bytes.data() + layout[i].offset, layout[i].bytes);
    h.header_crc = header_checksum(h);
    std::memcpy(bytes.data(), &h, sizeof h);
}

namespace {

std::string check_deferred_sections(const TopicIndex::Impl& impl) {
    if (!impl.file || impl.deferred_sections.empty())
        return {};
    std::array<TopicFileSection, kDeferredSections.size()> layout;
    for (std::size_t i = 0; i < layout.size(); ++i)
        layout[i] = impl.deferred_sections[i].first;
    const auto crcs = checksum_sections(impl.file->fd, layout);
    for (std::size_t i = 0; i < layout.size(); ++i) {
        if (!crcs[i])
            return "cannot be read: it ended early or an I/O error occurred";
        if (*crcs[i] != impl.deferred_sections[i].second)
            return "damaged: the checksum of its " + layout[i].name + " section does not match";
    }
    return {};
}

} // namespace

namespace {

// The tree of a mapped file: parents before children, every leaf one run of positions, all of
// them covered, and numbered breadth first with children in key order (as finalize() numbers
// them), so each topic's children are one run: the spans the beam walks. False when it does not
// hold together.
bool read_tree(const MappedTopicFile& file, const Header& h, std::vector<TopicNode>& nodes,
               std::vector<TopicIndex::Impl::TopicSpan>& spans) {
    const std::uint64_t n = h.count;
    const auto* records = reinterpret_cast<const NodeRecord*>(file.at(h.nodes_off));
    nodes.assign(h.node_count, TopicNode{});
    spans.assign(h.node_count, TopicIndex::Impl::TopicSpan{});
    std::uint64_t next = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const NodeRecord& r = records[i];
        TopicNode& node = nodes[i];
        if (!in_file(r.key_off, r.key_len, h.keys_len))
            return false;
        node.key.assign(file.at(h.keys_off + r.key_off), r.key_len);
        node.depth = r.depth;
        node.leaf = r.leaf != 0;
        node.parent = r.parent;
        if (i == 0 ? (r.parent != -1 || r.depth != 0)
                   : (r.parent < 0 || std::size_t(r.parent) >= i ||
                      nodes[std::size_t(r.parent)].leaf ||
                      nodes[std::size_t(r.parent)].depth + 1 != r.depth))
            return false;
        if (node.leaf) {
            if (r.member_begin != next || r.member_count > n - next)
                return false;
            spans[i].first_member = std::uint32_t(next);
            spans[i].member_count = std::uint32_t(r.member_count);
            node.member_count = std::size_t(r.member_count);
            next += r.member_count;
        } else if (r.member_count != 0) {
            return false;
        }
        if (i > 0) {
            TopicNode& parent = nodes[std::size_t(r.parent)];
            TopicIndex::Impl::TopicSpan& run = spans[std::size_t(r.parent)];
            if (parent.children.empty()) {
                run.first_child = std::uint32_t(i);
            } else if (std::size_t(parent.children.back()) + 1 != i ||
                       !(nodes[std::size_t(parent.children.back())].key < node.key)) {
                return false;
            }
            parent.children.push_back(int(i));
            ++run.child_count;
        }
    }
    if (next != n)
        return false;
    for (const TopicNode& node : nodes)
        if (!node.leaf && node.children.empty())
            return false;
    return true;
}

// The ids' offsets and lookup, and the scales, within range: no lookup reads outside the file.
bool ids_and_scales_hold(const MappedTopicFile& file, const Header& h) {
    const std::uint64_t n = h.count;
    const auto* id_offsets = reinterpret_cast<const std::uint64_t*>(file.at(h.id_offsets_off));
    if (id_offsets[0] != 0 || id_offsets[n] != h.id_chars_len)
        return false;
    for (std::uint64_t i = 0; i < n; ++i)
        if (id_offsets[i + 1] < id_offsets[i])
            return false;
    // Every position in range, so no lookup reads outside the file. Its order is not checked
    // (a million string comparisons over scattered pages, a tenth of a cold start): the token
    // and the checksums vouch for it, since save() stores a fresh token only after the whole
    // file is written and synced.
    const auto* by_id = reinterpret_cast<const std::uint32_t*>(file.at(h.by_id_off));
    for (std::uint64_t i = 0; i < n; ++i)
        if (by_id[i] >= n)
            return false;

    // Finite, non-negative scales: they order the beam and the int8 pass, and a NaN there
    // would break the comparisons sorting candidates. (The float rows and centroids are vouched
    // for by their checksums: the search reads neither to rank.)
    const auto* topic_scales = reinterpret_cast<const float*>(file.at(h.topic_scales_off));
    const auto* scales = reinterpret_cast<const float*>(file.at(h.scales_off));
    const auto finite_scale = [](float x) { return std::isfinite(x) && x >= 0.0f; };
    if (!std::all_of(topic_scales, topic_scales + h.node_count * 2, finite_scale) ||
        !std::all_of(scales, scales + n, finite_scale))
        return false;
    return true;
}

// Replaces impl's storage with the checked mapping of `file`.
void adopt_mapping(TopicIndex::Impl& impl, std::shared_ptr<MappedTopicFile> file, const Header& h,
                   std::vector<TopicNode> nodes, std::vector<TopicIndex::Impl::TopicSpan> spans,
                   TopicFileCheck check) {
    const std::uint64_t n = h.count, dim = h.dim;
    const auto* topic_scales = reinterpret_cast<const float*>(file->at(h.topic_scales_off));
    const auto* scales = reinterpret_cast<const float*>(file->at(h.scales_off));
    const auto* id_offsets = reinterpret_cast<const std::uint64_t*>(file->at(h.id_offsets_off));
    const auto* by_id = reinterpret_cast<const std::uint32_t*>(file->at(h.by_id_off));
    const char* chars = file->at(h.id_chars_off);
    impl.dim = std::size_t(dim);
    impl.nodes = std::move(nodes);
    impl.centroids.clear();
    impl.owned_topic_codes.clear();
    impl.owned_topic_scales.clear();
    impl.mapped_centroids = reinterpret_cast<const float*>(file->at(h.centroids_off));
    impl.mapped_topic_codes = reinterpret_cast<const std::int8_t*>(file->at(h.topic_codes_off));
    impl.mapped_topic_scales = topic_scales;
    // Every query reads thousands of topics' codes, scattered over the section (42 MB at a
    // million chunks): ask for the whole section now, read ahead in large blocks, rather than
    // one 4 KB read fault at a time during the first queries.
    will_need(*file, h.topic_codes_off, h.node_count * 2 * dim);
    impl.ids.clear();
    impl.data.clear();
    impl.codes.clear();
    impl.code_scale.clear();
    impl.by_id.clear();
    impl.mapped_count = std::size_t(n);
    impl.mapped_rows = reinterpret_cast<const float*>(file->at(h.rows_off));
    impl.mapped_codes = reinterpret_cast<const std::int8_t*>(file->at(h.codes_off));
    impl.mapped_scales = scales;
    impl.mapped_id_offsets = id_offsets;
    impl.mapped_id_chars = chars;
    impl.mapped_by_id = by_id;
    impl.mapped_row_crcs = nullptr;
    impl.row_checked.reset();
    impl.zero_row.clear();
    impl.deferred_sections.clear();
    if (check == TopicFileCheck::PerRow) {
        impl.mapped_row_crcs = reinterpret_cast<const std::uint32_t*>(file->at(h.row_crcs_off));
        impl.row_checked = std::make_unique<std::atomic<std::uint8_t>[]>(std::size_t(n));
        impl.zero_row.assign(impl.dim, 0.0f);
        const auto layout = sections_of(h);
        for (std::size_t i : kDeferredSections)
            impl.deferred_sections.emplace_back(layout[i], h.section_crc[i]);
    }
    impl.file = std::move(file);
    // finalize()'s bookkeeping without its re-layout: subtree counts (children follow their
    // parent, so walking backwards sums bottom-up), spans, the leaves by position.
    for (std::size_t i = impl.nodes.size(); i-- > 0;) {
        TopicNode& node = impl.nodes[i];
        if (!node.leaf) {
            node.member_count = 0;
            for (int child : node.children)
                node.member_count += impl.nodes[std::size_t(child)].member_count;
        }
    }
    impl.spans = std::move(spans);
    impl.index_leaves();
    impl.compute_topic_z();
    impl.info.from_file = true;
}

} // namespace

bool read_topic_file(const fs::path& path, const std::string& token, const std::string& signature,
                     TopicIndex::Impl& impl, std::string* problem_out, TopicFileCheck check) {
    std::string scratch;
    std::string& problem = problem_out ? *problem_out : scratch;
    if (path.empty() || token.size() != kTokenBytes) {
        problem = path.empty() ? "missing" : "no token in vault.db";
        return false;
    }
    auto file = open_regular(path, problem);
    if (!file)
        return false;
    Header h{};
    problem = check_open_file(*file, token, h, nullptr, check);
    if (!problem.empty())
        return false;
    // Past its checksums the file is what save() wrote; the checks below guard the mapping
    // against a writer's bug, so any failure reads as damage.
    problem = "cannot be mapped";
    file->base = ::mmap(nullptr, file->size, PROT_READ, MAP_SHARED, file->fd, 0);
    if (file->base == MAP_FAILED)
        return false;
    if (std::string_view(file->at(h.signature_off), h.signature_len) != signature) {
        problem = "written for another embedding model";
        return false;
    }
    problem = "damaged: its structure does not hold together";

    std::vector<TopicNode> nodes;
    std::vector<TopicIndex::Impl::TopicSpan> spans;
    if (!read_tree(*file, h, nodes, spans) || !ids_and_scales_hold(*file, h))
        return false;
    adopt_mapping(impl, std::move(file), h, std::move(nodes), std::move(spans), check);
    problem.clear();
    return true;
}

void TopicIndex::Impl::read_rows(std::size_t first, std::size_t count, float* out) const {
    if (file && first + count > mapped_count) { // rows of the incremental part are in memory
        const std::size_t in_file = first < mapped_count ? mapped_count - first : 0;
        if (in_file > 0)
            read_rows(first, in_file, out);
        std::copy_n(delta_data.data() + (first + in_file - mapped_count) * dim,
                    (count - in_file) * dim, out + in_file * dim);
        return;
    }
    if (!file) {
        std::copy_n(data.data() + first * dim, count * dim, out);
        return;
    }
    const std::size_t bytes = count * dim * sizeof(float);
    const auto offset = static_cast<off_t>(reinterpret_cast<const char*>(mapped_rows) -
                                           static_cast<const char*>(file->base) +
                                           std::ptrdiff_t(first * dim * sizeof(float)));
    std::size_t done = 0;
    while (done < bytes) {
        const ssize_t got = ::pread(file->fd, reinterpret_cast<char*>(out) + done, bytes - done,
                                    offset + off_t(done));
        if (got <= 0) {
            if (got < 0 && errno == EINTR)
                continue;
            // The mapping reads the same bytes; it only costs resident pages.
            std::memcpy(reinterpret_cast<char*>(out) + done,
                        reinterpret_cast<const char*>(mapped_rows + first * dim) + done,
                        bytes - done);
            break;
        }
        done += std::size_t(got);
    }
    if (mapped_row_crcs)
        for (std::size_t i = 0; i < count; ++i)
            if (!row_ok(first + i, out + i * dim))
                std::fill_n(out + i * dim, dim, 0.0f);
}

bool TopicIndex::Impl::row_ok(std::size_t pos, const float* row) const {
    if (!mapped_row_crcs || (row_checked[pos].load(std::memory_order_relaxed) & 1) != 0)
        return true;
    if (crc32c(row, dim * sizeof(float)) != mapped_row_crcs[2 * pos]) {
        note_damage(pos, "vectors");
        return false;
    }
    row_checked[pos].fetch_or(1, std::memory_order_relaxed);
    return true;
}

bool TopicIndex::Impl::code_ok(std::size_t pos) const {
    if (!mapped_row_crcs || (row_checked[pos].load(std::memory_order_relaxed) & 2) != 0)
        return true;
    if (crc32c(code(pos), dim) != mapped_row_crcs[2 * pos + 1]) {
        note_damage(pos, "vector codes");
        return false;
    }
    row_checked[pos].fetch_or(2, std::memory_order_relaxed);
    return true;
}

void TopicIndex::Impl::note_damage(std::size_t pos, const char* section) const {
    std::lock_guard lock(damage_mutex);
    if (damage.empty())
        damage = "damaged: the checksum of row " + std::to_string(pos) + " (" +
                 std::string(id(pos)) + ") in its " + section + " section does not match";
}

} // namespace memlens
