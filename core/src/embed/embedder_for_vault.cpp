// Chooses a vault's embedder from its settings, so ingest, retrieval and the GUI agree on one
// model_signature without passing options around.
#include <memlens/embedder.h>
#include <memlens/ppmi_model.h>
#include <memlens/thread_guard.h>
#include <memlens/vault.h>

#include <charconv>
#include <cstdlib>

namespace memlens {

namespace {

// A positive integer setting within [lo, hi], or `fallback` when absent.
Result<std::int64_t> int_setting(const Vault& vault, const std::string& key, std::int64_t fallback,
                                 std::int64_t lo, std::int64_t hi) {
    const auto text = vault.setting(key);
    if (!text)
        return fallback;
    std::int64_t value = 0;
    const char* end = text->data() + text->size();
    auto [p, ec] = std::from_chars(text->data(), end, value);
    if (ec != std::errc{} || p != end || value < lo || value > hi)
        return Status::invalid("setting " + key + " = \"" + *text + "\": expected an integer in " +
                               std::to_string(lo) + ".." + std::to_string(hi));
    return value;
}

Result<std::unique_ptr<Embedder>> http_embedder_for(const Vault& vault) {
    HttpEmbedderOptions opts;
    opts.base_url = vault.setting("embedder.http.base_url").value_or("");
    opts.model = vault.setting("embedder.http.model").value_or("");
    if (opts.base_url.empty())
        return Status::invalid("setting embedder.http.base_url is required when "
                               "embedder.kind is http");
    if (opts.model.empty())
        return Status::invalid("setting embedder.http.model is required when "
                               "embedder.kind is http");
    if (const auto env = vault.setting("embedder.http.api_key_env"); env && !env->empty()) {
        const char* key = std::getenv(env->c_str());
        if (!key)
            return Status::invalid("environment variable " + *env +
                                   " (named by setting embedder.http.api_key_env) is not set");
        opts.api_key = key;
    }
    auto timeout = int_setting(vault, "embedder.http.timeout_ms", opts.timeout_ms, 1, 3600000);
    auto batch = int_setting(vault, "embedder.http.batch", 64, 1, 4096);
    auto dim = int_setting(vault, "embedder.http.dim", 0, 0, 65536);
    for (const auto* r : {&timeout, &batch, &dim})
        if (!*r)
            return r->status();
    opts.timeout_ms = static_cast<long>(*timeout);
    opts.batch = static_cast<std::size_t>(*batch);
    opts.dim = static_cast<std::size_t>(*dim);
    return make_http_embedder(std::move(opts));
}

} // namespace

Result<std::unique_ptr<Embedder>> make_embedder_for(const Vault& vault) {
    check_off_ui_thread("make_embedder_for");
    const std::string kind = vault.setting("embedder.kind").value_or("hash");
    if (kind == "hash") {
        auto dim = int_setting(vault, "embedder.hash.dim", 256, 1, 65536);
        if (!dim)
            return dim.status();
        HashEmbedderOptions opts;
        opts.dim = static_cast<std::size_t>(*dim);
        return make_hash_embedder(opts);
    }
    if (kind == "http")
        return http_embedder_for(vault);
    if (kind == "ppmi") {
        auto dim = int_setting(vault, "embedder.ppmi.dim", 64, 2, 1024);
        if (!dim)
            return dim.status();
        PpmiOptions opts;
        opts.dim = static_cast<std::size_t>(*dim);
        const auto file = vault.dir() / "words.ppmi";
        std::error_code ec;
        if (!std::filesystem::exists(file, ec))
            return make_ppmi_embedder(file, std::nullopt, opts);
        auto model = PpmiModel::load(file);
        if (!model)
            return model.status();
        return make_ppmi_embedder(file, std::move(model).value(), opts);
    }
    return Status::invalid("setting embedder.kind = \"" + kind + "\": expected hash, http or ppmi");
}

} // namespace memlens
