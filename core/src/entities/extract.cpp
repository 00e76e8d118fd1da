// extract_entities: the regex kinds, then registry names, then known persons, then the name
// heuristic; each later stage only sees text that no earlier stage claimed.
#include "entities/name_index.h"
#include "entities/names.h"
#include "entities/pattern_match.h"

#include <memlens/entities.h>

#include <algorithm>

namespace memlens {

namespace {

constexpr double kKnownPersonScore = 0.9;

// Reused per thread: ingest calls this once per chunk, millions of times.
struct Scratch {
    unicode::CodePoints text;
    std::vector<char32_t> lowered;
    std::vector<std::uint8_t> claimed;
    std::vector<entities::PatternMatch> matches;
    std::vector<entities::NameIndex::Hit> hits;
    std::vector<entities::NameCandidate> names;
    std::vector<std::string> persons_for; // the known_persons that `persons` indexes
    entities::NameIndex persons;
};

void claim(std::vector<std::uint8_t>& claimed, std::size_t start, std::size_t end,
           std::uint8_t who) {
    std::fill(claimed.begin() + static_cast<std::ptrdiff_t>(start),
              claimed.begin() + static_cast<std::ptrdiff_t>(end), who);
}

// A mention, hashtag or email inside a link is part of its path or query, not a separate
// entity: "https://x.com/u/bob#1234" names one URL, not the Discord user bob#1234.
void drop_matches_inside_urls(std::vector<entities::PatternMatch>& matches) {
    std::vector<std::pair<std::size_t, std::size_t>> urls;
    for (const auto& m : matches)
        if (m.kind == "url")
            urls.emplace_back(m.start, m.end);
    if (urls.empty())
        return;
    // scan_urls reports links left to right without overlap, so their ends are sorted too:
    // the one link a match could overlap is the first that ends after the match starts (a
    // binary search; a scan of every link made a text of many links quadratic).
    std::erase_if(matches, [&](const entities::PatternMatch& m) {
        if (m.kind == "url")
            return false;
        const auto u =
            std::upper_bound(urls.begin(), urls.end(), m.start,
                             [](std::size_t at, const auto& url) { return at < url.second; });
        return u != urls.end() && m.start < u->second && m.end > u->first;
    });
}

std::string surface_of(const Scratch& s, std::string_view text, std::size_t start,
                       std::size_t end) {
    return std::string(s.text.slice(text, start, end));
}

// URLs, emails, handles and hashtags (a hashtag also names a topic); an email or handle that is
// a registry alias takes the registry's id and kind.
void add_pattern_entities(Scratch& s, std::string_view text, const EntityRegistry* registry,
                          std::vector<ExtractedEntity>& out) {
    s.matches.clear();
    entities::scan_urls(s.text, s.matches);
    entities::scan_emails(s.text, s.matches);
    entities::scan_handles(s.text, s.matches);
    entities::scan_discord_handles(s.text, s.matches);
    entities::scan_hashtags(s.text, s.matches);
    drop_matches_inside_urls(s.matches);
    for (const auto& m : s.matches) {
        const std::string value = surface_of(s, text, m.value_start, m.value_end);
        ExtractedEntity e{canonical_entity_id(m.kind, value),
                          std::string(m.kind),
                          surface_of(s, text, m.start, m.end),
                          m.start,
                          m.end,
                          1.0};
        if (registry != nullptr && (m.kind == "email" || m.kind == "handle")) {
            if (auto id = registry->lookup_alias(value)) {
                e.kind = registry->find(*id)->kind;
                e.canonical_id = std::move(*id);
            }
        }
        const bool hashtag = m.kind == "hashtag";
        out.push_back(std::move(e));
        if (hashtag)
            out.push_back({canonical_entity_id("topic", value), "topic", out.back().surface,
                           m.start, m.end, 1.0});
        claim(s.claimed, m.start, m.end, entities::kPattern);
    }
}

void add_known_persons(Scratch& s, std::string_view text, const ExtractOptions& opts,
                       std::vector<ExtractedEntity>& out) {
    // Ingest passes the same speakers for every chunk of a source: index them once.
    if (s.persons_for != opts.known_persons) {
        s.persons_for = opts.known_persons;
        s.persons = entities::NameIndex{};
        for (std::size_t k = 0; k < opts.known_persons.size(); ++k)
            s.persons.add(opts.known_persons[k], k);
    }
    s.hits.clear();
    s.persons.find(s.lowered, s.claimed, s.hits);
    for (const auto& h : s.hits) {
        out.push_back({canonical_entity_id("person", opts.known_persons[h.payload]), "person",
                       surface_of(s, text, h.start, h.end), h.start, h.end, kKnownPersonScore});
        claim(s.claimed, h.start, h.end, entities::kName);
    }
}

// The name heuristic's candidates; the ones it holds back go to `held`, or nowhere without it.
void add_heuristic_names(Scratch& s, std::string_view text, std::vector<ExtractedEntity>* held,
                         std::vector<ExtractedEntity>& out) {
    s.names.clear();
    entities::find_names(s.text, s.lowered, s.claimed, s.names);
    for (auto& c : s.names) {
        if (c.held && held == nullptr)
            continue;
        (c.held ? *held : out)
            .push_back({canonical_entity_id(c.kind, c.value), std::string(c.kind),
                        surface_of(s, text, c.start, c.end), c.start, c.end, c.score});
    }
}

// Sorted by start, one entity per (start, id): the first one found.
std::vector<ExtractedEntity> sorted_without_duplicates(std::vector<ExtractedEntity>& out) {
    std::stable_sort(
        out.begin(), out.end(),
        [](const ExtractedEntity& a, const ExtractedEntity& b) { return a.start < b.start; });
    // Sorted by start, so a duplicate (same start, same id) lies in the run of its start: only
    // that run is searched, which keeps a long text linear (a scan of every kept entity made a
    // long query quadratic).
    std::vector<ExtractedEntity> unique;
    unique.reserve(out.size());
    std::size_t run = 0; // first kept entity with the current start
    for (auto& e : out) {
        if (run < unique.size() && unique[run].start != e.start)
            run = unique.size();
        const bool seen =
            std::any_of(unique.begin() + static_cast<std::ptrdiff_t>(run), unique.end(),
                        [&](const ExtractedEntity& u) { return u.canonical_id == e.canonical_id; });
        if (!seen)
            unique.push_back(std::move(e));
    }
    return unique;
}

} // namespace

std::vector<ExtractedEntity> extract_entities(std::string_view text, const ExtractOptions& opts,
                                              const EntityRegistry* registry,
                                              std::vector<ExtractedEntity>* held) {
    thread_local Scratch s;
    s.text.assign(text);
    const std::size_t n = s.text.size();
    s.claimed.assign(n, entities::kFree);
    std::vector<ExtractedEntity> out;

    add_pattern_entities(s, text, registry, out);

    s.lowered.resize(n);
    std::transform(s.text.cps.begin(), s.text.cps.end(), s.lowered.begin(), unicode::to_lower);

    // Registry names: here, because the registry's name index is private to this function.
    if (registry != nullptr && registry->names_ != nullptr) {
        s.hits.clear();
        registry->names_->find(s.lowered, s.claimed, s.hits);
        for (const auto& h : s.hits) {
            const EntityRecord& r = registry->records_[h.payload];
            out.push_back({r.id, r.kind, surface_of(s, text, h.start, h.end), h.start, h.end, 1.0});
            claim(s.claimed, h.start, h.end, entities::kName);
        }
    }

    if (!opts.known_persons.empty())
        add_known_persons(s, text, opts, out);
    if (opts.name_heuristic)
        add_heuristic_names(s, text, held, out);
    return sorted_without_duplicates(out);
}

void admit_known_openers(const std::vector<ExtractedEntity>& held,
                         const std::function<bool(const std::string& canonical_id)>& known,
                         std::vector<ExtractedEntity>& into) {
    for (const auto& e : held) {
        const std::string value = e.canonical_id.substr(e.canonical_id.find(':') + 1);
        for (const char* kind : {"person", "organization", "topic"}) {
            std::string id = canonical_entity_id(kind, value);
            if (!known(id))
                continue;
            ExtractedEntity admitted = e;
            admitted.kind = e.kind == "person" ? "person" : kind;
            admitted.canonical_id =
                e.kind == "person" ? canonical_entity_id("person", value) : std::move(id);
            into.push_back(std::move(admitted));
            break;
        }
    }
}

} // namespace memlens
