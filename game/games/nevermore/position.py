"""Nevermore positions: a game in progress as plain data (``POSITIONS.md`` documents the format), written,
read back and checked.

``position_of`` writes every fact of a state, secrets included: every seat's hand, committed pass, kills and
Magick hand, the decks in order, the discards, the token order, and the engine's bookkeeping of a hand in
progress (the decision, the task stack, the Magick stack, damage being dealt, who peeked what), so that a
loaded state plays on exactly as the one written. ``state_from_position`` reads every key into an empty state,
then checks every card, count and phase against the rules before the state is given out: a position loads
whole or is refused with the key of each problem.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import fields
from typing import Any, Iterable, Iterator, Mapping, Sequence

from game.core.bounded import quote
from game.core.config import config_from
from game.core.contracts import GameState, make_rng
from game.core.position import PositionReader

from .rules.cards import CARDS_PER_SUIT, PASSES, SUITS, TOKEN_SUITS, added_card, is_added, is_named, suit_of, \
    weight_of
from .rules.config import Config
from .rules.draft import HAND_SIZE
from .rules.magick_data import MagickCard, card_file, deck_list, load_magick
from .rules.state import NevermoreState
from .rules.tasks import (DECISION_TYPES, TASK_TYPES, ApplyEffect, ApplyHit, AskPass, Batch, Deal, Decision, Deliver,
                          DraftRound, EndBatch, Hit, KillDecision, MagickDecision, PassDecision, PeckDecision,
                          RespondDecision, Strike, Suit, Task, Window)

Keys = tuple[Any, ...]


# ----- writing ----------------------------------------------------------------------------------------
KEYS = ("phase", "hand_number", "dealer", "direction", "draft_step", "decision", "seats", "tokens",
        "tokens_face_up", "tokens_revealed", "current_suit", "suit_counts", "conspiracy", "kills_locked",
        "deck", "discard", "light_deck", "light_discard", "shadow_deck", "shadow_discard", "passes",
        "revealed_suits", "peeks", "borrowed", "suit_vp", "card_vp", "magick_stack", "incoming", "batches",
        "tasks", "last_id", "stats", "end")
STATS = ("hands", "transformations", "returns", "magick_played")
DECISIONS: dict[str, type[Decision]] = {kind.KIND: kind for kind in DECISION_TYPES}
"""Each decision type by the kind a position names it by; its fields are the position's, in order."""


def values_of(record: Any) -> list[Any]:
    """A task's, decision's, hit's or batch's fields in order: how a position lists them."""
    return [getattr(record, item.name) for item in fields(record)]


def position_of(state: GameState) -> dict[str, Any]:
    """The game's own keys of ``state``'s position."""
    assert isinstance(state, NevermoreState)  # GameSpec takes any game's state; ours is passed
    names = Names(state.cards)
    n = state.num_players
    cards = names.card_names
    return {
        "phase": phase_of(state),
        "hand_number": state.hand_no,
        "dealer": state.dealer,
        "direction": state.direction,
        "draft_step": None if state.draft_round < 0 else PASSES[state.draft_round],
        "decision": _decision_of(state.decision),
        "seats": [{
            "health": state.health[s], "vp": state.vp[s], "raven": state.raven[s],
            "hand": cards(state.hands[s]), "magick": [names.magick_name(m) for m in state.magick[s]],
            "pass": None if state.pending_pass[s] is None else cards(state.pending_pass[s] or ()),
            "kills": cards(state.kills[s]), "discarded": cards(state.discarded[s]),
            "collected": cards(state.collected[s]), "skulking": state.skulk[s],
            "knows_tokens": state.known_tokens[s], "warded": s in state.wards, "shrouded": s in state.shrouded,
            "damaged": s in state.damaged, "dealt_damage": s in state.dealt,
        } for s in range(n)],
        "tokens": [t.capitalize() for t in state.tokens],
        "tokens_face_up": state.tokens_public,
        "tokens_revealed": state.revealed,
        "current_suit": state.current_suit.capitalize() or None,
        "suit_counts": list(state.suit_counts),
        "conspiracy": state.conspiracy_ended,
        "kills_locked": state.kills_locked,
        "deck": cards(state.deck),
        "discard": cards(state.discard),
        "light_deck": [names.magick_name(m) for m in state.ldeck],
        "light_discard": [names.magick_name(m) for m in state.ldisc],
        "shadow_deck": [names.magick_name(m) for m in state.sdeck],
        "shadow_discard": [names.magick_name(m) for m in state.sdisc],
        "passes": [{"round": r, "from": giver, "to": receiver, "cards": cards(given)}
                   for r, giver, receiver, given in state.pass_log],
        "revealed_suits": [{"suit": suit.capitalize(), "played": [cards(p) for p in played],
                            "killed": [cards(k) for k in killed]} for suit, played, killed in state.revealed_log],
        "peeks": [{"seat": seat, "target": target, "cards": cards(seen), "rounds": rounds}
                  for seat, target, seen, rounds in state.peeks],
        "borrowed": [[seat, suit.capitalize()] for seat, suit in sorted(state.borrowed)],
        "suit_vp": [[seat, suit.capitalize(), vp] for (seat, suit), vp in sorted(state.suit_vp.items())],
        "card_vp": [[uid, vp] for uid, vp in sorted(state.card_vp.items())],
        "magick_stack": [{"id": uid, "seat": seat, "card": names.magick_name(card_id), "target": target,
                          "choice": choice, "raven_effect": raven, "answers": answers}
                         for uid, seat, card_id, target, choice, raven, answers in state.stack],
        "incoming": [values_of(item) for item in state.incoming],
        "batches": [{"id": bid, "fallen": list(batch.fallen), "source": batch.source, "cause": batch.cause,
                     "card_id": batch.card_uid, "suit": batch.suit} for bid, batch in sorted(state.batches.items())],
        "tasks": [[task.KIND, *values_of(task)] for task in reversed(state.tasks)],
        "last_id": state.uid,
        "stats": {key: state.stats[key] for key in STATS},
        "end": {"winners": list(state.winner_list), "reason": state.end_reason} if state.over else None,
    }


def phase_of(state: NevermoreState) -> str:
    """``draft`` (cards are passed), ``kills`` (the after-draft window and the secret kills), ``resolution``
    or ``over``, read from where the hand's tasks are."""
    if state.over:
        return "over"
    if state.kills_locked:
        return "resolution"
    drafting = (Deal, DraftRound, AskPass, Deliver)
    if state.draft_round >= 0 or any(isinstance(t, drafting) or (isinstance(t, Window) and t.name == "draft")
                                     for t in state.tasks):
        return "draft"
    return "kills"


def _decision_of(decision: Decision | None) -> dict[str, Any] | None:
    if decision is None:
        return None
    out: dict[str, Any] = {"kind": decision.KIND}
    for item in fields(decision):
        value = getattr(decision, item.name)
        out[item.name] = list(value) if item.name == "targets" else value.capitalize() if item.name == "suit" \
            else value
    return out


class Names:
    """Card texts both ways: main cards by suit, Magick cards by their name in the card file."""

    def __init__(self, magick: Mapping[str, MagickCard]) -> None:
        self.magick = magick
        self.ids = {card.name: card_id for card_id, card in magick.items()}

    def magick_name(self, card_id: str) -> str:
        """A Magick card's name (its id when the card file lacks it)."""
        card = self.magick.get(card_id)
        return card.name if card is not None else card_id

    def card_names(self, cards: Iterable[str]) -> list[str]:
        """Hand cards as a position writes them."""
        return [self.card_name(card) for card in cards]

    def card_name(self, card: str) -> str:
        """A suit (``Attack``), or a Magick card added to a hand (``Mourning Rose as 2 Healing (named)``)."""
        if not is_added(card):
            return card.capitalize()
        named = " (named)" if is_named(card) else ""
        return f"{self.magick_name(card.split(':')[1])} as {weight_of(card)} {suit_of(card).capitalize()}{named}"


# ----- the rules a position must fit ------------------------------------------------------------------

def check(reader: PositionReader, config: Config, magick: Mapping[str, MagickCard], data: dict[str, Any],
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
    if config.magick.enabled:
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
    if state.vp and max(state.vp) >= config.vp_to_win * 4:
        reader.problem(("seats",), "holds more VP than a game reaches")
    phase = phase_of(state)
    if data["phase"] != phase:
        reader.problem(("phase",), f"must be {phase}, as the draft step, kills_locked, the tasks and the end "
                                   f"say, not {quote(data['phase'])}")
    elif phase == "draft":
        _check_draft(reader, state)
    _check_decision(reader, config, state)
    ids = [entry[0] for entry in state.stack] + [item.id for item in state.incoming] + list(state.batches)
    if ids and max(ids) > state.uid:
        reader.problem(("last_id",), f"must be at least {max(ids)}, the highest id in use")
    for i, task in enumerate(reversed(state.tasks)):
        if isinstance(task, (Strike, ApplyHit, EndBatch)) and task.batch not in state.batches:
            reader.problem(("tasks", i, 1), f"names batch {task.batch}, which is not in batches")
    if len(state.incoming) > sum(1 for t in state.tasks if type(t) is ApplyHit):
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
    dealing = any(type(task) is Deal for task in state.tasks)
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


def _check_decision(reader: PositionReader, config: Config, state: NevermoreState) -> None:
    """The decision pending fits the seats: in turn, of the right kind for a human or a Raven."""
    decision = state.decision
    if state.over:
        if decision is not None or state.tasks:
            reader.problem(("decision",), "must be null, and tasks empty, once the game is over")
        return
    if decision is None:
        reader.problem(("decision",), "is missing: a game still going has a decision pending")
        return
    kind, seat = decision.KIND, decision.seat
    order = state.order()
    keys: Keys = ("decision",)
    if isinstance(decision, PassDecision):
        if decision.round != state.draft_round:
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
    if isinstance(decision, (MagickDecision, RespondDecision, KillDecision)):
        if decision.index >= len(order) or order[decision.index] != seat:
            reader.problem(keys + ("index",), f"must be the seat's place in the priority order "
                                              f"({', '.join(map(str, order))}) from 0")
    if kind == "kill" and state.kills_locked:
        reader.problem(keys + ("kind",), "cannot be kill: the kills are locked")
    if kind == "attack" and state.raven[seat]:
        reader.problem(keys + ("seat",), "must be a human: a Raven leading Attack pecks")
    if kind == "peck" and not state.raven[seat]:
        reader.problem(keys + ("seat",), "must be a Raven: only Ravens peck")
    if kind in ("magick", "respond") and not config.magick.enabled:
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
        if isinstance(task, ApplyEffect):
            effects = magick[task.card_id].mode(task.raven_mode).effects
            if task.index < len(effects) and effects[task.index].op == "add_suit":
                adding.add((task.uid, task.card_id))
    held.update(card_id for _, card_id in adding)
    whole = Counter(deck_list(magick, "light") + deck_list(magick, "shadow"))
    for card_id in sorted(set(whole) | set(held)):
        if held[card_id] != whole[card_id]:
            name = magick[card_id].name
            reader.problem(("light_deck" if magick[card_id].deck == "light" else "shadow_deck",),
                                   f"the position holds {held[card_id]} {name} card(s), not the {whole[card_id]} "
                                   "of the card file: each copy is in one place")


# ----- reading -----------------------------------------------------------------------------------------
SEAT_KEYS = ("health", "vp", "raven", "hand", "magick", "pass", "kills", "discarded", "collected", "skulking",
             "knows_tokens", "warded", "shrouded", "damaged", "dealt_damage")
END_REASONS = ("vp", "last_human", "peck", "no_humans", "hand_limit")
SUIT_NAMES = tuple(s.capitalize() for s in SUITS)
WINDOWS = ("draft", "after_draft", "end_of_resolution", "respond_magick", "respond_damage") + tuple(
    f"{when}_suit:{suit}" for when in ("before", "after") for suit in TOKEN_SUITS)
ADDED = re.compile(r"^(.+) as ([0-9]+) ([A-Za-z]+)( \(named\))?$")
CARD_HELP = ("write a suit (Attack, Healing, Radiance, Victory, Raven), or a Magick card added to a hand as "
             "'Mourning Rose as 2 Healing' (' (named)' when its holder named the suit in secret)")

FIELD_KINDS = {  # the kind of value (``_Reading.value``) each field holds, by its name...
    "seat": "seat", "target": "seat", "round": "round", "index": "index", "power": "whole", "suit": "suit",
    "targets": "seats", "window": "window", "name": "window", "answers": "whole", "batch": "whole",
    "amount": "whole", "redirectable": "flag", "pecker": "seat or -1", "uid": "whole", "hit": "whole",
    "card_id": "card", "choice": "text", "raven_mode": "flag", "responds_to": "whole or null", "id": "whole",
    "source": "seat or -1", "cause": "text", "card_uid": "whole or null",
}
KIND_EXCEPTIONS = {  # ... but for these fields of one type
    (Suit, "index"): "token", (ApplyEffect, "target"): "seat or -1", (ApplyEffect, "index"): "whole",
    (PeckDecision, "suit"): "suit name",
}


def kinds_of(record: type) -> tuple[str, ...]:
    """The kinds of a task's, decision's or hit's fields, in order."""
    return tuple(KIND_EXCEPTIONS.get((record, item.name)) or FIELD_KINDS[item.name] for item in fields(record))


TASKS: dict[str, tuple[type[Task], tuple[str, ...]]] = {kind.KIND: (kind, kinds_of(kind)) for kind in TASK_TYPES}
"""Each task type, and the kinds of its arguments, by the kind a position names it by."""
PASS_FIELDS = {"round": "round", "from": "seat", "to": "seat", "cards": "cards"}
"""The fields of each entry of ``passes``, by kind; and so on for the other lists of entries."""
REVEALED_FIELDS = {"suit": "token suit", "played": "hands", "killed": "hands"}
PEEK_FIELDS = {"seat": "seat", "target": "seat", "cards": "cards", "rounds": "rounds"}
STACK_FIELDS = {"id": "whole", "seat": "seat", "card": "magick", "target": "seat or -1", "choice": "text",
                "raven_effect": "flag", "answers": "whole or null"}
BATCH_FIELDS = {"id": "whole", "fallen": "seats", "source": "seat or -1", "cause": "text", "card_id": "whole or null",
                "suit": "suit or null"}

MAX_DAMAGE = 99
"""Lowest Health written: damage takes a human below 0 (then a Raven), never this far."""


class _Reading:
    """The values of one position as they are read, before they are checked against each other."""

    def __init__(self, config: Config, players: int) -> None:
        self.config = config
        self.players = players
        self.reader = PositionReader()
        self.magick_on = config.magick.enabled
        self.magick_set: Mapping[str, MagickCard] = load_magick(card_file(config.magick.card_file)) \
            if self.magick_on else {}
        self.names = Names(self.magick_set)

    def card(self, value: Any, keys: Keys) -> str | None:
        """A hand card from its text: a suit, or an added Magick card."""
        if isinstance(value, str) and value in SUIT_NAMES:
            return value.lower()
        if not isinstance(value, str):
            self.reader.problem(keys, f"must be a card's name, not {quote(value)}: {CARD_HELP}")
            return None
        match = ADDED.match(value)
        if match is None:
            self.reader.problem(keys, f"{quote(value)} is not a card: {CARD_HELP}")
            return None
        card_id = self.magick_id(match.group(1), keys)
        suit = match.group(3)
        weight = int(match.group(2))
        if card_id is None:
            return None
        if suit not in SUIT_NAMES or not 1 <= weight <= 2:
            self.reader.problem(keys, f"{quote(value)}: an added card counts as 1 or 2 cards of a suit (Attack, "
                                      "Healing, Radiance, Victory or Raven)")
            return None
        return added_card(card_id, suit.lower(), weight, named=bool(match.group(4)))

    def cards(self, value: Any, keys: Keys) -> list[str] | None:
        return self.reader.each(value, keys, self.card)

    def magick_id(self, value: Any, keys: Keys) -> str | None:
        """A Magick card's id from its name in the card file."""
        if not self.magick_on:
            self.reader.problem(keys, f"{quote(value)}: this variant plays without Magick")
            return None
        if isinstance(value, str) and value in self.names.ids:
            return self.names.ids[value]
        self.reader.problem(keys, f"{quote(value)} is not a Magick card of this variant's card file "
                                  f"(e.g. {', '.join(sorted(self.names.ids)[:3])})")
        return None

    def magicks(self, value: Any, keys: Keys) -> list[str] | None:
        return self.reader.each(value, keys, self.magick_id)

    def suit(self, value: Any, keys: Keys, tokens_only: bool = False) -> str | None:
        options = SUIT_NAMES[:4] if tokens_only else SUIT_NAMES
        name = self.reader.choice(value, keys, options)
        return None if name is None else name.lower()

    def value(self, kind: str, value: Any, keys: Keys) -> tuple[bool, Any]:
        """One engine argument of ``kind``; ``(False, None)`` after noting a problem."""
        reader = self.reader
        n = self.players
        if kind == "seat":
            got: Any = reader.seat(value, keys, n)
        elif kind == "seat or -1":
            got = -1 if value == -1 and type(value) is int else reader.seat(value, keys, n)
        elif kind == "round":
            got = reader.whole(value, keys, 0, len(PASSES) - 1)
        elif kind == "index":
            got = reader.whole(value, keys, 0, n)
        elif kind == "token":
            got = reader.whole(value, keys, 0, len(TOKEN_SUITS) - 1)
        elif kind == "whole":
            got = reader.whole(value, keys)
        elif kind == "whole or null":
            return (True, None) if value is None else (reader.whole(value, keys) is not None, value)
        elif kind == "positive":
            got = reader.whole(value, keys, 1)
        elif kind == "rounds":
            got = reader.whole(value, keys, 0, len(PASSES))
        elif kind == "flag":
            got = reader.flag(value, keys)
        elif kind == "suit":
            got = reader.choice(value, keys, SUITS)
        elif kind == "suit or null":
            if value is not None and value not in SUITS:
                reader.problem(keys, f"must be null or a suit ({', '.join(SUITS)}), not {quote(value)}")
                return False, None
            return True, value
        elif kind in ("suit name", "token suit"):
            got = self.suit(value, keys, kind == "token suit")
        elif kind == "cards":
            cards = self.cards(value, keys)
            got = None if cards is None else tuple(cards)
        elif kind == "hands":
            piles = reader.each(value, keys, self.cards, n)
            got = None if piles is None else tuple(tuple(pile) for pile in piles)
        elif kind == "magick":
            got = self.magick_id(value, keys)
        elif kind == "window":
            got = reader.choice(value, keys, WINDOWS)
        elif kind == "card":
            got = value if isinstance(value, str) and value in self.magick_set else None
            if got is None:
                reader.problem(keys, f"must be a Magick card's id of this variant, not {quote(value)}")
        elif kind == "text":
            got = value if isinstance(value, str) else None
            if got is None:
                reader.problem(keys, f"must be a text, not {quote(value)}")
        else:  # seats
            seats = reader.seats(value, keys, n)
            got = None if seats is None else tuple(seats)
        return got is not None, got


def state_from_position(body: Mapping[str, Any], params: Mapping[str, Any], players: int,
                        seed: int) -> NevermoreState:
    """The state a position's own keys describe; ``PositionError`` lists every problem, building nothing."""
    config = config_from(Config, params)
    reading = _Reading(config, players)
    reader = reading.reader
    data = reader.own_keys(body, KEYS)
    reader.done()
    state = NevermoreState(config, players, seed)
    state.rng = make_rng(seed)
    state.cards = reading.magick_set
    state.reset_hand(False)  # the hand's bookkeeping, empty, then filled from the position
    _read_top(reading, data, state)
    _read_seats(reading, data["seats"], state)
    _read_piles(reading, data, state)
    _read_logs(reading, data, state)
    _read_engine(reading, data, state)
    reader.done()
    check(reader, config, reading.magick_set, data, state)
    reader.done()
    check_spelling(reader, data, state)
    reader.done()
    state.opening_events = []
    return state


def _read_top(reading: _Reading, data: dict[str, Any], state: NevermoreState) -> None:
    """The hand's counters, the decision, the tokens, the figures and the end."""
    reader = reading.reader
    n = reading.players
    state.hand_no = reader.whole(data["hand_number"], ("hand_number",), 1, reading.config.max_hands) or 1
    state.dealer = reader.seat(data["dealer"], ("dealer",), n) or 0
    direction = data["direction"]
    if direction not in (1, -1) or type(direction) is not int:
        reader.problem(("direction",), f"must be 1 or -1 (the way cards are passed), not {quote(direction)}")
    state.direction = direction if direction in (1, -1) else 1
    step = data["draft_step"]
    if step is not None and (type(step) is not int or step not in PASSES):
        reader.problem(("draft_step",), f"must be null or the cards passed this draft round "
                                        f"({', '.join(map(str, PASSES))}), not {quote(step)}")
    state.draft_round = PASSES.index(step) if step in PASSES and type(step) is int else -1
    state.decision = _read_decision(reading, data["decision"])
    tokens = reader.sequence(data["tokens"], ("tokens",), len(TOKEN_SUITS))
    if tokens is not None:
        suits = [reading.suit(t, ("tokens", i), True) for i, t in enumerate(tokens)]
        if None not in suits and sorted(s or "" for s in suits) != sorted(TOKEN_SUITS):
            reader.problem(("tokens",), f"must list each of the four tokens once ({', '.join(SUIT_NAMES[:4])})")
        state.tokens = [s or "" for s in suits]
    state.tokens_public = bool(reader.flag(data["tokens_face_up"], ("tokens_face_up",)))
    state.revealed = reader.whole(data["tokens_revealed"], ("tokens_revealed",), 0, len(TOKEN_SUITS)) or 0
    current = data["current_suit"]
    state.current_suit = "" if current is None else reading.suit(current, ("current_suit",), True) or ""
    counts = reader.sequence(data["suit_counts"], ("suit_counts",))
    if counts is not None:
        if len(counts) != n:
            reader.problem(("suit_counts",), f"must hold one count per seat ({n}), not {len(counts)}")
        state.suit_counts = tuple(reader.whole(c, ("suit_counts", i)) or 0 for i, c in enumerate(counts))
    state.conspiracy_ended = bool(reader.flag(data["conspiracy"], ("conspiracy",)))
    state.kills_locked = bool(reader.flag(data["kills_locked"], ("kills_locked",)))
    state.uid = reader.whole(data["last_id"], ("last_id",)) or 0
    stats = reader.mapping(data["stats"], ("stats",), STATS) or {}
    state.stats = {key: 0 for key in STATS}
    for key in STATS:
        if key in stats:
            state.stats[key] = reader.whole(stats[key], ("stats", key)) or 0
        elif stats:
            reader.field(stats, key, ("stats",))
    end = data["end"]
    state.over = end is not None
    state.winner_list = []
    state.end_reason = ""
    if end is not None:
        got = reader.mapping(end, ("end",), ("winners", "reason"))
        if got is not None:
            listed = reader.field(got, "winners", ("end",))
            winners = reader.sequence(listed, ("end", "winners")) if "winners" in got else None
            if winners is not None:
                seats = [reader.seat(s, ("end", "winners", i), n) for i, s in enumerate(winners)]
                if seats != sorted(set(s for s in seats if s is not None)) or not seats:
                    reader.problem(("end", "winners"), "must list the winning seats, at least one, in order, "
                                                       "each once")
                state.winner_list = [s for s in seats if s is not None]
            reason = reader.choice(got.get("reason"), ("end", "reason"), END_REASONS)
            state.end_reason = reason or ""


def _read_decision(reading: _Reading, value: Any) -> Decision | None:
    """The decision of the position, as the engine keeps it."""
    if value is None:
        return None
    reader = reading.reader
    keys: Keys = ("decision",)
    got = reader.mapping(value, keys)
    if got is None:
        return None
    kind = reader.choice(got.get("kind"), keys + ("kind",), tuple(DECISIONS))
    if kind is None:
        return None
    names = tuple(item.name for item in fields(DECISIONS[kind]))
    reader.mapping(got, keys, ("kind",) + names)
    out: list[Any] = []
    for field, field_kind in zip(names, kinds_of(DECISIONS[kind])):
        raw = reader.field(got, field, keys)
        if field not in got:
            return None
        ok, item = reading.value(field_kind, raw, keys + (field,))
        if not ok:
            return None
        out.append(item)
    return DECISIONS[kind](*out)


def _read_seats(reading: _Reading, value: Any, state: NevermoreState) -> None:
    """Every seat's Health, VP, cards and flags, secrets included."""
    reader = reading.reader
    n = reading.players
    state.health, state.vp, state.raven, state.magick, state.known_tokens = [0] * n, [0] * n, [False] * n, \
        [[] for _ in range(n)], [False] * n
    items = reader.seat_list(value, n)
    if items is None:
        return
    top = reading.config.max_health
    for s, keys, seat in reader.entries(items, ("seats",), SEAT_KEYS):
        health = seat["health"]
        if type(health) is not int or not -MAX_DAMAGE <= health <= top:
            reader.problem(keys + ("health",), f"must be a whole number from {-MAX_DAMAGE} to max_health ({top}), "
                                               f"not {quote(health)}")
        else:
            state.health[s] = health
        state.vp[s] = reader.whole(seat["vp"], keys + ("vp",)) or 0
        state.raven[s] = bool(reader.flag(seat["raven"], keys + ("raven",)))
        state.hands[s] = reading.cards(seat["hand"], keys + ("hand",)) or []
        state.magick[s] = reading.magicks(seat["magick"], keys + ("magick",)) or []
        given = seat["pass"]
        cards = None if given is None else reading.cards(given, keys + ("pass",))
        state.pending_pass[s] = None if cards is None else tuple(cards)
        state.kills[s] = reading.cards(seat["kills"], keys + ("kills",)) or []
        state.discarded[s] = reading.cards(seat["discarded"], keys + ("discarded",)) or []
        state.collected[s] = tuple(reading.cards(seat["collected"], keys + ("collected",)) or ())
        state.skulk[s] = reader.whole(seat["skulking"], keys + ("skulking",)) or 0
        state.known_tokens[s] = bool(reader.flag(seat["knows_tokens"], keys + ("knows_tokens",)))
        for key, group in (("warded", state.wards), ("shrouded", state.shrouded), ("damaged", state.damaged),
                           ("dealt_damage", state.dealt)):
            if reader.flag(seat[key], keys + (key,)):
                group.add(s)


def _read_piles(reading: _Reading, data: dict[str, Any], state: NevermoreState) -> None:
    """The Main and Magick decks and discards, each Magick card in its own deck's piles."""
    state.deck = reading.cards(data["deck"], ("deck",)) or []
    state.discard = reading.cards(data["discard"], ("discard",)) or []
    for key in ("deck", "discard"):
        for i, card in enumerate(getattr(state, key)):
            if is_added(card):
                reading.reader.problem((key, i), "must be a main card: Magick cards go to the Magick discards")
    state.ldeck = reading.magicks(data["light_deck"], ("light_deck",)) or []
    state.ldisc = reading.magicks(data["light_discard"], ("light_discard",)) or []
    state.sdeck = reading.magicks(data["shadow_deck"], ("shadow_deck",)) or []
    state.sdisc = reading.magicks(data["shadow_discard"], ("shadow_discard",)) or []
    for key, pile, deck in (("light_deck", state.ldeck, "light"), ("light_discard", state.ldisc, "light"),
                            ("shadow_deck", state.sdeck, "shadow"), ("shadow_discard", state.sdisc, "shadow")):
        for i, card_id in enumerate(pile):
            if reading.magick_set[card_id].deck != deck:
                other = reading.magick_set[card_id].deck.capitalize()
                reading.reader.problem((key, i), f"{reading.magick_set[card_id].name} is a {other} Magick card: "
                                                 f"it goes to the {other} deck and discard")


def _entries(reading: _Reading, value: Any, key: str, kinds: Mapping[str, str]) -> Iterator[tuple[Keys, tuple]]:
    """The keys and values of each entry of the list ``value``, a mapping of the fields of ``kinds`` read by their
    kinds; an entry with a problem is noted and passed over."""
    reader = reading.reader
    items = [((key, i), item) for i, item in enumerate(reader.sequence(value, (key,)) or [])]
    entries = [(keys, reader.entry(item, keys, tuple(kinds))) for keys, item in items]  # every entry's shape first
    for keys, entry in entries:
        if entry is not None:
            read = [reading.value(kind, entry[field], keys + (field,)) for field, kind in kinds.items()]
            if all(ok for ok, _ in read):
                yield keys, tuple(got for _, got in read)


def _rows(reading: _Reading, value: Any, key: str, kinds: Sequence[str]) -> Iterator[tuple]:
    """The values of each row of the list ``value``, a list of values of ``kinds``; a row with a problem is
    noted and passed over."""
    reader = reading.reader
    for i, item in enumerate(reader.sequence(value, (key,)) or []):
        row = reader.sequence(item, (key, i), len(kinds))
        if row is not None:
            read = [reading.value(kind, got, (key, i, j)) for j, (kind, got) in enumerate(zip(kinds, row))]
            if all(ok for ok, _ in read):
                yield tuple(got for _, got in read)


def _read_logs(reading: _Reading, data: dict[str, Any], state: NevermoreState) -> None:
    """This hand's records: passes, revealed suits, peeks, and the VP caps' bookkeeping."""
    state.pass_log += [got for _, got in _entries(reading, data["passes"], "passes", PASS_FIELDS)]
    state.revealed_log += [got for _, got in _entries(reading, data["revealed_suits"], "revealed_suits",
                                                      REVEALED_FIELDS)]
    state.peeks += [got for _, got in _entries(reading, data["peeks"], "peeks", PEEK_FIELDS)]
    state.borrowed.update(_rows(reading, data["borrowed"], "borrowed", ("seat", "suit name")))
    state.suit_vp.update(((seat, suit), vp) for seat, suit, vp in _rows(reading, data["suit_vp"], "suit_vp",
                                                                         ("seat", "suit name", "positive")))
    state.card_vp.update(_rows(reading, data["card_vp"], "card_vp", ("positive", "positive")))


def _read_engine(reading: _Reading, data: dict[str, Any], state: NevermoreState) -> None:
    """The engine's bookkeeping of a hand under way: the Magick stack, damage being dealt, the tasks."""
    state.stack += [got for _, got in _entries(reading, data["magick_stack"], "magick_stack", STACK_FIELDS)]
    state.incoming += [Hit(*got) for got in _rows(reading, data["incoming"], "incoming", kinds_of(Hit))]
    for keys, (bid, fallen, source, cause, uid, suit) in _entries(reading, data["batches"], "batches",
                                                                   BATCH_FIELDS):
        if bid in state.batches:
            reading.reader.problem(keys + ("id",), f"{bid} is the id of another batch")
        state.batches[bid] = Batch(fallen, source, cause, uid, suit)
    tasks = reading.reader.sequence(data["tasks"], ("tasks",)) or []
    for i, item in enumerate(tasks):
        task = _read_task(reading, item, ("tasks", i))
        if task is not None:
            state.tasks.insert(0, task)


def _read_task(reading: _Reading, value: Any, keys: Keys) -> Task | None:
    """One task of the engine's stack, ``[task, arguments...]``."""
    reader = reading.reader
    items = reader.sequence(value, keys)
    if items is None:
        return None
    if not items or not isinstance(items[0], str) or items[0] not in TASKS:
        reader.problem(keys, f"must start with a task of the engine ({', '.join(TASKS)}), not "
                             f"{quote(items[0] if items else None)}")
        return None
    task, kinds = TASKS[items[0]]
    if len(items) != len(kinds) + 1:
        reader.problem(keys, f"{items[0]} takes {len(kinds)} argument(s), not {len(items) - 1}")
        return None
    read = [reading.value(kind, v, keys + (j + 1,)) for j, (kind, v) in enumerate(zip(kinds, items[1:]))]
    if not all(ok for ok, _ in read):
        return None
    return task(*(v for _, v in read))
