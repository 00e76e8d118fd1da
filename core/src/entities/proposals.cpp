// propose_entity_merges: short forms, misspellings and topic twins of known persons, with the
// evidence a person needs to accept or refuse each one (docs/entities.md, "Alias proposals").
#include "entities/name_variant.h"
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

} // namespace

int name_edit_distance(std::string_view a, std::string_view b) {
    unicode::CodePoints ca, cb;
    ca.assign(a);
    cb.assign(b);
    return entities::osa_distance(std::u32string(ca.cps.begin(), ca.cps.end()),
                                  std::u32string(cb.cps.begin(), cb.cps.end()));
}

namespace {

// The people and topics that could be one another, each with its mentions and whether it
// speaks (a chunk author of that name).
Status read_proposal_entities(const Database& db, std::vector<ProposalEntity>& ents) {
    std::set<std::string> speakers; // lowercased chunk authors
    {
        auto st = db.prepare("SELECT DISTINCT author FROM mem_tree_chunks WHERE author IS NOT NULL "
                             "AND author <> ''");
        if (!st)
            return st.status();
        MEMLENS_TRY(st->each_row([&] { speakers.insert(utf8_lower(st->column_text(0))); }));
    }

    {
        auto st = db.prepare(
            "SELECT entity_id, entity_kind, surface, mentions, surfaces FROM ml_entities "
            "WHERE entity_kind IN ('person', 'topic') ORDER BY entity_id");
        if (!st)
            return st.status();
        MEMLENS_TRY(st->each_row([&] {
            ProposalEntity e;
            e.id = st->column_text(0);
            e.kind = st->column_text(1);
            const auto colon = e.id.find(':');
            if (colon == std::string::npos)
                return;
            e.name = e.id.substr(colon + 1);
            e.first = entities::first_word(e.name);
            e.surface = display_surface(st->column_text(4), st->column_text(2));
            e.mentions = st->column_int64(3);
            e.speaker = e.kind == "person" && speakers.count(e.name) != 0;
            if (entities::is_letters(e.first))
                ents.push_back(std::move(e));
        }));
    }
    return Status::ok();
}

// Candidate pairs by name alone; the evidence queries run for these only. speaker_only, per
// proposal: it holds only where into speaks and from is named.
void name_candidates(const std::vector<ProposalEntity>& ents, std::vector<EntityMergeProposal>& out,
                     std::vector<bool>& speaker_only) {
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
            } else {
                const entities::NameVariant v = entities::name_variant(f.first, t.first);
                if (v.reason.empty())
                    continue;
                p.reason = std::string(v.reason);
                p.edit_distance = v.edit_distance;
                needs_speaker = v.needs_speaker;
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
}

// Each candidate's evidence (shared chunks, sources where into speaks) and score; those with
// none are dropped.
Status weigh_candidates(const Database& db, std::vector<EntityMergeProposal>& out,
                        const std::vector<bool>& speaker_only,
                        std::vector<EntityMergeProposal>& kept) {
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
        const double name_weight = p.reason == "same_name" || p.reason == "transliteration" ? 3.0
                                   : p.reason == "prefix"                                   ? 2.0
                                                                                            : 1.5;
        p.score = name_weight + (p.into_speaks_there ? 2.0 : 0.0) +
                  std::min<double>(static_cast<double>(p.shared_chunks), 10.0) / 5.0 -
                  (p.reason == "prefix" ? 0.0 : 0.25 * p.edit_distance);
        kept.push_back(std::move(p));
    }
    return Status::ok();
}

} // namespace

Result<std::vector<EntityMergeProposal>> propose_entity_merges(const Vault& vault) {
    check_off_ui_thread("propose_entity_merges");
    const Database& db = vault.db();
    auto snapshot = ReadSnapshot::begin(db);
    if (!snapshot)
        return snapshot.status();

    std::vector<ProposalEntity> ents;
    MEMLENS_TRY(read_proposal_entities(db, ents));

    std::vector<EntityMergeProposal> out;
    std::vector<bool> speaker_only;
    name_candidates(ents, out, speaker_only);
    std::vector<EntityMergeProposal> kept;
    MEMLENS_TRY(weigh_candidates(db, out, speaker_only, kept));
    std::stable_sort(kept.begin(), kept.end(),
                     [](const EntityMergeProposal& a, const EntityMergeProposal& b) {
                         if (a.score != b.score)
                             return a.score > b.score;
                         return std::tie(a.from, a.into) < std::tie(b.from, b.into);
                     });
    return kept;
}

} // namespace memlens
