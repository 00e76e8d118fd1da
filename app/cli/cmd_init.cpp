// memlens-cli init --vault DIR: create an empty vault.
#include "cli.h"

#include <memlens/vault.h>

#include <nlohmann/json.hpp>

#include <iostream>

namespace memlens::cli {
namespace {

int run_init(const Args& a) {
    auto dir = a.get("vault");
    if (!dir && !a.positional.empty())
        dir = a.positional.front();
    if (!dir)
        return fail("init", "--vault DIR is required");
    auto v = Vault::create(*dir);
    if (!v)
        return fail("init", v.status());
    if (a.json()) {
        nlohmann::json j = {{"vault", *dir}, {"schema_version", (*v)->schema_version()}};
        std::cout << dump_json(j) << '\n';
    } else {
        std::cout << "created vault " << *dir << " (schema " << (*v)->schema_version() << ")\n";
    }
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{"init",
                         "create an empty vault",
                         "Usage: memlens-cli init --vault DIR [--json]\n\n"
                         "Creates DIR/vault.db and DIR/entities/.",
                         {"vault"},
                         {},
                         run_init});

} // namespace
} // namespace memlens::cli
