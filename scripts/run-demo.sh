#!/usr/bin/env bash
# The README's first command: install dependencies, build the GUI in a release build (only the
# GUI: no test suites, no memlens-cli, no benchmarks), open it on the demo vault.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release
cmake --build --preset release --target memlens
exec build/release/app/memlens --demo "$@"
