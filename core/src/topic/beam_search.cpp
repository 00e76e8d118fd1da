// The vector leg's two scans: the beam descent, and the exact scan it is measured against.
#include "topic/topic_index_impl.h"

#include <memlens/thread_guard.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <set>
#include <string>

namespace memlens {

namespace {

// Keeps the k best (similarity desc, node id asc) of a stream of scored positions.
class TopK {
public:
    TopK(const TopicIndex::Impl& impl, std::size_t k)
        : impl_(impl)
        , k_(k) {
        heap_.reserve(k + 1);
    }

    void offer(float sim, std::uint32_t pos) {
        if (heap_.size() == k_ && !better({sim, pos}, heap_.front()))
            return;
        heap_.push_back({sim, pos});
        std::push_heap(heap_.begin(), heap_.end(), cmp());
        if (heap_.size() > k_) {
            std::pop_heap(heap_.begin(), heap_.end(), cmp());
            heap_.pop_back();
        }
    }

    // Best first; with `paths`, each hit carries the root-to-leaf keys of its leaf (the
    // position is at hand here, so no id lookup is needed).
    std::vector<VectorHit> take(bool paths = false) {
        std::sort(heap_.begin(), heap_.end(), cmp());
        std::vector<VectorHit> hits;
        hits.reserve(heap_.size());
        for (const Scored& s : heap_) {
            hits.push_back({std::string(impl_.id(s.pos)), double(s.sim), {}});
            if (paths)
                hits.back().topic_path = impl_.path_keys(impl_.leaf_at(s.pos));
        }
        return hits;
    }

private:
    struct Scored {
        float sim;
        std::uint32_t pos;
    };
    bool better(const Scored& a, const Scored& b) const {
        if (a.sim != b.sim)
            return a.sim > b.sim;
        return impl_.id(a.pos) < impl_.id(b.pos);
    }
    // As the heap's "less", it puts the worst kept hit at the front.
    struct Better {
        const TopK* self;
        bool operator()(const Scored& a, const Scored& b) const { return self->better(a, b); }
    };
    Better cmp() const { return Better{this}; }

    const TopicIndex::Impl& impl_;
    std::size_t k_;
    std::vector<Scored> heap_;
};

// Below this many members the float scan is already cheap, and its result stays exactly the
// float ranking; above it an int8 pass keeps kRerankPerHit × k (at least kRerankMin)
// candidates for the float re-rank. int8 codes order the members closely enough that the true
// top 10 of a million hash-embedded rows sit in the int8 top 16 (docs/performance.md), so the
// re-rank, which reads scattered float rows from the index file, stays small.
constexpr std::size_t kTwoPassMin = 4096;
constexpr std::size_t kRerankPerHit = 4;
constexpr std::size_t kRerankMin = 64;

bool is_allowed(const std::vector<std::uint8_t>* allowed, std::uint32_t pos) {
    return !allowed || (pos < allowed->size() && (*allowed)[pos] != 0);
}

Vector unit_query(std::span<const float> query) {
    Vector q(query.begin(), query.end());
    normalize(q);
    return q;
}

// Whether any member under a topic is allowed; computed on demand and remembered for the
// query, stopping at the first allowed member, so a loose mask costs almost nothing.
class AllowedTopics {
public:
    AllowedTopics(const TopicIndex::Impl& impl, const std::vector<std::uint8_t>* allowed)
        : impl_(impl)
        , allowed_(allowed)
        , memo_(allowed ? impl.spans.size() : 0, -1) {}

    bool any(std::uint32_t node) {
        if (!allowed_)
            return true;
        std::int8_t& m = memo_[node];
        if (m < 0) {
            const TopicIndex::Impl::TopicSpan& t = impl_.spans[node];
            bool found = false;
            if (t.child_count == 0) {
                for (std::uint32_t i = 0; i < t.member_count && !found; ++i)
                    found = is_allowed(allowed_, t.first_member + i);
            } else {
                for (std::uint32_t i = 0; i < t.child_count && !found; ++i)
                    found = any(t.first_child + i);
            }
            m = found ? 1 : 0;
        }
        return m == 1;
    }

private:
    const TopicIndex::Impl& impl_;
    const std::vector<std::uint8_t>* allowed_;
    std::vector<std::int8_t> memo_;
};

} // namespace

namespace {

// The members of the reached leaves the beam scores: at most max_leaf_items of each, those
// allowed and live.
std::vector<std::uint32_t> reached_members(const TopicIndex::Impl& impl,
                                           const std::vector<std::uint32_t>& frontier,
                                           const BeamOptions& beam,
                                           const std::vector<std::uint8_t>* allowed) {
    std::vector<std::uint32_t> todo;
    const std::size_t per_leaf = std::size_t(std::max(0, beam.max_leaf_items));
    for (std::uint32_t node : frontier) {
        const TopicIndex::Impl::TopicSpan& t = impl.spans[node];
        if (t.child_count != 0)
            continue; // max_depth ran out above this topic: only reached leaves are scored
        std::size_t taken = 0;
        for (std::uint32_t pos = t.first_member;
             pos < t.first_member + t.member_count && taken < per_leaf; ++pos) {
            if (!is_allowed(allowed, pos) || !impl.live(pos))
                continue;
            ++taken;
            todo.push_back(pos);
        }
    }
    return todo;
}

// The members to score on their floats, sorted: all of them below kTwoPassMin (or without
// codes); otherwise the best `rerank` by their int8 codes and, with `cut_ties`, every other
// member whose code scores as the last of those (equal vectors have equal codes, so a group of
// copies is never cut apart).
std::vector<std::size_t> shortlist(const TopicIndex::Impl& impl, const TopicQuery& tq,
                                   const std::vector<std::uint32_t>& todo, std::size_t rerank,
                                   bool cut_ties) {
    std::vector<std::size_t> chosen;
    if (todo.size() < kTwoPassMin || todo.size() <= rerank || !impl.has_codes()) {
        chosen.assign(todo.begin(), todo.end());
        std::sort(chosen.begin(), chosen.end());
        return chosen;
    }
    std::vector<std::pair<float, std::uint32_t>> rough(todo.size());
    for (std::size_t i = 0; i < todo.size(); ++i) {
        const std::uint32_t pos = todo[i];
        // A code that fails its checksum ranks last (and is reported by damage()).
        rough[i] = {impl.code_ok(pos)
                        ? float(dot_i8(tq.q.data(), impl.code(pos), impl.dim)) * impl.scale(pos)
                        : -std::numeric_limits<float>::infinity(),
                    pos};
    }
    const auto higher = [](const auto& a, const auto& b) { return a.first > b.first; };
    if (cut_ties) {
        const auto cut = rough.begin() + std::ptrdiff_t(rerank - 1);
        std::nth_element(rough.begin(), cut, rough.end(), higher);
        for (auto it = rough.begin(); it != rough.end(); ++it)
            if (it <= cut || it->first == cut->first)
                chosen.push_back(it->second);
    } else {
        std::nth_element(rough.begin(), rough.begin() + std::ptrdiff_t(rerank), rough.end(),
                         higher);
        for (std::size_t i = 0; i < rerank; ++i)
            chosen.push_back(rough[i].second);
    }
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

// The reached members into `top`, by the same dot() the exact scan uses. Wide beams pre-score on
// the int8 codes and score only the best on the floats (shortlist), so the reported
// similarities are still the exact scan's.
void score_members(const TopicIndex::Impl& impl, const TopicQuery& tq, const Vector& q,
                   const std::vector<std::uint32_t>& todo, std::size_t k, TopK& top) {
    const std::size_t rerank = std::max(kRerankPerHit * k, kRerankMin);
    impl.visit_rows(shortlist(impl, tq, todo, rerank, false),
                    [&](std::size_t pos, const float* row) {
                        top.offer(dot(q.data(), row, impl.dim), std::uint32_t(pos));
                    });
}

// The incremental part (vectors written since the index file) sits in no topic: every search
// scores all of it, so a memory is found the moment it is stored. Each (similarity, position)
// goes to `offer`; returns how many it scored.
template <typename Offer>
std::size_t score_delta(const TopicIndex::Impl& impl, const Vector& q,
                        const std::vector<std::uint8_t>* allowed, Offer&& offer) {
    std::size_t scored_delta = 0;
    for (std::size_t pos = impl.base_size(); pos < impl.size(); ++pos) {
        if (!is_allowed(allowed, std::uint32_t(pos)) || !impl.live(pos))
            continue;
        offer(dot(q.data(), impl.delta_data.data() + (pos - impl.base_size()) * impl.dim, impl.dim),
              std::uint32_t(pos));
        ++scored_delta;
    }
    return scored_delta;
}

} // namespace

std::vector<VectorHit> TopicIndex::search(std::span<const float> query, std::size_t k,
                                          const BeamOptions& beam, VectorSearchTrace* trace,
                                          const std::vector<std::uint8_t>* allowed) const {
    check_off_ui_thread("TopicIndex::search");
    if (trace)
        *trace = {};
    if (!impl_ || k == 0 || impl_->size() == 0 || query.size() != impl_->dim)
        return {};
    const Impl& impl = *impl_;
    const Vector q = unit_query(query);
    const TopicQuery tq = make_topic_query(q.data(), impl.dim);
    const std::size_t beam_width = std::size_t(std::max(1, beam.beam_width));
    AllowedTopics allowed_topics(impl, allowed);
    std::size_t topics_scored = 0;

    struct Candidate {
        float score;
        std::uint32_t node;
    };
    auto by_score_then_key = [&](const Candidate& a, const Candidate& b) {
        if (a.score != b.score)
            return a.score > b.score;
        return impl.nodes[a.node].key < impl.nodes[b.node].key;
    };
    const auto is_leaf = [&](std::uint32_t node) { return impl.spans[node].child_count == 0; };
    std::vector<std::uint32_t> frontier;
    if (allowed_topics.any(0))
        frontier.push_back(0);
    std::vector<Candidate> candidates;
    for (int depth = 0; depth < beam.max_depth; ++depth) {
        if (std::all_of(frontier.begin(), frontier.end(), is_leaf))
            break;
        candidates.clear();
        for (std::uint32_t node : frontier) {
            const Impl::TopicSpan& t = impl.spans[node];
            if (t.child_count == 0) { // a reached leaf stays in the race with its own score
                candidates.push_back({topic_score(impl, tq, node), node});
                continue;
            }
            for (std::uint32_t child = t.first_child; child < t.first_child + t.child_count;
                 ++child) {
                if (allowed_topics.any(child)) {
                    candidates.push_back({topic_score(impl, tq, child), child});
                    ++topics_scored;
                }
            }
        }
        const std::size_t keep = std::min(beam_width, candidates.size());
        // The same order partial_sort gives (keys are unique), in linear time for the many
        // candidates of a wide beam.
        const auto kept_end = candidates.begin() + std::ptrdiff_t(keep);
        if (keep < candidates.size())
            std::nth_element(candidates.begin(), kept_end, candidates.end(), by_score_then_key);
        std::sort(candidates.begin(), kept_end, by_score_then_key);
        frontier.clear();
        for (std::size_t i = 0; i < keep; ++i)
            frontier.push_back(candidates[i].node);
    }

    const std::vector<std::uint32_t> todo = reached_members(impl, frontier, beam, allowed);
    const std::size_t scored = todo.size();
    TopK top(impl, k);
    score_members(impl, tq, q, todo, k, top);

    const std::size_t scored_delta =
        score_delta(impl, q, allowed, [&](float sim, std::uint32_t pos) { top.offer(sim, pos); });

    std::vector<VectorHit> hits = top.take(true);
    if (trace) {
        trace->scored = scored + scored_delta;
        trace->topics_scored = topics_scored;
        for (std::uint32_t node : frontier)
            trace->reached_topics.push_back(impl.nodes[node].key);
    }
    return hits;
}

std::size_t TopicIndex::count(const std::vector<std::uint8_t>* allowed) const {
    if (!impl_)
        return 0;
    std::size_t n = 0;
    for (std::size_t pos = 0; pos < impl_->size(); ++pos)
        n += is_allowed(allowed, std::uint32_t(pos)) && impl_->live(pos) ? 1 : 0;
    return n;
}

std::vector<VectorHit> TopicIndex::nearest(std::span<const float> query, std::size_t k,
                                           const std::vector<std::uint8_t>* allowed) const {
    check_off_ui_thread("TopicIndex::nearest");
    if (!impl_ || k == 0 || impl_->size() == 0 || query.size() != impl_->dim)
        return {};
    const Impl& impl = *impl_;
    const Vector q = unit_query(query);
    std::vector<std::uint32_t> todo;
    for (std::size_t pos = 0; pos < impl.base_size(); ++pos) {
        if (is_allowed(allowed, std::uint32_t(pos)) && impl.live(pos))
            todo.push_back(std::uint32_t(pos));
    }
    const std::size_t rerank = std::max(kRerankPerHit * k, kRerankMin);
    std::vector<std::pair<float, std::size_t>> scored;
    const auto offer = [&](float sim, std::size_t pos) { scored.emplace_back(sim, pos); };
    impl.visit_rows(
        shortlist(impl, make_topic_query(q.data(), impl.dim), todo, rerank, true),
        [&](std::size_t pos, const float* row) { offer(dot(q.data(), row, impl.dim), pos); });
    score_delta(impl, q, allowed, offer);
    std::sort(scored.begin(), scored.end(), [&](const auto& x, const auto& y) {
        if (x.first != y.first)
            return x.first > y.first;
        return impl.id(x.second) < impl.id(y.second);
    });
    std::size_t keep = std::min(k, scored.size());
    while (keep > 0 && keep < scored.size() && scored[keep].first == scored[keep - 1].first)
        ++keep;
    std::vector<VectorHit> hits;
    hits.reserve(keep);
    for (std::size_t i = 0; i < keep; ++i)
        hits.push_back({std::string(impl.id(scored[i].second)), double(scored[i].first), {}});
    return hits;
}

std::vector<VectorHit> TopicIndex::exact(std::span<const float> query, std::size_t k,
                                         const std::vector<std::uint8_t>* allowed) const {
    check_off_ui_thread("TopicIndex::exact");
    if (!impl_ || k == 0 || impl_->size() == 0 || query.size() != impl_->dim)
        return {};
    const Impl& impl = *impl_;
    const Vector q = unit_query(query);
    TopK top(impl, k);
    const std::size_t n = impl.size();
    if (impl.rows_in_place()) {
        for (std::size_t pos = 0; pos < n; ++pos)
            if (is_allowed(allowed, std::uint32_t(pos)) && impl.live(pos))
                top.offer(dot(q.data(), impl.row_in_place(pos), impl.dim), std::uint32_t(pos));
        return top.take();
    }
    // Block by block through a buffer, so a scan of a large mapped index reads the file
    // without making every page of it resident in this process.
    constexpr std::size_t kBlockRows = 2048;
    std::vector<float> block(std::min(n, kBlockRows) * impl.dim);
    for (std::size_t first = 0; first < n; first += kBlockRows) {
        const std::size_t count = std::min(kBlockRows, n - first);
        bool any = !allowed;
        for (std::size_t i = 0; i < count && !any; ++i)
            any = is_allowed(allowed, std::uint32_t(first + i));
        if (!any)
            continue;
        impl.read_rows(first, count, block.data());
        for (std::size_t i = 0; i < count; ++i) {
            const auto pos = static_cast<std::uint32_t>(first + i);
            if (is_allowed(allowed, pos) && impl.live(pos))
                top.offer(dot(q.data(), block.data() + i * impl.dim, impl.dim), pos);
        }
    }
    return top.take();
}

} // namespace memlens

namespace memlens {

std::vector<TopicIndex::BeamRecall> TopicIndex::beam_recall(const std::vector<int>& widths,
                                                            std::size_t samples,
                                                            const BeamOptions& base,
                                                            std::size_t asked) const {
    check_off_ui_thread("TopicIndex::beam_recall");
    constexpr std::size_t kTop = 10;
    std::vector<BeamRecall> out;
    if (!impl_ || impl_->dim == 0 || samples == 0 || impl_->size() < 2 * (kTop + 1))
        return out;
    const Impl& impl = *impl_;
    const std::size_t n = impl.size();
    const std::size_t dim = impl.dim;
    // Queries spread evenly over the positions (the index's order mixes sources and times):
    // the middle of each of `samples` equal slices, or the next live row after it.
    std::vector<std::uint32_t> at;
    std::vector<float> queries;
    for (std::size_t i = 0; i < samples; ++i) {
        std::size_t pos = (2 * i + 1) * n / (2 * samples);
        while (pos < n && !impl.live(pos))
            ++pos;
        if (pos >= n || (!at.empty() && at.back() == pos))
            continue;
        at.push_back(static_cast<std::uint32_t>(pos));
        queries.resize(queries.size() + dim);
        impl.read_rows(pos, 1, queries.data() + queries.size() - dim);
    }
    // The exact top 10 of every query in one pass over the rows, each query left out of its own.
    std::vector<TopK> exact;
    exact.reserve(at.size());
    for (std::size_t q = 0; q < at.size(); ++q)
        exact.emplace_back(impl, kTop + 1);
    constexpr std::size_t kBlockRows = 2048;
    std::vector<float> block(std::min(n, kBlockRows) * dim);
    for (std::size_t first = 0; first < n; first += kBlockRows) {
        const std::size_t count = std::min(kBlockRows, n - first);
        impl.read_rows(first, count, block.data());
        for (std::size_t r = 0; r < count; ++r) {
            const auto pos = static_cast<std::uint32_t>(first + r);
            if (!impl.live(pos))
                continue;
            for (std::size_t q = 0; q < at.size(); ++q)
                if (pos != at[q])
                    exact[q].offer(dot(queries.data() + q * dim, block.data() + r * dim, dim), pos);
        }
    }
    std::vector<std::set<std::string>> truth;
    for (std::size_t q = 0; q < at.size(); ++q) {
        std::set<std::string> ids;
        for (auto& h : exact[q].take())
            if (ids.size() < kTop)
                ids.insert(std::move(h.node_id));
        truth.push_back(std::move(ids));
    }
    for (int width : widths) {
        BeamOptions beam = base;
        beam.beam_width = width;
        std::size_t found = 0, wanted = 0;
        for (std::size_t q = 0; q < at.size(); ++q) {
            const std::string_view self = impl.id(at[q]);
            std::size_t kept = 0;
            // Asked for as many as the leg asks: above kTwoPassMin members the descent keeps
            // kRerankPerHit × that many of its int8 pass for the float re-rank.
            for (const auto& h :
                 search({queries.data() + q * dim, dim}, std::max(asked, kTop) + 1, beam)) {
                if (h.node_id == self || kept == kTop)
                    continue;
                ++kept;
                found += truth[q].count(h.node_id);
            }
            wanted += truth[q].size();
        }
        out.push_back({width, wanted == 0 ? 1.0 : double(found) / double(wanted)});
    }
    return out;
}

std::optional<double> TopicIndex::measured_beam_recall(int width) const {
    if (!impl_)
        return std::nullopt;
    std::optional<double> best;
    for (const auto& m : impl_->beam_recall)
        if (m.width <= width)
            best = m.recall; // widths ascending: the widest measured at or below `width`
    return best;
}

} // namespace memlens
