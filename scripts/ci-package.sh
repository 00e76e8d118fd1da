#!/usr/bin/env bash
# CI: builds the release preset, makes the .deb and .tar.gz with CPack, installs the .deb with
# apt-get as a user would, runs the installed binaries on a fresh generated vault, and removes
# the package again (also when a step fails). MEMLENS_PACKAGE_PRESET=dev packages the dev tree
# instead (.ci/run does, after scripts/test.sh: the package then holds, stripped, the very
# binaries the test suite just passed, and CI does not compile everything once more).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
preset=${MEMLENS_PACKAGE_PRESET:-release}
build=build/$preset
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive

cmake --preset "$preset"
# Only what the package holds: the test suites are built and run by the other CI steps.
cmake --build --preset "$preset" --target memlens memlens-cli memlens_manpage
rm -f "$build"/memlens_*.deb "$build"/memlens-*.tar.gz
(cd "$build" && cpack -G "DEB;TGZ")
deb=$(ls "$build"/memlens_*.deb)
echo "ci-package: built $deb and $(ls "$build"/memlens-*.tar.gz)"
dpkg-deb --field "$deb" Package Version Depends
# The benchmarks (bench/) are built beside the binaries but are no part of the package.
if dpkg -c "$deb" | grep memlens-bench; then echo "ci-package: memlens-bench is in $deb"; exit 1; fi
if tar -tzf "$(ls "$build"/memlens-*.tar.gz)" | grep memlens-bench; then
    echo "ci-package: memlens-bench is in the .tar.gz"
    exit 1
fi

if dpkg-query -W -f='${Status}' memlens 2>/dev/null | grep -q "install ok installed"; then
    # On a CI machine an installed memlens can only be left over by an earlier run that was
    # killed between install and removal (the trap below does not run on SIGKILL). Installing
    # the same version over it would keep the old files ("already the newest version"), so it
    # is removed first. On anyone else's machine it is theirs: refuse.
    if [ "${MEMLENS_CI_MACHINE:-}" = 1 ]; then
        echo "ci-package: removing memlens $(dpkg-query -W -f='${Version}' memlens) left by an earlier run" >&2
        $SUDO apt-get remove -y -qq memlens >/dev/null
    else
        echo "ci-package: memlens is already installed on this machine; not touching it" >&2
        echo "ci-package: remove it (apt-get remove memlens) or, on a machine CI owns, set MEMLENS_CI_MACHINE=1" >&2
        exit 1
    fi
fi
work=$(mktemp -d)
cleanup() {
    $SUDO apt-get remove -y -qq memlens >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
$SUDO apt-get install -y -qq "./$deb"

cli=/usr/bin/memlens-cli
[ "$(command -v memlens-cli)" = "$cli" ] || { echo "memlens-cli is not the installed one"; exit 1; }
"$cli" --version
# Every shared library the installed binaries need is there (the Depends are right).
if ldd /usr/bin/memlens /usr/bin/memlens-cli | grep "not found"; then exit 1; fi
# CPack stripped them (a dev-tree package is built with -g).
for bin in /usr/bin/memlens /usr/bin/memlens-cli; do
    if readelf -S "$bin" | grep -q '\.debug_info'; then echo "$bin is not stripped"; exit 1; fi
done
test -f /usr/share/man/man1/memlens-cli.1.gz
test -f /usr/share/applications/io.github.memlens.Memlens.desktop
test -f /usr/share/icons/hicolor/scalable/apps/io.github.memlens.Memlens.svg
appstreamcli validate --no-net /usr/share/metainfo/io.github.memlens.Memlens.metainfo.xml

"$cli" generate --out "$work/x.jsonl" --chunks 2000
"$cli" ingest --vault "$work/v" "$work/x.jsonl"
"$cli" stats --vault "$work/v" --json
"$cli" query --vault "$work/v" --json "phoenix launch" >"$work/query.json"
python3 - "$work/query.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
hits = r.get("hits", [])
assert hits, "the installed memlens-cli found nothing for 'phoenix launch'"
assert all("explanation" in h for h in hits), "hits without an explanation"
print(f"ci-package: query returned {len(hits)} hits, top {hits[0].get('node_id')}")
PY
# The GUI starts and opens the vault (offscreen), then is stopped.
QT_QPA_PLATFORM=offscreen timeout 10 /usr/bin/memlens "$work/v" >/dev/null 2>&1 || [ $? -eq 124 ]

$SUDO apt-get remove -y -qq memlens
if [ -e "$cli" ]; then echo "ci-package: memlens-cli still installed after removal"; exit 1; fi
echo "ci-package: passed in $(( $(date +%s) - started )) s"
