// TopicIndex: construction, accessors, and the bookkeeping shared by build and load.
#include "topic/topic_index_impl.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace memlens {

void TopicIndex::Impl::prepare_vectors() {
    const std::size_t n = dim == 0 ? 0 : data.size() / dim;
    if (ids.size() > n)
        ids.resize(n);
    data.resize(ids.size() * dim);
    for (std::size_t pos = 0; pos < ids.size(); ++pos) {
        float* v = data.data() + pos * dim;
        double sum = 0.0;
        for (std::size_t d = 0; d < dim; ++d)
            sum += double(v[d]) * v[d];
        if (sum > 0.0 && std::isfinite(sum)) {
            const double inv = 1.0 / std::sqrt(sum);
            for (std::size_t d = 0; d < dim; ++d)
                v[d] = static_cast<float>(v[d] * inv);
        } else {
            std::fill_n(v, dim, 0.0f);
        }
    }
    index_ids();
}

void TopicIndex::Impl::index_ids() {
    by_id.resize(ids.size());
    std::iota(by_id.begin(), by_id.end(), std::uint32_t{0});
    std::sort(by_id.begin(), by_id.end(),
              [&](std::uint32_t a, std::uint32_t b) { return ids[a] < ids[b]; });
}

std::optional<std::uint32_t> TopicIndex::Impl::find(std::string_view node_id) const {
    if (file && !delta_ids.empty()) {
        // The incremental part first: a node written again since the file is found there.
        auto it = std::lower_bound(
            delta_by_id.begin(), delta_by_id.end(), node_id,
            [&](std::uint32_t off, std::string_view v) { return delta_ids[off] < v; });
        for (; it != delta_by_id.end() && delta_ids[*it] == node_id; ++it)
            if (live(mapped_count + *it))
                return static_cast<std::uint32_t>(mapped_count + *it);
    }
    const std::uint32_t* first = file ? mapped_by_id : by_id.data();
    const std::uint32_t* last = first + base_size();
    const std::uint32_t* it = std::lower_bound(
        first, last, node_id, [&](std::uint32_t pos, std::string_view v) { return id(pos) < v; });
    if (it == last || id(*it) != node_id || !live(*it))
        return std::nullopt;
    return *it;
}

void TopicIndex::Impl::add_delta(std::string node_id, const float* row) {
    if (auto old = find(node_id))
        kill(*old);
    const auto offset = static_cast<std::uint32_t>(delta_ids.size());
    delta_ids.push_back(std::move(node_id));
    const std::size_t at = delta_data.size();
    delta_data.insert(delta_data.end(), row, row + dim);
    double sum = 0.0;
    for (std::size_t d = 0; d < dim; ++d)
        sum += double(delta_data[at + d]) * delta_data[at + d];
    if (sum > 0.0 && std::isfinite(sum)) {
        const double inv = 1.0 / std::sqrt(sum);
        for (std::size_t d = 0; d < dim; ++d)
            delta_data[at + d] = static_cast<float>(delta_data[at + d] * inv);
    } else {
        std::fill_n(delta_data.begin() + std::ptrdiff_t(at), dim, 0.0f);
    }
    if (!dead.empty())
        dead.push_back(0);
    // Stable for equal ids: the newest entry of a node sorts after its dead predecessors.
    auto it = std::upper_bound(
        delta_by_id.begin(), delta_by_id.end(), delta_ids.back(),
        [&](const std::string& v, std::uint32_t off) { return v < delta_ids[off]; });
    delta_by_id.insert(it, offset);
}

void TopicIndex::Impl::materialize(const TopicTreeOptions& opts) {
    if (!file)
        return;
    const std::size_t n = size();
    std::vector<std::string> new_ids;
    std::vector<float> new_data;
    new_ids.reserve(n);
    new_data.reserve(n * dim);
    std::vector<float> new_centroids(nodes.size() * dim);
    for (std::size_t i = 0; i < nodes.size(); ++i)
        std::copy_n(centroid(i), dim, new_centroids.data() + i * dim);
    std::vector<float> rows;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        TopicNode& node = nodes[i];
        node.members.clear();
        const TopicSpan& t = spans[i];
        if (t.child_count != 0 || t.member_count == 0)
            continue;
        rows.resize(std::size_t(t.member_count) * dim);
        read_rows(t.first_member, t.member_count, rows.data());
        for (std::size_t k = 0; k < t.member_count; ++k) {
            const std::size_t pos = t.first_member + k;
            if (!live(pos))
                continue;
            node.members.push_back(static_cast<std::uint32_t>(new_ids.size()));
            new_ids.emplace_back(id(pos));
            new_data.insert(new_data.end(), rows.begin() + std::ptrdiff_t(k * dim),
                            rows.begin() + std::ptrdiff_t((k + 1) * dim));
        }
    }
    // The new vectors go where greedy descent takes them, as load() places vectors the stored
    // tree lacks.
    for (std::size_t pos = mapped_count; pos < n; ++pos) {
        if (!live(pos))
            continue;
        const float* row = delta_data.data() + (pos - mapped_count) * dim;
        nodes[std::size_t(nearest_leaf(row))].members.push_back(
            static_cast<std::uint32_t>(new_ids.size()));
        new_ids.emplace_back(delta_ids[pos - mapped_count]);
        new_data.insert(new_data.end(), row, row + dim);
        ++info.newly_assigned;
    }
    file.reset();
    mapped_centroids = nullptr;
    mapped_topic_codes = nullptr;
    mapped_topic_scales = nullptr;
    mapped_count = 0;
    mapped_rows = nullptr;
    mapped_codes = nullptr;
    mapped_scales = nullptr;
    mapped_id_offsets = nullptr;
    mapped_id_chars = nullptr;
    mapped_by_id = nullptr;
    mapped_row_crcs = nullptr;
    row_checked.reset();
    zero_row.clear();
    deferred_sections.clear();
    delta_ids.clear();
    delta_data.clear();
    delta_by_id.clear();
    dead.clear();
    file_token.clear();
    ids = std::move(new_ids);
    data = std::move(new_data);
    centroids = std::move(new_centroids);
    index_ids();
    info.split_leaves += split_overfull_leaves(*this, opts);
    finalize();
}

void TopicIndex::Impl::layout_by_leaf() {
    // order[new position] = old position: leaves in node order, members as they stand.
    std::vector<std::uint32_t> order;
    order.reserve(ids.size());
    for (TopicNode& node : nodes) {
        for (std::uint32_t& pos : node.members) {
            order.push_back(pos);
            pos = static_cast<std::uint32_t>(order.size() - 1);
        }
    }
    if (order.size() != ids.size())
        return; // every vector sits in exactly one leaf after build and load; never reached
    // Follow each cycle of the permutation with one spare row, so the peak memory stays at
    // one copy of the vectors (a million 256-d vectors are a gigabyte).
    std::vector<bool> placed(order.size(), false);
    std::vector<float> row(dim);
    for (std::size_t start = 0; start < order.size(); ++start) {
        if (placed[start])
            continue;
        std::copy_n(data.data() + start * dim, dim, row.data());
        std::string id = std::move(ids[start]);
        std::size_t to = start;
        for (;;) {
            placed[to] = true;
            const std::size_t from = order[to];
            if (from == start)
                break;
            std::copy_n(data.data() + from * dim, dim, data.data() + to * dim);
            ids[to] = std::move(ids[from]);
            to = from;
        }
        std::copy_n(row.data(), dim, data.data() + to * dim);
        ids[to] = std::move(id);
    }
    index_ids(); // positions have moved
}

void TopicIndex::Impl::order_breadth_first() {
    for (TopicNode& node : nodes)
        std::sort(node.children.begin(), node.children.end(), [&](int a, int b) {
            return nodes[std::size_t(a)].key < nodes[std::size_t(b)].key;
        });
    std::vector<int> order{0};
    order.reserve(nodes.size());
    for (std::size_t q = 0; q < order.size(); ++q) {
        const auto& children = nodes[std::size_t(order[q])].children;
        order.insert(order.end(), children.begin(), children.end());
    }
    if (order.size() != nodes.size())
        return; // every node hangs below the root after build and load; never reached
    std::vector<int> index_of(nodes.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        index_of[std::size_t(order[i])] = static_cast<int>(i);
    std::vector<TopicNode> moved(nodes.size());
    std::vector<float> moved_centroids(centroids.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        TopicNode& node = moved[i];
        node = std::move(nodes[std::size_t(order[i])]);
        if (node.parent >= 0)
            node.parent = index_of[std::size_t(node.parent)];
        for (int& child : node.children)
            child = index_of[std::size_t(child)];
        std::copy_n(centroids.data() + std::size_t(order[i]) * dim, dim,
                    moved_centroids.data() + i * dim);
    }
    nodes = std::move(moved);
    centroids = std::move(moved_centroids);
}

void TopicIndex::Impl::finalize() {
    // Siblings next to each other, so the beam reads the children of a topic as one block.
    order_breadth_first();
    for (std::size_t i = nodes.size(); i-- > 0;) {
        TopicNode& node = nodes[i];
        if (node.leaf) {
            // Closest first, so a leaf that outgrew max_leaf_items loses its outliers when
            // search caps the members it scores.
            const float* c = centroid(i);
            std::vector<std::pair<float, std::uint32_t>> ranked;
            ranked.reserve(node.members.size());
            for (std::uint32_t pos : node.members)
                ranked.emplace_back(-dot(vec(pos), c, dim), pos);
            std::sort(ranked.begin(), ranked.end());
            for (std::size_t m = 0; m < ranked.size(); ++m)
                node.members[m] = ranked[m].second;
            node.member_count = node.members.size();
        } else {
            // Children follow their parent in `nodes`, so walking backwards sums bottom-up.
            node.member_count = 0;
            for (int child : node.children)
                node.member_count += nodes[std::size_t(child)].member_count;
        }
    }
    layout_by_leaf();
    encode_codes();
    index_spans();
    compute_topic_stats();
}

bool TopicIndex::Impl::index_spans() {
    spans.assign(nodes.size(), {});
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const TopicNode& node = nodes[i];
        TopicSpan& span = spans[i];
        if (!node.children.empty()) {
            span.first_child = static_cast<std::uint32_t>(node.children.front());
            span.child_count = static_cast<std::uint32_t>(node.children.size());
            for (std::size_t c = 0; c < node.children.size(); ++c)
                if (node.children[c] != int(span.first_child + c))
                    return false;
        }
        if (!node.members.empty()) {
            span.first_member = node.members.front();
            span.member_count = static_cast<std::uint32_t>(node.members.size());
            for (std::size_t m = 0; m < node.members.size(); ++m)
                if (node.members[m] != span.first_member + m)
                    return false;
        }
    }
    index_leaves();
    return true;
}

void TopicIndex::Impl::index_leaves() {
    leaves_by_position.clear();
    for (std::size_t i = 0; i < spans.size(); ++i)
        if (spans[i].child_count == 0 && spans[i].member_count > 0)
            leaves_by_position.push_back(static_cast<std::uint32_t>(i));
    std::sort(leaves_by_position.begin(), leaves_by_position.end(),
              [&](std::uint32_t a, std::uint32_t b) {
                  return spans[a].first_member < spans[b].first_member;
              });
}

int TopicIndex::Impl::leaf_at(std::size_t pos) const {
    // The last leaf starting at or before pos.
    auto it = std::upper_bound(
        leaves_by_position.begin(), leaves_by_position.end(), pos,
        [&](std::size_t p, std::uint32_t leaf) { return p < spans[leaf].first_member; });
    if (it == leaves_by_position.begin())
        return -1;
    const std::uint32_t leaf = *--it;
    return pos < std::size_t(spans[leaf].first_member) + spans[leaf].member_count ? int(leaf) : -1;
}

int TopicIndex::Impl::nearest_leaf(const float* v) const {
    int node = 0;
    while (!nodes[std::size_t(node)].leaf) {
        int best = -1;
        float best_score = 0.0f;
        for (int child : nodes[std::size_t(node)].children) { // by key: the first of a tie wins
            const float s = dot(v, centroid(std::size_t(child)), dim);
            if (best < 0 || s > best_score) {
                best = child;
                best_score = s;
            }
        }
        node = best;
    }
    return node;
}

std::vector<std::string> TopicIndex::Impl::path_keys(int node) const {
    std::vector<std::string> path;
    for (; node >= 0; node = nodes[std::size_t(node)].parent)
        path.push_back(nodes[std::size_t(node)].key);
    std::reverse(path.begin(), path.end());
    return path;
}

TopicIndex::TopicIndex()
    : impl_(std::make_unique<Impl>()) {
    build_topic_tree(*impl_, {});
}
TopicIndex::TopicIndex(std::unique_ptr<Impl> impl)
    : impl_(std::move(impl)) {}
TopicIndex::~TopicIndex() = default;
TopicIndex::TopicIndex(TopicIndex&&) noexcept = default;
TopicIndex& TopicIndex::operator=(TopicIndex&&) noexcept = default;

TopicIndex TopicIndex::build(std::vector<std::string> ids, std::vector<Vector> vectors,
                             const TopicTreeOptions& opts) {
    std::size_t dim = vectors.empty() ? 0 : vectors.front().size();
    std::vector<std::string> kept_ids;
    std::vector<float> flat;
    std::size_t skipped = 0;
    const std::size_t n = std::min(ids.size(), vectors.size());
    kept_ids.reserve(n);
    flat.reserve(n * dim);
    for (std::size_t i = 0; i < n; ++i) {
        if (vectors[i].size() != dim) {
            ++skipped;
            continue;
        }
        kept_ids.push_back(std::move(ids[i]));
        flat.insert(flat.end(), vectors[i].begin(), vectors[i].end());
        Vector().swap(vectors[i]); // keep the peak at about one copy of the vectors
    }
    TopicIndex index = build(std::move(kept_ids), std::move(flat), dim, opts);
    index.impl_->info.skipped_vectors = skipped;
    return index;
}

TopicIndex TopicIndex::build(std::vector<std::string> ids, std::vector<float> flat, std::size_t dim,
                             const TopicTreeOptions& opts) {
    auto impl = std::make_unique<Impl>();
    impl->dim = dim;
    impl->ids = std::move(ids);
    impl->data = std::move(flat);
    impl->prepare_vectors();
    build_topic_tree(*impl, opts);
    impl->info.rebuilt = true;
    return TopicIndex(std::move(impl));
}

std::size_t TopicIndex::size() const {
    return impl_ ? impl_->size() : 0;
}
std::size_t TopicIndex::dim() const {
    return impl_ ? impl_->dim : 0;
}
std::string TopicIndex::damage() const {
    if (!impl_)
        return {};
    std::lock_guard lock(impl_->damage_mutex);
    return impl_->damage;
}

const TopicLoadInfo& TopicIndex::load_info() const {
    static const TopicLoadInfo kNone;
    return impl_ ? impl_->info : kNone;
}

std::optional<std::size_t> TopicIndex::position(std::string_view node_id) const {
    if (!impl_)
        return std::nullopt;
    if (auto pos = impl_->find(node_id))
        return *pos;
    return std::nullopt;
}

std::string_view TopicIndex::id_at(std::size_t pos) const {
    if (!impl_ || pos >= impl_->size())
        throw std::out_of_range("TopicIndex::id_at");
    return impl_->id(pos);
}

void TopicIndex::copy_vector(std::size_t pos, float* out) const {
    if (!impl_ || pos >= impl_->size())
        throw std::out_of_range("TopicIndex::copy_vector");
    impl_->read_rows(pos, 1, out);
}

void TopicIndex::visit_rows(
    std::vector<std::size_t> positions,
    const std::function<void(std::size_t, std::span<const float>)>& fn) const {
    if (!impl_)
        return;
    std::sort(positions.begin(), positions.end());
    positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
    while (!positions.empty() && positions.back() >= impl_->size())
        positions.pop_back();
    impl_->visit_rows(positions, [&](std::size_t pos, const float* row) {
        fn(pos, std::span<const float>(row, impl_->dim));
    });
}

bool TopicIndex::mapped() const {
    return impl_ && impl_->file != nullptr;
}

Vector TopicIndex::vector_at(std::size_t pos) const {
    if (!impl_ || pos >= impl_->size())
        return {};
    Vector v(impl_->dim);
    impl_->read_rows(pos, 1, v.data());
    return v;
}

std::vector<std::string> TopicIndex::topic_path_of(std::size_t pos) const {
    const int leaf = impl_ && pos < impl_->size() ? impl_->leaf_at(pos) : -1;
    if (leaf < 0)
        return {};
    return impl_->path_keys(leaf);
}

std::vector<TopicInfo> TopicIndex::topics() const {
    std::vector<TopicInfo> out;
    if (!impl_ || impl_->nodes.empty())
        return out;
    // Breadth-first over the key-sorted children: parents before children, siblings by key.
    std::vector<int> queue{0};
    for (std::size_t q = 0; q < queue.size(); ++q) {
        const TopicNode& node = impl_->nodes[std::size_t(queue[q])];
        TopicInfo info;
        info.key = node.key;
        if (node.parent >= 0)
            info.parent_key = impl_->nodes[std::size_t(node.parent)].key;
        info.depth = node.depth;
        info.is_leaf = node.leaf;
        info.member_count = node.member_count;
        out.push_back(std::move(info));
        queue.insert(queue.end(), node.children.begin(), node.children.end());
    }
    return out;
}

} // namespace memlens
