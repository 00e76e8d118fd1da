// The engine keeps what is expensive to build across queries: the topic index, the masks over
// it, the entity registry and the prepared statements. Settings are re-read on every query
// (one small read) so a changed setting applies to the next query.
#include "scoped_pragma.h"
#include "search/pipeline.h"

#include <memlens/audit.h>
#include <memlens/entities.h>
#include <memlens/node_ref.h>
#include <memlens/query_context.h>
#include <memlens/search.h>
#include <memlens/text.h>
#include <memlens/thread_guard.h>
#include <memlens/time_util.h>
#include <memlens/vault.h>

#include <algorithm>
#include <charconv>
#include <mutex>
#include <thread>

namespace memlens {

struct SearchEngine::Impl {
    const Vault* vault = nullptr;
    std::unique_ptr<Embedder> owned_embedder;
    Embedder* embedder = nullptr;
    SearchEngineOptions opts;
    TopicIndex index;
    std::unique_ptr<search::StatementCache> stmts;
    // The second read connection: the candidate reads' entity index, and the keyword leg's upper
    // half from parallel_keyword_min_chunks on (declared first: its statements go before it does).
    std::optional<Database> helper_db;
    std::unique_ptr<search::StatementCache> helper_stmts;
    std::int64_t split_rowid = 0;
    // The best similarity made-up words reach in the loaded index, by query length (pipeline.cpp).
    std::map<int, double> noise_floors;
    std::optional<search::IndexMasks> masks;
    std::optional<search::SupersedesLinks> links;
    std::optional<EntityRegistry> registry;
    // The first and last times of the vault's memories (QueryAnalysisOptions::vault_span_ms).
    std::optional<std::pair<std::int64_t, std::int64_t>> time_span;
    std::int64_t loaded_revision = -1;
    std::unique_ptr<AuditWriter> audit;

    // The revision counts as loaded only once every step has succeeded: a load that fails
    // part-way leaves the engine stale, so the next query tries it again.
    // The index file is mapped after checking all but its rows, their codes and centroids,
    // which are checked row by row as queries first read them (TopicFileCheck::PerRow): the
    // whole check would be most of a cold start at a million chunks (docs/performance.md).
    Status load(TopicFileCheck check = TopicFileCheck::PerRow) {
        const std::int64_t revision = vault->revision();
        const bool was_loaded = loaded_revision >= 0;
        loaded_revision = -1;
        // After a store (by this process or another) the mapped file is still the vault's: only
        // the vectors written since are read (TopicIndex::refresh), not the file again.
        bool refreshed = false;
        if (was_loaded && check == TopicFileCheck::PerRow && index.mapped()) {
            auto r = index.refresh(vault->db());
            if (!r)
                return r.status().with_context("topic index");
            refreshed = *r;
        }
        if (!refreshed) {
            auto idx =
                TopicIndex::load(vault->db(), embedder->signature(), opts.topic_tree, false, check);
            if (!idx)
                return idx.status().with_context("topic index");
            index = std::move(idx).value();
        }
        auto m = search::IndexMasks::build(*stmts, index, vault->format() == VaultFormat::Native);
        if (!m)
            return m.status().with_context("index masks");
        masks = std::move(m).value();
        auto l = search::SupersedesLinks::load(*stmts, vault->format() == VaultFormat::Native);
        if (!l)
            return l.status().with_context("supersedes links");
        links = std::move(l).value();
        // A vault without a registry folder (a workspace) still searches: that is an empty
        // registry. A registry that does not load is an error, as it is for ingest: a query
        // must not run silently without the aliases it was given.
        auto reg = EntityRegistry::load(vault->entities_dir());
        if (!reg)
            return reg.status().with_context("entity registry");
        registry = std::move(reg).value();
        MEMLENS_TRY(load_time_span());
        plan_keyword_split();
        noise_floors.clear(); // measured again on the index now loaded, when a query needs it
        loaded_revision = revision;
        return Status::ok();
    }

    // Two seeks of the chunks' time index.
    Status load_time_span() {
        time_span.reset();
        auto st =
            vault->db().prepare("SELECT (SELECT min(time_range_start_ms) FROM mem_tree_chunks), "
                                "(SELECT max(time_range_start_ms) FROM mem_tree_chunks)");
        if (!st)
            return st.status().with_context("the vault's time span");
        auto row = st->step();
        if (!row)
            return row.status().with_context("the vault's time span");
        if (*row && !st->column_is_null(0) && !st->column_is_null(1))
            time_span = std::pair{st->column_int64(0), st->column_int64(1)};
        return Status::ok();
    }

    // Opens the second read connection of a vault in a file (once), and decides where the
    // keyword leg splits its rowid range. Without the split (a workspace, an in-memory vault, a
    // small vault, a connection that will not open) the leg ranks in one statement, with the
    // same hits.
    void plan_keyword_split() {
        split_rowid = 0;
        std::int64_t min_chunks = opts.parallel_keyword_min_chunks;
        // A vault may lower (or raise) the threshold for itself: tests/core/tst_shared_vault
        // sets it to 1 so that a small vault takes the two-connection path every query takes
        // from 20,000 chunks on. It changes no ranking, so it is no retrieval setting.
        if (auto v = vault->setting(std::string(kParallelKeywordSetting))) {
            std::int64_t parsed = 0;
            const auto* end = v->data() + v->size();
            if (auto [p, ec] = std::from_chars(v->data(), end, parsed);
                ec == std::errc() && p == end)
                min_chunks = parsed;
        }
        if (vault->format() != VaultFormat::Native)
            return;
        // The candidate reads use the second connection at every size (SearchContext::
        // read_helper); the keyword leg only from min_chunks on.
        if (!helper_db) {
            const std::string& path = vault->db().path();
            if (path.empty() || path == ":memory:")
                return;
            auto db = Database::open(path, OpenMode::ReadOnly);
            if (!db || !apply_connection_pragmas(*db))
                return;
            helper_db = std::move(db).value();
            helper_stmts = std::make_unique<search::StatementCache>(*helper_db);
        }
        if (min_chunks <= 0)
            return;
        auto max_rid = vault->db().query_int("SELECT coalesce(max(rid), 0) FROM mem_tree_chunks");
        if (!max_rid || *max_rid < min_chunks)
            return;
        split_rowid = *max_rid / 2;
    }

    search::SearchContext context();

    // Runs `stages` (a search or a rerun) and, when the index found a damaged row on the way,
    // loads it again with every section checked (so from vault.db, the file being damaged) and
    // runs them once more: a damaged row read as zeros and may have changed the ranking.
    template <typename Stages> Result<SearchResponse> with_sound_index(Stages&& stages) {
        auto resp = stages(context());
        std::string damage = index.damage();
        if (!resp)
            return resp;
        if (damage.empty()) {
            // A file found damaged when it was loaded (a section's checksum, its header) was
            // not mapped: the vectors came from vault.db, and the answer says so as `stats`
            // does.
            const std::string& at_load = index.load_info().file_problem;
            if (at_load.rfind("damaged", 0) == 0)
                resp->vector.index_problem = "topic-index.bin is " + at_load +
                                             ": this query read the vectors from vault.db "
                                             "instead (memlens-cli reindex rewrites the file)";
            return resp;
        }
        MEMLENS_TRY(load(TopicFileCheck::Whole).with_context("topic index"));
        resp = stages(context());
        if (resp)
            resp->vector.index_problem = "topic-index.bin is " + damage +
                                         ": this query read the vectors from vault.db instead "
                                         "(memlens-cli reindex rewrites the file)";
        return resp;
    }
};

SearchEngine::SearchEngine(std::unique_ptr<Impl> impl)
    : impl_(std::move(impl)) {}

SearchEngine::~SearchEngine() = default;

Result<std::unique_ptr<SearchEngine>> SearchEngine::open(const Vault& vault,
                                                         SearchEngineOptions opts) {
    check_off_ui_thread("SearchEngine::open");
    auto emb = make_embedder_for(vault);
    if (!emb)
        return emb.status().with_context("embedder");
    auto impl = std::make_unique<Impl>();
    impl->owned_embedder = std::move(emb).value();
    impl->embedder = impl->owned_embedder.get();
    impl->vault = &vault;
    impl->opts = opts;
    impl->stmts = std::make_unique<search::StatementCache>(vault.db());
    MEMLENS_TRY(impl->load());
    if (impl->opts.audit)
        impl->audit = AuditWriter::start(vault);
    return std::unique_ptr<SearchEngine>(new SearchEngine(std::move(impl)));
}

Result<std::unique_ptr<SearchEngine>> SearchEngine::open(const Vault& vault, Embedder& embedder,
                                                         SearchEngineOptions opts) {
    check_off_ui_thread("SearchEngine::open");
    auto impl = std::make_unique<Impl>();
    impl->embedder = &embedder;
    impl->vault = &vault;
    impl->opts = opts;
    impl->stmts = std::make_unique<search::StatementCache>(vault.db());
    MEMLENS_TRY(impl->load());
    if (impl->opts.audit)
        impl->audit = AuditWriter::start(vault);
    return std::unique_ptr<SearchEngine>(new SearchEngine(std::move(impl)));
}

bool SearchEngine::stale() const {
    return impl_->vault->revision() != impl_->loaded_revision;
}

Status SearchEngine::reload() {
    check_off_ui_thread("SearchEngine::reload");
    return impl_->load();
}

search::SearchContext SearchEngine::Impl::context() {
    return {*vault,
            *embedder,
            index,
            *stmts,
            *masks,
            *links,
            registry ? &*registry : nullptr,
            split_rowid > 0 ? helper_stmts.get() : nullptr,
            split_rowid,
            &noise_floors,
            helper_stmts.get()};
}

Result<QueryResponse> SearchEngine::walk(const WalkOptions& opts, WalkTrace* trace) {
    check_off_ui_thread("SearchEngine::walk");
    if (stale())
        MEMLENS_TRY(impl_->load());
    Impl& im = *impl_;
    const bool native = im.vault->format() == VaultFormat::Native;
    // Summaries and live chunks, as walk's scan of the stored vectors reads them; a window's
    // through the scope's SQL, as the vector leg scopes.
    const DenseSearch dense =
        [&](std::span<const float> query, std::size_t k,
            const std::optional<std::pair<std::int64_t, std::int64_t>>& window)
        -> Result<DenseNeighbours> {
        DenseNeighbours out;
        if (im.index.size() == 0 || im.index.dim() != query.size())
            return out;
        const std::vector<std::uint8_t>* mask = im.masks->get(true, native);
        std::vector<std::uint8_t> scoped;
        if (window) {
            SearchScope scope;
            scope.since_ms = window->first;
            scope.until_ms = window->second;
            // Superseded chunks stay out through the base mask; summaries of an older document
            // version stay in, as walk drops them itself after choosing.
            auto positions = search::scoped_positions(*im.stmts, im.index, scope, true, false,
                                                      search::ChunkColumns::for_vault(native));
            if (!positions)
                return positions.status();
            scoped.assign(im.index.size(), 0);
            for (std::size_t pos : *positions)
                scoped[pos] = mask == nullptr || (*mask)[pos] != 0 ? 1 : 0;
            mask = &scoped;
        }
        out.compared = im.index.count(mask);
        for (auto& hit : im.index.nearest(query, k, mask))
            out.nearest.emplace_back(std::move(hit.node_id), hit.similarity);
        return out;
    };
    auto r = memlens::walk(*im.vault, opts, im.embedder, trace, &dense);
    if (!r || im.index.damage().empty())
        return r;
    // Rows of the index file read as damaged: read the vectors from vault.db and walk again.
    MEMLENS_TRY(im.load(TopicFileCheck::Whole).with_context("topic index"));
    return memlens::walk(*im.vault, opts, im.embedder, trace, &dense);
}

Result<SearchResponse> SearchEngine::search(const SearchRequest& request,
                                            const std::atomic_bool* cancel) {
    return search_as(request, AuditCaller{}, cancel);
}

Result<SearchResponse> SearchEngine::search_as(const SearchRequest& request,
                                               const AuditCaller& caller,
                                               const std::atomic_bool* cancel) {
    check_off_ui_thread("SearchEngine::search");
    if (stale())
        MEMLENS_TRY(impl_->load());
    auto resp = impl_->with_sound_index(
        [&](search::SearchContext ctx) { return search::run_search(ctx, request, cancel); });
    if (!resp)
        return resp;
    resp->audit = audit_state();
    if (!request.audit) {
        resp->audit.enabled = false;
        resp->audit.disabled_reason = "not logged: the request asked for no audit row";
    } else if (impl_->audit && impl_->audit->enabled()) {
        AuditRecord record = make_audit_record(request, *resp);
        record.caller = caller;
        impl_->audit->submit(std::move(record));
    }
    return resp;
}

// The request query() runs for `text`, analysed against the engine's registry (the caller has
// checked the options and reloaded a stale engine). why_not() builds its request the same way,
// so it re-runs exactly the query that was asked.
static void analysed_request(const EntityRegistry* registry,
                             std::optional<std::pair<std::int64_t, std::int64_t>> time_span,
                             std::string_view text, const QueryOptions& options,
                             QueryAnswer& answer) {
    SearchRequest& req = answer.request;
    QueryAnalysisOptions analysis;
    analysis.known_persons = options.known_persons;
    analysis.registry = registry;
    analysis.vault_span_ms = time_span;
    answer.context = make_query_context(text, options.now_ms != 0 ? options.now_ms : now_ms(),
                                        options.context, analysis);
    req.raw_query = req.query;
    apply_query_context(answer.context, req);
}

Result<QueryAnswer> SearchEngine::query(std::string_view text, const QueryOptions& options,
                                        const std::atomic_bool* cancel) {
    check_off_ui_thread("SearchEngine::query");
    QueryAnswer answer;
    SearchRequest& req = answer.request;
    static_cast<SearchOverrides&>(req) = static_cast<const SearchOverrides&>(options);
    req.query = std::string(text);
    // Checked before the analysis, so that a refused request is refused for what was asked.
    MEMLENS_TRY(validate_search_request(req));
    if (stale())
        MEMLENS_TRY(impl_->load()); // the registry the analysis reads is the current one
    analysed_request(impl_->registry ? &*impl_->registry : nullptr, impl_->time_span, text, options,
                     answer);
    auto resp = search_as(req, options.caller, cancel);
    if (!resp)
        return resp.status();
    answer.response = std::move(resp).value();
    return answer;
}

Result<WhyNotAnswer> SearchEngine::why_not(std::string_view text, std::string_view node_id,
                                           const QueryOptions& options,
                                           const std::atomic_bool* cancel) {
    check_off_ui_thread("SearchEngine::why_not");
    // Node ids are short printable text ("c12", "s:tree:3"): anything else is a caller's error,
    // not a node the vault lacks.
    if (node_id.empty() || node_id.size() > 512 || !is_valid_utf8(node_id) ||
        std::any_of(node_id.begin(), node_id.end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
        return Status::invalid("malformed node id " +
                               (is_valid_utf8(node_id) && node_id.size() <= 512
                                    ? "'" + std::string(node_id) + "'"
                                    : "of " + std::to_string(node_id.size()) + " bytes") +
                               ": a node id is 1 to 512 bytes of printable UTF-8");
    if (!search::blank_query(text) && !search::has_searchable_terms(text)) {
        WhyNotAnswer a;
        a.node_id = std::string(node_id);
        a.query = std::string(text);
        a.stage = WhyNotStage::NoSearchableTerms;
        a.verdict_phrase = {ML_TR("WhyNot", "Not returned: the query has no searchable terms "
                                            "(only punctuation, search operators or common "
                                            "words), so nothing was searched."),
                            {}};
        a.verdict = render_english(a.verdict_phrase);
        return a;
    }
    QueryAnswer prepared;
    static_cast<SearchOverrides&>(prepared.request) = static_cast<const SearchOverrides&>(options);
    prepared.request.query = std::string(text);
    MEMLENS_TRY(validate_search_request(prepared.request));
    if (stale())
        MEMLENS_TRY(impl_->load());
    // The node as a person names it: its id, the start of one, a turn or message id, a file and
    // line (node_ref.h); several nodes by one name is the caller's error, listing them.
    auto resolved = resolve_node_ref(*impl_->vault, node_id);
    if (!resolved)
        return resolved.status();
    analysed_request(impl_->registry ? &*impl_->registry : nullptr, impl_->time_span, text, options,
                     prepared);
    prepared.request.audit = false;
    auto run = [&] {
        auto ctx = impl_->context();
        return search::why_not_stages(ctx, prepared.request, *resolved, cancel);
    };
    auto answer = run();
    if (answer && !impl_->index.damage().empty()) {
        // As with_sound_index: a damaged row read as zeros; ask again on vectors from vault.db.
        MEMLENS_TRY(impl_->load(TopicFileCheck::Whole).with_context("topic index"));
        answer = run();
    }
    return answer;
}

Result<SearchResponse> SearchEngine::rerun(const SearchRequest& request,
                                           const RetrievalSettings& settings,
                                           const CandidatePools& pools,
                                           const std::atomic_bool* cancel) {
    check_off_ui_thread("SearchEngine::rerun");
    if (stale())
        MEMLENS_TRY(impl_->load());
    auto resp = impl_->with_sound_index([&](search::SearchContext ctx) {
        return search::rerun_stages(ctx, request, settings, pools, cancel);
    });
    if (resp) {
        resp->audit.enabled = false;
        resp->audit.disabled_reason = "not logged: a rerun of stored candidates";
    }
    return resp;
}

Result<std::map<std::string, NodeBrief>>
SearchEngine::node_briefs(const std::vector<std::string>& ids) {
    check_off_ui_thread("SearchEngine::node_briefs");
    if (stale())
        MEMLENS_TRY(impl_->load());
    const auto cols =
        search::ChunkColumns::for_vault(impl_->vault->format() == VaultFormat::Native);
    // A blast radius reads a hundred thousand briefs: the vectors (from the index, in its order,
    // consecutive rows read together) on a thread of their own, which then helps read the rows
    // on the helper connection where the vault has one (from its last batch down, while this
    // thread reads from the first up).
    std::vector<Vector> vectors(ids.size());
    const auto read_vectors = [&] {
        std::vector<std::pair<std::size_t, std::size_t>> at; // (index position, place in ids)
        at.reserve(ids.size());
        for (std::size_t i = 0; i < ids.size(); ++i)
            if (const auto pos = impl_->index.position(ids[i]))
                at.emplace_back(*pos, i);
        std::sort(at.begin(), at.end());
        std::vector<std::size_t> positions;
        positions.reserve(at.size());
        for (const auto& entry : at)
            positions.push_back(entry.first);
        std::size_t next = 0;
        impl_->index.visit_rows(std::move(positions),
                                [&](std::size_t pos, std::span<const float> row) {
                                    for (; next < at.size() && at[next].first == pos; ++next)
                                        vectors[at[next].second].assign(row.begin(), row.end());
                                });
    };
    constexpr std::size_t kBatch = 2000;
    std::mutex claim_mutex;
    std::size_t first = 0, last = (ids.size() + kBatch - 1) / kBatch; // batches not yet claimed
    const auto read_rows = [&](search::StatementCache& stmts, bool from_last,
                               std::map<std::string, NodeBrief>& into) -> Status {
        for (;;) {
            std::size_t batch = 0;
            {
                const std::lock_guard lock(claim_mutex);
                if (first >= last)
                    return Status::ok();
                batch = from_last ? --last : first++;
            }
            const auto from = static_cast<std::ptrdiff_t>(batch * kBatch);
            const auto to = static_cast<std::ptrdiff_t>(std::min(ids.size(), (batch + 1) * kBatch));
            const std::vector<std::string> part(ids.begin() + from, ids.begin() + to);
            MEMLENS_TRY(search::hydrate_briefs(stmts, part, cols, into));
        }
    };
    std::map<std::string, NodeBrief> out, helped;
    Status helper_status;
    std::thread helper([&] {
        read_vectors();
        if (impl_->helper_stmts) {
            // Mapped while it reads, as the caller maps the vault's own (lab.cpp, log_briefs).
            const ScopedPragma mapped(impl_->helper_stmts->db(), "mmap_size", "4294967296");
            helper_status = read_rows(*impl_->helper_stmts, true, helped);
        }
    });
    const Status status = read_rows(*impl_->stmts, false, out);
    helper.join();
    MEMLENS_TRY(status.with_context("reading candidates"));
    MEMLENS_TRY(helper_status.with_context("reading candidates"));
    out.merge(helped);
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (!vectors[i].empty())
            if (const auto it = out.find(ids[i]); it != out.end())
                it->second.embedding = std::move(vectors[i]);
    return out;
}

const Vault& SearchEngine::vault() const {
    return *impl_->vault;
}

Embedder& SearchEngine::embedder() {
    return *impl_->embedder;
}

const TopicIndex& SearchEngine::index() const {
    return impl_->index;
}

AuditWriter* SearchEngine::audit_writer() {
    return impl_->audit.get();
}

AuditState SearchEngine::audit_state() const {
    AuditState st;
    if (!impl_->audit) {
        st.disabled_reason = "audit disabled: turned off for this engine";
    } else {
        st.enabled = impl_->audit->enabled();
        st.disabled_reason = impl_->audit->disabled_reason();
    }
    return st;
}

} // namespace memlens
