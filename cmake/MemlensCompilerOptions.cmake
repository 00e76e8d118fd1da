# Warning and sanitizer flags shared by every memlens target.
add_library(memlens_options INTERFACE)
add_library(memlens::options ALIAS memlens_options)

target_compile_options(memlens_options INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow=local -Wnon-virtual-dtor -Wcast-align
  -Woverloaded-virtual -Wimplicit-fallthrough
  $<$<CXX_COMPILER_ID:GNU>:-Wno-maybe-uninitialized>
  # GCC 12 at -O3 (the release preset) reports impossible overlaps inside std::string's own
  # inlined memcpy (a known GCC 12 false positive, PR 105651), failing Release under -Werror.
  $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>)
if(MEMLENS_WARNINGS_AS_ERRORS)
  target_compile_options(memlens_options INTERFACE -Werror)
endif()

if(MEMLENS_BUILD_FUZZERS AND NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "MEMLENS_BUILD_FUZZERS needs clang: -DCMAKE_CXX_COMPILER=clang++")
endif()
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  # The warnings above are written for GCC (-Wshadow=local); clang knows some by other names.
  target_compile_options(memlens_options INTERFACE -Wno-unknown-warning-option)
endif()

if(MEMLENS_SANITIZE)
  # UBSan findings abort (also under libFuzzer, which then keeps the input that caused them).
  target_compile_options(memlens_options INTERFACE
    -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
    # Line tables are all a sanitizer report's stack needs; full debug info made the 2-core CI
    # machine's sanitizer build the longest step of .ci/run.
    -g1)
  target_link_options(memlens_options INTERFACE -fsanitize=address,undefined)
endif()
if(MEMLENS_BUILD_FUZZERS)
  # libFuzzer's coverage feedback in the code the fuzz targets reach: the libraries that link
  # memlens::fuzz_coverage (the core and the MCP server); its main() is linked into the fuzz
  # targets only (fuzz/CMakeLists.txt). The sanitizer preset builds the fuzz targets beside the
  # sanitizer suites (CMakePresets.json, "asan"): one clang tree for both. The test suites and
  # the CLI's own code are no fuzzer's target and are not instrumented: the instrumentation made
  # a unit compile 19 % longer and every comparison a call.
  if(NOT MEMLENS_SANITIZE)
    message(FATAL_ERROR "MEMLENS_BUILD_FUZZERS needs MEMLENS_SANITIZE=ON (the asan preset)")
  endif()
endif()
add_library(memlens_fuzz_coverage INTERFACE)
add_library(memlens::fuzz_coverage ALIAS memlens_fuzz_coverage)
if(MEMLENS_BUILD_FUZZERS)
  target_compile_options(memlens_fuzz_coverage INTERFACE -fsanitize=fuzzer-no-link)
endif()

# Strict Qt string handling on Qt targets.
add_library(memlens_qt_options INTERFACE)
add_library(memlens::qt_options ALIAS memlens_qt_options)
target_compile_definitions(memlens_qt_options INTERFACE
  QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII QT_USE_QSTRINGBUILDER QT_NO_FOREACH
  QT_NO_CAST_FROM_BYTEARRAY QT_NO_URL_CAST_FROM_STRING QT_STRICT_ITERATORS)
target_link_libraries(memlens_qt_options INTERFACE memlens_options)
