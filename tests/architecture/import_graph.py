"""The import graph of ``game``, read with ``ast`` from every import statement (also those inside functions and
methods, which run as surely as the file's own, only later), so that the guards judge what the code does, not
what its first lines say. Imports under ``if TYPE_CHECKING:`` never run and are left out."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path
from typing import Iterable, Iterator

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"


def module_name(path: Path) -> str:
    """``game.core.agent`` for game/core/agent.py; a package is named by its folder."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    """Every module of ``game`` by name."""
    return {module_name(path): path for path in sorted(GAME.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    """Whether an ``if`` tests ``TYPE_CHECKING`` (bare or as ``typing.TYPE_CHECKING``)."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def import_statements(nodes: Iterable[ast.AST], types: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement in ``nodes`` and below them that can run, and with ``types`` also those in the
    body of ``if TYPE_CHECKING:``, which only the type checker reads."""
    for node in nodes:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node.test) and not types:
            yield from import_statements(node.orelse, types)
        else:
            yield from import_statements(ast.iter_child_nodes(node), types)


def imported_module(node: ast.ImportFrom, name: str, path: Path) -> str:
    """The absolute module a ``from`` import names, relative ones resolved from the importing module."""
    if not node.level:
        return node.module or ""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    anchor = package[:len(package) - (node.level - 1)]
    return ".".join(anchor + ([node.module] if node.module else []))


@cache
def imports_of(name: str, types: bool = False) -> frozenset[str]:
    """The absolute names module ``name`` imports (with ``types``, also for its type hints alone): ``from X
    import Y`` counts as ``X.Y`` when that is a module of ``game`` (a submodule), else as ``X``."""
    path = modules()[name]
    targets: set[str] = set()
    for node in import_statements([ast.parse(path.read_text(encoding="utf-8"), str(path))], types):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
            continue
        base = imported_module(node, name, path)
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            targets.add(submodule if submodule in modules() else base)
    return frozenset(targets)


def graph() -> dict[str, set[str]]:
    """Each module of ``game`` and the modules of ``game`` it imports."""
    return {name: {target for target in imports_of(name) if target in modules()} for name in modules()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without recursion): each
    is a set of modules that import one another in a loop."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def path_of(name: str) -> str:
    """A module's file, relative to the project (for assertion messages)."""
    return str(modules()[name].relative_to(ROOT))
