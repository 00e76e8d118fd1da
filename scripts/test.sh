#!/usr/bin/env bash
# The README's second command: install dependencies, build with the dev preset, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset dev
cmake --build --preset dev
ctest --preset dev
