"""Screens open one another through the application's router (``game.scenes.navigation.router(app)``), never
by importing one another: then no screen knows another's module, they form no import circle, and start-up
imports only the screens it shows. A screen is a subclass of ``game.ui.app.Scene`` in ``game.scenes``, found
with ``ast`` (through the scenes' own bases such as ``MenuScene``)."""

from __future__ import annotations

import ast
from functools import cache

from tests.architecture.import_graph import import_statements, imported_module, modules, path_of

SCENES = "game.scenes"
SCENE = "game.ui.app.Scene"
"""The class every screen descends from."""
MAY_IMPORT_SCREENS = frozenset({"game.scenes.router", "game.scenes.launch", "game.scenes.tables"})
"""The modules that may name another module's screen: the router that builds every screen, the application's
wiring, and the module that makes tables."""
BUILDING_BLOCKS = frozenset({"game.scenes.common.MenuScene", "game.scenes.confirm.ConfirmScene"})
"""Scene classes that are parts to build screens from, not screens one opens: the menu-like scenes' base and
the generic yes-or-no dialog."""


def _scene_modules() -> list[str]:
    return [name for name in modules() if name == SCENES or name.startswith(SCENES + ".")]


@cache
def _tree(name: str) -> ast.Module:
    path = modules()[name]
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _imported_names(name: str) -> dict[str, str]:
    """Each name a module's import statements bind (anywhere in it, type hints included), with the full name
    it stands for: ``{"Scene": "game.ui.app.Scene", "edit": "game.scenes.lab.edit"}``."""
    path = modules()[name]
    bound: dict[str, str] = {}
    for node in import_statements([_tree(name)], types=True):
        if isinstance(node, ast.Import):
            bound.update({alias.asname or alias.name: alias.name for alias in node.names if alias.asname})
            continue
        base = imported_module(node, name, path)
        bound.update({alias.asname or alias.name: f"{base}.{alias.name}" for alias in node.names})
    return bound


def _base_name(base: ast.expr, name: str, imported: dict[str, str]) -> str:
    """The full name of a class's base as written in module ``name``."""
    if isinstance(base, ast.Name):
        return imported.get(base.id, f"{name}.{base.id}")
    if isinstance(base, ast.Attribute):
        return f"{_base_name(base.value, name, imported)}.{base.attr}"
    return ast.dump(base)


@cache
def screens() -> frozenset[str]:
    """The full name of every ``Scene`` subclass defined in ``game.scenes``."""
    bases: dict[str, set[str]] = {}
    for name in _scene_modules():
        imported = _imported_names(name)
        for node in _tree(name).body:
            if isinstance(node, ast.ClassDef):
                bases[f"{name}.{node.name}"] = {_base_name(base, name, imported) for base in node.bases}
    found: set[str] = set()
    grown = True
    while grown:
        new = {cls for cls, its in bases.items() if cls not in found and its & (found | {SCENE})}
        found |= new
        grown = bool(new)
    return frozenset(found)


def _module_of(screen: str) -> str:
    return screen.rsplit(".", 1)[0]


def screens_named(name: str) -> set[str]:
    """The screens of other scenes modules that module ``name`` imports by class name, or names as an
    attribute of a module it imports (``edit.WhichVariantScene``)."""
    imported = _imported_names(name)
    named = {target for target in imported.values() if target in screens()}
    bound_modules = {local: target for local, target in imported.items() if target in modules()}
    bound_modules.update({alias.name: alias.name for node in import_statements([_tree(name)], types=True)
                          if isinstance(node, ast.Import) for alias in node.names if not alias.asname})
    for node in ast.walk(_tree(name)):
        dotted = _dotted(node) if isinstance(node, ast.Attribute) else None
        named.update(target + dotted[len(local):] for local, target in bound_modules.items()
                     if dotted is not None and dotted.startswith(local + ".")
                     and target + dotted[len(local):] in screens())
    return {screen for screen in named if _module_of(screen) != name}


def _dotted(node: ast.expr) -> str | None:
    """``a.b.C`` for an attribute chain on a plain name, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


def test_the_scenes_are_found() -> None:
    assert {"game.scenes.menu.MainMenu", "game.scenes.lab.scene.LabScene", "game.scenes.lab.edit.WhichVariantScene",
            "game.scenes.pause.PauseScene"} <= screens()
    assert BUILDING_BLOCKS <= screens()
    assert {"game.scenes.menu.MainMenu", "game.scenes.lab.scene.LabScene"} <= screens_named("game.scenes.router")


def test_only_the_router_the_wiring_and_the_tables_import_another_modules_screen() -> None:
    bad = [f"{path_of(name)} imports {screen}" for name in sorted(_scene_modules()) if name not in MAY_IMPORT_SCREENS
           for screen in sorted(screens_named(name) - BUILDING_BLOCKS)]
    assert not bad, "a screen opens another through game.scenes.navigation.router(app), not by importing it:\n" + \
        "\n".join(bad)
