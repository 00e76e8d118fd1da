// Expands the generator's sentence templates: "{Hi|Hey} <p>, {can you|could you} look at <url>?"
// "{a|b|c}" picks one alternative (alternatives nest and may hold slots); "<name>" asks the
// SlotSource for a value. A hand-written scanner: it runs for every generated message.
#pragma once

#include "generate/rng.h"

#include <string>
#include <string_view>

namespace memlens::gen {

class SlotSource {
public:
    virtual ~SlotSource() = default;
    // Appends the value of slot `name` to `out`.
    virtual void fill(std::string_view name, std::string& out) = 0;
};

void expand_template(std::string_view tpl, Rng& rng, SlotSource& slots, std::string& out);

} // namespace memlens::gen
