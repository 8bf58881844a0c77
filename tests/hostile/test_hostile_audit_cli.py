"""Hostile command lines and names (issue 27): every hostile ``sweep --values`` is one line and exit 2 before
anything is built or played; a name from a file or a command line (a variant's file name, a key, a path) is
printed with its control and right-to-left characters escaped; ``screenshot --help`` names every scene."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from game.cli import run
from game.cli.parser import build_parser
from game.core.bounded import InputError, quote, shown
from game.core.position import read_position
from game.core.record import GameRecord, RecordError
from game.lab import sweep as sweep_module
from game.lab.sweep import MAX_VALUES
from game.scenes.launch import SCENES

OVERRIDE = "\u202e"
"""RIGHT-TO-LEFT OVERRIDE: printed raw, it turns the rest of the line around ("evil\u202elmay.yaml" reads as
"evilyaml.yaml")."""


@pytest.fixture
def nothing_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sweep that got past its values would fail the test, not play for minutes."""
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the sweep was played")

    monkeypatch.setattr(sweep_module, "simulate", refuse)


@pytest.mark.parametrize("values, message", [
    ("-1e308..1e308:1", f"-1e308..1e308:1 makes more than {MAX_VALUES} values; a sweep plays at most {MAX_VALUES}"),
    ("1..1e300:1", f"1..1e300:1 makes more than {MAX_VALUES} values; a sweep plays at most {MAX_VALUES}"),
    ("-1e308..1e308:1e308", "value -1e+308 of supply_per_player: must be at least 1"),
    ("1..5:1e-320", "value 1e-320 of supply_per_player: must be a whole number"),
    ("nan", "'nan' in the values of supply_per_player is not a finite number"),
    ("1..inf:1", "'inf' in the values of supply_per_player is not a finite number"),
    ("1e400", "'1e400' in the values of supply_per_player is not a finite number"),
    ("1..5:0", "the step of 1..5:0 must be more than 0"),
    ("1..5:-1", "the step of 1..5:-1 must be more than 0"),
    ("5..1:1", "5..1:1: the range must run upwards (from A up to B)"),
    ("9" * 1500, f"{quote('9' * 1500)} in the values of supply_per_player is not a finite number"),
    (f"1{OVERRIDE}..5:1", "'1\\u202e' in the values of supply_per_player is not a number"),
])
def test_hostile_sweep_values_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], nothing_played: None,
                                                      values: str, message: str) -> None:
    status = run(["sweep", "trick-or-treat", "--players", "3", "--param", "supply_per_player",
                  f"--values={values}", "--games", "1"])
    out, err = capsys.readouterr()
    assert (status, out, err) == (2, "", f"error: {message}\n")


def test_the_screenshot_help_names_every_scene() -> None:
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    text = " ".join(commands.choices["screenshot"].format_help().split())
    assert all(f" {scene}," in text for scene in SCENES), text


def test_shown_escapes_what_would_reorder_hide_or_break_a_line() -> None:
    assert shown(f"evil{OVERRIDE}lmay.yaml") == "evil\\u202elmay.yaml"
    assert shown("a\x00b\nc\x1b[2Jd\u200fe") == "a\\x00b\\nc\\x1b[2Jd\\u200fe"
    assert shown("bad\udcffbyte") == "bad\\udcffbyte"  # an undecodable file name byte, unprintable raw
    assert shown("Zoë's variant 2") == "Zoë's variant 2"


def test_a_file_error_escapes_its_file_name_and_key(tmp_path: Path) -> None:
    path = tmp_path / f"evil{OVERRIDE}lmay.yaml"
    path.write_text(f"game: trick-or-treat\nk{OVERRIDE}: 1\nk{OVERRIDE}: 2\n", encoding="utf-8")
    with pytest.raises(InputError) as refused:
        read_position(path)
    assert str(refused.value) == f"{tmp_path}/evil\\u202elmay.yaml:3: k\\u202e: duplicate key (first given on line 2)"


def _user_variant(name: str, text: str) -> Path:
    from game.storage.paths import user_variants_dir

    folder = user_variants_dir("reapers")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_variant_file_name_that_cannot_be_shown_is_refused_and_printed_escaped(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = _user_variant(f"evil{OVERRIDE}lmay.yaml", "title: Fine\n")
    message = (f"{shown(path)}:1: has a name with a character that cannot be shown (such as a control or "
               "right-to-left one); rename the file")
    assert run(["variants", "reapers"]) == 0
    out, err = capsys.readouterr()
    assert OVERRIDE not in out + err and f": {message}\n" in out
    assert run(["variants", "--check", str(path), "--game", "reapers"]) == 1
    out, err = capsys.readouterr()
    assert OVERRIDE not in out + err and out == f"{message}\n"


def test_a_variant_problem_escapes_its_key(capsys: pytest.CaptureFixture[str]) -> None:
    path = _user_variant("fine.yaml", f"x{OVERRIDE}y: 1\n")
    assert run(["variants", "--check", str(path), "--game", "reapers"]) == 1
    out, _ = capsys.readouterr()
    assert out.startswith(f"{path}:1: x\\u202ey: unknown key")


def test_a_record_of_a_variant_whose_name_cannot_be_shown_is_refused() -> None:
    from tests.hostile.test_hostile_audit_saves import reapers

    data = {**json.loads(reapers(1).to_json()), "variant": f"evil{OVERRIDE}"}
    with pytest.raises(RecordError) as refused:
        GameRecord.from_json(json.dumps(data))
    assert str(refused.value) == ("variant: must be a variant's name of 1 to 255 characters that can be shown, not "
                                  "'evil\\u202e'")
