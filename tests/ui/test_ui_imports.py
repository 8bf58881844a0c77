"""The shell stands below the application: no module of ``game.ui`` imports a scene of ``game.scenes`` or the
player's files (``game.storage``), not even inside a function; a table reaches them through ``App.router``."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
ABOVE = ("game.scenes", "game.storage")


def imported(path: Path) -> list[str]:
    """Every module ``path`` imports, wherever the import stands."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names.append(node.module)
    return names


def test_the_shell_imports_no_scene_and_no_storage() -> None:
    found = [f"{path.name}: {name}" for path in sorted(UI.glob("*.py")) for name in imported(path)
             if name.startswith(ABOVE)]
    assert found == []
