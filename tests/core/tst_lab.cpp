// The ranking lab (lab.h): re-ranking a generated log's stored candidates with unchanged
// settings gives every logged ranking back; the blast radius of the vault's own settings is
// zero; λ = 1 changes exactly the rows MMR had reordered and no row that set its own λ; moves
// are attributed to the setting that causes them; the ablation's columns; the CLI's whatif,
// blast and ablate with their errors.
#include "older_pools.h"
#include "suite.h"
#include "testsupport.h"

// types.h names a field `signals`, which Qt's keyword macro would rewrite to `public`.
#undef signals

#include <memlens/audit.h>
#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/ingest.h>
#include <memlens/lab.h>
#include <memlens/search.h>
#include <memlens/text.h>
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <map>
#include <set>

namespace tst_lab {

using namespace memlens;
using nlohmann::json;

namespace {

using test::must;

std::vector<std::string> ids_of(const SearchResponse& r) {
    std::vector<std::string> out;
    for (const auto& h : r.result.hits)
        out.push_back(h.node_id);
    return out;
}

// A number as the settings map writes one (shortest round trip).
std::string to_settings_map_number(double v) {
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, end);
}

std::vector<std::int64_t> all_ids(const Database& db) {
    std::vector<std::int64_t> out;
    auto st = must(db.prepare("SELECT id FROM retrieval_log ORDER BY id"), "ids");
    while (must(st.step(), "step"))
        out.push_back(st.column_int64(0));
    return out;
}

// A value of the setting other than its default, from the table alone: the far end of its
// explored range, another of its choices, the other truth value, another profile.
std::string off_default(const SettingKey& k) {
    switch (k.type) {
    case SettingType::Number:
    case SettingType::Integer: {
        auto text = [&](double v) {
            return k.type == SettingType::Integer ? std::to_string(std::llround(v))
                                                  : to_settings_map_number(v);
        };
        return text(k.explore_max) != k.default_value ? text(k.explore_max) : text(k.explore_min);
    }
    case SettingType::Choice:
        return k.choices.front() != k.default_value ? k.choices.front() : k.choices.back();
    case SettingType::Flag:
        return k.default_value == "true" ? "false" : "true";
    case SettingType::Text:
        break;
    }
    const auto names = WeightProfile::names({});
    return names.front() != k.default_value ? names.front() : names.back();
}

} // namespace

class TestLab : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string vaultDir_;
    std::unique_ptr<Vault> vault_;
    std::unique_ptr<SearchEngine> engine_;
    std::vector<std::int64_t> rows_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        GenerateOptions g;
        g.chunks = 1500;
        g.seed = 11;
        auto sources = must(generate_sources(g), "generate");
        vaultDir_ = dir_.filePath(QStringLiteral("v")).toStdString();
        vault_ = must(Vault::create(vaultDir_), "create");
        {
            auto emb = must(make_embedder_for(*vault_), "embedder");
            Ingestor ing(*vault_, *emb);
            must(ing.ingest(sources), "ingest");
        }
        // MMR compares plain cosines (no redundancy floor), so that it reorders some rows and
        // λ = 1 has rows to change.
        auto s = must(load_retrieval_settings(*vault_), "settings");
        s.mmr_redundancy_floor = 0.0;
        must(save_retrieval_settings(*vault_, s), "save");
        engine_ = must(SearchEngine::open(*vault_), "engine");
        // 120 logged questions; fewer under the sanitizers (scripts/ci-asan.sh), where each
        // rerun costs some twenty times as much and every path is still taken.
        QueryLogOptions o;
        o.count = 120;
        if (const QByteArray n = qgetenv("MEMLENS_LAB_QUERIES"); !n.isEmpty())
            o.count = std::max<std::size_t>(12, n.toULong());
        o.seed = 3;
        auto sum = must(generate_query_log(*engine_, o), "log");
        QCOMPARE(sum.asked, o.count);
        // A question without searchable terms is not logged: about one in twelve.
        QVERIFY(sum.logged >= o.count * 5 / 6);
        rows_ = all_ids(vault_->db());
        QCOMPARE(rows_.size(), sum.logged);
    }

    // The generated log is what an agent's log looks like: agents and the GUI, modes, λs.
    void generatedLogHasAgentsAndOwnChoices() {
        std::set<std::string> clients;
        std::size_t keywordMode = 0, ownLambda = 0;
        for (auto id : rows_) {
            auto row = must(load_lab_row(vault_->db(), id), "row");
            clients.insert(row.record.caller.client);
            keywordMode += row.request.mode == SearchMode::Keyword;
            ownLambda += row.request.mmr_lambda.has_value();
        }
        QCOMPARE(clients.size(), std::size_t{3}); // two agents and the GUI (no client)
        QVERIFY(keywordMode > 0);
        QVERIFY(ownLambda > 0);
    }

    // Unchanged settings reproduce every logged ranking exactly.
    void unchangedSettingsReproduceEveryRow() {
        for (auto id : rows_) {
            auto row = must(load_lab_row(vault_->db(), id), "row");
            auto cmp = must(what_if(*engine_, row, row.settings), "what-if");
            QVERIFY2(ids_of(cmp.before) == row.logged_ids, qPrintable(QString::number(id)));
            QVERIFY2(ids_of(cmp.after) == row.logged_ids, qPrintable(QString::number(id)));
            QVERIFY(!cmp.changed);
            QVERIFY(cmp.changed_keys.empty());
            QCOMPARE(cmp.jaccard, 1.0);
            QCOMPARE(cmp.rbo, 1.0);
            for (const auto& m : cmp.moves)
                QCOMPARE(m.movement, Movement::Same);
        }
    }

    // What a re-rank reads of each candidate (SearchEngine::node_briefs) is the node's row and
    // its vector in the index, whether this connection reads every row or a second one (a vault
    // of engine.parallel_keyword_min_chunks or more: a million-chunk vault) reads them from the
    // other end: each chunk, each summary, none for an id the vault does not hold.
    void briefsAreTheNodesRowsAndVectorsOnEitherPath() {
        std::vector<std::string> ids;
        for (const char* sql :
             {"SELECT id FROM mem_tree_chunks", "SELECT id FROM mem_tree_summaries"}) {
            auto st = must(vault_->db().prepare(sql), "ids");
            while (must(st.step(), "step"))
                ids.push_back(st.column_text(0));
        }
        ids.push_back("no-such-node");
        const std::size_t nodes = ids.size() - 1;
        // Twice over: more than one batch of rows, so that both connections take some.
        const std::vector<std::string> once = ids;
        ids.insert(ids.end(), once.begin(), once.end());
        std::sort(ids.begin(), ids.end());
        QVERIFY(ids.size() > 3000);

        for (const char* threshold : {"0", "1"}) { // one connection; two
            QVERIFY(vault_->set_setting(std::string(kParallelKeywordSetting), threshold).is_ok());
            auto engine = must(SearchEngine::open(*vault_), "engine");
            const auto briefs = must(engine->node_briefs(ids), "briefs");
            QCOMPARE(briefs.size(), nodes);
            QVERIFY(!briefs.count("no-such-node"));
            std::size_t with_vectors = 0;
            for (const auto& [id, b] : briefs) {
                auto st = must(vault_->db().prepare(
                                   "SELECT 0, time_range_end_ms, superseded, content FROM "
                                   "mem_tree_chunks WHERE id = ?1 UNION ALL SELECT 1, "
                                   "time_range_end_ms, 0, content FROM mem_tree_summaries WHERE "
                                   "id = ?1 AND deleted = 0"),
                               "row");
                st.bind(1, id);
                QVERIFY(must(st.step(), "step"));
                QCOMPARE(b.is_summary, st.column_int64(0) == 1);
                QCOMPARE(b.time_range_end_ms, st.column_int64(1));
                QCOMPARE(b.superseded_flag, st.column_int64(2) != 0);
                QCOMPARE(b.content_chars, utf8_length(st.column_text(3)));
                const auto pos = engine->index().position(id);
                QCOMPARE(b.embedding.empty(), !pos);
                if (pos) {
                    QVERIFY(b.embedding == engine->index().vector_at(*pos));
                    ++with_vectors;
                }
            }
            QVERIFY(with_vectors > nodes / 2);
        }
        QVERIFY(vault_->set_setting(std::string(kParallelKeywordSetting), "0").is_ok());
    }

    // The blast radius of the vault's own settings is zero.
    void blastOfTheVaultsOwnSettingsChangesNothing() {
        std::size_t progressCalls = 0;
        BlastOptions o;
        o.progress = [&](std::size_t done, std::size_t total) {
            QVERIFY(done <= total);
            ++progressCalls;
        };
        auto r = must(blast_radius(*engine_, {}, o), "blast");
        QCOMPARE(r.queries, rows_.size());
        QCOMPARE(r.changed, std::size_t{0});
        QCOMPARE(r.lost_first, std::size_t{0});
        QVERIFY(r.changed_keys.empty());
        QCOMPARE(r.overlap_histogram.size(), std::size_t{11});
        QCOMPARE(r.overlap_histogram.back().count, r.queries);
        QVERIFY(progressCalls > 0);
    }

    // λ = 1 (MMR off) changes exactly the rows whose logged order is not their
    // fused order, and none that set their own λ (a query's own choice wins, as when it ran).
    void lambdaOneChangesTheRowsMmrReorderedAndNothingElse() {
        std::set<std::int64_t> expected, ownLambda;
        for (auto id : rows_) {
            auto row = must(load_lab_row(vault_->db(), id), "row");
            if (row.request.mmr_lambda) {
                ownLambda.insert(id);
                continue;
            }
            // The fused order of the whole candidate list, from the logged ranking's own
            // explanations: MMR reordered the row when the hits are not fused ranks 1..n.
            auto r = must(engine_->rerun(row.request, row.settings, row.pools), "rerun");
            for (std::size_t i = 0; i < r.result.hits.size(); ++i)
                if (r.result.hits[i].explanation->fused_rank != static_cast<int>(i) + 1) {
                    expected.insert(id);
                    break;
                }
        }
        QVERIFY2(!expected.empty(), "MMR reordered no row: the test would prove nothing");
        QVERIFY(!ownLambda.empty());
        BlastOptions o;
        auto r = must(blast_radius(*engine_, {{"search.mmr_lambda", "1"}}, o), "blast");
        QCOMPARE(r.changed_keys, std::vector<std::string>{"search.mmr_lambda"});
        std::set<std::int64_t> changed;
        for (const auto& q : r.results)
            if (q.changed)
                changed.insert(q.id);
        QCOMPARE(changed, expected);
        QCOMPARE(r.changed, expected.size());
        for (auto id : ownLambda)
            QVERIFY(!changed.count(id));
        std::size_t histogramTotal = 0;
        for (const auto& b : r.overlap_histogram)
            histogramTotal += b.count;
        QCOMPARE(histogramTotal, r.queries);
        std::size_t identical = 0;
        for (const auto& q : r.results)
            identical += q.jaccard == 1.0;
        QCOMPARE(r.overlap_histogram.back().count, identical);
    }

    // The blast radius ranks from the pools and the nodes' briefs without building
    // explanations: for every row and many settings it must give the ids the full rerun gives.
    void blastRanksAsTheRerunDoes() {
        const std::vector<std::map<std::string, std::string>> configs = {
            {},
            {{"search.mmr_lambda", "1"}},
            {{"search.mmr_lambda", "0.2"}, {"search.mmr_redundancy_floor", "0.5"}},
            {{"search.rrf_k", "1"}},
            {{"search.weight.vector_lexical", "0.7"}, {"search.weight.keyword", "0.5"}},
            {{"search.recency_boost", "50"}},
            {{"search.entity_boost", "2"}},
            {{"search.fusion", "profile"}},
            {{"search.fusion", "profile"}, {"search.profile", "graph_first"}},
            {{"search.superseded", "hide"}},
            {{"search.superseded.demote_factor", "0.1"}},
            {{"search.limit", "4"}},
            {{"search.author_boost", "2"}, {"search.question_factor", "0.3"}},
            {{"search.mode", "keyword"}},
        };
        auto vaultSettings = must(load_retrieval_settings(*vault_), "settings");
        std::map<std::int64_t, LabRow> logged; // each row read once, not once per setting
        for (auto id : rows_)
            logged.emplace(id, must(load_lab_row(vault_->db(), id), "row"));
        std::size_t compared = 0, changed = 0;
        for (const auto& overrides : configs) {
            auto r = must(blast_radius(*engine_, overrides), "blast");
            QCOMPARE(r.results.size(), rows_.size());
            auto candidate = must(apply_setting_overrides(vaultSettings, overrides), "settings");
            for (const auto& q : r.results) {
                const LabRow& row = logged.at(q.id);
                const auto s = blast_settings_for(row, candidate);
                auto full =
                    must(engine_->rerun(row.request, s, pools_for_settings(row, s)), "rerun");
                QVERIFY2(ids_of(full) == q.ids,
                         qPrintable(QStringLiteral("row %1 under %2 settings differs")
                                        .arg(q.id)
                                        .arg(overrides.size())));
                QCOMPARE(q.changed, row.logged_ids != q.ids);
                ++compared;
                changed += q.changed;
            }
        }
        QVERIFY(compared == configs.size() * rows_.size());
        QVERIFY(changed > rows_.size()); // the settings moved many rows: the check has teeth
    }

    // One ranking: every setting the settings table says acts after retrieval, set away from
    // its default to a value the table itself gives (its explored range, another choice), ranks
    // each row alike in the lab's blast radius, in the rerun of the stored pools and in a new
    // search. A setting added to the table is covered here without a line of this test changed.
    void everyRerankSettingOfTheTableRanksAlikeEverywhere() {
        const auto vaultSettings = must(load_retrieval_settings(*vault_), "settings");
        std::size_t keys = 0, moved = 0, searched = 0, unshownRows = 0;
        for (const auto& k : retrieval_setting_keys()) {
            if (k.reach != SettingReach::Rerank)
                continue;
            std::string key = k.key;
            if (const auto at = key.find("<name>"); at != std::string::npos)
                key.replace(at, 6, vaultSettings.profile.name);
            const std::map<std::string, std::string> overrides = {{key, off_default(k)}};
            auto r = must(blast_radius(*engine_, overrides), key.c_str());
            QCOMPARE(r.results.size(), rows_.size());
            auto candidate = must(apply_setting_overrides(vaultSettings, overrides), "settings");
            for (const auto& q : r.results)
                moved += q.changed;
            // The full rerun for every eighth row (blastRanksAsTheRerunDoes reruns them all).
            for (std::size_t i = 0; i < r.results.size(); i += 8) {
                const auto& q = r.results[i];
                auto row = must(load_lab_row(vault_->db(), q.id), "row");
                const auto s = blast_settings_for(row, candidate);
                std::vector<std::string> unshown;
                auto rerun = must(
                    engine_->rerun(row.request, s, pools_for_settings(row, s, &unshown)), "rerun");
                const auto what = QStringLiteral("%1=%2, row %3")
                                      .arg(QString::fromStdString(key),
                                           QString::fromStdString(overrides.begin()->second))
                                      .arg(q.id);
                QVERIFY2(ids_of(rerun) == q.ids, qPrintable(what + QStringLiteral(": lab")));
                // A new search for every sixteenth row, unless the lab says the row's pools
                // cannot show the change (a similarity the row never computed).
                if (i % 16 != 0 || !unshown.empty()) {
                    unshownRows += !unshown.empty();
                    continue;
                }
                SearchRequest req = row.request;
                req.settings = s;
                req.audit = false;
                auto fresh = must(engine_->search(req), "search");
                QVERIFY2(ids_of(fresh) == ids_of(rerun),
                         qPrintable(what + QStringLiteral(": search")));
                ++searched;
            }
            ++keys;
        }
        QVERIFY(keys >= 15);
        QVERIFY(searched >= keys * rows_.size() / 32);
        QVERIFY(unshownRows < rows_.size()); // only the profile fold's keys, for some rows
        QVERIFY(moved > rows_.size());       // the values moved rows: the comparison has teeth
    }

    // RRF k = 1 weighs the top ranks of each leg far more: it changes rows that fused two legs,
    // never a row that ran one leg only with MMR off. The attribution names the setting.
    void oneChangedSettingIsTheCauseOfEveryMove() {
        std::size_t moved = 0;
        for (auto id : rows_) {
            auto row = must(load_lab_row(vault_->db(), id), "row");
            auto s = must(apply_setting_overrides(row.settings, {{"search.rrf_k", "1"}}), "k=1");
            auto cmp = must(what_if(*engine_, row, s), "what-if");
            QCOMPARE(cmp.changed_keys, std::vector<std::string>{"search.rrf_k"});
            QVERIFY(cmp.needs_retrieval.empty());
            for (const auto& m : cmp.moves) {
                if (m.movement == Movement::Same)
                    continue;
                ++moved;
                QCOMPARE(m.moved_by, std::vector<std::string>{"search.rrf_k"});
                // A hit whose own RRF sum changed says so; one that only made room says that.
                QVERIFY2(m.signal == MoveSignal::Fusion || m.signal == MoveSignal::None ||
                             m.signal == MoveSignal::Mmr,
                         to_string(m.signal));
                QVERIFY(!m.line.empty());
            }
        }
        QVERIFY2(moved > 0, "rrf_k = 1 moved nothing");
    }

    // Two changed settings: each move is attributed to the ones that cause it on their own.
    void twoSettingsAreAttributedOneByOne() {
        std::size_t attributed = 0, checked = 0;
        for (auto id : rows_) {
            auto row = must(load_lab_row(vault_->db(), id), "row");
            if (row.request.mmr_lambda)
                continue;
            auto s = must(apply_setting_overrides(row.settings, {{"search.mmr_lambda", "1"},
                                                                 {"search.recency_boost", "0"}}),
                          "two");
            // recency is already 0: only λ can move anything, and every move must say λ.
            auto cmp = must(what_if(*engine_, row, s), "what-if");
            QCOMPARE(cmp.changed_keys, std::vector<std::string>{"search.mmr_lambda"});
            auto s2 = must(apply_setting_overrides(
                               row.settings, {{"search.mmr_lambda", "1"}, {"search.rrf_k", "1"}}),
                           "two");
            auto cmp2 = must(what_if(*engine_, row, s2), "what-if 2");
            QCOMPARE(cmp2.changed_keys.size(), std::size_t{2});
            for (const auto& m : cmp2.moves) {
                if (m.movement == Movement::Same)
                    continue;
                ++checked;
                for (const auto& k : m.moved_by)
                    QVERIFY(k == "search.mmr_lambda" || k == "search.rrf_k");
                attributed += !m.moved_by.empty();
            }
        }
        QVERIFY(checked > 0);
        QVERIFY(attributed > 0);
    }

    // The query's budget is a request's choice, changed beside the settings: max_units = 3 keeps
    // the first three hits and names the budget as the cause of every one that goes.
    void aBudgetIsAWhatIfToo() {
        std::size_t checked = 0;
        for (auto id : rows_) {
            auto row = must(load_lab_row(vault_->db(), id), "row");
            if (row.logged_ids.size() < 5 || row.request.budget.max_units != 0 ||
                row.request.budget.max_chars != 0)
                continue;
            SearchBudget b;
            b.max_units = 3;
            auto cmp = must(what_if(*engine_, row, row.settings, b), "what-if");
            QCOMPARE(cmp.changed_keys, std::vector<std::string>{"budget.max_units"});
            const std::vector<std::string> first3(row.logged_ids.begin(),
                                                  row.logged_ids.begin() + 3);
            QCOMPARE(ids_of(cmp.after), first3);
            std::size_t gone = 0;
            for (const auto& m : cmp.moves) {
                if (m.movement == Movement::Same)
                    continue;
                QCOMPARE(m.movement, Movement::Gone);
                QCOMPARE(m.signal, MoveSignal::Budget);
                QCOMPARE(m.moved_by, std::vector<std::string>{"budget.max_units"});
                ++gone;
            }
            QCOMPARE(gone, row.logged_ids.size() - 3);
            if (++checked == 10)
                break;
        }
        QVERIFY(checked > 0);
    }

    // Settings that act inside a leg are reported, not applied.
    void retrievalSettingsAreReportedNotApplied() {
        auto row = must(load_lab_row(vault_->db(), rows_.front()), "row");
        auto s = must(apply_setting_overrides(row.settings, {{"search.leg_limit", "20"}}), "s");
        auto cmp = must(what_if(*engine_, row, s), "what-if");
        QCOMPARE(cmp.needs_retrieval, std::vector<std::string>{"search.leg_limit"});
        QVERIFY(!cmp.changed);
        QCOMPARE(setting_reach("search.leg_limit"), std::optional(SettingReach::Retrieval));
        QCOMPARE(setting_reach("search.rrf_k"), std::optional(SettingReach::Rerank));
        QVERIFY(!setting_reach("search.nope"));
    }

    // The keyword factors applied after the leg re-rank the pool; one that was off when the
    // row was logged cannot say which candidates it would touch, and says so.
    void keywordFactorsReRankThePool() {
        for (auto id : rows_) {
            auto row = must(load_lab_row(vault_->db(), id), "row");
            const bool hasAsk =
                std::any_of(row.pools.keyword.begin(), row.pools.keyword.end(),
                            [](const LegCandidate& c) { return c.question_factor != 1.0; });
            if (!hasAsk)
                continue;
            auto s = row.settings;
            s.question_factor = 1.0;
            std::vector<std::string> unreachable;
            auto p = pools_for_settings(row, s, &unreachable);
            QVERIFY(unreachable.empty());
            for (std::size_t i = 0; i < p.keyword.size(); ++i) {
                QCOMPARE(p.keyword[i].question_factor, 1.0);
                QCOMPARE(p.keyword[i].rank, static_cast<int>(i) + 1);
                if (i > 0)
                    QVERIFY(p.keyword[i - 1].raw <= p.keyword[i].raw);
            }
            // Logged with the factor off: unknown which candidates ask.
            LabRow off = row;
            off.settings.question_factor = 1.0;
            for (auto& c : off.pools.keyword)
                c.question_factor = 1.0;
            auto s2 = off.settings;
            s2.question_factor = 0.5;
            unreachable.clear();
            pools_for_settings(off, s2, &unreachable);
            QCOMPARE(unreachable, std::vector<std::string>{"search.question_factor"});
            return;
        }
        QFAIL("no logged row had a question among its keyword candidates");
    }

    // The last ablation column is the row's own settings: the logged ranking.
    void ablationEndsAtTheLoggedRanking() {
        std::size_t reached = 0;
        for (std::size_t i = 0; i < rows_.size(); i += 7) {
            auto row = must(load_lab_row(vault_->db(), rows_[i]), "row");
            auto m = must(ablate(*engine_, row), "ablate");
            QCOMPARE(m.columns.size(), std::size_t{7});
            QCOMPARE(QString::fromStdString(m.columns[2].name), QStringLiteral("RRF"));
            QCOMPARE(m.columns.back().ids, row.logged_ids);
            QVERIFY(m.first_logged_column.has_value());
            ++reached;
            // The logged hits come first, with their logged ranks.
            for (std::size_t r = 0; r < row.logged_ids.size(); ++r) {
                QCOMPARE(m.rows[r].node_id, row.logged_ids[r]);
                QCOMPARE(m.rows[r].logged_rank, std::optional<int>(static_cast<int>(r) + 1));
                QCOMPARE(m.rows[r].ranks.back(), std::optional<int>(static_cast<int>(r) + 1));
            }
            if (row.request.mode == SearchMode::Keyword)
                QVERIFY(!m.columns[1].available); // no vector leg ran
        }
        QVERIFY(reached > 0);
    }

    // With recency, supersession demotion, MMR and entity boost off in the vault,
    // the "RRF" column is the logged ranking.
    void rrfColumnIsTheLoggedRankingWhenLaterSignalsAreOff() {
        QTemporaryDir d;
        auto v = must(Vault::create(d.filePath(QStringLiteral("w")).toStdString()), "create");
        GenerateOptions g;
        g.chunks = 600;
        g.seed = 5;
        {
            auto emb = must(make_embedder_for(*v), "embedder");
            Ingestor ing(*v, *emb);
            must(ing.ingest(must(generate_sources(g), "gen")), "ingest");
        }
        auto s = must(load_retrieval_settings(*v), "settings");
        s.mmr_lambda = 1.0;
        s.recency_boost = 0.0;
        s.entity_boost = 0.0;
        s.superseded = SupersededHandling::Mark;
        must(save_retrieval_settings(*v, s), "save");
        auto engine = must(SearchEngine::open(*v), "engine");
        QueryLogOptions o;
        o.count = 30; // 20 under the sanitizers (MEMLENS_LAB_QUERIES, scripts/ci-asan.sh)
        if (!qgetenv("MEMLENS_LAB_QUERIES").isEmpty())
            o.count = 20;
        must(generate_query_log(*engine, o), "log");
        std::size_t checked = 0;
        for (auto id : all_ids(v->db())) {
            auto row = must(load_lab_row(v->db(), id), "row");
            if (row.request.mmr_lambda)
                continue; // the row set its own λ
            auto m = must(ablate(*engine, row), "ablate");
            QCOMPARE(m.columns[2].ids, row.logged_ids);
            // An earlier column may give it too: with the built-in embedder the vector leg's
            // weight is small and the keyword leg alone often ranks the same.
            QVERIFY(m.first_logged_column.has_value() && *m.first_logged_column <= 2);
            ++checked;
        }
        QVERIFY(checked > 10);
    }

    // Over the whole log: the last column ranks every row as logged, each row's first logged
    // column is counted once, and the counts agree with the per-row ablation (full reruns).
    void ablationOverTheLog() {
        auto log = must(load_lab_log(vault_->db(), {}), "log");
        auto m = must(ablate_log(*engine_, log), "ablate log");
        QCOMPARE(m.queries, rows_.size());
        QCOMPARE(m.columns.size(), std::size_t{7});
        QCOMPARE(m.columns.back().same_ranking, rows_.size());
        QCOMPARE(m.none_logged, std::size_t{0});
        std::size_t firsts = 0;
        for (const auto& c : m.columns)
            firsts += c.first_logged;
        QCOMPARE(firsts, rows_.size());
        std::vector<std::size_t> same(7, 0), first(7, 0);
        for (const auto& row : log.rows) {
            auto one = must(ablate(*engine_, row), "ablate");
            for (std::size_t i = 0; i < 7; ++i)
                same[i] += one.columns[i].available && one.columns[i].ids == row.logged_ids;
            if (one.first_logged_column)
                ++first[*one.first_logged_column];
        }
        for (std::size_t i = 0; i < 7; ++i) {
            QCOMPARE(m.columns[i].same_ranking, same[i]);
            QCOMPARE(m.columns[i].first_logged, first[i]);
        }
        auto cli = test::run_cli({QStringLiteral("ablate"), QStringLiteral("--vault"),
                                  QString::fromStdString(vaultDir_), QStringLiteral("--log"),
                                  QStringLiteral("--json")});
        QCOMPARE(cli.exit_code, 0);
        auto j = json::parse(cli.out);
        QCOMPARE(j["queries"].get<std::size_t>(), rows_.size());
        QCOMPARE(j["columns"][6]["same_ranking"].get<std::size_t>(), rows_.size());
    }

    // A log keeps each row's pools packed (a few KB a row) and gives them back whole: the same
    // candidates, in the same order, with the same numbers, as the row read alone.
    void aLogKeepsPoolsPackedAndGivesThemBackWhole() {
        auto log = must(load_lab_log(vault_->db(), {}), "log");
        QCOMPARE(log.rows.size(), rows_.size());
        std::set<std::string> ids;
        for (const auto& row : log.rows) {
            QVERIFY(!row.packed_column.empty());
            QVERIFY(row.pools.keyword.empty() && row.pools.vector.empty());
            const auto whole = must(lab_row_pools(row), "pools");
            const auto alone = must(load_lab_row(vault_->db(), row.record.id), "row");
            QVERIFY(alone.packed_column.empty());
            QCOMPARE(whole.keyword.size(), alone.pools.keyword.size());
            QCOMPARE(whole.vector.size(), alone.pools.vector.size());
            for (std::size_t i = 0; i < whole.keyword.size(); ++i) {
                QCOMPARE(whole.keyword[i].node_id, alone.pools.keyword[i].node_id);
                QCOMPARE(whole.keyword[i].raw, alone.pools.keyword[i].raw);
                QCOMPARE(whole.keyword[i].fts_score, alone.pools.keyword[i].fts_score);
                QCOMPARE(whole.keyword[i].graph, alone.pools.keyword[i].graph);
                ids.insert(whole.keyword[i].node_id);
            }
            for (std::size_t i = 0; i < whole.vector.size(); ++i) {
                QCOMPARE(whole.vector[i].node_id, alone.pools.vector[i].node_id);
                QCOMPARE(whole.vector[i].raw, alone.pools.vector[i].raw);
                ids.insert(whole.vector[i].node_id);
            }
            QCOMPARE(whole.keyword_weight, alone.pools.keyword_weight);
            QCOMPARE(whole.vector_weight, alone.pools.vector_weight);
            // The re-ranking reads positions in the log's ids: the distinct candidates in the
            // record's order (keyword pool, then vector pool), and the hits.
            std::vector<std::string> distinct;
            for (const auto* leg : {&whole.keyword, &whole.vector})
                for (const auto& c : *leg)
                    if (std::find(distinct.begin(), distinct.end(), c.node_id) == distinct.end())
                        distinct.push_back(c.node_id);
            QCOMPARE(row.nodes.size(), distinct.size());
            for (std::size_t i = 0; i < distinct.size(); ++i)
                QCOMPARE(log.candidate_ids[row.nodes[i]], distinct[i]);
            QCOMPARE(row.logged_nodes.size(), alone.logged_ids.size());
            for (std::size_t i = 0; i < alone.logged_ids.size(); ++i)
                QCOMPARE(log.candidate_ids[row.logged_nodes[i]], alone.logged_ids[i]);
        }
        // The log lists every candidate of its rows once, for the briefs a blast radius reads
        // (the hits are among them).
        QCOMPARE(log.candidate_ids, std::vector<std::string>(ids.begin(), ids.end()));
    }

    // A row logged before schema 5 keeps its pools as format 1, inside query_profile: a log
    // packs it as it packs the others, and the blast radius ranks it as the rerun does, under the
    // vault's settings and a changed one.
    void aRowInTheOlderFormatIsRankedLikeTheOthers() {
        const auto id = rows_[rows_.size() / 2];
        const AuditRecord before = must(get_audit(vault_->db(), id), "row");
        const auto pools = must(candidates_from_audit(before), "pools");
        QVERIFY(test::store_pools_as_format1(vault_->db(), id, pools).is_ok());
        QVERIFY(must(get_audit(vault_->db(), id), "older row").candidates.empty());

        auto log = must(load_lab_log(vault_->db(), {}), "log");
        QCOMPARE(log.rows.size(), rows_.size());
        QCOMPARE(log.skipped_damaged, std::size_t{0});
        auto it = std::find_if(log.rows.begin(), log.rows.end(),
                               [&](const LabRow& r) { return r.record.id == id; });
        QVERIFY(it != log.rows.end());
        QVERIFY(!it->packed_column.empty());
        std::set<std::string> distinct;
        for (const auto* leg : {&pools.keyword, &pools.vector})
            for (const auto& c : *leg)
                distinct.insert(c.node_id);
        QCOMPARE(it->nodes.size(), distinct.size());

        auto vaultSettings = must(load_retrieval_settings(*vault_), "settings");
        const auto row = must(load_lab_row(vault_->db(), id), "decoded row");
        for (const std::map<std::string, std::string>& overrides :
             {std::map<std::string, std::string>{},
              std::map<std::string, std::string>{{"search.rrf_k", "1"}}}) {
            auto r = must(blast_radius(*engine_, log, overrides), "blast");
            if (overrides.empty())
                QCOMPARE(r.changed, std::size_t{0});
            auto q = std::find_if(r.results.begin(), r.results.end(),
                                  [&](const BlastQuery& b) { return b.id == id; });
            QVERIFY(q != r.results.end());
            const auto s = blast_settings_for(
                row, must(apply_setting_overrides(vaultSettings, overrides), "s"));
            auto full = must(engine_->rerun(row.request, s, pools_for_settings(row, s)), "rerun");
            QCOMPARE(q->ids, ids_of(full));
            QVERIFY(!q->ids.empty());
        }

        auto restore = must(vault_->db().prepare("UPDATE retrieval_log SET candidates = ?2, "
                                                 "query_profile = ?3 WHERE id = ?1"),
                            "prepare");
        restore.bind(1, id)
            .bind_blob(2, std::as_bytes(std::span(before.candidates)))
            .bind(3, before.query_profile);
        QVERIFY(restore.exec().is_ok());
    }

    // A log longer than a page (500 rows) is read page after page: every row once, newest
    // first, as many as asked, only those the filter keeps.
    void aLogOfManyPagesIsReadOnceEachNewestFirst() {
        const std::int64_t last = rows_.back();
        const char* copy =
            "INSERT INTO retrieval_log (ts_ms, query, query_hash, mode, query_profile, sources, "
            "settings, elapsed_ms, vault_revision, error, client, session, tool, arguments, "
            "candidates) SELECT ts_ms, query, query_hash, mode, query_profile, sources, settings, "
            "elapsed_ms, vault_revision, error, client, session, tool, arguments, candidates "
            "FROM retrieval_log";
        std::size_t copies = 1; // doubled until the log fills three pages and some
        for (; copies * rows_.size() < 1600; copies *= 2)
            QVERIFY(vault_->db().exec(copy).is_ok());
        const auto all = all_ids(vault_->db());
        QCOMPARE(all.size(), copies * rows_.size());

        auto log = must(load_lab_log(vault_->db(), {}), "log");
        QCOMPARE(log.rows_seen, all.size());
        QCOMPARE(log.rows.size(), all.size());
        for (std::size_t i = 0; i < log.rows.size(); ++i) // newest first, each once
            QCOMPARE(log.rows[i].record.id, all[all.size() - 1 - i]);

        auto newest = must(load_lab_log(vault_->db(), {}, 700), "newest 700");
        QCOMPARE(newest.rows_seen, std::size_t{700});
        QCOMPARE(newest.rows.back().record.id, all[all.size() - 700]);

        AuditFilter one; // the newest agent's rows (a row of the GUI names no client)
        for (const auto& row : log.rows)
            if (one.client.empty())
                one.client = row.record.caller.client;
        QVERIFY(!one.client.empty());
        auto agent = must(load_lab_log(vault_->db(), one), "one agent");
        QCOMPARE(agent.rows_seen,
                 static_cast<std::size_t>(must(count_audit(vault_->db(), one), "count")));
        QVERIFY(agent.rows_seen > 500 && agent.rows_seen < all.size());
        for (const auto& row : agent.rows)
            QCOMPARE(row.record.caller.client, one.client);

        auto drop = must(vault_->db().prepare("DELETE FROM retrieval_log WHERE id > ?1"), "drop");
        drop.bind(1, last);
        QVERIFY(drop.exec().is_ok());
        QCOMPARE(all_ids(vault_->db()), rows_);
    }

    // A blast radius can be stopped: reading the log, or half-way through re-ranking it, when
    // it says how far it got and gives no report. Progress comes in order, to the last row.
    void aBlastRadiusCanBeCancelled() {
        std::atomic_bool cancel{true};
        auto early = load_lab_log(vault_->db(), {}, 0, {}, &cancel);
        QCOMPARE(early.status().code(), StatusCode::Cancelled);
        cancel = false;
        auto log = must(load_lab_log(vault_->db(), {}), "log");
        const std::size_t rows = log.rows.size();
        std::vector<std::size_t> seen;
        BlastOptions o;
        o.cancel = &cancel;
        o.progress = [&](std::size_t done, std::size_t total) {
            seen.push_back(done);
            if (total == rows && done * 4 >= total)
                cancel = true; // a quarter of the way
        };
        auto stopped = blast_radius(*engine_, log, {{"search.rrf_k", "1"}}, o);
        QCOMPARE(stopped.status().code(), StatusCode::Cancelled);
        QVERIFY2(stopped.status().message().find("cancelled after") != std::string::npos,
                 stopped.status().message().c_str());
        QVERIFY(!seen.empty());
        QVERIFY(seen.back() < rows);

        cancel = false;
        seen.clear();
        o.progress = [&](std::size_t done, std::size_t) { seen.push_back(done); };
        auto whole = must(blast_radius(*engine_, log, {{"search.rrf_k", "1"}}, o), "blast");
        QCOMPARE(whole.queries, rows);
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        QCOMPARE(seen.back(), rows);
    }

    void overlapMeasures() {
        const std::vector<std::string> a = {"a", "b", "c"}, b = {"b", "a", "c"}, c = {"x", "y"};
        QCOMPARE(jaccard_at_k(a, a, 3), 1.0);
        QCOMPARE(jaccard_at_k(a, c, 3), 0.0);
        QCOMPARE(jaccard_at_k({"a", "b"}, {"b", "c"}, 2), 1.0 / 3.0);
        QCOMPARE(jaccard_at_k({}, {}, 10), 1.0);
        QCOMPARE(rank_biased_overlap(a, a), 1.0);
        QCOMPARE(rank_biased_overlap(a, c), 0.0);
        // {a, b} against {b, a}, p = 0.9: agreement 0 at depth 1, 1 at depth 2:
        // 1 × 0.81 + (0.1 / 0.9) × 0.81 = 0.9.
        QVERIFY(std::abs(rank_biased_overlap({"a", "b"}, {"b", "a"}) - 0.9) < 1e-12);
        // A swap at the top costs more than one at the bottom.
        QVERIFY(rank_biased_overlap(a, b) < rank_biased_overlap(a, {"a", "c", "b"}));
    }

    void errorsNameWhatIsWrong() {
        auto row = must(load_lab_row(vault_->db(), rows_.front()), "row");
        auto bad = apply_setting_overrides(row.settings, {{"search.rrf_kk", "3"}});
        QVERIFY(!bad.is_ok());
        QCOMPARE(bad.status().code(), StatusCode::InvalidArgument);
        QVERIFY2(bad.status().message().find("did you mean 'search.rrf_k'") != std::string::npos,
                 bad.status().message().c_str());
        auto badValue = apply_setting_overrides(row.settings, {{"search.rrf_k", "many"}});
        QVERIFY(!badValue.is_ok());
        QVERIFY(badValue.status().message().find("search.rrf_k") != std::string::npos);
        // A refusal says what the key accepts.
        QVERIFY2(badValue.status().message().find("expected an integer from 1 to 100000, not "
                                                  "'many'") != std::string::npos,
                 badValue.status().message().c_str());
        QVERIFY(!parse_setting_assignments({"search.rrf_k"}).is_ok());
        // The lab's settings pass the vault's own table: a profile nothing defines is refused
        // (it ranked with balanced's weights under its own name, and --save kept it), and a
        // profile weight is bounded (1e308 gave infinite scores).
        auto bogus = apply_setting_overrides(row.settings, {{"search.profile", "bogus"}});
        QVERIFY(!bogus.is_ok());
        QVERIFY2(bogus.status().message().find("unknown profile 'bogus' (known: balanced") !=
                     std::string::npos,
                 bogus.status().message().c_str());
        auto huge = apply_setting_overrides(
            row.settings, {{"search.profile", "semantic"}, {"profile.semantic.graph", "1e308"}});
        QVERIFY(!huge.is_ok());
        QVERIFY2(huge.status().message().find("expected a number from 0 to 100") !=
                     std::string::npos,
                 huge.status().message().c_str());
        auto own = apply_setting_overrides(row.settings, {{"search.profile", "mine"},
                                                          {"profile.mine.graph", "0.5"},
                                                          {"profile.mine.vector", "0.2"},
                                                          {"profile.mine.keyword", "0.2"},
                                                          {"profile.mine.freshness", "0.1"}});
        QVERIFY2(own.is_ok(), own.status().to_string().c_str());
        QCOMPARE(own->profile.name, std::string("mine"));

        // A row from before rows kept their pools: said, with the replay offered instead.
        AuditRecord old = must(get_audit(vault_->db(), rows_.front()), "audit row");
        auto profile = json::parse(old.query_profile);
        profile.erase("candidates");
        old.query_profile = profile.dump();
        auto noPools = lab_row_from_record(old);
        QCOMPARE(noPools.status().code(), StatusCode::NotFound);
        QVERIFY2(noPools.status().message().find("replay") != std::string::npos,
                 noPools.status().message().c_str());

        // An agent's primitive is not a search.
        auto tool =
            make_tool_audit_record({"c 1", "s", "drill_down", "{}"}, "drill_down x", {}, 1.0, 1);
        auto notSearch = lab_row_from_record(tool);
        QCOMPARE(notSearch.status().code(), StatusCode::InvalidArgument);
    }

    void cliWhatIfBlastAndAblate() {
        using test::run_cli;
        const QString v = QString::fromStdString(vaultDir_);
        const QString id = QString::number(rows_.front());
        for (const char* cmd : {"whatif", "blast", "ablate", "generate-log"}) {
            auto h = run_cli({QString::fromLatin1(cmd), QStringLiteral("--help")});
            QCOMPARE(h.exit_code, 0);
            QVERIFY(h.out.find("Usage: memlens-cli") != std::string::npos);
        }
        auto blast = run_cli(
            {QStringLiteral("blast"), QStringLiteral("--vault"), v, QStringLiteral("--json")});
        QCOMPARE(blast.exit_code, 0);
        auto j = json::parse(blast.out);
        for (const char* key : {"queries", "changed", "lost_first", "overlap_histogram", "ms"})
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j["queries"].get<std::size_t>(), rows_.size());
        QCOMPARE(j["changed"].get<int>(), 0);

        auto lam = run_cli({QStringLiteral("blast"), QStringLiteral("--vault"), v,
                            QStringLiteral("--setting"), QStringLiteral("search.mmr_lambda=1"),
                            QStringLiteral("--json")});
        QCOMPARE(lam.exit_code, 0);
        QVERIFY(json::parse(lam.out)["changed"].get<int>() > 0);

        auto unknown = run_cli({QStringLiteral("whatif"), QStringLiteral("--vault"), v,
                                QStringLiteral("--audit-id"), id, QStringLiteral("--setting"),
                                QStringLiteral("search.lambda=1")});
        QVERIFY(unknown.exit_code != 0);
        QVERIFY2(unknown.err.find("unknown setting 'search.lambda'") != std::string::npos,
                 unknown.err.c_str());

        auto w = run_cli({QStringLiteral("whatif"), QStringLiteral("--vault"), v,
                          QStringLiteral("--audit-id"), id, QStringLiteral("--setting"),
                          QStringLiteral("search.rrf_k=1"), QStringLiteral("--json")});
        QCOMPARE(w.exit_code, 0);
        auto wj = json::parse(w.out);
        QCOMPARE(wj["changed_settings"], json::array({"search.rrf_k"}));
        QVERIFY(wj["moves"].is_array() && !wj["moves"].empty());

        // Read-only: the what-if runs and is printed; saving refuses, and nothing is written.
        const auto before = must(load_retrieval_settings(*vault_), "settings");
        auto ro = run_cli({QStringLiteral("whatif"), QStringLiteral("--vault"), v,
                           QStringLiteral("--audit-id"), id, QStringLiteral("--setting"),
                           QStringLiteral("search.rrf_k=7"), QStringLiteral("--save"),
                           QStringLiteral("--read-only"), QStringLiteral("--json")});
        QVERIFY(ro.exit_code != 0);
        QVERIFY2(ro.err.find("read-only") != std::string::npos, ro.err.c_str());
        QVERIFY(json::parse(ro.out)["moves"].is_array());
        QCOMPARE(must(load_retrieval_settings(*vault_), "settings").rrf_k, before.rrf_k);

        auto ab = run_cli({QStringLiteral("ablate"), QStringLiteral("--vault"), v,
                           QStringLiteral("--audit-id"), id, QStringLiteral("--json")});
        QCOMPARE(ab.exit_code, 0);
        auto aj = json::parse(ab.out);
        QCOMPARE(aj["columns"].size(), std::size_t{7});
        QCOMPARE(aj["columns"][6]["hits"],
                 json(must(load_lab_row(vault_->db(), rows_.front()), "row").logged_ids));

        auto missing = run_cli({QStringLiteral("ablate"), QStringLiteral("--vault"), v,
                                QStringLiteral("--audit-id"), QStringLiteral("999999")});
        QVERIFY(missing.exit_code != 0);
        QVERIFY(!missing.err.empty());
    }

    // A search row whose stored columns do not parse is counted as unreadable, not as "not a
    // search", and changes nothing else. (Last: it adds a row to the log.)
    void aDamagedRowIsCountedAsUnreadable() {
        auto rec = must(get_audit(vault_->db(), rows_.front()), "row");
        rec.sources = "{not json";
        QVERIFY(write_audit_row(vault_->db(), rec).is_ok());
        auto r = must(blast_radius(*engine_, {}), "blast");
        QCOMPARE(r.skipped_damaged, std::size_t{1});
        QCOMPARE(r.skipped_other, std::size_t{0});
        QCOMPARE(r.queries, rows_.size());
        QCOMPARE(r.changed, std::size_t{0});
        QCOMPARE(lab_row_from_record(rec).status().code(), StatusCode::Corruption);
        // The ablation over the log counts it too (it dropped it without a word).
        const auto log = must(load_lab_log(vault_->db(), {}), "log");
        const auto m = must(ablate_log(*engine_, log), "ablate");
        QCOMPARE(m.skipped_damaged, std::size_t{1});
        QCOMPARE(m.queries, rows_.size());
        auto cli = test::run_cli({QStringLiteral("ablate"), QStringLiteral("--vault"),
                                  QString::fromStdString(vault_->dir().string()),
                                  QStringLiteral("--log"), QStringLiteral("--json")});
        QCOMPARE(cli.exit_code, 0);
        QCOMPARE(json::parse(cli.out)["skipped_damaged"].get<int>(), 1);
    }
};

MEMLENS_TEST_GUILESS_MAIN(TestLab)
#include "tst_lab.moc"
} // namespace tst_lab
