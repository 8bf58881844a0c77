"""Hostile saves, game records and statistics: every one is refused with one clear message naming the file,
kept (moved aside whole, never overwritten nor deleted), and the app goes on; a finished game is never lost."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.core.bounded import InputError
from game.core.match import play_match
from game.core.record import MAX_RECORD_BYTES, GameRecord, RecordError, read_record
from game.core.registry import get
from game.core.setup import MatchSetup
from game.scenes.menu import MainMenu
from game.scenes.results import ResultsScene
from game.storage import saves
from game.storage.saves import (finish_game, has_game, load_game, load_statistics, save_game, save_path,
                                statistics_path)
from tests.app_input import run
from tests.hostile.storage_support import (GARBAGE, HANG_SECONDS, NAME, SEED, TEN_MB, Plant, ToyTable, dev_zero,
                                           folder, kept_copy, no_traceback, play_to_the_end, snapshot, toy_game,
                                           write)  # noqa: F401


def toy_record() -> GameRecord:
    """An unfinished toy game of a human and an AI, two moves in."""
    record = MatchSetup(NAME, "standard", {"tricks": 3}, ("human", "normal"), ("Ann", "Boris"), SEED).record()
    state = record.new_state()
    for _ in range(2):
        action = state.legal_actions()[0]
        state.apply(action)
        record = record.with_action(action)
    return record


def valid_text() -> str:
    return toy_record().to_json()


def changed(**values: object) -> Plant:
    """The valid save with some values replaced."""
    def plant(path: Path) -> None:
        write(json.dumps({**json.loads(valid_text()), **values}).encode())(path)
    return plant


def edited(old: str, new: str) -> Plant:
    """The valid save's text with ``old`` replaced by raw JSON ``new`` (Infinity is not a Python value)."""
    def plant(path: Path) -> None:
        text = valid_text()
        assert old in text
        write(text.replace(old, new).encode())(path)
    return plant


DEEP = "[" * 100_000 + "]" * 100_000
CASES: list[tuple[str, Plant, str]] = [
    ("players-infinity", edited('"players": 2', '"players": Infinity'), "Infinity is not a number this app accepts"),
    ("players-1e400", edited('"players": 2', '"players": 1e400'), "1e400 is too large a number"),
    ("seed-infinity", edited(f'"seed": {SEED}', '"seed": -Infinity'), "-Infinity is not a number this app accepts"),
    ("seed-1e400", edited(f'"seed": {SEED}', '"seed": 1e400'), "1e400 is too large a number"),
    ("players-float", changed(players=2.0), "players: must be a whole number from 2 to 4, not 2.0"),
    ("players-bool", changed(players=True), "players: must be a whole number from 2 to 4, not True"),
    ("seed-huge", changed(seed=10**30), "seed: must be a whole number from"),
    ("fewer-names-than-seats", changed(names=["Ann"]), "names: must give one per player (2) or none, not 1"),
    ("nul-in-a-name", changed(names=["Ann", "Bo\x00ris"]), "names: seat 2's name holds a control character"),
    ("long-name", changed(names=["Ann", "x" * 20_000]), "seat 2's name is 20,000 characters long; at most 16"),
    ("nested-100000-deep", edited('"params": {\n  "tricks": 3\n }', f'"params": {DEEP}'),
     "nests lists or objects more than 64 deep"),
    ("unknown-ai-level", changed(seats=["human", "genius"]), "seats: seat 2 is 'genius', not a seat kind"),
    ("more-seats-than-players", changed(seats=["human", "normal", "normal"]),
     "seats: must give one per player (2) or none, not 3"),
    ("unknown-game", changed(game="chess"), "game: unknown game 'chess'"),
    ("version-true", changed(version=True), "version: unsupported record version True"),
    ("not-an-object", write(b"[1, 2, 3]"), "not a Hallowtable game record: it is not a JSON object"),
    ("action-not-text", changed(actions=[["play 1"]]), "actions: action 1 must be a text"),
    ("action-does-not-replay", changed(actions=["play 99"]), "actions: action 1 ('play 99') does not replay"),
    ("params-wrong", changed(params={"tricks": "three"}), "params: rule parameter tricks"),
    ("dev-zero", dev_zero, "is not a regular file (a device, pipe or socket)"),
    ("folder", folder, "is a folder, not a file"),
    ("binary-garbage", write(GARBAGE), "is not UTF-8 text"),
    ("ten-megabytes", lambda path: write(valid_text().encode() + b" " * TEN_MB)(path),
     "is 10.0 MB, more than the 5.0 MB such a file may hold"),
]
IDS = [case[0] for case in CASES]


@pytest.mark.parametrize("name, plant, message", CASES, ids=IDS)
def test_read_record_refuses_a_hostile_record_naming_the_file(toy_game, tmp_path, name, plant, message):
    path = tmp_path / "record.json"
    plant(path)
    started = time.perf_counter()
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert time.perf_counter() - started < HANG_SECONDS
    assert isinstance(caught.value, InputError)  # so the command line exits with status 1
    assert str(caught.value).startswith(f"{path}:") and message in str(caught.value)
    assert len(str(caught.value)) < 400  # a 20,000-character name is not repeated
    assert os.path.lexists(path)


@pytest.mark.parametrize("name, plant, message", CASES, ids=IDS)
def test_a_hostile_save_on_the_menu_is_moved_aside_with_why(app, toy_game, capsys, name, plant, message):
    path = save_path(NAME)
    plant(path)
    original = snapshot(path)
    started = time.perf_counter()
    menu = MainMenu(app)  # the menu reads the saves to label Continue
    app.push(menu)
    run(app)
    assert time.perf_counter() - started < HANG_SECONDS
    (notice,) = [toast.text for toast in app.toasts]
    kept = kept_copy(path)
    assert notice.startswith(f"The saved game could not be read: {path}") and message in notice
    assert notice.endswith(f"It was kept as {kept}.")
    assert snapshot(kept) == original
    assert app.top is menu and menu.buttons[0].label != "Continue"
    menu.continue_game()
    run(app)
    assert app.top is menu and len(app.toasts) == 1
    no_traceback(capsys.readouterr().err)


def test_a_good_save_still_continues(app, toy_game):
    save_game(toy_record())
    menu = MainMenu(app)
    app.push(menu)
    run(app)
    menu.continue_game()
    run(app)
    assert isinstance(app.top, ToyTable) and app.top.record == toy_record() and app.toasts == []


def test_the_size_limit_fits_the_longest_game_with_room():
    assert 1024 * 1024 <= MAX_RECORD_BYTES < TEN_MB


# --- any value of a real record, mutated ------------------------------------------------------------------
def real_record() -> dict:
    spec = get("trick-or-treat")
    from game.variants.loader import load_variant

    record = play_match(spec, load_variant(spec, "standard").params, ["random", "easy", "normal"], seed=2).record
    data = json.loads(record.to_json())
    data["names"] = ["Ann", "Boris", "Cleo"]
    data["actions"] = data["actions"][:12]
    return data


REAL = real_record()
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-10**45, max_value=10**45)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
RAW_LITERALS = st.sampled_from(["Infinity", "-Infinity", "NaN", "1e400", "-1e400", "9" * 60, "[" * 200 + "]" * 200,
                                '"\\u0000"', '"' + "x" * 30_000 + '"', "2.5", "true", "null", "{}", "[]"])


def _paths(value: object, prefix: tuple = ()) -> list[tuple]:
    """Every key path into a JSON value (object keys and list indexes)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value[:5]):
            found += _paths(item, prefix + (index,))
    return found


PATHS = [path for path in _paths(REAL) if path]
PLACEHOLDER = "@@hostile@@"


def _set(data: object, path: tuple, value: object) -> object:
    if not path:
        return value
    copy = json.loads(json.dumps(data))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return copy


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(PATHS), value=JSON_VALUES | st.just(PLACEHOLDER), raw=RAW_LITERALS,
       drop=st.booleans())
def test_any_mutated_value_of_a_real_record_is_a_valid_record_or_a_record_error(path, value, raw, drop):
    data = _set(REAL, path, value)
    if drop and isinstance(data, dict) and path[0] in data and len(path) == 1:
        del data[path[0]]
    text = json.dumps(data).replace(json.dumps(PLACEHOLDER), raw)
    try:
        record = GameRecord.from_json(text)
        record.replay()
    except RecordError as error:
        assert str(error) and len(str(error)) < 2_000
        return
    spec = get(record.game)
    assert type(record.players) is int and spec.players_ok(record.players)
    assert type(record.seed) is int
    assert len(record.names) in (0, record.players) and len(record.seats) in (0, record.players)
    assert all(isinstance(name, str) and name.isprintable() and len(name) <= 16 for name in record.names)
    assert all(kind == "human" or kind in spec.agents for kind in record.seats)


# --- statistics --------------------------------------------------------------------------------------------
STATISTICS: list[tuple[str, Plant, str]] = [
    ("played-1e400", write(b'{"played": {"toy-hidden": 1e400}, "won": {}}'), "1e400 is too large a number"),
    ("played-infinity", write(b'{"played": {"toy-hidden": Infinity}, "won": {}}'), "Infinity is not a number"),
    ("played-negative", write(b'{"played": {"toy-hidden": -3}, "won": {}}'),
     "played.toy-hidden: must be a whole number of at least 0, not -3"),
    ("played-float", write(b'{"played": {"toy-hidden": 2.5}, "won": {}}'), "must be a whole number of at least 0"),
    ("played-bool", write(b'{"played": {"toy-hidden": true}, "won": {}}'), "must be a whole number of at least 0"),
    ("won-more-than-played", write(b'{"played": {"toy-hidden": 1}, "won": {"toy-hidden": 2}}'),
     "won.toy-hidden: 2 games won of 1 played"),
    ("won-text", write(b'{"played": {}, "won": {"toy-hidden": "lots"}}'), "must be a number of at least 0"),
    ("long-game-name", write(json.dumps({"played": {"x" * 5000: 1}, "won": {}}).encode()), "is not a game's name"),
    ("missing-won", write(b'{"played": {}}'), "won: must be a mapping of game names to numbers"),
    ("a-list", write(b"[]"), "is not a JSON object of statistics"),
    ("nested-30000-deep", write(('{"played": ' + "[" * 30_000 + "]" * 30_000 + "}").encode()),  # within 64 KB
     "nests lists or objects more than 64"),
    ("dev-zero", dev_zero, "is not a regular file"),
    ("folder", folder, "is a folder, not a file"),
    ("binary-garbage", write(GARBAGE), "is not UTF-8 text"),
    ("ten-megabytes", write(b'{"played": {}, "won": {}}' + b" " * TEN_MB), "is 10.0 MB, more than the 64 KB"),
]


@pytest.mark.parametrize("name, plant, message", STATISTICS, ids=[case[0] for case in STATISTICS])
def test_hostile_statistics_are_moved_aside_with_a_notice(name, plant, message):
    path = statistics_path()
    plant(path)
    original = snapshot(path)
    started = time.perf_counter()
    stats, (notice,) = load_statistics()
    assert time.perf_counter() - started < HANG_SECONDS
    kept = kept_copy(path)
    assert stats is not None and stats.played == {} and stats.won == {}
    assert notice.startswith(f"The statistics could not be read: {path}") and message in notice
    assert notice.endswith(f"It was kept as {kept}.") and snapshot(kept) == original


def test_statistics_of_1e400_then_finishing_a_game_loses_nothing(app, toy_game, capsys, monkeypatch):
    path = statistics_path()
    original = b'{"played": {"toy-hidden": 1e400}, "won": {}}'
    write(original)(path)
    steps: list[str] = []
    real_save, real_delete = saves.save_statistics, saves.delete_game
    monkeypatch.setattr(saves, "save_statistics", lambda stats: (steps.append("statistics written"),
                                                                 real_save(stats))[0])
    monkeypatch.setattr(saves, "delete_game", lambda game: (steps.append("autosave deleted"), real_delete(game))[0])
    table = play_to_the_end(app)
    assert steps == ["statistics written", "autosave deleted"]
    assert not has_game(NAME)
    (kept,) = path.parent.glob("statistics.json.corrupt-*")
    assert kept.read_bytes() == original
    assert json.loads(path.read_text()) == {"played": {NAME: 1}, "won": {NAME: table.state.returns()[0]}, "hints": {}}
    notices = [toast.text for toast in app.toasts]
    assert any("The statistics could not be read" in n and "1e400 is too large a number" in n and str(kept) in n
               for n in notices)
    no_traceback(capsys.readouterr().err)


def test_when_the_statistics_cannot_be_written_the_autosave_is_kept(app, toy_game, capsys, monkeypatch):
    def refuse(stats: object) -> None:
        raise PermissionError(13, "Permission denied", str(statistics_path()))

    monkeypatch.setattr(saves, "save_statistics", refuse)
    table = play_to_the_end(app)
    assert isinstance(app.top, ResultsScene) and table.session.finished
    assert has_game(NAME) and load_game(NAME)[0] is not None  # the game before its last move, to finish again
    assert any("The statistics could not be saved" in t.text and "autosave is kept" in t.text for t in app.toasts)
    no_traceback(capsys.readouterr().err)


def test_when_the_autosave_cannot_be_removed_the_statistics_still_count(toy_game, monkeypatch):
    save_game(toy_record())

    def refuse(game: str) -> None:
        raise PermissionError(13, "Permission denied", str(save_path(game)))

    monkeypatch.setattr(saves, "delete_game", refuse)
    (notice,) = finish_game(NAME, 1.0)
    assert "The finished game's autosave could not be removed" in notice and "Permission denied" in notice
    stats, _ = load_statistics()
    assert stats is not None and stats.played == {NAME: 1} and has_game(NAME)
