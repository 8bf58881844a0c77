"""Reapers positions read back (``position.py`` writes them; ``POSITIONS.md`` documents the format).

``state_from_position`` checks every card, count and phase against the rules, refusing with the key of each
problem before it builds anything, and builds through ``ReapersState.from_observation`` (the full truth is a
spectator's view plus the wagers) so that the state's own bookkeeping stays the engine's business. What the
rules derive (the draft and wager orders, the led suit, whether a Reaper has taken this trick, extra hands,
figures) is derived again.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from game.core.bounded import quote
from game.core.contracts import TERMINAL, make_rng
from game.core.position import PositionReader
from game.core.position_reader import Places
from game.games.reapers.cards import REAPER, WAGERS, card_name, graveyard_key, sort_key

from .config import DRAFT, OVER, PLAY, WAGER, Config, make_config
from .events import HandResult
from .observe import ReapersObservation
from .position import COUNTS, KEYS, card_code
from .position_checks import Seat, check_draft, check_history, check_table, slot_size, trick_state
from .state import ReapersState

PHASES = (DRAFT, WAGER, PLAY, OVER)
OPTIONAL_KEYS = ("counts", "next_decks")
"""Keys a hand-written position may leave out: no Reaper takes or Demons counted yet, no stacked decks."""
SEAT_KEYS = ("hand", "wager", "drafted", "played", "score_pile", "total")
HISTORY_KEYS = ("hand", "dealer", "trump", "wagers", "card_points", "wager_won", "hand_scores")
CARD_HELP = "write e.g. '7 of daggers', 'Demon of poison' or 'Reaper' (suits: daggers, poison, plague, pistols)"
MAX_COUNT = 10_000

Keys = tuple[Any, ...]

class _Reading:
    """A position's values as they are read, before they are checked against each other."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self.players = cfg.players
        self.reader = PositionReader()
        self.places = Places(self.reader, cfg.deck, card_name, article="the ")
        """Where each card of the deck lies (the Reapers are four alike)."""

    def card(self, value: Any, keys: Keys, placed: bool = False) -> str | None:
        """One card by its name; ``placed``: it lies there (each card lies in one place only)."""
        code = card_code(value) if isinstance(value, str) else None
        if code is None:
            self.reader.problem(keys, f"{quote(value)} is not a card: {CARD_HELP}")
            return None
        if code not in self.places.whole:
            self.reader.problem(keys, f"the {card_name(code)} is not in this variant's deck for {self.players} "
                                      "players")
            return None
        return code if not placed or self.places.place(code, keys) else None

    def cards(self, value: Any, keys: Keys, placed: bool = False) -> list[str] | None:
        return self.reader.each(value, keys, lambda item, at: self.card(item, at, placed))

    def seat(self, value: Any, keys: Keys) -> int | None:
        return self.reader.seat(value, keys, self.players)

    def whole(self, data: Mapping[str, Any], key: str, keys: Keys = (), low: int = 0,
              high: int | None = MAX_COUNT) -> int | None:
        return self.reader.whole(data[key], keys + (key,), low, high) if key in data else None


def state_from_position(body: Mapping[str, Any], params: Mapping[str, Any], players: int,
                        seed: int) -> ReapersState:
    """The state a position's own keys describe; ``PositionError`` lists every problem, building nothing."""
    cfg = make_config(params, players)
    reading = _Reading(cfg)
    reader = reading.reader
    data = reader.own_keys(body, KEYS, OPTIONAL_KEYS)
    phase = reader.choice(data["phase"], ("phase",), PHASES) if "phase" in data else None
    to_move = reader.seat_or_null(data.get("to_move"), ("to_move",), players)
    hand = reading.whole(data, "hand", low=1)
    dealer = reading.seat(data["dealer"], ("dealer",)) if "dealer" in data else None
    draft_order = reader.seats(data["draft_order"], ("draft_order",), players) if "draft_order" in data else None
    picks_made = reading.whole(data, "picks_made")
    leader = reading.seat(data["leader"], ("leader",)) if "leader" in data else None
    tricks_done = reading.whole(data, "tricks_done")
    seats = _read_seat_list(reading, data.get("seats")) if "seats" in data else None
    trump = reading.card(data["trump"], ("trump",), placed=True) if "trump" in data else None
    returned = reading.whole(data, "reapers_returned")
    piles = _read_piles(reading, data.get("piles")) if "piles" in data else None
    graveyard = reading.cards(data.get("graveyard"), ("graveyard",), placed=True) if "graveyard" in data else None
    graveyard_reapers = reading.whole(data, "graveyard_reapers")
    trick = _read_trick(reading, data.get("trick")) if "trick" in data else None
    discards = reading.cards(data.get("discards"), ("discards",), placed=True) if "discards" in data else None
    history = _read_history(reading, data.get("history")) if "history" in data else None
    counts = _read_counts(reading, data.get("counts"))
    next_decks = _read_next_decks(reading, data.get("next_decks"))
    reader.done()
    assert phase is not None and hand is not None and dealer is not None and draft_order is not None
    assert picks_made is not None and leader is not None and tricks_done is not None and seats is not None
    assert trump is not None and returned is not None and piles is not None and graveyard is not None
    assert graveyard_reapers is not None and trick is not None and discards is not None and history is not None
    if trump == REAPER:
        reader.problem(("trump",), "cannot be a Reaper: a turned-up Reaper is shuffled back and another card turned")
    reading.places.listed_nowhere("every card is the trump or in a pile, a hand, the trick, the Graveyard, a score "
                                  "pile or the discards")
    check_history(reader, cfg, history, seats, hand, dealer, phase)
    check_draft(reader, cfg, phase, dealer, draft_order, picks_made, seats, piles)
    check_table(reader, cfg, phase, to_move, dealer, draft_order, picks_made, leader, tricks_done, seats, piles,
                graveyard, graveyard_reapers, trick, discards)
    reader.done()
    n = players
    hands_played = hand - (0 if phase == OVER else 1)
    extra = max(0, hands_played - cfg.hands + (0 if phase == OVER else 1))
    lead_suit, reaper_used = trick_state(cfg, leader, trick)
    top = max(s.total for s in seats)
    observation = ReapersObservation(
        seat=None, config=cfg, phase=phase, to_move=TERMINAL if to_move is None else to_move, hand=hand,
        hands_played=hands_played, extra_hands_played=extra, dealer=dealer, trump=trump, trump_suit=trump[0],
        reapers_returned=returned, piles=tuple(piles), draft_order=tuple(draft_order), picks_made=picks_made,
        pairs_taken=tuple(sum(len(cards) == 2 for _, cards in s.drafted) for s in seats),
        drafted=tuple(tuple(s.drafted) for s in seats),
        hands=tuple(tuple(sorted(s.hand, key=sort_key)) for s in seats),
        graveyard=tuple(sorted(graveyard, key=lambda c: graveyard_key(c, cfg.demon_value))),
        graveyard_reapers=graveyard_reapers, wager_order=tuple((dealer + 1 + i) % n for i in range(n)),
        wagered=tuple(s.wager is not None for s in seats), wagers=tuple(s.wager for s in seats), leader=leader,
        trick=tuple(trick), lead_suit=lead_suit, reaper_used=reaper_used, tricks_done=tricks_done,
        played=tuple(tuple(s.played) for s in seats), score_piles=tuple(tuple(s.score_pile) for s in seats),
        discards=tuple(discards), totals=tuple(s.total for s in seats), history=tuple(history),
        winners=tuple(s for s in range(n) if seats[s].total == top) if phase == OVER else (),
        stats=tuple(sorted(_stats(history, extra, counts).items())),
    )
    state = ReapersState.from_observation(observation, make_rng(seed), [s.wager for s in seats])
    state.rng = make_rng(seed)
    state.stacked = next_decks
    return state


def _stats(history: list[HandResult], extra: int, counts: dict[str, int]) -> dict[str, int]:
    """The figures the engine counts, as it counts them: a figure appears once it is 1 or more."""
    stats = Counter({"hands": len(history), "extra_hands": extra, **counts})
    for result in history:
        for wager, won in zip(result.wagers, result.wager_won):
            stats[f"wager_{wager}_made"] += 1
            stats[f"wager_{wager}_paid"] += won
    return {key: value for key, value in stats.items() if value > 0}


def _read_seat_list(reading: _Reading, value: Any) -> list[Seat] | None:
    """One ``Seat`` per player; a hand and a score pile are places of the deck, played cards a record."""
    reader = reading.reader
    items = reader.seat_list(value, reading.players)
    if items is None:
        return None
    seats: list[Seat] = []
    for _, keys, seat in reader.entries(items, ("seats",), SEAT_KEYS):
        hand = reading.cards(seat["hand"], keys + ("hand",), placed=True)
        wager = None if seat["wager"] is None else reader.choice(seat["wager"], keys + ("wager",), WAGERS)
        drafted = _read_drafted(reading, seat["drafted"], keys + ("drafted",))
        played = reading.cards(seat["played"], keys + ("played",))
        score_pile = reading.cards(seat["score_pile"], keys + ("score_pile",), placed=True)
        total = reader.whole(seat["total"], keys + ("total",), 0, None)
        if hand is None or drafted is None or played is None or score_pile is None or total is None or (
                seat["wager"] is not None and wager is None):
            continue
        seats.append(Seat(hand, wager, drafted, played, score_pile, total))
    return seats if len(seats) == reading.players else None


def _read_drafted(reading: _Reading, value: Any, keys: Keys) -> list[tuple[int, tuple[str, ...]]] | None:
    """A seat's drafted piles, ``(slot, cards)``, each of its slot's size."""
    reader = reading.reader
    items = reader.sequence(value, keys)
    if items is None:
        return None
    slots = reading.cfg.piles_of_three + reading.cfg.piles_of_two
    drafted: list[tuple[int, tuple[str, ...]]] = []
    for i, _, pile in reader.entries(items, keys, ("pile", "cards")):
        slot = reader.whole(pile["pile"], keys + (i, "pile"), 0, slots - 1)
        cards = reading.cards(pile["cards"], keys + (i, "cards"))
        if slot is None or cards is None:
            continue
        if len(cards) != slot_size(reading.cfg, slot):
            reader.problem(keys + (i, "cards"), f"must be {slot_size(reading.cfg, slot)} cards: pile {slot} "
                           f"was a {'pile of 3' if slot_size(reading.cfg, slot) == 3 else 'pair'}")
            continue
        drafted.append((slot, tuple(cards)))
    return drafted if len(drafted) == len(items) else None


def _read_piles(reading: _Reading, value: Any) -> list[tuple[str, ...] | None] | None:
    """The face-up piles by slot, ``None`` for one taken."""
    reader = reading.reader
    cfg = reading.cfg
    slots = cfg.piles_of_three + cfg.piles_of_two
    items = reader.sequence(value, ("piles",), slots)
    if items is None:
        return None
    piles: list[tuple[str, ...] | None] = []
    good = True
    for slot, item in enumerate(items):
        if item is None:
            piles.append(None)
            continue
        cards = reading.cards(item, ("piles", slot), placed=True)
        if cards is None:
            good = False
        elif len(cards) != slot_size(cfg, slot):
            reader.problem(("piles", slot), f"must be {slot_size(cfg, slot)} cards (or null once taken): slot "
                           f"{slot} holds a {'pile of 3' if slot_size(cfg, slot) == 3 else 'pair'}")
            good = False
        else:
            piles.append(tuple(cards))
    return piles if good else None


def _read_trick(reading: _Reading, value: Any) -> list[tuple[int, str]] | None:
    """The trick in progress, ``(seat, card)`` in play order."""
    reader = reading.reader
    items = reader.sequence(value, ("trick",))
    if items is None:
        return None
    trick: list[tuple[int, str]] = []
    for _, keys, play in reader.entries(items, ("trick",), ("seat", "card")):
        seat = reading.seat(play["seat"], keys + ("seat",))
        card = reading.card(play["card"], keys + ("card",), placed=True)
        if seat is not None and card is not None:
            trick.append((seat, card))
    return trick if len(trick) == len(items) else None


def _read_history(reading: _Reading, value: Any) -> list[HandResult] | None:
    """The scored hands, numbered from 1, each with one value per seat."""
    reader = reading.reader
    n = reading.players
    items = reader.sequence(value, ("history",))
    if items is None:
        return None
    history: list[HandResult] = []
    for i, keys, entry in reader.entries(items, ("history",), HISTORY_KEYS):
        number = entry["hand"]
        if number != i + 1 or isinstance(number, bool):
            reader.problem(keys + ("hand",), f"must be {i + 1}: the history lists the scored hands in order from 1")
            number = None
        dealer = reading.seat(entry["dealer"], keys + ("dealer",))
        trump = reading.card(entry["trump"], keys + ("trump",))
        lists = {}
        for key in ("wagers", "card_points", "wager_won", "hand_scores"):
            items_ = reader.sequence(entry[key], keys + (key,), n)
            if items_ is None:
                continue
            if key == "wagers":
                values: list[Any] = [reader.choice(v, keys + (key, s), WAGERS) for s, v in enumerate(items_)]
            elif key == "wager_won":
                values = [reader.flag(v, keys + (key, s)) for s, v in enumerate(items_)]
            else:
                values = [reader.whole(v, keys + (key, s), 0, MAX_COUNT) for s, v in enumerate(items_)]
            if all(v is not None for v in values):
                lists[key] = tuple(values)
        if number is None or dealer is None or trump is None or len(lists) < 4:
            continue
        if trump == REAPER:
            reader.problem(keys + ("trump",), "cannot be a Reaper: a Reaper is never trump")
            continue
        history.append(HandResult(number, dealer, trump, lists["wagers"], lists["card_points"],
                                  lists["wager_won"], lists["hand_scores"]))
    return history if len(history) == len(items) else None


def _read_counts(reading: _Reading, value: Any) -> dict[str, int]:
    """The figures the history cannot give (zeros when left out)."""
    zero = {key: 0 for key in COUNTS}
    return zero if value is None else reading.reader.counts(value, ("counts",), COUNTS, MAX_COUNT) or zero


def _read_next_decks(reading: _Reading, value: Any) -> list[list[str]]:
    """Stacked decks of the next hands (none when left out)."""
    if value is None:
        return []
    decks = reading.reader.each(value, ("next_decks",), lambda item, keys: _read_next_deck(reading, item, keys))
    return decks or []


def _read_next_deck(reading: _Reading, value: Any, keys: Keys) -> list[str] | None:
    """One stacked deck: the whole deck, in any order."""
    deck = reading.cards(value, keys)
    return deck if deck is not None and reading.places.whole_list(deck, keys) else None
