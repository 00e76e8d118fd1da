#!/usr/bin/env bash
# Checks that translations/memlens_*.ts match the sources: runs lupdate over ui/, app/gui/ and
# core/src/ (the core's phrase templates, ML_TR in memlens/phrase.h) into temporary copies (the
# tree is never touched) and fails, naming each message, when one is new or unfinished, has
# vanished from the sources, lost a placeholder, or misses a plural form.
#
#   scripts/check-translations.sh            check (CI, ctest translations_complete)
#   scripts/check-translations.sh --update   refresh the .ts files in place, then check them
#
# memlens_en.ts holds the English plural forms only (lupdate -pluralonly); every other
# language holds every message. LUPDATE overrides the lupdate binary.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
lupdate="${LUPDATE:-}"
if [ -z "$lupdate" ]; then
  for candidate in /usr/lib/qt6/bin/lupdate "$(command -v lupdate6 || true)" \
                   "$(command -v lupdate || true)"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then lupdate="$candidate"; break; fi
  done
fi
[ -x "$lupdate" ] || { echo "check-translations: lupdate not found (set LUPDATE)" >&2; exit 2; }

update=0
[ "${1:-}" = "--update" ] && update=1

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

shopt -s nullglob
ts_files=("$root"/translations/memlens_*.ts)
[ ${#ts_files[@]} -gt 0 ] || { echo "check-translations: no translations/memlens_*.ts" >&2; exit 1; }

# lupdate parses the core's C++ only for ML_TR; what it says about the core's classes
# ("Ignoring definition of undeclared qualified class") is no finding.
run_lupdate() {
  (cd "$root" && "$lupdate" "$@") 2> >(grep -v "Ignoring definition of undeclared qualified class" >&2)
}

checked=()
for ts in "${ts_files[@]}"; do
  name="$(basename "$ts")"
  # ML_TR(context, text) marks the core's phrase templates (core/include/memlens/phrase.h).
  options=(-extensions cpp,h -locations relative -silent -tr-function-alias QT_TRANSLATE_NOOP+=ML_TR)
  [[ "$name" == *_en.ts ]] && options+=(-pluralonly)
  if [ "$update" -eq 1 ]; then
    # In place, dropping what vanished: the translator then sees only what is left to do.
    run_lupdate "${options[@]}" -no-obsolete ui app/gui core/src -ts "translations/$name"
    checked+=("$ts")
  else
    # Keep obsolete entries in the copy so that vanished strings show up as such.
    mkdir -p "$work/translations"
    cp "$ts" "$work/translations/$name"
    run_lupdate "${options[@]}" ui app/gui core/src -ts "$work/translations/$name"
    checked+=("$work/translations/$name")
  fi
done

python3 - "${checked[@]}" <<'PY'
import re
import sys
import xml.etree.ElementTree as ET

# Plural forms per language, as Qt's numerus rules define them.
FORMS = {"en": 2, "de": 2, "zh": 1}
PLACEHOLDER = re.compile(r"%L?(?:n|\d+)")

problems = []
for path in sys.argv[1:]:
    root = ET.parse(path).getroot()
    lang = root.get("language", "")
    forms = FORMS.get(lang.split("_")[0])
    name = path.rsplit("/", 1)[-1]
    for context in root.iter("context"):
        ctx = context.findtext("name")
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            where = f"{name}: [{ctx}] {source!r}"
            translation = message.find("translation")
            kind = translation.get("type", "") if translation is not None else "unfinished"
            if kind in ("vanished", "obsolete"):
                problems.append(f"{where}: no longer in the sources (remove it: --update)")
                continue
            if kind == "unfinished":
                problems.append(f"{where}: new or unfinished")
                continue
            if message.get("numerus") == "yes":
                texts = [f.text or "" for f in translation.iter("numerusform")]
                if forms is not None and len(texts) != forms:
                    problems.append(f"{where}: {len(texts)} plural forms, {lang} needs {forms}")
            else:
                texts = [translation.text or ""]
            wanted = sorted(set(PLACEHOLDER.findall(source)))
            for text in texts:
                if not text.strip():
                    problems.append(f"{where}: empty translation")
                elif sorted(set(PLACEHOLDER.findall(text))) != wanted:
                    problems.append(f"{where}: placeholders {wanted} became {text!r}")

for line in problems:
    print(line)
if problems:
    print(f"check-translations: {len(problems)} problem(s); translate them in translations/*.ts "
          "(scripts/check-translations.sh --update refreshes the files first)")
    sys.exit(1)
print(f"check-translations: {len(sys.argv) - 1} file(s) complete")
PY
