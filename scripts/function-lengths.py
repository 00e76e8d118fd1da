#!/usr/bin/env python3
"""Counts the long functions of memlens's C++ sources and checks them against the limits.

A function's length is the number of lines from the first line of its declaration to its
closing brace, comments and blank lines included; a lambda or a local class counts toward the
function that holds it. Sources are read as text (no compiler): comments, string and character
literals (raw strings too) are blanked first, then braces are matched, and a brace opens a
function's body when what precedes it, at namespace or class scope, is a declaration with a
parameter list (a constructor's initialiser list and a trailing return type included).

    scripts/function-lengths.py            # the counts per directory, and the check
    scripts/function-lengths.py --list 80  # every function over 80 lines, longest first

The limits (LIMITS below): in core/, ui/ and app/ none over 120 lines and at most 10 over 80;
in bench/ none over 150. Exits 1, naming the functions, when a limit is broken.
"""

import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# directory group: (line limit no function may pass, soft limit, how many may pass the soft one)
LIMITS = {
    ("core", "ui", "app"): (120, 80, 10),
    ("bench",): (150, None, None),
}
SCOPE_KEYWORDS = ("class", "struct", "union", "enum", "namespace", "extern")
QUALIFIERS = {"const", "noexcept", "override", "final", "mutable", "try", "volatile"}


def blank_literals(text):
    """Comments, strings and character literals become spaces; newlines stay."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            paren = text.find("(", i + 2)
            delim = text[i + 2:paren]
            end = text.find(")" + delim + '"', paren)
            j = n if end < 0 else end + len(delim) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            # A digit separator (1'000'000) is no character literal.
            if c == "'" and i > 0 and text[i - 1].isalnum() and i + 1 < n and text[i + 1].isalnum():
                out.append(" ")
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def drop_preprocessor(text):
    """Preprocessor lines (and their continuations) become blank lines."""
    lines = text.split("\n")
    keep, cont = [], False
    for line in lines:
        is_pp = cont or line.lstrip().startswith("#")
        cont = is_pp and line.rstrip().endswith("\\")
        keep.append("" if is_pp else line)
    return "\n".join(keep)


def last_token(head):
    head = head.rstrip()
    if not head:
        return ""
    if head[-1] in ")]}>=,:;(":
        return head[-1]
    m = re.search(r"[A-Za-z_][A-Za-z0-9_]*$", head)
    return m.group(0) if m else head[-1]


def after_last_paren(head):
    """The text after the last top-level ')' of head, or None when head has no '('."""
    depth, last = 0, None
    for k, ch in enumerate(head):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                last = k
    return None if last is None else head[last + 1:]


def classify(head):
    """'scope', 'function', 'init' (a member's brace initialiser in a constructor's list) or
    'other' for the '{' that ends head."""
    stripped = re.sub(r"^\s*(template\s*<[^{;]*?>\s*)+", "", head)
    stripped = re.sub(r"\[\[[^\]]*\]\]", "", stripped).strip()
    word = re.match(r"[A-Za-z_]+", stripped)
    if word and word.group(0) in SCOPE_KEYWORDS:
        rest = stripped[len(word.group(0)):]
        if "(" not in rest.split(":")[0] or word.group(0) in ("namespace", "extern"):
            return "scope"
    tail = after_last_paren(stripped)
    if tail is None:
        return "other"
    tok = last_token(stripped)
    tail = tail.strip()
    if tail.startswith(":") and not tail.startswith("::"):
        # A constructor's initialiser list: a brace after a name initialises a member.
        return "function" if tok in (")", "}") or tok in QUALIFIERS else "init"
    if tail.startswith("->"):
        return "function"
    if tok == ")" or tok in QUALIFIERS:
        # `= f(x) {` or `x = y(z) {` at namespace scope is no function.
        return "other" if re.search(r"=\s*[^=]*$", tail or "") and "=" in stripped.split("(")[0] else "function"
    return "other"


def matching_brace(text, i):
    """The index of the '}' that closes the '{' at text[i] (len(text) when none does)."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(text)


def functions(path):
    """(name line, first line, last line) of each function defined in path."""
    raw = path.read_text(encoding="utf-8", errors="replace")
    text = drop_preprocessor(blank_literals(raw))
    found = []
    # stack of 'scope' | 'function' | 'other'
    stack = []
    head_start = 0
    i, n = 0, len(text)
    line_at = [0] * (n + 1)
    line = 1
    for k, ch in enumerate(text):
        line_at[k] = line
        if ch == "\n":
            line += 1
    line_at[n] = line
    func_start = None
    in_function = 0
    while i < n:
        ch = text[i]
        if ch == "{":
            if in_function:
                stack.append("other")
                in_function += 1
                i += 1
                continue
            head = text[head_start:i]
            kind = classify(head)
            if kind == "init":
                # skip the member's initialiser: the head goes on after it
                i = matching_brace(text, i) + 1
                continue
            if kind == "function":
                first = head_start + (len(head) - len(head.lstrip()))
                func_start = line_at[first]
                in_function = 1
                stack.append("function")
            elif kind == "scope":
                stack.append("scope")
            else:
                # an initialiser or a block at namespace scope: skip it whole
                i = matching_brace(text, i) + 1
                head_start = i
                continue
            i += 1
            head_start = i
        elif ch == "}":
            kind = stack.pop() if stack else "scope"
            if in_function:
                in_function -= 1
                if in_function == 0 and kind == "function":
                    found.append((func_start, line_at[i]))
            i += 1
            if not in_function:
                head_start = i
        elif ch == ";" and not in_function:
            i += 1
            head_start = i
        elif ch == ":" and not in_function:
            # `public:` and friends end a head
            m = re.search(r"(public|private|protected|signals|slots|Q_SLOTS|Q_SIGNALS)\s*$", text[head_start:i])
            i += 1
            if m and not text.startswith(":", i):
                head_start = i
        else:
            i += 1
    lines = raw.split("\n")
    out = []
    for first, last in found:
        sig = lines[first - 1].strip() if first - 1 < len(lines) else ""
        out.append((first, last, sig))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--list", type=int, metavar="N", help="list every function over N lines")
    args = ap.parse_args()
    broken = []
    for dirs, (hard, soft, soft_count) in LIMITS.items():
        lengths = []
        for d in dirs:
            for path in sorted((ROOT / d).rglob("*")):
                if path.suffix not in (".cpp", ".h") or "build" in path.parts:
                    continue
                for first, last, sig in functions(path):
                    lengths.append((last - first + 1, f"{path.relative_to(ROOT)}:{first}", sig))
        lengths.sort(reverse=True)
        over_hard = [f for f in lengths if f[0] > hard]
        over_soft = [f for f in lengths if soft and f[0] > soft]
        summary = f"{'/, '.join(dirs)}/: {len(lengths)} functions, {len(over_hard)} over {hard} lines"
        if soft:
            summary += f", {len(over_soft)} over {soft} (at most {soft_count})"
        print(summary)
        if over_hard:
            broken.append(f"over {hard} lines in {'/, '.join(dirs)}/")
            for length, where, sig in over_hard:
                print(f"  {length:5d}  {where}  {sig}")
        if soft and len(over_soft) > soft_count:
            broken.append(f"{len(over_soft)} functions over {soft} lines in {'/, '.join(dirs)}/")
        if args.list is not None:
            for length, where, sig in lengths:
                if length > args.list and length <= hard:
                    print(f"  {length:5d}  {where}  {sig}")
    if broken:
        print("function-lengths: " + "; ".join(broken), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
