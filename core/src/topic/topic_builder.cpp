// Building the topic tree: recursive spherical k-means until topics are small enough to score
// whole (max_leaf_items) or the depth cap is reached.
#include "embed/feature_hash.h"
#include "topic/kmeans.h"
#include "topic/topic_index_impl.h"

#include <algorithm>
#include <cmath>

namespace memlens {

namespace {

class Builder {
public:
    Builder(TopicIndex::Impl& impl, const TopicTreeOptions& opts)
        : impl_(impl)
        , opts_(opts) {
        opts_.branching = std::max(2, opts_.branching);
        opts_.max_leaf_items = std::max(1, opts_.max_leaf_items);
        opts_.max_depth = std::max(0, opts_.max_depth);
    }

    void run() {
        impl_.nodes.clear();
        impl_.centroids.clear();
        std::vector<std::uint32_t> all(impl_.size());
        for (std::size_t i = 0; i < all.size(); ++i)
            all[i] = static_cast<std::uint32_t>(i);
        add_node("t", -1, 0);
        split(0, std::move(all));
    }

    // Splits the leaves that outgrew twice the leaf size (new vectors assigned by descent)
    // below their own keys, as the builder would have split them.
    std::size_t split_overfull() {
        const std::size_t limit = 2 * std::size_t(opts_.max_leaf_items);
        std::size_t split_count = 0;
        const std::size_t existing = impl_.nodes.size(); // children appended below are small
        for (std::size_t i = 0; i < existing; ++i) {
            TopicNode& node = impl_.nodes[i];
            if (!node.leaf || node.depth >= opts_.max_depth || node.members.size() <= limit)
                continue;
            std::vector<std::uint32_t> members = std::move(node.members);
            node.members.clear();
            split(int(i), std::move(members));
            ++split_count;
        }
        return split_count;
    }

private:
    int add_node(std::string key, int parent, int depth) {
        TopicNode node;
        node.key = std::move(key);
        node.parent = parent;
        node.depth = depth;
        impl_.nodes.push_back(std::move(node));
        impl_.centroids.resize(impl_.nodes.size() * impl_.dim, 0.0f);
        return static_cast<int>(impl_.nodes.size()) - 1;
    }

    // The normalised mean: the direction that is most cosine-similar to the members overall.
    void set_centroid(int node, const std::vector<std::uint32_t>& members) {
        const std::size_t dim = impl_.dim;
        std::vector<double> sum(dim, 0.0);
        for (std::uint32_t pos : members) {
            const float* v = impl_.vec(pos);
            for (std::size_t d = 0; d < dim; ++d)
                sum[d] += v[d];
        }
        double norm = 0.0;
        for (double x : sum)
            norm += x * x;
        float* c = impl_.owned_centroid(std::size_t(node));
        const double inv = norm > 0.0 ? 1.0 / std::sqrt(norm) : 0.0;
        for (std::size_t d = 0; d < dim; ++d)
            c[d] = static_cast<float>(sum[d] * inv);
    }

    void split(int node, std::vector<std::uint32_t> members) {
        set_centroid(node, members);
        const std::size_t n = members.size();
        const std::size_t leaf_cap = std::size_t(opts_.max_leaf_items);
        if (n <= leaf_cap || impl_.nodes[std::size_t(node)].depth >= opts_.max_depth) {
            impl_.nodes[std::size_t(node)].members = std::move(members);
            return;
        }
        const int k = static_cast<int>(std::clamp<std::size_t>((n + leaf_cap - 1) / leaf_cap, 2,
                                                               std::size_t(opts_.branching)));
        const std::string key = impl_.nodes[std::size_t(node)].key;
        embed::FeatureHash h('k');
        h.feed(key);
        auto groups = topic::spherical_kmeans(impl_.data.data(), impl_.dim, members, k,
                                              opts_.seed ^ h.finish());
        if (groups.size() < 2) {
            // Identical (or all-zero) vectors: no direction separates them, but leaves must stay
            // small enough to score whole, so deal them out evenly.
            groups.assign(std::size_t(k), {});
            for (std::size_t i = 0; i < n; ++i)
                groups[i % std::size_t(k)].push_back(members[i]);
        }
        members = {};
        impl_.nodes[std::size_t(node)].leaf = false;
        const int depth = impl_.nodes[std::size_t(node)].depth + 1;
        for (std::size_t i = 0; i < groups.size(); ++i) {
            const int child = add_node(key + "." + std::to_string(i), node, depth);
            impl_.nodes[std::size_t(node)].children.push_back(child);
            split(child, std::move(groups[i]));
        }
    }

    TopicIndex::Impl& impl_;
    TopicTreeOptions opts_;
};

} // namespace

void build_topic_tree(TopicIndex::Impl& impl, const TopicTreeOptions& opts) {
    Builder(impl, opts).run();
    impl.finalize();
}

std::size_t split_overfull_leaves(TopicIndex::Impl& impl, const TopicTreeOptions& opts) {
    return Builder(impl, opts).split_overfull();
}

} // namespace memlens
