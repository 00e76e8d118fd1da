#!/usr/bin/env bash
# Renders each main view of the demo vault (5,000 generated chunks) to docs/screenshots/*.png
# at 1280×800 with QWidget::grab(): overview, query workbench with score breakdown and MMR
# choices, two hits compared side by side, summary trees with a cover_window, the entity graph
# and a focus on one entity, and an audit replay diff. The pictures come from tests/ui/tst_screenshots.cpp, which also checks
# that each one shows real content.
#
#   scripts/screenshots.sh [BUILD_DIR]
#
# MEMLENS_SCREENSHOT_VAULT=DIR runs the same tour on a vault of one's own (a LoCoMo vault, say)
# into MEMLENS_SCREENSHOT_DIR (default: docs/screenshots) to look at it.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$root/build/screenshots"}
out=${MEMLENS_SCREENSHOT_DIR:-"$root/docs/screenshots"}

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" --target memlens-tests-ui
mkdir -p "$out"
MEMLENS_SCREENSHOT_DIR="$out" QT_QPA_PLATFORM=offscreen "$build/tests/memlens-tests-ui" tst_screenshots
echo "screenshots written to $out:"
ls -1 "$out"/*.png
