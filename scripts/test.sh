#!/usr/bin/env bash
# The README's second command: install dependencies, build with the dev preset, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# Under .ci/run the sanitizer run that follows (scripts/ci-asan.sh) takes every core suite; this
# tree then compiles and runs only the core suites that need it too (tests/CMakeLists.txt,
# MEMLENS_CORE_SUITES_SANITIZED_ELSEWHERE). Said either way, so that a tree configured by one
# is right for the other.
elsewhere=OFF
if [ "${MEMLENS_CI_SANITIZER_RUN_FOLLOWS:-}" = 1 ]; then elsewhere=ON; fi
cmake --preset dev -DMEMLENS_CORE_SUITES_SANITIZED_ELSEWHERE=$elsewhere
cmake --build --preset dev
ctest --preset dev
