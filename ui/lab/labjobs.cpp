#include "lab/labjobs.h"

#include "core/format.h"
#include "vault/workervault.h"

#include <memlens/audit.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QCoreApplication>

#include <chrono>

namespace memlens::ui {

namespace {

// A new retrieval of the logged query with `settings` as they are (the audit page's diff does
// the same): no audit row, the query's own choices already inside `settings`.
Result<SearchResponse> retrieveWith(SearchEngine& engine, SearchRequest request,
                                    const RetrievalSettings& settings,
                                    const std::atomic_bool& cancel) {
    request.audit = false;
    request.fusion.reset();
    request.profile.reset();
    request.mmr_lambda.reset();
    request.recency_boost.reset();
    request.include_summaries.reset();
    request.mode = settings.mode;
    request.settings = settings;
    return engine.search(request, &cancel);
}

} // namespace

LabRowOutcome loadLabRowJob(const VaultRef& ref, qint64 id) {
    LabRowOutcome out;
    auto vault = workerVault(ref);
    if (!vault) {
        out.error = formatStatus(vault.status());
        return out;
    }
    auto settings = load_retrieval_settings(**vault);
    if (!settings) {
        out.error = formatStatus(settings.status());
        return out;
    }
    out.vaultSettings = *settings;
    if (id <= 0) {
        // The newest search that kept its candidates, each row read and parsed once.
        for (int offset = 0; offset < 2000; offset += 50) {
            auto rows = list_audit((*vault)->db(), 50, offset);
            if (!rows) {
                out.error = formatStatus(rows.status());
                return out;
            }
            if (rows->empty())
                break;
            for (const auto& r : *rows)
                if (auto row = lab_row_from_record(r)) {
                    out.row = std::move(row).value();
                    return out;
                }
        }
        out.error = QCoreApplication::translate(
            "memlens::ui::LabPage", "The audit log holds no search that kept its candidates: run a "
                                    "query (Query tab) and open it here.");
        return out;
    }
    auto row = load_lab_row((*vault)->db(), id);
    if (!row) {
        out.noPools = row.status().code() == StatusCode::NotFound &&
                      row.status().message().find("replay") != std::string::npos;
        out.error = formatStatus(row.status());
        return out;
    }
    out.row = std::move(row).value();
    return out;
}

WhatIfOutcome whatIfJob(const VaultRef& ref, const LabRow& row, LabLeft left,
                        const std::optional<LabRow>& other, const RetrievalSettings& leftSettings,
                        const RetrievalSettings& right, const SearchBudget& budget, bool retrieve,
                        const std::atomic_bool& cancel) {
    WhatIfOutcome out;
    const auto t0 = std::chrono::steady_clock::now();
    auto engine = workerEngine(ref);
    if (!engine) {
        out.error = formatStatus(engine.status());
        return out;
    }
    Result<LabComparison> cmp = Status::internal("no comparison");
    if (left == LabLeft::OtherRow && other) {
        // Two logged rows: each ranked from its own pools with its own settings.
        auto a = (*engine)->rerun(other->request, other->settings, other->pools, &cancel);
        auto b = (*engine)->rerun(row.request, row.settings, row.pools, &cancel);
        if (!a || !b) {
            out.error = formatStatus(!a ? a.status() : b.status());
            return out;
        }
        cmp = compare_responses(std::move(a).value(), std::move(b).value());
        if (cmp)
            cmp->changed_keys = changed_setting_keys(to_settings_map(other->settings),
                                                     to_settings_map(row.settings));
    } else {
        const RetrievalSettings& base = left == LabLeft::VaultNow ? leftSettings : row.settings;
        cmp = compare_configs(**engine, row, base, right, budget, &cancel);
    }
    if (!cmp) {
        out.error = formatStatus(cmp.status());
        return out;
    }
    if (retrieve && left != LabLeft::OtherRow) {
        SearchRequest request = row.request;
        request.budget = budget;
        auto fresh = retrieveWith(**engine, request, right, cancel);
        if (!fresh) {
            out.error = formatStatus(fresh.status());
            return out;
        }
        LabComparison r = compare_responses(cmp->before, std::move(fresh).value());
        r.changed_keys = cmp->changed_keys;
        cmp = std::move(r);
        out.retrieved = true;
    }
    out.comparison = std::move(cmp).value();
    out.ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

void BlastProgress::set(std::size_t done, std::size_t total) {
    std::lock_guard lock(mu_);
    done_ = done;
    total_ = total;
}

std::pair<std::size_t, std::size_t> BlastProgress::get() const {
    std::lock_guard lock(mu_);
    return {done_, total_};
}

BlastOutcome blastJob(const VaultRef& ref, const std::map<std::string, std::string>& overrides,
                      const AuditFilter& filter, std::size_t maxRows,
                      const std::shared_ptr<const LabLog>& cached,
                      const std::shared_ptr<BlastProgress>& progress,
                      const std::atomic_bool& cancel) {
    BlastOutcome out;
    auto engine = workerEngine(ref);
    if (!engine) {
        out.error = formatStatus(engine.status());
        return out;
    }
    auto fail = [&](const Status& st) {
        out.cancelled = st.code() == StatusCode::Cancelled;
        out.error = formatStatus(st);
        return out;
    };
    auto count = count_audit((*engine)->vault().db(), filter);
    if (!count)
        return fail(count.status());
    std::size_t rows = static_cast<std::size_t>(*count);
    if (maxRows > 0)
        rows = std::min(rows, maxRows);
    out.log = cached;
    if (!out.log || out.log->rows_seen != rows) {
        auto log = load_lab_log(
            (*engine)->vault().db(), filter, maxRows,
            [progress](std::size_t done, std::size_t total) { progress->set(done, total); },
            &cancel);
        if (!log)
            return fail(log.status());
        out.log = std::make_shared<const LabLog>(std::move(log).value());
    }
    BlastOptions o;
    o.cancel = &cancel;
    o.progress = [progress](std::size_t done, std::size_t total) { progress->set(done, total); };
    auto r = blast_radius(**engine, *out.log, overrides, o);
    if (!r)
        return fail(r.status());
    out.report = std::move(r).value();
    // Grades, when the vault has any, say whether the changed rankings got better.
    if (auto judged = blast_metrics((*engine)->vault(), *out.report, 10))
        out.judged = std::move(judged).value();
    return out;
}

AblationOutcome ablationJob(const VaultRef& ref, const LabRow& row,
                            const std::atomic_bool& cancel) {
    AblationOutcome out;
    auto engine = workerEngine(ref);
    if (!engine) {
        out.error = formatStatus(engine.status());
        return out;
    }
    auto m = ablate(**engine, row, &cancel);
    if (!m) {
        out.error = formatStatus(m.status());
        return out;
    }
    // Each column's hits carry their text; the rerun with the row's settings has most of them.
    for (const auto& c : m->columns) {
        if (!c.available)
            continue;
        std::vector<std::string> missing;
        for (const auto& id : c.ids)
            if (!out.snippets.count(id))
                missing.push_back(id);
        if (missing.empty())
            continue;
        auto r =
            (*engine)->rerun(row.request, c.settings, pools_for_settings(row, c.settings), &cancel);
        if (!r)
            continue;
        for (const auto& h : r->result.hits)
            out.snippets.emplace(h.node_id, QString::fromStdString(h.content).left(160));
    }
    out.matrix = std::move(m).value();
    return out;
}

AblationLogOutcome ablationLogJob(const VaultRef& ref, const std::atomic_bool& cancel) {
    AblationLogOutcome out;
    auto engine = workerEngine(ref);
    if (!engine) {
        out.error = formatStatus(engine.status());
        return out;
    }
    auto log = load_lab_log((*engine)->vault().db(), {}, 0, {}, &cancel);
    if (!log) {
        out.error = formatStatus(log.status());
        return out;
    }
    auto m = ablate_log(**engine, *log, &cancel);
    if (!m) {
        out.error = formatStatus(m.status());
        return out;
    }
    out.matrix = std::move(m).value();
    return out;
}

LabSaveOutcome saveSettingsJob(const VaultRef& ref, const RetrievalSettings& settings) {
    LabSaveOutcome out;
    auto vault = workerVault(ref);
    if (!vault) {
        out.error = formatStatus(vault.status());
        return out;
    }
    auto previous = load_retrieval_settings(**vault);
    if (!previous) {
        out.error = formatStatus(previous.status());
        return out;
    }
    auto keys = save_retrieval_settings(**vault, settings);
    if (!keys) {
        out.error = formatStatus(keys.status());
        return out;
    }
    out.previous = *previous;
    for (const auto& k : *keys)
        out.keys << QString::fromStdString(k);
    return out;
}

std::map<std::string, std::string> settingOverrides(const RetrievalSettings& base,
                                                    const RetrievalSettings& target) {
    const auto a = to_settings_map(base);
    const auto b = to_settings_map(target);
    std::map<std::string, std::string> out;
    for (const auto& k : changed_setting_keys(a, b))
        if (auto it = b.find(k); it != b.end())
            out[k] = it->second;
    return out;
}

} // namespace memlens::ui
