// run_locomo_eval: each conversation in its own vault, each question through the default
// query path, the keyword leg alone in the same run (eval.h).
#include "eval/scratch_dir.h"

#include <memlens/embedder.h>
#include <memlens/entity_merge.h>
#include <memlens/eval.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/judgments.h>
#include <memlens/query_context.h>
#include <memlens/search.h>
#include <memlens/settings.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <algorithm>
#include <chrono>
#include <set>

namespace memlens {
namespace {

struct Evaluable {
    const LocomoQuestion* q = nullptr;
    std::vector<std::string> evidence;
};

// Canonical dia ids of the turns that were indexed.
std::set<std::string> turn_ids(const IngestSource& source) {
    std::set<std::string> out;
    for (const auto& it : source.items)
        if (const auto d = parse_dia_id(it.source_ref))
            out.insert(d->str());
    return out;
}

// The dia id of each retrieved leaf, in rank order. Summaries cover many turns and name none:
// they take no rank.
std::vector<std::string> ranked_turns(const SearchResponse& r) {
    std::vector<std::string> out;
    for (const auto& h : r.result.hits) {
        if (h.node_kind != NodeKind::Leaf)
            continue;
        const auto d = h.source_ref ? parse_dia_id(*h.source_ref) : std::nullopt;
        out.push_back(d ? d->str() : std::string());
    }
    return out;
}

std::string folder_name(std::size_t index, const std::string& sample_id) {
    std::string out = std::to_string(index) + "-";
    for (char c : sample_id)
        out.push_back((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                              c == '-' || c == '_'
                          ? c
                          : '_');
    return out;
}

Status check_ks(const std::vector<int>& ks) {
    if (ks.empty())
        return Status::invalid("--k: at least one cutoff is needed");
    for (int k : ks)
        if (k < 1 || k > 100)
            return Status::invalid("--k: each cutoff must be in 1..100, not " + std::to_string(k));
    return Status::ok();
}

// Only retrieval keys and the built-in embedders' (make_embedder_for checks their values, before
// the first question): a typo would otherwise be ignored (the settings table is shared with
// other parts of memlens) and the "ablation" would silently measure the defaults.
Status check_settings(const std::map<std::string, std::string>& settings) {
    const auto& keys = retrieval_setting_keys();
    for (const auto& entry : settings) {
        // Not a structured binding: clang 14 (the fuzz build) cannot capture one in a lambda.
        const std::string& k = entry.first;
        const bool known = std::any_of(keys.begin(), keys.end(),
                                       [&](const SettingKey& sk) { return sk.key == k; }) ||
                           k.rfind("profile.", 0) == 0 || k == "embedder.kind" ||
                           k == "embedder.hash.dim" || k == "embedder.ppmi.dim";
        if (!known)
            return Status::invalid("--setting: '" + k + "' is not a retrieval setting");
    }
    auto parsed = retrieval_settings_from_map(settings);
    return parsed ? Status::ok() : parsed.status().with_context("--setting");
}

bool cancelled(const std::atomic_bool* cancel) {
    return cancel && cancel->load();
}

class EvalRun {
public:
    EvalRun(const LocomoEvalOptions& o, std::vector<int> ks)
        : o_(o)
        , ks_(std::move(ks))
        , hybrid_(ks_)
        , keyword_(ks_) {}

    Status conversation(std::size_t index, const IngestSource& source,
                        const LocomoConversation& conv, const std::filesystem::path& scratch);
    LocomoEvalReport report() const;

private:
    struct Asked {
        double ms = 0.0;
        SearchResponse response;
        QuestionScore score;
    };
    Result<Asked> ask(SearchEngine& engine, const QueryOptions& base,
                      std::optional<SearchMode> mode, const Evaluable& e, RecallAccumulator& acc,
                      RecallAccumulator& conv_acc);
    void count_vector_share(const SearchResponse& r);
    Status record_miss(SearchEngine& engine, const QueryOptions& base, const Evaluable& e,
                       const SearchResponse& r, const std::string& sample_id);
    Status map_turns_to_chunks(const Vault& vault);
    Status save_judgments(Vault& vault, const LocomoConversation& conv,
                          const std::vector<Evaluable>& todo, const QueryOptions& ask);
    Status ask_all(SearchEngine& engine, const QueryOptions& ask_opts,
                   const std::vector<Evaluable>& todo, const std::string& sample_id,
                   RecallAccumulator& conv_hybrid, RecallAccumulator& conv_keyword);
    void progress(const std::string& conv, const char* phase, std::size_t done,
                  std::size_t total) const {
        if (o_.progress)
            o_.progress({conv, phase, done, total});
    }

    const LocomoEvalOptions& o_;
    std::vector<int> ks_;
    RecallAccumulator hybrid_;
    RecallAccumulator keyword_;
    double hybrid_ms_ = 0.0;
    double keyword_ms_ = 0.0;
    std::size_t questions_ = 0;
    std::size_t skipped_ = 0;
    std::vector<ConversationFigures> conversations_;
    // The default path's first ten hits over all questions: how many, how many the vector leg
    // ranked, how many it alone ranked.
    std::size_t top10_hits_ = 0;
    std::size_t top10_vector_ = 0;
    std::size_t top10_vector_only_ = 0;
    std::map<std::string, std::string> turn_chunk_; // dia id → its first chunk (misses only)
    std::vector<EvalMiss> misses_;
};

// What the misses are measured at: "not in the top 10".
constexpr int kMissCutoff = 10;

Result<EvalRun::Asked> EvalRun::ask(SearchEngine& engine, const QueryOptions& base,
                                    std::optional<SearchMode> mode, const Evaluable& e,
                                    RecallAccumulator& acc, RecallAccumulator& conv_acc) {
    const auto t0 = std::chrono::steady_clock::now();
    QueryOptions opts = base;
    opts.mode = mode;
    // The question as a user's query: analysed by the engine, with the speakers as persons.
    auto r = engine.query(e.q->question, opts, o_.cancel);
    const auto t1 = std::chrono::steady_clock::now();
    if (!r)
        return r.status().with_context("question '" + e.q->question + "'");
    Asked out;
    out.score = score_question(e.evidence, ranked_turns(r->response), ks_);
    acc.add(e.q->category, out.score);
    conv_acc.add(e.q->category, out.score);
    out.ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    out.response = std::move(r->response);
    return out;
}

void EvalRun::count_vector_share(const SearchResponse& r) {
    const auto& hits = r.result.hits;
    for (std::size_t i = 0; i < hits.size() && i < static_cast<std::size_t>(kMissCutoff); ++i) {
        ++top10_hits_;
        const auto& x = hits[i].explanation;
        if (x && x->vector.rank) {
            ++top10_vector_;
            if (!x->keyword.rank)
                ++top10_vector_only_;
        }
    }
}

Status EvalRun::map_turns_to_chunks(const Vault& vault) {
    turn_chunk_.clear();
    auto st = vault.db().prepare(
        "SELECT id, source_ref FROM mem_tree_chunks WHERE source_ref IS NOT NULL ORDER BY rid");
    if (!st)
        return st.status();
    return st->each_row([&] {
        if (const auto d = parse_dia_id(st->column_text(1)))
            turn_chunk_.emplace(d->str(), st->column_text(0)); // the first chunk of the turn
    });
}

// Each evidence turn outside the first ten: its places in the fused list and in each leg's
// pool, and the first stage that kept it out of a ten-hit answer (SearchEngine::why_not).
Status EvalRun::record_miss(SearchEngine& engine, const QueryOptions& base, const Evaluable& e,
                            const SearchResponse& r, const std::string& sample_id) {
    const std::vector<std::string> ranked = ranked_turns(r);
    EvalMiss miss;
    miss.conversation = sample_id;
    miss.category = e.q->category;
    miss.question = e.q->question;
    const auto pool_rank = [](const std::vector<LegCandidate>& pool,
                              const std::string& id) -> std::optional<int> {
        for (const auto& c : pool)
            if (c.node_id == id)
                return c.rank;
        return std::nullopt;
    };
    for (const auto& turn : e.evidence) {
        const auto at = std::find(ranked.begin(), ranked.end(), turn);
        const auto place = at == ranked.end()
                               ? std::nullopt
                               : std::optional<int>(static_cast<int>(at - ranked.begin() + 1));
        if (place && *place <= kMissCutoff) {
            miss.found.push_back(turn);
            continue;
        }
        EvalMissedTurn t;
        t.turn = turn;
        t.fused_rank = place;
        if (const auto chunk = turn_chunk_.find(turn); chunk != turn_chunk_.end())
            t.node_id = chunk->second;
        t.keyword_rank = pool_rank(r.candidates.keyword, t.node_id);
        t.vector_rank = pool_rank(r.candidates.vector, t.node_id);
        if (!t.node_id.empty()) {
            QueryOptions ten = base;
            ten.limit = kMissCutoff;
            auto why = engine.why_not(e.q->question, t.node_id, ten, o_.cancel);
            if (!why)
                return why.status().with_context("why_not for '" + e.q->question + "'");
            t.stage = to_string(why->stage);
            t.verdict = why->verdict;
        }
        miss.missed.push_back(std::move(t));
    }
    if (!miss.missed.empty())
        misses_.push_back(std::move(miss));
    return Status::ok();
}

// The questions whose evidence names turns of the source; the others are counted as skipped.
std::vector<Evaluable> evaluable_questions(const LocomoConversation& conv,
                                           const IngestSource& source, ConversationFigures& fig) {
    const auto turns = turn_ids(source);
    std::vector<Evaluable> todo;
    for (const auto& q : conv.questions) {
        auto ev = resolve_evidence(q.evidence, turns);
        if (ev.ids.empty()) {
            ++fig.skipped;
            continue;
        }
        todo.push_back({&q, std::move(ev.ids)});
    }
    return todo;
}

// Merges each proposed pair, skipping an entity already merged away or into.
Status merge_proposed_entities(Vault& vault, const std::string& sample_id) {
    auto proposals = propose_entity_merges(vault);
    if (!proposals)
        return proposals.status().with_context(sample_id);
    std::set<std::string> merged;
    for (const auto& p : *proposals) {
        if (!merged.insert(p.from).second || merged.count(p.into))
            continue;
        MEMLENS_TRY(merge_entities(vault, p.from, p.into).status().with_context(sample_id));
    }
    return Status::ok();
}

// A live agent is asked at the end of the conversation: relative phrases resolve from there.
QueryOptions conversation_ask_options(const IngestSource& source, int limit) {
    std::int64_t now = 0;
    for (const auto& it : source.items)
        now = std::max(now, it.ts_ms);
    QueryOptions ask_opts;
    ask_opts.known_persons = source.persons;
    ask_opts.now_ms = now;
    ask_opts.limit = limit;
    ask_opts.audit = false;
    return ask_opts;
}

// The conversation's questions as judged queries of its vault, graded by their evidence.
Status EvalRun::save_judgments(Vault& vault, const LocomoConversation& conv,
                               const std::vector<Evaluable>& todo, const QueryOptions& ask) {
    std::vector<JudgedQuery> queries;
    std::vector<Judgment> grades;
    for (const Evaluable& e : todo) {
        JudgedQuery q;
        q.id = conv.sample_id + "-q" + std::to_string(e.q - conv.questions.data() + 1);
        q.text = e.q->question;
        q.now_ms = ask.now_ms;
        q.persons = ask.known_persons;
        for (const auto& turn : e.evidence) {
            const auto chunk = turn_chunk_.find(turn);
            if (chunk == turn_chunk_.end())
                continue;
            Judgment j;
            j.query_id = q.id;
            j.node_id = chunk->second;
            j.grade = kBenchmarkGrade;
            j.judge = std::string(kBenchmarkJudge);
            j.reason = "evidence " + turn;
            grades.push_back(std::move(j));
        }
        queries.push_back(std::move(q));
    }
    return put_judgments(vault, queries, std::move(grades));
}

// Each question in hybrid mode, then in keyword mode.
Status EvalRun::ask_all(SearchEngine& engine, const QueryOptions& ask_opts,
                        const std::vector<Evaluable>& todo, const std::string& sample_id,
                        RecallAccumulator& conv_hybrid, RecallAccumulator& conv_keyword) {
    for (std::size_t i = 0; i < todo.size(); ++i) {
        if (cancelled(o_.cancel))
            return Status::cancelled();
        progress(sample_id, "query", i, todo.size());
        auto h = ask(engine, ask_opts, std::nullopt, todo[i], hybrid_, conv_hybrid);
        if (!h)
            return h.status().with_context(sample_id);
        count_vector_share(h->response);
        if (o_.misses)
            MEMLENS_TRY(record_miss(engine, ask_opts, todo[i], h->response, sample_id)
                            .with_context(sample_id));
        auto k = ask(engine, ask_opts, SearchMode::Keyword, todo[i], keyword_, conv_keyword);
        if (!k)
            return k.status().with_context(sample_id);
        hybrid_ms_ += h->ms;
        keyword_ms_ += k->ms;
    }
    return Status::ok();
}

Status EvalRun::conversation(std::size_t index, const IngestSource& source,
                             const LocomoConversation& conv, const std::filesystem::path& scratch) {
    ConversationFigures fig;
    fig.sample_id = conv.sample_id;
    fig.turns = source.items.size();
    const std::vector<Evaluable> todo = evaluable_questions(conv, source, fig);

    progress(conv.sample_id, "ingest", 0, source.items.size());
    const bool keep = !o_.save_judgments.empty();
    const std::filesystem::path dir = keep ? o_.save_judgments / folder_name(index, conv.sample_id)
                                           : scratch / folder_name(index, conv.sample_id);
    if (keep && std::filesystem::exists(dir))
        return Status::invalid(dir.string() + " exists already: --save-judgments writes a new "
                                              "vault for each conversation");
    auto vault = Vault::create(dir);
    if (!vault)
        return vault.status();
    for (const auto& [k, v] : o_.settings)
        MEMLENS_TRY((*vault)->set_setting(k, v));
    auto embedder = make_embedder_for(**vault);
    if (!embedder)
        return embedder.status();
    const auto ingest_start = std::chrono::steady_clock::now();
    Ingestor ingestor(**vault, **embedder);
    auto ingested = ingestor.ingest({source}, {}, o_.cancel);
    if (!ingested)
        return ingested.status().with_context(conv.sample_id);
    fig.ingest_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - ingest_start).count();
    progress(conv.sample_id, "ingest", source.items.size(), source.items.size());
    if (o_.accept_entity_proposals)
        MEMLENS_TRY(merge_proposed_entities(**vault, conv.sample_id));

    SearchEngineOptions eo;
    eo.audit = false; // a throw-away vault: nobody will replay these queries
    auto engine = SearchEngine::open(**vault, eo);
    if (!engine)
        return engine.status().with_context(conv.sample_id);

    if (o_.misses || keep)
        MEMLENS_TRY(map_turns_to_chunks(**vault).with_context(conv.sample_id));
    const QueryOptions ask_opts = conversation_ask_options(source, ks_.back());
    if (keep)
        MEMLENS_TRY(save_judgments(**vault, conv, todo, ask_opts).with_context(conv.sample_id));
    RecallAccumulator conv_hybrid(ks_);
    RecallAccumulator conv_keyword(ks_);
    MEMLENS_TRY(ask_all(**engine, ask_opts, todo, conv.sample_id, conv_hybrid, conv_keyword));
    progress(conv.sample_id, "query", todo.size(), todo.size());

    fig.questions = todo.size();
    if (!todo.empty()) {
        fig.turn_recall = conv_hybrid.turn_recall().at("all");
        fig.keyword_turn_recall = conv_keyword.turn_recall().at("all");
    }
    questions_ += fig.questions;
    skipped_ += fig.skipped;
    conversations_.push_back(std::move(fig));
    return Status::ok();
}

LocomoEvalReport EvalRun::report() const {
    LocomoEvalReport r;
    r.ks = ks_;
    r.questions = questions_;
    r.skipped = skipped_;
    r.category_counts = hybrid_.counts();
    const double n = questions_ ? static_cast<double>(questions_) : 1.0;
    const double top10 = top10_hits_ ? static_cast<double>(top10_hits_) : 1.0;
    r.hybrid = {hybrid_.turn_recall(),
                hybrid_.session_recall(),
                hybrid_.mrr(),
                hybrid_ms_ / n,
                static_cast<double>(top10_vector_) / top10,
                static_cast<double>(top10_vector_only_) / top10};
    r.keyword = {keyword_.turn_recall(),
                 keyword_.session_recall(),
                 keyword_.mrr(),
                 keyword_ms_ / n,
                 0.0,
                 0.0};
    r.misses = misses_;
    r.conversations = conversations_;
    return r;
}

} // namespace

Result<LocomoEvalReport> run_locomo_eval(const LocomoEvalOptions& o) {
    check_off_ui_thread("run_locomo_eval");
    std::vector<int> ks = o.ks;
    std::sort(ks.begin(), ks.end());
    ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
    MEMLENS_TRY(check_ks(ks));
    MEMLENS_TRY(check_settings(o.settings));

    auto sources = import_locomo(o.data, o.cancel);
    if (!sources)
        return sources.status();
    auto convs = load_locomo_questions(o.data);
    if (!convs)
        return convs.status();
    for (const auto& id : o.conversations) {
        const bool known =
            std::any_of(convs->begin(), convs->end(),
                        [&](const LocomoConversation& c) { return c.sample_id == id; });
        if (!known)
            return Status::invalid("no conversation '" + id + "' in " + o.data.string());
    }
    auto scratch = detail::ScratchDir::create(o.work_dir);
    if (!scratch)
        return scratch.status();

    EvalRun run(o, ks);
    for (std::size_t i = 0; i < convs->size(); ++i) {
        const LocomoConversation& c = (*convs)[i];
        if (!o.conversations.empty() && std::find(o.conversations.begin(), o.conversations.end(),
                                                  c.sample_id) == o.conversations.end())
            continue;
        const std::string source_id = "locomo:" + c.sample_id;
        const auto src = std::find_if(sources->begin(), sources->end(), [&](const IngestSource& s) {
            return s.source_id == source_id;
        });
        if (src == sources->end())
            return Status::internal("import_locomo gave no source " + source_id);
        MEMLENS_TRY(run.conversation(i, *src, c, scratch->path()));
    }
    return run.report();
}

} // namespace memlens
