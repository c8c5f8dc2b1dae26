"""No import circles, between modules or between packages (issue 20).

A circle hides which side is the lower layer: neither half can be read,
tested or moved without the other, and a function-level import that "breaks"
it at run time only hides it.  So every import counts, at any depth of a
module, except under ``if TYPE_CHECKING:`` (never run).

Edges go to the module an import names, not to the packages it passes
through.  In the package graph each module stands for its package (an
``__init__`` for the package itself); a package importing its own subpackage
is an edge like any other, so a parent package's modules and its subpackages
must also stand one above the other.  The package graph is checked at every
depth (``mediakit`` and ``runner``; then ``mediakit.stages``,
``mediakit.engines``...; then ``mediakit.stages.broll``...), so a layer
cannot lean on the one above it through a subpackage either.  A ``__main__``
module is the program that runs its package, above everything, and nothing
imports it: it stands for itself.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOP_LEVEL = ("mediakit", "runner")

Graph = dict[str, set[str]]


def _module_files() -> dict[str, Path]:
    """Every module of the checked packages, by dotted name (a package by its ``__init__``)."""
    out = {}
    for top in TOP_LEVEL:
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, however deep, outside ``if TYPE_CHECKING:`` bodies."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The known module ``name`` refers to: itself, or the closest package holding it."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def _targets(module: str, is_package: bool, node: ast.Import | ast.ImportFrom,
             modules: dict[str, Path]) -> Iterator[str]:
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            anchor = module.split(".")
            anchor = anchor if is_package else anchor[:-1]
            anchor = anchor[:len(anchor) - (node.level - 1)]
            base = ".".join([*anchor, base] if base else anchor)
        # ``from pkg import name`` imports the submodule when ``name`` is one, else pkg itself
        names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
    for name in names:
        if name.split(".")[0] in TOP_LEVEL and (target := _resolve(name, modules)):
            yield target


def module_graph() -> Graph:
    """module -> the modules it imports (itself excluded)."""
    modules = _module_files()
    graph: Graph = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in _imports(tree):
            graph[name].update(t for t in _targets(name, path.name == "__init__.py", node, modules) if t != name)
    return graph


def package_graph(modules: Graph, depth: int) -> Graph:
    """package -> the other packages its modules import, packages cut to ``depth`` names (see the module docstring)."""
    files = _module_files()

    def package(name: str) -> str:
        if files[name].name == "__init__.py" or name.endswith(".__main__"):
            return ".".join(name.split(".")[:depth])
        return ".".join(name.rpartition(".")[0].split(".")[:depth])

    graph: Graph = {}
    for name, targets in modules.items():
        edges = graph.setdefault(package(name), set())
        edges.update(package(t) for t in targets if package(t) != package(name))
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """Every circle worth fixing, as closed paths: in each strongly connected component (Tarjan),
    a shortest circle through each of its nodes, once each."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                for circle in (_circle(graph, component, start) for start in sorted(component)):
                    if circle not in found:
                        found.append(circle)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _circle(graph: Graph, component: set[str], start: str) -> list[str]:
    """A shortest closed path through ``start`` (breadth first, inside its component), from its smallest node."""
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(graph[node] & component):
            if nxt == start:
                circle = paths[node]
                first = circle.index(min(circle))
                return [*circle[first:], *circle[:first], min(circle)]
            if nxt not in paths:
                paths[nxt] = [*paths[node], nxt]
                queue.append(nxt)
    raise AssertionError(f"{component} is not strongly connected")


def _report(found: list[list[str]]) -> str:
    return "\n".join(" -> ".join(circle) for circle in found)


def test_no_module_imports_another_that_imports_it_back() -> None:
    found = cycles(module_graph())
    assert not found, "import circles between modules:\n" + _report(found)


@pytest.mark.parametrize("depth", range(1, 1 + max(name.count(".") for name in _module_files())))
def test_no_package_imports_another_that_imports_it_back(depth: int) -> None:
    found = cycles(package_graph(module_graph(), depth))
    assert not found, f"import circles between packages ({depth} names deep):\n" + _report(found)


def test_a_circle_is_reported_with_its_path() -> None:
    graph: Graph = {"a": {"b"}, "b": {"c", "d"}, "c": {"a"}, "d": {"b", "e"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c", "a"], ["b", "d", "b"]]
