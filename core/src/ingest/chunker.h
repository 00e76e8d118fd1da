// Splits long item text into chunks of at most max_tokens (the (chars + 3) / 4 estimate of text.h),
// preferring paragraph, then sentence, then word boundaries; never splits a UTF-8 sequence.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

std::vector<std::string> split_into_chunks(std::string_view text, std::int64_t max_tokens);

} // namespace memlens
