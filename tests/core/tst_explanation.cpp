// The explanation contract (docs/explanations.md): for every hit of many generated queries, the
// final score and the order are recomputed from the explanation alone (plus the index's
// vectors for the MMR similarities) and must come out bit for bit the same. Also through the
// CLI's JSON, since that is what other tools read.
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/ingest.h>
#include <memlens/search.h>
#include <memlens/text.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <map>

namespace tst_explanation {

using namespace memlens;

namespace {

// Explanation::signals read through a function outside any QObject class: moc treats the
// word `signals` in a class body as Qt's keyword.
const SignalSet& signals_of(const Explanation& e) {
    return e.signal_values;
}

using test::must;

QString fail_at(const std::string& query, const RetrievalHit& h, const char* what) {
    return QStringLiteral("query '%1', hit %2: %3")
        .arg(QString::fromStdString(query), QString::fromStdString(h.node_id),
             QString::fromLatin1(what));
}

#define EXPECT(cond, what)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            QFAIL(qPrintable(fail_at(query, h, what)));                                            \
    } while (false)

} // namespace

class TestExplanation : public QObject {
    Q_OBJECT

    test::TempDir tmp_;
    std::unique_ptr<Vault> vault_;
    std::unique_ptr<SearchEngine> engine_;
    std::vector<std::string> queries_;
    std::size_t checked_hits_ = 0;
    std::size_t boosted_hits_ = 0;
    // How many verdicts of each kind the checks saw: each wording is exercised.
    struct {
        std::size_t keyword_decided = 0, vector_decided = 0, keyword_only = 0, vector_only = 0,
                    profile = 0, recency = 0, graph = 0, supersession = 0;
    } verdicts_;

    // Every number of one hit against the documented arithmetic (docs/explanations.md).
    void check_hit(const std::string& query, const SearchResponse& r, const RetrievalHit& h,
                   double top) {
        QVERIFY(h.explanation.has_value());
        const Explanation& e = *h.explanation;
        const bool rrf = e.fusion == "rrf";
        EXPECT(e.rrf_k == r.settings.rrf_k, "rrf_k");
        for (const LegExplanation* leg : {&e.keyword, &e.vector}) {
            if (leg->rank) {
                EXPECT(*leg->rank >= 1, "ranks are 1-based");
                EXPECT(leg->rrf_term == leg->weight / static_cast<double>(e.rrf_k + *leg->rank),
                       "rrf term = weight / (k + rank)");
            } else {
                EXPECT(leg->rrf_term == 0.0, "absent leg contributes 0");
            }
        }
        EXPECT(e.keyword.weight == r.keyword.weight && e.vector.weight == r.vector.weight,
               "leg weights");
        EXPECT(e.vector.author_factor == 1.0, "the author factor is the keyword leg's");
        EXPECT(e.keyword.author_factor == 1.0 ||
                   (e.keyword.rank && e.keyword.author_factor == 1.0 + r.settings.author_boost),
               "author factor = 1 + author_boost, or 1");
        if (e.keyword.author_factor > 1.0)
            ++boosted_hits_;
        if (e.keyword.rank) {
            const double parts = e.keyword.bm25 * e.keyword.coverage_factor *
                                 e.keyword.author_factor * e.keyword.time_factor *
                                 e.keyword.question_factor;
            EXPECT(std::abs(parts - e.keyword.raw_score) <= 1e-12 * std::abs(e.keyword.raw_score),
                   "keyword raw score = bm25 × coverage, author and time factors");
            EXPECT(e.keyword.time_factor == 1.0 ||
                       e.keyword.time_factor == 1.0 + r.settings.day_boost,
                   "time factor = 1 + day_boost, or 1");
            const bool asks = !h.content.empty() &&
                              h.content.find_last_not_of(" \t\r\n") != std::string::npos &&
                              h.content[h.content.find_last_not_of(" \t\r\n")] == '?';
            EXPECT(e.keyword.question_factor == (asks ? r.settings.question_factor : 1.0) ||
                       e.budget_cut,
                   "question factor for hits that end with '?'");
            EXPECT(e.keyword.coverage > 0.0 && e.keyword.coverage <= 1.0, "coverage in (0, 1]");
            EXPECT(std::abs(e.keyword.coverage_factor -
                            std::pow(e.keyword.coverage, r.settings.coverage_power)) <= 1e-15,
                   "coverage factor = coverage ^ power");
        }
        EXPECT(e.rrf_score == e.vector.rrf_term + e.keyword.rrf_term, "rrf score = sum of terms");
        EXPECT(e.recency.factor == 1.0 / (1.0 + e.recency.age_days), "recency factor");
        EXPECT(e.contributions.graph == e.weights.graph * signals_of(e).graph,
               "graph contribution");
        EXPECT(e.contributions.vector == e.weights.vector * signals_of(e).vector,
               "vector contribution");
        EXPECT(e.contributions.keyword == e.weights.keyword * signals_of(e).keyword,
               "keyword contribution");
        EXPECT(e.contributions.freshness == e.weights.freshness * signals_of(e).freshness,
               "freshness contribution");
        for (double s : {signals_of(e).graph, signals_of(e).vector, signals_of(e).keyword,
                         signals_of(e).freshness})
            EXPECT(s >= 0.0 && s <= 1.0, "signals in [0, 1]");
        if (rrf) {
            EXPECT(e.entity_boost == r.settings.entity_boost, "entity boost");
            EXPECT(e.entity_factor == 1.0 + e.entity_boost * signals_of(e).graph,
                   "entity factor = 1 + boost × graph signal");
        } else {
            EXPECT(e.entity_factor == 1.0, "profile fusion counts the graph signal once");
        }
        const double base =
            rrf ? e.rrf_score * (1.0 + e.recency.boost * e.recency.factor) * e.entity_factor
                : e.contributions.graph + e.contributions.vector + e.contributions.keyword +
                      e.contributions.freshness;
        EXPECT(e.final_score == base * e.superseded_penalty, "final score formula");
        EXPECT(h.score == e.final_score, "hit score is the final score");
        EXPECT(e.superseded_penalty == 1.0 || !e.graph_context.superseded_by.empty() ||
                   e.superseded_penalty == r.settings.superseded_demote_factor,
               "penalty only for superseded hits");
        EXPECT(e.mmr.relevance == (top > 0.0 ? e.final_score / top : 0.0), "mmr relevance");
        if (e.mmr.step >= 0) {
            const double lambda = r.mmr_lambda;
            EXPECT(e.mmr.mmr_score ==
                       lambda * e.mmr.relevance - (1.0 - lambda) * e.mmr.max_similarity,
                   "mmr score");
        }
        EXPECT(!e.topic_path.empty() || engine_->index().size() == 0 || !e.vector.rank ||
                   r.vector.exact,
               "a beam hit has a topic path");
        // The keyword signal is the leg's own judgement: never 0 for a hit it ranked.
        if (e.keyword.rank)
            EXPECT(signals_of(e).keyword > 0.0, "a keyword-ranked hit has keyword relevance");
        else
            EXPECT(signals_of(e).keyword == 0.0, "no keyword rank, no keyword relevance");
        check_terms(query, r, h);
        ++checked_hits_;
    }

    // The term table of a returned hit the keyword leg ranked: every query term × column,
    // each number as documented, the contributions adding up to bm25.
    void check_terms(const std::string& query, const SearchResponse& r, const RetrievalHit& h) {
        const Explanation& e = *h.explanation;
        const auto& terms = e.keyword.terms;
        EXPECT(e.vector.terms.empty(), "the vector leg has no term table");
        if (!e.keyword.rank || e.mmr.step < 0) {
            EXPECT(terms.empty(), "term tables only for returned keyword hits");
            return;
        }
        const std::size_t ncol = h.node_kind == NodeKind::Summary ? 1 : 4;
        auto tokens = keyword_tokens(query);
        if (tokens.size() > static_cast<std::size_t>(r.settings.max_query_terms))
            tokens.resize(static_cast<std::size_t>(r.settings.max_query_terms));
        EXPECT(!terms.empty(), "a returned keyword hit has a term table");
        EXPECT(terms.size() == ncol * tokens.size(), "one entry per query term x column");
        double sum = 0.0;
        std::size_t matched = 0;
        for (std::size_t i = 0; i < terms.size(); ++i) {
            const TermEvidence& t = terms[i];
            EXPECT(t.term == tokens[i / ncol], "terms in query order");
            EXPECT(t.matched == (t.tf > 0), "matched = tf > 0");
            EXPECT(
                t.length_norm ==
                    1.0 - t.b +
                        (t.average_length > 0.0 ? t.b * t.column_length / t.average_length : 0.0),
                "length norm = 1 - b + b len / avglen");
            EXPECT(t.weighted_tf == (t.tf > 0 ? t.column_weight * t.tf / t.length_norm : 0.0),
                   "weighted tf = w tf / norm");
            EXPECT(t.matched || t.contribution == 0.0, "an unmatched term contributes 0");
            EXPECT(t.contribution <= 0.0, "contributions have bm25's sign");
            sum += t.contribution;
            matched += t.matched && t.column_weight > 0.0 ? 1 : 0;
        }
        EXPECT(matched > 0, "a keyword hit matched a term");
        EXPECT(std::abs(sum - e.keyword.bm25) <= 1e-12 * std::abs(e.keyword.bm25),
               "contributions add up to bm25");
    }

    // The verdict: it starts with the hit's place, names each leg's rank, and names a cause
    // (recency, graph context, supersession) exactly when removing it would swap the hit with
    // its neighbour in the fused order.
    void check_verdict(const std::string& query, const RetrievalHit& h, int position,
                       const std::map<int, const RetrievalHit*>& by_fused_rank) {
        const Explanation& e = *h.explanation;
        const std::string& v = e.verdict;
        const std::string place = position > 0 ? "#" + std::to_string(position) : "not returned";
        EXPECT(v.rfind(place, 0) == 0, "the verdict starts with the hit's place");
        const bool rrf = e.fusion == "rrf";
        if (e.keyword.rank)
            EXPECT(v.find("keyword rank " + std::to_string(*e.keyword.rank) + " (") !=
                       std::string::npos,
                   "names the keyword rank");
        if (e.vector.rank)
            EXPECT(v.find("vector rank " + std::to_string(*e.vector.rank) + " (") !=
                       std::string::npos,
                   "names the vector rank");
        if (rrf && e.keyword.rank && e.vector.rank) {
            const bool kw_first = e.keyword.rrf_term > e.vector.rrf_term;
            const std::string decided = (kw_first ? "keyword rank " : "vector rank ") +
                                        std::to_string(kw_first ? *e.keyword.rank : *e.vector.rank);
            EXPECT(e.keyword.rrf_term == e.vector.rrf_term ||
                       (v.find(decided) < v.find(" outweighed ") &&
                        v.find(" outweighed ") != std::string::npos),
                   "the larger RRF term outweighed the other");
            ++(kw_first ? verdicts_.keyword_decided : verdicts_.vector_decided);
        } else if (rrf && e.keyword.rank) {
            EXPECT(v.find("; vector leg ") != std::string::npos, "says the vector leg's part");
            ++verdicts_.keyword_only;
        } else if (rrf && e.vector.rank) {
            EXPECT(v.find("; keyword leg ") != std::string::npos, "says the keyword leg's part");
            ++verdicts_.vector_only;
        }
        if (!rrf) {
            const std::pair<const char*, double> parts[] = {
                {"graph", e.contributions.graph},
                {"vector", e.contributions.vector},
                {"keyword", e.contributions.keyword},
                {"freshness", e.contributions.freshness}};
            const auto* best = &parts[0];
            for (const auto& p : parts)
                if (p.second > best->second)
                    best = &p;
            EXPECT(v.find(std::string("largest part ") + best->first + " ") != std::string::npos,
                   "profile fusion names the largest contribution");
            ++verdicts_.profile;
        }
        struct Cause {
            const char* name;
            double (*without)(const Explanation&);
        };
        const Cause rrf_causes[] = {
            {"recency",
             [](const Explanation& x) {
                 return x.rrf_score * x.entity_factor * x.superseded_penalty;
             }},
            {"graph context (the entity factor)",
             [](const Explanation& x) {
                 return x.rrf_score * (1.0 + x.recency.boost * x.recency.factor) *
                        x.superseded_penalty;
             }},
            {"the supersession penalty", [](const Explanation& x) {
                 return x.rrf_score * (1.0 + x.recency.boost * x.recency.factor) * x.entity_factor;
             }}};
        const Cause profile_causes[] = {{"the supersession penalty", [](const Explanation& x) {
                                             return x.final_score / x.superseded_penalty;
                                         }}};
        const Cause* causes = rrf ? rrf_causes : profile_causes;
        const std::size_t ncauses = rrf ? 3 : 1;
        for (std::size_t i = 0; i < ncauses; ++i) {
            const Cause& c = causes[i];
            for (int side : {-1, 1}) {
                auto n = by_fused_rank.find(e.fused_rank + side);
                const std::string claim =
                    std::string(c.name) +
                    (side < 0 ? " kept it below fused #" : " lifted it above fused #") +
                    std::to_string(e.fused_rank + side);
                const bool said = v.find(claim) != std::string::npos;
                if (n == by_fused_rank.end())
                    continue; // a neighbour the response does not show

                const Explanation& o = *n->second->explanation;
                const bool flipped =
                    side < 0 ? c.without(e) > c.without(o) : c.without(e) < c.without(o);
                EXPECT(said == flipped, "a cause is named exactly when it changed the order");
                if (said)
                    ++(i == 0 && rrf ? verdicts_.recency
                       : i == 1      ? verdicts_.graph
                                     : verdicts_.supersession);
            }
        }
    }

    // The order: steps 0..n-1 in list order, and each pick was MMR's argmax at its step over
    // every candidate the response shows (hits and pushed_out), with its similarity to the
    // earlier picks recomputed from the index's vectors.
    void check_order(const std::string& query, const SearchResponse& r) {
        const auto& hits = r.result.hits;
        std::vector<const RetrievalHit*> known;
        for (const auto& h : hits)
            known.push_back(&h);
        for (const auto& h : r.pushed_out)
            known.push_back(&h);
        auto vec = [&](const RetrievalHit& h) -> Vector {
            auto pos = engine_->index().position(h.node_id);
            return pos ? engine_->index().vector_at(*pos) : Vector{};
        };
        // Recomputed from the cosine: clamped to [0, 1], then rescaled above the floor.
        const double floor = r.settings.mmr_redundancy_floor;
        auto sim = [&](const RetrievalHit& a, const RetrievalHit& b) {
            auto va = vec(a);
            auto vb = vec(b);
            if (va.empty() || vb.empty())
                return 0.0;
            const double c = std::clamp(cosine(va, vb), 0.0, 1.0);
            return floor == 0.0 ? c : std::max(0.0, (c - floor) / (1.0 - floor));
        };
        // Fused order: non-increasing final score.
        std::vector<const RetrievalHit*> by_fused = known;
        std::sort(by_fused.begin(), by_fused.end(), [](auto* a, auto* b) {
            return a->explanation->fused_rank < b->explanation->fused_rank;
        });
        for (std::size_t i = 1; i < by_fused.size(); ++i) {
            const RetrievalHit& h = *by_fused[i];
            EXPECT(by_fused[i - 1]->score >= h.score, "fused ranks follow the final score");
        }
        // The keyword leg ranks by its raw score (bm25 × author factor), most negative first.
        for (const RetrievalHit* a : known) {
            for (const RetrievalHit* b : known) {
                const auto& ka = a->explanation->keyword;
                const auto& kb = b->explanation->keyword;
                if (!ka.rank || !kb.rank || *ka.rank >= *kb.rank)
                    continue;
                const RetrievalHit& h = *b;
                EXPECT(ka.raw_score <= kb.raw_score, "keyword ranks follow bm25 × author factor");
            }
        }
        const double lambda = r.mmr_lambda;
        for (std::size_t step = 0; step < hits.size(); ++step) {
            const RetrievalHit& h = hits[step];
            const Explanation& e = *h.explanation;
            EXPECT(e.mmr.step == static_cast<int>(step), "hits are in MMR step order");
            double max_sim = 0.0;
            std::optional<std::string> by;
            for (std::size_t p = 0; p < step; ++p) {
                const double s = sim(h, hits[p]);
                if (s > max_sim) {
                    max_sim = s;
                    by = hits[p].node_id;
                }
            }
            EXPECT(e.mmr.max_similarity == max_sim, "max similarity to earlier picks");
            EXPECT(e.mmr.penalized_by == by, "penalized_by is the most similar earlier pick");
            for (const RetrievalHit* c : known) {
                if (c->explanation->mmr.step >= 0 && c->explanation->mmr.step <= int(step))
                    continue;
                double c_sim = 0.0;
                for (std::size_t p = 0; p < step; ++p)
                    c_sim = std::max(c_sim, sim(*c, hits[p]));
                const double c_score =
                    lambda * c->explanation->mmr.relevance - (1.0 - lambda) * c_sim;
                EXPECT(c_score < e.mmr.mmr_score || (c_score == e.mmr.mmr_score &&
                                                     c->explanation->fused_rank > e.fused_rank),
                       "the pick was MMR's argmax (ties to the earlier candidate)");
            }
        }
    }

    void check(const std::string& query, const SearchResponse& r) {
        const double top = r.result.hits.empty() ? 0.0 : r.result.hits.front().score;
        if (!r.result.hits.empty()) {
            const RetrievalHit& h = r.result.hits.front();
            EXPECT(h.explanation->fused_rank == 1, "the first pick is the best fused hit");
        }
        for (const auto& h : r.result.hits)
            check_hit(query, r, h, top);
        for (const auto& h : r.pushed_out) {
            check_hit(query, r, h, top);
            const Exclusion by = h.explanation->excluded_by;
            EXPECT(by != Exclusion::None, "every left-out candidate says what left it out");
            EXPECT((h.explanation->mmr.step == -1) ==
                       (by == Exclusion::Mmr || by == Exclusion::Limit),
                   "MMR's leftovers have no step; a budget's cut keeps its pick's step");
        }
        check_order(query, r);
        check_left_out(query, r);
        // Every candidate the response shows, by fused rank: the neighbours a verdict may name.
        std::map<int, const RetrievalHit*> by_fused_rank;
        for (const auto* list : {&r.result.hits, &r.pushed_out})
            for (const auto& h : *list)
                by_fused_rank[h.explanation->fused_rank] = &h;
        int position = 0;
        for (const auto& h : r.result.hits)
            check_verdict(query, h, ++position, by_fused_rank);
        for (const auto& h : r.pushed_out)
            check_verdict(query, h, 0, by_fused_rank);
    }

    // Each candidate MMR left out, recomputed from the formula as it stood at the last step
    // (the picks before the last one), and its verdict: it lost to the last pick, and "mmr"
    // exactly when its relevance alone would have won that step.
    void check_left_out(const std::string& query, const SearchResponse& r) {
        const auto& hits = r.result.hits;
        if (hits.empty() || !r.budget_reasons.empty())
            return;
        const double floor = r.settings.mmr_redundancy_floor;
        auto vec = [&](const RetrievalHit& h) -> Vector {
            auto pos = engine_->index().position(h.node_id);
            return pos ? engine_->index().vector_at(*pos) : Vector{};
        };
        const double lambda = r.mmr_lambda;
        const RetrievalHit& last = hits.back();
        for (const RetrievalHit& h : r.pushed_out) {
            const Explanation& e = *h.explanation;
            double max_sim = 0.0;
            double cos_by = 0.0;
            std::optional<std::string> by;
            for (std::size_t p = 0; p + 1 < hits.size(); ++p) {
                auto va = vec(h);
                auto vb = vec(hits[p]);
                if (va.empty() || vb.empty())
                    continue;
                const double c = cosine(va, vb);
                const double cl = std::clamp(c, 0.0, 1.0);
                const double s = floor == 0.0 ? cl : std::max(0.0, (cl - floor) / (1.0 - floor));
                if (s > max_sim) {
                    max_sim = s;
                    by = hits[p].node_id;
                    cos_by = c;
                }
            }
            EXPECT(e.mmr.max_similarity == max_sim, "left out: redundancy at the last step");
            EXPECT(e.mmr.penalized_by == by, "left out: the most similar earlier pick");
            EXPECT(!by || std::abs(e.mmr.cosine - cos_by) < 1e-9, "left out: that cosine");
            const double score = lambda * e.mmr.relevance - (1.0 - lambda) * max_sim;
            EXPECT(e.mmr.mmr_score == score, "left out: its MMR score at the last step");
            EXPECT(e.mmr.lost_to == last.node_id, "left out: lost the last step to its pick");
            EXPECT(e.mmr.lost_to_score == last.explanation->mmr.mmr_score,
                   "left out: the score it lost to");
            EXPECT(score < e.mmr.lost_to_score || (score == e.mmr.lost_to_score &&
                                                   e.fused_rank > last.explanation->fused_rank),
                   "left out: it did lose");
            const double alone = lambda * e.mmr.relevance;
            const bool would_win = alone > last.explanation->mmr.mmr_score ||
                                   (alone == last.explanation->mmr.mmr_score &&
                                    e.fused_rank < last.explanation->fused_rank);
            EXPECT((e.excluded_by == Exclusion::Mmr) == (max_sim > 0.0 && would_win),
                   "\"mmr\" exactly when the redundancy decided");
            // The verdict says it first, right after the place (after "kept out as an older
            // version: …" when the supersession penalty alone put it below the lowest hit).
            const std::string reason =
                e.excluded_by == Exclusion::Mmr ? "not kept by MMR: " : "below the limit of ";
            const std::string older = "): kept out as an older version: ";
            const std::size_t at = e.verdict.find(reason);
            const bool kept_out = e.verdict.find(older) != std::string::npos;
            EXPECT(at != std::string::npos && at < e.verdict.find("rank") &&
                       (kept_out ? e.verdict.find(older) < at
                                 : e.verdict.compare(at - 2, 2, ": ") == 0),
                   "the verdict of a left-out candidate starts with what left it out");
            double lowest = hits.front().explanation->final_score;
            for (const RetrievalHit& hit : hits)
                lowest = std::min(lowest, hit.explanation->final_score);
            const bool penalized = e.superseded_penalty > 0.0 && e.superseded_penalty < 1.0;
            EXPECT(kept_out == (penalized && e.final_score / e.superseded_penalty > lowest),
                   "an older version kept out by the penalty alone says so first");
        }
    }

private slots:
    void initTestCase() {
        vault_ = must(Vault::create(tmp_.path() / "v"), "create");
        auto emb = must(make_embedder_for(*vault_), "embedder");
        GenerateOptions g;
        g.chunks = 1500;
        g.seed = 11;
        g.days = 90;
        auto sources = must(generate_sources(g), "generate");
        Ingestor ing(*vault_, *emb);
        must(ing.ingest(sources), "ingest");
        SearchEngineOptions o;
        o.audit = false;
        engine_ = must(SearchEngine::open(*vault_, o), "engine");
        // Queries made from the corpus itself: the first words of every 40th message, plus
        // phrasings that hit several legs differently.
        std::size_t n = 0;
        for (const auto& s : sources) {
            for (const auto& it : s.items) {
                if (n++ % 40 != 0)
                    continue;
                auto words = split_words(it.text);
                std::string q;
                for (std::size_t i = 0; i < words.size() && i < 6; ++i)
                    q += words[i] + " ";
                // Six stopwords ("could you do it by then") are refused: tst_hostile_queries.
                if (keyword_tokens(q).empty())
                    continue;
                queries_.push_back(q);
                // Naming the author exercises the keyword leg's author factor.
                if (n % 200 == 1 && !it.author.empty())
                    queries_.push_back("what did " + it.author + " say about " + q);
            }
        }
        for (const char* q : {"what was decided about the launch date", "budget approval",
                              "who owns the migration", "deploy failed on staging"})
            queries_.emplace_back(q);
        QVERIFY(queries_.size() >= 30);
    }

    void everyHitOfManyQueriesRecomputes() {
        const SearchMode modes[] = {SearchMode::Hybrid, SearchMode::Keyword, SearchMode::Semantic};
        std::size_t i = 0;
        for (const auto& q : queries_) {
            SearchRequest req;
            req.query = q;
            req.audit = false;
            req.now_ms = 1'704'067'200'000 + 100LL * 86'400'000;
            req.mode = modes[i % 3];
            req.fusion = (i / 3) % 2 == 0 ? FusionKind::Rrf : FusionKind::Profile;
            req.mmr_lambda = i % 4 == 0 ? 0.3 : 0.7;
            req.recency_boost = i % 5 == 0 ? 2.0 : 0.0;
            req.limit = i % 2 == 0 ? 10 : 25;
            ++i;
            auto r = must(engine_->search(req), "search");
            check(q, r);
            if (QTest::currentTestFailed())
                return;
        }
        QVERIFY(checked_hits_ > 500);
        QVERIFY(boosted_hits_ > 0); // queries that name an author reached the factor
    }

    void beamDescentHitsRecomputeToo() {
        QVERIFY(vault_->set_setting("search.exact_scan_threshold", "0").is_ok());
        QVERIFY(vault_->set_setting("search.superseded", "demote").is_ok());
        // The entity factor and a plain-cosine MMR are part of the same arithmetic.
        QVERIFY(vault_->set_setting("search.entity_boost", "0.5").is_ok());
        QVERIFY(vault_->set_setting("search.mmr_redundancy_floor", "0").is_ok());
        for (std::size_t i = 0; i < queries_.size(); i += 3) {
            SearchRequest req;
            req.query = queries_[i];
            req.audit = false;
            req.now_ms = 1'704'067'200'000 + 100LL * 86'400'000;
            auto r = must(engine_->search(req), "search");
            QVERIFY(!r.vector.exact);
            QCOMPARE(r.settings.entity_boost, 0.5);
            check(queries_[i], r);
            if (QTest::currentTestFailed())
                return;
        }
        QVERIFY(vault_->set_setting("search.exact_scan_threshold", "200000").is_ok());
        QVERIFY(vault_->set_setting("search.entity_boost", "0").is_ok());
        QVERIFY(vault_->set_setting("search.mmr_redundancy_floor", "0.7").is_ok());
    }

    // Each kind of verdict, met on this suite's generated vault and checked by check_verdict:
    // both legs (the keyword leg deciding more at the default weights, the vector leg when it
    // weighs more), one leg only, profile fusion (the largest part), and recency and graph
    // context changing the order.
    void verdictsNameWhatDecided() {
        verdicts_ = {};
        QVERIFY(vault_->set_setting("search.entity_boost", "0.5").is_ok());
        for (std::size_t i = 0; i < queries_.size(); i += 3) {
            const bool vector_heavy = (i / 3) % 2 == 1;
            QVERIFY(vault_->set_setting("search.weight.vector_lexical", vector_heavy ? "3" : "0.01")
                        .is_ok());
            SearchRequest req;
            req.query = queries_[i];
            req.audit = false;
            req.now_ms = 1'704'067'200'000 + 100LL * 86'400'000;
            req.recency_boost = 3.0;
            if ((i / 3) % 4 == 2)
                req.fusion = FusionKind::Profile;
            auto r = must(engine_->search(req), "search");
            check(queries_[i], r);
            if (QTest::currentTestFailed())
                break;
        }
        QVERIFY(vault_->set_setting("search.weight.vector_lexical", "0.01").is_ok());
        QVERIFY(vault_->set_setting("search.entity_boost", "0").is_ok());
        QVERIFY(verdicts_.keyword_decided > 0);
        QVERIFY(verdicts_.vector_decided > 0);
        QVERIFY(verdicts_.keyword_only > 0);
        QVERIFY(verdicts_.vector_only > 0);
        QVERIFY(verdicts_.profile > 0);
        QVERIFY(verdicts_.recency > 0);
        QVERIFY(verdicts_.graph > 0);
    }

    void cliJsonRecomputesExactly() {
        for (std::size_t i = 0; i < 6; ++i) {
            const QString q = QString::fromStdString(queries_[i * 5]);
            auto run = test::run_cli({QStringLiteral("query"), QStringLiteral("--vault"),
                                      QString::fromStdString((tmp_.path() / "v").string()),
                                      QStringLiteral("--no-audit"), QStringLiteral("--fusion"),
                                      i % 2 ? QStringLiteral("profile") : QStringLiteral("rrf"),
                                      QStringLiteral("--recency"), QStringLiteral("1.5"),
                                      QStringLiteral("--json"), q});
            QVERIFY2(run.exit_code == 0, run.err.c_str());
            const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(run.out));
            QVERIFY(doc.isObject());
            const auto hits = doc.object().value(QStringLiteral("hits")).toArray();
            QVERIFY2(!hits.isEmpty(), run.out.substr(0, 1500).c_str());
            int step = 0;
            for (const auto& v : hits) {
                const auto e = v.toObject().value(QStringLiteral("explanation")).toObject();
                QVERIFY(!e.isEmpty());
                const auto legs = e.value(QStringLiteral("legs")).toObject();
                const double k = e.value(QStringLiteral("rrf_k")).toDouble();
                double rrf = 0.0;
                double terms[2] = {0.0, 0.0};
                int n = 0;
                for (const char* name : {"vector", "keyword"}) {
                    const auto leg = legs.value(QLatin1String(name)).toObject();
                    const auto rank = leg.value(QStringLiteral("rank"));
                    const double term = leg.value(QStringLiteral("rrf_term")).toDouble();
                    if (rank.isNull())
                        QCOMPARE(term, 0.0);
                    else
                        QCOMPARE(term, leg.value(QStringLiteral("weight")).toDouble() /
                                           (k + rank.toDouble()));
                    terms[n++] = term;
                }
                rrf = terms[0] + terms[1];
                QCOMPARE(e.value(QStringLiteral("rrf_score")).toDouble(), rrf);
                const auto rec = e.value(QStringLiteral("recency")).toObject();
                const double boost = rec.value(QStringLiteral("boost")).toDouble();
                const double factor = rec.value(QStringLiteral("factor")).toDouble();
                QCOMPARE(boost, 1.5);
                const auto c = e.value(QStringLiteral("contributions")).toObject();
                const double profile = c.value(QStringLiteral("graph")).toDouble() +
                                       c.value(QStringLiteral("vector")).toDouble() +
                                       c.value(QStringLiteral("keyword")).toDouble() +
                                       c.value(QStringLiteral("freshness")).toDouble();
                const bool is_rrf =
                    e.value(QStringLiteral("fusion")).toString() == QStringLiteral("rrf");
                const double penalty = e.value(QStringLiteral("superseded_penalty")).toDouble();
                const auto entity = e.value(QStringLiteral("entity")).toObject();
                const double entity_factor = entity.value(QStringLiteral("factor")).toDouble();
                QCOMPARE(entity_factor,
                         is_rrf ? 1.0 + entity.value(QStringLiteral("boost")).toDouble() *
                                            e.value(QStringLiteral("signals"))
                                                .toObject()
                                                .value(QStringLiteral("graph_relevance"))
                                                .toDouble()
                                : 1.0);
                const double expected =
                    (is_rrf ? rrf * (1.0 + boost * factor) * entity_factor : profile) * penalty;
                const double final_score = e.value(QStringLiteral("final_score")).toDouble();
                QCOMPARE(final_score, expected);
                QCOMPARE(v.toObject().value(QStringLiteral("score")).toDouble(), final_score);
                QCOMPARE(
                    e.value(QStringLiteral("mmr")).toObject().value(QStringLiteral("step")).toInt(),
                    step++);
                QVERIFY(e.contains(QStringLiteral("topic_path")));
                QVERIFY(e.contains(QStringLiteral("budget_cut")));
                QVERIFY(e.value(QStringLiteral("verdict"))
                            .toString()
                            .startsWith(QStringLiteral("#%1").arg(step)));
                // The vector leg's entry carries vector fields only; the keyword leg's term
                // table adds up to its bm25.
                const auto vec = legs.value(QStringLiteral("vector")).toObject();
                for (const char* kw : {"bm25", "coverage", "coverage_factor", "author_factor",
                                       "time_factor", "question_factor", "terms"})
                    QVERIFY2(!vec.contains(QLatin1String(kw)), kw);
                QVERIFY(vec.contains(QStringLiteral("similarity")));
                QVERIFY(vec.contains(QStringLiteral("search")));
                const auto kwl = legs.value(QStringLiteral("keyword")).toObject();
                if (!kwl.value(QStringLiteral("rank")).isNull()) {
                    double sum = 0.0;
                    const auto table = kwl.value(QStringLiteral("terms")).toArray();
                    QVERIFY(!table.isEmpty());
                    for (const auto& t : table)
                        sum += t.toObject().value(QStringLiteral("contribution")).toDouble();
                    const double bm25 = kwl.value(QStringLiteral("bm25")).toDouble();
                    QVERIFY(std::abs(sum - bm25) <= 1e-12 * std::abs(bm25));
                }
            }
        }
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestExplanation)
#include "tst_explanation.moc"
} // namespace tst_explanation
