"""Nevermore's chapters: a heading for each hand (its deal and draft) and for each suit as its token is
revealed and it resolves, in the log of a seeded game and in the table's log panel."""

from __future__ import annotations

from game.core.registry import HAND, TRICK, get
from game.games.nevermore.rules import events as ev
from tests.chapter_support import log_headings, played

GAME, PLAYERS, SEED = "nevermore", 4, 11


def test_each_hand_and_each_suit_resolved_begins_a_chapter():
    spec = get(GAME)
    assert spec.chapter is not None
    events = played(GAME, PLAYERS, SEED, 120)
    chapters = [(c.level, c.title) for c in map(spec.chapter, events) if c]
    hands = [title for level, title in chapters if level == HAND]
    assert hands == [f"Hand {n}" for n in range(1, len(hands) + 1)] and len(hands) >= 2
    suits = [e.suit for e in events if isinstance(e, ev.TokenRevealed)]
    resolving = [title for level, title in chapters if level == TRICK]
    assert resolving == [f"Resolving {suit.capitalize()}" for suit in suits] and resolving
    assert chapters[0] == (HAND, "Hand 1") and chapters[1][0] == TRICK  # the draft is under the hand's heading


def test_the_log_panel_shows_the_headings_in_order():
    shown, chapters = log_headings(GAME, PLAYERS, SEED, 30)
    assert shown == chapters and shown[0] == (HAND, "Hand 1")
