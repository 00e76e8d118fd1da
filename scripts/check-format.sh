#!/usr/bin/env bash
# Checks that every C++ source and header follows the committed .clang-format (ctest
# code_formatted); names each file that does not. `scripts/check-format.sh --fix` reformats
# them in place. CLANG_FORMAT overrides the binary.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cf="${CLANG_FORMAT:-$(command -v clang-format || true)}"
if [ -z "$cf" ]; then
  echo "check-format: clang-format not found (apt-get install clang-format)" >&2
  exit 1
fi
cd "$root"
mapfile -t files < <(find app bench core ui tests fuzz -name '*.cpp' -o -name '*.h' | sort)
if [ "${1:-}" = "--fix" ]; then
  "$cf" -i "${files[@]}"
  exit 0
fi
# Many files per process, one process a core: one process per file took a minute of CI.
rc=0
out=$(printf '%s\0' "${files[@]}" |
  xargs -0 -n 40 -P "$(nproc)" "$cf" --dry-run --Werror 2>&1 >/dev/null) || rc=$?
mapfile -t bad < <(grep -oE '^[^ :]+\.(cpp|h):[0-9]+:[0-9]+: error' <<<"$out" | cut -d: -f1 | sort -u)
if [ "$rc" -ne 0 ] && [ "${#bad[@]}" -eq 0 ]; then
  printf 'check-format: %s failed:\n%s\n' "$cf" "$out" >&2
  exit 1
fi
if [ "${#bad[@]}" -gt 0 ]; then
  printf 'check-format: not formatted with .clang-format (%s): %s\n' "$("$cf" --version)" "${bad[*]}" >&2
  echo "check-format: run scripts/check-format.sh --fix" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
