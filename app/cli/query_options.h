// The query options `query` and `why-not` share (mode, fusion, profile, limit, λ, recency,
// scope, budgets, now, audit): read with the one rule of cli.h, listed once for both commands'
// option lists and help texts.
#pragma once

#include "cli.h"

#include <memlens/search.h>
#include <memlens/vault.h>

#include <string>
#include <vector>

namespace memlens::cli {

// Every option above except --profile (which needs the vault: read_query_profile).
Status read_query_options(const Args& a, QueryOptions& req);
// --profile NAME: a built-in profile or one of the vault's own (profile.<name>.* settings).
Status read_query_profile(const Args& a, const Vault& vault, QueryOptions& req);

// Names of the options above that take a value, and of their flags, for a command's Spec.
std::vector<std::string> query_option_names();
std::vector<std::string> query_flag_names();

// Their help text, one block (the "Options", "Scoping", "Budgets" lines of `query --help`).
std::string query_options_usage();

} // namespace memlens::cli
