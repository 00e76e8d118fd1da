#!/usr/bin/env bash
# CI: builds the libFuzzer targets of fuzz/ in the sanitizer tree (the asan preset: clang,
# ASan + UBSan + coverage; after scripts/ci-asan.sh nothing is left to compile) and runs each
# one for a bounded time on its committed seed corpus. New inputs go to build/asan/fuzz-corpus
# (never the source tree); a crash, leak, sanitizer report, timeout or out-of-memory fails the
# run, and its input is kept in build/asan/fuzz-artifacts for the regression test it must
# become. MEMLENS_FUZZ_SECONDS sets the time per target (default 10);
# the targets run side by side, one a core. (10 s: the CI run stays within its 45 minutes; run
# longer locally with MEMLENS_FUZZ_SECONDS.)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${MEMLENS_FUZZ_SECONDS:-10}
build=build/asan
started=$(date +%s)

cmake --preset asan >/dev/null
cmake --build --preset asan --target memlens_fuzzers

dict_for() {
    case "$1" in
        fuzz_jsonl | fuzz_locomo | fuzz_embedding_response) echo fuzz/dict/json.dict ;;
        fuzz_audit_sources) echo fuzz/dict/sources.dict ;;
        fuzz_mcp_message) echo fuzz/dict/mcp.dict ;;
        fuzz_markdown) echo fuzz/dict/markdown.dict ;;
        fuzz_entity_registry) echo fuzz/dict/entity.dict ;;
        fuzz_fts_query | fuzz_analyze_query) echo fuzz/dict/fts.dict ;;
        *) echo "" ;;
    esac
}

mkdir -p "$build/fuzz-artifacts" "$build/fuzz-logs"

# One target: its exit code goes to logs/<name>.rc, its output to logs/<name>.log.
run_target() {
    local name=$1
    local work="$build/fuzz-corpus/$name"
    mkdir -p "$work"
    local args=(-max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 -print_final_stats=1
                -artifact_prefix="$build/fuzz-artifacts/$name-")
    local dict
    dict=$(dict_for "$name")
    if [ -n "$dict" ]; then args+=(-dict="$dict"); fi
    # Mutated vault files need room to be vault files.
    if [ "$name" = fuzz_vault_open ]; then args+=(-max_len=65536); fi
    # Three bytes build one entry of the folder tree; the target reads at most 40 entries.
    if [ "$name" = fuzz_folder_walk ]; then args+=(-max_len=120); fi
    local rc=0
    "$build/fuzz/$name" "${args[@]}" "$work" "fuzz/corpus/$name" >"$build/fuzz-logs/$name.log" 2>&1 ||
        rc=$?
    echo "$rc" >"$build/fuzz-logs/$name.rc"
}

# Each target is one process on one core: run as many at once as there are cores
# (MEMLENS_FUZZ_JOBS), each still for its full time.
jobs_max=${MEMLENS_FUZZ_JOBS:-$(nproc)}
names=()
for src in fuzz/fuzz_*.cpp; do
    name=$(basename "$src" .cpp)
    names+=("$name")
    rm -f "$build/fuzz-logs/$name.rc"
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
    echo "ci-fuzz: $name for ${seconds} s"
    run_target "$name" &
done
wait

failed=()
summary=()
for name in "${names[@]}"; do
    log="$build/fuzz-logs/$name.log"
    rc=$(cat "$build/fuzz-logs/$name.rc" 2>/dev/null || echo "?")
    # A target that died early has no statistics: report "?" rather than stop the loop.
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    cov=$({ grep -o 'cov: [0-9]*' "$log" || true; } | tail -1 | cut -d' ' -f2)
    findings=$(find "$build/fuzz-artifacts" -name "$name-*" | wc -l)
    summary+=("$(printf '%-20s %10s execs  cov %6s  corpus %5s  findings %s' "$name" \
        "${execs:-?}" "${cov:-?}" "$(find "$build/fuzz-corpus/$name" -type f | wc -l)" "$findings")")
    if [ "$rc" != 0 ]; then
        failed+=("$name")
        echo "ci-fuzz: $name FAILED (exit $rc); the end of its log:"
        tail -40 "$log"
    fi
done

echo "ci-fuzz: ${seconds} s per target, $(( $(date +%s) - started )) s in all"
printf '  %s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "ci-fuzz: failed: ${failed[*]} (inputs in $build/fuzz-artifacts)"
    exit 1
fi
