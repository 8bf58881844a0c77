"""Damage, healing, VP, Magick draws, transformations and the win checks (after every effect).

Damage comes in batches (the damage of one effect: an Attack, a peck, a Conspiracy, a Magick card). Each hit
first opens a PLAY AT ANY TIME window for the damaged player (and Ravens who can shield humans);
transformations of a batch happen together at its end. The win conditions are checked once the whole effect
has resolved (a Conspiracy's draw and VP come after its damage), never between its parts.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Sequence

from . import events as ev
from .tasks import WIN_CHECK, ApplyHit, Batch, DamageResponse, EndBatch, Hit, Strike, Task, WinCheck

if TYPE_CHECKING:
    from .state import NevermoreState


def push_damage(state: NevermoreState, source: int, hits: list[tuple[int, int]], cause: str, *,
                uid: int | None = None, suit: str | None = None, redirectable: bool = True,
                rest: Sequence[Task] = ()) -> None:
    """Schedule one damage effect: ``hits`` are (target, amount); ``rest`` are the tasks of the effect's
    other parts, which resolve after the damage and before the win check that closes the effect."""
    bid = state.next_uid()
    state.batches[bid] = Batch((), source, cause, uid, suit)
    state.push(*[Strike(bid, target, amount, redirectable) for target, amount in hits], EndBatch(bid), *rest,
               WinCheck(source) if cause == "peck" else WIN_CHECK)


def hit(state: NevermoreState, task: Strike) -> None:
    target, amount = task.target, task.amount
    if state.raven[target] or amount <= 0:
        return
    if target in state.shrouded:
        state.emit(ev.DamagePrevented, target, amount, "shroud_of_sanctuary")
        return
    batch = state.batches[task.batch]
    iid = state.next_uid()
    state.incoming.append(Hit(iid, batch.source, target, amount, task.redirectable, batch.cause, batch.card_uid))
    state.push(DamageResponse(iid, 0), ApplyHit(task.batch))


def apply_hit(state: NevermoreState, task: ApplyHit) -> None:
    dealt = state.incoming.pop()
    source, target, amount = dealt.source, dealt.target, dealt.amount
    if amount <= 0 or state.raven[target]:
        return
    state.health[target] -= amount
    state.damaged.add(target)
    if source >= 0 and source != target:
        state.dealt.add(source)
    state.emit(ev.Damaged, source, target, amount, state.health[target], dealt.cause)
    batch = state.batches[task.batch]
    if state.health[target] <= 0 and target not in batch.fallen:
        state.batches[task.batch] = replace(batch, fallen=batch.fallen + (target,))


def batch_end(state: NevermoreState, task: EndBatch) -> None:
    batch = state.batches.pop(task.batch)
    source, uid = batch.source, batch.card_uid
    fallen = [s for s in batch.fallen if not state.raven[s] and state.health[s] <= 0]
    if fallen and uid is not None and state.config.magick.two_humans_remain:
        if len(state.humans()) - len(fallen) < 2:
            for seat in fallen:
                state.health[seat] = 1
                state.emit(ev.SpareFromRaven, seat)
            fallen = []
    for seat in fallen:
        transform(state, seat, source)
    if source >= 0 and fallen:
        others = sum(1 for s in fallen if s != source)
        if others:
            gain_vp(state, source, others * state.config.transform_vp, "transformation", uid=uid, suit=batch.suit)


def transform(state: NevermoreState, seat: int, by: int) -> None:
    state.raven[seat] = True
    state.stats["transformations"] += 1
    state.emit(ev.BecameRaven, seat, by)


def gain_vp(state: NevermoreState, seat: int, n: int, cause: str, *, uid: int | None = None,
            suit: str | None = None) -> int:
    """Give VP under the caps: G3 (one VP per Magick card), G4 (Magick ceiling), G6 (borrowed power)."""
    rules = state.config.magick
    if uid is not None:
        if rules.one_vp_per_card:
            n = min(n, 1 - state.card_vp.get(uid, 0))
        if rules.vp_ceiling:
            n = min(n, state.config.vp_to_win - 1 - state.vp[seat])
    if suit is not None and (seat, suit) in state.borrowed:
        cap = rules.borrowed_power_cap
        n = min(n, cap - state.suit_vp.get((seat, suit), 0))
    if n <= 0:
        return 0
    state.vp[seat] += n
    if uid is not None:
        state.card_vp[uid] = state.card_vp.get(uid, 0) + n
    if suit is not None:
        state.suit_vp[(seat, suit)] = state.suit_vp.get((seat, suit), 0) + n
    state.emit(ev.VPGained, seat, n, state.vp[seat], cause)
    return n


def heal(state: NevermoreState, seat: int, n: int, cause: str) -> int:
    """Restore Health up to the maximum; nothing for a Raven."""
    if state.raven[seat]:
        return 0
    amount = max(0, min(n, state.config.max_health - state.health[seat]))
    if amount:
        state.health[seat] += amount
        state.emit(ev.Healed, seat, amount, state.health[seat], cause)
    return amount


def draw_magick(state: NevermoreState, seat: int, deck: str, n: int) -> list[str]:
    """Draw Magick cards; an empty deck is rebuilt from its discards."""
    if not state.config.magick.enabled or n <= 0:
        return []
    pile, disc = (state.ldeck, state.ldisc) if deck == "light" else (state.sdeck, state.sdisc)
    cards = []
    for _ in range(n):
        if not pile:
            if not disc:
                break
            state.rng.shuffle(disc)
            pile.extend(disc)
            disc.clear()
        cards.append(pile.pop(0))
    state.magick[seat].extend(cards)
    if cards:
        state.emit(ev.MagickDrawn, seat, deck, tuple(cards), len(cards), len(pile))
    return cards


def end_game(state: NevermoreState, winners: list[int], reason: str) -> None:
    state.over = True
    state.winner_list = sorted(winners)
    state.end_reason = reason
    state.decision = None
    state.tasks.clear()
    state.emit(ev.GameOver, tuple(state.winner_list), reason)


def win_check(state: NevermoreState, task: WinCheck) -> None:
    """The win check that closes an effect (``pecker``: the pecking Raven, or -1).

    A card played in answer to incoming damage resolves inside the effect it answers; while that effect's
    own check is still scheduled, it is the one that decides, once every part has resolved.
    """
    if any(type(t) is WinCheck for t in state.tasks):
        return
    check_win(state, task.pecker if task.pecker >= 0 else None)


def check_win(state: NevermoreState, pecker: int | None = None) -> None:
    """The three ways to win (and the no-human end), checked after every effect."""
    if state.over:
        return
    target = state.config.vp_to_win
    if state.raven.count(False) >= 2 and max(state.vp) < target:
        return  # two humans or more and nobody at the goal (most checks): no way to win or end now
    humans = state.humans()
    if not humans:
        if pecker is not None:
            state.raven[pecker] = False
            state.health[pecker] = state.config.return_health
            state.emit(ev.ReturnedToHuman, pecker, state.health[pecker])
            end_game(state, [pecker], "peck")
            return
        best = max(state.vp)
        end_game(state, [s for s in range(state.num_players) if state.vp[s] == best], "no_humans")
        return
    rich = [s for s in humans if state.vp[s] >= target]
    if rich:
        key = max((state.vp[s], state.health[s]) for s in rich)
        top = [s for s in rich if (state.vp[s], state.health[s]) == key]
        if len(top) == 1:
            end_game(state, top, "vp")
            return
    if len(humans) == 1:
        end_game(state, humans, "last_human")
