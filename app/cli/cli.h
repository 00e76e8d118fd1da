// memlens-cli's command framework: a tiny argument parser and a command registry.
// Each command lives in its own cmd_<name>.cpp and registers itself with MEMLENS_CLI_COMMAND.
#pragma once

#include <memlens/status.h>
#include <memlens/types.h>

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memlens::cli {

// The range every TIME option accepts: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, as
// epoch milliseconds (what RFC 3339 can write; arithmetic on them cannot overflow).
inline constexpr std::int64_t kMinTimeMs = -62'135'596'800'000;
inline constexpr std::int64_t kMaxTimeMs = 253'402'300'799'999;

// Parsed command line: `--name value`, `--name=value`, `--flag`, and positionals. Which
// options take a value is declared by the command (Spec::options); everything else is a flag.
class Args {
public:
    std::vector<std::string> positional;

    bool flag(const std::string& name) const { return flags_.count(name) != 0; }
    std::optional<std::string> get(const std::string& name) const;
    std::vector<std::string> get_all(const std::string& name) const;
    std::string get_or(const std::string& name, const std::string& fallback) const;

    // The one rule for option values, used by every command: nullopt when the option is
    // absent, else the value when it parses and lies in what the option accepts, else
    // InvalidArgument naming the option, what it accepts and what was given, e.g.
    // "--hops: expected an integer from 0 to 4, not '100'".
    // An integer in [min, max].
    Result<std::optional<std::int64_t>> get_int(const std::string& name, std::int64_t min,
                                                std::int64_t max) const;
    // A finite number in [min, max] (nan and inf are refused).
    Result<std::optional<double>> get_double(const std::string& name, double min, double max) const;
    // One of `names` (taken from the core, never restated here), exactly as written.
    Result<std::optional<std::string>> get_choice(const std::string& name,
                                                  const std::vector<std::string>& names) const;
    // Every value of a repeatable comma list option (--kinds a,b --kinds c), each one of `names`.
    Result<std::vector<std::string>> get_choices(const std::string& name,
                                                 const std::vector<std::string>& names) const;
    // RFC 3339 or epoch milliseconds, within [kMinTimeMs, kMaxTimeMs].
    Result<std::optional<std::int64_t>> get_time(const std::string& name) const;

    bool json() const { return flag("json"); }

private:
    friend Result<Args> parse_args(const std::vector<std::string>&, const struct Spec&);
    std::map<std::string, std::vector<std::string>> values_;
    std::map<std::string, bool> flags_;
};

struct Spec {
    std::string name;
    std::string summary;              // one line, for `memlens-cli --help`
    std::string usage;                // full help text
    std::vector<std::string> options; // names (without --) that take a value
    std::vector<std::string> flags;   // names that do not
    std::function<int(const Args&)> run;
};

Result<Args> parse_args(const std::vector<std::string>& argv, const Spec& spec);

std::map<std::string, Spec>& registry();

struct Registrar {
    explicit Registrar(Spec spec);
};

// The program named in errors and help hints: "memlens-cli" unless main() sets another
// (memlens-bench shares this parser).
void set_program_name(std::string name);
const std::string& program_name();

// Prints "<program> <cmd>: <message>" on stderr and returns the exit code for it.
int fail(const std::string& command, const Status& status);
int fail(const std::string& command, const std::string& message);

// Splits "a,b,c" into its non-empty parts, trimmed.
std::vector<std::string> split_list(const std::string& text);

// Text on one line for a listing: line breaks and tabs as spaces, cut at `max` bytes with "...".
std::string one_line(std::string s, std::size_t max);

// parts joined with sep between them ("a|b|c").
std::string join(const std::vector<std::string>& parts, const char* sep);

// Names for get_choice from a core enum's wire strings: names_of(kSearchModes), the core's
// list of every value, or names_of({GroupBy::Session, ...}).
template <typename Range> std::vector<std::string> names_of(const Range& values) {
    std::vector<std::string> out;
    for (const auto& v : values)
        out.emplace_back(to_string(v));
    return out;
}
template <typename Enum> std::vector<std::string> names_of(std::initializer_list<Enum> values) {
    return names_of<std::initializer_list<Enum>>(values);
}

// The text of every JSON document the CLI prints: a byte that is not UTF-8 (a file name, a
// user's text) becomes U+FFFD instead of making nlohmann's dump() throw.
template <typename Json> std::string dump_json(const Json& value, int indent = 2) {
    return value.dump(indent, ' ', false, Json::error_handler_t::replace);
}

// --days: a look-back of at most 100 years (source, walk, generate).
inline constexpr std::int64_t kMaxDays = 36'500;

// --source-kind's names: the core's kSourceKinds (retrieval.h).
std::vector<std::string> source_kind_names();

// Prints "memlens-cli <cmd>: degraded ranking: <reason>" on stderr when the response's ranking
// fell back (types.h DegradedRanking); --json output carries the same as "degraded".
void report_degraded(const std::string& command, const std::optional<DegradedRanking>& degraded);

// True when stdout/stderr is a terminal (progress bars only there).
bool stderr_is_tty();

} // namespace memlens::cli

#define MEMLENS_CLI_CONCAT2(a, b) a##b
#define MEMLENS_CLI_CONCAT(a, b) MEMLENS_CLI_CONCAT2(a, b)
// __COUNTER__, not __LINE__: the unity build compiles several commands' files as one, where
// two registrations on the same line of their files would share a name.
#define MEMLENS_CLI_COMMAND(...)                                                                   \
    static const ::memlens::cli::Registrar MEMLENS_CLI_CONCAT(memlens_cli_reg_,                    \
                                                              __COUNTER__)(__VA_ARGS__)
