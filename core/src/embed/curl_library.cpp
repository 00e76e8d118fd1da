#include "embed/curl_library.h"

#include <dlfcn.h>

#include <mutex>
#include <string>

namespace memlens::embed {

namespace {

struct Loaded {
    CurlLibrary lib;
    std::string error; // empty when loaded
    bool loaded = false;
};

constexpr const char* kSoname = "libcurl.so.4";

template <typename F> bool resolve(void* handle, const char* name, F& out, std::string& error) {
    void* sym = ::dlsym(handle, name);
    if (sym == nullptr) {
        error = std::string(kSoname) + " has no " + name;
        return false;
    }
    out = reinterpret_cast<F>(sym); // NOLINT(cppcoreguidelines-pro-type-reinterpret-cast)
    return true;
}

Loaded load() {
    Loaded l;
    // Never unloaded: the library lives as long as the process, as a linked one would.
    void* handle = ::dlopen(kSoname, RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
        const char* why = ::dlerror();
        l.error = std::string("cannot load ") + kSoname +
                  " for the HTTP embedder (install libcurl4): " + (why ? why : "unknown reason");
        return l;
    }
    using GlobalInit = CURLcode (*)(long);
    GlobalInit global_init = nullptr;
    CurlLibrary& c = l.lib;
    if (!resolve(handle, "curl_global_init", global_init, l.error) ||
        !resolve(handle, "curl_easy_init", c.easy_init, l.error) ||
        !resolve(handle, "curl_easy_setopt", c.easy_setopt, l.error) ||
        !resolve(handle, "curl_easy_perform", c.easy_perform, l.error) ||
        !resolve(handle, "curl_easy_getinfo", c.easy_getinfo, l.error) ||
        !resolve(handle, "curl_easy_cleanup", c.easy_cleanup, l.error) ||
        !resolve(handle, "curl_easy_strerror", c.easy_strerror, l.error) ||
        !resolve(handle, "curl_slist_append", c.slist_append, l.error) ||
        !resolve(handle, "curl_slist_free_all", c.slist_free_all, l.error))
        return l;
    // curl_global_init is not thread-safe: it runs here, inside the once.
    if (const CURLcode rc = global_init(CURL_GLOBAL_DEFAULT); rc != CURLE_OK) {
        l.error = std::string(kSoname) + ": curl_global_init failed (" + c.easy_strerror(rc) + ")";
        return l;
    }
    l.loaded = true;
    return l;
}

std::once_flag g_once;
Loaded g_loaded;

} // namespace

Result<const CurlLibrary*> curl_library() {
    std::call_once(g_once, [] { g_loaded = load(); });
    if (!g_loaded.loaded)
        return Status::unsupported(g_loaded.error);
    return &g_loaded.lib;
}

bool curl_library_loaded() {
    void* handle = ::dlopen(kSoname, RTLD_NOLOAD | RTLD_LAZY);
    if (handle == nullptr)
        return false;
    ::dlclose(handle); // RTLD_NOLOAD took a reference of its own
    return true;
}

} // namespace memlens::embed
