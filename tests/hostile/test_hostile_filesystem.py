"""A hostile file system: a read-only data or config folder (simulated: root writes anywhere, so ``os.replace``
raises PermissionError there), ``saves`` a file instead of a folder, and the leftovers of killed writes. The
app goes on, says so once, and nothing on disk is lost or written over."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame
import pytest

from game.core.settings import Settings
from game.scenes import launch
from game.scenes.lab.export import lab_dir
from game.scenes.menu import MainMenu
from game.scenes.pause import PauseScene
from game.scenes.results import ResultsScene
from game.scenes.settings import SettingsScene
from game.storage.files import STALE_TEMPORARY_SECONDS, remove_stale_temporaries, write_atomic
from game.storage.paths import user_config_dir, user_data_dir, user_variants_dir
from game.storage.reports import reports_dir
from game.storage.saves import has_game, load_statistics, save_path, saves_dir, statistics_path
from game.storage.settings import load_settings, settings_path
from tests.app_input import run
from tests.hostile.storage_support import NAME, ToyTable, no_traceback, play_to_the_end, toy_game, write  # noqa: F401

BAD_SAVE = b'{"version": 1, "game": "toy-hidden", "players": 1e400}'
BAD_STATISTICS = b'{"played": {"toy-hidden": -1}, "won": {}}'


def read_only(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Make ``folder`` act read-only for renames, as a write-protected folder does."""
    real = os.replace

    def replace(source: str | Path, target: str | Path) -> None:
        if any(Path(path).resolve().is_relative_to(folder.resolve()) for path in (source, target)):
            raise PermissionError(13, "Permission denied", str(source))
        real(source, target)

    monkeypatch.setattr(os, "replace", replace)


def leftovers(folder: Path) -> list[str]:
    return [path.name for path in folder.rglob("*.tmp")]


def saving_notices(app) -> list[str]:  # noqa: ANN001
    return [toast.text for toast in app.toasts if "could not be saved" in toast.text]


def test_a_corrupt_save_in_a_read_only_folder_stays_untouched_and_play_goes_on(app, toy_game, monkeypatch, capsys):
    write(BAD_SAVE)(save_path(NAME))
    read_only(monkeypatch, user_data_dir())
    menu = MainMenu(app)
    app.push(menu)
    run(app)
    menu.continue_game()  # the damaged save is not read again: no second notice
    run(app)
    (notice,) = [toast.text for toast in app.toasts]
    assert notice.startswith(f"The saved game could not be read: {save_path(NAME)}") and "1e400" in notice
    assert "could not be moved aside ([Errno 13] Permission denied" in notice and "left in place, untouched" in notice
    assert save_path(NAME).read_bytes() == BAD_SAVE and not list(saves_dir().glob("*.corrupt-*"))
    assert "Continue" not in [button.label for button in menu.buttons]
    app.toasts.clear()
    table = play_to_the_end(app, autosaved=False)  # autosave fails at the first move: said once, the game goes on
    assert table.session.finished and table.session.save_failed and isinstance(app.top, ResultsScene)
    (saving,) = [text for text in saving_notices(app) if "The game could not be saved" in text]
    assert "it goes on without autosaving" in saving
    assert save_path(NAME).read_bytes() == BAD_SAVE  # never written over, never deleted
    assert statistics_path().exists() is False and leftovers(user_data_dir()) == []
    no_traceback(capsys.readouterr().err)


def test_autosaving_into_a_read_only_folder_says_so_once(app, toy_game, monkeypatch, capsys):
    read_only(monkeypatch, saves_dir())
    table = play_to_the_end(app, autosaved=False)
    assert len(table.record.actions) > 2 and table.session.save_failed
    assert len([t for t in saving_notices(app) if "The game could not be saved" in t]) == 1
    assert not has_game(NAME) and leftovers(user_data_dir()) == []
    stats, _ = load_statistics()  # the data folder itself is writable: the game still counts
    assert stats is not None and stats.played == {NAME: 1}
    no_traceback(capsys.readouterr().err)


def test_corrupt_statistics_in_a_read_only_folder_are_left_alone(app, toy_game, monkeypatch, capsys):
    write(BAD_STATISTICS)(statistics_path())
    read_only(monkeypatch, user_data_dir())
    stats, (notice,) = load_statistics()
    assert stats is None and "played.toy-hidden: must be a whole number of at least 0, not -1" in notice
    assert "left in place, untouched" in notice
    play_to_the_end(app, autosaved=False)
    texts = [toast.text for toast in app.toasts]
    assert any("This game was not counted in the statistics" in text for text in texts)
    assert statistics_path().read_bytes() == BAD_STATISTICS
    no_traceback(capsys.readouterr().err)


def test_corrupt_settings_in_a_read_only_folder_are_left_alone_and_not_saved_over(app, monkeypatch):
    write(b"volume: [0.5\n")(settings_path())
    read_only(monkeypatch, user_config_dir())
    settings, (notice,) = load_settings()
    assert settings == Settings() and "not valid YAML" in notice and "left in place, untouched" in notice
    scene = SettingsScene(app)
    app.push(scene)
    run(app)
    scene.save()
    run(app)
    assert any(t.text.startswith("The settings could not be saved") for t in app.toasts)
    assert settings_path().read_bytes() == b"volume: [0.5\n" and leftovers(user_config_dir()) == []


def test_saves_being_a_file_turns_autosave_off_and_the_game_goes_on(app, toy_game, capsys):
    write(b"not a folder")(saves_dir())
    table = play_to_the_end(app, autosaved=False)
    assert table.session.save_failed and isinstance(app.top, ResultsScene)
    (notice,) = saving_notices(app)
    assert notice.startswith("The game could not be saved ([Errno 17] File exists")
    assert saves_dir().read_bytes() == b"not a folder" and not has_game(NAME)
    menu = MainMenu(app)
    assert [button.label for button in menu.buttons][0] != "Continue"
    no_traceback(capsys.readouterr().err)


def test_a_bug_report_that_cannot_be_written_gives_a_notice(app, toy_game):
    write(b"not a folder")(reports_dir())
    table = play_to_the_end(app, seats=("normal", "normal"))
    pause = PauseScene(app, table)
    app.push(pause)
    run(app)
    pause.report()
    assert any(t.text.startswith("The bug report could not be saved") for t in app.toasts)
    assert reports_dir().read_bytes() == b"not a folder"


def _temporary(folder: Path, target: str, age: float) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f".{target}.a1b2c3_{target[0]}.tmp"  # as tempfile.mkstemp names them
    path.write_text("half a file")
    when = time.time() - age
    os.utime(path, (when, when))
    return path


def test_stale_temporary_files_are_removed_at_start_and_fresh_ones_kept(toy_game, monkeypatch):
    folders = [user_config_dir(), user_variants_dir(NAME), user_data_dir(), saves_dir(), reports_dir(), lab_dir()]
    stale = [_temporary(folder, "autosave.json", STALE_TEMPORARY_SECONDS + 60) for folder in folders]
    fresh = [_temporary(folder, "settings.yaml", 5) for folder in folders]
    others = [user_data_dir() / ".notes.tmp", user_data_dir() / "mine.tmp", saves_dir() / ".x.json.abcdefgh.tmp.bak"]
    for path in others:
        path.write_text("the player's own")
        os.utime(path, (0, 0))
    folder_named_like_one = saves_dir() / ".old.json.abcdefgh.tmp"
    folder_named_like_one.mkdir()
    os.utime(folder_named_like_one, (0, 0))
    monkeypatch.setattr(MainMenu, "update", lambda self, dt: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    assert launch.run_app() == 0
    assert not any(path.exists() for path in stale)
    assert all(path.exists() for path in fresh + others) and folder_named_like_one.is_dir()


def test_a_write_killed_midway_leaves_a_temporary_that_the_cleanup_matches(tmp_path, monkeypatch):
    target = tmp_path / "statistics.json"

    def killed(source: str, destination: str) -> None:
        raise KeyboardInterrupt  # stands for the kill; write_atomic removes its temporary on the way out

    seen: list[Path] = []
    real_fdopen = os.fdopen

    def remember(handle: int, *args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        seen.append(Path(os.readlink(f"/proc/self/fd/{handle}")))
        return real_fdopen(handle, *args, **kwargs)

    monkeypatch.setattr(os, "fdopen", remember)
    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, "{}")
    (temporary,) = seen
    temporary.write_text("left by a real kill")  # a kill gives no chance to clean up: put it back
    assert remove_stale_temporaries([tmp_path], now=time.time() + STALE_TEMPORARY_SECONDS + 1) == [temporary]
    assert remove_stale_temporaries([tmp_path / "missing", target]) == []
