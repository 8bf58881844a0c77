"""The import graph the guards judge by: it must see an import wherever it can run, leave out what only the type
checker reads, resolve relative imports, and find every circle."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.architecture.import_graph import circles, graph, import_statements, imported_module, imports_of

SOURCE = """
from __future__ import annotations
from typing import TYPE_CHECKING
import json
if TYPE_CHECKING:
    from game.ui.app import App
else:
    import csv
def later() -> None:
    from game.storage import saves
class Table:
    def draw(self) -> None:
        import pygame
"""


def _imported(types: bool) -> set[str]:
    nodes = import_statements([ast.parse(SOURCE)], types)
    return {alias.name if isinstance(node, ast.Import) else f"{node.module}.{alias.name}"
            for node in nodes for alias in node.names}


def test_imports_in_functions_and_methods_count_and_type_only_ones_do_not() -> None:
    assert _imported(types=False) == {"__future__.annotations", "typing.TYPE_CHECKING", "json", "csv",
                                      "game.storage.saves", "pygame"}
    assert _imported(types=True) == _imported(types=False) | {"game.ui.app.App"}


def test_relative_imports_resolve_from_the_importing_module() -> None:
    def base(source: str, name: str, file: str) -> str:
        node = ast.parse(source).body[0]
        assert isinstance(node, ast.ImportFrom)
        return imported_module(node, name, Path(file))

    assert base("from .rules import State", "game.games.reapers.bots", "bots.py") == "game.games.reapers.rules"
    assert base("from . import bots", "game.games.reapers", "__init__.py") == "game.games.reapers"
    assert base("from ..cards import REAPER", "game.games.reapers.rules.state", "state.py") == \
        "game.games.reapers.cards"
    assert base("from game.core import agent", "game.ui.app", "app.py") == "game.core"


def test_a_submodule_named_in_a_from_import_is_the_module_imported() -> None:
    assert "game.core.contracts" in imports_of("game.core.agent")
    assert graph()["game.core.match"] >= {"game.core.agent", "game.core.contracts"}


def test_circles_are_the_strongly_connected_components() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e", "d"}, "f": {"g"}, "g": {"f"}}
    assert sorted(circles(edges)) == [["a", "b", "c"], ["f", "g"]]
