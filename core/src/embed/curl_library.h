// libcurl, loaded the first time an HTTP embedder sends a request.
//
// Only the HTTP embedder (embedder.kind http) speaks HTTP to a model; linking libcurl made every
// process load it and the two dozen libraries it needs (TLS, Kerberos, LDAP, IDN, ...), about
// 3 ms of every `memlens-cli` start on the 2-core development machine (docs/performance.md,
// "Fresh start"), whatever the command. Loaded with dlopen on first use instead, it costs only
// the processes that call a model. The Debian package depends on libcurl4 by name
// (packaging/CMakeLists.txt), since dpkg-shlibdeps cannot see a library loaded at run time.
#pragma once

#include <memlens/status.h>

#include <curl/curl.h>

namespace memlens::embed {

// The libcurl calls the HTTP embedder makes, resolved from the loaded library.
struct CurlLibrary {
    CURL* (*easy_init)() = nullptr;
    CURLcode (*easy_setopt)(CURL*, CURLoption, ...) = nullptr;
    CURLcode (*easy_perform)(CURL*) = nullptr;
    CURLcode (*easy_getinfo)(CURL*, CURLINFO, ...) = nullptr;
    void (*easy_cleanup)(CURL*) = nullptr;
    const char* (*easy_strerror)(CURLcode) = nullptr;
    curl_slist* (*slist_append)(curl_slist*, const char*) = nullptr;
    void (*slist_free_all)(curl_slist*) = nullptr;
};

// Loads libcurl.so.4 once per process (thread-safe), resolves the calls above and runs
// curl_global_init; later calls return the same library, or the same error: the library and
// the loader's reason ("libcurl.so.4: cannot open shared object file ...").
Result<const CurlLibrary*> curl_library();

// Whether libcurl is loaded in this process (tests: a process that never called a model has not).
bool curl_library_loaded();

} // namespace memlens::embed
