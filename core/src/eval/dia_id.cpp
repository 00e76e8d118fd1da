// LoCoMo evidence ids and their quirks.
#include <memlens/eval.h>

#include <charconv>

namespace memlens {
namespace {

bool is_id_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::string_view trim_id(std::string_view s) {
    while (!s.empty() && is_id_space(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && is_id_space(s.back()))
        s.remove_suffix(1);
    return s;
}

// Digits at the front of `s`, consumed; nullopt when there are none or they overflow.
std::optional<int> take_number(std::string_view& s) {
    std::size_t n = 0;
    while (n < s.size() && s[n] >= '0' && s[n] <= '9')
        ++n;
    if (n == 0)
        return std::nullopt;
    int v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + n, v);
    if (ec != std::errc{})
        return std::nullopt;
    s.remove_prefix(n);
    return v;
}

} // namespace

std::string DiaId::str() const {
    return "D" + std::to_string(session) + ":" + std::to_string(turn);
}

std::optional<DiaId> parse_dia_id(std::string_view text) {
    std::string_view s = trim_id(text);
    if (s.empty() || (s.front() != 'D' && s.front() != 'd'))
        return std::nullopt;
    s.remove_prefix(1);
    const auto session = take_number(s);
    if (!session || s.empty() || s.front() != ':')
        return std::nullopt;
    s.remove_prefix(1);
    const auto turn = take_number(s);
    if (!turn || !s.empty())
        return std::nullopt;
    return DiaId{*session, *turn};
}

std::vector<std::string> split_evidence(const std::vector<std::string>& evidence) {
    std::vector<std::string> parts;
    for (const auto& e : evidence) {
        std::string cur;
        for (char c : e) {
            if (c == ';' || c == ',' || is_id_space(c)) {
                if (!cur.empty())
                    parts.push_back(std::move(cur));
                cur.clear();
            } else {
                cur.push_back(c);
            }
        }
        if (!cur.empty())
            parts.push_back(std::move(cur));
    }
    return parts;
}

ResolvedEvidence resolve_evidence(const std::vector<std::string>& evidence,
                                  const std::set<std::string>& turns) {
    ResolvedEvidence r;
    std::set<std::string> seen;
    for (const auto& part : split_evidence(evidence)) {
        const auto id = parse_dia_id(part);
        if (!id) {
            ++r.malformed;
            continue;
        }
        const std::string canonical = id->str();
        if (!turns.count(canonical)) {
            ++r.unresolvable;
            continue;
        }
        if (seen.insert(canonical).second)
            r.ids.push_back(canonical);
    }
    return r;
}

} // namespace memlens
