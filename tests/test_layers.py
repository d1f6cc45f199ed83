"""The engine's layers (issue 29): read from the source, every import counted, those
inside functions too.

- No import cycle anywhere in `pyengine/`. The only imports allowed to point back
  up are a game package's lazy ones (inside a method) of its own `render` and
  `search` (or `bots`): drawing and the bots load only when asked for.
- The rules never load the bots or the search: nothing a game package or
  `pyengine.core.game` imports at module level reaches a `bots` or `search` module.
- No import inside a function of a module its own module already imports at the top.
- The capabilities a game declares (`rotatable`, `hovers`, `drafts`) match what it
  implements, since the page trusts the flags.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

import pyengine
from pyengine.core.game import Game

ROOT = Path(__file__).resolve().parents[1] / "pyengine"
LAZY_TARGETS = ("render", "search", "bots")


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    lazy: bool  # inside a function
    line: int


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _edges(module: str) -> list[Edge]:
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lazy_nodes = {
        id(n) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) for n in ast.walk(f)
    }
    out = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                where = ".".join(base + ([node.module] if node.module else []))
            else:
                where = node.module or ""
            for alias in node.names:  # `from . import rules` names a module; `from .x import f` a name in x
                sub = f"{where}.{alias.name}"
                targets.append(sub if sub in MODULES else where)
        elif isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        for target in targets:
            if target in MODULES and target != module:
                out.append(Edge(module, target, id(node) in lazy_nodes, node.lineno))
    return out


EDGES = [e for m in MODULES for e in _edges(m)]


def _allowed_lazy(e: Edge) -> bool:
    """A game package's `__init__` loading its own renderer or bots when asked for."""
    return (
        e.lazy
        and e.source.startswith("pyengine.games.")
        and e.source.count(".") == 2
        and e.target.rpartition(".")[0] == e.source
        and e.target.rpartition(".")[2] in LAZY_TARGETS
    )


def _cycles(edges: list[Edge]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for e in edges:
        graph[e.source].add(e.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_reader_sees_the_imports_it_must() -> None:
    """The checks below are only as good as this reader: it sees relative, absolute,
    module-level and function-level imports."""
    manhattan = {(e.target, e.lazy) for e in EDGES if e.source == "pyengine.games.manhattan"}
    assert ("pyengine.core.game", False) in manhattan
    assert ("pyengine.games.manhattan.render", True) in manhattan
    assert ("pyengine.core.pkgdata", True) in {(e.target, e.lazy) for e in EDGES if e.source == "pyengine.core.game"}
    made_up = [Edge("a", "b", False, 1), Edge("b", "c", True, 1), Edge("c", "a", False, 1)]
    global MODULES
    saved = MODULES
    try:
        MODULES = {"a": Path("a"), "b": Path("b"), "c": Path("c"), "d": Path("d")}
        assert _cycles(made_up) == [["a", "b", "c"]]
        assert _cycles(made_up[:2]) == []
    finally:
        MODULES = saved


def test_no_import_cycles() -> None:
    kept = [e for e in EDGES if not _allowed_lazy(e)]
    cycles = _cycles(kept)
    lines = []
    for comp in cycles:
        inside = set(comp)
        lines.append(
            " <-> ".join(comp)
            + ": "
            + ", ".join(
                f"{e.source.rpartition('.')[2]}:{e.line} -> {e.target.rpartition('.')[2]}{' (lazy)' if e.lazy else ''}"
                for e in kept
                if e.source in inside and e.target in inside
            )
        )
    assert not cycles, "import cycles:\n" + "\n".join(lines)


def _reach(start: str) -> set[str]:
    """Modules loaded by importing `start` (module-level imports only), with the
    packages Python loads on the way."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        parts = m.split(".")
        todo += [".".join(parts[:k]) for k in range(1, len(parts)) if ".".join(parts[:k]) in MODULES]
        todo += [e.target for e in EDGES if e.source == m and not e.lazy]
    return seen


@pytest.mark.parametrize("start", ["pyengine.core.game", *(f"pyengine.games.{name}" for name in pyengine.GAMES)])
def test_the_rules_never_load_the_bots_or_the_search(start: str) -> None:
    loaded = _reach(start)
    bots = sorted(m for m in loaded if m.rpartition(".")[2] in ("bots", "search", "rivals"))
    assert not bots, f"importing {start} loads {bots}"


def test_no_function_imports_what_its_module_already_imported() -> None:
    top = {(e.source, e.target) for e in EDGES if not e.lazy}
    again = sorted(
        {f"{e.source}:{e.line} imports {e.target} again" for e in EDGES if e.lazy and (e.source, e.target) in top}
    )
    assert not again, "\n".join(again)


@pytest.mark.parametrize("name", pyengine.GAMES)
def test_declared_capabilities_match_what_the_game_implements(name: str) -> None:
    game = pyengine.load_game(name)
    cls = type(game)
    assert game.hovers == (cls.hover is not Game.hover), "hovers must be declared exactly when hover() is given"
    assert game.drafts == (cls.edit_draft is not Game.edit_draft), "drafts must match edit_draft()"
    assert isinstance(game.rotatable, bool)
    if game.rotatable:
        state = game.new_game(min(game.player_counts), 1)
        assert game.render(state, 0, rotation=1)  # the renderer takes the rotation it declares
