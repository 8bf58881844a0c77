"""The layering DEVELOPERS.md asks for: rules and AI never import pygame; the UI never imports a game."""

import ast
import subprocess
import sys
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"
PYGAME_FREE = ("core", "variants", "storage", "ai")


def _pygame_free_modules() -> list[str]:
    modules = []
    for path in sorted(GAME.rglob("*.py")):
        parts = path.relative_to(GAME.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        layer = parts[1] if len(parts) > 1 else ""
        if layer in PYGAME_FREE or (layer == "games" and "scene" not in parts[-1] and "scenes" not in parts):
            modules.append(".".join(parts))
    return modules


def test_rules_engines_and_agents_never_import_pygame():
    modules = _pygame_free_modules()
    assert any(m.startswith("game.games.") for m in modules) or len(modules) > 10
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "    assert 'pygame' not in sys.modules, name + ' imported pygame'\n"
        "print(len(sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=GAME.parent)
    assert result.returncode == 0, result.stderr


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_ui_and_scenes_never_import_a_game():
    for folder in ("ui", "scenes"):
        for path in (GAME / folder).rglob("*.py"):
            bad = {name for name in _imports(path) if name.startswith("game.games")}
            assert not bad, f"{path} imports {bad}"


def test_rules_import_only_core():
    for path in (GAME / "games").rglob("*.py"):
        if "rules" not in path.relative_to(GAME / "games").parts[1:] and not path.name.startswith("rules"):
            continue
        for name in _imports(path):
            if name.startswith("game."):
                package = path.relative_to(GAME.parent).parts[:3]
                assert name.startswith("game.core") or name.startswith(".".join(package)), f"{path}: {name}"


def test_no_module_uses_the_global_random_generator():
    for path in GAME.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for call in ("random.shuffle(", "random.choice(", "random.randint(", "random.random(", "random.seed("):
            assert call not in text, f"{path} calls {call} on the module-level generator"
