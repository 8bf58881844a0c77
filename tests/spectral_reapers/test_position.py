"""Spectral Reapers positions: every state of random games writes and reads back exactly, the documented
example loads, and hand-broken positions are refused at their key with a message that says what is wrong."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from game.core.position import position_text, read_position
from game.games.spectral_reapers.spec import SPEC
from game.games.spectral_reapers.rules import CAPTURE, OVER, PLACE, SOW, SpectralReapersState
from game.variants.loader import STANDARD, load_variant
from tests import position_support as support

PARAMS = dict(load_variant(SPEC, STANDARD).params)
PLAYERS = range(SPEC.min_players, SPEC.max_players + 1)


def _document(state: SpectralReapersState, seed: int = 0) -> dict[str, Any]:
    return support.document(SPEC, state, PARAMS, seed)


def _load(document: dict[str, Any]) -> SpectralReapersState:
    state = support.load(SPEC, document)
    assert isinstance(state, SpectralReapersState)
    return state


@pytest.mark.parametrize("players", PLAYERS)
def test_every_state_of_random_games_loads_back_exactly(players: int) -> None:
    seen = set()
    step = players - 1  # every state at 2 players, every fifth at 6 (each twice as long and five times as slow)
    for seed in (1,):
        for number, state in enumerate(support.states(SPEC, PARAMS, players, seed)):
            assert isinstance(state, SpectralReapersState)
            if number % step and not state.is_terminal():
                continue
            loaded = support.round_trip(SPEC, state, PARAMS, seed, text=True)
            if number % (60 * step) == 7 * step:  # the same game on: from the loaded state as from the state played to
                assert support.play_on(SPEC, loaded, number) == support.play_on(SPEC, state.clone(), number)
            seen.add(state.phase if state.hand is None else "in hand")
    assert {PLACE, SOW, CAPTURE, OVER} <= seen


def _found(players: int, wanted: Callable[[SpectralReapersState], bool]) -> dict[str, Any]:
    """The position of the first state of a random game that is ``wanted``."""
    for seed in range(1, 20):
        for state in support.states(SPEC, PARAMS, players, seed):
            assert isinstance(state, SpectralReapersState)
            if wanted(state):
                return _document(state, seed)
    raise AssertionError("no such state in 20 random games")


def test_the_documented_example_loads_and_is_mid_game(tmp_path: Path) -> None:
    document = support.documented_example("spectral_reapers")
    state = _load(document)
    assert state.phase == SOW and state.hand is not None and 0 < state.sowings
    assert _document(state, document["seed"]) == document
    path = tmp_path / "example.yaml"
    path.write_text(position_text(document), encoding="utf-8")
    assert read_position(path, SPEC.name).state.observation(None) == state.observation(None)


def test_a_loaded_sowing_in_parts_goes_on_from_the_hand() -> None:
    document = support.documented_example("spectral_reapers")
    state = _load(document)
    origin = document["in_hand"]["lifted_from"]
    actions = state.legal_actions()
    assert actions and all(str(a).startswith(f"sow-on {origin} ") for a in actions)


# --- refusals ------------------------------------------------------------------------------------------------

def _sowing() -> dict[str, Any]:
    """3 players, the sowing phase, no beads in hand."""
    return _found(3, lambda s: s.phase == SOW and s.hand is None and s.sowings > 10 and any(s.captured[1]))


def _placing() -> dict[str, Any]:
    """3 players, one seat has placed."""
    return _found(3, lambda s: s.phase == PLACE and s.placed == 1)


def _capturing() -> dict[str, Any]:
    return _found(3, lambda s: s.phase == CAPTURE)


def _in_hand() -> dict[str, Any]:
    return _found(3, lambda s: s.hand is not None)


def _over() -> dict[str, Any]:
    return _found(3, lambda s: s.phase == OVER)


def _colour_in(document: dict[str, Any], pit: int) -> str:
    return next(iter(document["pits"][pit]))


def _drop_bead(d: dict[str, Any]) -> None:
    full = next(p for p, pit in enumerate(d["pits"]) if pit)
    pit = d["pits"][full]
    colour = _colour_in(d, full)
    pit[colour] -= 1
    if not pit[colour]:
        del pit[colour]


def _bead_twice(d: dict[str, Any]) -> None:
    d["seats"][0]["captured"]["green"] = d["seats"][0]["captured"].get("green", 0) + 1


def _placed_in_two_pits(d: dict[str, Any]) -> None:
    """The starting player's beads of one pit put into another of its pits."""
    colour = ("red", "green", "blue")[d["starting_player"]]
    first, second = [pit for pit in d["pits"] if colour in pit][:2]
    second[colour] += first.pop(colour)


def _no_capture_pit(d: dict[str, Any], colour: str) -> int:
    """A pit not holding exactly ``capture_count`` beads of ``colour``, other than the capture pit."""
    return next(p for p, pit in enumerate(d["pits"])
                if pit.get(colour, 0) != PARAMS["capture_count"] and p != d["capture_pit"])


def _to_capture_phase(d: dict[str, Any]) -> None:
    d["phase"] = CAPTURE
    d["capture_pit"] = _no_capture_pit(d, "red")
    d["to_move"] = 0


def _capture_elsewhere(d: dict[str, Any]) -> None:
    d["capture_pit"] = _no_capture_pit(d, ("red", "green", "blue")[d["to_move"]])


def _part_full(d: dict[str, Any]) -> int:
    """A pit without every colour."""
    return next(p for p, pit in enumerate(d["pits"]) if len(pit) < 3)


def _absent(d: dict[str, Any]) -> str:
    pit = d["pits"][_part_full(d)]
    return next(name for name in ("red", "green", "blue") if name not in pit)


def _hand_lifted_pit_full(d: dict[str, Any]) -> None:
    origin = d["in_hand"]["lifted_from"]
    beads = d["in_hand"]["beads"]
    colour = next(iter(beads))
    beads[colour] -= 1
    if not beads[colour]:
        del beads[colour]
        if not beads:  # keep a bead in hand: move one from elsewhere
            other = next(p for p, pit in enumerate(d["pits"]) if pit and p != origin)
            name = _colour_in(d, other)
            d["pits"][other][name] -= 1
            if not d["pits"][other][name]:
                del d["pits"][other][name]
            beads[name] = 1
    d["pits"][origin][colour] = d["pits"][origin].get(colour, 0) + 1


def _no_bead_to_sow(d: dict[str, Any]) -> None:
    """Seat 1's green beads all go to seat 0's store; seat 0's captures of them give the count back."""
    green = sum(pit.pop("green", 0) for pit in d["pits"])
    d["seats"][0]["captured"]["green"] = d["seats"][0]["captured"].get("green", 0) + green
    d["to_move"] = 1


def _down_to_threshold(d: dict[str, Any]) -> None:
    """All but one red bead captured by seat 2: the game would have ended."""
    red = sum(pit.pop("red", 0) for pit in d["pits"])
    d["pits"][0]["red"] = 1
    d["seats"][2]["captured"]["red"] = d["seats"][2]["captured"].get("red", 0) + red - 1


def _threshold_colour(d: dict[str, Any]) -> None:
    names = ("red", "green", "blue")
    d["end"]["colour"] = next(n for n in names if n != d["end"]["colour"])


BREAKS: list[tuple[str, Callable[[], dict[str, Any]], Callable[[dict[str, Any]], Any], tuple, str]] = [
    ("a bead missing", _sowing, _drop_bead, ("pits",), "not the 11 beads of each colour"),
    ("a bead listed twice", _sowing, _bead_twice, ("pits",), "green bead(s), the stores"),
    ("an unknown colour", _sowing, lambda d: d["pits"][1].update(orange=1), ("pits", 1, "orange"),
     "'orange' is not a colour of this 3-player game: the colours are red, green, blue"),
    ("a colour of a bigger table", _sowing, lambda d: d["seats"][0]["captured"].update(white=1),
     ("seats", 0, "captured", "white"), "'white' is not a colour of this 3-player game"),
    ("a count of 0", _sowing, lambda d: d["pits"][_part_full(d)].update({_absent(d): 0}),
     ("pits", "part full", "absent"), "must be at least 1: leave out a colour that has no beads here"),
    ("a count that is not a number", _sowing, lambda d: d["pits"][3].update(red="two"), ("pits", 3, "red"),
     "must be a whole number"),
    ("a seat playing another's colour", _sowing, lambda d: d["seats"][1].update(colour="red"),
     ("seats", 1, "colour"), "must be green, not 'red': seat 1 plays the colour green"),
    ("a seat missing", _sowing, lambda d: d["seats"].pop(), ("seats",), "must list the game's 3 seats"),
    ("a pit missing", _sowing, lambda d: d["pits"].pop(), ("pits",), "must list the ring's 6 pits"),
    ("a seat out of range", _sowing, lambda d: d.update(to_move=3), ("to_move",), "must be from 0 to 2, not 3"),
    ("an unknown phase", _sowing, lambda d: d.update(phase="harvest"), ("phase",),
     "must be one of place, sow, capture, over"),
    ("an unknown key", _sowing, lambda d: d.update(turn=4), ("turn",), "is not a key here"),
    ("a key missing", _sowing, lambda d: d.pop("starting_player"), ("starting_player",), "is missing"),
    ("a capture phase without its pit", _sowing, lambda d: d.update(phase=CAPTURE), ("capture_pit",),
     "must name the pit of the capture due in the capture phase"),
    ("a capture where no sowing earned one", _sowing, _to_capture_phase, ("capture_pit",),
     "a capture is due only where the mover's last bead made exactly 2"),
    ("a capture pit off the ring", _capturing, lambda d: d.update(capture_pit=6), ("capture_pit",),
     "must be from 0 to 5, not 6"),
    ("a capture at another pit", _capturing, _capture_elsewhere, ("capture_pit",), "a capture is due only"),
    ("beads in hand in the capture phase", _capturing,
     lambda d: d.update(in_hand={"lifted_from": 0, "sown": 1, "beads": {"red": 1}}), ("in_hand",),
     "must be null in the capture phase"),
    ("beads in hand with the lifted pit full", _in_hand, _hand_lifted_pit_full, ("pits", "lifted"),
     "must be empty: its beads were lifted and are in hand"),
    ("an empty hand", _in_hand, lambda d: d["in_hand"].update(beads={}), ("in_hand", "beads"),
     "with none left in hand, in_hand is null"),
    ("a placement out of turn", _placing, lambda d: d.update(to_move=(d["starting_player"] + 2) % 3),
     ("to_move",), "the next seat clockwise from the starting player that has not placed"),
    ("a placement against the rules", _placing, _placed_in_two_pits, ("pits",), "exactly 3 pits, 3 to 4 in each"),
    ("beads of a seat that has not placed", _placing,
     lambda d: d["pits"][5].update({["red", "green", "blue"][d["to_move"]]: 4}),
     ("seats", "to_move", "placed"), "must be true"),
    ("a seat not placed in the sowing phase", _sowing, lambda d: d["seats"][2].update(placed=False),
     ("seats", 2, "placed"), "must be true in the sow phase"),
    ("captures while placing", _placing, lambda d: d["seats"][0]["captured"].update(red=1),
     ("seats", 0, "captured"), "must be empty while the beads are placed"),
    ("more sowings since a capture than in all", _sowing,
     lambda d: d.update(sowings_since_capture=d["sowings"] + 1), ("sowings_since_capture",), "more than the"),
    ("past the safety bound", _sowing, lambda d: d.update(sowings=500, sowings_since_capture=200),
     ("sowings_since_capture",), "must be below the safety bound (200)"),
    ("an end in a game still going", _sowing, lambda d: d.update(end={"reason": "safety", "colour": None}),
     ("end",), "must say how the game ended in the over phase"),
    ("a game over without its end", _over, lambda d: d.update(end=None), ("end",), "must say how the game ended"),
    ("the wrong colour ran low", _over, _threshold_colour, ("end", "colour"), "must be the first colour down"),
    ("a colour down to the threshold in play", _sowing, _down_to_threshold, ("pits",),
     "so the phase is over"),
    ("a mover with no bead to sow", _sowing, _no_bead_to_sow, ("to_move",), "no pit holds a green bead"),
]


@pytest.mark.parametrize("what, base, edit, keys, message", BREAKS, ids=[b[0] for b in BREAKS])
def test_a_broken_position_is_refused_at_its_key(what: str, base: Callable[[], dict[str, Any]],
                                                  edit: Callable[[dict[str, Any]], Any], keys: tuple,
                                                  message: str) -> None:
    document = base()
    _load(document)  # the position before the break is good
    named = {"to_move": document["to_move"], "part full": None, "absent": None,
             "lifted": (document["in_hand"] or {}).get("lifted_from")}
    if "part full" in keys:  # a pit without every colour and a colour it lacks; the pit lifted; the mover
        named.update({"part full": _part_full(document), "absent": _absent(document)})
    keys = tuple(named[key] if i and key in named else key for i, key in enumerate(keys))
    edit(document)
    support.assert_refused_at(lambda: _load(document), keys, message)
