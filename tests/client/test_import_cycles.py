"""game/client has no import cycle, and its screens open each other by name, not by import.

Read statically with ast, so imports inside functions count as much as those at the top;
only imports under `if TYPE_CHECKING:` are left out (they never run: annotations only)."""

from __future__ import annotations

import ast
from pathlib import Path

from game.client.scene import SCREENS

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "game" / "client"


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported(tree: ast.AST) -> set[str]:
    """Every module name an import statement anywhere in `tree` names (for `from a import b`:
    both `a` and `a.b`), skipping `if TYPE_CHECKING:` blocks."""
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
            out.update(f"{node.module}.{alias.name}" for alias in node.names)
        for inner in ast.iter_child_nodes(node):
            visit(inner)

    visit(tree)
    return out


def import_graph(package: Path, root: Path) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports."""
    files = {module_name(p, root): p for p in sorted(package.rglob("*.py"))}
    return {name: {m for m in imported(ast.parse(path.read_text(encoding="utf-8")))
                   if m in files and m != name}
            for name, path in files.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return found


def test_no_import_cycle_in_the_client() -> None:
    graph = import_graph(CLIENT, ROOT)
    assert len(graph) > 40  # the whole client was read
    assert cycles(graph) == []


def test_a_cycle_is_found(tmp_path: Path) -> None:
    """The check itself: a cycle through an import inside a function is caught, one under
    TYPE_CHECKING is not."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg.sub import b\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    import pkg.c\n")
    (pkg / "c.py").write_text("def g():\n    from pkg import a\n")
    (pkg / "d.py").write_text("from typing import TYPE_CHECKING\nimport pkg.e\n")
    (pkg / "e.py").write_text("from typing import TYPE_CHECKING\n"
                              "if TYPE_CHECKING:\n    from pkg.d import X\n")
    graph = import_graph(pkg, tmp_path)
    assert cycles(graph) == [["pkg.a", "pkg.c", "pkg.sub.b"]]


# The replay viewer is a table scene (a subclass), so it imports the table scene's module.
SUBCLASSES = {("game.client.table.replay", "game.client.table.scene")}


def test_screens_import_no_other_screen() -> None:
    """A screen opens another through the scene stack by name (SCREENS), never by import."""
    graph = import_graph(CLIENT, ROOT)
    screens = {target.partition(":")[0] for target in SCREENS.values()}
    assert screens <= set(graph)
    crossing = sorted((a, b) for a in screens for b in graph[a] & screens
                      if (a, b) not in SUBCLASSES)
    assert crossing == []


# Lower layers never import higher ones: ui < sessions < table < screens (the shell, app.py,
# may import any of them).
LAYERS = ("ui", "sessions", "table", "screens")


def test_layers_import_downwards() -> None:
    graph = import_graph(CLIENT, ROOT)

    def layer(module: str) -> int | None:
        part = module.split(".")[2] if module.count(".") >= 2 else ""
        return LAYERS.index(part) if part in LAYERS else None

    upward = sorted((a, b) for a, targets in graph.items() for b in targets
                    if (la := layer(a)) is not None and (lb := layer(b)) is not None and lb > la)
    assert upward == []
