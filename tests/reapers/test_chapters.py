"""Reapers' chapters: a heading for each hand as it is dealt ("Hand 2 of 4") and for each trick as its first
card is played ("Trick 5"), in the log of a seeded game and in the table's log panel."""

from __future__ import annotations

from game.core.registry import HAND, TRICK, get
from game.games.reapers import rules as r
from game.variants.loader import load_variant
from tests.chapter_support import log_headings, played

GAME, PLAYERS, SEED = "reapers", 3, 11


def test_each_hand_and_each_trick_begins_a_chapter():
    spec = get(GAME)
    assert spec.chapter is not None
    events = played(GAME, PLAYERS, SEED)
    count = r.Rules.of(load_variant(spec, "standard").params, PLAYERS).hands
    hands = [spec.chapter(e) for e in events if isinstance(e, r.HandStarted)]
    assert [(c.level, c.title) for c in hands if c][:count] == [(HAND, f"Hand {n} of {count}")
                                                               for n in range(1, count + 1)]
    assert all(c is not None and c.title.startswith("Extra hand ") for c in hands[count:])
    titles: list[str] = []
    for event in events:  # every trick is played under a heading of its own, numbered in its hand
        chapter = spec.chapter(event)
        if chapter is not None and chapter.level == TRICK:
            titles.append(chapter.title)
        if isinstance(event, r.TrickWon):
            assert titles[-1] == f"Trick {event.trick}" and titles.count(titles[-1]) == 1
        if isinstance(event, r.HandStarted):
            titles = []
    assert all(spec.chapter(e) is None for e in events if not isinstance(e, (r.HandStarted, r.CardPlayed)))


def test_an_extra_hand_is_titled_so():
    spec = get(GAME)
    assert spec.chapter is not None
    chapter = spec.chapter(r.HandStarted(5, 0, True))
    assert chapter is not None and (chapter.level, chapter.title) == (HAND, "Extra hand 5")


def test_the_log_panel_shows_the_headings_in_order():
    shown, chapters = log_headings(GAME, PLAYERS, SEED, 60)
    assert shown == chapters and shown[0][1].startswith("Hand 1 of ") and (TRICK, "Trick 2") in shown
