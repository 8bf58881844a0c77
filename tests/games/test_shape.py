"""Every game has the one shape (game/games/README.md): the same files in the same places, a package that
registers what the menu shows and nothing more, rules whose package says what it offers, a table named where
the registry looks, and rules that step the view once per event.

A fifth game that copies another's folder passes these; one that grows a file of its own fails until the
shape (and this test, and the guide) says where such a file goes."""

from __future__ import annotations

import ast
import importlib
import inspect
import random
from pathlib import Path

import pytest

from game.core.registry import GameSpec, all_games
from game.ui.app import Scene
from game.ui.table import TableScene
from game.variants.loader import STANDARD, load_variant

GAMES_DIR = Path(__file__).resolve().parents[2] / "game" / "games"
GAMES = all_games()
NAMES = [spec.name for spec in GAMES]
FILES = frozenset({"__init__.py", "spec.py", "rules/__init__.py", "rules/config.py", "rules/actions.py",
                   "rules/events.py", "rules/state.py", "rules/observe.py", "words.py", "position.py", "table.py",
                   "view.py"})
"""The Python files every game folder has."""
ENTRY_IMPORTS = frozenset({"__future__", "game.core.registry"})
"""All a game's ``__init__.py`` imports: it registers what the menu shows, and the menu imports no rules."""
OPTIONAL_FILES = frozenset({"rules/cards.py"})
"""What a game without cards (or pieces) does without."""
BOTS = ("bots.py", "bots/__init__.py")
"""The bots: one file, or a package once they outgrow it."""
SEEDS = (1, 2, 3)
MAX_MOVES = 400
"""Moves per game the step check plays: every phase of every game comes up within them at one seed or another."""
MAX_TABLE_DEPTH = 4
"""Classes a table scene is built from up to ``Scene`` (itself included, ``Scene`` not): the game's table and
the table kit's ``TableScene``, room for two more, and no stack of mixins."""
NEW_GAME_POSITIONAL = ["config", "players", "seed"]
"""``new_game``'s positional parameters; everything else (a stacked deck, a dealer) is keyword-only."""
RECORD_BASES = frozenset({"NamedTuple", "TypedDict"})
"""Bases whose subclasses are records, declared by annotations alone."""


def _folder(spec: GameSpec) -> Path:
    return GAMES_DIR / spec.module_name


def _python_files(folder: Path) -> set[str]:
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*.py")}


@pytest.mark.parametrize("spec", GAMES, ids=NAMES)
def test_every_game_folder_lists_the_same_files(spec: GameSpec) -> None:
    files = _python_files(_folder(spec))
    missing = sorted(FILES - files) + ([] if files & set(BOTS) else [" or ".join(BOTS)])
    in_bots = {name for name in files if name.startswith("bots/")} if "bots/__init__.py" in files else set()
    helpers = {name for name in files if name.startswith("rules/") and "/" not in name[len("rules/"):]}
    extra = sorted(files - FILES - OPTIONAL_FILES - set(BOTS) - in_bots - helpers)
    assert not missing and not extra, f"{spec.name}: missing {missing}, not in the shape {extra}"
    assert "bots.py" not in files or "bots/__init__.py" not in files, f"{spec.name}: bots.py and bots/ both"


def _bound_names(tree: ast.Module) -> set[str]:
    """The names a module's own statements bind (imports, definitions, assignments)."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(target.id for target in targets if isinstance(target, ast.Name))
    return names - {"annotations", "__all__"}


def _declared_all(tree: ast.Module) -> list[str] | None:
    """The literal ``__all__`` of a module, or None when it has none."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return list(ast.literal_eval(node.value))
    return None


@pytest.mark.parametrize("spec", GAMES, ids=NAMES)
def test_the_rules_package_names_its_public_names_only(spec: GameSpec) -> None:
    path = _folder(spec) / "rules" / "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    public = _declared_all(tree)
    assert public is not None, f"{path} has no __all__"
    assert not [name for name in public if name.startswith("_")], f"{path}: private names in __all__"
    assert set(public) == _bound_names(tree), \
        f"{path}: __all__ {sorted(public)} but the module binds {sorted(_bound_names(tree))}"


def _imported(tree: ast.Module) -> set[str]:
    """The modules a module's statements import, anywhere in it."""
    return {node.module or "." for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)} | \
        {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}


@pytest.mark.parametrize("spec", GAMES, ids=NAMES)
def test_the_package_registers_an_entry_and_spec_py_the_whole_spec(spec: GameSpec) -> None:
    tree = ast.parse((_folder(spec) / "__init__.py").read_text(encoding="utf-8"))
    assert _imported(tree) <= ENTRY_IMPORTS, \
        f"{spec.name}/__init__.py imports {sorted(_imported(tree) - ENTRY_IMPORTS)}: its spec.py imports those"
    assert spec.spec_module == f"game.games.{spec.module_name}.spec"
    assert importlib.import_module(spec.spec_module).SPEC is spec


@pytest.mark.parametrize("spec", GAMES, ids=NAMES)
def test_the_table_is_where_the_registry_looks(spec: GameSpec) -> None:
    title = "".join(part.title() for part in spec.name.split("-"))
    assert spec.scene == f"game.games.{spec.module_name}.table:{title}Table"


@pytest.mark.parametrize("spec", GAMES, ids=NAMES)
def test_rules_step_once_per_event_as_the_seat_sees_it(spec: GameSpec) -> None:
    params = load_variant(spec, STANDARD).params
    for players in sorted({spec.min_players, spec.max_players}):
        for seed in SEEDS:
            state = spec.new_game(params, players, seed)
            rng = random.Random(seed)
            for move in range(MAX_MOVES):
                if state.is_terminal():
                    break
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                watcher = move % (players + 1)
                seat = watcher if watcher < players else None
                events, steps = state.apply_steps(action, seat)
                where = f"{spec.name}, {players} players, seed {seed}, move {move} ({action}), seat {seat}"
                assert len(steps) == len(events), f"{where}: {len(events)} events but {len(steps)} steps"
                assert [step.event for step in steps] == [event.seen_by(seat) for event in events], where


def _table_class(spec: GameSpec) -> type:
    module, _, name = spec.scene.partition(":")
    table: type = getattr(importlib.import_module(module), name)
    return table


@pytest.mark.parametrize("spec", GAMES, ids=NAMES)
def test_the_table_is_at_most_four_classes_from_the_scene(spec: GameSpec) -> None:
    table = _table_class(spec)
    assert issubclass(table, TableScene), f"{spec.scene} is not a TableScene"
    chain = table.__mro__[:table.__mro__.index(Scene)]
    assert len(chain) <= MAX_TABLE_DEPTH, \
        f"{spec.scene} is {len(chain)} classes from Scene: {[cls.__qualname__ for cls in chain]}"


def _annotation_base(node: ast.ClassDef) -> bool:
    """Whether a class only declares attribute types (and is no record: a dataclass or a named tuple), the
    shape of a base that tells mixins what the class they end up in has."""
    body = [statement for statement in node.body
            if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
                    and isinstance(statement.value.value, str))]
    bases = {ast.unparse(base).rsplit(".", 1)[-1] for base in node.bases}
    return bool(body) and not node.decorator_list and not bases & RECORD_BASES and \
        all(isinstance(statement, ast.AnnAssign) and statement.value is None for statement in body)


def test_no_game_module_defines_an_annotation_base() -> None:
    paths = sorted(GAMES_DIR.rglob("*.py"))
    assert paths
    found = [f"{path.relative_to(GAMES_DIR)}: {node.name}" for path in paths
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path)))
             if isinstance(node, ast.ClassDef) and _annotation_base(node)]
    assert not found, "classes of annotations only (say what a class has where it is defined):\n" + \
        "\n".join(found)


@pytest.mark.parametrize("spec", GAMES, ids=NAMES)
def test_new_game_takes_config_players_seed_and_keywords(spec: GameSpec) -> None:
    new_game = importlib.import_module(f"game.games.{spec.module_name}.rules").new_game
    assert spec.new_game is new_game, f"{spec.name}: the registry's new_game is not the rules' new_game"
    parameters = list(inspect.signature(new_game).parameters.values())
    positional = [parameter.name for parameter in parameters
                  if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD)]
    others = [f"{parameter.name} ({parameter.kind.description})" for parameter in parameters
              if parameter.name not in positional and parameter.kind not in (parameter.KEYWORD_ONLY,
                                                                             parameter.VAR_KEYWORD)]
    assert positional == NEW_GAME_POSITIONAL and not others, \
        f"{spec.name}: new_game{inspect.signature(new_game)}; wanted (config, players, seed, *, ...)"
