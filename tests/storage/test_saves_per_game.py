"""One save per game kind: saving one game never touches another's, an old single autosave moves to its game's
slot, and each save is labelled as a player would say it (where the game stands, who plays, how long ago)."""

from __future__ import annotations

import os
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from game.core import registry
from game.core.record import GameRecord
from game.core.registry import HAND, TRICK, Chapter, get
from game.core.setup import MatchSetup
from game.storage import saves
from game.storage.saves import (OLD_AUTOSAVE, finish_game, has_game, save_game, save_path, saved_games,
                                saves_dir, seats_words, time_ago)
from game.variants.loader import load_variant
from tests.records import with_first_moves
from tests.toygame import NAME, Played, Revealed, toy_game  # noqa: F401  (toy_game: a fixture)


def toy_record(moves: int = 3, seats: tuple[str, ...] = ("human", "hard", "hard"),
               names: tuple[str, ...] = ("Ann", "Boris", "Cleo")) -> GameRecord:
    """A toy game of ``seats``, ``moves`` moves in (the first legal card each time)."""
    record = MatchSetup(NAME, "standard", {"tricks": 3}, seats, names, 5).record()
    return with_first_moves(record, moves)


def real_record(game: str, moves: int) -> GameRecord:
    """A standard game of ``game`` for a human and two normal AIs, ``moves`` moves in."""
    spec = get(game)
    players = max(spec.min_players, 3)
    seats = ("human",) + ("normal",) * (players - 1)
    record = MatchSetup(game, "standard", dict(load_variant(spec, "standard").params), seats,
                        ("Ann", "Boris", "Cleo", "Dmitri")[:players], 7).record()
    return with_first_moves(record, moves)


def with_chapters(spec: registry.GameSpec) -> None:
    """The toy game with chapters: a trick revealed begins the hand named after its winner ("Hand 2 of 4"),
    every card played begins a trick (which the label must not take for a hand)."""
    def chapter(event: object) -> Chapter | None:
        if isinstance(event, Revealed):
            return Chapter(HAND, f"Hand {event.winner + 2} of 4")
        return Chapter(TRICK, "Trick") if isinstance(event, Played) else None

    registry.register(replace(spec, chapter=chapter))


# --- who plays, and how long ago -------------------------------------------------------------------------
@pytest.mark.parametrize("seats, names, words", [
    (("human", "hard", "hard", "hard"), ("Ann", "Boris", "Cleo", "Dmitri"), "you vs 3 AI (hard)"),
    (("human", "human", "hard", "normal"), ("Ann", "Boris", "Cleo", "Dmitri"), "you and Boris vs 2 AI (normal, hard)"),
    (("human", "easy", "human", "human"), ("Ann", "Boris", "Cleo", "Dmitri"), "you, Cleo and Dmitri vs 1 AI (easy)"),
    (("human", "human"), ("Ann", "Boris"), "you and Boris"),
    (("normal", "random", "normal"), ("Ann", "Boris", "Cleo"), "3 AI (random, normal)"),
], ids=["one-human", "hot-seat-mixed-levels", "three-humans", "all-humans", "all-ai"])
def test_the_seats_are_said_to_the_player(toy_game, seats, names, words):
    record = MatchSetup(NAME, "standard", {"tricks": 3}, seats, names, 1).record()
    assert seats_words(record) == words


def at(*when: int) -> float:
    """A local time as seconds since the epoch."""
    return datetime(*when).timestamp()


@pytest.mark.parametrize("moment, now, words", [
    (at(2026, 11, 24, 20, 0, 0), at(2026, 11, 24, 20, 0, 40), "just now"),
    (at(2026, 11, 24, 20, 0), at(2026, 11, 24, 20, 5, 30), "5 min ago"),
    (at(2026, 11, 24, 20, 0), at(2026, 11, 24, 20, 59, 59), "59 min ago"),
    (at(2026, 11, 24, 8, 0), at(2026, 11, 24, 20, 0), "12 h ago"),
    (at(2026, 11, 23, 22, 30), at(2026, 11, 24, 0, 45), "2 h ago"),
    (at(2026, 11, 23, 9, 0), at(2026, 11, 24, 20, 0), "yesterday"),
    (at(2026, 11, 21, 23, 0), at(2026, 11, 24, 9, 0), "3 days ago"),
    (at(2026, 11, 24, 21, 0), at(2026, 11, 24, 20, 0), "just now"),
], ids=["seconds", "minutes", "under-an-hour", "hours-same-day", "hours-over-midnight", "yesterday", "days",
        "clock-set-back"])
def test_time_is_worded_as_a_person_says_it(moment, now, words):
    assert time_ago(moment, now) == words


# --- labels ------------------------------------------------------------------------------------------------
def test_a_game_without_chapters_says_its_move(toy_game):
    save_game(toy_record(moves=3))
    (saved,), notices = saved_games()
    assert notices == [] and saved.progress == "move 4"
    assert saved.label(saved.modified + 12 * 60) == "Toy Hidden, move 4, you vs 2 AI (hard), 12 min ago"


def test_the_progress_is_the_last_hand_the_game_began(toy_game):
    with_chapters(toy_game)
    record = toy_record(moves=6)
    winners = [event.winner for event in _events(record) if isinstance(event, Revealed)]
    assert len(winners) == 2  # two tricks revealed: the second one's hand is the one the game is in
    save_game(record)
    (saved,), _ = saved_games()
    hand = f"hand {winners[-1] + 2} of 4"
    assert saved.progress == hand
    assert saved.label(saved.modified + 2 * 3600) == f"Toy Hidden, {hand}, you vs 2 AI (hard), 2 h ago"
    assert saved.summary(saved.modified) == f"{hand}, just now"


def test_hands_titled_without_a_number_are_counted(toy_game):
    registry.register(replace(toy_game, chapter=lambda event: Chapter(HAND, "Sowing") if isinstance(event, Played)
                              else None))
    save_game(toy_record(moves=5))
    (saved,), _ = saved_games()
    assert saved.progress == "sowing 5"


def test_before_any_hand_began_the_progress_is_the_move(toy_game):
    with_chapters(toy_game)
    save_game(toy_record(moves=1))
    (saved,), _ = saved_games()
    assert saved.progress == "move 2"


def _events(record: GameRecord) -> list[object]:
    state = record.new_state()
    events: list[object] = []
    for action in record.actions:
        events += state.apply(next(a for a in state.legal_actions() if str(a) == action))
    return events


# --- one slot per game -------------------------------------------------------------------------------------
def test_saving_nevermore_does_not_touch_the_spectral_reapers_game():
    reapers = real_record("spectral-reapers", 4)
    save_game(reapers)
    before = save_path("spectral-reapers").read_bytes()
    for moves in (0, 3, 5):  # a new Nevermore game, then its moves, as the table saves them
        save_game(real_record("nevermore", moves))
    assert save_path("spectral-reapers").read_bytes() == before
    found, notices = saved_games()
    assert notices == [] and {saved.record.game for saved in found} == {"spectral-reapers", "nevermore"}
    assert next(s for s in found if s.record.game == "spectral-reapers").record == reapers


def test_finishing_a_game_forgets_only_its_own_save(toy_game):
    other = registry.register(replace(toy_game, name="toy-other", title="Toy Other"))
    save_game(toy_record())
    save_game(replace(toy_record(), game=other.name))
    assert finish_game(NAME, 1.0) == []
    assert not has_game(NAME) and has_game(other.name)


def test_the_most_recently_played_is_listed_first(toy_game):
    other = registry.register(replace(toy_game, name="toy-other", title="Toy Other"))
    save_game(toy_record())
    save_game(replace(toy_record(), game=other.name))
    os.utime(save_path(other.name), (1_000_000, 1_000_000))
    found, _ = saved_games()
    assert [saved.record.game for saved in found] == [NAME, other.name]


# --- the old single autosave -------------------------------------------------------------------------------
def test_the_old_autosave_moves_to_its_games_slot_keeping_its_age(toy_game):
    old = saves_dir() / OLD_AUTOSAVE
    saves_dir().mkdir(parents=True)
    old.write_text(toy_record().to_json(), encoding="utf-8")
    three_days = at(2026, 11, 21, 12, 0)
    os.utime(old, (three_days, three_days))
    (saved,), notices = saved_games()
    assert notices == [] and not old.exists() and saved.path == save_path(NAME)
    assert saved.record == toy_record()
    assert saved.label(at(2026, 11, 24, 12, 0)).endswith(", 3 days ago")


def test_a_damaged_old_autosave_is_kept_aside_with_a_notice(toy_game):
    old = saves_dir() / OLD_AUTOSAVE
    saves_dir().mkdir(parents=True)
    old.write_text("{half a record", encoding="utf-8")
    found, (notice,) = saved_games()
    assert found == [] and not old.exists()
    (kept,) = saves_dir().glob(f"{OLD_AUTOSAVE}.corrupt-*")
    assert kept.read_text() == "{half a record"
    assert notice.startswith(f"The saved game could not be read: {old}") and str(kept) in notice


def test_an_old_autosave_beside_a_newer_save_of_its_game_is_kept_renamed(toy_game):
    save_game(toy_record(moves=1))
    newer = save_path(NAME).read_bytes()
    old = saves_dir() / OLD_AUTOSAVE
    old.write_text(toy_record(moves=3).to_json(), encoding="utf-8")
    (saved,), (notice,) = saved_games()
    (kept,) = saves_dir().glob(f"{OLD_AUTOSAVE}.older-*")
    assert save_path(NAME).read_bytes() == newer and saved.record == toy_record(moves=1)
    assert GameRecord.from_json(kept.read_text()) == toy_record(moves=3)
    assert notice == f"An older saved game of Toy Hidden was kept as {kept}: another one is in progress."


# --- reading stays cheap -----------------------------------------------------------------------------------
def test_a_save_is_replayed_once_per_change(toy_game, monkeypatch):
    replays: list[GameRecord] = []
    real = saves._progress
    monkeypatch.setattr(saves, "_progress", lambda record: (replays.append(record), real(record))[1])
    save_game(toy_record(moves=2))
    saved_games()
    saved_games()
    assert len(replays) == 1
    save_game(toy_record(moves=3))
    (saved,), _ = saved_games()
    assert len(replays) == 2 and saved.progress == "move 4"


def test_a_damaged_save_left_in_place_is_not_read_twice(toy_game, monkeypatch):
    save_path(NAME).parent.mkdir(parents=True)
    save_path(NAME).write_text('{"version": 1, "game": "toy-hidden", "players": 1e400}', encoding="utf-8")
    monkeypatch.setattr(saves, "keep_aside", lambda path: "It was left in place.")  # a read-only folder
    reads: list[Path] = []
    real = saves.read_record
    monkeypatch.setattr(saves, "read_record", lambda path: (reads.append(path), real(path))[1])
    first, notices = saved_games()
    again, repeated = saved_games()
    assert first == again == [] and len(notices) == 1 and repeated == []
    assert reads == [save_path(NAME)]
    save_game(toy_record())  # once it changes, it is read again
    (saved,), _ = saved_games()
    assert reads == [save_path(NAME)] * 2 and saved.record == toy_record()
