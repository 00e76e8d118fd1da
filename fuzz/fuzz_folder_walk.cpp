// list_markdown_files and import_markdown on a folder tree built from the input: folders, files,
// links that stay inside or lead out (to a file, a folder, a link, nowhere, themselves), FIFOs and
// sockets, under names hidden or not. The walk must never yield a path outside the root, a path
// through a link, or anything but a regular file; the import must never read the file outside.
#include "fuzz_support.h"

#include <memlens/import.h>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kOutsideMarker = "OUTSIDE-THE-ROOT";

// Names that matter to the walker: Markdown or not, hidden or not, upper-case extensions.
const char* const kNames[] = {"a.md", "b.MD", "c.markdown", "d.txt", ".hidden.md", ".git",
                              "e",    "f.md", "g h.md",     "..md",  "i.md.bak",   "j"};

std::string name_from(std::uint8_t b) {
    return kNames[b % std::size(kNames)] + std::string(b >= 128 ? "2" : "");
}

bool is_link(const fs::path& p) {
    struct stat st {};
    return ::lstat(p.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
}

// A new file only (O_EXCL): never through a link, never into a FIFO made earlier (that would
// block).
void write_file(const fs::path& p, const std::string& text) {
    int fd = ::open(p.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    (void)!::write(fd, text.data(), text.size());
    ::close(fd);
}

void make_socket(const fs::path& p) {
    sockaddr_un addr{};
    if (p.string().size() >= sizeof addr.sun_path)
        return;
    addr.sun_family = AF_UNIX;
    std::memcpy(addr.sun_path, p.c_str(), p.string().size());
    int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0)
        return;
    (void)::bind(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr);
    ::close(fd);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace memlens;
    std::error_code ec;
    const fs::path base = fuzz::scratch_dir() / "walk";
    fs::remove_all(base, ec);
    const fs::path root = base / "root";
    const fs::path outside = base / "outside";
    fs::create_directories(root, ec);
    fs::create_directories(outside / "dir", ec);
    const std::string secret = "# Secret\n" + std::string(kOutsideMarker) + "\n";
    write_file(outside / "secret.md", secret);
    write_file(outside / "dir" / "inner.md", secret);

    // Three bytes an operation: what, where (an earlier folder or entry), which name.
    std::vector<fs::path> dirs{root};
    std::vector<fs::path> entries;
    for (std::size_t i = 0; i + 2 < size && i < 3 * 40; i += 3) {
        const fs::path& parent = dirs[data[i + 1] % dirs.size()];
        const fs::path p = parent / name_from(data[i + 2]);
        switch (data[i] % 8) {
        case 0:
            if (fs::create_directory(p, ec))
                dirs.push_back(p);
            break;
        case 1:
            write_file(p, "# Note " + std::to_string(i) + "\nbody\n");
            break;
        case 2: // out of the root, to a file or a folder, absolute or relative
            fs::create_symlink(data[i + 2] % 2 == 0 ? outside / "secret.md"
                                                    : fs::relative(outside / "dir", parent, ec),
                               p, ec);
            break;
        case 3: // to an entry inside (maybe itself a link), or to itself, or to nothing
            if (!entries.empty() && data[i + 2] % 3 != 0)
                fs::create_symlink(entries[data[i + 2] % entries.size()], p, ec);
            else
                fs::create_symlink(data[i + 2] % 2 == 0 ? p : parent / "missing.md", p, ec);
            break;
        case 4:
            ::mkfifo(p.c_str(), 0600);
            break;
        case 5:
            make_socket(p);
            break;
        case 6: // a folder link: the walk must not descend through it
            fs::create_directory_symlink(dirs[data[i + 2] % dirs.size()], p, ec);
            break;
        default:
            fs::create_symlink(fs::path("..") / ".." / "outside" / "secret.md", p, ec);
            break;
        }
        entries.push_back(p);
    }

    auto files = list_markdown_files(root);
    fuzz::require(files.is_ok(), "a readable folder can be listed");
    const fs::path canonical_root = fs::canonical(root, ec);
    for (const auto& rel : *files) {
        fuzz::require(rel.is_relative(), "a listed path is relative to the root");
        fs::path at = root;
        for (const auto& part : rel) {
            fuzz::require(part != ".." && part != ".", "a listed path has no . or ..");
            at /= part;
            fuzz::require(!is_link(at), "a listed path goes through no link");
        }
        struct stat st {};
        fuzz::require(::lstat(at.c_str(), &st) == 0 && S_ISREG(st.st_mode),
                      "a listed path is a regular file");
        const fs::path real = fs::canonical(at, ec);
        fuzz::require(!ec && real.string().starts_with(canonical_root.string() + "/"),
                      "a listed path is inside the root");
    }

    auto sources = import_markdown(root);
    if (sources) {
        for (const auto& s : *sources)
            for (const auto& item : s.items)
                fuzz::require(item.text.find(kOutsideMarker) == std::string::npos,
                              "the import never reads a file outside the root");
    } else {
        fuzz::require(sources.status().message().find("root") != std::string::npos,
                      "an error names the folder or a file in it");
    }
    return 0;
}
