#!/usr/bin/env bash
# The README's second command: install dependencies, build with the dev preset, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset dev
cmake --build --preset dev
# Under .ci/run, the sanitizer run that follows (scripts/ci-asan.sh) takes the core suites
# labelled `sanitized` (tests/CMakeLists.txt); here they would run a second time.
if [ "${MEMLENS_CI_SANITIZER_RUN_FOLLOWS:-}" = 1 ]; then
    ctest --preset dev --label-exclude '^sanitized$'
else
    ctest --preset dev
fi
