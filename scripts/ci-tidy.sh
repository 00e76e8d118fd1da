#!/usr/bin/env bash
# CI: clang-tidy with the checks of .clang-tidy over core/, ui/ and app/, zero findings allowed
# (any finding is an error and fails the step). The tidy preset only configures: it writes the
# compile database (clang's flags, the GUI in, tests and fuzzers out) and the unity sources, each
# library and app as one unit, so that its Qt and standard headers are parsed once (42 s on two
# cores, against 83 s at 16 files a unit); nothing is compiled.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
cmake --preset tidy >/dev/null
tidy=$(command -v run-clang-tidy-14 || command -v run-clang-tidy)
# Every unit of core, ui and app; not the generated moc and resource sources. The core's unit
# is the longest by far and run-clang-tidy takes the units in the database's order, which put it
# last: it gets a process of its own from the start, the other units share a second one.
units() { echo "^(?!.*(_autogen|/\.rcc)/).*/($1)/.*\.(cpp|cxx)\$"; }
run() { "$tidy" -p build/tidy -j 1 -quiet -extra-arg=-Wno-unknown-warning-option "$1"; }
run "$(units core)" &
core=$!
rest_rc=0
run "$(units 'ui|app')" || rest_rc=$?
core_rc=0
wait "$core" || core_rc=$?
if [ "$core_rc$rest_rc" != 00 ]; then
    echo "ci-tidy: findings (core exit $core_rc, ui and app exit $rest_rc)"
    exit 1
fi
echo "ci-tidy: no findings, in $(( $(date +%s) - started )) s"
