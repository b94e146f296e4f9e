#!/usr/bin/env python3
"""Prints the engine's module import graph and fails on a circle.

    scripts/imports.py [SRC_DIR]

Reads every `.rs` file under SRC_DIR (default: the engine's `src/`), takes the paths its code
names (`crate::a::b`, `super::b`, `self::b`, and a declared child module `b::`), and prints one
line per module: the modules it uses. Test code (`#[cfg(test)]` items) is left out: a test may
use anything. A module that uses itself through its imports is a circle; the script prints
each one it finds and exits with 1. `./build.sh test` runs it.
"""

import re
import sys
from pathlib import Path

SRC = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "src"

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def module_name(path):
    """`src/blocks/posts.rs` -> `blocks::posts`; `src/lib.rs` -> `crate`."""
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] in ("mod", "lib"):
        parts.pop()
    return "::".join(parts) or "crate"


def strip(code):
    """The code without comments, string and character literals (their text is not a path)."""
    out, i, n = [], 0, len(code)
    while i < n:
        c = code[i]
        if code.startswith("//", i):
            j = code.find("\n", i)
            i = n if j < 0 else j
        elif code.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if code.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif code.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif (m := re.match(r'b?r(#*)"', code[i:])) and (i == 0 or not code[i - 1].isalnum()):
            end = '"' + m.group(1)
            j = code.find(end, i + m.end())
            out.append('""')
            i = n if j < 0 else j + len(end)
        elif c == '"':
            j = i + 1
            while j < n and code[j] != '"':
                j += 2 if code[j] == "\\" else 1
            out.append('""')
            i = j + 1
        elif c == "'" and (m := re.match(r"'(?:\\[^']+|[^\\'])'", code[i:])):
            out.append("' '")
            i += m.end()
        else:
            out.append(c)
            i += 1
    return "".join(out)


def without_tests(code):
    """The code without the items marked `#[cfg(test)]` (a test module, a test-only helper)."""
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]", code):
        if m.start() < i:
            continue
        out.append(code[i : m.start()])
        j, depth = m.end(), 0
        while j < len(code):
            if code[j] == "{":
                depth += 1
            elif code[j] == "}":
                depth -= 1
                if depth == 0:
                    j += 1
                    break
            elif code[j] == ";" and depth == 0:
                j += 1
                break
            j += 1
        i = j
    out.append(code[i:])
    return "".join(out)


def use_paths(code):
    """Every path a `use` declaration names, its groups (`a::{b, c::d}`) expanded."""

    def expand(prefix, tree):
        tree = tree.strip()
        if not tree:
            return []
        if tree.startswith("{"):
            inner, parts, depth, start = tree[1:-1], [], 0, 0
            for k, ch in enumerate(inner):
                depth += ch == "{"
                depth -= ch == "}"
                if ch == "," and depth == 0:
                    parts.append(inner[start:k])
                    start = k + 1
            parts.append(inner[start:])
            return [p for part in parts for p in expand(prefix, part)]
        m = re.match(r"(" + IDENT + r")\s*(?:::\s*(.*))?$", tree, re.S)
        if not m:
            return [prefix]
        head, rest = m.group(1), m.group(2)
        path = prefix + [head]
        return expand(path, rest) if rest else [path]

    paths = []
    for m in re.finditer(r"\buse\s+([^;]+);", code):
        paths += expand([], re.sub(r"\s+as\s+" + IDENT, "", m.group(1)))
    return paths


def inline_paths(code):
    """Every path written in the code itself: `crate::a::b`, `super::a`, `child::f`."""
    return [
        m.group(0).replace(" ", "").split("::")
        for m in re.finditer(r"(?<![A-Za-z0-9_:])" + IDENT + r"(?:\s*::\s*" + IDENT + r")+", code)
    ]


def main():
    files = {module_name(p): p for p in sorted(SRC.rglob("*.rs"))}
    modules = set(files)
    root_names = {}  # what lib.rs re-exports at the crate root, and from where
    graph = {}
    for name, path in files.items():
        code = without_tests(strip(path.read_text()))
        children = {
            m.group(1)
            for m in re.finditer(r"\bmod\s+(" + IDENT + r")\s*;", code)
        }
        here = [] if name == "crate" else name.split("::")
        if name == "crate":
            for path_ in use_paths(code):
                if path_ and path_[0] in children:
                    root_names[path_[-1]] = path_[0]
        graph[name] = (here, children, use_paths(code) + inline_paths(code))

    edges = {}
    for name, (here, children, paths) in graph.items():
        deps = set()
        for path in paths:
            if path[0] == "crate":
                absolute = path[1:]
            elif path[0] == "super":
                up = here[:-1]
                rest = path[1:]
                while rest and rest[0] == "super":
                    up, rest = up[:-1], rest[1:]
                absolute = up + rest
            elif path[0] == "self":
                absolute = here + path[1:]
            elif path[0] in children:
                absolute = here + path
            else:
                continue
            # The longest prefix that names a module; a crate-root name goes to its module.
            target = None
            for k in range(len(absolute), 0, -1):
                if "::".join(absolute[:k]) in modules:
                    target = "::".join(absolute[:k])
                    break
            if target is None:
                target = root_names.get(absolute[0], "crate") if absolute else "crate"
            if target != name:
                deps.add(target)
        edges[name] = sorted(deps)

    width = max(map(len, edges))
    for name in sorted(edges, key=lambda n: (n != "crate", n)):
        print(f"{name:<{width}}  -> {', '.join(edges[name]) or '(nothing)'}")

    # Circles: the strongly connected components with more than one module (Tarjan).
    index, low, stack, on, circles, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, []):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    if circles:
        for c in circles:
            print("circle: " + " <-> ".join(c), file=sys.stderr)
        sys.exit(1)
    print(f"{len(edges)} modules, no circle")


if __name__ == "__main__":
    main()
