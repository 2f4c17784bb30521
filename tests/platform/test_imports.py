"""Issue 37 (3): a house with no circles. Every import of ``tdream/`` (at the top of a file or
inside a function; not under ``if TYPE_CHECKING``), resolved to the file it runs: no file imports
one that imports it back, directly or around a loop; and the package reads top to bottom in
layers, each importing only those below it (the base, the platform, the games' rules, the shell,
the games' front ends, the command line)."""
from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

PACKAGE = ROOT / "tdream"


def modules(package: Path) -> dict[str, Path]:
    """Every module of ``package`` by dotted name (a package by its own name)."""
    out = {}
    for f in sorted(package.rglob("*.py")):
        parts = list(f.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = f
    return out


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            inside.update(id(sub) for stmt in node.body for sub in ast.walk(stmt))
    return inside


def imports_of(name: str, path: Path, mods: dict[str, Path]) -> dict[str, int]:
    """The modules of ``mods`` that ``name`` (at ``path``) imports, each with a line that does.
    ``from . import x`` names ``x`` when it is a module (else the package); the parent packages an
    import runs too are not counted (every file runs its own package's)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_nodes(tree)
    base = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out: dict[str, int] = {}
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level:
                mod = ".".join(base[: len(base) - node.level + 1] + ([node.module] if node.module else []))
            targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in mods else mod for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in mods:
                t = t.rpartition(".")[0]
            if t and t != name:
                out.setdefault(t, node.lineno)
    return out


def graph(package: Path) -> tuple[dict[str, Path], dict[str, dict[str, int]]]:
    mods = modules(package)
    return mods, {m: imports_of(m, p, mods) for m, p in mods.items()}


def circles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(edges[w])))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    group.append(w)
                    if w == v:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def _described(group: list[str], edges) -> str:
    return "\n".join(f"  {a} -> {b} (line {edges[a][b]})" for a in group for b in sorted(edges[a]) if b in group)


def test_no_file_imports_one_that_imports_it_back():
    _, edges = graph(PACKAGE)
    found = circles(edges)
    assert not found, "\n".join(f"a circle of {len(g)}:\n{_described(g, edges)}" for g in found)


def layer(name: str) -> int:
    """The package's floors, from the bottom: 0 the base (errors, values, YAML, RNG), 1 the
    platform, 2 the games' rules (everything of a game but its front end) and the native build of
    them, 3 the shell, 4 the games' front ends, 5 the command line."""
    parts = name.split(".")
    if parts[:2] == ["tdream", "platform"]:
        return 1
    if parts[:2] == ["tdream", "games"]:
        return 4 if "frontend" in parts else 2
    if parts[:2] == ["tdream", "frontend"]:
        return 3
    if name == "tdream.native":
        return 2
    if name in ("tdream.cli", "tdream.__main__", "tdream.analyze"):
        return 5
    return 0


def test_each_floor_imports_only_the_floors_below_it():
    _, edges = graph(PACKAGE)
    up = [f"{a} (floor {layer(a)}) -> {b} (floor {layer(b)}), line {line}"
          for a, bs in edges.items() for b, line in bs.items() if layer(b) > layer(a)]
    assert not up, "\n".join(up)


def test_the_checks_find_a_circle_and_a_floor_skipped(tmp_path):
    """Both checks can fail: a package whose files import each other (one inside a function, one
    from the package's face) is caught, and a file under TYPE_CHECKING is not."""
    pkg = tmp_path / "pk"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .sub import b\n")
    (pkg / "a.py").write_text("def f():\n    from . import c\n")
    (pkg / "c.py").write_text("from .sub.b import X\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("from .. import a\nX = 1\n")
    (pkg / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n")
    _, edges = graph(pkg)
    assert circles(edges) == [["pk.a", "pk.c", "pk.sub.b"]]
    assert "pk.a" not in edges["pk.d"]
    assert layer("tdream.frontend.table") > layer("tdream.games.towers.match") > layer("tdream.platform.session")


MOST_INSIDE = 120          # imports inside functions, at most (issue 37: 395 before)


def imports_inside_functions(package: Path) -> list[tuple[str, int, str]]:
    """(file, line, the import's last line) of every import made inside a function (not under
    ``TYPE_CHECKING``)."""
    out = []
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        tree = ast.parse(text)
        skip = _type_checking_nodes(tree)
        seen: set[int] = set()
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in skip and id(node) not in seen:
                    seen.add(id(node))
                    out.append((str(path.relative_to(package.parent)), node.lineno, lines[node.end_lineno - 1]))
    return out


def test_imports_inside_functions_are_few_and_each_says_why():
    """Imports go at the top of a file; one is made inside a function only where loading it
    late is the point (start-up, the window's modules, Ray), and its comment says which."""
    inside = imports_inside_functions(PACKAGE)
    silent = [f"{f}:{n}: {line.strip()}" for f, n, line in inside if "#" not in line]
    assert not silent, "an import inside a function says why:\n" + "\n".join(silent)
    assert len(inside) <= MOST_INSIDE, f"{len(inside)} imports inside functions (at most {MOST_INSIDE})"


def test_the_inside_count_finds_one(tmp_path):
    pkg = tmp_path / "pk"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    import json\n    from typing import TYPE_CHECKING\n"
                              "    import os  # why\n")
    found = imports_inside_functions(pkg)
    assert [(n, "#" in line) for _, n, line in found] == [(2, False), (3, False), (4, True)]
