"""What a Reapers position must fit, by the rules: scored hands that add up, the draft so far, wagers, tricks
and whose decision it is in each phase. ``position_load`` reads the values and calls these before it builds a
state; each problem is noted at its key.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from game.core.position import PositionReader
from game.core.position_reader import key_text
from game.games.reapers.cards import REAPER, card_name

from .config import DRAFT, OVER, WAGER, Config
from .events import HandResult
from .scoring import EXTRA_HANDS_SAFETY_BOUND, wager_won

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


def slot_size(cfg: Config, slot: int) -> int:
    """Piles of 3 take the first slots, pairs the rest (``DraftMixin._start_hand``)."""
    return 3 if slot < cfg.piles_of_three else 2


def check_history(reader: PositionReader, cfg: Config, history: list[HandResult], seats: list[Seat], hand: int,
                  dealer: int, phase: str) -> None:
    """Scored hands that add up: wagers paid as the rules pay them, totals their sums, dealers in turn, and a
    game that is over exactly when the rules end it."""
    n = cfg.players
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
            won = wager_won(result.wagers[s], s, points, cfg)
            if result.wager_won[s] != won:
                reader.problem(keys + ("wager_won", s), f"must be {str(won).lower()}: that is how the rules pay "
                               f"a '{result.wagers[s]}' wager on these card points")
            elif result.hand_scores[s] != points[s] + (cfg.bonus(result.wagers[s]) if won else 0):
                due = points[s] + (cfg.bonus(result.wagers[s]) if won else 0)
                reader.problem(keys + ("hand_scores", s), f"must be {due}: the card points plus the bonus of a wager "
                                                          "paid")
    for s in range(n):
        total = sum(result.hand_scores[s] for result in history)
        if seats[s].total != total:
            reader.problem(("seats", s, "total"), f"must be {total}: the sum of the seat's hand scores in history")
    totals = [sum(result.hand_scores[s] for result in history) for s in range(n)]
    if not history:
        if phase == OVER:
            reader.problem(("phase",), "cannot be over before any hand is scored")
        return
    regular = cfg.hands
    for done in range(regular, len(history) + 1):
        sums = [sum(result.hand_scores[s] for result in history[:done]) for s in range(n)]
        leaders = [s for s in range(n) if sums[s] == max(sums)]
        extra = done - regular
        limit = cfg.max_extra_hands or EXTRA_HANDS_SAFETY_BOUND
        ends = len(leaders) == 1 or not cfg.extra_hands_on_tie or extra >= limit
        if ends and done < len(history):
            reader.problem(("history", done), f"cannot be: the game ended after hand {done}")
            return
        if done == len(history) and ends != (phase == OVER):
            reader.problem(("phase",), "must be over: the rules end the game after the last hand scored" if ends
                           else f"cannot be over: seats {', '.join(map(str, leaders))} tie for the top total "
                           f"of {max(totals)}, so an extra hand is due")
    if phase == OVER and len(history) < regular:
        reader.problem(("phase",), f"cannot be over after {len(history)} of the {regular} hands")


def check_draft(reader: PositionReader, cfg: Config, phase: str, dealer: int, draft_order: list[int],
                picks_made: int, seats: list[Seat], piles: list[tuple[str, ...] | None]) -> None:
    """The draft so far: the snake order, the piles each seat took, the pair rule and the slots left."""
    n = cfg.players
    first = (dealer + 1) % n
    forward = [(first + i) % n for i in range(n)]
    order: list[int] = []
    for round_ in range(cfg.picks_each):
        order += forward if round_ % 2 == 0 else forward[::-1]
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
        if pairs > cfg.pairs_per_player or triples > cfg.picks_each - cfg.pairs_per_player:
            reader.problem(("seats", s, "drafted"), f"holds {pairs} pair(s) and {triples} pile(s) of 3: a seat "
                           f"takes {cfg.pairs_per_player} pair(s) and {cfg.picks_each - cfg.pairs_per_player} "
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
            owed = cfg.pairs_per_player - sum(len(c) == 2 for _, c in seats[picker].drafted)
            picks_left = cfg.picks_each - len(seats[picker].drafted)
            if not any((len(p) == 2 and owed > 0) or (len(p) == 3 and owed < picks_left)
                       for p in piles if p is not None):
                reader.problem(("piles",), f"leave seat {picker} no pile it may take (the pair rule)")
    elif left:
        reader.problem(("piles", left[0]), f"must be null in the {phase} phase: the pile left after the draft "
                       "became the Graveyard")


def check_table(reader: PositionReader, cfg: Config, phase: str, to_move: int | None, dealer: int,
                draft_order: list[int], picks_made: int, leader: int, tricks_done: int, seats: list[Seat],
                piles: list[tuple[str, ...] | None], graveyard: list[str], graveyard_reapers: int,
                trick: list[tuple[int, str]], discards: list[str]) -> None:
    """Wagers, tricks and whose decision it is, as the phase has them."""
    n = cfg.players
    wager_order = [(dealer + 1 + i) % n for i in range(n)]
    placed = [s for s in wager_order if seats[s].wager is not None]
    first = (dealer + 1) % n
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
    size = slot_size(cfg, min(slots)) if len(slots) == 1 else 0
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


def trick_state(cfg: Config, leader: int, trick: list[tuple[int, str]]) -> tuple[str | None, bool]:
    """The led suit and whether a Reaper has taken from the Graveyard this trick (``TrickMixin._play_card``)."""
    lead: str | None = None
    used = False
    for seat, card in trick:
        if card == REAPER:
            if not (lead is None and (seat == leader or cfg.passed_lead_is_lead)):
                used = True
        elif lead is None:
            lead = card[0]
    return lead, used

