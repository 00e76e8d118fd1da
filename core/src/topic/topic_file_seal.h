// For fuzz/fuzz_topic_file.cpp only: without it every mutated input would stop at the first
// checksum, and the checks of a file's structure behind them would never run.
#pragma once

#include <string>
#include <string_view>

namespace memlens {

// Stamps a topic index file held in `bytes` with `token` (32 characters) and recomputes the
// checksums of its header and of every section whose range lies inside `bytes`; a file too
// short for a header is left as it is.
void reseal_topic_file(std::string& bytes, std::string_view token);

} // namespace memlens
