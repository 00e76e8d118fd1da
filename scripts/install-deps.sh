#!/usr/bin/env bash
# Installs everything memlens needs to build, test and run on Debian 12 (bookworm).
# Debian packages only. Safe to re-run: apt-get skips what is already there.
set -euo pipefail

packages=(
  # toolchain
  build-essential cmake ninja-build clang clang-format clang-tidy libclang-rt-14-dev
  # the linker of every preset (CMakePresets.json: -fuse-ld=lld), three times faster than ld.bfd
  lld
  # core
  libsqlite3-dev sqlite3 libeigen3-dev nlohmann-json3-dev libcurl4-openssl-dev libhnswlib-dev zlib1g-dev
  # the audit log's candidate pools (core/src/audit/candidate_codec.cpp)
  libzstd-dev
  # MCP over HTTP (app/mcp/http.cpp: libmicrohttpd) and its test client (tst_mcp: cpp-httplib),
  # found through pkg-config
  libmicrohttpd-dev libcpp-httplib-dev pkg-config
  # the entity graph's layout, components, communities and PageRank (core/src/graph/graph_analysis.cpp)
  libigraph-dev
  # GUI and tests
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-tools-dev
  qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n libgl-dev
  # Qt6Charts needs Qt6OpenGL's CMake package; qt6-base-dev only recommends it
  libqt6opengl6-dev
  # running the GUI headless, screenshots, packaging checks
  xvfb xauth imagemagick appstream desktop-file-utils dpkg-dev file
  # docs/perf/scale.png (scripts/plot_scale.py)
  gnuplot-nox
  # scripts/check-translations.sh; a CJK font for the Chinese screenshots
  python3 fonts-droid-fallback
)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

# The MCP client test (tests/mcp-client) runs the official SDK clients on Node.js >= 20 with
# npm. A machine that has them keeps its own; otherwise Debian's are installed, and a Debian 12
# nodejs (18) is too old for the 2026-07-28 client: the test then fails saying so.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  packages+=(nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# On a CI machine (CI=true), made for one run and thrown away: dpkg skips its fsync after each
# file (--force-unsafe-io) and man-db does not rebuild its index after the install (its trigger
# reads every manual page the packages brought). A developer's machine keeps both.
apt_opts=()
if [ "${CI:-}" = true ]; then
  apt_opts+=(-o Dpkg::Options::=--force-unsafe-io)
  echo "man-db man-db/auto-update boolean false" | $SUDO debconf-set-selections
  $SUDO rm -f /var/lib/man-db/auto-update # what the trigger itself checks
fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${apt_opts[@]}" "${missing[@]}"
