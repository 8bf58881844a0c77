"""The Resolution phase: Conspiracy of Ravens, the four suits in token order, Skulking Ravens, the return
to human form, and clean-up."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from game.core.contracts import Action

from . import events as ev
from .actions import AttackAll, AttackPlayer, Peck
from .cards import ATTACK, HEALING, PLAIN, RADIANCE, VICTORY, count, is_added, power_of, ravens_in, \
    regains_form, sort_cards, suit_of
from .damage import check_win, draw_magick, end_game, gain_vp, heal, push_damage
from .tasks import (NEW_HAND, AskAttack, AskPeck, AttackAllVP, AttackDecision, CheckConspiracy, CleanUp, Conspire,
                    ConspireRest, PeckDecision, ResolveSuit, Returns, Skulking, Suit, SuitDone, SuitResolved, Task,
                    Window)

if TYPE_CHECKING:
    from .state import NevermoreState

def leaders_and_power(state: NevermoreState, counts: Sequence[int]) -> tuple[list[int], int]:
    """Leaders (in priority order) and the suit's power."""
    power = power_of(counts)
    top = max(counts)
    return [s for s in state.order() if counts[s] == top] if power else [], power


# ----- Conspiracy of Ravens ---------------------------------------------------------------------
def conspiracy(state: NevermoreState, task: CheckConspiracy) -> None:
    holders = [s for s in state.order() if ravens_in(state.hands[s]) >= 5]
    if not holders:
        return
    state.conspiracy_ended = True
    state.push(*[Conspire(s) for s in holders])


def conspire(state: NevermoreState, task: Conspire) -> None:
    seat = task.seat
    state.emit(ev.Conspiracy, seat)
    hits = [(s, state.config.conspiracy_damage) for s in state.humans() if s != seat]
    push_damage(state, seat, hits, "conspiracy", rest=[ConspireRest(seat)])


def conspire_rest(state: NevermoreState, task: ConspireRest) -> None:
    """The rest of the one Conspiracy effect: its draw and VP count even when its damage ends the game."""
    draw_magick(state, task.seat, "shadow", state.config.conspiracy_draw)
    gain_vp(state, task.seat, state.config.conspiracy_vp, "conspiracy")


# ----- The four suits -----------------------------------------------------------------------------
def suit_step(state: NevermoreState, task: Suit) -> None:
    if state.conspiracy_ended:
        return
    index = task.index
    state.revealed = index + 1
    suit = state.tokens[index]
    state.current_suit = suit
    state.emit(ev.TokenRevealed, index, suit)
    tasks = _SUIT_TASKS.get(suit)
    if tasks is None:
        tasks = _SUIT_TASKS[suit] = (SuitDone(suit), Window(f"after_suit:{suit}", 0), SuitResolved(suit),
                                     ResolveSuit(suit), Window(f"before_suit:{suit}", 0))
    state.tasks.extend(tasks)


_SUIT_TASKS: dict[str, tuple[Task, ...]] = {}
"""A suit's steps as ``push`` schedules them (last first), made once per suit: every hand of every search
rollout reveals four."""


def suit_resolved(state: NevermoreState, task: SuitResolved) -> None:
    """The suit, its damage included, has resolved: protection that lasts "until it has resolved" ends
    before the ``after_suit`` window, so Magick played there can hurt."""
    state.shrouded.clear()


def suit_done(state: NevermoreState, task: SuitDone) -> None:
    state.current_suit = ""


def resolve_suit(state: NevermoreState, task: ResolveSuit) -> None:
    suit = task.suit
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
    config = state.config
    if raven_leaders and config.raven_blocks_suit:
        state.push(*[AskPeck(s, suit) for s in raven_leaders])
        return
    if suit == ATTACK:
        state.push(*[AskAttack(s, power) for s in leaders])
    elif suit == HEALING:
        full = config.max_health
        for seat in leaders:
            if state.raven[seat]:
                continue
            before = state.health[seat]
            heal(state, seat, power, "healing")
            if before >= full and power >= config.heal_bonus_min:
                gain_vp(state, seat, config.heal_bonus_vp, "healing_bonus", suit=HEALING)
        check_win(state)
    elif suit == VICTORY:
        for seat in leaders:
            if not state.raven[seat]:
                gain_vp(state, seat, power, "victory", suit=VICTORY)
        check_win(state)


def _radiance(state: NevermoreState, leaders: list[int], power: int, counts: Sequence[int]) -> None:
    for seat in leaders:
        draw_magick(state, seat, "light", power)
    config = state.config
    for seat in state.order():
        if counts[seat] >= config.radiance_bonus_cards:
            heal(state, seat, config.radiance_bonus_heal, "radiance_bonus")
            gain_vp(state, seat, config.radiance_bonus_vp, "radiance_bonus", suit=RADIANCE)
    check_win(state)


# ----- Attack choices -----------------------------------------------------------------------------
def attack_ask(state: NevermoreState, task: AskAttack) -> None:
    seat = task.seat
    if state.raven[seat]:
        state.push(AskPeck(seat, ATTACK))
        return
    if not [s for s in state.humans() if s != seat]:
        return
    state.decision = AttackDecision(seat, task.power)


def attack_legal(state: NevermoreState, decision: AttackDecision) -> list[Action]:
    seat = decision.seat
    actions: list[Action] = [AttackPlayer(s) for s in state.humans() if s != seat]
    if decision.power >= state.config.attack_all_min:
        actions.append(AttackAll())
    return actions


def apply_attack(state: NevermoreState, decision: AttackDecision, action: AttackPlayer | AttackAll) -> None:
    seat, power = decision.seat, decision.power
    if isinstance(action, AttackAll):
        state.emit(ev.AttackChosen, seat, -1, power)
        push_damage(state, seat, [(s, 1) for s in state.humans() if s != seat], "attack_all", suit=ATTACK,
                    rest=[AttackAllVP(seat)])
    else:
        state.emit(ev.AttackChosen, seat, action.target, power)
        push_damage(state, seat, [(action.target, power)], "attack", suit=ATTACK)


def attack_all_vp(state: NevermoreState, task: AttackAllVP) -> None:
    """The 1-to-all Attack's VP: part of the same effect as its damage, so it counts when that ends the game."""
    gain_vp(state, task.seat, state.config.attack_all_vp, "attack_all", suit=ATTACK)


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


def peck_ask(state: NevermoreState, task: AskPeck) -> None:
    seat = task.seat
    if not state.raven[seat]:
        return
    targets = peck_targets(state, seat)
    if targets:
        state.decision = PeckDecision(seat, task.suit, targets)


def peck_legal(state: NevermoreState, decision: PeckDecision) -> list[Action]:
    return [Peck(True), Peck(False)]


def apply_peck(state: NevermoreState, decision: PeckDecision, action: Peck) -> None:
    seat, suit, targets = decision.seat, decision.suit, decision.targets
    state.emit(ev.PeckChosen, seat, suit, targets, action.yes)
    if action.yes:
        push_damage(state, seat, [(t, 1) for t in targets], "peck", suit=suit)


# ----- Skulking Ravens, return to human form, clean-up ---------------------------------------------
def skulking(state: NevermoreState, task: Skulking) -> None:
    if state.conspiracy_ended:
        return
    remaining = tuple(state.skulk)
    leaders, power = leaders_and_power(state, remaining)
    state.emit(ev.SkulkingRavens, remaining, tuple(leaders), power)
    for seat in leaders:
        draw_magick(state, seat, "shadow", power)
    check_win(state)


def returns(state: NevermoreState, task: Returns) -> None:
    if state.conspiracy_ended:
        return
    for seat in state.order():
        if state.raven[seat] and regains_form(state.collected[seat]):
            state.raven[seat] = False
            state.health[seat] = state.config.return_health
            state.stats["returns"] += 1
            state.emit(ev.ReturnedToHuman, seat, state.health[seat])
    check_win(state)


def cleanup(state: NevermoreState, task: CleanUp) -> None:
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
    if state.hand_no >= state.config.max_hands:
        best = max(state.vp[s] for s in state.humans()) if state.humans() else max(state.vp)
        pool = state.humans() or list(range(state.num_players))
        end_game(state, [s for s in pool if state.vp[s] == best], "hand_limit")
        return
    state.hand_no += 1
    state.direction = -state.direction
    state.dealer = (state.dealer + 1) % state.num_players
    state.rng.shuffle(state.tokens)
    state.reset_hand(False)
    state.push(*NEW_HAND)
