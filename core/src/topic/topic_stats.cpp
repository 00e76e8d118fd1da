// What the beam ranks topics by. A topic's centroid says where its members are on average; a
// short query can sit far from every centroid and still be close to a few members of a topic
// whose other members point elsewhere (docs/embeddings.md, "Scoring a topic"). So a topic is
// scored by an estimate of its best member instead: the mean similarity of its members plus
// z(n) standard deviations of their similarity, with the variance taken dimension by dimension
// and z(n) = sqrt(2 ln n), the expected best of n normal draws.
#include "topic/topic_index_impl.h"

#include <algorithm>
#include <cmath>

namespace memlens {

void TopicIndex::Impl::compute_topic_stats() {
    const std::size_t count = nodes.size();
    // Per topic, the mean of its members' rows and of their squares. Children follow their
    // parent in `nodes`, so walking backwards finishes every child before its parent.
    std::vector<float> mean(count * dim, 0.0f), square(count * dim, 0.0f);
    std::vector<double> sum(dim), sum_sq(dim);
    for (std::size_t i = count; i-- > 0;) {
        const TopicNode& node = nodes[i];
        float* m = mean.data() + i * dim;
        float* s = square.data() + i * dim;
        if (node.leaf) {
            std::fill(sum.begin(), sum.end(), 0.0);
            std::fill(sum_sq.begin(), sum_sq.end(), 0.0);
            for (std::uint32_t pos : node.members) {
                const float* v = vec(pos);
                for (std::size_t d = 0; d < dim; ++d) {
                    sum[d] += v[d];
                    sum_sq[d] += double(v[d]) * v[d];
                }
            }
            const double inv = node.members.empty() ? 0.0 : 1.0 / double(node.members.size());
            for (std::size_t d = 0; d < dim; ++d) {
                m[d] = float(sum[d] * inv);
                s[d] = float(sum_sq[d] * inv);
            }
        } else if (node.member_count > 0) {
            for (int child : node.children) {
                const double w =
                    double(nodes[std::size_t(child)].member_count) / double(node.member_count);
                const float* cm = mean.data() + std::size_t(child) * dim;
                const float* cs = square.data() + std::size_t(child) * dim;
                for (std::size_t d = 0; d < dim; ++d) {
                    m[d] += float(w * cm[d]);
                    s[d] += float(w * cs[d]);
                }
            }
        }
    }
    owned_topic_codes.assign(count * 2 * dim, 0);
    owned_topic_scales.assign(count * 2, 0.0f);
    std::vector<float> variance(dim);
    for (std::size_t i = 0; i < count; ++i) {
        const float* m = mean.data() + i * dim;
        const float* s = square.data() + i * dim;
        for (std::size_t d = 0; d < dim; ++d)
            variance[d] = std::max(0.0f, s[d] - m[d] * m[d]);
        std::int8_t* code = owned_topic_codes.data() + i * 2 * dim;
        owned_topic_scales[2 * i] = quantize_row(m, dim, code);
        owned_topic_scales[2 * i + 1] = quantize_nonnegative_row(variance.data(), dim, code + dim);
    }
    compute_topic_z();
}

void TopicIndex::Impl::compute_topic_z() {
    topic_z.resize(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const double n = double(std::max<std::size_t>(2, nodes[i].member_count));
        topic_z[i] = float(std::sqrt(2.0 * std::log(n)));
    }
}

TopicQuery make_topic_query(const float* unit_query, std::size_t dim) {
    TopicQuery q;
    q.q.resize(dim);
    q.q_scale = quantize_row(unit_query, dim, q.q.data());
    std::vector<float> squares(dim);
    for (std::size_t d = 0; d < dim; ++d)
        squares[d] = unit_query[d] * unit_query[d];
    q.q2.resize(dim);
    q.q2_scale = quantize_nonnegative_row(squares.data(), dim, q.q2.data());
    return q;
}

float topic_score(const TopicIndex::Impl& impl, const TopicQuery& q, std::size_t node) {
    const std::int8_t* code = impl.topic_code(node);
    const float* scales = impl.topic_scales(node);
    const float mean = float(dot_i8(q.q.data(), code, impl.dim)) * q.q_scale * scales[0];
    const float variance =
        float(dot_i8(q.q2.data(), code + impl.dim, impl.dim)) * q.q2_scale * scales[1];
    return mean + impl.topic_z[node] * std::sqrt(std::max(0.0f, variance));
}

} // namespace memlens
