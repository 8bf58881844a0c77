"""The layering DEVELOPERS.md asks for, as the program runs it: rules, AI, storage and the variant lab never
import pygame (in a game's folder only the table and its view draw); nothing draws from the global random
generator. The import graph's rules are in test_imports.py."""

import subprocess
import sys

from tests.architecture.import_graph import GAME, ROOT, modules

PYGAME_FREE = ("core", "variants", "storage", "ai", "lab")
"""The folders of ``game`` that never import pygame (an import of theirs that would is a bug)."""
DRAWING_FILES = ("table", "view")
"""The only modules of a game's folder that import pygame: its table scene and the view it draws with."""


def _pygame_free(name: str) -> bool:
    """Whether module ``name`` must import without pygame."""
    parts = name.split(".")
    if len(parts) > 1 and parts[1] in PYGAME_FREE:
        return True
    return len(parts) > 1 and parts[1] == "games" and not (len(parts) == 4 and parts[3] in DRAWING_FILES)


def test_rules_engines_and_agents_never_import_pygame() -> None:
    names = [name for name in modules() if _pygame_free(name)]
    assert any(name.startswith("game.games.") for name in names) and len(names) > 10
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "    assert 'pygame' not in sys.modules, name + ' imported pygame'\n"
        "print(len(sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr


def test_no_module_uses_the_global_random_generator() -> None:
    for path in GAME.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for call in ("random.shuffle(", "random.choice(", "random.randint(", "random.random(", "random.seed("):
            assert call not in text, f"{path} calls {call} on the module-level generator"
