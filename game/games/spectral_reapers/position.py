"""Spectral Reapers positions: a game in progress as plain data (``POSITIONS.md`` documents the format).

The game has no secrets, so a position is what the spectator sees: the ring of pits with the beads of each
colour, every seat's captured beads and whether it has placed, the beads still in hand during a sowing
ordered in parts, a capture that is due, and how the game ended. ``state_from_position`` checks every count
and the phase against the rules before it builds anything, so a hand-written position loads whole or is
refused with the key of each problem. Chance plays no part after the starting player, who is in the position.
"""

from __future__ import annotations

from typing import Any, Mapping

from game.core.bounded import quote
from game.core.contracts import GameState
from game.core.position import PositionReader

from game.games.spectral_reapers.rules import (
    CAPTURE, COLOUR_NAMES, END_SAFETY, END_STUCK, END_THRESHOLD, OVER, PLACE, SOW, Config, SpectralReapersObservation,
    SpectralReapersState,
)
from game.games.spectral_reapers.rules.config import config_of

PHASES = (PLACE, SOW, CAPTURE, OVER)
KEYS = ("phase", "to_move", "starting_player", "sowings", "sowings_since_capture", "capture_pit", "in_hand",
        "end", "seats", "pits")
SEAT_KEYS = ("colour", "placed", "captured")
HAND_KEYS = ("lifted_from", "sown", "beads")
END_KEYS = ("reason", "colour")
REASONS = (END_THRESHOLD, END_SAFETY, END_STUCK)

Keys = tuple[Any, ...]


# --------------------------------------------------------------------------------------------- writing

def position_of(state: GameState) -> dict[str, Any]:
    """The game's own keys of ``state``'s position (read from the spectator's view, which is the whole game)."""
    assert isinstance(state, SpectralReapersState)  # GameSpec takes any game's state; ours is passed
    obs = state.observation(None)
    n = obs.num_players
    placed = {(obs.starting_player + i) % n for i in range(obs.placed)}  # phase 1 goes clockwise from the first
    return {
        "phase": obs.phase,
        "to_move": obs.to_move,
        "starting_player": obs.starting_player,
        "sowings": obs.sowings,
        "sowings_since_capture": obs.since_capture,
        "capture_pit": None if obs.capture_pit < 0 else obs.capture_pit,
        "in_hand": None if not obs.hand else {
            "lifted_from": obs.hand_origin, "sown": obs.hand_slot, "beads": _beads(obs.hand)},
        "end": None if obs.phase != OVER else {
            "reason": obs.end_reason, "colour": COLOUR_NAMES[obs.ended_by] if obs.ended_by >= 0 else None},
        "seats": [{"colour": COLOUR_NAMES[s], "placed": s in placed, "captured": _beads(obs.captured[s])}
                  for s in range(n)],
        "pits": [_beads(pit) for pit in obs.pits],
    }


def _beads(counts: tuple[int, ...] | list[int]) -> dict[str, int]:
    """Colour counts as ``{colour name: beads}``, the colours not there left out."""
    return {COLOUR_NAMES[c]: count for c, count in enumerate(counts) if count}


# --------------------------------------------------------------------------------------------- reading

class _Reading:
    """The values of one position as they are read, before they are checked against each other."""

    def __init__(self, config: Config, players: int) -> None:
        self.config = config
        self.players = players
        self.colours = COLOUR_NAMES[:players]
        self.reader = PositionReader()

    def beads(self, value: Any, keys: Keys) -> list[int] | None:
        """Colour counts from ``{colour name: beads}``; a colour left out has none, so a 0 is refused."""
        reader = self.reader
        if not isinstance(value, dict):
            reader.problem(keys, f"must be a mapping of colour names to beads such as {{red: 2, blue: 1}} "
                                 f"({{}} for none), not {quote(value)}")
            return None
        counts = [0] * self.players
        good = True
        for name, count in value.items():
            if name not in self.colours:
                reader.problem(keys + (name,) if isinstance(name, str) else keys,
                               f"{quote(name)} is not a colour of this {self.players}-player game: the colours are "
                               f"{', '.join(self.colours)}")
                good = False
                continue
            if count == 0 and not isinstance(count, bool):
                reader.problem(keys + (name,), "must be at least 1: leave out a colour that has no beads here")
                good = False
                continue
            number = reader.whole(count, keys + (name,), 1)
            if number is None:
                good = False
                continue
            counts[self.colours.index(name)] = number
        return counts if good else None

    def pit(self, value: Any, keys: Keys) -> int | None:
        return self.reader.whole(value, keys, 0, self.config.pits_per_player * self.players - 1)

    def colour(self, value: Any, keys: Keys) -> int | None:
        name = self.reader.choice(value, keys, self.colours)
        return None if name is None else self.colours.index(name)


def state_from_position(body: Mapping[str, Any], params: Mapping[str, Any], players: int,
                        seed: int) -> SpectralReapersState:
    """The state a position's own keys describe; ``PositionError`` lists every problem, building nothing.

    ``seed`` draws nothing: the only chance of the game, the starting player, is in the position.
    """
    config = config_of(params)
    reading = _Reading(config, players)
    reader = reading.reader
    data = reader.own_keys(body, KEYS)
    phase = reader.choice(data["phase"], ("phase",), PHASES) if "phase" in data else None
    to_move = reader.seat(data["to_move"], ("to_move",), players) if "to_move" in data else None
    starting = reader.seat(data["starting_player"], ("starting_player",), players) \
        if "starting_player" in data else None
    sowings = reader.whole(data["sowings"], ("sowings",)) if "sowings" in data else None
    since = reader.whole(data["sowings_since_capture"], ("sowings_since_capture",), 0, config.safety_bound) \
        if "sowings_since_capture" in data else None
    capture_pit = None if data.get("capture_pit") is None else reading.pit(data["capture_pit"], ("capture_pit",))
    hand = None if data.get("in_hand") is None else _read_hand(reading, data["in_hand"])
    end = None if data.get("end") is None else _read_end(reading, data["end"])
    seats = _read_seats(reading, data["seats"]) if "seats" in data else None
    pits = _read_pits(reading, data["pits"]) if "pits" in data else None
    reader.done()
    assert phase is not None and to_move is not None and starting is not None and sowings is not None
    assert since is not None and seats is not None and pits is not None
    placed, captured = seats
    _check_beads(reading, placed, captured, pits, hand)
    _check_phase(reading, phase, to_move, starting, sowings, since, data.get("capture_pit") is not None,
                 capture_pit, hand, end, placed, captured, pits)
    reader.done()
    observation = SpectralReapersObservation(
        seat=None, num_players=players, config=config, phase=phase, to_move=to_move, starting_player=starting,
        placed=sum(placed), pits=tuple(tuple(p) for p in pits), captured=tuple(tuple(c) for c in captured),
        hand=tuple(hand[2]) if hand else (), hand_origin=hand[0] if hand else -1, hand_slot=hand[1] if hand else 0,
        capture_pit=-1 if capture_pit is None else capture_pit, since_capture=since, sowings=sowings,
        end_reason=end[0] if end else "", ended_by=end[1] if end else -1)
    return SpectralReapersState.from_observation(observation)


def _read_hand(reading: _Reading, value: Any) -> tuple[int, int, list[int]] | None:
    """``(lifted_from, sown, beads)`` of a sowing ordered in parts (``in_hand`` is null when none is)."""
    hand = reading.reader.entry(value, ("in_hand",), HAND_KEYS)
    if hand is None:
        return None
    reader = reading.reader
    keys: Keys = ("in_hand",)
    origin = reading.pit(hand["lifted_from"], keys + ("lifted_from",))
    sown = reader.whole(hand["sown"], keys + ("sown",), 1)
    beads = reading.beads(hand["beads"], keys + ("beads",))
    if origin is None or sown is None or beads is None:
        return None
    if not sum(beads):
        reader.problem(keys + ("beads",), "must hold at least one bead: with none left in hand, in_hand is null")
        return None
    return origin, sown, beads


def _read_end(reading: _Reading, value: Any) -> tuple[str, int] | None:
    """``(reason, colour)`` of a finished game (colour -1 unless a colour ran out; ``end`` is null before)."""
    end = reading.reader.entry(value, ("end",), END_KEYS)
    if end is None:
        return None
    reader = reading.reader
    keys: Keys = ("end",)
    reason = reader.choice(end["reason"], keys + ("reason",), REASONS)
    colour = -1 if end["colour"] is None else reading.colour(end["colour"], keys + ("colour",))
    if reason is None or colour is None:
        return None
    if (reason == END_THRESHOLD) != (colour >= 0):
        reader.problem(keys + ("colour",), "must name the colour that ran low when the reason is threshold, and "
                                           "be null otherwise")
        return None
    return reason, colour


def _read_seats(reading: _Reading, value: Any) -> tuple[list[bool], list[list[int]]] | None:
    """Whether each seat has placed, and its store; each seat plays its own colour."""
    reader = reading.reader
    items = reader.seat_list(value, reading.players)
    if items is None:
        return None
    placed: list[bool] = []
    captured: list[list[int]] = []
    good = True
    for s, keys, seat in reader.entries(items, ("seats",), SEAT_KEYS):
        if seat["colour"] != reading.colours[s]:
            reader.problem(keys + ("colour",), f"must be {reading.colours[s]}, not {quote(seat['colour'])}: seat "
                                               f"{s} plays the colour {reading.colours[s]}")
            good = False
        done = reader.flag(seat["placed"], keys + ("placed",))
        store = reading.beads(seat["captured"], keys + ("captured",))
        if done is not None and store is not None:
            placed.append(done)
            captured.append(store)
    return (placed, captured) if good and len(placed) == len(items) else None


def _read_pits(reading: _Reading, value: Any) -> list[list[int]] | None:
    """The ring's pits, each as colour counts."""
    reader = reading.reader
    ring = reading.config.pits_per_player * reading.players
    items = reader.sequence(value, ("pits",))
    if items is None:
        return None
    if len(items) != ring:
        reader.problem(("pits",), f"must list the ring's {ring} pits ({reading.config.pits_per_player} per player), "
                                  f"not {len(items)}")
        return None
    return reader.each(items, ("pits",), reading.beads)


# -------------------------------------------------------------------------------------------- checking

def _on_board(pits: list[list[int]], colour: int) -> int:
    return sum(pit[colour] for pit in pits)


def _check_beads(reading: _Reading, placed: list[bool], captured: list[list[int]], pits: list[list[int]],
                 hand: tuple[int, int, list[int]] | None) -> None:
    """Each placed colour's beads all somewhere (pits, stores, hand); an unplaced colour's nowhere yet."""
    reader = reading.reader
    beads = reading.config.beads_per_player
    for colour, name in enumerate(reading.colours):
        board = _on_board(pits, colour)
        stores = sum(store[colour] for store in captured)
        held = hand[2][colour] if hand else 0
        total = board + stores + held
        if not placed[colour]:
            if total:
                reader.problem(("seats", colour, "placed"), f"must be true: {total} {name} bead(s) are in play, "
                                                            f"and seat {colour} places them in phase 1")
        elif total != beads:
            reader.problem(("pits",), f"hold {board} {name} bead(s), the stores {stores} and the hand {held}: "
                                      f"{total}, not the {beads} beads of each colour (beads_per_player)")


def _check_phase(reading: _Reading, phase: str, to_move: int, starting: int, sowings: int, since: int,
                 capture_given: bool, capture_pit: int | None, hand: tuple[int, int, list[int]] | None,
                 end: tuple[str, int] | None, placed: list[bool], captured: list[list[int]],
                 pits: list[list[int]]) -> None:
    """Whose decision it is, the capture, the hand and the end must be what the rules reach in ``phase``."""
    reader = reading.reader
    config = reading.config
    n = reading.players
    if (phase == CAPTURE) != capture_given:
        reader.problem(("capture_pit",), "must name the pit of the capture due in the capture phase, and be "
                                         "null in every other phase")
    if hand is not None and phase != SOW:
        reader.problem(("in_hand",), f"must be null in the {phase} phase: beads stay in hand only while a "
                                     "sowing is ordered in parts")
    if (phase == OVER) != (end is not None):
        reader.problem(("end",), "must say how the game ended in the over phase, and be null in every other "
                                 "phase")
    if phase == PLACE:
        _check_placing(reading, to_move, starting, sowings, since, placed, captured, pits)
        return
    for s in range(n):
        if not placed[s]:
            reader.problem(("seats", s, "placed"), f"must be true in the {phase} phase: every seat places its "
                                                   "beads before the sowing begins")
    if since > sowings:
        reader.problem(("sowings_since_capture",), f"is {since}, more than the {sowings} sowings of the game")
    if phase != OVER:
        if since >= config.safety_bound:
            reader.problem(("sowings_since_capture",), f"must be below the safety bound ({config.safety_bound}) "
                                                       "in a game still going: that many sowings end it")
        for colour, name in enumerate(reading.colours):
            left = _on_board(pits, colour) + (hand[2][colour] if hand else 0)
            if left <= config.end_threshold:
                reader.problem(("pits",), f"hold only {left} {name} bead(s): the game ends when a colour is down "
                                          f"to {config.end_threshold} (end_threshold), so the phase is over")
    if phase == SOW:
        if hand is not None:
            origin = hand[0]
            if any(pits[origin]):
                reader.problem(("pits", origin), f"must be empty: its beads were lifted and are in hand (pit "
                                                 f"{origin} is skipped while they are sown)")
        elif not any(pit[to_move] for pit in pits):
            reader.problem(("to_move",), f"cannot be seat {to_move}: no pit holds a {reading.colours[to_move]} "
                                         "bead to sow (a seat without one is skipped)")
    elif phase == CAPTURE and capture_pit is not None:
        held = pits[capture_pit][to_move]
        if held != config.capture_count:
            reader.problem(("capture_pit",), f"holds {held} {reading.colours[to_move]} bead(s): a capture is due "
                           f"only where the mover's last bead made exactly {config.capture_count} (capture_count)")
        if sowings < 1:
            reader.problem(("sowings",), "must be at least 1 in the capture phase: a sowing earns the capture")
    elif phase == OVER and end is not None:
        _check_end(reading, since, end, pits)


def _check_placing(reading: _Reading, to_move: int, starting: int, sowings: int, since: int,
                   placed: list[bool], captured: list[list[int]], pits: list[list[int]]) -> None:
    """Phase 1: the seats from the starting player clockwise have placed, each by the placement rules."""
    reader = reading.reader
    config = reading.config
    n = reading.players
    done = 0
    while done < n and placed[(starting + done) % n]:
        done += 1
    if done == n:
        reader.problem(("phase",), "must be sow: every seat has placed its beads")
        return
    for i in range(done, n):
        seat = (starting + i) % n
        if placed[seat]:
            reader.problem(("seats", seat, "placed"), f"must be false: seat {(starting + done) % n} places before "
                           f"seat {seat} (phase 1 goes clockwise from the starting player, seat {starting})")
    due = (starting + done) % n
    if to_move != due:
        reader.problem(("to_move",), f"must be {due}: the next seat clockwise from the starting player that has "
                                     "not placed")
    for key, value in (("sowings", sowings), ("sowings_since_capture", since)):
        if value:
            reader.problem((key,), "must be 0 while the beads are placed")
    for s in range(n):
        if any(captured[s]):
            reader.problem(("seats", s, "captured"), "must be empty while the beads are placed")
    for colour, name in enumerate(reading.colours):
        if not placed[colour]:
            continue
        used = [p for p, pit in enumerate(pits) if pit[colour]]
        wrong = [p for p in used if not config.placement_min <= pits[p][colour] <= config.placement_max]
        if len(used) != config.placement_pits or wrong:
            reader.problem(("pits",), f"hold the {name} beads in {len(used)} pit(s) "
                           f"({', '.join(f'pit {p}: {pits[p][colour]}' for p in used)}): phase 1 places them in "
                           f"exactly {config.placement_pits} pits, {config.placement_min} to "
                           f"{config.placement_max} in each")


def _check_end(reading: _Reading, since: int, end: tuple[str, int], pits: list[list[int]]) -> None:
    reader = reading.reader
    config = reading.config
    reason, colour = end
    low = [c for c in range(reading.players) if _on_board(pits, c) <= config.end_threshold]
    if reason == END_THRESHOLD:
        if not low or low[0] != colour:
            first = f"{reading.colours[low[0]]} is the first colour down" if low else "no colour is down"
            reader.problem(("end", "colour"), f"must be the first colour down to {config.end_threshold} bead(s) "
                                              f"on the board (end_threshold), but {first}")
    elif reason == END_SAFETY and since != config.safety_bound:
        reader.problem(("sowings_since_capture",), f"must be the safety bound ({config.safety_bound}) when the "
                                                   "game ended by it")
    elif reason == END_STUCK and any(_on_board(pits, c) for c in range(reading.players)):
        reader.problem(("end", "reason"), "cannot be stuck: a seat still has a bead of its colour to sow")
