// Spherical k-means, the clustering step of the topic tree.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace memlens::topic {

// Splits `members` (row indices into `data`, a row-major n × dim array of unit vectors) into
// at most k groups by cosine. k-means++ seeding from `seed`, Lloyd iterations on a sample of at
// most `sample_size` rows, then every member assigned to its nearest centroid. Deterministic
// for the same inputs. Empty groups are dropped; members keep their input order in each group.
std::vector<std::vector<std::uint32_t>>
spherical_kmeans(const float* data, std::size_t dim, const std::vector<std::uint32_t>& members,
                 int k, std::uint64_t seed, std::size_t sample_size = 8192, int iterations = 10);

} // namespace memlens::topic
