"""Spectral Reapers' chapters and folded sowings: a heading when the placing and the sowing begin, and each
bead of a sowing a step the log folds under the line of its lift."""

from __future__ import annotations

from game.core.registry import HAND, get
from game.games.spectral_reapers import rules as r
from game.games.spectral_reapers.words import is_step
from tests.chapter_support import log_headings, played

GAME, PLAYERS, SEED = "spectral-reapers", 3, 11


def test_the_sowing_begins_a_chapter_and_beads_are_steps():
    spec = get(GAME)
    assert spec.chapter is not None
    events = played(GAME, PLAYERS, SEED, 40)
    chapters = [(c.level, c.title) for c in map(spec.chapter, events) if c]
    assert chapters == [(HAND, "Placing"), (HAND, "Sowing")]
    assert all(is_step(e) == isinstance(e, r.BeadSown) for e in events) and any(map(is_step, events))
    for before, event in zip(events, events[1:]):  # a sowing's first bead follows its lift or its pause
        if isinstance(event, r.BeadSown) and event.index == 1:
            assert isinstance(before, r.PitLifted)


def test_a_lift_says_who_sows_which_pit_and_how_many_beads():
    spec = get(GAME)
    line = spec.describe(r.PitLifted(1, 2, (2, 3, 0)), ["Ann", "Boris", "Cleo"])
    assert line == "Boris sows pit 3: 5 beads (2 of Ann's, 3 of Boris's)."


def test_the_log_panel_shows_the_headings_in_order():
    shown, chapters = log_headings(GAME, PLAYERS, SEED, 12)
    assert shown == chapters == [(HAND, "Placing"), (HAND, "Sowing")]
