// memlens-cli: scripting access to a vault. Every command takes --json and --help, exits 0 on
// success and non-zero with a one-line error on stderr otherwise.
#include "cli.h"

#include <memlens/db.h>

#include <iostream>

namespace {

void print_overview() {
    std::cout << "memlens-cli " MEMLENS_VERSION " - inspect an AI agent's memory vault\n\n"
                 "Usage: memlens-cli <command> [options]\n\nCommands:\n";
    for (const auto& [name, spec] : memlens::cli::registry())
        std::cout << "  " << name << std::string(name.size() < 10 ? 10 - name.size() : 1, ' ')
                  << spec.summary << '\n';
    std::cout << "\nRun 'memlens-cli <command> --help' for a command's options.\n";
}

} // namespace

int main(int argc, char** argv) {
    // Each command is one short-lived reader or writer: a read-only open leaves no trace.
    memlens::set_read_only_policy(memlens::ReadOnlyPolicy::NoTrace);
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        print_overview();
        return args.empty() ? 2 : 0;
    }
    if (args[0] == "--version") {
        std::cout << "memlens-cli " MEMLENS_VERSION "\n";
        return 0;
    }
    auto& reg = memlens::cli::registry();
    auto it = reg.find(args[0]);
    if (it == reg.end())
        return memlens::cli::fail(args[0], "unknown command (see memlens-cli --help)");
    const auto& spec = it->second;
    std::vector<std::string> rest(args.begin() + 1, args.end());
    auto parsed = memlens::cli::parse_args(rest, spec);
    if (!parsed)
        return memlens::cli::fail(spec.name, parsed.status());
    if (parsed->flag("help")) {
        std::cout << spec.usage << '\n';
        return 0;
    }
    try {
        return spec.run(*parsed);
    } catch (const std::exception& e) {
        return memlens::cli::fail(spec.name, std::string("internal error: ") + e.what());
    }
}
