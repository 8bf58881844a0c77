"""What a Nevermore position must fit, by the rules: every card in one place, Health fitting the Ravens, the
draft, and the decision and phase fitting the hands. ``position_load`` calls these on the state it read, before
giving it out; each problem is noted at its key.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from game.core.bounded import quote
from game.core.position import PositionReader

from .cards import CARDS_PER_SUIT, PASSES, SUITS, is_added
from .draft import HAND_SIZE
from .magick_data import MagickCard, deck_list
from .position import KEYS, phase_of, position_of
from .state import NevermoreState

Keys = tuple[Any, ...]


def check(reader: PositionReader, params: Mapping[str, Any], magick: Mapping[str, MagickCard], data: dict[str, Any],
          state: NevermoreState) -> None:
    """Every card in one place, Health fitting the Ravens, and the decision and phase fitting the hands."""
    n = state.num_players
    main = Counter(card for pile in [state.deck, state.discard] + state.hands + state.discarded for card in pile
                   if not is_added(card))
    for suit in SUITS:
        if main[suit] != CARDS_PER_SUIT:
            reader.problem(("deck",), f"the deck, the discard, the hands and the discarded cards hold "
                                      f"{main[suit]} {suit.capitalize()} cards, not {CARDS_PER_SUIT}: each card "
                                      "is in one place")
    if params["magick"]["enabled"]:
        _check_magick(reader, magick, state)
    for s in range(n):
        keys: Keys = ("seats", s)
        if state.raven[s] and state.health[s] > 0:
            reader.problem(keys + ("health",), f"is {state.health[s]}: a Raven has no Health above 0")
        if not state.raven[s] and state.health[s] <= 0 and not state.batches:
            reader.problem(keys + ("health",), f"is {state.health[s]}: a human at 0 Health becomes a Raven "
                                               "once the damage that did it is dealt")
        given = state.pending_pass[s]
        if given is not None:
            if state.draft_round < 0 or len(given) != PASSES[state.draft_round]:
                step = "no draft round" if state.draft_round < 0 else f"{PASSES[state.draft_round]} cards"
                reader.problem(keys + ("pass",), f"passes {len(given)} card(s), but the draft step is {step}")
            elif Counter(given) - Counter(state.hands[s]):
                reader.problem(keys + ("pass",), "holds cards that are not in the seat's hand")
        if Counter(state.kills[s]) - Counter(state.hands[s]):
            reader.problem(keys + ("kills",), "holds cards that are not in the seat's hand: Ravens kill cards "
                                              "of their own hand")
    if state.vp and max(state.vp) >= params["vp_to_win"] * 4:
        reader.problem(("seats",), "holds more VP than a game reaches")
    phase = phase_of(state)
    if data["phase"] != phase:
        reader.problem(("phase",), f"must be {phase}, as the draft step, kills_locked, the tasks and the end "
                                   f"say, not {quote(data['phase'])}")
    elif phase == "draft":
        _check_draft(reader, state)
    _check_decision(reader, params, state)
    ids = [entry[0] for entry in state.stack] + [item[0] for item in state.incoming] + list(state.batches)
    if ids and max(ids) > state.uid:
        reader.problem(("last_id",), f"must be at least {max(ids)}, the highest id in use")
    for i, task in enumerate(reversed(state.tasks)):
        if task[0] in ("hit", "apply_hit", "batch_end") and task[1] not in state.batches:
            reader.problem(("tasks", i, 1), f"names batch {task[1]}, which is not in batches")
    if len(state.incoming) > sum(1 for t in state.tasks if t[0] == "apply_hit"):
        reader.problem(("incoming",), "holds more damage than the tasks apply (each has an apply_hit task)")


def check_spelling(reader: PositionReader, data: dict[str, Any], state: NevermoreState) -> None:
    """Each fact has one spelling (sets and tables sorted, each entry once): a position that reads back
    otherwise is refused at the key that differs, so a loaded position writes out as it was written."""
    again = position_of(state)
    for key in KEYS:
        if again[key] != data[key]:
            reader.problem((key,), f"reads back as {quote(again[key])}: sets and tables are listed in "
                                           "order, each entry once")


def _check_draft(reader: PositionReader, state: NevermoreState) -> None:
    """The draft: hands of five (a pass gives as many cards as it takes), and as many passes delivered as
    draft rounds done; before the deal, no hand at all."""
    n = state.num_players
    dealing = any(task[0] == "deal" for task in state.tasks)
    size = 0 if dealing else HAND_SIZE
    for s in range(n):
        if len(state.hands[s]) != size:
            reader.problem(("seats", s, "hand"), f"holds {len(state.hands[s])} card(s): "
                           + ("no hand is dealt yet (a deal task is pending)" if dealing else
                              f"every hand holds {HAND_SIZE} cards through the draft, each pass taking as many "
                              "cards as it gives"))
    done = max(state.draft_round, 0)
    if len(state.pass_log) != done * n:
        reader.problem(("passes",), f"lists {len(state.pass_log)} pass(es): {done} draft round(s) are done, so "
                                    f"{done * n} passes were delivered this hand")


def _check_decision(reader: PositionReader, params: Mapping[str, Any], state: NevermoreState) -> None:
    """The decision pending fits the seats: in turn, of the right kind for a human or a Raven."""
    pending = state.pending
    if state.over:
        if pending is not None or state.tasks:
            reader.problem(("decision",), "must be null, and tasks empty, once the game is over")
        return
    if pending is None:
        reader.problem(("decision",), "is missing: a game still going has a decision pending")
        return
    kind, seat = pending[0], pending[1]
    order = state.order()
    keys: Keys = ("decision",)
    if kind == "pass":
        if pending[2] != state.draft_round:
            reader.problem(keys + ("round",), f"must be {max(state.draft_round, 0)}, the draft round under way")
        elif state.pending_pass[seat] is not None:
            reader.problem(keys + ("seat",), f"seat {seat} has passed already this round")
        elif len(state.hands[seat]) < PASSES[state.draft_round]:
            reader.problem(("seats", seat, "hand"), f"holds {len(state.hands[seat])} card(s), fewer than the "
                                                    f"{PASSES[state.draft_round]} it must pass")
    if kind == "pass" and state.draft_round >= 0:
        asked = order.index(seat)
        for i, other in enumerate(order):
            if (state.pending_pass[other] is not None) != (i < asked):
                reader.problem(("seats", other, "pass"), f"must be {'a pass' if i < asked else 'null'}: seats "
                               f"pass in priority order ({', '.join(map(str, order))}) and seat {seat} is asked now")
    if kind in ("pass", "kill", "magick", "respond"):
        index = pending[3] if kind in ("magick", "respond") else pending[2] if kind == "kill" else None
        if index is not None and (index >= len(order) or order[index] != seat):
            reader.problem(keys + ("index",), f"must be the seat's place in the priority order "
                                              f"({', '.join(map(str, order))}) from 0")
    if kind == "kill" and state.kills_locked:
        reader.problem(keys + ("kind",), "cannot be kill: the kills are locked")
    if kind == "attack" and state.raven[seat]:
        reader.problem(keys + ("seat",), "must be a human: a Raven leading Attack pecks")
    if kind == "peck" and not state.raven[seat]:
        reader.problem(keys + ("seat",), "must be a Raven: only Ravens peck")
    if kind in ("magick", "respond") and not params["magick"]["enabled"]:
        reader.problem(keys + ("kind",), "cannot be a Magick decision: this variant plays without Magick")


def _check_magick(reader: PositionReader, magick: Mapping[str, MagickCard], state: NevermoreState) -> None:
    """Every copy of every Magick card in one place: decks, discards, Magick hands, the stack, added to a
    hand or discarded from one, or about to be added by an effect under way."""
    held: Counter[str] = Counter()
    for pile in [state.ldeck, state.ldisc, state.sdeck, state.sdisc] + state.magick:
        held.update(pile)
    held.update(entry[2] for entry in state.stack)
    held.update(card.split(":")[1] for pile in state.hands + state.discarded for card in pile if is_added(card))
    adding = set()
    for task in state.tasks:
        if task[0] == "effect":
            _, uid, _, card_id, _, _, raven, _, index = task
            effects = magick[card_id].mode(raven).effects
            if index < len(effects) and effects[index].op == "add_suit":
                adding.add((uid, card_id))
    held.update(card_id for _, card_id in adding)
    whole = Counter(deck_list(magick, "light") + deck_list(magick, "shadow"))
    for card_id in sorted(set(whole) | set(held)):
        if held[card_id] != whole[card_id]:
            name = magick[card_id].name
            reader.problem(("light_deck" if magick[card_id].deck == "light" else "shadow_deck",),
                                   f"the position holds {held[card_id]} {name} card(s), not the {whole[card_id]} "
                                   "of the card file: each copy is in one place")
