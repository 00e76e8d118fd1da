// memlens-cli's command framework: a tiny argument parser and a command registry.
// Each command lives in its own cmd_<name>.cpp and registers itself with MEMLENS_CLI_COMMAND.
#pragma once

#include <memlens/status.h>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memlens::cli {

// Parsed command line: `--name value`, `--name=value`, `--flag`, and positionals. Which
// options take a value is declared by the command (Spec::options); everything else is a flag.
class Args {
public:
    std::vector<std::string> positional;

    bool flag(const std::string& name) const { return flags_.count(name) != 0; }
    std::optional<std::string> get(const std::string& name) const;
    std::vector<std::string> get_all(const std::string& name) const;
    std::string get_or(const std::string& name, const std::string& fallback) const;

    // Typed getters; InvalidArgument naming the option when the text does not parse.
    Result<std::optional<std::int64_t>> get_int(const std::string& name) const;
    Result<std::optional<double>> get_double(const std::string& name) const;
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

// Prints "memlens-cli <cmd>: <message>" on stderr and returns the exit code for it.
int fail(const std::string& command, const Status& status);
int fail(const std::string& command, const std::string& message);

// Splits "a,b,c" into its non-empty parts, trimmed.
std::vector<std::string> split_list(const std::string& text);

// True when stdout/stderr is a terminal (progress bars only there).
bool stderr_is_tty();

} // namespace memlens::cli

#define MEMLENS_CLI_CONCAT2(a, b) a##b
#define MEMLENS_CLI_CONCAT(a, b) MEMLENS_CLI_CONCAT2(a, b)
#define MEMLENS_CLI_COMMAND(...)                                                                   \
    static const ::memlens::cli::Registrar MEMLENS_CLI_CONCAT(memlens_cli_reg_,                    \
                                                              __LINE__)(__VA_ARGS__)
