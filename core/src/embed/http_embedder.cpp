// The OpenAI-compatible HTTP embedder (POST {base}/v1/embeddings), as served by Ollama,
// llama.cpp server, vLLM and LM Studio. Every failure names the endpoint so a user can tell a
// stopped server from a wrong model from a broken answer.
#include "embed/curl_library.h"
#include "embed/embedding_response.h"
#include "json/dump.h"

#include <memlens/embedder.h>
#include <memlens/thread_guard.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <memory>
#include <string>

namespace memlens {

namespace {

std::string endpoint_for(std::string base) {
    while (!base.empty() && base.back() == '/')
        base.pop_back();
    // Many servers document their base as ".../v1"; accept both spellings.
    if (base.size() >= 3 && base.compare(base.size() - 3, 3, "/v1") == 0)
        return base + "/embeddings";
    return base + "/v1/embeddings";
}

std::size_t collect_body(char* data, std::size_t size, std::size_t count, void* user) {
    static_cast<std::string*>(user)->append(data, size * count);
    return size * count;
}

// Lets a raised cancel flag abort a request in flight, not only between batches.
int check_cancel(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
    const auto* cancel = static_cast<const std::atomic_bool*>(user);
    return cancel && cancel->load(std::memory_order_relaxed) ? 1 : 0;
}

struct CurlDeleter {
    const embed::CurlLibrary* lib;
    void operator()(CURL* c) const { lib->easy_cleanup(c); }
    void operator()(curl_slist* l) const { lib->slist_free_all(l); }
};

class HttpEmbedder final : public Embedder {
public:
    explicit HttpEmbedder(HttpEmbedderOptions opts)
        : opts_(std::move(opts))
        , endpoint_(endpoint_for(opts_.base_url))
        , dim_(opts_.dim) {
        if (opts_.batch == 0)
            opts_.batch = 1;
        if (opts_.timeout_ms <= 0)
            opts_.timeout_ms = 30000;
    }

    std::string signature() const override { return "http-v1:" + opts_.model; }
    std::size_t dim() const override { return dim_.load(); }

    Result<std::vector<Vector>> embed(const std::vector<std::string>& texts,
                                      const std::atomic_bool* cancel) override {
        check_off_ui_thread("HttpEmbedder::embed");
        std::vector<Vector> out;
        out.reserve(texts.size());
        for (std::size_t start = 0; start < texts.size(); start += opts_.batch) {
            if (cancel && cancel->load())
                return Status::cancelled("embedding cancelled");
            const std::size_t end = std::min(texts.size(), start + opts_.batch);
            auto batch = post_batch(texts, start, end, cancel);
            if (!batch)
                return batch.status();
            for (Vector& v : *batch)
                out.push_back(std::move(v));
        }
        return out;
    }

private:
    Result<std::vector<Vector>> post_batch(const std::vector<std::string>& texts, std::size_t start,
                                           std::size_t end, const std::atomic_bool* cancel) {
        nlohmann::json request = {{"model", opts_.model}, {"input", nlohmann::json::array()}};
        for (std::size_t i = start; i < end; ++i)
            request["input"].push_back(texts[i]);
        // Invalid UTF-8 in a text becomes U+FFFD rather than an exception.
        const std::string body = dump_json(request);

        auto response = post(body, cancel);
        if (!response)
            return response.status();
        auto parsed = embed::parse_embedding_response(*response, end - start, dim_.load());
        if (!parsed)
            return Status(parsed.status().code(), where() + parsed.status().message());
        if (dim_.load() == 0 && !parsed->empty())
            dim_.store(parsed->front().size());
        for (Vector& v : *parsed)
            normalize(v);
        return parsed;
    }

    Result<std::string> post(const std::string& body, const std::atomic_bool* cancel) {
        auto loaded = embed::curl_library();
        if (!loaded)
            return Status(loaded.status().code(), where() + loaded.status().message());
        const embed::CurlLibrary& lib = **loaded;
        std::unique_ptr<CURL, CurlDeleter> curl(lib.easy_init(), CurlDeleter{&lib});
        if (!curl)
            return Status::internal(where() + "curl_easy_init failed");
        std::unique_ptr<curl_slist, CurlDeleter> headers(nullptr, CurlDeleter{&lib});
        auto add_header = [&](const std::string& h) {
            headers.reset(lib.slist_append(headers.release(), h.c_str()));
        };
        add_header("Content-Type: application/json");
        add_header("Accept: application/json");
        add_header("Expect:"); // no 100-continue round trip
        if (!opts_.api_key.empty())
            add_header("Authorization: Bearer " + opts_.api_key);

        std::string answer;
        char errbuf[CURL_ERROR_SIZE] = {};
        CURL* c = curl.get();
        lib.easy_setopt(c, CURLOPT_URL, endpoint_.c_str());
        lib.easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
        lib.easy_setopt(c, CURLOPT_NOPROXY, "localhost,127.0.0.1,::1");
        lib.easy_setopt(c, CURLOPT_POST, 1L);
        lib.easy_setopt(c, CURLOPT_POSTFIELDS, body.c_str());
        lib.easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
        lib.easy_setopt(c, CURLOPT_HTTPHEADER, headers.get());
        lib.easy_setopt(c, CURLOPT_WRITEFUNCTION, &collect_body);
        lib.easy_setopt(c, CURLOPT_WRITEDATA, &answer);
        lib.easy_setopt(c, CURLOPT_TIMEOUT_MS, opts_.timeout_ms);
        lib.easy_setopt(c, CURLOPT_NOSIGNAL, 1L); // worker threads: no SIGALRM for timeouts
        lib.easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
        lib.easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
        lib.easy_setopt(c, CURLOPT_XFERINFOFUNCTION, &check_cancel);
        lib.easy_setopt(c, CURLOPT_XFERINFODATA, cancel);

        const CURLcode rc = lib.easy_perform(c);
        if (rc != CURLE_OK)
            return transport_error(rc, errbuf, lib);
        long http_status = 0;
        lib.easy_getinfo(c, CURLINFO_RESPONSE_CODE, &http_status);
        if (http_status != 200)
            return Status::io(where() + "HTTP " + std::to_string(http_status) + ": " +
                              embed::body_snippet(answer));
        return answer;
    }

    Status transport_error(CURLcode rc, const char* errbuf, const embed::CurlLibrary& lib) const {
        const std::string detail = errbuf[0] ? errbuf : lib.easy_strerror(rc);
        switch (rc) {
        case CURLE_OPERATION_TIMEDOUT:
            return Status::timeout(where() + "no answer within " +
                                   std::to_string(opts_.timeout_ms) + " ms");
        case CURLE_ABORTED_BY_CALLBACK:
            return Status::cancelled(where() + "embedding cancelled");
        case CURLE_COULDNT_CONNECT:
            return Status::io(where() + "connection refused (" + detail + ")");
        case CURLE_COULDNT_RESOLVE_HOST:
            return Status::io(where() + "cannot resolve host (" + detail + ")");
        case CURLE_URL_MALFORMAT:
        case CURLE_UNSUPPORTED_PROTOCOL:
            return Status::invalid(where() + "bad embedder URL (" + detail + ")");
        default:
            return Status::io(where() + detail);
        }
    }

    std::string where() const { return "http embedder POST " + endpoint_ + ": "; }

    HttpEmbedderOptions opts_;
    std::string endpoint_;
    std::atomic<std::size_t> dim_;
};

} // namespace

std::unique_ptr<Embedder> make_http_embedder(HttpEmbedderOptions opts) {
    return std::make_unique<HttpEmbedder>(std::move(opts));
}

} // namespace memlens
