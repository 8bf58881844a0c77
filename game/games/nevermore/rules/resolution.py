"""The Resolution phase: Conspiracy of Ravens, the four suits in token order, Skulking Ravens, the return
to human form, and clean-up."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from . import events as ev
from .actions import AttackAll, AttackPlayer, Peck
from .cards import ATTACK, HEALING, PLAIN, RADIANCE, RAVEN, VICTORY, count, is_added, ravens_in, \
    regains_form, sort_cards, suit_of
from .damage import check_win, draw_magick, gain_vp, heal, push_damage
from .flow import decision, push, task

if TYPE_CHECKING:
    from .state import NevermoreState

PECK_SUITS = (ATTACK, HEALING, VICTORY)


def leaders_and_power(state: NevermoreState, counts: Sequence[int]) -> tuple[list[int], int]:
    """Leaders (in priority order) and the suit's power: top count minus the next-lower count."""
    top = max(counts)
    if top <= 0:
        return [], 0
    below = [c for c in counts if c < top]
    power = top - (max(below) if below else 0)
    return [s for s in state.order() if counts[s] == top], power


# ----- Conspiracy of Ravens ---------------------------------------------------------------------
@task("conspiracy")
def conspiracy(state: NevermoreState) -> None:
    holders = [s for s in state.order() if ravens_in(state.hands[s]) >= 5]
    if not holders:
        return
    state.conspiracy_ended = True
    push(state, *[("conspire", s) for s in holders])


@task("conspire")
def conspire(state: NevermoreState, seat: int) -> None:
    state.emit(ev.Conspiracy, seat)
    hits = [(s, state.p("conspiracy_damage")) for s in state.humans() if s != seat]
    push_damage(state, seat, hits, "conspiracy", rest=[("conspire_rest", seat)])


@task("conspire_rest")
def conspire_rest(state: NevermoreState, seat: int) -> None:
    """The rest of the one Conspiracy effect: its draw and VP count even when its damage ends the game."""
    draw_magick(state, seat, "shadow", state.p("conspiracy_draw"))
    gain_vp(state, seat, state.p("conspiracy_vp"), "conspiracy")


# ----- The four suits -----------------------------------------------------------------------------
@task("suit")
def suit_step(state: NevermoreState, index: int) -> None:
    if state.conspiracy_ended:
        return
    state.revealed = index + 1
    suit = state.tokens[index]
    state.current_suit = suit
    state.emit(ev.TokenRevealed, index, suit)
    tasks = _SUIT_TASKS.get(suit)
    if tasks is None:
        tasks = _SUIT_TASKS[suit] = (("suit_done", suit), ("window", f"after_suit:{suit}", 0),
                                     ("suit_resolved", suit), ("resolve_suit", suit),
                                     ("window", f"before_suit:{suit}", 0))
    state.tasks.extend(tasks)


_SUIT_TASKS: dict[str, tuple[tuple, ...]] = {}
"""A suit's steps as ``push`` schedules them (last first), made once per suit: every hand of every search
rollout reveals four."""


@task("suit_resolved")
def suit_resolved(state: NevermoreState, suit: str) -> None:
    """The suit, its damage included, has resolved: protection that lasts "until it has resolved" ends
    before the ``after_suit`` window, so Magick played there can hurt."""
    state.shrouded.clear()


@task("suit_done")
def suit_done(state: NevermoreState, suit: str) -> None:
    state.current_suit = ""


@task("resolve_suit")
def resolve_suit(state: NevermoreState, suit: str) -> None:
    n = state.num_players
    played: list[tuple[str, ...]] = []
    killed: list[tuple[str, ...]] = []
    counts: list[int] = []
    plain = PLAIN.issuperset
    for seat in range(n):
        hand, kills = state.hands[seat], state.kills[seat]
        if plain(hand) and plain(kills):
            # Main cards only (most hands): the suit's cards are its copies, and every one counts.
            mine, dead_count = hand.count(suit), kills.count(suit)
            if dead_count <= mine:
                played.append((suit,) * mine)
                killed.append((suit,) * dead_count)
                counts.append(mine - dead_count)
                continue
        # ``c == suit or ...``: a main card is its suit; only an added card needs its suit worked out.
        cards = sort_cards([c for c in state.hands[seat] if c == suit or (is_added(c) and suit_of(c) == suit)])
        dead = sort_cards([c for c in state.kills[seat] if suit_of(c) == suit]) if state.kills[seat] else ()
        played.append(cards)
        killed.append(dead)
        live = list(cards)
        for card in dead:
            live.remove(card)
        counts.append(count(live, suit))
        if any(is_added(c) for c in live):
            state.borrowed.add((seat, suit))
    state.suit_counts = shown = tuple(counts)
    leaders, power = leaders_and_power(state, counts)
    entry = (suit, tuple(played), tuple(killed))
    state.revealed_log.append(entry)
    if not state.quiet:
        state.emit(ev.SuitPlayed, suit, entry[1], entry[2], shown, tuple(leaders), power)
    if suit == RADIANCE:
        _radiance(state, leaders, power, counts)
        return
    if not leaders:
        return
    raven_leaders = [s for s in leaders if state.raven[s]]
    if raven_leaders and state.p("raven_blocks_suit"):
        push(state, *[("peck_ask", s, suit) for s in raven_leaders])
        return
    if suit == ATTACK:
        push(state, *[("attack_ask", s, power) for s in leaders])
    elif suit == HEALING:
        full = state.p("max_health")
        for seat in leaders:
            if state.raven[seat]:
                continue
            before = state.health[seat]
            heal(state, seat, power, "healing")
            if before >= full and power >= state.p("heal_bonus_min"):
                gain_vp(state, seat, state.p("heal_bonus_vp"), "healing_bonus", suit=HEALING)
        check_win(state)
    elif suit == VICTORY:
        for seat in leaders:
            if not state.raven[seat]:
                gain_vp(state, seat, power, "victory", suit=VICTORY)
        check_win(state)


def _radiance(state: NevermoreState, leaders: list[int], power: int, counts: Sequence[int]) -> None:
    for seat in leaders:
        draw_magick(state, seat, "light", power)
    for seat in state.order():
        if counts[seat] >= state.p("radiance_bonus_cards"):
            heal(state, seat, state.p("radiance_bonus_heal"), "radiance_bonus")
            gain_vp(state, seat, state.p("radiance_bonus_vp"), "radiance_bonus", suit=RADIANCE)
    check_win(state)


# ----- Attack choices -----------------------------------------------------------------------------
@task("attack_ask")
def attack_ask(state: NevermoreState, seat: int, power: int) -> None:
    if state.raven[seat]:
        push(state, ("peck_ask", seat, ATTACK))
        return
    if not [s for s in state.humans() if s != seat]:
        return
    state.pending = ("attack", seat, power)


def _attack_legal(state: NevermoreState, pending: tuple) -> list:
    _, seat, power = pending
    actions: list[AttackPlayer | AttackAll] = [AttackPlayer(s) for s in state.humans() if s != seat]
    if power >= state.p("attack_all_min"):
        actions.append(AttackAll())
    return actions


@decision("attack", _attack_legal)
def apply_attack(state: NevermoreState, pending: tuple, action: AttackPlayer | AttackAll) -> None:
    _, seat, power = pending
    if isinstance(action, AttackAll):
        state.emit(ev.AttackChosen, seat, -1, power)
        push_damage(state, seat, [(s, 1) for s in state.humans() if s != seat], "attack_all", suit=ATTACK,
                    rest=[("attack_all_vp", seat)])
    else:
        state.emit(ev.AttackChosen, seat, action.target, power)
        push_damage(state, seat, [(action.target, power)], "attack", suit=ATTACK)


@task("attack_all_vp")
def attack_all_vp(state: NevermoreState, seat: int) -> None:
    """The 1-to-all Attack's VP: part of the same effect as its damage, so it counts when that ends the game."""
    gain_vp(state, seat, state.p("attack_all_vp"), "attack_all", suit=ATTACK)


# ----- Pecks --------------------------------------------------------------------------------------
def peck_targets(state: NevermoreState, seat: int) -> tuple[int, ...]:
    """Humans at the second-highest count, or every human when nobody else played the suit."""
    counts = state.suit_counts
    if all(counts[s] <= 0 for s in range(state.num_players) if s != seat):
        return tuple(s for s in state.humans() if s != seat)
    top = counts[seat]
    below = [c for c in counts if 0 < c < top]
    if not below:
        return ()
    second = max(below)
    return tuple(s for s in state.humans() if s != seat and counts[s] == second)


@task("peck_ask")
def peck_ask(state: NevermoreState, seat: int, suit: str) -> None:
    if not state.raven[seat]:
        return
    targets = peck_targets(state, seat)
    if targets:
        state.pending = ("peck", seat, suit, targets)


@decision("peck", lambda state, pending: [Peck(True), Peck(False)])
def apply_peck(state: NevermoreState, pending: tuple, action: Peck) -> None:
    _, seat, suit, targets = pending
    state.emit(ev.PeckChosen, seat, suit, targets, action.yes)
    if action.yes:
        push_damage(state, seat, [(t, 1) for t in targets], "peck", suit=suit)


# ----- Skulking Ravens, return to human form, clean-up ---------------------------------------------
@task("skulking")
def skulking(state: NevermoreState) -> None:
    if state.conspiracy_ended:
        return
    remaining = tuple(state.skulk)
    leaders, power = leaders_and_power(state, remaining)
    state.emit(ev.SkulkingRavens, remaining, tuple(leaders), power)
    for seat in leaders:
        draw_magick(state, seat, "shadow", power)
    check_win(state)


@task("returns")
def returns(state: NevermoreState) -> None:
    if state.conspiracy_ended:
        return
    for seat in state.order():
        if state.raven[seat] and regains_form(state.collected[seat]):
            state.raven[seat] = False
            state.health[seat] = state.p("return_health")
            state.stats["returns"] += 1
            state.emit(ev.ReturnedToHuman, seat, state.health[seat])
    check_win(state)


@task("cleanup")
def cleanup(state: NevermoreState) -> None:
    from .state import HAND_TASKS_DRAFT, HAND_TASKS_RESOLVE

    for seat in range(state.num_players):
        cards = state.hands[seat] + state.discarded[seat]
        if PLAIN.issuperset(cards):  # main cards only (most hands): all to the Main discard pile
            state.discard += cards
            continue
        for card in cards:
            if is_added(card):
                magick_id = card.split(":")[1]
                deck = state.cards[magick_id].deck if magick_id in state.cards else "shadow"
                (state.ldisc if deck == "light" else state.sdisc).append(magick_id)
            else:
                state.discard.append(card)
    state.emit(ev.HandEnded, state.hand_no, len(state.discard))
    state.stats["hands"] += 1
    if state.hand_no >= state.p("max_hands"):
        best = max(state.vp[s] for s in state.humans()) if state.humans() else max(state.vp)
        pool = state.humans() or list(range(state.num_players))
        from .damage import end_game

        end_game(state, [s for s in pool if state.vp[s] == best], "hand_limit")
        return
    state.hand_no += 1
    state.direction = -state.direction
    state.dealer = (state.dealer + 1) % state.num_players
    state.rng.shuffle(state.tokens)
    state._reset_hand(False)
    push(state, ("deal",), *HAND_TASKS_DRAFT, *HAND_TASKS_RESOLVE)


RAVEN_SUIT = RAVEN
