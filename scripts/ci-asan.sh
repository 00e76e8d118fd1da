#!/usr/bin/env bash
# CI: the core, the CLI and their tests under AddressSanitizer + UndefinedBehaviorSanitizer,
# built with clang at -O1 in the tree that also holds the libFuzzer targets (the asan preset;
# scripts/ci-fuzz.sh runs them next, with nothing left to compile). Any sanitizer report aborts
# the test that triggered it (see the asan test preset's options).
# The asan preset leaves the GUI out (MEMLENS_BUILD_GUI=OFF): its library and suites doubled
# this step's build on the 2-core CI machine and ran it past its limit (a run that timed out
# after 25 minutes with every suite passed); scripts/test.sh runs the GUI suites unsanitized.
# -O1 is the cheaper whole: at -O0 this tree built in 238 s instead of 386 but its suites ran in
# 269 s instead of 100 (one machine, one evening, 2026-12-07). UndefinedBehaviorSanitizer is about
# a tenth of a core unit's compile and the fuzzers' coverage no measurable part; the address
# sanitizer doubles it (a core unit 39 s without the sanitizers, 80 s with them).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
cmake --preset asan
cmake --build --preset asan
# tst_crash_safety is left to scripts/test.sh: its SIGKILLed imports end before any sanitizer
# could report, and what they run to the end (the import into a vault that holds data, run again
# after a kill) tst_ingest and tst_concurrency run here. The two style checks run no compiled
# code: scripts/test.sh has run them already, as it has run the npm SDK client against the
# server (label mcp); here tst_mcp drives the same server code under the sanitizers, in process
# and as the real process over stdio and HTTP.
# tst_shared_vault kills serve 20 times in scripts/test.sh; under the sanitizers 5 keep the same
# paths (kills before, during and after a store) in a quarter of the time.
export MEMLENS_SHARED_VAULT_KILLS=${MEMLENS_SHARED_VAULT_KILLS:-5}
# tst_lab reruns its generated log under 14 settings: 12 questions instead of 120 take every
# path of the lab (each setting still moves rows) in about 45 s here instead of 240.
export MEMLENS_LAB_QUERIES=${MEMLENS_LAB_QUERIES:-12}
# The imports that other connections read, store or rebuild beside (tst_concurrency,
# tst_topic_file_safety, tst_judgments) at 25% of their messages: still many batches each
# (test::workload); tst_rerun flips the bits of every fourth byte of a row's pools (and of every
# byte of the frame's header and checksum) instead of every byte: 42 s of this step's tests.
export MEMLENS_TEST_WORKLOAD=${MEMLENS_TEST_WORKLOAD:-25}
# The LoCoMo recall gate (tst_eval_locomo, where ../shared holds the data) measures ranking
# quality, which the sanitizers do not change; scripts/test.sh runs it. Here the suite's other
# cases take the same import and evaluation code through the sanitizers.
export MEMLENS_EVAL_GATE=${MEMLENS_EVAL_GATE:-off}
CTEST_PARALLEL_LEVEL=${CTEST_PARALLEL_LEVEL:-2} ctest --preset asan \
    --exclude-regex '^(code_formatted|translations_complete|mcp_sdk_install|mcp_sdk_client|tst_crash_safety)$'
echo "ci-asan: passed in $(( $(date +%s) - started )) s"
