#include "search/graph_signal.h"

#include "entities/name_variant.h"

#include <memlens/entities.h>
#include <memlens/text.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace memlens::search {

namespace {

// Kinds whose ids are names a user types in plain words.
constexpr const char* kNameKinds[] = {"person",  "organization", "topic", "hashtag", "location",
                                      "product", "technology",   "event", "project", "artifact"};

Status read_pairs(StatementCache& stmts, const SqlQuery& q,
                  std::vector<std::pair<std::string, std::string>>& out) {
    auto st = stmts.bind(q);
    if (!st)
        return st.status();
    return (*st)->each_row([&] { out.emplace_back((*st)->column_text(0), (*st)->column_text(1)); });
}

// A person a query word may stand for, by the alias proposals' name rules.
struct VariantTarget {
    std::string id;
    std::string shown; // its display name
    std::int64_t mentions = 0;
    entities::NameVariant rule;
    bool speaker = false;
};

int rule_rank(std::string_view reason) {
    return reason == "transliteration" ? 0 : reason == "prefix" ? 1 : reason == "spelling" ? 2 : 3;
}

// True when `person_id` is the author of one of 200 leaves that mention it: a speaker. Ingest
// adds a chunk's author to its entities, so a speaker's own chunks are most of their mentions,
// and 200 of them in the index's order (by node id: a spread over the whole vault) settle it
// while keeping the read short for a person mentioned often who never speaks.
Result<bool> is_speaker(StatementCache& stmts, const std::string& person_id) {
    SqlQuery q;
    q.add("SELECT DISTINCT c.author FROM (SELECT node_id FROM mem_tree_entity_index WHERE "
          "entity_id = ?1 AND node_kind = 'leaf' LIMIT 200) i JOIN mem_tree_chunks c ON c.id = "
          "i.node_id WHERE c.author IS NOT NULL AND c.author <> ''",
          person_id);
    auto st = stmts.bind(q);
    if (!st)
        return st.status();
    for (;;) {
        auto row = (*st)->step();
        if (!row)
            return row.status();
        if (!*row)
            return false;
        if (canonical_entity_id("person", (*st)->column_text(0)) == person_id) {
            (*st)->reset(); // a statement left mid-way would hold the read snapshot open
            return true;
        }
    }
}

// The persons of the vault whose first name `word` (one lowercased word) is a short form or a
// misspelling of (core/src/entities/name_variant.h), read from ml_entities by the first letter
// every rule shares.
Result<std::vector<VariantTarget>> variant_targets(StatementCache& stmts, const std::string& word) {
    std::vector<VariantTarget> out;
    const std::u32string first = entities::first_word(word);
    if (first.size() < 2 || !entities::is_letters(first))
        return out;
    // Every rule but a transliteration keeps the first letter: its UTF-8 bytes bound a range of
    // ml_entities' key. A transliteration may change it (Emile, Émile): a plain first letter
    // also reads the persons whose name starts with a Latin letter with a mark (U+00C0 to
    // U+017F, lead bytes C3 to C5), and a marked one the persons of its plain letter.
    const auto b = static_cast<unsigned char>(word[0]);
    const std::size_t len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
    const std::string lead = "person:" + word.substr(0, std::min(len, word.size()));
    std::vector<std::pair<std::string, std::string>> ranges = {{lead, lead + "\xFF"}};
    if (len == 1)
        ranges.emplace_back("person:\xC3\x80", "person:\xC6");
    else if (b >= 0xC3 && b <= 0xC5) {
        const std::u32string plain = entities::plain_latin(first.substr(0, 1), false);
        if (plain.size() == 1 && plain[0] < 0x80) {
            const std::string letter(1, static_cast<char>(plain[0]));
            ranges.emplace_back("person:" + letter, "person:" + letter + "\xFF");
        }
    }
    const std::string self = "person:" + word;
    for (const auto& [from, to] : ranges) {
        SqlQuery q;
        q.add("SELECT entity_id, surface, surfaces, mentions FROM ml_entities WHERE entity_kind = "
              "'person' AND entity_id >= ?1",
              from);
        q.add(" AND entity_id < ?2", to);
        auto st = stmts.bind(q);
        if (!st)
            return st.status();
        MEMLENS_TRY((*st)->each_row([&] {
            std::string id = (*st)->column_text(0);
            if (id == self)
                return;
            const entities::NameVariant rule =
                entities::name_variant(first, entities::first_word(std::string_view(id).substr(7)));
            if (rule.reason.empty())
                return;
            VariantTarget t;
            t.id = std::move(id);
            t.shown = display_surface((*st)->column_text(2), (*st)->column_text(1));
            t.mentions = (*st)->column_int64(3);
            t.rule = rule;
            out.push_back(std::move(t));
        }));
    }
    return out;
}

Result<std::int64_t> single_int(StatementCache& stmts, const SqlQuery& q) {
    auto st = stmts.bind(q);
    if (!st)
        return st.status();
    auto row = (*st)->step();
    if (!row)
        return row.status();
    const std::int64_t v = *row ? (*st)->column_int64(0) : 0;
    (*st)->reset(); // a statement left mid-way would hold the read snapshot open
    return v;
}

Phrase variant_words(const VariantTarget& t) {
    const int d = t.rule.edit_distance;
    if (t.rule.reason == "transliteration")
        return {t.speaker ? ML_TR("QueryNames", "a speaker's name written with other letters")
                          : ML_TR("QueryNames", "the name written with other letters"),
                {}};
    if (t.rule.reason == "prefix")
        return {t.speaker ? ML_TR("QueryNames", "a short form of a speaker's name")
                          : ML_TR("QueryNames", "a short form of the name"),
                {}};
    const bool start = t.rule.reason == "prefix_spelling";
    const PhraseText text =
        d == 1 ? (t.speaker ? (start ? ML_TR("QueryNames", "a spelling 1 letter from a speaker's "
                                                           "name's start")
                                     : ML_TR("QueryNames", "a spelling 1 letter from a speaker's "
                                                           "name"))
                            : (start ? ML_TR("QueryNames", "a spelling 1 letter from the name's "
                                                           "start")
                                     : ML_TR("QueryNames", "a spelling 1 letter from the name")))
               : (t.speaker ? (start ? ML_TR("QueryNames", "a spelling %1 letters from a speaker's "
                                                           "name's start")
                                     : ML_TR("QueryNames", "a spelling %1 letters from a speaker's "
                                                           "name"))
                            : (start ? ML_TR("QueryNames", "a spelling %1 letters from the name's "
                                                           "start")
                                     : ML_TR("QueryNames", "a spelling %1 letters from the name")));
    return {text, {std::to_string(d)}};
}

// A query word that names no speaker may be a short form or a misspelling of a person the
// vault knows (docs/entities.md, "Names in a query"): the alias proposals' rules, read at query
// time, so an unmerged "Mel" or an unknown "Jon" still finds Melanie or John.
// `words`: (lowercased name, as typed).
Status resolve_name_variants(StatementCache& stmts,
                             const std::vector<std::pair<std::string, std::string>>& words,
                             const std::set<std::string>& known, std::vector<std::string>& resolved,
                             std::vector<Phrase>* notes) {
    for (const auto& [word, typed] : words) {
        const std::string person = "person:" + word;
        const bool known_word = known.count(person) != 0 || known.count("topic:" + word) != 0;
        if (known.count(person) != 0) {
            auto speaks = is_speaker(stmts, person);
            if (!speaks)
                return speaks.status();
            if (*speaks)
                continue; // a speaker is a person of their own
        }
        auto targets = variant_targets(stmts, word);
        if (!targets)
            return targets.status();
        std::int64_t word_mentions = 0;
        if (known_word && !targets->empty()) {
            SqlQuery q;
            q.add("SELECT COALESCE(SUM(mentions), 0) FROM ml_entities WHERE entity_id IN (?1",
                  person);
            q.add(", ?2)", "topic:" + word);
            auto n = single_int(stmts, q);
            if (!n)
                return n.status();
            word_mentions = *n;
        }
        std::vector<VariantTarget> kept;
        for (VariantTarget& t : *targets) {
            auto speaks = is_speaker(stmts, t.id);
            if (!speaks)
                return speaks.status();
            t.speaker = *speaks;
            if (t.rule.needs_speaker && !t.speaker)
                continue;
            if (known_word) {
                // An entity of its own is believed a variant as a proposal is: the rarer form,
                // named beside the person or where the person speaks.
                if (!t.speaker && word_mentions > t.mentions)
                    continue;
                SqlQuery q;
                q.add("SELECT COALESCE(MAX(weight), 0) FROM mem_tree_entity_edges WHERE "
                      "(entity_a = ?1",
                      known.count(person) ? person : "topic:" + word);
                q.add(" AND entity_b = ?2) OR (entity_b = ?1 AND entity_a = ?2)", t.id);
                auto shared = single_int(stmts, q);
                if (!shared)
                    return shared.status();
                if (*shared == 0 && !t.speaker)
                    continue;
            }
            kept.push_back(std::move(t));
        }
        if (kept.empty())
            continue;
        auto key = [](const VariantTarget& t) {
            return std::make_tuple(!t.speaker, rule_rank(t.rule.reason), t.rule.edit_distance);
        };
        std::stable_sort(
            kept.begin(), kept.end(), [&](const VariantTarget& a, const VariantTarget& b) {
                return key(a) < key(b) || (key(a) == key(b) && a.mentions > b.mentions);
            });
        if (kept.size() > 1 && key(kept[0]) == key(kept[1])) {
            if (notes != nullptr)
                notes->push_back({ML_TR("QueryNames", "\"%1\" could be %2 (%3) or %4 (%5): left as "
                                                      "it is written"),
                                  {typed, kept[0].shown, kept[0].id, kept[1].shown, kept[1].id}});
            continue;
        }
        const VariantTarget& t = kept.front();
        if (std::find(resolved.begin(), resolved.end(), t.id) != resolved.end())
            continue;
        resolved.push_back(t.id);
        if (notes != nullptr)
            notes->push_back({known_word
                                  ? ML_TR("QueryNames", "\"%1\" is read as %2 (%3) as well: %4")
                                  : ML_TR("QueryNames", "\"%1\" is read as %2 (%3): %4"),
                              {typed, t.shown, t.id, variant_words(t)}});
    }
    return Status::ok();
}

// The entity ids a query may name, in the order it names them, with what is worth saying
// about them.
struct QueryCandidates {
    const EntityRegistry* registry = nullptr;
    std::vector<std::string> ids;
    std::map<std::string, Phrase> how; // candidate → why it is one, when worth saying
    // One-word names a variant of a person may hide behind: (lowercased, as typed).
    std::vector<std::pair<std::string, std::string>> name_words;

    void alias_note(const std::string& id, std::string_view text) {
        const EntityRecord* r = registry != nullptr ? registry->find(id) : nullptr;
        if (r == nullptr || utf8_lower(text) == utf8_lower(r->display_name) ||
            utf8_lower(text) == id)
            return;
        how.emplace(id, r->display_name.empty()
                            ? Phrase{ML_TR("QueryNames", "\"%1\" is a registry alias of %2"),
                                     {std::string(text), id}}
                            : Phrase{ML_TR("QueryNames", "\"%1\" is a registry alias of %2 (%3)"),
                                     {std::string(text), id, r->display_name}});
    }

    void add_name_word(const std::string& id, std::string_view typed) {
        for (std::string_view kind : {"person:", "topic:"})
            if (id.rfind(kind, 0) == 0) {
                std::string word = id.substr(kind.size());
                if (!word.empty() && word.find(' ') == std::string::npos &&
                    std::none_of(name_words.begin(), name_words.end(),
                                 [&](const auto& w) { return w.first == word; }) &&
                    (registry == nullptr || !registry->lookup_alias(word)))
                    name_words.emplace_back(word, typed.empty() ? word : std::string(typed));
            }
    }
};

// The extracted entities, then every word and word pair as a registry alias and as a name of
// each kind.
QueryCandidates query_candidates(std::string_view query, const EntityRegistry* registry) {
    QueryCandidates c;
    c.registry = registry;
    for (const auto& e : extract_entities(query, {}, registry)) {
        c.ids.push_back(e.canonical_id);
        c.alias_note(e.canonical_id, e.surface);
        c.add_name_word(e.canonical_id, e.surface); // a capitalised name, known or not
    }
    auto words = split_words(query);
    std::vector<std::string> phrases;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (!is_stopword(words[i]) && words[i].size() > 1)
            phrases.push_back(words[i]);
        if (i + 1 < words.size())
            phrases.push_back(words[i] + " " + words[i + 1]);
    }
    for (const auto& p : phrases) {
        if (registry)
            if (auto id = registry->lookup_alias(p)) {
                c.ids.push_back(*id);
                c.alias_note(*id, p);
            }
        for (const char* kind : kNameKinds)
            c.ids.push_back(canonical_entity_id(kind, p));
    }
    return c;
}

// The candidates the vault's entity index mentions.
Result<std::set<std::string>> indexed_entities(StatementCache& stmts,
                                               const std::vector<std::string>& candidates) {
    SqlQuery q;
    // One index probe per candidate: DISTINCT over the index would step through every mention
    // of a common entity (tens of thousands of rows at a million chunks).
    q.add("SELECT value FROM json_each(?) WHERE EXISTS (SELECT 1 FROM mem_tree_entity_index "
          "WHERE entity_id = value)",
          json_string_array(candidates));
    auto st = stmts.bind(q);
    if (!st)
        return st.status();
    std::set<std::string> known;
    MEMLENS_TRY((*st)->each_row([&] { known.insert((*st)->column_text(0)); }));
    return known;
}

// A name is a person or a topic, never both (docs/entities.md, "Persons and topics"): when the
// vault knows person:x (a speaker, an author, a registry person), the query's x is that person,
// and topic:x is dropped.
bool is_person_name(const std::string& topic_id, const std::set<std::string>& known,
                    const EntityRegistry* registry) {
    if (topic_id.rfind("topic:", 0) != 0)
        return false;
    const std::string value = topic_id.substr(6);
    if (known.count("person:" + value))
        return true;
    if (registry != nullptr)
        if (auto id = registry->lookup_alias(value))
            if (const EntityRecord* r = registry->find(*id); r && r->kind == "person")
                return true;
    return false;
}

// The known candidates, first mention first (as walk dedupes query entities), without the
// topics that name a person.
std::vector<std::string> known_candidates(const QueryCandidates& c,
                                          const std::set<std::string>& known,
                                          std::vector<Phrase>* notes) {
    std::vector<std::string> out;
    for (const auto& id : c.ids) {
        if (!known.count(id) || std::find(out.begin(), out.end(), id) != out.end())
            continue;
        if (is_person_name(id, known, c.registry)) {
            if (notes != nullptr)
                notes->push_back(
                    {ML_TR("QueryNames", "\"%1\" names a person, not %2"), {id.substr(6), id}});
            continue;
        }
        out.push_back(id);
        if (notes != nullptr)
            if (auto it = c.how.find(id); it != c.how.end() && !it->second.empty())
                notes->push_back(it->second);
    }
    return out;
}

} // namespace

Result<std::vector<std::string>> resolve_query_entities(StatementCache& stmts,
                                                        std::string_view query,
                                                        const EntityRegistry* registry,
                                                        std::vector<Phrase>* notes) {
    QueryCandidates candidates = query_candidates(query, registry);
    if (candidates.ids.empty())
        return std::vector<std::string>{};
    auto known = indexed_entities(stmts, candidates.ids);
    if (!known)
        return known.status();
    std::vector<std::string> out = known_candidates(candidates, *known, notes);
    for (const std::string& id : std::vector<std::string>(out))
        candidates.add_name_word(id, {}); // a known one-word name, typed in any case
    MEMLENS_TRY(resolve_name_variants(stmts, candidates.name_words, *known, out, notes));
    return out;
}

Result<std::map<std::string, std::vector<std::string>>>
node_entities(StatementCache& stmts, const std::vector<std::string>& node_ids) {
    std::map<std::string, std::vector<std::string>> out;
    if (node_ids.empty())
        return out;
    SqlQuery q;
    q.add("SELECT node_id, entity_id FROM mem_tree_entity_index WHERE node_id IN (SELECT value "
          "FROM json_each(?)) ORDER BY node_id, entity_id",
          json_string_array(node_ids));
    std::vector<std::pair<std::string, std::string>> pairs;
    MEMLENS_TRY(read_pairs(stmts, q, pairs));
    for (auto& [node, entity] : pairs)
        out[node].push_back(std::move(entity));
    return out;
}

Result<std::map<std::string, double>>
graph_relevance(StatementCache& stmts, const std::vector<std::string>& query_entities,
                const std::map<std::string, std::vector<std::string>>& entities_by_node) {
    std::map<std::string, double> out;
    if (query_entities.empty())
        return out;
    std::set<std::string> hit_entities;
    for (const auto& [node, ents] : entities_by_node)
        hit_entities.insert(ents.begin(), ents.end());

    // One hop: probe the edge table's (entity_a, entity_b) key for every (query entity, hit
    // entity) pair, both ways round, since pairs are stored sorted. The cost is |Q| × |hit
    // entities| index probes, independent of how many edges a hub entity has.
    std::set<std::pair<std::string, std::string>> adjacent; // (query entity, hit entity)
    if (!hit_entities.empty()) {
        SqlQuery q;
        q.add("SELECT entity_a, entity_b FROM mem_tree_entity_edges WHERE entity_a IN (SELECT "
              "value FROM json_each(?1)) AND entity_b IN (SELECT value FROM json_each(?2)) UNION "
              "ALL SELECT entity_b, entity_a FROM mem_tree_entity_edges WHERE entity_b IN (SELECT "
              "value FROM json_each(?1)) AND entity_a IN (SELECT value FROM json_each(?2))",
              json_string_array(query_entities));
        q.binds.emplace_back(json_string_array({hit_entities.begin(), hit_entities.end()}));
        std::vector<std::pair<std::string, std::string>> pairs;
        MEMLENS_TRY(read_pairs(stmts, q, pairs));
        adjacent.insert(pairs.begin(), pairs.end());
    }
    for (const auto& [node, ents] : entities_by_node) {
        double sum = 0.0;
        for (const auto& qe : query_entities) {
            double best = 0.0;
            for (const auto& e : ents) {
                if (e == qe) {
                    best = 1.0;
                    break;
                }
                if (adjacent.count({qe, e}))
                    best = 0.5;
            }
            sum += best;
        }
        out[node] = sum / static_cast<double>(query_entities.size());
    }
    return out;
}

} // namespace memlens::search
