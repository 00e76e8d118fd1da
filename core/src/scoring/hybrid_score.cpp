#include <memlens/scoring.h>

namespace memlens {

RetrievalScoreBreakdown hybrid_score(const WeightProfile& profile, double graph_relevance,
                                     double vector_similarity, double keyword_relevance,
                                     double freshness) {
    RetrievalScoreBreakdown b;
    b.graph_relevance = graph_relevance;
    b.vector_similarity = vector_similarity;
    b.keyword_relevance = keyword_relevance;
    b.freshness = freshness;
    b.contributions.graph = profile.graph * graph_relevance;
    b.contributions.vector = profile.vector * vector_similarity;
    b.contributions.keyword = profile.keyword * keyword_relevance;
    b.contributions.freshness = profile.freshness * freshness;
    // Summed in the documented order so a reader re-adding the contributions gets the same bits.
    b.final_score = b.contributions.graph + b.contributions.vector + b.contributions.keyword +
                    b.contributions.freshness;
    return b;
}

} // namespace memlens
