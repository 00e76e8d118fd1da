#include "measure.h"

#include <sys/resource.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <string>

namespace memlens::bench {

namespace fs = std::filesystem;
using json = nlohmann::json;

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

json percentiles(std::vector<double> ms) {
    if (ms.empty())
        return {{"p50", 0.0}, {"p95", 0.0}, {"n", 0}};
    std::sort(ms.begin(), ms.end());
    auto at = [&](double p) {
        const auto rank = static_cast<std::size_t>(std::ceil(p * double(ms.size())));
        return ms[std::min(ms.size() - 1, rank == 0 ? 0 : rank - 1)];
    };
    return {{"p50", at(0.50)}, {"p95", at(0.95)}, {"n", ms.size()}};
}

json resident_by_mapping() {
    std::ifstream in("/proc/self/smaps");
    double topic = 0, db = 0, other = 0;
    std::string line, name;
    while (std::getline(in, line)) {
        // A mapping's first line starts with its address range ("7f..-7f.. r--s ...").
        const auto dash = line.find('-');
        if (dash != std::string::npos && dash > 0 && line.find(':') > dash &&
            std::isxdigit(static_cast<unsigned char>(line[0]))) {
            const auto slash = line.find('/');
            name = slash == std::string::npos ? std::string() : line.substr(slash);
            continue;
        }
        if (line.rfind("Rss:", 0) != 0)
            continue;
        const double mb = std::strtod(line.c_str() + 4, nullptr) / 1024.0;
        if (name.find("topic-index.bin") != std::string::npos)
            topic += mb;
        else if (name.find("vault.db") != std::string::npos)
            db += mb;
        else
            other += mb;
    }
    return {{"topic_index_file_mb", topic}, {"vault_db_mb", db}, {"other_mb", other}};
}

double peak_rss_mb() {
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return double(ru.ru_maxrss) / 1024.0; // Linux reports kilobytes
}

std::uint64_t topic_file_bytes(const fs::path& db) {
    std::error_code ec;
    const auto s = fs::file_size(db.parent_path() / "topic-index.bin", ec);
    return ec ? 0 : s;
}

std::uint64_t vault_bytes(const fs::path& db) {
    std::uint64_t total = 0;
    std::error_code ec;
    for (const char* suffix : {"", "-wal"}) {
        const auto s = fs::file_size(db.string() + suffix, ec);
        if (!ec)
            total += s;
    }
    total += topic_file_bytes(db);
    for (const auto& e : fs::recursive_directory_iterator(db.parent_path() / "entities", ec))
        if (e.is_regular_file(ec))
            total += e.file_size(ec);
    return total;
}

} // namespace memlens::bench
