// generate_query_log (lab.h): a seeded history of questions for the lab and the demo vault.
#include <memlens/db.h>
#include <memlens/lab.h>
#include <memlens/vault.h>

#include <random>

namespace memlens {
namespace {

Result<std::vector<std::string>> top_surfaces(const Vault& vault, const char* kind, int limit) {
    auto st = vault.db().prepare("SELECT min(surface) FROM mem_tree_entity_index "
                                 "WHERE entity_kind = ? GROUP BY entity_id "
                                 "ORDER BY count(*) DESC, entity_id LIMIT ?");
    if (!st)
        return st.status();
    st->bind(1, std::string(kind)).bind(2, limit);
    std::vector<std::string> out;
    MEMLENS_TRY(st->each_row([&] { out.push_back(st->column_text(0)); }));
    return out;
}

} // namespace

Result<QuestionGenerator> QuestionGenerator::open(const Vault& vault, std::uint64_t seed) {
    QuestionGenerator g;
    g.state_ = seed;
    auto persons = top_surfaces(vault, "person", 20);
    if (!persons)
        return persons.status();
    auto topics = top_surfaces(vault, "topic", 20);
    if (!topics)
        return topics.status();
    auto projects = top_surfaces(vault, "project", 8);
    if (!projects)
        return projects.status();
    g.persons_ = std::move(persons).value();
    g.topics_ = std::move(topics).value();
    g.projects_ = projects->empty() ? g.topics_ : std::move(projects).value();
    if (g.persons_.empty() || g.topics_.empty())
        return Status::invalid("the vault names no people or topics to ask about");
    return g;
}

std::uint64_t QuestionGenerator::draw() {
    // splitmix64: a few lines, seeded, the same sequence on every platform.
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

std::string QuestionGenerator::next() {
    static const std::vector<std::string> words = {
        "deploy",  "rollout", "review",  "bug",     "outage",   "migration", "deadline",
        "budget",  "vendor",  "design",  "meeting", "release",  "latency",   "incident",
        "roadmap", "hiring",  "pricing", "launch",  "decision", "plan"};
    switch (draw() % 6) {
    case 0:
        return pick(persons_) + " " + pick(topics_);
    case 1:
        return "what did " + pick(persons_) + " decide about " + pick(projects_);
    case 2:
        return pick(projects_) + " " + pick(words) + " " + pick(words);
    case 3:
        return pick(topics_) + " " + pick(words);
    case 4:
        return "when is the " + pick(projects_) + " " + pick(words);
    default:
        return "who is working on " + pick(projects_) + " " + pick(words);
    }
}

Result<QueryLogSummary> generate_query_log(SearchEngine& engine, const QueryLogOptions& options) {
    AuditWriter* writer = engine.audit_writer();
    if (writer == nullptr || !writer->enabled())
        return Status::unsupported("cannot log queries: " +
                                   (writer == nullptr
                                        ? std::string("the engine was opened without its audit log")
                                        : writer->disabled_reason()));
    const Vault& vault = engine.vault();
    auto questions = QuestionGenerator::open(vault, options.seed);
    if (!questions)
        return questions.status();
    // Who asks and with which options: a stream of its own, so the questions are the same
    // ones memlens-bench asks for the same seed.
    std::mt19937_64 rng(options.seed);
    const std::vector<AuditCaller> agents = {
        {"claude-code 2.1.0", "stdio pid 4242", "memory_search", ""},
        {"support-bot 0.9", "http session 3f2a9c01", "memory_search", ""},
    };
    QueryLogSummary sum;
    std::int64_t before = 0;
    {
        auto last = vault.db().prepare("SELECT coalesce(max(id), 0) FROM retrieval_log");
        if (!last)
            return last.status();
        auto r = last->step();
        if (!r)
            return r.status();
        before = last->column_int64(0);
    }
    for (std::size_t i = 0; i < options.count; ++i) {
        if (options.cancel != nullptr && options.cancel->load())
            return Status::cancelled("query log cancelled after " + std::to_string(i) + " queries");
        const std::string q = questions->next();
        QueryOptions o;
        const auto who = rng() % 10;
        if (who < 7) {
            o.caller = agents[who % 2];
            o.caller.arguments = "{\"query\":\"" + q + "\"}";
        }
        const auto variant = rng() % 10;
        if (variant == 0)
            o.mode = SearchMode::Keyword;
        else if (variant == 1)
            o.mmr_lambda = 0.5;
        else if (variant == 2)
            o.budget.max_chars = 600; // an agent with a small context window
        else if (variant == 3)
            o.limit = 5;
        auto r = engine.query(q, o, options.cancel);
        if (!r && r.status().code() == StatusCode::Cancelled)
            return r.status();
        // A question the analysis refuses is skipped: the log holds what was answered.
        ++sum.asked;
        if (options.progress)
            options.progress(i + 1, options.count);
    }
    Status flushed = writer->flush();
    if (!flushed.is_ok())
        return flushed.with_context("audit log");
    auto first =
        vault.db().prepare("SELECT min(id), max(id), count(*) FROM retrieval_log WHERE id > ?");
    if (!first)
        return first.status();
    first->bind(1, before);
    if (auto r = first->step(); r && *r) {
        sum.first_id = first->column_int64(0);
        sum.last_id = first->column_int64(1);
        sum.logged = static_cast<std::size_t>(first->column_int64(2));
    }
    return sum;
}

} // namespace memlens
