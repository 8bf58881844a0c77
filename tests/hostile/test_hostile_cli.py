"""A hostile command line: every mistake gets one clear line and exit status 2, every file that cannot be used
one message naming it and exit status 1, nothing is played or allocated before the numbers are checked, and
no traceback, whatever the arguments."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.cli import run
from game.cli.parser import build_parser
from game.core import match
from game.core.match import MAX_BUDGET, MAX_GAMES, GameOutcome, SeriesResult, pool_size, usable_cores
from game.core.position import MAX_SEED
from game.core.record import GameRecord
from game.core.registry import all_games
from game.lab import compare as compare_module
from game.lab.series_log import MAX_HEADER_BYTES
from game.scenes import launch
from tests.hostile.storage_support import GARBAGE, TEN_MB, no_traceback, snapshot

ROOT = Path(__file__).resolve().parents[2]
GAME = ["simulate", "trick-or-treat", "--players", "3", "--seats", "random,random,random"]
"""A cheap series: Trick or Treat between random AIs."""


def fails(capsys: pytest.CaptureFixture[str], argv: list[str], status: int, *messages: str) -> str:
    """Run ``argv``: it ends with ``status`` and one line (or a file's lines) holding every message."""
    assert run(argv) == status
    out, err = capsys.readouterr()
    no_traceback(out + err)
    for message in messages:
        assert message in err, err
    assert len(err) < 1_000 + sum(map(len, argv)) and err.count("\n") <= 3, err  # a long path is said whole
    return err


@pytest.fixture
def nothing_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playing or seeding a game, or starting a process, fails the test: a refused command does none."""
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("played or allocated before the command line was checked")

    for name in ("play_match", "series_seeds", "ProcessPoolExecutor"):
        monkeypatch.setattr(match, name, refuse)


# --- simulate and compare: the numbers ---------------------------------------------------------------------

@pytest.mark.parametrize("option, value, message", [
    ("--games", "1e23", "--games: must be a whole number from 1 to 100,000, not '1e23'"),
    ("--games", "10**30", "not '10**30'"),
    ("--games", "0", "from 1 to 100,000, not '0'"),
    ("--games", str(MAX_GAMES + 1), "from 1 to 100,000"),
    ("--games", "9" * 5000, "from 1 to 100,000, not '999"),
    ("--budget", "1000000000000", f"--budget: must be a whole number from 1 to {MAX_BUDGET:,}"),
    ("--budget", "0", "--budget"),
    ("--jobs", "0", "--jobs: must be a whole number from 1 to 256, not '0'"),
    ("--jobs", "-3", "--jobs"),
    ("--jobs", "100000", "--jobs"),
    ("--seed", "7" * 5000, "--seed: must be a whole number from 0 to 18,446,744,073,709,551,615, not '777"),
    ("--seed", str(MAX_SEED + 1), "--seed"),
    ("--seed", "-1", "--seed"),
    ("--players", "10**9", "--players: must be a whole number of at least 1, not '10**9'"),
    ("--players", "1000000000", "Trick or Treat is for 2 to 8 players, not 1000000000"),
    ("--players", "٣", "--players"),  # an Arabic-Indic three: int() takes it, the command line does not
])
def test_simulate_refuses_a_number_out_of_range_before_playing(capsys, nothing_played, option, value, message):
    argv = ["simulate", "trick-or-treat", "--players", value] if option == "--players" else [*GAME, option, value]
    fails(capsys, argv, 2, message)


def test_compare_refuses_the_same_numbers(capsys, nothing_played):
    base = ["compare", "trick-or-treat", "--players", "3", "--variants", "standard", "bigger-jackpots"]
    fails(capsys, [*base, "--games", "1e23"], 2, "--games: must be a whole number from 1 to 100,000")
    fails(capsys, [*base, "--jobs", "0"], 2, "--jobs")
    fails(capsys, [*base, "--seed", "1" * 50], 2, "--seed")


def test_jobs_64_for_one_game_plays_it_here_and_says_so(capsys, monkeypatch):
    monkeypatch.setattr(match, "ProcessPoolExecutor", lambda *a, **k: pytest.fail("a process for one game"))
    assert run([*GAME, "--games", "1", "--jobs", "64", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["games"] == 1
    assert "note: --jobs 64: playing in 1 process (1 game to play" in err
    no_traceback(err)


def test_a_pool_is_never_larger_than_the_games_or_the_cores():
    cores = usable_cores()
    assert pool_size(64, 1) == 1 and pool_size(64, 10_000) == cores and pool_size(1, 10_000) == 1
    assert pool_size(2, 0) == 1


def test_a_pool_holds_a_few_games_a_process_not_the_whole_series(monkeypatch):
    """100,000 games once meant 100,000 pending futures, each with its own copy of the parameters."""
    from concurrent.futures import Future

    waiting: list[Future] = []
    most = []

    class InlinePool:
        def __init__(self, max_workers: int) -> None:
            self.workers = max_workers

        def submit(self, play: Callable[..., Any], *args: Any) -> Future:
            future: Future = Future()
            future.set_result(play(*args))
            waiting.append(future)
            most.append(sum(1 for f in waiting if not getattr(f, "taken", False)))
            original = future.result

            def result(timeout: float | None = None) -> Any:
                future.taken = True  # type: ignore[attr-defined]
                return original(timeout)

            future.result = result  # type: ignore[method-assign]
            return future

        def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
            pass

    monkeypatch.setattr(match, "ProcessPoolExecutor", InlinePool)
    monkeypatch.setattr(match, "usable_cores", lambda: 2)
    spec = next(spec for spec in all_games() if spec.name == "trick-or-treat")
    from game.variants.loader import load_variant

    params = load_variant(spec, "standard").params
    pooled = match.simulate(spec, params, ["random"] * 3, 40, 3, jobs=2)
    plain = match.simulate(spec, params, ["random"] * 3, 40, 3)
    assert pooled.scores == plain.scores and len(waiting) == 40
    assert max(most) <= 2 * match.QUEUED_PER_PROCESS


# --- simulate --log ----------------------------------------------------------------------------------------

def logged(tmp_path: Path, capsys: pytest.CaptureFixture[str], games: int = 2) -> Path:
    """A sound log of ``games`` games of the cheap series."""
    log = tmp_path / "series.jsonl"
    assert run([*GAME, "--games", str(games), "--json", "--log", str(log)]) == 0
    capsys.readouterr()
    return log


def header_of(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    return logged(tmp_path, capsys).read_text().splitlines()[0]


@pytest.mark.parametrize("name, plant, message", [
    ("garbage", lambda path, header: path.write_bytes(GARBAGE), ":1: is not valid JSON"),
    ("picture", lambda path, header: path.write_bytes(b"\x89PNG\r\n\x1a\n" + GARBAGE), ":1: is not UTF-8 text"),
    ("folder", lambda path, header: (path.mkdir(), (path / "x").write_text("kept")), "is a folder, not a file"),
    ("dev-zero", lambda path, header: path.symlink_to("/dev/zero"), "is not a regular file"),
    ("deep-line", lambda path, header: path.write_text(f"{header}\n{'[' * 100_000}{']' * 100_000}\n"),
     ":2: has a line longer than the 64 KB a line may hold"),
    ("deep-game", lambda path, header: path.write_text(f"{header}\n{'[' * 1_000}{']' * 1_000}\n"),
     ":2: not a finished game of this series (nests lists or objects more than 64 deep)"),
    ("deep-header", lambda path, header: path.write_text(f"{'[' * 10_000}{']' * 10_000}\n"),
     ":1: nests lists or objects more than 64 deep"),
    ("long-game-line", lambda path, header: path.write_text(f'{header}\n{{"game": 0, "x": "{"x" * 3_000}"}}\n'),
     ":2: is longer than the 2,048 bytes a game's line may hold"),
    ("ten-mb-line", lambda path, header: path.write_text(f"{header}\n{{\"game\": \"{'x' * TEN_MB}\"}}\n"),
     ":2: has a line longer than"),
    ("infinity", lambda path, header: path.write_text(
        f'{header}\n{{"game": 0, "scores": [Infinity, 1, 1], "returns": [1, 0, 0], "actions": 3, "figures": {{}}}}\n'),
     ":2: not a finished game of this series"),
    ("wrong-seats", lambda path, header: path.write_text(
        f'{header}\n{{"game": 0, "scores": [1, 1], "returns": [1, 0], "actions": 3, "figures": {{}}}}\n'),
     ":2: not a finished game of this series ('scores' must be 3 numbers, one a seat)"),
    ("huge-index", lambda path, header: path.write_text(
        f'{header}\n{{"game": {10 ** 30}, "scores": [1, 1, 1], "returns": [1, 0, 0], "actions": 3, '
        '"figures": {}}\n'), "'game' must be a game's number from 0 to 99,999"),
    ("no-header", lambda path, header: path.write_text('{"game": 0}\n'), ":1: is not a series log"),
    ("junk-tail", lambda path, header: path.write_text(f"{header}\n\x7fELF\x02\x01"),
     ":2: ends in a line cut short that is not a game's"),
    ("one-cut-line", lambda path, header: path.write_text(header[:40]), ":1: ends in a line cut short"),
])
def test_a_damaged_log_is_refused_and_left_as_it_is(tmp_path, capsys, name, plant, message):
    header = header_of(tmp_path, capsys)
    path = tmp_path / name
    plant(path, header)
    before = snapshot(path)
    fails(capsys, [*GAME, "--games", "2", "--log", str(path)], 1, f"{path}", message)
    assert snapshot(path) == before


def test_a_log_of_another_series_is_a_command_line_mistake_and_is_kept(tmp_path, capsys):
    log = logged(tmp_path, capsys)
    before = log.read_bytes()
    fails(capsys, [*GAME, "--games", "2", "--seed", "8", "--log", str(log)], 2,
          f"{log}:1: this log holds another series", "seed 1", "give --log a new file")
    assert log.read_bytes() == before


def test_a_hostile_header_is_described_in_a_few_words(tmp_path, capsys):
    log = tmp_path / "other.jsonl"
    series = {"game": "x" * 60_000, "variant": None, "params": {}, "seats": 5, "seed": 1, "budget": [1] * 9}
    log.write_text(json.dumps({"series": series}) + "\n")
    assert len(log.read_bytes()) < MAX_HEADER_BYTES
    fails(capsys, [*GAME, "--games", "2", "--log", str(log)], 2, "this log holds another series (xxx")


def test_a_game_cut_off_mid_line_is_trimmed_in_place(tmp_path, capsys):
    log = logged(tmp_path, capsys, games=2)
    whole = log.read_bytes()
    log.write_bytes(whole + b'{"game": 2, "scores": [1.0, ')
    inode = log.stat().st_ino
    assert run([*GAME, "--games", "2", "--json", "--log", str(log)]) == 0
    assert log.read_bytes() == whole and log.stat().st_ino == inode  # truncated, not replaced
    assert "2 games of this series already played" in capsys.readouterr().err


@pytest.mark.parametrize("where, message", [
    ("/proc/hallowtable.jsonl", "--log /proc/hallowtable.jsonl cannot be written"),
    ("x" * 5_000, "cannot be written (File name too long)"),
])
def test_a_log_that_cannot_be_written_is_a_command_line_mistake(capsys, nothing_played, where, message):
    fails(capsys, [*GAME, "--log", where], 2, message)


# --- screenshot ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("out, message", [
    ("{tmp}", "--out {tmp} is a folder; give the file to write, such as {tmp}/shot.png"),
    ("/proc/x.png", "--out /proc/x.png: no file can be written in /proc"),
    ("{tmp}/missing/x.png", "--out {tmp}/missing/x.png: there is no folder {tmp}/missing"),
    ("{tmp}/file.txt/x.png", "there is no folder {tmp}/file.txt"),
    ("{tmp}/" + "x" * 5_000 + ".png", "cannot be written (File name too long)"),
])
def test_a_screenshot_that_cannot_be_written_is_refused_before_drawing(tmp_path, capsys, monkeypatch, out,
                                                                       message):
    monkeypatch.setattr(launch, "screenshot", lambda *args: pytest.fail("drawn before --out was checked"))
    (tmp_path / "file.txt").write_text("kept")
    out, message = out.format(tmp=tmp_path), message.format(tmp=tmp_path)
    fails(capsys, ["screenshot", "menu", "--out", out], 2, message)
    assert (tmp_path / "file.txt").read_text() == "kept"


def test_a_screenshot_write_that_still_fails_is_one_line(tmp_path, capsys, monkeypatch):
    def broken(surface: pygame.Surface, file: object, namehint: str = "") -> None:
        raise pygame.error(f"Couldn't open {file}")

    monkeypatch.setattr(pygame.image, "save", broken)
    out = tmp_path / "x.png"
    fails(capsys, ["screenshot", "menu", "--out", str(out)], 1, f"cannot write {out}: Couldn't open")


@pytest.mark.parametrize("argv, message", [
    (["--size", "99999999x1"], "--size 99999999x1 is out of range: from 320x240 to 7680x4320"),
    (["--size", "9" * 5000 + "x1"], "--size must look like 1920x1080, not '999"),
    (["--moves", "-1"], "--moves: must be a whole number from 0 to 100,000, not '-1'"),
    (["--moves", "9" * 5000], "--moves"),
    (["--moves", "100001"], "--moves"),
    (["--seed", "1" * 100], "--seed"),
    (["--players", "10**9"], "--players"),
])
def test_screenshot_numbers_out_of_range(tmp_path, capsys, monkeypatch, argv, message):
    monkeypatch.setattr(launch, "screenshot", lambda *args: pytest.fail("drawn"))
    fails(capsys, ["screenshot", "reapers", "--out", str(tmp_path / "x.png"), *argv], 2, message)


# --- replay and play -----------------------------------------------------------------------------------------

def record_text(**values: Any) -> str:
    """A record of a Trick or Treat game not yet begun, with some values replaced."""
    spec = next(spec for spec in all_games() if spec.name == "trick-or-treat")
    from game.variants.loader import load_variant

    record = GameRecord(spec.name, "standard", dict(load_variant(spec, "standard").params), 3, 1, ())
    return json.dumps({**json.loads(record.to_json()), **values})


@pytest.mark.parametrize("name, plant, message", [
    ("ten-mb.json", lambda path: path.write_text(" " * TEN_MB + record_text()), "more than the 5.0 MB"),
    ("binary.json", lambda path: path.write_bytes(GARBAGE), "is not UTF-8 text"),
    ("dev-zero.json", lambda path: path.symlink_to("/dev/zero"), "is not a regular file"),
    ("infinity.json", lambda path: path.write_text(record_text().replace('"players": 3', '"players": Infinity')),
     "not a Hallowtable game record"),
    ("huge.json", lambda path: path.write_text(record_text(players=10 ** 30)), "players"),
    ("deep.json", lambda path: path.write_text("[" * 100_000 + "]" * 100_000), "more than 64 deep"),
    ("folder.json", lambda path: path.mkdir(), "is a folder"),
])
def test_replay_of_a_hostile_record_exits_1_naming_the_file(tmp_path, capsys, monkeypatch, name, plant, message):
    monkeypatch.setattr(launch, "run_app", lambda **kwargs: pytest.fail("opened a hostile record"))
    path = tmp_path / name
    plant(path)
    before = snapshot(path)
    fails(capsys, ["replay", str(path)], 1, str(path), message)
    assert snapshot(path) == before


def test_play_seeds_are_64_bits(capsys, monkeypatch):
    opened = []
    monkeypatch.setattr(launch, "run_app", lambda setup: opened.append(setup) or 0)
    fails(capsys, ["play", "reapers", "--seed", "9" * 5000], 2, "--seed: must be a whole number from 0 to")
    fails(capsys, ["play", "reapers", "--seed", str(MAX_SEED + 1)], 2, "--seed")
    fails(capsys, ["play", "reapers", "--players", "9" * 50], 2, "--players")
    assert not opened
    assert run(["play", "reapers", "--seed", str(MAX_SEED)]) == 0 and opened[0].seed == MAX_SEED


def test_a_variant_name_is_a_command_line_mistake_and_a_variant_file_a_bad_file(tmp_path, capsys,
                                                                              nothing_played):
    fails(capsys, [*GAME, "--variant", "nope"], 2, "no trick-or-treat variant named 'nope'")
    broken = tmp_path / "broken.yaml"
    broken.write_text("extends: standard\ntie_rule: [[[[\n")
    err = fails(capsys, [*GAME, "--variant", str(broken)], 1, str(broken))
    assert not err.startswith("error:")


# --- any command line ----------------------------------------------------------------------------------------

def _options() -> dict[str, list[tuple[str, int]]]:
    """Every command's options as the real parser has them: (option, how many values it takes)."""
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return {name: [(option, 0 if action.nargs == 0 else action.nargs if isinstance(action.nargs, int) else 1)
                   for action in parser._actions for option in action.option_strings[:1] if option != "-h"]
            for name, parser in commands.choices.items()}


OPTIONS = _options()
HOSTILE = ["0", "-1", "1", "2", "3", "64", "1e23", "10**30", "9" * 5000, str(MAX_SEED + 1), "", " 3 ", "+3",
           "٣", "3.0", "nan", "inf", "0x10", "abc", "1280x720", "99999999x1", "normal,hard", "human,random,x",
           "standard", "bigger-jackpots", "nope", "/dev/zero", "/proc/x.png", "/", "x" * 5000, "-", "--",
           "{tmp}/garbage", "{tmp}/folder", "{tmp}/missing/x", "{tmp}/new.png"]
"""Values for any option: numbers out of range or not numbers, names that name nothing, paths to hostile
files; ``{tmp}`` is a folder of the test's."""


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(sorted(OPTIONS)))
    argv = [command]
    if command in ("play", "simulate", "compare", "screenshot", "replay", "position", "sweep"):
        argv.append(draw(st.sampled_from(["trick-or-treat", "reapers", "chess", "menu", "{tmp}/garbage",
                                          "/dev/zero"])))
    for option, values in draw(st.lists(st.sampled_from(OPTIONS[command]), max_size=6)) if OPTIONS[command] else []:
        argv += [option] + [draw(st.sampled_from(HOSTILE)) for _ in range(values)]
    return argv


@pytest.fixture
def cheap_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands check everything as they do, then play, draw or open nothing."""
    def fake_series(spec: Any, params: Any, levels: list[str], games: int, seed: int, **kwargs: Any) -> SeriesResult:
        series = SeriesResult(spec.name, "fake", list(levels), seed)
        series.add(GameOutcome([0.0] * len(levels), [1 / len(levels)] * len(levels), 1, {}))
        return series

    def fake_compare(spec: Any, players: int, variants: Any, levels: list[str], games: int, seed: int,
                     **kwargs: Any) -> compare_module.Comparison:
        first, second = (fake_series(spec, {}, levels, games, seed) for _ in range(2))
        rows, scores, lengths = compare_module.compare_series(first, second)
        return compare_module.Comparison(spec.name, players, list(levels), ("a", "b"), (first, second), rows,
                                         scores, lengths)

    monkeypatch.setattr(match, "simulate", fake_series)
    monkeypatch.setattr(compare_module, "compare", fake_compare)
    monkeypatch.setattr(launch, "screenshot", lambda *args: None)
    monkeypatch.setattr(launch, "run_app", lambda *args, **kwargs: 0)
    monkeypatch.setattr("game.cli.bench.run_bench", lambda *args, **kwargs: {})


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=command_lines())
def test_any_command_line_ends_in_0_1_or_2_without_a_traceback(tmp_path, capsys, cheap_commands, argv):
    (tmp_path / "garbage").write_bytes(GARBAGE)
    (tmp_path / "folder").mkdir(exist_ok=True)
    argv = [part.replace("{tmp}", str(tmp_path)) for part in argv]
    status = run(argv)
    out, err = capsys.readouterr()
    assert status in (0, 1, 2), (argv, status)
    no_traceback(out + err)
    if status:
        assert err.strip() and len(err) < 3_000 + sum(map(len, argv)), (argv, err)
    assert (tmp_path / "garbage").read_bytes() == GARBAGE


# --- the real entry point ------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv, status, message", [
    (["simulate", "trick-or-treat", "--players", "3", "--games", "1e23"], 2, "--games: must be a whole number"),
    (["replay", "/dev/zero"], 1, "/dev/zero: is not a regular file"),
    (["screenshot", "menu", "--out", "/proc/x.png"], 2, "no file can be written in /proc"),
])
def test_main_py_prints_one_line_and_no_traceback(argv, status, message):
    result = subprocess.run([sys.executable, "main.py", *argv], capture_output=True, text=True, cwd=ROOT,
                            timeout=60, env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert result.returncode == status
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    no_traceback(result.stdout + result.stderr)


def test_the_help_states_the_limits():
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    text = " ".join(commands.choices["simulate"].format_help().split())
    assert f"at most {MAX_GAMES:,}" in text and f"at most {MAX_BUDGET:,}" in text
