#!/usr/bin/env bash
# The README's first command: install dependencies, build a release, open the GUI on the demo vault.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release
cmake --build --preset release
exec build/release/app/memlens --demo "$@"
