"""The Magick interpreter: timing windows, priority, PLAY AT ANY TIME responses (last in, first out) and
the seventeen primitives. Cards are data (``magick_data``); nothing here names a card.

A window asks the seats in priority order, skipping every seat that holds no card playable in it; a seat
that plays is asked again until it passes. Every play opens an ``on_magick`` response round; every hit of
damage an ``on_damage`` round (``damage.hit``).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from itertools import permutations
from typing import TYPE_CHECKING, Callable, Mapping, NamedTuple, Sequence

from game.core.contracts import Action

from . import events as ev
from .actions import NoMagick, PlayMagick
from .cards import SUITS, added_card, count, sort_cards, suit_of
from .damage import draw_magick, gain_vp, heal, push_damage
from .draft import discard_from_hand
from .knowledge import rounds_delivered
from .magick_data import HOLDS, Effect, MagickCard, Mode
from .tasks import (WIN_CHECK, ApplyEffect, DamageResponse, Hit, MagickDecision, RespondDecision, ResolveMagick,
                    ResponseRound, Window)

if TYPE_CHECKING:
    from .state import NevermoreState


# ----- what may be played -------------------------------------------------------------------------
RESPONSE_WINDOWS = ("respond_magick", "respond_damage")
"""The PLAY AT ANY TIME windows: answers to a Magick card or to incoming damage."""


def _incoming(state: NevermoreState) -> Hit | None:
    """The damage being dealt now (``damage.hit``), which ``on_damage`` cards answer."""
    return state.incoming[-1] if state.incoming else None


def condition_ok(state: NevermoreState, seat: int, condition: str, target: int = -1) -> bool:
    inc = _incoming(state)
    if condition == "full_health":
        return not state.raven[seat] and state.health[seat] >= state.config.max_health
    if condition == "unharmed_this_hand":
        return seat not in state.damaged
    if condition == "dealt_damage_this_hand":
        return seat in state.dealt
    if condition == "would_transform":
        return inc is not None and inc.amount >= state.health[inc.target]
    if condition == "from_other_player":
        return inc is not None and inc.source >= 0 and inc.source != inc.target
    if condition == "target_vp_ge_self":
        return target < 0 or state.vp[target] >= state.vp[seat]
    match = HOLDS.match(condition)
    if match:
        return count(state.hands[seat], match.group(1)) >= int(match.group(2))
    return True


def _targetable(state: NevermoreState, seat: int, other: int) -> bool:
    """Whether ``seat``'s Magick may single out ``other`` (ward)."""
    return other == seat or other not in state.wards


class _Shape(NamedTuple):
    """What a way to play a card asks for, read once from its effects (options are listed at every
    window of every search rollout)."""

    target: str | None
    """The kind of player its one choice names (its first effect that names one), or ``None``."""
    redirect: bool
    """That effect is a redirect (it cannot name the seat the damage is heading for)."""
    choice: str
    """``suit`` (a suit named for a wild card), ``order`` (a token order) or ``""``."""
    moves: tuple[Effect, ...]
    """Its give and steal effects: cards must be there to move."""
    trigger: str | None
    """The mode's trigger (what a PLAY AT ANY TIME card answers)."""
    conditions: tuple[str, ...]
    """All of the mode's conditions."""
    untargeted: tuple[str, ...]
    """Its conditions that do not depend on the target (checked before any target is listed)."""
    redirects: bool
    """Whether any of its effects is a redirect (it needs redirectable damage)."""


TARGET_KINDS = ("chosen_human", "chosen_other", "self_or_chosen_other")
TARGETED_CONDITION = "target_vp_ge_self"
"""The one condition that depends on the target."""


def _shape(mode: Mode) -> _Shape:
    named = [(kind, e.op == "redirect") for e in mode.effects
             for kind in [e.get("target") or e.get("holder") or e.get("to")] if kind in TARGET_KINDS]
    choice = next(("suit" if e.op == "add_suit" else "order" for e in mode.effects
                   if (e.op == "add_suit" and e.get("suit") == "any") or e.op == "reorder_tokens"), "")
    moves = tuple(e for e in mode.effects if e.op in ("give", "steal"))
    return _Shape(named[0][0] if named else None, bool(named) and named[0][1], choice, moves, mode.trigger,
                  mode.conditions, tuple(c for c in mode.conditions if c != TARGETED_CONDITION),
                  any(e.op == "redirect" for e in mode.effects))


def _targets(state: NevermoreState, seat: int, shape: _Shape) -> list[int] | None:
    """The seats the card's one choice of player may name (``None``: it names nobody)."""
    kind = shape.target
    if kind is None:
        return None
    wards = state.wards
    if kind == "chosen_human":
        pool = [s for s in state.humans() if s != seat and s not in wards]
        inc = _incoming(state)
        if shape.redirect and inc is not None:
            pool = [s for s in pool if s != inc.target]
        return pool
    others = [s for s in range(state.num_players) if s != seat and s not in wards]
    return others if kind == "chosen_other" else [seat] + others


NO_CHOICE = ("",)


def _choices(state: NevermoreState, shape: _Shape) -> tuple[str, ...]:
    choice = shape.choice
    if choice == "suit":
        return SUITS
    if choice == "order":
        return _orders(tuple(state.tokens[state.revealed:]))
    return NO_CHOICE


@lru_cache(maxsize=64)
def _orders(rest: tuple[str, ...]) -> tuple[str, ...]:
    """Every order of the tokens not yet revealed, as choice texts."""
    return tuple(sorted({",".join(p) for p in permutations(rest)}))


def _moves_possible(state: NevermoreState, seat: int, moves: tuple[Effect, ...], target: int) -> bool:
    """Whether the cards the play's give and steal effects (``moves``) would move are there."""
    for effect in moves:
        if effect.op == "give" and count(state.hands[seat], effect.get("suit")) < effect.get("n"):
            return False
        if effect.op == "steal" and target >= 0:
            zone = state.hands[target] if effect.get("zone") == "hand" else state.magick[target]
            if not zone:
                return False
    return True


def _next_to_play(state: NevermoreState, index: int, window: str) -> tuple[int, int, list[PlayMagick]] | None:
    """The first seat in priority order from ``index`` with a play in ``window``: (seat, index, every play
    it has, which are the decision's legal actions). Windows ask every seat at every step, far more often
    than anyone plays, so a seat holding no card timed for the window (PLAY AT ANY TIME cards of the
    matching trigger, for a response) is passed over at once."""
    order, held, raven = state.order(), state.magick, state.raven
    ready: tuple[frozenset[str], frozenset[str]] | None = None
    for index in range(index, len(order)):
        cards = held[order[index]]
        if cards:
            seat = order[index]
            if ready is None:
                ready = _ready(state.cards, window)
            timed = ready[raven[seat]]
            if not timed.isdisjoint(cards):
                plays = options(state, seat, window, timed)
                if plays:
                    return seat, index, plays
    return None


def _ask(state: NevermoreState, decision: MagickDecision | RespondDecision, plays: list[PlayMagick]) -> None:
    """Make ``decision`` the decision, its legal actions (``plays`` or none) known already."""
    state.decision = decision
    state.legal_cache = (decision, [*plays, NO_MAGICK])


NO_MAGICK = NoMagick()


_Table = tuple[Mapping[str, MagickCard], dict[str, tuple[frozenset[str], frozenset[str]]],
               dict[tuple[str, bool], _Shape]]
_READY: dict[int, _Table] = {}
"""id of a card set -> (that card set, by window: the ids of its cards timed for the window for a human and
for a Raven, by card id and Raven form: the shape of the way it is played); the entry keeps its card set, so
an id cannot be taken by another."""
MAX_READY = 64
"""Card sets remembered at most; a game loads one card set, read once."""


def _table(cards: Mapping[str, MagickCard]) -> _Table:
    """What ``cards`` offer, worked out once per card set."""
    entry = _READY.get(id(cards))
    if entry is None or entry[0] is not cards:
        if len(_READY) >= MAX_READY:
            _READY.clear()
        shapes = {(card_id, raven): _shape(card.mode(raven)) for card_id, card in cards.items()
                  for raven in (False, True)}
        entry = _READY[id(cards)] = (cards, {}, shapes)
    return entry


def _ready(cards: Mapping[str, MagickCard], window: str) -> tuple[frozenset[str], frozenset[str]]:
    """The cards of ``cards`` that a human (first) and a Raven (second) may play in ``window`` by their
    timing, worked out once per card set and window."""
    entry = _READY.get(id(cards))
    by_window = (entry if entry is not None and entry[0] is cards else _table(cards))[1]
    ready = by_window.get(window)
    if ready is None:
        ready = by_window[window] = (_timed(cards, False, window), _timed(cards, True, window))
    return ready


def _timed(cards: Mapping[str, MagickCard], raven: bool, window: str) -> frozenset[str]:
    """The cards whose timing (a human's or a Raven's) lets them be played in ``window``."""
    modes = {card_id: card.mode(raven) for card_id, card in cards.items()}
    if window in RESPONSE_WINDOWS:
        return frozenset(i for i, m in modes.items() if _answers(m.timing, m.trigger, window))
    return frozenset(i for i, m in modes.items() if _timed_for(m.timing, window))


def _answers(timing: str, trigger: str | None, window: str) -> bool:
    """Whether a card of ``timing`` and ``trigger`` may answer in a response ``window`` at all (what
    ``options`` asks first of every card there)."""
    if timing != "any_time":
        return False
    if window == "respond_magick":
        return trigger == "on_magick"
    return (trigger or "").startswith("on_damage")


def _timed_for(timing: str, window: str) -> bool:
    """Whether a card of ``timing`` may be played in the (non-response) ``window``."""
    if timing == "any_time":
        return False
    if timing == window:
        return True
    if window.startswith(("before_suit:", "after_suit:")):
        return timing in (f"{window.split(':')[0]}:any", "between_suits")
    return False


def options(state: NevermoreState, seat: int, window: str, timed: frozenset[str] | None = None) -> list[PlayMagick]:
    """Every way ``seat`` may play a Magick card in ``window`` (``respond_magick``/``respond_damage`` for PLAY
    AT ANY TIME responses); ``timed``: the cards timed for the window for the seat's form, when the caller has
    them."""
    raven = bool(state.raven[seat])
    cards = state.cards
    if timed is None:
        timed = _ready(cards, window)[raven]
    # Cards timed for the window (for a response: PLAY AT ANY TIME cards of its trigger), in id order.
    ready = timed.intersection(state.magick[seat])
    if not ready:
        return []
    inc = _incoming(state)
    responding = window == "respond_damage"
    if window == "respond_magick":
        if not state.stack or state.stack[-1][1] == seat:
            return []
    elif responding and (inc is None or inc.amount <= 0):
        return []
    entry = _READY.get(id(cards))
    shapes = (entry if entry is not None and entry[0] is cards else _table(cards))[2]
    plays: list[PlayMagick] = []
    for card_id in sorted(ready) if len(ready) > 1 else ready:
        shape = shapes[card_id, raven]
        if responding:
            assert inc is not None  # checked above
            trigger = shape.trigger
            if trigger == "on_damage:self" and (inc.target != seat or raven):
                continue
            if trigger == "on_damage:human" and (not raven or inc.target == seat):
                continue
            if shape.redirects and not inc.redirectable:
                continue
        conditions = shape.conditions
        if conditions and not all(condition_ok(state, seat, c) for c in shape.untargeted):
            continue
        targets = _targets(state, seat, shape)
        if targets is not None:
            if conditions:
                targets = [t for t in targets if all(condition_ok(state, seat, c, t) for c in conditions)]
            if not targets:
                continue
        aims = NO_TARGET if targets is None else tuple(targets)
        moves = shape.moves
        if moves:
            aims = tuple(t for t in aims if _moves_possible(state, seat, moves, t))
        plays += _plays(card_id, aims, _choices(state, shape))
    return plays


@lru_cache(maxsize=4096)
def _plays(card_id: str, targets: tuple[int, ...], choices: tuple[str, ...]) -> tuple[PlayMagick, ...]:
    """Every play of a card at each of ``targets`` with each of ``choices``, made once: the actions are frozen,
    so states share them."""
    return tuple(PlayMagick(card_id, target, choice) for target in targets for choice in choices)


NO_TARGET = (-1,)


# ----- windows and responses ------------------------------------------------------------------------
def window(state: NevermoreState, task: Window) -> None:
    """Ask the first seat from ``task.index`` in priority order that has a play in the window."""
    if not state.config.magick.enabled:
        return
    found = _next_to_play(state, task.index, task.name)
    if found is not None:
        seat, index, plays = found
        _ask(state, MagickDecision(seat, task.name, index), plays)


def magick_legal(state: NevermoreState, decision: MagickDecision | RespondDecision) -> list[Action]:
    """The plays of a Magick window or of an answer, then "no magick"."""
    return [*options(state, decision.seat, decision.window), NO_MAGICK]


def apply_window(state: NevermoreState, decision: MagickDecision, action: PlayMagick | NoMagick) -> None:
    if isinstance(action, NoMagick):
        state.push(Window(decision.window, decision.index + 1))  # the next seat's turn in the window
        return
    state.push(Window(decision.window, decision.index))
    cast(state, decision.seat, action, None)


def response_round(state: NevermoreState, task: ResponseRound) -> None:
    """Ask for answers to the Magick card ``task.uid`` while it is on top of the stack."""
    if state.stack and state.stack[-1][0] == task.uid:
        _ask_responders(state, task.index, "respond_magick", task.uid)


def _ask_responders(state: NevermoreState, index: int, window: str, key: int) -> None:
    """Ask the next seat in priority order from ``index`` that holds a card for ``window`` to respond."""
    found = _next_to_play(state, index, window)
    if found is not None:
        seat, index, plays = found
        _ask(state, RespondDecision(seat, window, index, key), plays)


def damage_response(state: NevermoreState, task: DamageResponse) -> None:
    """Ask for answers to the incoming hit ``task.hit`` while it is the one heading in and still hurts."""
    inc = _incoming(state)
    if inc is not None and inc.id == task.hit and inc.amount > 0:
        _ask_responders(state, task.index, "respond_damage", task.hit)


def apply_respond(state: NevermoreState, decision: RespondDecision, action: PlayMagick | NoMagick) -> None:
    ref, index = decision.answers, decision.index
    answering_magick = decision.window == "respond_magick"
    if isinstance(action, NoMagick):
        # The next seat's turn to answer.
        state.push(ResponseRound(ref, index + 1) if answering_magick else DamageResponse(ref, index + 1))
        return
    state.push(ResponseRound(ref, 0) if answering_magick else DamageResponse(ref, index))
    cast(state, decision.seat, action, ref if answering_magick else None)


def cast(state: NevermoreState, seat: int, action: PlayMagick, responds_to: int | None) -> None:
    """Play a card: it goes on the stack, and the others may answer it before it resolves."""
    card = state.cards[action.card]
    raven_mode = state.raven[seat] and card.raven is not None
    state.magick[seat].remove(action.card)
    uid = state.next_uid()
    state.stack.append((uid, seat, action.card, action.target, action.choice, raven_mode, responds_to))
    state.stats["magick_played"] += 1
    state.emit(ev.MagickPlayed, seat, action.card, action.target, action.choice, raven_mode)
    state.push(ResponseRound(uid, 0), ResolveMagick(uid))


def _to_discard(state: NevermoreState, card_id: str) -> None:
    (state.ldisc if state.cards[card_id].deck == "light" else state.sdisc).append(card_id)


def resolve_magick(state: NevermoreState, task: ResolveMagick) -> None:
    uid = task.uid
    stack = state.stack
    if stack and stack[-1][0] == uid:  # most often the card on top (nobody answered it)
        index: int | None = len(stack) - 1
    else:
        index = next((i for i, entry in enumerate(stack) if entry[0] == uid), None)
    if index is None:
        return
    _, seat, card_id, target, choice, raven_mode, responds_to = state.stack.pop(index)
    mode = state.cards[card_id].mode(raven_mode)
    conditions = mode.conditions
    if (conditions and not all(condition_ok(state, seat, c, target) for c in conditions)) or (
            target >= 0 and not _targetable(state, seat, target)):
        state.emit(ev.MagickFizzled, seat, card_id, "its condition no longer holds")
        _to_discard(state, card_id)
        return
    if not any(e.op == "add_suit" for e in mode.effects):
        _to_discard(state, card_id)
    state.push(*[ApplyEffect(uid, seat, card_id, target, choice, raven_mode, responds_to, i)
                 for i in range(len(mode.effects))], WIN_CHECK)  # after all of the card's effects


def effect(state: NevermoreState, task: ApplyEffect) -> None:
    """Carry out one effect of a card: every primitive takes the state, the effect and the play it belongs
    to, so cards stay data."""
    e = state.cards[task.card_id].mode(task.raven_mode).effects[task.index]
    PRIMITIVES[e.op](state, e, task)


# ----- the primitives ---------------------------------------------------------------------------
def _damage(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    n = e.get("n")
    if e.get("target") == "all_others":
        hits = [(s, n) for s in state.humans() if s != play.seat and _targetable(state, play.seat, s)]
    else:
        hits = [(play.target, n)] if not state.raven[play.target] else []
    if hits:
        push_damage(state, play.seat, hits, play.card_id, uid=play.uid)


def _heal(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    heal(state, play.seat if e.get("target") == "self" else play.target, e.get("n"), play.card_id)


def _gain_vp(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    gain_vp(state, play.seat, e.get("n"), play.card_id, uid=play.uid)


def _draw(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    draw_magick(state, play.seat, e.get("deck"), e.get("n"))


def _add_suit(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    suit = play.choice if e.get("suit") == "any" else e.get("suit")
    holder = play.target if e.get("holder") == "self_or_chosen_other" and play.target >= 0 else play.seat
    card = added_card(play.card_id, suit, e.get("n"), named=e.get("suit") == "any")
    state.hands[holder].append(card)
    state.emit(ev.CardAdded, play.seat, holder, card)


def _discard(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    suit = state.current_suit if e.get("suit") == "current" else e.get("suit")
    seats = [play.seat] if e.get("target") == "self" else state.order()
    for s in seats:
        cards: Sequence[str] = [c for c in state.hands[s] if suit_of(c) == suit]
        if e.get("n") != "all":
            cards = sort_cards(cards)[: e.get("n")]
        if cards:
            discard_from_hand(state, s, cards)
            state.emit(ev.CardsDiscarded, s, sort_cards(cards), play.card_id)


def _give(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    cards = sort_cards(c for c in state.hands[play.seat] if suit_of(c) == e.get("suit"))[: e.get("n")]
    for card in cards:
        state.hands[play.seat].remove(card)
        state.hands[play.target].append(card)
    state.emit(ev.CardsMoved, play.seat, play.target, tuple(cards), len(cards), play.card_id)


def _steal(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    zone = "hand" if e.get("zone") == "hand" else "magick"
    source = state.hands[play.target] if zone == "hand" else state.magick[play.target]
    taken = []
    for _ in range(e.get("n")):
        if source:
            taken.append(source.pop(state.rng.randrange(len(source))))
    (state.hands[play.seat] if zone == "hand" else state.magick[play.seat]).extend(taken)
    backs = tuple(state.cards[c].deck for c in taken) if zone == "magick" else ()
    state.emit(ev.CardsMoved, play.target, play.seat, tuple(taken), len(taken), play.card_id, zone, backs)


def _pass_hands(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    n = state.num_players
    step = 1 if e.get("dir") == "left" else -1
    old = state.hands
    state.hands = [old[(s - step) % n] for s in range(n)]
    for s in range(n):
        state.emit(ev.CardsMoved, s, (s + step) % n, tuple(sort_cards(old[s])), len(old[s]), play.card_id)


def _swap_hands(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    seat, target = play.seat, play.target
    state.hands[seat], state.hands[target] = state.hands[target], state.hands[seat]
    for giver, taker in ((seat, target), (target, seat)):
        moved = state.hands[taker]
        state.emit(ev.CardsMoved, giver, taker, tuple(sort_cards(moved)), len(moved), play.card_id)


def _prevent(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    if e.get("scope") == "suit":
        state.shrouded.add(play.seat)
        state.emit(ev.Shrouded, play.seat)
        return
    inc = _incoming(state)
    if inc is None or inc.amount <= 0:
        return
    amount = inc.amount if e.get("n") == "all" else min(inc.amount, e.get("n"))
    state.incoming[-1] = replace(inc, amount=inc.amount - amount)
    state.emit(ev.DamagePrevented, inc.target, amount, play.card_id)


def _redirect(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    inc = _incoming(state)
    if inc is None or inc.amount <= 0:
        return
    amount = min(inc.amount, e.get("n"))
    state.incoming[-1] = replace(inc, amount=inc.amount - amount)
    state.emit(ev.DamagePrevented, inc.target, amount, play.card_id)
    to = inc.source if e.get("to") == "source" else play.target
    if to is None or to < 0 or state.raven[to] or not _targetable(state, play.seat, to):
        return
    push_damage(state, play.seat, [(to, amount)], play.card_id, uid=play.uid, redirectable=False)


def _ward(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    who = play.seat if e.get("target") == "self" else play.target
    state.wards.add(who)
    state.emit(ev.Warded, who)


def _cancel(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    index = next((i for i, entry in enumerate(state.stack) if entry[0] == play.responds_to), None)
    if index is None:
        return
    victim = state.stack.pop(index)
    _to_discard(state, victim[2])
    state.emit(ev.MagickCancelled, victim[1], victim[2], play.seat)


def _peek_hand(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    cards = sort_cards(state.hands[play.target])
    state.peeks.append((play.seat, play.target, cards, rounds_delivered(state.pass_log)))
    state.emit(ev.HandSeen, play.seat, play.target, cards)


def _peek_tokens(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    state.known_tokens[play.seat] = True
    state.emit(ev.TokensSeen, play.seat, tuple(state.tokens[state.revealed:]))


def _reorder_tokens(state: NevermoreState, e: Effect, play: ApplyEffect) -> None:
    if play.choice:
        state.tokens[state.revealed:] = play.choice.split(",")
    if not state.tokens_public:
        state.known_tokens = [s == play.seat for s in range(state.num_players)]
    state.emit(ev.TokensReordered, play.seat)


PRIMITIVES: dict[str, Callable[[NevermoreState, Effect, ApplyEffect], None]] = {
    "damage": _damage, "heal": _heal, "gain_vp": _gain_vp, "draw": _draw, "add_suit": _add_suit,
    "discard": _discard, "give": _give, "steal": _steal, "pass_hands": _pass_hands,
    "swap_hands": _swap_hands, "prevent": _prevent, "redirect": _redirect, "ward": _ward,
    "cancel": _cancel, "peek_hand": _peek_hand, "peek_tokens": _peek_tokens,
    "reorder_tokens": _reorder_tokens,
}
