"""Hostile Nevermore Magick card files: a variant whose ``magick.card_file`` cannot be played is refused by
``variants --check`` at that key's line, with a message that names the card file and says what is wrong
with it; neither file is touched, nothing prints a traceback, and a good house card file still plays."""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings, strategies as st

from game.cli import run
from game.games.nevermore.rules.magick_data import (MAX_CARD_FILE_BYTES, MAX_CARD_NAME_CHARS, MAGICK_FILE,
                                                    MagickDataError, load_magick, parse_magick_text)

GAME = "nevermore"
MEMORY = 200 * 1024 * 1024
"""The most a hostile file may cost to check (issue 14: 200 MB for any input up to 10 MB)."""
TEN_MB = 10 * 1024 * 1024
CARD = ("  - id: {id}\n    deck: light\n    count: 1\n    name: {name}\n    timing: after_draft\n"
        "    effects: [{{op: heal, n: 1, target: self}}]\n    text: \"{text}\"\n")
"""One light card in the file's own layout (line 2 of the file is its id)."""


def card(id: str = "ember", name: str = "Ember", text: str = "Heal 1.") -> str:
    return CARD.format(id=id, name=name, text=text)


def variant_for(folder: Path, card_file: Path | str, *, enabled: bool = True) -> Path:
    """A variant that plays ``card_file``: its ``card_file`` key is on line 4."""
    path = folder / "house.yaml"
    path.write_text(f"extends: standard\nmagick:\n  enabled: {'true' if enabled else 'false'}\n"
                    f"  card_file: {card_file}\n")
    return path


def check(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str]:
    status = run(["variants", "--check", str(path), "--game", GAME])
    out, err = capsys.readouterr()
    return status, out + err


def refused(capsys: pytest.CaptureFixture[str], variant: Path, card_file: Path, message: str) -> str:
    """``--check`` exits 1 with ``variant:4: magick.card_file: card_file...message``; both files kept."""
    kept = {path: path.read_bytes() for path in (variant, card_file) if path.is_file()}
    status, output = check(capsys, variant)
    assert status == 1, output
    assert output.startswith(f"{variant}:4: magick.card_file: {card_file}"), output
    assert message in output and len(output.splitlines()) == 1
    assert "Traceback" not in output
    assert {path: path.read_bytes() for path in kept} == kept
    return output


def test_a_missing_card_file(capsys, tmp_path):
    cards = tmp_path / "nowhere.yaml"
    refused(capsys, variant_for(tmp_path, cards), cards, ": no such file")


def test_a_folder_as_card_file(capsys, tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.mkdir()
    refused(capsys, variant_for(tmp_path, cards), cards, ": is a folder, not a file")
    assert cards.is_dir()


@pytest.mark.parametrize("through_symlink", [False, True])
def test_dev_zero_as_card_file(capsys, tmp_path, through_symlink):
    cards = Path("/dev/zero")
    if through_symlink:
        cards = tmp_path / "zero.yaml"
        os.symlink("/dev/zero", cards)
    refused(capsys, variant_for(tmp_path, cards), cards, ": is not a regular file (a device, pipe or socket)")
    assert os.path.lexists(cards)


def test_a_broken_yaml_card_file(capsys, tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text("light_magick:\n" + card() + "  - id: [unclosed\n")
    refused(capsys, variant_for(tmp_path, cards), cards,
            f"{cards}:10: not valid YAML: did not find expected ',' or ']'")


def test_a_variant_file_as_card_file(capsys, tmp_path):
    cards = Path(__file__).parents[2] / "config" / "variants" / GAME / "cloaked.yaml"
    refused(capsys, variant_for(tmp_path, cards), cards, f"{cards}:1: title: must be a list of cards (and 3 more "
                                                         f"problems in that file)")


@pytest.mark.parametrize("content, message", [
    ("", ":1: must be a mapping of card lists"),
    ("- a\n- b\n", ":1: must be a mapping of card lists"),
    ("light_magick:\n" + card(id="Ember!"), ":3: light_magick[0].id: must be lower_case text of at most 40 letters"),
    ("light_magick:\n" + card(text="Heal\\0 1."), ":9: light_magick[0] (ember).text: holds a character that "
                                                  "cannot be shown"),
    ("light_magick:\n" + card(name="x" * 1_000), f":6: light_magick[0] (ember).name: is 1,000 characters long; at "
                                                  f"most {MAX_CARD_NAME_CHARS} are allowed"),
    ("light_magick:\n" + card() + card(), ":10: light_magick[1] (ember).id: duplicate id"),
    ("light_magick:\n" + card().replace("op: heal", "op: [heal]"), ":8: light_magick[0] (ember).effects[0]: unknown "
                                                                   "op ['heal']"),
    ("light_magick:\n" + card().replace("count: 1", "count: " + "9" * 5_000),
     ":5: light_magick.0.count: a number of 5,000 digits is too long (at most 40)"),
    ("light_magick:\n" + card().replace("count: 1", "count: .inf"), ":5: light_magick[0] (ember).count: must be a "
                                                                    "whole number 1-60"),
    ("light_magick:\n" + card().replace("heal, n: 1", "heal, n: " + "[" * 10_000 + "]" * 10_000),
     ":8: nests lists or mappings more than 64 deep"),
    ("light_magick: &a [*a]\n", ":2: contains itself through an alias"),
])
def test_a_card_file_that_breaks_the_vocabulary(capsys, tmp_path, content, message):
    cards = tmp_path / "cards.yaml"
    cards.write_text("# a house set\n" + content if content else "")
    refused(capsys, variant_for(tmp_path, cards), cards, message)


def test_non_utf8_card_file(capsys, tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_bytes(b"light_magick:\n  - id: caf\xe9\n")
    refused(capsys, variant_for(tmp_path, cards), cards, f"{cards}:2: is not UTF-8 text (byte 26 cannot be read)")


def test_an_alias_bomb_card_file_is_refused_within_the_memory_bound(capsys, tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text("\n".join(["a: &a [x, x, x, x, x, x, x, x, x, x]"]
                               + [f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 10) + "]"
                                  for i in range(8)]) + "\n")
    tracemalloc.start()
    try:
        refused(capsys, variant_for(tmp_path, cards), cards, ":5: stands for more than 20,000 values")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < MEMORY


@pytest.mark.parametrize("size", [MAX_CARD_FILE_BYTES + 1, TEN_MB])
def test_a_huge_card_file_is_refused_unread(capsys, tmp_path, size):
    cards = tmp_path / "cards.yaml"
    cards.write_bytes(b"# " + b"x" * (size - 3) + b"\n")
    tracemalloc.start()
    try:
        shown = "256.0 KB" if size < TEN_MB else "10.0 MB"
        refused(capsys, variant_for(tmp_path, cards), cards, f": is {shown}, more than the 256 KB such a file may hold")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < MEMORY


def test_a_bad_card_file_is_not_read_when_magick_is_off(capsys, tmp_path):
    status, output = check(capsys, variant_for(tmp_path, "/dev/zero", enabled=False))
    assert status == 0 and "a valid Nevermore variant" in output


def test_a_good_house_card_file_is_checked_and_plays(capsys, tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text("light_magick:\n" + card() + "shadow_magick:\n" + card(id="gloom", name="Gloom").replace(
        "deck: light", "deck: shadow"))
    variant = variant_for(tmp_path, cards)
    status, output = check(capsys, variant)
    assert status == 0 and "a valid Nevermore variant" in output
    status = run(["simulate", GAME, "--players", "3", "--seats", "random,random,random", "--variant", str(variant),
                  "--games", "1", "--json"])
    out, err = capsys.readouterr()
    assert status == 0 and '"games": 1' in out and "Traceback" not in out + err


def test_load_magick_names_the_file_and_line():
    with pytest.raises(MagickDataError) as caught:
        load_magick(MAGICK_FILE.parent / "no-such-cards.yaml")
    assert str(caught.value) == f"{MAGICK_FILE.parent / 'no-such-cards.yaml'}: no such file"
    assert len(load_magick()) == 25  # the shipped set still loads


CARD_KEYS = st.sampled_from(["id", "deck", "count", "name", "timing", "trigger", "condition", "effects",
                             "raven_effect", "text", "op", "n", "target", "suit"])
CARD_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**40, 10**40) | st.floats() | st.text(max_size=12)
    | st.sampled_from(["light", "shadow", "any_time", "after_draft", "heal", "self", "none", "on_magick", "ember"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(CARD_KEYS | st.text(max_size=4), inner, max_size=5),
    max_leaves=15)


@settings(max_examples=30, deadline=None)
@given(data=st.dictionaries(st.sampled_from(["light_magick", "shadow_magick"]) | st.text(max_size=5),
                            st.lists(st.dictionaries(CARD_KEYS, CARD_VALUES, max_size=8), max_size=3) | CARD_VALUES,
                            max_size=3))
def test_any_card_list_is_cards_or_a_magick_data_error(data):
    try:
        cards = parse_magick_text(yaml.safe_dump(data, allow_unicode=True))
    except MagickDataError as error:
        assert error.problems and all(problem.message for problem in error.problems)
    else:
        assert all(card.count >= 1 for card in cards.values())
