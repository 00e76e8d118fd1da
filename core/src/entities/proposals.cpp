// propose_entity_merges: short forms, misspellings and topic twins of known persons, with the
// evidence a person needs to accept or refuse each one (docs/entities.md, "Alias proposals").
#include "text/unicode.h"

#include <memlens/db.h>
#include <memlens/entities.h>
#include <memlens/entity_merge.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace memlens {

namespace {

struct ProposalEntity {
    std::string id;
    std::string kind;
    std::string name;     // the id's value
    std::u32string first; // its first word, decoded
    std::string surface;
    std::int64_t mentions = 0;
    bool speaker = false;
};

std::u32string proposal_first_word(std::string_view name) {
    unicode::CodePoints cps;
    cps.assign(name);
    std::u32string out;
    for (char32_t c : cps.cps) {
        if (c == U' ')
            break;
        out.push_back(c);
    }
    return out;
}

int osa_distance(const std::u32string& a, const std::u32string& b) {
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1));
    for (std::size_t i = 0; i <= n; ++i)
        d[i][0] = static_cast<int>(i);
    for (std::size_t j = 0; j <= m; ++j)
        d[0][j] = static_cast<int>(j);
    for (std::size_t i = 1; i <= n; ++i) {
        for (std::size_t j = 1; j <= m; ++j) {
            const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[n][m];
}

bool is_letters(const std::u32string& w) {
    return !w.empty() && std::all_of(w.begin(), w.end(), [](char32_t c) {
        return unicode::is_word(c) && !unicode::is_ascii_digit(c);
    });
}

} // namespace

int name_edit_distance(std::string_view a, std::string_view b) {
    unicode::CodePoints ca, cb;
    ca.assign(a);
    cb.assign(b);
    return osa_distance(std::u32string(ca.cps.begin(), ca.cps.end()),
                        std::u32string(cb.cps.begin(), cb.cps.end()));
}

Result<std::vector<EntityMergeProposal>> propose_entity_merges(const Vault& vault) {
    check_off_ui_thread("propose_entity_merges");
    const Database& db = vault.db();
    auto snapshot = ReadSnapshot::begin(db);
    if (!snapshot)
        return snapshot.status();

    std::set<std::string> speakers; // lowercased chunk authors
    {
        auto st = db.prepare("SELECT DISTINCT author FROM mem_tree_chunks WHERE author IS NOT NULL "
                             "AND author <> ''");
        if (!st)
            return st.status();
        for (;;) {
            auto row = st->step();
            if (!row)
                return row.status();
            if (!*row)
                break;
            speakers.insert(utf8_lower(st->column_text(0)));
        }
    }

    std::vector<ProposalEntity> ents;
    {
        auto st = db.prepare(
            "SELECT entity_id, entity_kind, surface, mentions, surfaces FROM ml_entities "
            "WHERE entity_kind IN ('person', 'topic') ORDER BY entity_id");
        if (!st)
            return st.status();
        for (;;) {
            auto row = st->step();
            if (!row)
                return row.status();
            if (!*row)
                break;
            ProposalEntity e;
            e.id = st->column_text(0);
            e.kind = st->column_text(1);
            const auto colon = e.id.find(':');
            if (colon == std::string::npos)
                continue;
            e.name = e.id.substr(colon + 1);
            e.first = proposal_first_word(e.name);
            e.surface = display_surface(st->column_text(4), st->column_text(2));
            e.mentions = st->column_int64(3);
            e.speaker = e.kind == "person" && speakers.count(e.name) != 0;
            if (is_letters(e.first))
                ents.push_back(std::move(e));
        }
    }

    // Candidate pairs by name alone; the evidence queries run for these only.
    std::vector<EntityMergeProposal> out;
    std::vector<bool> speaker_only; // per proposal: only with into speaking where from is named
    for (const auto& f : ents) {
        if (f.speaker)
            continue; // a speaker is a person of their own
        if (f.name.find(' ') != std::string::npos)
            continue; // short forms and misspellings are one word; names compare by first word
        for (const auto& t : ents) {
            if (t.kind != "person" || t.id == f.id)
                continue;
            EntityMergeProposal p;
            bool needs_speaker = false;
            if (f.name == t.name) {
                if (f.kind != "topic")
                    continue;
                p.reason = "same_name";
            } else if (f.first.size() >= 2 && t.first.size() > f.first.size() &&
                       t.first.compare(0, f.first.size(), f.first) == 0) {
                p.reason = "prefix";
                p.edit_distance = static_cast<int>(t.first.size() - f.first.size());
                needs_speaker = f.first.size() < 3; // "jo": only beside Joanna speaking
            } else if (f.first.size() >= 3 && f.first[0] == t.first[0]) {
                const int limit = std::min(f.first.size(), t.first.size()) >= 6 ? 2 : 1;
                const int d = osa_distance(f.first, t.first);
                if (d >= 1 && d <= limit) {
                    p.reason = "spelling";
                    p.edit_distance = d;
                } else if (f.first.size() >= 4 && t.first.size() > f.first.size() + 1 &&
                           f.first[1] == t.first[1] &&
                           osa_distance(f.first, t.first.substr(0, f.first.size())) == 1) {
                    // A misspelt short form: "mell" against "mela(nie)".
                    p.reason = "prefix_spelling";
                    p.edit_distance = 1;
                    needs_speaker = true;
                } else {
                    continue;
                }
            } else {
                continue;
            }
            // The variant is the rarer form, unless the target is a speaker.
            if (!t.speaker && f.mentions > t.mentions)
                continue;
            p.from = f.id;
            p.into = t.id;
            p.from_surface = f.surface;
            p.into_surface = t.surface;
            p.from_mentions = f.mentions;
            p.into_mentions = t.mentions;
            out.push_back(std::move(p));
            speaker_only.push_back(needs_speaker);
        }
    }

    auto shared = db.prepare("SELECT weight FROM mem_tree_entity_edges WHERE entity_a = ?1 AND "
                             "entity_b = ?2");
    if (!shared)
        return shared.status();
    // Sources mentioning `from` in which `into`'s name is a chunk author.
    auto spoken = db.prepare(
        "SELECT count(DISTINCT c.source_id), count(DISTINCT CASE WHEN EXISTS (SELECT 1 FROM "
        "mem_tree_chunks a WHERE a.source_id = c.source_id AND lower(a.author) = ?2) THEN "
        "c.source_id END) FROM mem_tree_entity_index i JOIN mem_tree_chunks c ON c.id = "
        "i.node_id WHERE i.entity_id = ?1 AND i.node_kind = 'leaf'");
    if (!spoken)
        return spoken.status();
    std::vector<EntityMergeProposal> kept;
    for (std::size_t k = 0; k < out.size(); ++k) {
        auto& p = out[k];
        shared->reset();
        shared->bind(1, std::min(p.from, p.into)).bind(2, std::max(p.from, p.into));
        auto row = shared->step();
        if (!row)
            return row.status();
        p.shared_chunks = *row ? shared->column_int64(0) : 0;
        spoken->reset();
        spoken->bind(1, p.from).bind(2, p.into.substr(p.into.find(':') + 1));
        row = spoken->step();
        if (!row)
            return row.status();
        if (*row) {
            p.from_sources = spoken->column_int64(0);
            p.into_speaks_there = spoken->column_int64(1) > 0;
        }
        if ((p.shared_chunks == 0 && !p.into_speaks_there) ||
            (speaker_only[k] && !p.into_speaks_there))
            continue;
        const double name_weight = p.reason == "same_name" ? 3.0 : p.reason == "prefix" ? 2.0 : 1.5;
        p.score = name_weight + (p.into_speaks_there ? 2.0 : 0.0) +
                  std::min<double>(static_cast<double>(p.shared_chunks), 10.0) / 5.0 -
                  (p.reason == "prefix" ? 0.0 : 0.25 * p.edit_distance);
        kept.push_back(std::move(p));
    }
    std::stable_sort(kept.begin(), kept.end(),
                     [](const EntityMergeProposal& a, const EntityMergeProposal& b) {
                         if (a.score != b.score)
                             return a.score > b.score;
                         return std::tie(a.from, a.into) < std::tie(b.from, b.into);
                     });
    return kept;
}

} // namespace memlens
