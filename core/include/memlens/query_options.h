// The numeric options a query takes beside its text (SearchOverrides and SearchBudget in
// search.h), each with its type, its range and what leaving it at 0 means, written once. The
// core checks every request against this table (validate_search_request, effective_settings);
// the CLI reads and lists its --options from it, the MCP server builds memory_search's schema
// from it, and the GUI sets its controls' ranges from it. An option that overrides a vault
// setting for one query takes that setting's range from the settings table (settings.h).
//
// Thread-safety: the table is built once and never changes.
#pragma once

#include <memlens/settings.h>
#include <memlens/status.h>

#include <string>
#include <string_view>
#include <vector>

namespace memlens {

enum class QueryOptionId { Limit, MmrLambda, Recency, MaxUnits, MaxChars, MaxMs };

struct QueryOption {
    QueryOptionId id = QueryOptionId::Limit;
    std::string name; // "max_chars": the MCP argument and the JSON word; the CLI's --max-chars
    SettingType type = SettingType::Integer; // Integer or Number
    double min = 0.0;
    double max = 0.0;
    std::string unset; // what leaving it out (or 0) means: "the vault's search.limit", "no budget"
    std::string help;
    std::string setting; // the vault setting it overrides for one query; empty: none
};

// Every option, in the order a front end lists them.
const std::vector<QueryOption>& query_options();
const QueryOption& query_option(QueryOptionId id);

// The option's CLI flag without dashes: "max-chars".
std::string cli_option_name(const QueryOption& option);

// Its accepted range as text: "0..1000000000" (whole numbers without an exponent).
std::string range_text(const QueryOption& option);

// Ok, or InvalidArgument "<name> <value> is outside <min>..<max> (<unset>)" (a value that is not
// finite is outside too).
Status check_query_option(QueryOptionId id, double value);

} // namespace memlens
