"""Reapers positions: a game in progress as plain data (``POSITIONS.md`` documents the format), written, checked
and read back.

``position_of`` writes every fact of a state, the secret wagers included, with cards named as the log names
them (``7 of daggers``, ``Demon of poison``, ``Reaper``); ``card_code`` reads a name back.

``state_from_position`` checks every card, count and phase against the rules, refusing with the key of each
problem before it builds anything, and builds through ``ReapersState.from_observation`` (the full truth is a
spectator's view plus the wagers) so that the state's own bookkeeping stays the engine's business. What the
rules derive (the draft and wager orders, the led suit, whether a Reaper has taken this trick, extra hands,
figures) is derived again.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from game.core.bounded import quote
from game.core.contracts import TERMINAL, GameState, make_rng
from game.core.position import PositionReader
from game.core.position_reader import Places, key_text
from game.games.reapers.rules import DRAFT, OVER, PLAY, WAGER, HandResult, ReapersObservation, ReapersState, Rules
from game.games.reapers.rules.cards import (
    DEMON_RANK, REAPER, SUIT_NAMES, WAGERS, card_name, graveyard_key, sort_key,
)
from game.games.reapers.rules.state import EXTRA_HANDS_SAFETY_BOUND, wager_won

KEYS = ("phase", "to_move", "hand", "dealer", "draft_order", "picks_made", "leader", "tricks_done", "seats",
        "trump", "reapers_returned", "piles", "graveyard", "graveyard_reapers", "trick", "discards", "history",
        "counts", "next_decks")
COUNTS = ("reaper_takes", "demons_taken")
"""The figures a position keeps (the others are the history's: hands, extra hands, wagers made and paid)."""
_SUIT_OF_NAME = {name: letter for letter, name in SUIT_NAMES.items()}
_NAME = re.compile(r"^\s*(\d{1,3}|demon) of (\w+)\s*$", re.IGNORECASE)


def position_of(state: GameState) -> dict[str, Any]:
    """The game's own keys of ``state``'s position."""
    assert isinstance(state, ReapersState)  # GameSpec takes any game's state; ours is passed
    n = state.num_players
    over = state.phase == OVER
    return {
        "phase": state.phase,
        "to_move": None if over else state.current_player(),
        "hand": state.hands_played + (0 if over else 1),
        "dealer": state.dealer,
        "draft_order": list(state.draft_order),
        "picks_made": state.picks_made,
        "leader": state.leader,
        "tricks_done": state.tricks_done,
        "seats": [{
            "hand": names(state.hands[s]),
            "wager": state.wagers[s],
            "drafted": [{"pile": slot, "cards": names(cards)} for slot, cards in state.drafted[s]],
            "played": names(state.played[s]),
            "score_pile": names(state.score_piles[s]),
            "total": state.totals[s],
        } for s in range(n)],
        "trump": card_name(state.trump),
        "reapers_returned": state.reapers_returned,
        "piles": [None if pile is None else names(pile) for pile in state.piles],
        "graveyard": names(state.graveyard),
        "graveyard_reapers": state.graveyard_reapers,
        "trick": [{"seat": seat, "card": card_name(card)} for seat, card in state.trick],
        "discards": names(state.discards),
        "history": [{
            "hand": result.hand,
            "dealer": result.dealer,
            "trump": card_name(result.trump),
            "wagers": list(result.wagers),
            "card_points": list(result.card_points),
            "wager_won": list(result.wager_won),
            "hand_scores": list(result.hand_scores),
        } for result in state.history],
        "counts": {key: state.stats.get(key, 0) for key in COUNTS},
        "next_decks": [names(deck) for deck in state.stacked],
    }


def names(cards: Sequence[str]) -> list[str]:
    """Cards by the names a position writes."""
    return [card_name(c) for c in cards]


def card_code(text: str) -> str | None:
    """The card a name stands for (``7 of daggers`` -> ``D7``), or ``None``: not a card's name."""
    if text.strip().lower() == "reaper":
        return REAPER
    match = _NAME.match(text)
    if match is None:
        return None
    rank, suit = match.group(1).lower(), _SUIT_OF_NAME.get(match.group(2).lower())
    if suit is None:
        return None
    return suit + (DEMON_RANK if rank == "demon" else str(int(rank)))


# --------------------------------------------------------------------------------------------- checks

Keys = tuple[Any, ...]


@dataclass
class Seat:
    """One seat as read."""

    hand: list[str]
    wager: str | None
    drafted: list[tuple[int, tuple[str, ...]]]
    played: list[str]
    score_pile: list[str]
    total: int


def slot_size(rules: Rules, slot: int) -> int:
    """Piles of 3 take the first slots, pairs the rest (``ReapersState._start_hand``)."""
    return 3 if slot < rules.piles_of_three else 2


def check_history(reader: PositionReader, rules: Rules, history: list[HandResult], seats: list[Seat], hand: int,
                  dealer: int, phase: str) -> None:
    """Scored hands that add up: wagers paid as the rules pay them, totals their sums, dealers in turn, and a
    game that is over exactly when the rules end it."""
    n = rules.players
    scored = hand if phase == OVER else hand - 1
    if len(history) != scored:
        reader.problem(("history",), f"must hold the {scored} scored hand(s) before this one, not {len(history)}"
                       if phase != OVER else f"must hold all {scored} scored hands of a finished game, not "
                       f"{len(history)}")
        return
    for i, result in enumerate(history):
        keys: Keys = ("history", i)
        due = (dealer - (len(history) - i) + (1 if phase == OVER else 0)) % n
        if result.dealer != due:
            reader.problem(keys + ("dealer",), f"must be {due}: the deal passes to the left each hand")
        points = result.card_points
        for s in range(n):
            won = wager_won(result.wagers[s], s, points, rules)
            score = points[s] + (rules.bonus(result.wagers[s]) if won else 0)
            if result.wager_won[s] != won:
                reader.problem(keys + ("wager_won", s), f"must be {str(won).lower()}: that is how the rules pay "
                               f"a '{result.wagers[s]}' wager on these card points")
            elif result.hand_scores[s] != score:
                reader.problem(keys + ("hand_scores", s), f"must be {score}: the card points plus the bonus of a "
                                                          "wager paid")
    totals = [sum(result.hand_scores[s] for result in history) for s in range(n)]
    for s in range(n):
        if seats[s].total != totals[s]:
            reader.problem(("seats", s, "total"), f"must be {totals[s]}: the sum of the seat's hand scores in "
                                                  "history")
    if not history:
        if phase == OVER:
            reader.problem(("phase",), "cannot be over before any hand is scored")
        return
    regular = rules.hands
    for done in range(regular, len(history) + 1):
        sums = [sum(result.hand_scores[s] for result in history[:done]) for s in range(n)]
        leaders = [s for s in range(n) if sums[s] == max(sums)]
        extra = done - regular
        limit = rules.max_extra_hands or EXTRA_HANDS_SAFETY_BOUND
        ends = len(leaders) == 1 or not rules.extra_hands_on_tie or extra >= limit
        if ends and done < len(history):
            reader.problem(("history", done), f"cannot be: the game ended after hand {done}")
            return
        if done == len(history) and ends != (phase == OVER):
            reader.problem(("phase",), "must be over: the rules end the game after the last hand scored" if ends
                           else f"cannot be over: seats {', '.join(map(str, leaders))} tie for the top total "
                           f"of {max(totals)}, so an extra hand is due")
    if phase == OVER and len(history) < regular:
        reader.problem(("phase",), f"cannot be over after {len(history)} of the {regular} hands")


def check_draft(reader: PositionReader, rules: Rules, phase: str, dealer: int, draft_order: list[int],
                picks_made: int, seats: list[Seat], piles: list[tuple[str, ...] | None]) -> None:
    """The draft so far: the snake order, the piles each seat took, the pair rule and the slots left."""
    order = list(rules.draft_order(dealer))
    if draft_order != order:
        reader.problem(("draft_order",), f"must be {', '.join(map(str, order))}: the snake from the dealer's left")
        return
    taken = sum(len(s.drafted) for s in seats)
    if picks_made != taken:
        reader.problem(("picks_made",), f"must be {taken}: the piles the seats have drafted")
        return
    due = order[picks_made:] if phase == DRAFT else []
    if phase != DRAFT and picks_made != len(order):
        reader.problem(("phase",), f"must be draft: {len(order) - picks_made} pick(s) of the draft are left")
        return
    slots_taken: dict[int, Keys] = {}
    for s, seat in enumerate(seats):
        want = order[:picks_made].count(s)
        if len(seat.drafted) != want:
            reader.problem(("seats", s, "drafted"), f"must hold {want} pile(s): seat {s}'s picks in the first "
                           f"{picks_made} of the draft order")
        pairs = sum(len(cards) == 2 for _, cards in seat.drafted)
        triples = len(seat.drafted) - pairs
        if pairs > rules.pairs_per_player or triples > rules.picks_each - rules.pairs_per_player:
            reader.problem(("seats", s, "drafted"), f"holds {pairs} pair(s) and {triples} pile(s) of 3: a seat "
                           f"takes {rules.pairs_per_player} pair(s) and {rules.picks_each - rules.pairs_per_player} "
                           "pile(s) of 3")
        for i, (slot, _) in enumerate(seat.drafted):
            keys: Keys = ("seats", s, "drafted", i, "pile")
            if slot in slots_taken:
                reader.problem(keys, f"pile {slot} was drafted twice (also at {key_text(slots_taken[slot])})")
            slots_taken[slot] = keys
            if piles[slot] is not None:
                reader.problem(("piles", slot), f"must be null: seat {s} drafted pile {slot}")
        cards = Counter(c for _, pile in seat.drafted for c in pile)
        if Counter(seat.hand) + Counter(seat.played) != cards:
            reader.problem(("seats", s, "hand"), "with the seat's played cards must be the cards of its drafted "
                           "piles")
    left = [slot for slot, pile in enumerate(piles) if pile is not None]
    if phase == DRAFT:
        missing = [slot for slot in range(len(piles)) if piles[slot] is None and slot not in slots_taken]
        if missing:
            reader.problem(("piles", missing[0]), "must hold its cards: nobody has drafted it yet")
        if due and not reader.problems:
            picker = due[0]
            owed = rules.pairs_per_player - sum(len(c) == 2 for _, c in seats[picker].drafted)
            picks_left = rules.picks_each - len(seats[picker].drafted)
            if not any((len(p) == 2 and owed > 0) or (len(p) == 3 and owed < picks_left)
                       for p in piles if p is not None):
                reader.problem(("piles",), f"leave seat {picker} no pile it may take (the pair rule)")
    elif left:
        reader.problem(("piles", left[0]), f"must be null in the {phase} phase: the pile left after the draft "
                       "became the Graveyard")


def check_table(reader: PositionReader, rules: Rules, phase: str, to_move: int | None, dealer: int,
                draft_order: list[int], picks_made: int, leader: int, tricks_done: int, seats: list[Seat],
                piles: list[tuple[str, ...] | None], graveyard: list[str], graveyard_reapers: int,
                trick: list[tuple[int, str]], discards: list[str]) -> None:
    """Wagers, tricks and whose decision it is, as the phase has them."""
    n = rules.players
    wager_order = list(rules.from_dealers_left(dealer))
    placed = [s for s in wager_order if seats[s].wager is not None]
    first = wager_order[0]
    if phase in (DRAFT, WAGER):
        for s, seat in enumerate(seats):
            if seat.played or seat.score_pile:
                key = "played" if seat.played else "score_pile"
                reader.problem(("seats", s, key), f"must be empty in the {phase} phase: no card is played yet")
        if trick:
            reader.problem(("trick",), f"must be empty in the {phase} phase")
        if leader != first or tricks_done:
            reader.problem(("leader",) if leader != first else ("tricks_done",),
                           f"must be {first if leader != first else 0} before the first trick: the dealer's left "
                           "leads")
    if phase == DRAFT:
        if placed:
            reader.problem(("seats", placed[0], "wager"), "must be null: wagers are placed after the draft")
        if graveyard or graveyard_reapers:
            reader.problem(("graveyard",), "must be empty in the draft: the Graveyard is the pile left after it")
        if discards:
            reader.problem(("discards",), "must be empty in the draft: no card is discarded yet")
        due = draft_order[picks_made] if picks_made < len(draft_order) else None
        if to_move != due:
            reader.problem(("to_move",), f"must be {due}: the next seat in the draft order")
        return
    slots = set(range(len(piles))) - {slot for seat in seats for slot, _ in seat.drafted}
    size = slot_size(rules, min(slots)) if len(slots) == 1 else 0
    formed = graveyard_reapers + len(graveyard)
    if formed > size or (phase == WAGER and formed != size):
        reader.problem(("graveyard",), f"holds {formed} card(s) with its {graveyard_reapers} Reaper(s), but the "
                       f"pile left after the draft {'held' if size else 'is missing: it held'} {size or '2 or 3'}"
                       f"{'' if phase == WAGER else ' (Reapers take from it)'}")
    if phase == WAGER and discards != [REAPER] * graveyard_reapers:
        reader.problem(("discards",), "must hold only the Graveyard's Reapers before the first trick")
    if phase == WAGER:
        if placed != wager_order[:len(placed)]:
            reader.problem(("seats",), f"wagers are placed in turn from the dealer's left "
                                       f"({', '.join(map(str, wager_order))}): seats {', '.join(map(str, placed))} "
                                       "have wagered")
        elif len(placed) == n:
            reader.problem(("phase",), "must be play: every seat has wagered")
        elif to_move != wager_order[len(placed)]:
            reader.problem(("to_move",), f"must be {wager_order[len(placed)]}: the next seat to wager")
        return
    for s, seat in enumerate(seats):
        if seat.wager is None:
            reader.problem(("seats", s, "wager"), f"is missing: every seat has wagered in the {phase} phase")
    _check_tricks(reader, n, phase, to_move, leader, tricks_done, seats, trick)


def _check_tricks(reader: PositionReader, n: int, phase: str, to_move: int | None, leader: int, tricks_done: int,
                  seats: list[Seat], trick: list[tuple[int, str]]) -> None:
    """Each trick card in turn from the leader and last in its seat's played cards, and the seat due to play."""
    for i, (player, card) in enumerate(trick):
        if player != (leader + i) % n:
            reader.problem(("trick", i, "seat"), f"must be {(leader + i) % n}: the trick is played in turn from "
                           f"the leader (seat {leader})")
            return
        if not seats[player].played or seats[player].played[-1] != card:
            reader.problem(("seats", player, "played"), f"must end with the {card_name(card)} it played to the "
                           "trick")
            return
    if len(trick) >= n:
        reader.problem(("trick",), f"holds {len(trick)} cards: a trick of {n} ends when its last card is played")
        return
    on_trick = {player for player, _ in trick}
    for s, seat in enumerate(seats):
        want = tricks_done + (s in on_trick)
        if len(seat.played) != want:
            reader.problem(("seats", s, "played"), f"must hold {want} card(s): one for each of the {tricks_done} "
                           f"tricks done{' and its card on this trick' if s in on_trick else ''}")
    if reader.problems:
        return
    if phase == OVER:
        if any(seat.hand for seat in seats) or trick:
            reader.problem(("phase",), "cannot be over with cards still to play: the game ends as a hand is scored")
        if to_move is not None:
            reader.problem(("to_move",), "must be null: nobody moves once the game is over")
        return
    if not any(seat.hand for seat in seats):
        reader.problem(("phase",), "cannot be play with every card played: the hand is scored after its last trick")
        return
    due = (leader + len(trick)) % n
    if to_move != due:
        reader.problem(("to_move",), f"must be {due}: the next seat to play to the trick")


def trick_state(rules: Rules, leader: int, trick: list[tuple[int, str]]) -> tuple[str | None, bool]:
    """The led suit and whether a Reaper has taken from the Graveyard this trick (``ReapersState._apply_play``)."""
    lead: str | None = None
    used = False
    for seat, card in trick:
        if card == REAPER:
            if not (lead is None and (seat == leader or rules.passed_lead_is_lead)):
                used = True
        elif lead is None:
            lead = card[0]
    return lead, used


# --------------------------------------------------------------------------------------------- reading

PHASES = (DRAFT, WAGER, PLAY, OVER)
OPTIONAL_KEYS = ("counts", "next_decks")
"""Keys a hand-written position may leave out: no Reaper takes or Demons counted yet, no stacked decks."""
SEAT_KEYS = ("hand", "wager", "drafted", "played", "score_pile", "total")
HISTORY_KEYS = ("hand", "dealer", "trump", "wagers", "card_points", "wager_won", "hand_scores")
CARD_HELP = "write e.g. '7 of daggers', 'Demon of poison' or 'Reaper' (suits: daggers, poison, plague, pistols)"
MAX_COUNT = 10_000


class _Reading:
    """A position's values as they are read, before they are checked against each other."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.players = rules.players
        self.reader = PositionReader()
        self.places = Places(self.reader, rules.deck, card_name, article="the ")
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
    rules = Rules.of(params, players)
    reading = _Reading(rules)
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
    check_history(reader, rules, history, seats, hand, dealer, phase)
    check_draft(reader, rules, phase, dealer, draft_order, picks_made, seats, piles)
    check_table(reader, rules, phase, to_move, dealer, draft_order, picks_made, leader, tricks_done, seats, piles,
                graveyard, graveyard_reapers, trick, discards)
    reader.done()
    n = players
    hands_played = hand - (0 if phase == OVER else 1)
    extra = max(0, hands_played - rules.hands + (0 if phase == OVER else 1))
    lead_suit, reaper_used = trick_state(rules, leader, trick)
    top = max(s.total for s in seats)
    observation = ReapersObservation(
        seat=None, rules=rules, phase=phase, to_move=TERMINAL if to_move is None else to_move, hand=hand,
        hands_played=hands_played, extra_hands_played=extra, dealer=dealer, trump=trump, trump_suit=trump[0],
        reapers_returned=returned, piles=tuple(piles), draft_order=tuple(draft_order), picks_made=picks_made,
        pairs_taken=tuple(sum(len(cards) == 2 for _, cards in s.drafted) for s in seats),
        drafted=tuple(tuple(s.drafted) for s in seats),
        hands=tuple(tuple(sorted(s.hand, key=sort_key)) for s in seats),
        graveyard=tuple(sorted(graveyard, key=lambda c: graveyard_key(c, rules.demon_value))),
        graveyard_reapers=graveyard_reapers, wager_order=rules.from_dealers_left(dealer),
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
    slots = reading.rules.piles_of_three + reading.rules.piles_of_two
    drafted: list[tuple[int, tuple[str, ...]]] = []
    for i, _, pile in reader.entries(items, keys, ("pile", "cards")):
        slot = reader.whole(pile["pile"], keys + (i, "pile"), 0, slots - 1)
        cards = reading.cards(pile["cards"], keys + (i, "cards"))
        if slot is None or cards is None:
            continue
        size = slot_size(reading.rules, slot)
        if len(cards) != size:
            reader.problem(keys + (i, "cards"), f"must be {size} cards: pile {slot} was a "
                                                f"{'pile of 3' if size == 3 else 'pair'}")
            continue
        drafted.append((slot, tuple(cards)))
    return drafted if len(drafted) == len(items) else None


def _read_piles(reading: _Reading, value: Any) -> list[tuple[str, ...] | None] | None:
    """The face-up piles by slot, ``None`` for one taken."""
    reader = reading.reader
    rules = reading.rules
    slots = rules.piles_of_three + rules.piles_of_two
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
        elif len(cards) != slot_size(rules, slot):
            size = slot_size(rules, slot)
            reader.problem(("piles", slot), f"must be {size} cards (or null once taken): slot {slot} holds a "
                                            f"{'pile of 3' if size == 3 else 'pair'}")
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
