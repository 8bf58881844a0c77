"""Trick or Treat's chapters: a heading for each deal and each trick (when the pot is topped up for it), in
the log of a seeded game and in the table's log panel."""

from __future__ import annotations

from game.core.registry import HAND, TRICK, get
from game.games.trick_or_treat import rules as r
from tests.chapter_support import log_headings, played

GAME, PLAYERS, SEED = "trick-or-treat", 4, 11


def test_each_deal_and_each_trick_begins_a_chapter():
    spec = get(GAME)
    assert spec.chapter is not None
    events = played(GAME, PLAYERS, SEED)
    chapters = [(c.level, c.title) for c in map(spec.chapter, events) if c]
    deals = [title for level, title in chapters if level == HAND]
    assert deals == [f"Deal {n}" for n in range(1, len(deals) + 1)] and len(deals) >= 2
    tricks = [title for level, title in chapters if level == TRICK]
    assert tricks == [f"Trick {n}" for n in range(1, sum(isinstance(e, r.DealerChanged) for e in events) + 1)]
    assert chapters.index((HAND, "Deal 1")) < chapters.index((TRICK, "Trick 1"))


def test_the_log_panel_shows_the_headings_in_order():
    shown, chapters = log_headings(GAME, PLAYERS, SEED, 40)
    assert shown == chapters and shown[:2] == [(HAND, "Deal 1"), (TRICK, "Trick 1")]
