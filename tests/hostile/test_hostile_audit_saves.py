"""Hostile saves (issue 27): a save in another game's slot never takes the place of that game's own save, and a
record with a key no record has is refused by name, as a variant's unknown key is, and kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.record import GameRecord, RecordError, read_record
from game.core.registry import get
from game.core.setup import MatchSetup
from game.storage.reports import save_report
from game.storage.saves import save_game, save_path, saved_game, saved_games
from game.variants.loader import load_variant
from tests.records import with_first_moves

SEATS = ("human", "normal", "normal", "normal")
NAMES = ("Ann", "Boris", "Cleo", "Dee")


def reapers(seed: int, moves: int = 2) -> GameRecord:
    """A Reapers game in progress."""
    params = load_variant(get("reapers"), "standard").params
    return with_first_moves(MatchSetup("reapers", "standard", params, SEATS, NAMES, seed).record(), moves)


def plant_in_trick_or_treat_slot(record: GameRecord) -> Path:
    path = save_path("trick-or-treat")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(record.to_json(), encoding="utf-8")
    return path


def test_a_save_in_another_games_free_slot_moves_to_its_own() -> None:
    stray = reapers(3)
    misplaced = plant_in_trick_or_treat_slot(stray)
    found, notices = saved_games()
    assert [(saved.record, saved.path) for saved in found] == [(stray, save_path("reapers"))]
    assert notices == [f"The saved game {misplaced} is a game of Reapers, not Trick or Treat; it was moved to "
                       "reapers.json."]
    assert not misplaced.exists()


def test_a_save_in_another_games_slot_never_replaces_that_games_save() -> None:
    own, stray = reapers(1, moves=5), reapers(2)
    save_game(own)
    before = save_path("reapers").read_bytes()
    misplaced = plant_in_trick_or_treat_slot(stray)
    found, notices = saved_games()
    assert [saved.record for saved in found] == [own]
    assert save_path("reapers").read_bytes() == before
    [kept] = misplaced.parent.glob("trick-or-treat.json.misplaced-*")
    assert GameRecord.from_json(kept.read_text(encoding="utf-8")) == stray
    assert notices == [f"The saved game {misplaced} is a game of Reapers, not Trick or Treat; another game of "
                       f"Reapers is in progress, so it was kept as {kept}."]
    assert not misplaced.exists()


def test_the_slot_of_a_game_gives_only_that_games_save() -> None:
    save_game(reapers(1))
    plant_in_trick_or_treat_slot(reapers(2))
    saved, notices = saved_game("trick-or-treat")  # what starting a new game of it asks before abandoning one
    assert saved is None and len(notices) == 1


def test_a_misplaced_save_that_cannot_be_moved_is_left_in_place_and_said_once(monkeypatch: pytest.MonkeyPatch
                                                                              ) -> None:
    save_game(reapers(1))
    misplaced = plant_in_trick_or_treat_slot(reapers(2))
    text = misplaced.read_bytes()

    def refuse(path: Path, why: str) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("game.storage.saves.rename_aside", refuse)
    found, notices = saved_games()
    assert [saved.record.game for saved in found] == ["reapers"]
    assert len(notices) == 1 and notices[0].endswith("Permission denied), so it was left in place.")
    assert misplaced.read_bytes() == text
    assert saved_games()[1] == []


@pytest.mark.parametrize("key, hint", [("seat", " (did you mean 'seats'?)"), ("start_positon",
                                                                            " (did you mean 'start_position'?)"),
                                        ("colour", "")])
def test_a_record_with_an_unknown_key_is_refused_by_name(tmp_path: Path, key: str, hint: str) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps({**json.loads(reapers(1).to_json()), key: ["human"] * 4}), encoding="utf-8")
    with pytest.raises(RecordError) as refused:
        read_record(path)
    assert str(refused.value) == (f"{path}: {key}: unknown key{hint}; a record's keys are version, game, variant, "
                                  "params, players, seed, names, seats, actions, start_position")


def test_a_save_with_an_unknown_key_is_kept_aside_with_a_notice() -> None:
    path = save_path("reapers")
    path.parent.mkdir(parents=True)
    text = json.dumps({**json.loads(reapers(1).to_json()), "seat": "human"})
    path.write_text(text, encoding="utf-8")
    found, notices = saved_games()
    assert found == [] and len(notices) == 1 and "seat: unknown key (did you mean 'seats'?)" in notices[0]
    [kept] = path.parent.glob("reapers.json.corrupt-*")
    assert kept.read_text(encoding="utf-8") == text


def test_a_bug_report_is_still_a_record() -> None:
    record = reapers(1)
    assert read_record(save_report(record, ["a line of the log"])) == record
