// The ranking lab (lab.h): settings overrides, pools as other settings would have them, what-if
// with attribution, overlap measures, blast radius and the ablation matrix.
#include "audit/candidate_codec.h"
#include "lab/fast_rank.h"
#include "search/rank_rules.h"

#include <memlens/audit.h>
#include <memlens/compare.h>
#include <memlens/db.h>
#include <memlens/entity_merge.h>
#include <memlens/lab.h>
#include <memlens/vault.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <unordered_map>
#include <unordered_set>

namespace memlens {
namespace {

bool starts_with(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

// A key that acts inside a leg: what the leg returns depends on it, so the stored pools cannot
// show a change (the settings table's reach column, settings.h).
bool acts_inside_a_leg(std::string_view key) {
    for (const auto& k : retrieval_setting_keys())
        if (k.key == key)
            return k.reach == SettingReach::Retrieval;
    return false;
}

bool known_key(std::string_view key) {
    if (starts_with(key, "profile."))
        return true; // the active profile's weights (retrieval_settings_from_map checks them)
    for (const auto& k : retrieval_setting_keys())
        if (k.key == key)
            return true;
    return false;
}

std::string nearest_key(std::string_view key) {
    std::string best;
    int best_d = 1 << 30;
    for (const auto& k : retrieval_setting_keys()) {
        int d = name_edit_distance(key, k.key);
        if (d < best_d) {
            best_d = d;
            best = k.key;
        }
    }
    return best_d <= 6 ? best : std::string();
}

// The leg plan (search/rank_rules.h) of these settings over a row's pools.
search::LegPlan plan_for(const RetrievalSettings& s, const CandidatePools& pools) {
    return search::leg_plan(s, search::lexical_vectors(pools.vector_index));
}

// Whether a leg of the weight a row logged runs under these settings.
bool keyword_leg_runs(const RetrievalSettings& s, double weight) {
    return search::keyword_leg_skipped(s, weight) == nullptr;
}
bool vector_leg_runs(const RetrievalSettings& s, double weight) {
    return search::vector_leg_skipped(s, weight) == nullptr;
}

std::vector<std::string> hit_ids(const SearchResponse& r) {
    std::vector<std::string> ids;
    ids.reserve(r.result.hits.size());
    for (const auto& h : r.result.hits)
        ids.push_back(h.node_id);
    return ids;
}

const Explanation* find_explanation(const SearchResponse& r, const std::string& id) {
    for (const auto& h : r.result.hits)
        if (h.node_id == id)
            return h.explanation ? &*h.explanation : nullptr;
    for (const auto& h : r.pushed_out)
        if (h.node_id == id)
            return h.explanation ? &*h.explanation : nullptr;
    return nullptr;
}

bool differs(double a, double b) {
    return std::abs(a - b) > 1e-12 * std::max({1.0, std::abs(a), std::abs(b)});
}

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

std::string pair_nums(double a, double b) {
    const int d = distinguishing_digits(a, b);
    char buf[80];
    std::snprintf(buf, sizeof buf, "%.*g → %.*g", d, a, d, b);
    return buf;
}

double recency_multiplier(const Explanation& e) {
    return 1.0 + e.recency.boost * e.recency.factor;
}

// Which of the hit's own numbers changed between its two explanations, and that in words.
std::pair<MoveSignal, Phrase> own_signal(const Explanation* b, const Explanation* a) {
    if (b == nullptr || a == nullptr)
        return {MoveSignal::None, {}};
    struct Change {
        MoveSignal signal;
        double size; // |log ratio|: how much it moved the score
        Phrase words;
    };
    std::vector<Change> changes;
    auto add = [&](MoveSignal signal, double x, double y, Phrase words) {
        if (!differs(x, y))
            return;
        const double size = (x > 0.0 && y > 0.0) ? std::abs(std::log(y / x)) : 1e9;
        changes.push_back({signal, size, std::move(words)});
    };
    if (a->fusion == "profile" || b->fusion == "profile") {
        add(MoveSignal::Profile, b->final_score, a->final_score,
            {ML_TR("LabMove", "profile score %1"), {pair_nums(b->final_score, a->final_score)}});
    } else {
        add(MoveSignal::Fusion, b->rrf_score, a->rrf_score,
            {ML_TR("LabMove", "RRF %1, fused rank %2 → %3"),
             {pair_nums(b->rrf_score, a->rrf_score), std::to_string(b->fused_rank),
              std::to_string(a->fused_rank)}});
        add(MoveSignal::Recency, recency_multiplier(*b), recency_multiplier(*a),
            {ML_TR("LabMove", "recency factor %1"),
             {pair_nums(recency_multiplier(*b), recency_multiplier(*a))}});
        add(MoveSignal::EntityBoost, b->entity_factor, a->entity_factor,
            {ML_TR("LabMove", "entity factor %1"),
             {pair_nums(b->entity_factor, a->entity_factor)}});
    }
    add(MoveSignal::Supersession, b->superseded_penalty, a->superseded_penalty,
        {ML_TR("LabMove", "superseded penalty %1"),
         {pair_nums(b->superseded_penalty, a->superseded_penalty)}});
    if (!changes.empty()) {
        auto it =
            std::max_element(changes.begin(), changes.end(),
                             [](const Change& x, const Change& y) { return x.size < y.size; });
        return {it->signal, it->words};
    }
    if (b->budget_cut != a->budget_cut)
        return {MoveSignal::Budget,
                {a->budget_cut ? ML_TR("LabMove", "cut by a budget")
                               : ML_TR("LabMove", "no longer cut by a budget"),
                 {}}};
    const bool budget_before = is_budget_cut(b->excluded_by);
    const bool budget_after = is_budget_cut(a->excluded_by);
    if (budget_before != budget_after)
        return {MoveSignal::Budget,
                budget_after ? Phrase{ML_TR("LabMove", "left out by the %1 budget"),
                                      {to_string(a->excluded_by)}}
                             : Phrase{ML_TR("LabMove", "no longer left out by the %1 budget"),
                                      {to_string(b->excluded_by)}}};
    if (differs(b->mmr.mmr_score, a->mmr.mmr_score) && b->fused_rank == a->fused_rank)
        return {MoveSignal::Mmr,
                {ML_TR("LabMove", "MMR score %1 (fused rank %2 either way)"),
                 {pair_nums(b->mmr.mmr_score, a->mmr.mmr_score), std::to_string(a->fused_rank)}}};
    return {MoveSignal::None, {}};
}

std::string rank_text(const std::optional<int>& r) {
    return r ? "#" + std::to_string(*r) : std::string("—");
}

// The move's words after its head ("up 3 (#7 → #4)"), and the whole line.
Phrase move_why(const LabMove& m, const Phrase& words) {
    if (m.movement == Movement::Same)
        return {};
    if (m.signal == MoveSignal::None)
        return {ML_TR("LabMove", "its own scores did not change; hits around it moved"), {}};
    return words;
}

Phrase move_line(const LabMove& m) {
    Phrase head;
    if (m.movement == Movement::Same)
        head = {ML_TR("LabMove", "same place (%1)"), {rank_text(m.after_rank)}};
    else if (m.movement == Movement::New)
        head = {ML_TR("LabMove", "new at %1"), {rank_text(m.after_rank)}};
    else if (m.movement == Movement::Gone)
        head = {ML_TR("LabMove", "gone from %1"), {rank_text(m.before_rank)}};
    else
        head = {m.movement == Movement::Up ? ML_TR("LabMove", "up %1 (%2 → %3)")
                                           : ML_TR("LabMove", "down %1 (%2 → %3)"),
                {std::to_string(std::abs(m.places)), rank_text(m.before_rank),
                 rank_text(m.after_rank)}};
    if (m.why.empty())
        return head;
    return {ML_TR("LabMove", "%1: %2"), {head, m.why}};
}

Result<SearchResponse> rerun_with(SearchEngine& engine, const LabRow& row,
                                  const RetrievalSettings& s, std::vector<std::string>* unreachable,
                                  const std::atomic_bool* cancel) {
    CandidatePools pools = pools_for_settings(row, s, unreachable);
    return engine.rerun(row.request, s, pools, cancel);
}

// `base` with exactly the value of `key` taken from `target`.
Result<RetrievalSettings> with_one_key(const RetrievalSettings& base,
                                       const RetrievalSettings& target, const std::string& key) {
    const auto t = to_settings_map(target);
    auto it = t.find(key);
    if (it == t.end())
        return base;
    return apply_setting_overrides(base, {{key, it->second}});
}

// The budget fields that differ, named as the lab names them ("budget.max_units").
std::vector<std::string> changed_budget_keys(const SearchBudget& a, const SearchBudget& b) {
    std::vector<std::string> out;
    if (a.max_units != b.max_units)
        out.push_back("budget.max_units");
    if (a.max_chars != b.max_chars)
        out.push_back("budget.max_chars");
    return out;
}

Result<LabComparison> attributed(SearchEngine& engine, const LabRow& row,
                                 const RetrievalSettings& left, const RetrievalSettings& right,
                                 const SearchBudget& right_budget, const std::atomic_bool* cancel) {
    LabRow after_row = row;
    after_row.request.budget = right_budget;
    std::vector<std::string> unreachable;
    auto before = rerun_with(engine, row, left, &unreachable, cancel);
    if (!before)
        return before.status();
    std::vector<std::string> after_unreachable;
    auto after = rerun_with(engine, after_row, right, &after_unreachable, cancel);
    if (!after)
        return after.status();
    LabComparison cmp = compare_responses(std::move(before).value(), std::move(after).value());
    cmp.changed_keys = changed_setting_keys(to_settings_map(left), to_settings_map(right));
    for (auto& k : changed_budget_keys(row.request.budget, right_budget))
        cmp.changed_keys.push_back(std::move(k));
    std::set<std::string> nr(unreachable.begin(), unreachable.end());
    nr.insert(after_unreachable.begin(), after_unreachable.end());
    cmp.needs_retrieval.assign(nr.begin(), nr.end());

    std::vector<std::string> reachable;
    for (const auto& k : cmp.changed_keys)
        if (!nr.count(k))
            reachable.push_back(k);
    if (reachable.size() == 1) {
        for (auto& m : cmp.moves)
            if (m.movement != Movement::Same)
                m.moved_by = reachable;
    } else if (reachable.size() > 1 && reachable.size() <= 8) {
        for (const auto& key : reachable) {
            Result<SearchResponse> r = Status::internal("no rerun");
            if (starts_with(key, "budget.")) {
                LabRow solo_row = row;
                if (key == "budget.max_units")
                    solo_row.request.budget.max_units = right_budget.max_units;
                else
                    solo_row.request.budget.max_chars = right_budget.max_chars;
                r = rerun_with(engine, solo_row, left, nullptr, cancel);
            } else {
                auto solo = with_one_key(left, right, key);
                if (!solo)
                    continue; // a key whose value only parses together with another (profile)
                r = rerun_with(engine, row, *solo, nullptr, cancel);
            }
            if (!r)
                return r.status();
            const auto ids = hit_ids(*r);
            for (auto& m : cmp.moves) {
                if (m.movement == Movement::Same)
                    continue;
                auto pos = std::find(ids.begin(), ids.end(), m.node_id);
                std::optional<int> solo_rank;
                if (pos != ids.end())
                    solo_rank = static_cast<int>(pos - ids.begin()) + 1;
                bool same_way = false;
                if (m.movement == Movement::Gone || m.movement == Movement::New)
                    same_way = m.movement == Movement::Gone ? !solo_rank : solo_rank.has_value();
                else if (solo_rank && m.before_rank)
                    same_way = m.movement == Movement::Up ? *solo_rank < *m.before_rank
                                                          : *solo_rank > *m.before_rank;
                else if (m.movement == Movement::Down)
                    same_way = !solo_rank;
                if (same_way)
                    m.moved_by.push_back(key);
            }
        }
    }
    for (auto& m : cmp.moves) {
        if (m.movement == Movement::Same || m.signal == MoveSignal::None)
            continue;
        if (!m.moved_by.empty()) {
            std::string keys;
            for (const auto& k : m.moved_by)
                keys += (keys.empty() ? "" : ", ") + k;
            m.phrase = {ML_TR("LabMove", "%1; moved by %2"), {m.phrase, keys}};
        } else if (reachable.size() > 1) {
            m.phrase = {
                ML_TR("LabMove", "%1; no one changed setting moves it alone: they do together"),
                {m.phrase}};
        }
        m.line = render_english(m.phrase);
    }
    return cmp;
}

// changed_setting_keys of two settings, remembered for the last pair: the rows of a log share
// their settings, and naming every key of both costs more than re-ranking a row.
class ChangedKeysMemo {
public:
    const std::vector<std::string>& changed(const RetrievalSettings& a,
                                            const RetrievalSettings& b) {
        if (!valid_ || !(a == a_) || !(b == b_)) {
            a_ = a;
            b_ = b;
            keys_ = changed_setting_keys(to_settings_map(a), to_settings_map(b));
            valid_ = true;
        }
        return keys_;
    }

private:
    bool valid_ = false;
    RetrievalSettings a_, b_;
    std::vector<std::string> keys_;
};

// The legs' weights under `s`, and what the row's pools cannot show of the change from the
// settings it logged (added to `unreachable`): keys that act inside a leg, a leg that did not
// run and now would, a keyword factor that was off when it was logged.
search::LegPlan weights_for(const LabRow& row, const RetrievalSettings& s,
                            std::vector<std::string>* unreachable, ChangedKeysMemo* memo) {
    const RetrievalSettings& logged = row.settings;
    std::vector<std::string> unmemoed;
    if (memo == nullptr)
        unmemoed = changed_setting_keys(to_settings_map(logged), to_settings_map(s));
    const std::vector<std::string>& changed = memo != nullptr ? memo->changed(logged, s) : unmemoed;
    auto cannot = [&](const std::string& key) {
        if (unreachable != nullptr &&
            std::find(unreachable->begin(), unreachable->end(), key) == unreachable->end())
            unreachable->push_back(key);
    };
    for (const auto& k : changed)
        if (acts_inside_a_leg(k))
            cannot(k);

    const search::LegPlan w = plan_for(s, row.pools);
    // A leg that did not run for the row and would now: its candidates are unknown.
    const bool keyword_ran = keyword_leg_runs(logged, row.pools.keyword_weight);
    const bool vector_ran = vector_leg_runs(logged, row.pools.vector_weight);
    if ((!keyword_ran && w.keyword_skipped == nullptr) ||
        (!vector_ran && w.vector_skipped == nullptr)) {
        for (const auto& k : changed)
            if (k == "search.mode" || k == "search.fusion" || starts_with(k, "search.weight."))
                cannot(k);
    }
    // The profile fold's vector signal is each candidate's similarity to the query's vector,
    // which a row computed only when it needed it: without it the pools hold 0 for every node.
    search::LegPlan logged_plan = plan_for(logged, row.pools);
    logged_plan.vector_skipped = vector_ran ? nullptr : "did not run";
    if (!search::needs_query_vector(logged, logged_plan) && search::needs_query_vector(s, w)) {
        for (const auto& k : changed)
            if (k == "search.fusion" || k == "search.profile" || starts_with(k, "profile."))
                cannot(k);
    }
    // Which candidates a keyword factor touches is known from the factor the row logged, so
    // only when it was on (reweigh_keyword).
    if (logged.author_boost != s.author_boost && !(logged.author_boost > 0.0))
        cannot("search.author_boost");
    if (logged.day_boost != s.day_boost && !(logged.day_boost > 0.0))
        cannot("search.day_boost");
    if (logged.question_factor != s.question_factor && logged.question_factor == 1.0)
        cannot("search.question_factor");
    return w;
}

// The keyword factors, applied after the leg, as `s` would have applied them to the keyword
// pool the row logged under `logged`: when one changes a candidate, the pool with the new
// factors, in its new order, goes into `out` (copied only then: a blast radius ranks every row
// of the log) and the answer is true. C is a LegCandidate or a CompactKeyword.
//
// The leg orders its matches by (score, rowid) and the factors re-sort them stably by the
// factored score. Two candidates of one score that the logged factors set apart and the new ones
// make equal again go back into rowid order, which the pools do not keep: then the changed
// factors' keys go into `unreachable` (the lab cannot show that order without a retrieval).
template <typename C>
bool reweigh_keyword(std::span<const C> keyword, const RetrievalSettings& logged,
                     const RetrievalSettings& s, std::vector<C>& out,
                     std::vector<std::string>* unreachable = nullptr) {
    const bool author = logged.author_boost != s.author_boost && logged.author_boost > 0.0;
    const bool day = logged.day_boost != s.day_boost && logged.day_boost > 0.0;
    const bool question =
        logged.question_factor != s.question_factor && logged.question_factor != 1.0;
    if (!author && !day && !question)
        return false;
    bool copied = false;
    for (std::size_t i = 0; i < keyword.size(); ++i) {
        const C& c = keyword[i];
        double af = c.author_factor, tf = c.time_factor, qf = c.question_factor;
        if (author && c.author_factor != 1.0)
            af = s.author_boost > 0.0 ? 1.0 + s.author_boost : 1.0;
        if (day && c.time_factor != 1.0)
            tf = s.day_boost > 0.0 ? 1.0 + s.day_boost : 1.0;
        if (question && c.question_factor != 1.0)
            qf = s.question_factor;
        if (af != c.author_factor || tf != c.time_factor || qf != c.question_factor) {
            if (!copied)
                out.assign(keyword.begin(), keyword.end());
            copied = true;
            C& k = out[i];
            k.author_factor = af;
            k.time_factor = tf;
            k.question_factor = qf;
            k.raw = c.fts_score * af * tf * qf;
        }
    }
    if (!copied)
        return false;
    // bm25 is negative: more negative ranks first (search/keyword_factors.cpp). Each entry
    // remembers its logged score through its position in `keyword`.
    thread_local std::vector<std::size_t> order;
    order.resize(out.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return out[a].raw < out[b].raw; });
    bool rowid_order_lost = false;
    for (std::size_t i = 0; i + 1 < order.size(); ++i) {
        const C& a = out[order[i]];
        const C& b = out[order[i + 1]];
        rowid_order_lost |= a.raw == b.raw && a.fts_score == b.fts_score &&
                            keyword[order[i]].raw != keyword[order[i + 1]].raw;
    }
    thread_local std::vector<C> sorted;
    sorted.clear();
    for (std::size_t i : order)
        sorted.push_back(out[i]);
    out.swap(sorted);
    if constexpr (std::is_same_v<C, LegCandidate>) {
        int rank = 0;
        for (auto& c : out)
            c.rank = ++rank;
    }
    if (rowid_order_lost && unreachable != nullptr) {
        auto add = [&](const char* key) {
            if (std::find(unreachable->begin(), unreachable->end(), key) == unreachable->end())
                unreachable->push_back(key);
        };
        if (author)
            add("search.author_boost");
        if (day)
            add("search.day_boost");
        if (question)
            add("search.question_factor");
    }
    return true;
}

// Ranks the rows of a LabLog one after another on one thread, from their packed pools and the
// briefs of the log's candidates (by position in LabLog::candidate_ids), reusing its buffers.
class LogRanker {
public:
    explicit LogRanker(const std::vector<const NodeBrief*>& briefs)
        : briefs_(briefs) {}

    // Unpacks `row` for the rankings that follow.
    Status unpack(const LabRow& row) {
        if (Status st = decode_format2_compact(row.packed_column, row.packed_size, pools_); !st)
            return Status::corruption("audit row " + std::to_string(row.record.id) + ": " +
                                      st.message());
        if (row.nodes.size() != pools_.nodes.size())
            return Status::corruption("audit row " + std::to_string(row.record.id) +
                                      ": its candidate pools changed since the log was read");
        node_briefs_.resize(row.nodes.size());
        for (std::size_t i = 0; i < row.nodes.size(); ++i)
            node_briefs_[i] = briefs_[row.nodes[i]];
        row_ = &row;
        return Status::ok();
    }

    // The unpacked row's ranking under `s`, as positions in LabLog::candidate_ids.
    const std::vector<std::uint32_t>&
    rank(const RetrievalSettings& s, std::vector<std::string>* unreachable, ChangedKeysMemo& memo) {
        const LabRow& row = *row_;
        const search::LegPlan w = weights_for(row, s, unreachable, &memo);
        const bool reweighed = reweigh_keyword<CompactKeyword>(pools_.keyword, row.settings, s,
                                                               reweighed_, unreachable);
        lab::RankPools p;
        p.nodes = pools_.nodes;
        p.keyword = reweighed ? std::span<const CompactKeyword>(reweighed_)
                              : std::span<const CompactKeyword>(pools_.keyword);
        p.vector = pools_.vector;
        p.briefs = node_briefs_;
        p.keyword_weight = w.keyword_weight;
        p.vector_weight = w.vector_weight;
        lab::fast_rank(row.request, s, p, ranked_);
        for (auto& n : ranked_)
            n = row.nodes[n];
        return ranked_;
    }

private:
    const std::vector<const NodeBrief*>& briefs_;
    const LabRow* row_ = nullptr;
    CompactPools pools_;
    std::vector<const NodeBrief*> node_briefs_;
    std::vector<CompactKeyword> reweighed_;
    std::vector<std::uint32_t> ranked_;
};

// Ids numbered in the order they are first met. Open addressing over (hash, number) pairs: a log of
// ten thousand rows looks up ~1.75 million ids, and a node-based map spends most of that time
// following pointers.
class IdTable {
public:
    std::uint32_t intern(std::string_view id) {
        const std::uint64_t h = std::hash<std::string_view>{}(id);
        const auto tag = static_cast<std::uint32_t>(h >> 32);
        if (2 * (ids_.size() + 1) > slots_.size())
            grow();
        for (std::size_t i = h & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
            const Slot s = slots_[i];
            if (s.number == 0) {
                ids_.emplace_back(id);
                slots_[i] = {tag, static_cast<std::uint32_t>(ids_.size())};
                return static_cast<std::uint32_t>(ids_.size() - 1);
            }
            if (s.tag == tag && ids_[s.number - 1] == id)
                return s.number - 1;
        }
    }
    const std::string& at(std::uint32_t n) const { return ids_[n]; }
    std::uint32_t size() const { return static_cast<std::uint32_t>(ids_.size()); }

private:
    struct Slot {
        std::uint32_t tag = 0;    // the hash's high half
        std::uint32_t number = 0; // the id's number + 1; 0: empty
    };
    void grow() {
        std::vector<Slot> slots(std::max<std::size_t>(1024, 2 * slots_.size()));
        for (const Slot& s : slots_) {
            if (s.number == 0)
                continue;
            const std::uint64_t h = std::hash<std::string_view>{}(ids_[s.number - 1]);
            std::size_t i = h & (slots.size() - 1);
            while (slots[i].number != 0)
                i = (i + 1) & (slots.size() - 1);
            slots[i] = s;
        }
        slots_ = std::move(slots);
    }
    std::vector<std::string> ids_;
    std::vector<Slot> slots_; // a power of two, at most half full
};

// SQLite reads a file-backed database through a memory map while this lives, through read
// calls again after (the vault keeps mmap off: vault.cpp, apply_connection_pragmas). Nothing
// changes for an in-memory database, or if the pragma is refused.
class ScopedMmap {
public:
    explicit ScopedMmap(const Database& db)
        : db_(db) {
        on_ = db_.exec("PRAGMA mmap_size = 4294967296").is_ok();
    }
    ~ScopedMmap() {
        if (on_)
            (void)db_.exec("PRAGMA mmap_size = 0");
    }
    ScopedMmap(const ScopedMmap&) = delete;
    ScopedMmap& operator=(const ScopedMmap&) = delete;

private:
    const Database& db_;
    bool on_ = false;
};

Result<std::map<std::string, NodeBrief>> log_briefs(SearchEngine& engine, const LabLog& log) {
    // load_lab_log gathered them, distinct and sorted: each batch then reads neighbouring pages
    // of the id index, mapped while they are read.
    const ScopedMmap mapped(engine.vault().db());
    return engine.node_briefs(log.candidate_ids);
}

// The briefs by the candidates' positions in candidate_ids (null for a node no longer in the
// vault).
std::vector<const NodeBrief*> by_position(const LabLog& log,
                                          const std::map<std::string, NodeBrief>& briefs) {
    std::vector<const NodeBrief*> out;
    out.reserve(log.candidate_ids.size());
    auto it = briefs.begin();
    for (const auto& id : log.candidate_ids) { // both in order: one walk
        while (it != briefs.end() && it->first < id)
            ++it;
        out.push_back(it != briefs.end() && it->first == id ? &it->second : nullptr);
    }
    return out;
}

} // namespace

const std::vector<LabSettingKey>& lab_setting_keys() {
    return retrieval_setting_keys();
}

std::optional<SettingReach> setting_reach(std::string_view key) {
    if (!known_key(key))
        return std::nullopt;
    return acts_inside_a_leg(key) ? SettingReach::Retrieval : SettingReach::Rerank;
}

Result<std::map<std::string, std::string>>
parse_setting_assignments(const std::vector<std::string>& assignments) {
    std::map<std::string, std::string> out;
    for (const auto& a : assignments) {
        auto eq = a.find('=');
        if (eq == std::string::npos || eq == 0)
            return Status::invalid("setting '" + a + "': expected KEY=VALUE");
        out[a.substr(0, eq)] = a.substr(eq + 1);
    }
    return out;
}

Result<RetrievalSettings>
apply_setting_overrides(const RetrievalSettings& base,
                        const std::map<std::string, std::string>& values) {
    auto map = to_settings_map(base);
    for (const auto& [key, value] : values) {
        if (!known_key(key)) {
            std::string near = nearest_key(key);
            return Status::invalid("unknown setting '" + key + "'" +
                                   (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                                   "; memlens-cli whatif --help lists them");
        }
        map[key] = value;
    }
    if (values.count("search.profile")) {
        // A new profile starts from its own weights unless they are set explicitly.
        for (auto it = map.begin(); it != map.end();)
            it = starts_with(it->first, "profile.") && !values.count(it->first) ? map.erase(it)
                                                                                : std::next(it);
    }
    auto s = retrieval_settings_from_map(map);
    if (!s)
        return s.status();
    // retrieval_settings_from_map ignores keys of a profile that is not the active one.
    for (const auto& [key, value] : values)
        if (starts_with(key, "profile.") && !starts_with(key, "profile." + s->profile.name + "."))
            return Status::invalid("setting '" + key + "': the active profile is '" +
                                   s->profile.name + "'");
    return s;
}

namespace {

// lab_row_from_record; `node_id`, when given, is called with each distinct candidate id of a
// packed row, in its record's order.
Result<LabRow> row_from_record(const AuditRecord& record, bool keep_packed,
                               const std::function<void(std::string_view)>& node_id) {
    const std::string where = "audit row " + std::to_string(record.id);
    if (record.error)
        return Status::invalid(where + " is a failed call (" + *record.error +
                               "): it has no ranking to re-rank");
    if (!search_mode_from_string(record.mode))
        return Status::invalid(where + " is a '" + record.mode +
                               "' call, not a search: only searches can be re-ranked");
    // One parse of each column (parse_audit_row reads the profile, the largest, several
    // times over): a blast radius reads thousands of rows.
    auto in = rerun_inputs_from_audit(record, keep_packed, node_id);
    if (!in) {
        if (in.status().code() == StatusCode::NotFound)
            return Status::not_found(
                where +
                " keeps no candidate pools (it was logged by an older memlens): re-ranking needs "
                "them; replay it instead, which retrieves again (memlens-cli audit --vault V "
                "replay " +
                std::to_string(record.id) + ")");
        return in.status();
    }
    if (keep_packed && in->packed_column.empty()) {
        // A row logged in format 1 is packed as format 2 is: every row of a log is then ranked
        // the same way (blast_radius).
        StoredPools stored = encode_candidate_pools(in->pools);
        if (stored.column.empty())
            return Status::corruption(where + ": its candidate pools could not be packed");
        in->packed_column = std::move(stored.column);
        in->packed_size = stored.size;
        if (Status st = scan_format2_pools(in->packed_column, in->packed_size, in->pools, node_id);
            !st)
            return Status::corruption(where + ": " + st.message());
    }
    LabRow row;
    row.record.id = record.id;
    row.record.ts_ms = record.ts_ms;
    row.record.query = record.query;
    row.record.query_hash = record.query_hash;
    row.record.mode = record.mode;
    row.record.elapsed_ms = record.elapsed_ms;
    row.record.vault_revision = record.vault_revision;
    row.record.error = record.error;
    row.record.caller = record.caller;
    row.request = std::move(in->request);
    row.settings = std::move(in->settings);
    row.pools = std::move(in->pools);
    row.logged_ids = std::move(in->logged_ids);
    row.packed_column = std::move(in->packed_column);
    row.packed_size = in->packed_size;
    return row;
}

} // namespace

Result<LabRow> lab_row_from_record(const AuditRecord& record, bool keep_packed) {
    return row_from_record(record, keep_packed, {});
}

Result<CandidatePools> lab_row_pools(const LabRow& row) {
    if (row.packed_column.empty())
        return row.pools;
    CandidatePools whole;
    if (Status st = decode_format2_pools_into(row.packed_column, row.packed_size, whole); !st)
        return Status::corruption("audit row " + std::to_string(row.record.id) + ": " +
                                  st.message());
    return whole;
}

Result<LabRow> load_lab_row(const Database& db, std::int64_t id) {
    auto r = get_audit(db, id);
    if (!r)
        return r.status();
    return lab_row_from_record(*r);
}

CandidatePools pools_for_settings(const LabRow& row, const RetrievalSettings& s,
                                  std::vector<std::string>* unreachable) {
    // A packed row's record was checked when the log was read: it decodes again. Were it to
    // fail, the row's lists stay empty and the rerun ranks nothing.
    auto whole = lab_row_pools(row);
    CandidatePools p = whole ? std::move(whole).value() : row.pools;
    const search::LegPlan w = weights_for(row, s, unreachable, nullptr);
    p.keyword_weight = w.keyword_weight;
    p.vector_weight = w.vector_weight;
    std::vector<LegCandidate> reweighed;
    if (reweigh_keyword<LegCandidate>(p.keyword, row.settings, s, reweighed, unreachable))
        p.keyword = std::move(reweighed);
    return p;
}

namespace {

// jaccard_at_k and rank_biased_overlap over ids or over their positions in a LabLog.
template <typename T>
double jaccard_of(const std::vector<T>& a, const std::vector<T>& b, std::size_t k) {
    std::vector<T> sa(a.begin(), a.begin() + std::min(k, a.size()));
    std::vector<T> sb(b.begin(), b.begin() + std::min(k, b.size()));
    for (auto* v : {&sa, &sb}) {
        std::sort(v->begin(), v->end());
        v->erase(std::unique(v->begin(), v->end()), v->end());
    }
    if (sa.empty() && sb.empty())
        return 1.0;
    std::vector<T> both;
    std::set_intersection(sa.begin(), sa.end(), sb.begin(), sb.end(), std::back_inserter(both));
    const std::size_t inter = both.size();
    return static_cast<double>(inter) / static_cast<double>(sa.size() + sb.size() - inter);
}

template <typename T> double rbo_of(const std::vector<T>& a, const std::vector<T>& b, double p) {
    const std::size_t k = std::max(a.size(), b.size());
    if (k == 0)
        return 1.0;
    std::unordered_set<T> seen_a, seen_b;
    std::size_t overlap = 0;
    double sum = 0.0;
    double weight = 1.0; // p^d
    double last_agreement = 0.0;
    for (std::size_t d = 1; d <= k; ++d) {
        const T* x = d <= a.size() ? &a[d - 1] : nullptr;
        const T* y = d <= b.size() ? &b[d - 1] : nullptr;
        if (x != nullptr && y != nullptr && *x == *y) {
            ++overlap;
        } else {
            if (x != nullptr && seen_b.count(*x))
                ++overlap;
            if (y != nullptr && seen_a.count(*y))
                ++overlap;
        }
        if (x != nullptr)
            seen_a.insert(*x);
        if (y != nullptr)
            seen_b.insert(*y);
        weight *= p;
        last_agreement = static_cast<double>(overlap) / static_cast<double>(d);
        sum += last_agreement * weight;
    }
    // Extrapolated RBO: the agreement at depth k is assumed to hold beyond it.
    return std::clamp(last_agreement * weight + (1.0 - p) / p * sum, 0.0, 1.0);
}

} // namespace

double jaccard_at_k(const std::vector<std::string>& a, const std::vector<std::string>& b,
                    std::size_t k) {
    return jaccard_of(a, b, k);
}

double rank_biased_overlap(const std::vector<std::string>& a, const std::vector<std::string>& b,
                           double p) {
    return rbo_of(a, b, p);
}

LabComparison compare_responses(SearchResponse before, SearchResponse after) {
    LabComparison cmp;
    const auto left = hit_ids(before);
    const auto right = hit_ids(after);
    cmp.k = std::max<std::size_t>({left.size(), right.size(), 1});
    cmp.jaccard = jaccard_at_k(left, right, cmp.k);
    cmp.rbo = rank_biased_overlap(left, right);
    cmp.changed = left != right;
    cmp.lost_first = !left.empty() && (right.empty() || right.front() != left.front());
    std::unordered_map<std::string, int> before_rank;
    for (std::size_t i = 0; i < left.size(); ++i)
        before_rank.emplace(left[i], static_cast<int>(i) + 1);
    auto make = [&](const std::string& id, std::optional<int> br, std::optional<int> ar) {
        LabMove m;
        m.node_id = id;
        m.before_rank = br;
        m.after_rank = ar;
        if (br && ar)
            m.places = *br - *ar;
        m.movement = movement_between(br, ar);
        const Explanation* eb = find_explanation(before, id);
        const Explanation* ea = find_explanation(after, id);
        if (br)
            m.before_score = before.result.hits[static_cast<std::size_t>(*br - 1)].score;
        if (ar)
            m.after_score = after.result.hits[static_cast<std::size_t>(*ar - 1)].score;
        if (eb)
            m.before = *eb;
        if (ea)
            m.after = *ea;
        auto [signal, words] = own_signal(eb, ea);
        m.signal = m.movement == Movement::Same ? MoveSignal::None : signal;
        m.why = move_why(m, words);
        m.phrase = move_line(m);
        m.line = render_english(m.phrase);
        return m;
    };
    std::unordered_set<std::string> in_right;
    for (std::size_t i = 0; i < right.size(); ++i) {
        in_right.insert(right[i]);
        auto it = before_rank.find(right[i]);
        cmp.moves.push_back(
            make(right[i], it == before_rank.end() ? std::nullopt : std::optional<int>(it->second),
                 static_cast<int>(i) + 1));
    }
    for (std::size_t i = 0; i < left.size(); ++i)
        if (!in_right.count(left[i]))
            cmp.moves.push_back(make(left[i], static_cast<int>(i) + 1, std::nullopt));
    cmp.before = std::move(before);
    cmp.after = std::move(after);
    return cmp;
}

Result<LabComparison> what_if(SearchEngine& engine, const LabRow& row,
                              const RetrievalSettings& settings, const std::atomic_bool* cancel) {
    return attributed(engine, row, row.settings, settings, row.request.budget, cancel);
}

Result<LabComparison> what_if(SearchEngine& engine, const LabRow& row,
                              const RetrievalSettings& settings, const SearchBudget& budget,
                              const std::atomic_bool* cancel) {
    return attributed(engine, row, row.settings, settings, budget, cancel);
}

Result<LabComparison> compare_configs(SearchEngine& engine, const LabRow& row,
                                      const RetrievalSettings& left, const RetrievalSettings& right,
                                      const std::atomic_bool* cancel) {
    return attributed(engine, row, left, right, row.request.budget, cancel);
}

Result<LabComparison> compare_configs(SearchEngine& engine, const LabRow& row,
                                      const RetrievalSettings& left, const RetrievalSettings& right,
                                      const SearchBudget& right_budget,
                                      const std::atomic_bool* cancel) {
    return attributed(engine, row, left, right, right_budget, cancel);
}

RetrievalSettings blast_settings_for(const LabRow& row, const RetrievalSettings& candidate) {
    RetrievalSettings s = candidate;
    const SearchRequest& q = row.request;
    if (q.mode)
        s.mode = *q.mode;
    if (q.fusion)
        s.fusion = *q.fusion;
    if (q.profile)
        s.profile = row.settings.profile;
    if (q.mmr_lambda)
        s.mmr_lambda = *q.mmr_lambda;
    if (q.recency_boost)
        s.recency_boost = *q.recency_boost;
    if (q.include_summaries)
        s.include_summaries = *q.include_summaries;
    return s;
}

namespace {

// A page's parsed rows into the log, counting those it skips by why.
void take_parsed(std::vector<std::optional<Result<LabRow>>>& parsed, LabLog& log,
                 const std::function<void(std::size_t, std::size_t)>& progress, std::size_t step,
                 std::size_t rows) {
    for (auto& row : parsed) {
        ++log.rows_seen;
        if (progress && (log.rows_seen % step == 0 || log.rows_seen == rows))
            progress(log.rows_seen, rows);
        if (!*row) {
            if (row->status().code() == StatusCode::NotFound)
                ++log.skipped_no_pools;
            else if (row->status().code() == StatusCode::InvalidArgument)
                ++log.skipped_other;
            else
                ++log.skipped_damaged;
            continue;
        }
        log.rows.push_back(std::move(*row).value());
    }
}

// The ids in order (briefs are then read from neighbouring pages of the id index), and the
// rows' positions with them.
void number_ids_in_order(const IdTable& ids, LabLog& log) {
    std::vector<std::uint32_t> order(ids.size());
    for (std::uint32_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::uint32_t a, std::uint32_t b) { return ids.at(a) < ids.at(b); });
    std::vector<std::uint32_t> position(order.size());
    log.candidate_ids.reserve(order.size());
    for (std::uint32_t i = 0; i < order.size(); ++i) {
        position[order[i]] = i;
        log.candidate_ids.emplace_back(ids.at(order[i]));
    }
    for (auto& row : log.rows)
        for (auto* list : {&row.nodes, &row.logged_nodes})
            for (auto& n : *list)
                n = position[n];
}

} // namespace

Result<LabLog> load_lab_log(const Database& db, const AuditFilter& filter, std::size_t max_rows,
                            const std::function<void(std::size_t, std::size_t)>& progress,
                            const std::atomic_bool* cancel) {
    const auto started = std::chrono::steady_clock::now();
    LabLog log;
    auto total = count_audit(db, filter);
    if (!total)
        return total.status();
    std::size_t rows = static_cast<std::size_t>(*total);
    if (max_rows > 0)
        rows = std::min(rows, max_rows);
    const std::size_t step = std::max<std::size_t>(1, rows / 100);
    // The log's rows lie on thousands of pages: mapped, they are read without a system call
    // each (a third of the time, docs/performance.md, "The ranking lab"). The mapping goes
    // again when the log is read.
    const ScopedMmap mapped(db);
    // Pages of rows, newest first, each starting below the last id of the one before (an
    // OFFSET would step over every row before it again).
    AuditFilter page_filter = filter;
    auto read_page = [&](std::size_t seen) -> Result<std::vector<AuditRecord>> {
        if (seen >= rows)
            return std::vector<AuditRecord>{};
        constexpr std::size_t kPage = 500;
        return list_audit(db, page_filter, static_cast<int>(std::min(kPage, rows - seen)), 0);
    };
    auto advance = [&](const std::vector<AuditRecord>& page) {
        if (!page.empty())
            page_filter.before_id = page.back().id;
    };
    // Each page is parsed on two threads, taking rows in turn; the calling thread reads the
    // next page first. The rows' candidate ids are numbered as they are met, in the log's
    // table on the calling thread and in a table of the helper's own on the helper,
    // renumbered into the log's after the page.
    IdTable ids, helper_ids;
    std::vector<std::uint32_t> helper_to_log;
    log.rows.reserve(rows);
    auto page = read_page(0);
    if (!page)
        return page.status();
    advance(*page);
    while (!page->empty()) {
        if (cancel != nullptr && cancel->load())
            return Status::cancelled("reading the log cancelled after " +
                                     std::to_string(log.rows_seen) + " of " + std::to_string(rows) +
                                     " rows");
        const std::size_t count = page->size();
        std::vector<std::optional<Result<LabRow>>> parsed(count);
        std::vector<char> by_helper(count, 0);
        std::atomic<std::size_t> next{0};
        auto parse = [&](IdTable* table, bool helper) {
            std::vector<std::uint32_t> nodes;
            const std::function<void(std::string_view)> node_id = [&](std::string_view id) {
                nodes.push_back(table->intern(id));
            };
            for (std::size_t i = next++; i < count; i = next++) {
                by_helper[i] = helper ? 1 : 0;
                nodes.clear();
                parsed[i].emplace(row_from_record((*page)[i], true, node_id));
                if (!*parsed[i])
                    continue;
                LabRow& row = **parsed[i];
                row.nodes = std::move(nodes);
                row.logged_nodes.reserve(row.logged_ids.size());
                for (const auto& id : row.logged_ids)
                    row.logged_nodes.push_back(table->intern(id));
            }
        };
        std::thread helper(parse, &helper_ids, true);
        auto following = read_page(log.rows_seen + count);
        if (following)
            advance(*following);
        parse(&ids, false);
        helper.join();
        if (!following)
            return following.status();
        for (std::uint32_t i = static_cast<std::uint32_t>(helper_to_log.size());
             i < helper_ids.size(); ++i)
            helper_to_log.push_back(ids.intern(helper_ids.at(i)));
        for (std::size_t i = 0; i < count; ++i)
            if (by_helper[i] && *parsed[i])
                for (auto* list : {&(*parsed[i])->nodes, &(*parsed[i])->logged_nodes})
                    for (auto& n : *list)
                        n = helper_to_log[n];
        take_parsed(parsed, log, progress, step, rows);
        page = std::move(following);
    }
    number_ids_in_order(ids, log);
    log.load_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
    return log;
}

namespace {

// The report's bins of overlap (tenths, and 1 alone) and what the log's reading counted.
void start_report(const LabLog& log, BlastReport& report) {
    for (int i = 0; i < 10; ++i)
        report.overlap_histogram.push_back({i / 10.0, (i + 1) / 10.0, 0});
    report.overlap_histogram.push_back({1.0, 1.0, 0});
    report.rows = log.rows_seen;
    report.skipped_no_pools = log.skipped_no_pools;
    report.skipped_other = log.skipped_other;
    report.skipped_damaged = log.skipped_damaged;
    report.load_ms = log.load_ms;
}

// One row's entry: how its new ranking `now` compares with the logged one.
void fill_blast_query(BlastQuery& q, const LabRow& row, const std::vector<std::uint32_t>& now,
                      const LabLog& log) {
    const std::vector<std::uint32_t>& logged = row.logged_nodes;
    q.id = row.record.id;
    q.ts_ms = row.record.ts_ms;
    q.query = row.record.query;
    q.client = row.record.caller.client;
    q.k = std::max<std::size_t>(logged.size(), 1);
    q.jaccard = jaccard_of(logged, now, q.k);
    q.rbo = rbo_of(logged, now, kRboPersistence);
    q.changed = logged != now;
    if (!logged.empty()) {
        q.logged_first = row.logged_ids.front();
        q.lost_first = now.empty() || now.front() != logged.front();
        auto pos = std::find(now.begin(), now.end(), logged.front());
        if (pos != now.end())
            q.logged_first_now = static_cast<int>(pos - now.begin()) + 1;
    }
    q.logged_ids = row.logged_ids;
    q.ids.reserve(now.size());
    for (std::uint32_t n : now)
        q.ids.push_back(log.candidate_ids[n]);
    if (!q.ids.empty())
        q.new_first = q.ids.front();
}

// The report's counts and histogram over every row's entry.
void tally(const std::vector<BlastQuery>& results,
           const std::vector<std::vector<std::string>>& unreachable, BlastReport& report) {
    for (std::size_t i = 0; i < results.size(); ++i) {
        for (const auto& k : unreachable[i])
            ++report.needs_retrieval[k];
        const BlastQuery& q = results[i];
        ++report.queries;
        report.changed += q.changed ? 1 : 0;
        report.lost_first += q.lost_first ? 1 : 0;
        const std::size_t bin =
            q.jaccard >= 1.0 ? 10 : static_cast<std::size_t>(std::floor(q.jaccard * 10.0));
        ++report.overlap_histogram[std::min<std::size_t>(bin, 10)].count;
    }
}

} // namespace

Result<BlastReport> blast_radius(SearchEngine& engine, const LabLog& log,
                                 const std::map<std::string, std::string>& overrides,
                                 const BlastOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    auto vault_settings = load_retrieval_settings(engine.vault());
    if (!vault_settings)
        return vault_settings.status();
    auto candidate = apply_setting_overrides(*vault_settings, overrides);
    if (!candidate)
        return candidate.status();
    BlastReport report;
    report.changed_keys =
        changed_setting_keys(to_settings_map(*vault_settings), to_settings_map(*candidate));
    start_report(log, report);
    // Every candidate of the log read once; then each row ranked from its pools and those
    // briefs alone (fast_rank.h: the rerun's arithmetic without its explanations), on two
    // threads.
    auto briefs = log_briefs(engine, log);
    if (!briefs)
        return briefs.status();
    const std::vector<const NodeBrief*> brief_of = by_position(log, *briefs);

    const std::size_t rows = log.rows.size();
    std::vector<BlastQuery> results(rows);
    std::vector<std::vector<std::string>> unreachable(rows);
    std::atomic<std::size_t> done{0};
    std::atomic_bool stop{false};
    std::mutex failure_mutex;
    std::optional<Status> failure;
    auto run = [&](std::size_t from, std::size_t to, bool report_progress) {
        const std::size_t step = std::max<std::size_t>(1, rows / 100);
        ChangedKeysMemo memo;
        LogRanker ranker(brief_of); // one row at a time: its buffers are reused
        for (std::size_t i = from; i < to; ++i) {
            if (stop.load() || (options.cancel != nullptr && options.cancel->load())) {
                stop = true;
                return;
            }
            const LabRow& row = log.rows[i];
            if (Status st = ranker.unpack(row); !st) {
                const std::lock_guard lock(failure_mutex);
                failure = st;
                stop = true;
                return;
            }
            const RetrievalSettings s = blast_settings_for(row, *candidate);
            // Compared by position in the log's ids; the ids are named for the report only.
            const std::vector<std::uint32_t>& now = ranker.rank(s, &unreachable[i], memo);
            fill_blast_query(results[i], row, now, log);
            const std::size_t d = ++done;
            if (report_progress && options.progress && (d % step == 0 || d == rows))
                options.progress(d, rows);
        }
    };
    const std::size_t mid = rows >= 256 ? rows / 2 : rows;
    std::thread second;
    if (mid < rows)
        second = std::thread(run, mid, rows, false);
    run(0, mid, true);
    if (second.joinable())
        second.join();
    if (options.progress && done.load() == rows)
        options.progress(rows, rows);
    if (failure)
        return *failure;
    if (stop.load())
        return Status::cancelled("blast radius cancelled after " + std::to_string(done.load()) +
                                 " of " + std::to_string(rows) + " searches");
    tally(results, unreachable, report);
    report.results = std::move(results);
    report.rerank_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
    report.ms = report.load_ms + report.rerank_ms;
    return report;
}

Result<BlastReport> blast_radius(SearchEngine& engine,
                                 const std::map<std::string, std::string>& overrides,
                                 const BlastOptions& options) {
    // Unknown settings are refused before the log is read.
    auto vault_settings = load_retrieval_settings(engine.vault());
    if (!vault_settings)
        return vault_settings.status();
    if (auto c = apply_setting_overrides(*vault_settings, overrides); !c)
        return c.status();
    auto log = load_lab_log(engine.vault().db(), options.filter, options.max_rows, options.progress,
                            options.cancel);
    if (!log)
        return log.status();
    return blast_radius(engine, *log, overrides, options);
}

namespace {

// The ablation's columns for one row (lab.h, ablate), with their settings and whether the legs
// they need ran for it.
std::vector<AblationColumn> ablation_columns(const LabRow& row) {
    std::vector<AblationColumn> columns;
    const RetrievalSettings& base = row.settings;
    const bool profile = base.fusion == FusionKind::Profile;

    RetrievalSettings off = base;
    off.recency_boost = 0.0;
    off.superseded = SupersededHandling::Mark;
    off.mmr_lambda = 1.0;
    off.entity_boost = 0.0;

    auto add = [&](std::string name, std::string adds, RetrievalSettings s) {
        AblationColumn c;
        c.name = std::move(name);
        c.adds = std::move(adds);
        c.settings = std::move(s);
        columns.push_back(std::move(c));
    };
    auto with_mode = [&](SearchMode mode) {
        RetrievalSettings s = off;
        s.mode = mode;
        return s;
    };
    add("keyword only", "the keyword leg alone", with_mode(SearchMode::Keyword));
    add("vector only", "the vector leg alone", with_mode(SearchMode::Semantic));
    add(profile ? "profile fold" : "RRF",
        profile ? "both legs folded by profile " + base.profile.name
                : "both legs fused at weights " + num(row.pools.keyword_weight) + " (keyword), " +
                      num(row.pools.vector_weight) + " (vector), k " + std::to_string(base.rrf_k),
        off);
    RetrievalSettings s = off;
    s.recency_boost = base.recency_boost;
    add("+ recency",
        base.recency_boost > 0.0 ? "recency boost " + num(base.recency_boost)
                                 : "recency boost 0 for this row: nothing added",
        s);
    s.superseded = base.superseded;
    add("+ graph context",
        base.superseded == SupersededHandling::Mark
            ? "superseded hits only marked for this row: nothing added"
            : std::string("superseded hits ") + to_string(base.superseded) +
                  (base.superseded == SupersededHandling::Demote
                       ? " (× " + num(base.superseded_demote_factor) + ")"
                       : ""),
        s);
    s.mmr_lambda = base.mmr_lambda;
    add("+ MMR",
        base.mmr_lambda < 1.0 ? "MMR λ " + num(base.mmr_lambda) + ", redundancy floor " +
                                    num(base.mmr_redundancy_floor)
                              : "MMR λ 1 for this row: nothing added",
        s);
    s.entity_boost = base.entity_boost;
    add("+ entity boost",
        base.entity_boost > 0.0 ? "entity boost " + num(base.entity_boost)
                                : "entity boost 0 for this row: nothing added",
        s);

    const bool keyword_ran = keyword_leg_runs(base, row.pools.keyword_weight);
    const bool vector_ran = vector_leg_runs(base, row.pools.vector_weight);
    for (auto& c : columns) {
        if ((c.settings.mode == SearchMode::Keyword && !keyword_ran) ||
            (c.settings.mode == SearchMode::Semantic && !vector_ran)) {
            c.available = false;
            c.unavailable_reason = std::string("the ") +
                                   (c.settings.mode == SearchMode::Keyword ? "keyword" : "vector") +
                                   " leg did not run for this row";
        }
    }
    return columns;
}

} // namespace

Result<AblationMatrix> ablate(SearchEngine& engine, const LabRow& row,
                              const std::atomic_bool* cancel) {
    AblationMatrix m;
    m.id = row.record.id;
    m.query = row.record.query;
    m.columns = ablation_columns(row);
    for (auto& c : m.columns) {
        if (!c.available)
            continue;
        auto r = rerun_with(engine, row, c.settings, nullptr, cancel);
        if (!r)
            return r.status();
        c.ids = hit_ids(*r);
    }
    std::vector<std::string> order = row.logged_ids;
    std::unordered_set<std::string> seen(order.begin(), order.end());
    for (const auto& c : m.columns)
        for (const auto& id : c.ids)
            if (seen.insert(id).second)
                order.push_back(id);
    for (const auto& id : order) {
        AblationRow r;
        r.node_id = id;
        auto lp = std::find(row.logged_ids.begin(), row.logged_ids.end(), id);
        if (lp != row.logged_ids.end())
            r.logged_rank = static_cast<int>(lp - row.logged_ids.begin()) + 1;
        for (const auto& c : m.columns) {
            auto p = std::find(c.ids.begin(), c.ids.end(), id);
            r.ranks.push_back(p == c.ids.end() ? std::nullopt
                                               : std::optional<int>(p - c.ids.begin() + 1));
        }
        m.rows.push_back(std::move(r));
    }
    for (std::size_t i = 0; i < m.columns.size(); ++i)
        if (m.columns[i].available && m.columns[i].ids == row.logged_ids) {
            m.first_logged_column = i;
            break;
        }
    return m;
}

Result<AblationLog> ablate_log(SearchEngine& engine, const LabLog& log,
                               const std::atomic_bool* cancel) {
    const auto started = std::chrono::steady_clock::now();
    AblationLog out;
    out.skipped_no_pools = log.skipped_no_pools;
    out.skipped_other = log.skipped_other;
    out.skipped_damaged = log.skipped_damaged;
    for (const char* name : {"keyword only", "vector only", "RRF (or the profile fold)",
                             "+ recency", "+ graph context", "+ MMR", "+ entity boost"})
        out.columns.push_back({name});
    auto briefs = log_briefs(engine, log);
    if (!briefs)
        return briefs.status();
    const std::vector<const NodeBrief*> brief_of = by_position(log, *briefs);
    std::vector<ChangedKeysMemo> memo(out.columns.size());
    std::vector<double> jaccard_sum(out.columns.size(), 0.0);
    LogRanker ranker(brief_of);
    for (const LabRow& row : log.rows) {
        if (cancel != nullptr && cancel->load())
            return Status::cancelled("ablation over the log cancelled");
        MEMLENS_TRY(ranker.unpack(row));
        ++out.queries;
        const auto columns = ablation_columns(row);
        bool found = false;
        for (std::size_t i = 0; i < columns.size() && i < out.columns.size(); ++i) {
            if (!columns[i].available)
                continue;
            const RetrievalSettings& s = columns[i].settings;
            const std::vector<std::uint32_t>& ids = ranker.rank(s, nullptr, memo[i]);
            const std::vector<std::uint32_t>& logged = row.logged_nodes;
            AblationLogColumn& c = out.columns[i];
            ++c.rows;
            const bool same = ids == logged;
            c.same_ranking += same ? 1 : 0;
            c.same_first +=
                !logged.empty() && !ids.empty() && ids.front() == logged.front() ? 1 : 0;
            jaccard_sum[i] += jaccard_of(logged, ids, std::max<std::size_t>(logged.size(), 1));
            if (same && !found) {
                ++c.first_logged;
                found = true;
            }
        }
        out.none_logged += found ? 0 : 1;
    }
    for (std::size_t i = 0; i < out.columns.size(); ++i)
        out.columns[i].mean_jaccard =
            out.columns[i].rows > 0 ? jaccard_sum[i] / static_cast<double>(out.columns[i].rows)
                                    : 0.0;
    out.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
                 .count();
    return out;
}

} // namespace memlens
