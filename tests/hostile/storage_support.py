"""Shared by the hostile tests of saves, settings and the file system: hostile files on disk, and the checks
that such a file was kept (moved aside whole, or left in place) with one notice and no traceback."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from game.core.setup import MatchSetup
from game.scenes.results import ResultsScene
from game.storage.saves import has_game
from game.ui.app import App
from tests.app_input import run, run_until
from tests.toygame import NAME, ToyTable, toy_game  # noqa: F401  (toy_game: a fixture for the importers)

SEED = 5
HANG_SECONDS = 10.0
"""A guard against a hang, not a timing: every refusal here costs milliseconds (the issue's bound is 2 s;
a loaded CI machine must not make it flake)."""

TEN_MB = 10 * 1024 * 1024
GARBAGE = bytes(range(256)) * 64
"""Binary garbage: every byte value, so never UTF-8 text."""

Plant = Callable[[Path], None]
"""Puts something hostile at a path."""


def write(data: bytes) -> Plant:
    """A plant that writes ``data`` as the file."""
    def plant(path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return plant


def dev_zero(path: Path) -> None:
    """The file is a symlink to ``/dev/zero`` (endless zero bytes)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to("/dev/zero")


def folder(path: Path) -> None:
    """The file is a folder (with a file in it)."""
    path.mkdir(parents=True)
    (path / "inside.txt").write_text("kept")


def snapshot(path: Path) -> object:
    """What must survive of ``path``: its bytes, its link target, or its folder's listing."""
    if path.is_symlink():
        return ("link", os.readlink(path))
    if path.is_dir():
        return ("folder", sorted(p.name for p in path.iterdir()))
    return ("bytes", path.read_bytes())


def kept_copy(path: Path) -> Path:
    """The one ``NAME.corrupt-*`` copy beside ``path``, which must no longer exist itself."""
    assert not os.path.lexists(path)
    (kept,) = path.parent.glob(f"{path.name}.corrupt-*")
    return kept


def no_traceback(err: str) -> None:
    """Nothing printed a traceback."""
    assert "Traceback" not in err


def play_to_the_end(app: App, seats: tuple[str, ...] = ("human", "normal"), autosaved: bool = True) -> ToyTable:
    """A toy table with autosave on, the human always playing the first legal card, until the results;
    checks after each move that the game is (or, if not ``autosaved``, is not) saved."""
    table = ToyTable(app, MatchSetup(NAME, "standard", {"tricks": 3}, tuple(seats), ("Ann", "Boris"), SEED))
    app.push(table)
    run(app)

    def human_plays() -> None:
        if table.seat_to_play is not None:
            table.submit(table.state.legal_actions()[0])
            assert table.session.save_failed is not autosaved and (has_game(NAME) or not autosaved)

    run_until(app, lambda: isinstance(app.top, ResultsScene), each=human_plays)
    return table
