"""Every event reads as words in the log, for every viewer, in made-up and in real games."""

import dataclasses
import random

from game.games.nevermore.rules import events as ev
from tests.nevermore.helpers import SPEC, params

NAMES = ["Ann", "Boris", "Cleo", "Dmitri"]


def _example(cls):
    values = {}
    for f in dataclasses.fields(cls):
        kind = str(f.type)
        if "tuple" in kind:
            values[f.name] = ("attack", "raven") if "str" in kind else (0, 1)
        elif "bool" in kind:
            values[f.name] = True
        elif "str" in kind:
            values[f.name] = "attack"
        else:
            values[f.name] = 1
    return cls(**values)


def test_every_event_is_described():
    kinds = [c for c in vars(ev).values() if isinstance(c, type) and issubclass(c, ev.Event) and c is not ev.Event]
    assert len(kinds) >= 30
    for cls in kinds:
        event = _example(cls)
        for seat in (None, 0, 3):
            text = SPEC.describe(event.seen_by(seat), NAMES)
            assert isinstance(text, str) and text and not text.startswith(cls.__name__)


def test_events_of_real_games_are_described():
    s = SPEC.new_game(params("standard"), 4, 3)
    rng = random.Random(3)
    while not s.is_terminal():
        actions = s.legal_actions()
        for event in s.apply(actions[rng.randrange(len(actions))]):
            assert SPEC.describe(event.seen_by(0), NAMES)
