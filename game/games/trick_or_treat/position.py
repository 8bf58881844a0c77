"""Trick or Treat positions: a game in progress as plain data (``POSITIONS.md`` documents the format).

``position_of`` writes every fact of a state, secrets included: each seat's hand and face-down card, the
supply in order, the cards out of play, the next deal's stacked deck. ``state_from_position`` reads one
back, checking every card, count and phase against the rules before it builds anything, so that a
hand-written position either loads whole or is refused with the key of each problem.
"""

from __future__ import annotations

from typing import Any, Mapping

from game.core.bounded import quote
from game.core.contracts import GameState, make_rng
from game.core.position import PositionReader
from game.core.position_reader import Places

from game.core.config import config_from
from game.games.trick_or_treat.rules import (
    BLACK_JOKER, COLOURED_JOKER, DECLARE, OVER, PICK, PLAY, Config, TrickOrTreatState, card_rank, card_text,
    parse_card, settle,
)

PHASES = (PLAY, DECLARE, PICK, OVER)
KEYS = ("phase", "to_move", "dealer", "deal", "tricks_played", "seats", "trick", "pot", "supply",
        "earlier_tricks", "out_of_play", "next_deck", "totals")
OPTIONAL_KEYS = ("next_deck", "totals")
"""Keys a hand-written position may leave out: no stacked next deal, running totals of zero."""
SEAT_KEYS = ("hand", "card", "joker", "candy")
TRICK_KEYS = ("revealed", "winner", "tied", "joker_jackpot", "next_dealer", "pickers")
TOTALS = ("jackpots", "jackpot_candy", "joker_jackpots", "tie_tricks", "highest_tied", "bigger_jackpot_candy",
          "jokers_high", "jokers_low")
"""The running totals a finished game's figures report (tricks and deals are ``tricks_played`` and ``deal``)."""
CANDY_TOTALS = ("jackpot_candy", "bigger_jackpot_candy")
"""The totals that count pieces of candy (each came out of the supply); the others count tricks."""
DECLARATIONS = ("high", "low")
CARD_HELP = "write a rank and a suit such as 7H, 10S or AC, or CJ / BJ for the coloured and black jokers"

Keys = tuple[Any, ...]


# --------------------------------------------------------------------------------------------- writing

def position_of(state: GameState) -> dict[str, Any]:
    """The game's own keys of ``state``'s position."""
    assert isinstance(state, TrickOrTreatState)  # GameSpec takes any game's state; ours is passed
    kinds = state.config.kinds
    n = state.num_players
    earlier = state.seen[: len(state.seen) - n] if state.revealed else state.seen
    return {
        "phase": state.phase,
        "to_move": None if state.phase == OVER else state.current_player(),
        "dealer": state.dealer,
        "deal": state.deal_number,
        "tricks_played": state.trick_number,
        "seats": [{
            "hand": [card_text(c) for c in sorted(hand)],
            "card": None if card is None else card_text(card),
            "joker": None if high is None else "high" if high else "low",
            "candy": dict(zip(kinds, candy)),
        } for hand, card, high, candy in zip(state.hands, state.played, state.declared, state.candy)],
        "trick": {
            "revealed": state.revealed,
            "winner": state.trick_winner,
            "tied": list(state.tied),
            "joker_jackpot": state.joker_jackpot,
            "next_dealer": state.next_dealer,
            "pickers": list(state.pickers),
        },
        "pot": dict(zip(kinds, state.pot)),
        "supply": [kinds[k] for k in reversed(state.supply)],
        "earlier_tricks": [card_text(c) for c in earlier],
        "out_of_play": [card_text(c) for c in state.out_of_play],
        "next_deck": None if state.pending_deck is None else [card_text(c) for c in state.pending_deck],
        "totals": {key: state.stats[key] for key in TOTALS},
    }


# --------------------------------------------------------------------------------------------- reading

class _Reading:
    """The values of one position as they are read, before they are checked against each other."""

    def __init__(self, config: Config, players: int) -> None:
        self.config = config
        self.players = players
        self.supply_counts = config.supply_counts(players)
        """Each kind's pieces in the whole game: the starting supply, which no rule adds to or takes from."""
        self.pieces = sum(self.supply_counts)
        self.reader = PositionReader()
        self.places = Places(self.reader, range(config.deck_size), card_text)
        """Where each card is listed, to name both places of a card listed twice."""

    def card(self, value: Any, keys: Keys, placed: bool = True) -> int | None:
        """One card by its text; ``placed``: it takes a place in the deal (listed once across the position)."""
        reader = self.reader
        if not isinstance(value, str):
            reader.problem(keys, f"must be a card's name, not {quote(value)}: {CARD_HELP}")
            return None
        try:
            card = parse_card(value)
        except ValueError:
            reader.problem(keys, f"{quote(value)} is not a card: {CARD_HELP}")
            return None
        if card >= self.config.deck_size:
            reader.problem(keys, f"{value} is not in this variant's deck: it plays without the jokers")
            return None
        return card if not placed or self.places.place(card, keys) else None

    def cards(self, value: Any, keys: Keys, placed: bool = True) -> list[int] | None:
        return self.reader.each(value, keys, lambda item, at: self.card(item, at, placed))

    def candy(self, value: Any, keys: Keys) -> list[int] | None:
        """Pieces by kind from a mapping of kind names to counts (a kind left out counts 0)."""
        counts = self.reader.counts(value, keys, self.config.kinds, self.pieces)
        return None if counts is None else list(counts.values())


def state_from_position(body: Mapping[str, Any], params: Mapping[str, Any], players: int,
                        seed: int) -> TrickOrTreatState:
    """The state a position's own keys describe; ``PositionError`` lists every problem, building nothing."""
    config = config_from(Config, params)
    reading = _Reading(config, players)
    reader = reading.reader
    data = reader.own_keys(body, KEYS, OPTIONAL_KEYS)
    phase = reader.choice(data.get("phase"), ("phase",), PHASES) if "phase" in data else None
    to_move = reader.seat_or_null(data.get("to_move"), ("to_move",), players)
    dealer = reader.seat(data.get("dealer"), ("dealer",), players) if "dealer" in data else None
    deal = reader.whole(data.get("deal"), ("deal",), 1, reading.pieces) if "deal" in data else None
    tricks_played = reader.whole(data.get("tricks_played"), ("tricks_played",), 0, reading.pieces) \
        if "tricks_played" in data else None
    seats = _read_seats(reading, data.get("seats")) if "seats" in data else None
    trick = _read_trick(reading, data.get("trick")) if "trick" in data else None
    pot = reading.candy(data.get("pot"), ("pot",)) if "pot" in data else None
    supply = _read_supply(reading, data.get("supply")) if "supply" in data else None
    earlier = reading.cards(data.get("earlier_tricks"), ("earlier_tricks",)) if "earlier_tricks" in data else None
    out = reading.cards(data.get("out_of_play"), ("out_of_play",)) if "out_of_play" in data else None
    next_deck = _read_next_deck(reading, data.get("next_deck"))
    totals = _read_totals(reading, data.get("totals"))
    reader.done()
    assert phase is not None and dealer is not None and deal is not None and tricks_played is not None
    assert seats is not None and trick is not None and pot is not None and supply is not None
    assert earlier is not None and out is not None
    hands, played, declared, candy = seats
    _check_cards(reading, hands, played, earlier, out)
    _check_phase(reading, phase, to_move, dealer, hands, played, declared, trick, pot, supply)
    _check_counts(reading, tricks_played, earlier)
    _check_candy(reading, candy, pot, supply)
    _check_progress(reading, phase != OVER, deal, tricks_played, len(supply), totals)
    reader.done()
    state = TrickOrTreatState(config, players, make_rng(seed))
    revealed = bool(trick["revealed"])
    state.hands = [sorted(hand) for hand in hands]
    state.out_of_play = out
    state.seen = earlier + ([c for c in played if c is not None] if revealed else [])
    state.dealer = dealer
    state.phase = phase
    state.turn = to_move if phase == PLAY and to_move is not None else dealer
    state.played = played
    state.revealed = revealed
    state.declared = declared
    state.declare_queue = [to_move] if phase == DECLARE and to_move is not None else []
    state.pickers = list(trick["pickers"])
    state.pot = pot
    state.supply = supply[::-1]
    state.candy = candy
    state.deal_number = deal
    state.trick_number = tricks_played
    state.trick_winner = trick["winner"]
    state.tied = tuple(trick["tied"])
    state.joker_jackpot = bool(trick["joker_jackpot"])
    state.next_dealer = trick["next_dealer"]
    state.pending_deck = next_deck
    state.stats = {"tricks": tricks_played, "deals": deal, **totals,
                   "pot_left": sum(pot) if phase == OVER else 0}
    return state


def _read_seats(reading: _Reading, value: Any
                ) -> tuple[list[list[int]], list[int | None], list[bool | None], list[list[int]]] | None:
    """Every seat's hand, card on the trick, joker declaration (``True``: high) and candy."""
    reader = reading.reader
    items = reader.seat_list(value, reading.players)
    if items is None:
        return None
    hands: list[list[int]] = []
    played: list[int | None] = []
    declared: list[bool | None] = []
    candy: list[list[int]] = []
    for _, keys, seat in reader.entries(items, ("seats",), SEAT_KEYS, partial=True):
        hand = reading.cards(seat.get("hand"), keys + ("hand",)) if "hand" in seat else None
        card = None if seat.get("card") is None else reading.card(seat["card"], keys + ("card",))
        joker = seat.get("joker")
        high = None if joker is None else reader.choice(joker, keys + ("joker",), DECLARATIONS)
        pieces = reading.candy(seat.get("candy"), keys + ("candy",)) if "candy" in seat else None
        if hand is None or pieces is None or (seat.get("card") is not None and card is None) or (
                joker is not None and high is None):
            continue
        hands.append(hand)
        played.append(card)
        declared.append(None if high is None else high == "high")
        candy.append(pieces)
    return (hands, played, declared, candy) if len(hands) == len(items) else None


def _read_trick(reading: _Reading, value: Any) -> dict[str, Any] | None:
    """The trick in progress: whether it is revealed, and its outcome while players pick."""
    reader = reading.reader
    keys: Keys = ("trick",)
    trick = reader.entry(value, keys, TRICK_KEYS)
    if trick is None:
        return None
    n = reading.players
    out = {
        "revealed": reader.flag(trick["revealed"], keys + ("revealed",)),
        "winner": reader.seat_or_null(trick["winner"], keys + ("winner",), n),
        "tied": reader.seats(trick["tied"], keys + ("tied",), n),
        "joker_jackpot": reader.flag(trick["joker_jackpot"], keys + ("joker_jackpot",)),
        "next_dealer": reader.seat_or_null(trick["next_dealer"], keys + ("next_dealer",), n),
        "pickers": reader.seats(trick["pickers"], keys + ("pickers",), n),
    }
    bad = [key for key in ("revealed", "tied", "joker_jackpot", "pickers") if out[key] is None]
    bad += [key for key in ("winner", "next_dealer") if out[key] is None and trick[key] is not None]
    return None if bad else out


def _read_supply(reading: _Reading, value: Any) -> list[int] | None:
    """The supply's candy kinds, top first."""
    kinds = reading.config.kinds
    supply = reading.reader.each(value, ("supply",), lambda item, keys: reading.reader.choice(item, keys, kinds))
    return None if supply is None else [kinds.index(kind) for kind in supply]


def _read_next_deck(reading: _Reading, value: Any) -> list[int] | None:
    """The next deal's stacked deck (the whole deck), or ``None``: shuffled from the seed."""
    if value is None:
        return None
    deck = reading.cards(value, ("next_deck",), placed=False)
    return deck if deck is not None and reading.places.whole_list(deck, ("next_deck",)) else None


def _read_totals(reading: _Reading, value: Any) -> dict[str, int]:
    """The running totals a finished game's figures report (zeros when left out)."""
    zero = {key: 0 for key in TOTALS}
    return zero if value is None else reading.reader.counts(value, ("totals",), TOTALS, reading.pieces) or zero


# -------------------------------------------------------------------------------------------- checking

def _check_cards(reading: _Reading, hands: list[list[int]], played: list[int | None], earlier: list[int],
                 out: list[int]) -> None:
    """Every card in one place; every seat dealt as many; earlier tricks whole."""
    reader = reading.reader
    n = reading.players
    reading.places.listed_nowhere("every card is in a hand, a seat's card, earlier_tricks or out_of_play")
    dealt = [len(hands[s]) + (played[s] is not None) for s in range(n)]
    for s in range(1, n):
        if dealt[s] != dealt[0]:
            reader.problem(("seats", s, "hand"), f"seat {s} holds {dealt[s]} card(s) counting its card on the "
                           f"trick, but seat 0 holds {dealt[0]}: every seat plays one card a trick from hands "
                           "dealt alike")
    if len(earlier) % n:
        reader.problem(("earlier_tricks",), f"holds {len(earlier)} cards, not whole tricks of {n} cards")


def _check_counts(reading: _Reading, tricks_played: int, earlier: list[int]) -> None:
    reader = reading.reader
    this_deal = len(earlier) // reading.players
    if tricks_played < this_deal:
        reader.problem(("tricks_played",), f"is {tricks_played}, but earlier_tricks holds {this_deal} tricks of "
                                           "this deal")


def _check_candy(reading: _Reading, candy: list[list[int]], pot: list[int], supply: list[int]) -> None:
    """Every piece of each kind in one place: the seats' candy, the pot or the supply (candy only moves)."""
    for kind, name in enumerate(reading.config.kinds):
        held, in_pot, left = sum(seat[kind] for seat in candy), pot[kind], supply.count(kind)
        whole = reading.supply_counts[kind]
        if held + in_pot + left != whole:
            reading.reader.problem((), f"the {name} does not add up: the seats hold {held}, the pot {in_pot} and the "
                                       f"supply {left}, {held + in_pot + left} in all, but this game has {whole} "
                                       f"(supply_per_player for {reading.players} players, shared among the kinds)")


def _check_progress(reading: _Reading, in_play: bool, deal: int, tricks_played: int, left: int,
                    totals: dict[str, int]) -> None:
    """Deals, tricks and running totals the candy taken from the supply allows: every trick begins by taking
    at least one piece (the game ends when none is left), and every deal plays at least one trick."""
    reader = reading.reader
    taken = reading.pieces - left
    started = tricks_played + int(in_play)
    now = " counting the trick in play" if in_play else ""
    if started > taken:
        reader.problem(("tricks_played",), f"is {tricks_played}, but {started} tricks{now} would have taken at least "
                                           f"{started} candy from the supply, and {taken} have left it")
    if deal > started:
        reader.problem(("deal",), f"is {deal}, but {started} tricks{now} have begun, and every deal plays "
                                  "at least one")
    for key in TOTALS:
        most, what = (taken, "candy have left the supply") if key in CANDY_TOTALS else (started, f"tricks{now} "
                                                                                                   "have begun")
        if totals[key] > most:
            reader.problem(("totals", key), f"is {totals[key]}, but only {most} {what}")


def _check_phase(reading: _Reading, phase: str, to_move: int | None, dealer: int, hands: list[list[int]],
                 played: list[int | None], declared: list[bool | None], trick: dict[str, Any], pot: list[int],
                 supply: list[int]) -> None:
    """The trick in progress and whose decision it is must be what the rules reach in ``phase``."""
    reader = reading.reader
    n = reading.players
    order = [(dealer + i) % n for i in range(n)]
    jokers = [s for s in range(n) if played[s] is not None and (played[s] or 0) >= COLOURED_JOKER]
    for s in range(n):
        if declared[s] is not None and s not in jokers:
            reader.problem(("seats", s, "joker"), "must be null: only a played joker is declared high or low")
    revealed = phase in (DECLARE, PICK)
    if trick["revealed"] != revealed:
        reader.problem(("trick", "revealed"), f"must be {str(revealed).lower()} in the {phase} phase: the "
                       "cards are revealed once every seat has played, until the trick ends")
    if phase == PLAY:
        _check_play(reading, to_move, order, played, hands)
    elif phase == OVER:
        for s in range(n):
            if played[s] is not None:
                reader.problem(("seats", s, "card"), "must be null: no trick is played once the game is over")
        if to_move is not None:
            reader.problem(("to_move",), "must be null: nobody moves once the game is over")
        need = n - 1
        if supply and not (len(supply) < need and reading.config.short_top_up == "end-game"):
            reader.problem(("supply",), "must be empty (or, under the end-game rule, too short to top up the "
                           "pot) when the game is over")
    else:
        for s in range(n):
            if played[s] is None:
                reader.problem(("seats", s, "card"), f"is missing: in the {phase} phase every seat has played")
        if any(c is None for c in played):
            return
        if phase == DECLARE:
            _check_declare(reading, to_move, jokers, declared)
        else:
            _check_pick(reading, to_move, order, played, declared, jokers, trick, pot)
    if phase != PICK:
        for key, empty in (("winner", None), ("tied", []), ("joker_jackpot", False), ("next_dealer", None),
                           ("pickers", [])):
            if trick[key] != empty:
                reader.problem(("trick", key), f"must be {_yaml(empty)} in the {phase} phase: a trick's outcome "
                               "is only kept while its players pick candy")


def _yaml(value: Any) -> str:
    """A value as a position writes it, for a message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    return f"[{', '.join(map(str, value))}]" if isinstance(value, list) else str(value)


def _check_play(reading: _Reading, to_move: int | None, order: list[int], played: list[int | None],
                hands: list[list[int]]) -> None:
    reader = reading.reader
    done = 0
    while done < len(order) and played[order[done]] is not None:
        done += 1
    if done == len(order):
        reader.problem(("phase",), "must be declare or pick: every seat has played, so the cards are revealed")
        return
    for seat in order[done:]:
        if played[seat] is not None:
            reader.problem(("seats", seat, "card"), f"must be null: seat {order[done]} plays before seat {seat} "
                           "(cards are played in turn from the dealer to the left)")
    due = order[done]
    if not any(c is not None for c in played) and not hands[due]:
        reader.problem(("seats", due, "hand"), "must hold a card: the seat to play has none (a new deal comes "
                       "before a trick when the hands are empty)")
    if to_move != due:
        reader.problem(("to_move",), f"must be {due}: the next seat from the dealer that has not played")


def _check_declare(reading: _Reading, to_move: int | None, jokers: list[int],
                   declared: list[bool | None]) -> None:
    reader = reading.reader
    if len(jokers) != 1:
        reader.problem(("phase",), f"cannot be declare: {len(jokers)} jokers are on the trick, and only a lone "
                       "joker is declared")
        return
    seat = jokers[0]
    if declared[seat] is not None:
        reader.problem(("seats", seat, "joker"), "must be null: this joker's declaration is the decision due")
    if to_move != seat:
        reader.problem(("to_move",), f"must be {seat}: the seat that played the joker declares it")


def _check_pick(reading: _Reading, to_move: int | None, order: list[int], played: list[int | None],
                declared: list[bool | None], jokers: list[int], trick: dict[str, Any], pot: list[int]) -> None:
    reader = reading.reader
    config = reading.config
    cards = [c or 0 for c in played]
    pickers: list[int] = trick["pickers"]
    if len([k for k in pot if k > 0]) < 2:
        reader.problem(("pot",), "must hold at least two kinds of candy in the pick phase (a pot of one kind is "
                       "handed out without a choice)")
    if not pickers:
        reader.problem(("trick", "pickers"), "must name the seats still to pick in the pick phase")
    elif to_move != pickers[0]:
        reader.problem(("to_move",), f"must be {pickers[0]}: the first of the trick's pickers")
    expect: dict[str, Any]
    if len(jokers) == 2:
        coloured, black = cards.index(COLOURED_JOKER), cards.index(BLACK_JOKER)
        for s in jokers:
            if declared[s] is not None:
                reader.problem(("seats", s, "joker"), "must be null: two jokers make a joker jackpot, undeclared")
        expect = {"winner": None, "tied": [], "joker_jackpot": True,
                  "next_dealer": coloured if config.joker_jackpot_dealer == "coloured-joker" else order[0]}
        for i, seat in enumerate(pickers):
            if seat not in (coloured, black) or (i and seat == pickers[i - 1]):
                reader.problem(("trick", "pickers", i), f"must be seat {coloured} or {black} taking turns: the "
                               "two jokers' players share a joker jackpot one piece at a time")
                break
    else:
        if jokers and declared[jokers[0]] is None:
            reader.problem(("seats", jokers[0], "joker"), "must be high or low: a lone joker is declared before "
                           "anyone picks")
            return
        top_seats, tied, full = settle(list(map(card_rank, cards, declared)), order[0], config.every_tie_skips)
        if len(top_seats) > 1 and order[0] in top_seats:
            reader.problem(("phase",), f"cannot be pick: the dealer (seat {order[0]}) ties for the highest card "
                           "and takes the whole pot as a jackpot")
            return
        winner = top_seats[0] if len(top_seats) == 1 else None
        expect = {"winner": winner, "tied": tied, "joker_jackpot": False,
                  "next_dealer": order[0] if winner is None else winner}
        if pickers and pickers != full[len(full) - len(pickers):]:
            reader.problem(("trick", "pickers"), f"must be the last seats of the picking order "
                           f"{', '.join(map(str, full)) or '(nobody)'} (highest card first), not "
                           f"{', '.join(map(str, pickers))}")
    for key, value in expect.items():
        if trick[key] != value:
            reader.problem(("trick", key), f"must be {_yaml(value)}: "
                           "that is what the trick's cards make it")
