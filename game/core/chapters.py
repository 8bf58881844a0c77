"""A game's parts (hands, tricks) along its record: where each begins and what each position lies in.

The replay viewer jumps by them and the game review labels decisions with them; both read them here, from
``GameSpec.chapter``, so a part is named the same everywhere.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Sequence

from game.core.contracts import Event
from game.core.record import GameRecord
from game.core.registry import HAND, Chapter, GameSpec

ChapterStarts = list[tuple[Chapter, ...]]
"""For each position of a game (0: before any move; n: after n moves), the chapters reaching it begins."""


def chapters_begun(spec: GameSpec, events: Sequence[Event]) -> tuple[Chapter, ...]:
    """The chapters ``events`` begin (none for a game without parts)."""
    name = spec.chapter
    return () if name is None else tuple(chapter for chapter in map(name, events) if chapter is not None)


def chapter_starts(spec: GameSpec, record: GameRecord, actions: Sequence[str]) -> ChapterStarts:
    """The chapters each position of ``record``'s game played with ``actions`` begins (the deal's at 0, each
    move's own after it), found by replaying once. A record that stops replaying has none past that point."""
    return read_record_chapters(spec, record, actions)[0]


def read_record_chapters(spec: GameSpec, record: GameRecord, actions: Sequence[str]) -> tuple[ChapterStarts, bool]:
    """``chapter_starts`` and whether the game ends where ``actions`` end (a replay of an ended game may show
    every hand), from one replay."""
    positions = len(actions) + 1
    state = record.new_state()
    starts = [chapters_begun(spec, state.opening_events)]
    try:
        for step in replace(record, actions=tuple(actions)).replay_steps(state):
            starts.append(chapters_begun(spec, step.events))
    except ValueError:
        return starts + [()] * (positions - len(starts)), False
    return starts, state.is_terminal()


def chapter_titles(starts: Sequence[tuple[Chapter, ...]]) -> list[tuple[str, ...]]:
    """For each position, the titles of the chapters it lies in, largest first ("Hand 2", "Trick 5"): a new
    chapter ends those inside it. A title that comes back within the same larger chapter (a game whose events
    do not number its tricks) is numbered there: "Trick 1", "Trick 2"."""
    seen: Counter[tuple[int, int, str]] = Counter()
    parent = 0
    for begun in starts:  # first, which titles come back within their larger chapter
        for chapter in begun:
            parent = parent + 1 if chapter.level == HAND else parent
            seen[(parent, chapter.level, chapter.title)] += 1
    current: dict[int, str] = {}
    numbered: Counter[tuple[int, int, str]] = Counter()
    parent = 0
    titles: list[tuple[str, ...]] = []
    for begun in starts:
        for chapter in begun:
            parent = parent + 1 if chapter.level == HAND else parent
            key = (parent, chapter.level, chapter.title)
            numbered[key] += 1
            current = {level: title for level, title in current.items() if level < chapter.level}
            current[chapter.level] = f"{chapter.title} {numbered[key]}" if seen[key] > 1 else chapter.title
        titles.append(tuple(current[level] for level in sorted(current)))
    return titles
