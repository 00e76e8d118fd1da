#include <memlens/scoring.h>
#include <memlens/time_util.h>

#include <cmath>

namespace memlens {

double freshness(std::int64_t updated_at_ms, std::int64_t now_ms, double half_life_days) {
    // A non-positive (or NaN) half-life means "no decay", and clock skew must not push a score
    // above 1.
    if (!(half_life_days > 0.0) || updated_at_ms >= now_ms)
        return 1.0;
    const double age_days =
        static_cast<double>(now_ms - updated_at_ms) / static_cast<double>(kMsPerDay);
    return std::pow(0.5, age_days / half_life_days);
}

} // namespace memlens
