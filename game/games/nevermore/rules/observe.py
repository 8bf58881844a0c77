"""What one seat knows (``observe``); ``worlds`` deals the full states consistent with it, for search.

Public: Health, VP, Ravens, hand and Magick-hand sizes (and which deck each Magick card came from), the
discard piles, revealed tokens and played suits, who has committed a pass, suit-like cards added to hands,
the Magick stack and the flow of the hand. Private to the seat: its hand, Magick hand, committed pass,
kills, the passes it gave and received this hand, hands it peeked and tokens it has seen.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Collection, Iterable

from game.core.contracts import Observation

from .cards import SUITS, is_added, is_named, power_of, sort_cards, suit_hidden
from .config import Config
from .tasks import ApplyEffect, Batch, Decision, Hit, Task

if TYPE_CHECKING:
    from .state import NevermoreState


@dataclass(frozen=True)
class NevermoreObservation(Observation):
    players: int
    config: Config
    hand_no: int
    dealer: int
    direction: int
    health: tuple[int, ...]
    vp: tuple[int, ...]
    raven: tuple[bool, ...]
    hand: tuple[str, ...]
    magick: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    magick_counts: tuple[tuple[int, int], ...]
    """(light, shadow) cards in each seat's Magick hand."""
    added: tuple[tuple[str, ...], ...]
    """Suit-like Magick cards in each seat's hand (public)."""
    deck_size: int
    discard: tuple[str, ...]
    light_deck_size: int
    shadow_deck_size: int
    light_discard: tuple[str, ...]
    shadow_discard: tuple[str, ...]
    tokens: tuple[str | None, ...]
    """The token order as this seat knows it (``None``: face down and unknown)."""
    revealed: int
    known_tokens: tuple[bool, ...]
    draft_round: int
    my_pass: tuple[str, ...] | None
    committed: tuple[bool, ...]
    pass_log: tuple[tuple, ...]
    """(round, giver, receiver, cards) of this hand's passes this seat gave or received."""
    my_kills: tuple[str, ...]
    kills_locked: bool
    revealed_log: tuple[tuple, ...]
    """(suit, played per seat, killed per seat) of each suit called this hand."""
    discarded: tuple[tuple[str, ...], ...]
    suit_counts: tuple[int, ...]
    current_suit: str
    conspiracy_ended: bool
    wards: tuple[int, ...]
    shrouded: tuple[int, ...]
    damaged: tuple[int, ...]
    dealt: tuple[int, ...]
    borrowed: tuple[tuple[int, str], ...]
    suit_vp: tuple[tuple[tuple[int, str], int], ...]
    card_vp: tuple[tuple[int, int], ...]
    stack: tuple[tuple, ...]
    incoming: tuple[Hit, ...]
    batches: tuple[tuple[int, Batch], ...]
    """(id, batch) of each damage effect under way, by id."""
    peeks: tuple[tuple, ...]
    """(seat, target, target's hand, pass rounds delivered when seen) of each hand this seat peeked."""
    decision: Decision | None
    """This seat's own decision, when it is asked one now."""
    agenda: tuple[Task, ...]
    """The steps left in the hand, the next one last (another player's secret choice blanked): what a world
    dealt from this observation plays on from."""
    uid: int
    stats: tuple[tuple[str, int], ...]
    over: bool
    winners: tuple[int, ...]
    end_reason: str

    @property
    def suit_power(self) -> int:
        """The power of the suit being resolved (``current_suit``)."""
        return power_of(self.suit_counts)

    @property
    def me(self) -> int:
        """The seat that knows this, for agents and search (which never get a spectator's view)."""
        if self.seat is None:
            raise ValueError("a spectator's observation has no seat")
        return self.seat


_PLAIN = frozenset(SUITS)
"""Main-deck cards: a hand of only these has no added (suit-like Magick) card to show."""


def _sorted(items: Collection[Any]) -> tuple:
    """``tuple(sorted(items))``, at once for the empty sets and dicts most hands leave these."""
    return tuple(sorted(items)) if items else ()


def _new_observation(fields: dict[str, object]) -> NevermoreObservation:
    """A ``NevermoreObservation`` of all its fields, made without the frozen dataclass's ``__init__``,
    which sets its fifty-odd fields one ``object.__setattr__`` at a time (a quarter of an observation's
    cost; one is made for every decision). The fields come as one dict, which becomes the observation's
    own: passed as keywords they were gathered into a dict and copied again (a tenth of the cost)."""
    observation = object.__new__(NevermoreObservation)
    object.__setattr__(observation, "__dict__", fields)
    return observation


def observe(state: NevermoreState, seat: int | None) -> NevermoreObservation:
    """What ``seat`` may know; ``None``: a spectator's public view (no hand, Magick, pass, kill or peek)."""
    n = state.num_players
    if seat is None:
        return _spectator(state)
    decision = state.decision
    known = state.known_tokens[seat] or state.tokens_public
    revealed = state.revealed
    tokens = tuple([t if (i < revealed or known) else None for i, t in enumerate(state.tokens)])
    stack = tuple([_public_stack(entry, seat) for entry in state.stack])
    cards = state.cards
    decks = [[cards[c].deck for c in m] for m in state.magick]
    plain = _PLAIN
    return _new_observation({
        "seat": seat, "players": n, "config": state.config,
        "hand_no": state.hand_no, "dealer": state.dealer, "direction": state.direction,
        "health": tuple(state.health), "vp": tuple(state.vp), "raven": tuple(state.raven),
        "hand": sort_cards(state.hands[seat]), "magick": tuple(sorted(state.magick[seat])),
        "hand_sizes": tuple([len(h) for h in state.hands]),
        "magick_counts": tuple([(d.count("light"), d.count("shadow")) for d in decks]),
        "added": tuple([() if plain.issuperset(h) else _public_added(h, seat, holder)
                        for holder, h in enumerate(state.hands)]),
        "deck_size": len(state.deck), "discard": sort_cards(state.discard),
        "light_deck_size": len(state.ldeck), "shadow_deck_size": len(state.sdeck),
        "light_discard": tuple(sorted(state.ldisc)), "shadow_discard": tuple(sorted(state.sdisc)),
        "tokens": tokens, "revealed": revealed, "known_tokens": tuple(state.known_tokens),
        "draft_round": state.draft_round,
        "my_pass": state.pending_pass[seat],
        "committed": tuple([p is not None for p in state.pending_pass]),
        "pass_log": tuple([e for e in state.pass_log if seat in (e[1], e[2])]),
        "my_kills": sort_cards(state.kills[seat]), "kills_locked": state.kills_locked,
        "revealed_log": tuple(state.revealed_log),
        "discarded": tuple([sort_cards(d) for d in state.discarded]),
        "suit_counts": tuple(state.suit_counts), "current_suit": state.current_suit,
        "conspiracy_ended": state.conspiracy_ended,
        "wards": _sorted(state.wards), "shrouded": _sorted(state.shrouded),
        "damaged": _sorted(state.damaged), "dealt": _sorted(state.dealt),
        "borrowed": _sorted(state.borrowed), "suit_vp": _sorted(state.suit_vp.items()),
        "card_vp": _sorted(state.card_vp.items()), "stack": stack,
        "incoming": tuple(state.incoming), "batches": _sorted(state.batches.items()),
        "peeks": tuple([p for p in state.peeks if p[0] == seat]),
        "decision": decision if decision is not None and decision.seat == seat else None,
        "agenda": tuple([_public_task(t, seat) if type(t) is ApplyEffect else t for t in state.tasks]),
        "uid": state.uid, "stats": tuple(sorted(state.stats.items())), "over": state.over,
        "winners": tuple(state.winner_list), "end_reason": state.end_reason,
    })


def _spectator(state: NevermoreState) -> NevermoreObservation:
    """The public view: a seat's view with everything private to it emptied, and tokens seen by Magick
    hidden again."""
    view = observe(state, 0)
    tokens = tuple(t if (i < state.revealed or state.tokens_public) else None for i, t in enumerate(state.tokens))
    return replace(view, seat=None, hand=(), magick=(), my_pass=None, pass_log=(), my_kills=(), peeks=(),
                   tokens=tokens, stack=tuple(_public_stack(entry, None) for entry in state.stack),
                   decision=None, agenda=tuple(_public_task(t, None) for t in state.tasks),
                   added=tuple(_public_added(h, None, holder) for holder, h in enumerate(state.hands)))


def _public_stack(entry: tuple, seat: int | None) -> tuple:
    """A Magick stack entry as ``seat`` may see it: another player's choice (a token order, a suit named
    in secret) is blanked."""
    return entry if entry[1] == seat or not entry[4] else entry[:4] + ("",) + entry[5:]


def _public_task(task: Task, seat: int | None) -> Task:
    """A task as ``seat`` may see it: another player's secret choice in a pending effect is blanked."""
    if type(task) is ApplyEffect and task.seat != seat and task.choice:
        return replace(task, choice="")
    return task


def _public_added(cards: Iterable[str], seat: int | None, holder: int) -> tuple[str, ...]:
    """The suit-like cards in ``holder``'s hand as ``seat`` sees them: suits named in secret hidden."""
    return sort_cards(c if seat == holder or not is_named(c) else suit_hidden(c) for c in cards if is_added(c))

