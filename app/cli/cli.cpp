#include "cli.h"

#include <memlens/retrieval.h>
#include <memlens/time_util.h>

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace memlens::cli {

std::optional<std::string> Args::get(const std::string& name) const {
    auto it = values_.find(name);
    if (it == values_.end() || it->second.empty())
        return std::nullopt;
    return it->second.back();
}

std::vector<std::string> Args::get_all(const std::string& name) const {
    auto it = values_.find(name);
    return it == values_.end() ? std::vector<std::string>{} : it->second;
}

std::string Args::get_or(const std::string& name, const std::string& fallback) const {
    return get(name).value_or(fallback);
}

std::string join(const std::vector<std::string>& parts, const char* sep) {
    std::string out;
    for (const auto& p : parts)
        out += (out.empty() ? "" : sep) + p;
    return out;
}

std::string one_line(std::string s, std::size_t max) {
    for (auto& c : s)
        if (c == '\n' || c == '\r' || c == '\t')
            c = ' ';
    return s.size() > max ? s.substr(0, max) + "..." : s;
}

namespace {

std::string in_quotes(const std::string& v) {
    return "'" + v + "'";
}

std::string joined(const std::vector<std::string>& names) {
    return join(names, ", ");
}

std::string number_text(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.15g", v);
    return buf;
}

} // namespace

Result<std::optional<std::int64_t>> Args::get_int(const std::string& name, std::int64_t min,
                                                  std::int64_t max) const {
    auto v = get(name);
    if (!v)
        return std::optional<std::int64_t>{};
    std::int64_t out = 0;
    auto [p, ec] = std::from_chars(v->data(), v->data() + v->size(), out);
    if (ec != std::errc() || p != v->data() + v->size() || out < min || out > max)
        return Status::invalid("--" + name + ": expected an integer from " + std::to_string(min) +
                               " to " + std::to_string(max) + ", not " + in_quotes(*v));
    return std::optional<std::int64_t>{out};
}

Result<std::optional<double>> Args::get_double(const std::string& name, double min,
                                               double max) const {
    auto v = get(name);
    if (!v)
        return std::optional<double>{};
    double d = 0.0;
    auto [p, ec] = std::from_chars(v->data(), v->data() + v->size(), d);
    if (ec != std::errc() || p != v->data() + v->size() || !std::isfinite(d) || d < min || d > max)
        return Status::invalid("--" + name + ": expected a number from " + number_text(min) +
                               " to " + number_text(max) + ", not " + in_quotes(*v));
    return std::optional<double>{d};
}

Result<std::optional<std::string>> Args::get_choice(const std::string& name,
                                                    const std::vector<std::string>& names) const {
    auto v = get(name);
    if (!v)
        return std::optional<std::string>{};
    if (std::find(names.begin(), names.end(), *v) == names.end())
        return Status::invalid("--" + name + ": expected one of " + joined(names) + ", not " +
                               in_quotes(*v));
    return v;
}

Result<std::vector<std::string>> Args::get_choices(const std::string& name,
                                                   const std::vector<std::string>& names) const {
    std::vector<std::string> out;
    for (const auto& value : get_all(name)) {
        for (auto& part : split_list(value)) {
            if (std::find(names.begin(), names.end(), part) == names.end())
                return Status::invalid("--" + name + ": expected one of " + joined(names) +
                                       ", not " + in_quotes(part));
            out.push_back(std::move(part));
        }
    }
    return out;
}

Result<std::optional<std::int64_t>> Args::get_time(const std::string& name) const {
    auto v = get(name);
    if (!v)
        return std::optional<std::int64_t>{};
    auto t = parse_time_arg(*v);
    if (!t)
        return Status::invalid("--" + name + ": " + t.status().message());
    if (*t < kMinTimeMs || *t > kMaxTimeMs)
        return Status::invalid("--" + name + ": expected a time from " +
                               format_rfc3339(kMinTimeMs) + " to " + format_rfc3339(kMaxTimeMs) +
                               " (or as many epoch milliseconds), not " + in_quotes(*v));
    return std::optional<std::int64_t>{*t};
}

Result<Args> parse_args(const std::vector<std::string>& argv, const Spec& spec) {
    Args args;
    auto takes_value = [&](const std::string& n) {
        return std::find(spec.options.begin(), spec.options.end(), n) != spec.options.end();
    };
    auto is_flag = [&](const std::string& n) {
        return n == "json" || n == "help" ||
               std::find(spec.flags.begin(), spec.flags.end(), n) != spec.flags.end();
    };
    bool only_positional = false;
    for (size_t i = 0; i < argv.size(); ++i) {
        const std::string& a = argv[i];
        if (!only_positional && a == "--") {
            only_positional = true;
            continue;
        }
        if (only_positional || a.size() < 3 || a.rfind("--", 0) != 0) {
            args.positional.push_back(a);
            continue;
        }
        std::string name = a.substr(2);
        std::optional<std::string> inline_value;
        if (auto eq = name.find('='); eq != std::string::npos) {
            inline_value = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        if (takes_value(name)) {
            if (inline_value) {
                args.values_[name].push_back(*inline_value);
            } else if (i + 1 < argv.size()) {
                args.values_[name].push_back(argv[++i]);
            } else {
                return Status::invalid("--" + name + " needs a value");
            }
        } else if (is_flag(name) && !inline_value) {
            args.flags_[name] = true;
        } else {
            return Status::invalid("unknown option --" + name + " (see " + program_name() + " " +
                                   spec.name + " --help)");
        }
    }
    return args;
}

std::map<std::string, Spec>& registry() {
    static std::map<std::string, Spec> r;
    return r;
}

Registrar::Registrar(Spec spec) {
    std::string name = spec.name;
    registry().emplace(std::move(name), std::move(spec));
}

namespace {
std::string& program_name_storage() {
    static std::string name = "memlens-cli";
    return name;
}
} // namespace

void set_program_name(std::string name) {
    program_name_storage() = std::move(name);
}

const std::string& program_name() {
    return program_name_storage();
}

int fail(const std::string& command, const Status& status) {
    return fail(command, status.message());
}

int fail(const std::string& command, const std::string& message) {
    std::string one_line = message;
    std::replace(one_line.begin(), one_line.end(), '\n', ' ');
    std::cerr << program_name() << ' ' << command << ": " << one_line << '\n';
    return 1;
}

std::vector<std::string> split_list(const std::string& text) {
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find(',', start);
        if (end == std::string::npos)
            end = text.size();
        std::string part = text.substr(start, end - start);
        auto b = part.find_first_not_of(" \t");
        auto e = part.find_last_not_of(" \t");
        if (b != std::string::npos)
            out.push_back(part.substr(b, e - b + 1));
        start = end + 1;
    }
    return out;
}

std::vector<std::string> source_kind_names() {
    return {kSourceKinds.begin(), kSourceKinds.end()};
}

void report_degraded(const std::string& command, const std::optional<DegradedRanking>& degraded) {
    if (degraded)
        std::cerr << "memlens-cli " << command << ": degraded ranking: " << degraded->reason
                  << '\n';
}

bool stderr_is_tty() {
    return isatty(STDERR_FILENO) != 0;
}

} // namespace memlens::cli
