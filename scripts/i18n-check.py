#!/usr/bin/env python3
"""Fails when a translatable call's message is not a plain string literal.

xgettext 0.21 has no Swift parser; `make pot` reads Swift with its C parser (see
scripts/update-pot.sh). That parser sees a call's first string literal and nothing else,
so a message written with Swift interpolation ("\\(x)"), as a multi-line or raw literal
(triple-quoted, #"..."#), as a variable, or split with + would be extracted wrong or not at
all, and its translation would never be found. This check reads every Swift file given
(or Sources/ when none) and reports each `tr(`, `trn(` or `N_(` call whose message
arguments (the first; the first two for trn) are not single plain literals.

Usage: i18n-check.py [FILE|DIR ...]   exit 0 clean, 1 with one line per problem.
       i18n-check.py --c-view SWIFT_FILE OUT_FILE   the file as xgettext's C parser should read it
       i18n-check.py --c-views OUT_DIR SWIFT_FILE ...   the same for each file, into OUT_DIR/SWIFT_FILE
"""
import os
import re
import sys

KEYWORDS = {"tr": 1, "trn": 2, "N_": 1}


def swift_files(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in os.walk(p):
                for f in sorted(files):
                    if f.endswith(".swift"):
                        yield os.path.join(root, f)
        else:
            yield p


def strip_comments(text):
    """Blanks // and /* */ comments (keeping line breaks), leaving string literals alone."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i)); i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j])); i = j
        elif c == '"':
            j = skip_string(text, i)
            out.append(text[i:j]); i = j
        else:
            out.append(c); i += 1
    return "".join(out)


def skip_string(text, i):
    """The index after the string literal starting at i (handles \\( ) nesting roughly)."""
    if text.startswith('"""', i):
        j = text.find('"""', i + 3)
        return len(text) if j < 0 else j + 3
    j = i + 1
    depth = 0
    while j < len(text):
        c = text[j]
        if c == "\\":
            if text.startswith("\\(", j):
                depth += 1; j += 2; continue
            j += 2; continue
        if depth and c == ")":
            depth -= 1
        elif depth and c == '"':
            j = skip_string(text, j); continue
        elif not depth and c == '"':
            return j + 1
        elif c == "\n":
            return j
        j += 1
    return j


def arguments(text, start):
    """The top-level arguments of the call whose '(' is at start, as source slices."""
    args, depth, i, begin = [], 0, start + 1, start + 1
    while i < len(text):
        c = text[i]
        if c == '"':
            i = skip_string(text, i); continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                args.append(text[begin:i]); return args
            depth -= 1
        elif c == "," and depth == 0:
            args.append(text[begin:i]); begin = i + 1
        i += 1
    return args


PLAIN = re.compile(r'^"(?:[^"\\\n]|\\[0tnr"\'\\]|\\u\{[0-9A-Fa-f]{1,8}\})*"$')


def problems_in(path):
    text = strip_comments(open(path, encoding="utf-8").read())
    for m in re.finditer(r"(?<![\w])(tr|trn|N_)\(", text):
        name = m.group(1)
        # A declaration (`func tr(`) is not a call.
        if re.search(r"func\s+$", text[max(0, m.start() - 10):m.start()]):
            continue
        args = arguments(text, m.end() - 1)
        line = text.count("\n", 0, m.start()) + 1
        for k in range(KEYWORDS[name]):
            a = args[k].strip() if k < len(args) else ""
            if not PLAIN.match(a):
                why = ("interpolation" if "\\(" in a else "a multi-line literal" if a.startswith('"""')
                       else "a raw literal" if a.startswith("#") else "not a plain literal")
                yield f"{path}:{line}: {name}(…) argument {k + 1} is {why}: {a.splitlines()[0][:60] if a else '(missing)'}"


def c_view(text):
    """The file as xgettext's C lexer can read it, line for line: comments kept (they carry
    TRANSLATORS notes), plain literals kept, and Swift-only literals (multi-line, raw,
    interpolated) blanked, except the code inside each interpolation, so a call written
    there is still seen and nothing of Swift's syntax reaches the C lexer."""
    out, i, n = [], 0, len(text)

    def blank(chunk):
        return re.sub(r"[^\n]", " ", chunk)

    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i); j = n if j < 0 else j
            out.append(text[i:j]); i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2); j = n if j < 0 else j + 2
            out.append(text[i:j]); i = j
        elif text[i] == "#" and re.match(r'#+"', text[i:]):
            hashes = re.match(r'#+', text[i:]).group(0)
            j = text.find('"' + hashes, i + len(hashes) + 1)
            j = n if j < 0 else j + 1 + len(hashes)
            out.append(blank(text[i:j])); i = j
        elif text[i] == '"':
            j = skip_string(text, i)
            literal = text[i:j]
            if PLAIN.match(literal):
                out.append(literal)
            else:
                out.append(interpolations_only(literal))
            i = j
        else:
            out.append(text[i]); i += 1
    return "".join(out)


def interpolations_only(literal):
    """A Swift literal with its text blanked and the code of its interpolations kept."""
    out, i, n = [], 0, len(literal)
    while i < n:
        if literal.startswith("\\(", i):
            depth, j = 1, i + 2
            while j < n and depth:
                c = literal[j]
                if c == '"':
                    k = skip_string(literal, j); j = k; continue
                depth += c == "("
                depth -= c == ")"
                j += 1
            out.append("  " + c_view(literal[i + 2:j - 1]) + " "); i = j
        else:
            out.append("\n" if literal[i] == "\n" else " "); i += 1
    return "".join(out)


def main(argv):
    if len(argv) == 4 and argv[1] == "--c-view":
        # i18n-check.py --c-view SWIFT_FILE OUT_FILE: the file as the C parser should read it.
        with open(argv[3], "w", encoding="utf-8") as f:
            f.write(c_view(open(argv[2], encoding="utf-8").read()))
        return 0
    if len(argv) >= 3 and argv[1] == "--c-views":
        # One process for every file of the template (a Python start per file took most of
        # `make pot`'s time).
        for path in argv[3:]:
            out = os.path.join(argv[2], path)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with open(out, "w", encoding="utf-8") as f:
                f.write(c_view(open(path, encoding="utf-8").read()))
        return 0
    roots = argv[1:] or ["Sources"]
    found = [p for f in swift_files(roots) for p in problems_in(f)]
    for p in found:
        print(p)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
