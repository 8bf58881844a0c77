"""The house's import rules, judged on the import graph of ``game`` (``import_graph.py``: every import that can
run, also inside functions): no circles; imports run down the layers; the UI names no screen, store, command
or game; a game's rules lean on the core alone."""

from __future__ import annotations

import sys

from tests.architecture.import_graph import circles, graph, imports_of, modules, path_of

LAYERS: tuple[tuple[str, ...], ...] = (
    ("cli",),
    ("scenes",),
    ("games",),
    ("ui", "lab"),
    ("storage", "ai", "variants"),
    ("core",),
)
"""The folders of ``game``, highest layer first. A module imports its own layer and those below, never one
above: the command line opens screens; screens open games through the registry; a game builds on the table
kit (``ui``) and the variant lab runs series; both read and write through storage, ask the AI and load
variants; everything stands on the core."""
RANK = {folder: rank for rank, layer in enumerate(LAYERS) for folder in layer}
UI_NEVER_IMPORTS = ("game.scenes", "game.storage", "game.cli", "game.games")
"""What the table kit must not know, even for a type hint: the screens built on it, where things are kept,
the command line and the games (a game plugs in through its table scene, never the other way)."""
RULES_MAY_IMPORT = ("yaml",)
"""Beyond the standard library and the core: PyYAML, to read a card file under ``config/`` (Nevermore's)."""


def _folder(name: str) -> str:
    """The layer folder of a module: ``core`` for ``game.core.agent``; ``game`` itself (only its version)
    stands with the core."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "core"


def _within(name: str, package: str) -> bool:
    """Whether module ``name`` is ``package`` or inside it."""
    return name == package or name.startswith(package + ".")


def test_every_folder_has_a_layer() -> None:
    unplaced = sorted({path_of(name) for name in modules() if _folder(name) not in RANK})
    assert not unplaced, f"modules in no layer of LAYERS: {unplaced}"


def test_no_module_imports_a_higher_layer() -> None:
    upward = [f"{path_of(name)} ({_folder(name)}) imports {target} ({_folder(target)})"
              for name, targets in sorted(graph().items()) for target in sorted(targets)
              if RANK.get(_folder(target), len(LAYERS)) < RANK.get(_folder(name), len(LAYERS))]
    assert not upward, "imports up the layers:\n" + "\n".join(upward)


def test_no_import_circles() -> None:
    edges = graph()
    found = circles(edges)
    described = ["circle of " + ", ".join(path_of(name) for name in circle) + ":\n    " +
                 "\n    ".join(f"{path_of(name)} -> {path_of(target)}"
                               for name in circle for target in sorted(edges[name]) if target in circle)
                 for circle in found]
    assert not found, f"{len(found)} import circles:\n" + "\n".join(described)


def test_the_ui_never_imports_screens_storage_the_command_line_or_a_game() -> None:
    bad = [f"{path_of(name)} imports {target}" for name in modules() if _within(name, "game.ui")
           for target in sorted(imports_of(name, types=True))
           if any(_within(target, forbidden) for forbidden in UI_NEVER_IMPORTS)]
    assert not bad, "\n".join(bad)


def test_screens_never_import_a_game() -> None:
    bad = [f"{path_of(name)} imports {target}" for name in modules() if _within(name, "game.scenes")
           for target in sorted(imports_of(name, types=True)) if _within(target, "game.games")]
    assert not bad, "\n".join(bad)


def _rules_package(name: str) -> str | None:
    """``game.games.<pkg>.rules`` for a module of a game's rules, else None."""
    parts = name.split(".")
    return ".".join(parts[:4]) if len(parts) >= 4 and parts[1] == "games" and parts[3] == "rules" else None


def test_rules_import_only_the_core_and_their_own_files() -> None:
    rules = {name: package for name in modules() if (package := _rules_package(name)) is not None}
    assert rules, "no game has a rules/ package"
    bad = []
    for name, package in sorted(rules.items()):
        for target in sorted(imports_of(name, types=True)):
            top = target.split(".")[0]
            if top == "game":
                allowed = _within(target, "game.core") or _within(target, package)
            else:
                allowed = top in sys.stdlib_module_names or top in RULES_MAY_IMPORT
            if not allowed:
                bad.append(f"{path_of(name)} imports {target}")
    assert not bad, "rules must import only game.core, their own rules files, the standard library and " \
                    f"{', '.join(RULES_MAY_IMPORT)}:\n" + "\n".join(bad)
