"""What one seat knows (``observe``) and a full state consistent with it (``sample_state``) for search.

Public: Health, VP, Ravens, hand and Magick-hand sizes (and which deck each Magick card came from), the
discard piles, revealed tokens and played suits, who has committed a pass, suit-like cards added to hands,
the Magick stack and the flow of the hand. Private to the seat: its hand, Magick hand, committed pass,
kills, the passes it gave and received this hand, hands it peeked and tokens it has seen.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache

from game.core.contracts import Observation, make_rng

from .cards import (PASSES, SUITS, TOKEN_SUITS, UNKNOWN_SUIT, is_added, is_named, magick_id_of, main_deck, non_ravens,
                    ravens_in, sort_cards, suit_hidden, suit_of, with_suit)
from .magick_data import card_file, deck_list, load_magick


@dataclass(frozen=True)
class NevermoreObservation(Observation):
    players: int
    params: tuple
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
    incoming: tuple[tuple, ...]
    batches: tuple[tuple, ...]
    peeks: tuple[tuple, ...]
    """(seat, target, target's hand, pass rounds delivered when seen) of each hand this seat peeked."""
    pending: tuple | None
    tasks: tuple[tuple, ...]
    uid: int
    stats: tuple[tuple[str, int], ...]
    over: bool
    winners: tuple[int, ...]
    end_reason: str


def _deck_of(state, card_id: str) -> str:
    return state.cards[card_id].deck


def observe(state, seat: int | None) -> NevermoreObservation:
    """What ``seat`` may know; ``None``: a spectator's public view (no hand, Magick, pass, kill or peek)."""
    n = state.num_players
    if seat is None:
        return _spectator(state)
    known = state.known_tokens[seat] or state.tokens_public
    tokens = tuple(t if (i < state.revealed or known) else None for i, t in enumerate(state.tokens))
    stack = tuple(_public_stack(entry, seat) for entry in state.stack)
    return NevermoreObservation(
        seat=seat, players=n, params=tuple(sorted((k, str(v)) for k, v in state.params.items())),
        hand_no=state.hand_no, dealer=state.dealer, direction=state.direction,
        health=tuple(state.health), vp=tuple(state.vp), raven=tuple(state.raven),
        hand=sort_cards(state.hands[seat]), magick=tuple(sorted(state.magick[seat])),
        hand_sizes=tuple(len(h) for h in state.hands),
        magick_counts=tuple((sum(1 for c in m if _deck_of(state, c) == "light"),
                             sum(1 for c in m if _deck_of(state, c) == "shadow")) for m in state.magick),
        added=tuple(_public_added(h, seat, holder) for holder, h in enumerate(state.hands)),
        deck_size=len(state.deck), discard=sort_cards(state.discard),
        light_deck_size=len(state.ldeck), shadow_deck_size=len(state.sdeck),
        light_discard=tuple(sorted(state.ldisc)), shadow_discard=tuple(sorted(state.sdisc)),
        tokens=tokens, revealed=state.revealed, known_tokens=tuple(state.known_tokens),
        draft_round=state.draft_round,
        my_pass=state.pending_pass[seat],
        committed=tuple(p is not None for p in state.pending_pass),
        pass_log=tuple(e for e in state.pass_log if seat in (e[1], e[2])),
        my_kills=sort_cards(state.kills[seat]), kills_locked=state.kills_locked,
        revealed_log=tuple(state.revealed_log),
        discarded=tuple(sort_cards(d) for d in state.discarded),
        suit_counts=tuple(state.suit_counts), current_suit=state.current_suit,
        conspiracy_ended=state.conspiracy_ended,
        wards=tuple(sorted(state.wards)), shrouded=tuple(sorted(state.shrouded)),
        damaged=tuple(sorted(state.damaged)), dealt=tuple(sorted(state.dealt)),
        borrowed=tuple(sorted(state.borrowed)), suit_vp=tuple(sorted(state.suit_vp.items())),
        card_vp=tuple(sorted(state.card_vp.items())), stack=stack,
        incoming=tuple(tuple(i) for i in state.incoming),
        batches=tuple((k, tuple(v[0])) + tuple(v[1:]) for k, v in sorted(state.batches.items())),
        peeks=tuple(p for p in state.peeks if p[0] == seat),
        pending=state.pending, tasks=tuple(_public_task(t, seat) for t in state.tasks), uid=state.uid,
        stats=tuple(sorted(state.stats.items())), over=state.over, winners=tuple(state.winner_list),
        end_reason=state.end_reason,
    )


def _spectator(state) -> NevermoreObservation:
    """The public view: a seat's view with everything private to it emptied, and tokens seen by Magick
    hidden again."""
    view = observe(state, 0)
    tokens = tuple(t if (i < state.revealed or state.tokens_public) else None for i, t in enumerate(state.tokens))
    return replace(view, seat=None, hand=(), magick=(), my_pass=None, pass_log=(), my_kills=(), peeks=(),
                   tokens=tokens, stack=tuple(_public_stack(entry, None) for entry in state.stack),
                   tasks=tuple(_public_task(t, None) for t in state.tasks),
                   added=tuple(_public_added(h, None, holder) for holder, h in enumerate(state.hands)))


def _public_stack(entry: tuple, seat: int | None) -> tuple:
    """A Magick stack entry as ``seat`` may see it: another player's choice (a token order, a suit named
    in secret) is blanked."""
    return entry if entry[1] == seat or not entry[4] else entry[:4] + ("",) + entry[5:]


def _public_task(item: tuple, seat: int | None) -> tuple:
    """A task as ``seat`` may see it: another player's secret choice in a pending effect is blanked."""
    if item[0] == "effect" and item[2] != seat and item[5]:
        return item[:5] + ("",) + item[6:]
    return item


def _public_added(cards, seat: int | None, holder: int) -> tuple[str, ...]:
    """The suit-like cards in ``holder``'s hand as ``seat`` sees them: suits named in secret hidden."""
    return sort_cards(c if seat == holder or not is_named(c) else suit_hidden(c) for c in cards if is_added(c))


def _guess_named(card: str, seat: int, obs: NevermoreObservation, rng: random.Random) -> str:
    """A suit for another seat's card named in secret: the one shown when its suit was called, else any
    suit not called yet."""
    for _, played, _ in obs.revealed_log:
        for shown in played[seat]:
            if is_named(shown) and magick_id_of(shown) == magick_id_of(card):
                return shown
    called = {suit for suit, _, _ in obs.revealed_log}
    return with_suit(card, rng.choice([s for s in SUITS if s not in called] or list(SUITS)))


def _guess_choice(cards: dict, item: tuple, shift: int, me: int, rng: random.Random) -> tuple:
    """A stack entry (uid, seat, card, target, choice, raven, ...) or, ``shift`` 1, an effect task (the same
    after "effect") of another seat with its hidden suit choice guessed (a hidden token order stays blank:
    the tokens themselves are sampled)."""
    seat_at, card_at, choice_at, raven_at = (i + shift for i in (1, 2, 4, 5))
    if item[seat_at] == me or item[choice_at] or item[card_at] not in cards:
        return item
    mode = cards[item[card_at]].mode(item[raven_at])
    if not any(e.op == "add_suit" and e.get("suit") == "any" for e in mode.effects):
        return item
    return item[:choice_at] + (rng.choice(SUITS),) + item[choice_at + 1:]


def _take(pool: Counter, cards) -> bool:
    need = Counter(cards)
    if any(pool[c] < k for c, k in need.items()):
        return False
    pool.subtract(need)
    return True


def sample_state(obs: NevermoreObservation, rng: random.Random, params: dict):
    """A full state consistent with ``obs`` (hidden cards dealt at random from the unseen ones)."""
    from .draft import kill_options
    from .knowledge import tracked_cards
    from .state import NevermoreState

    n = obs.players
    me = obs.seat
    s = NevermoreState(params, n, 0, _blank=True)
    s.rng = make_rng(rng.getrandbits(48))
    s.cards = load_magick(card_file(params)) if params["magick"]["enabled"] else {}
    s.health, s.vp, s.raven = list(obs.health), list(obs.vp), list(obs.raven)
    s.dealer, s.direction, s.hand_no = obs.dealer, obs.direction, obs.hand_no
    s.discard = list(obs.discard)
    s.ldisc, s.sdisc = list(obs.light_discard), list(obs.shadow_discard)
    s.over, s.winner_list, s.end_reason = obs.over, list(obs.winners), obs.end_reason
    s.stats = dict(obs.stats)
    s.uid = obs.uid
    s.pending = obs.pending
    s.events = []
    s.revealed = obs.revealed
    s.tokens_public = all(t is not None for t in obs.tokens) and all(obs.known_tokens)
    s.known_tokens = list(obs.known_tokens)
    s.draft_round = obs.draft_round
    s.pass_log = list(obs.pass_log)
    s.kills_locked = obs.kills_locked
    s.revealed_log = list(obs.revealed_log)
    s.discarded = [list(d) for d in obs.discarded]
    s.suit_counts = obs.suit_counts
    s.current_suit = obs.current_suit
    s.conspiracy_ended = obs.conspiracy_ended
    s.wards, s.shrouded = set(obs.wards), set(obs.shrouded)
    s.damaged, s.dealt = set(obs.damaged), set(obs.dealt)
    s.borrowed = set(obs.borrowed)
    s.suit_vp, s.card_vp = dict(obs.suit_vp), dict(obs.card_vp)
    s.stack = [_guess_choice(s.cards, entry, 0, me, rng) for entry in obs.stack]
    s.tasks = [_guess_choice(s.cards, t, 1, me, rng) if t[0] == "effect" else t for t in obs.tasks]
    s.incoming = [list(i) for i in obs.incoming]
    s.batches = {b[0]: [list(b[1])] + list(b[2:]) for b in obs.batches}
    s.peeks = list(obs.peeks)
    # Tokens: unknown ones shuffled among the suits not yet placed.
    rest = list(TOKEN_SUITS)
    for t in obs.tokens:
        if t is not None:
            rest.remove(t)
    rng.shuffle(rest)
    s.tokens = [t if t is not None else rest.pop() for t in obs.tokens]
    # Main cards: what this seat cannot see is dealt at random.
    pool = Counter(main_deck())
    pool.subtract(Counter(c for c in obs.hand if not is_added(c)))
    pool.subtract(Counter(obs.discard))
    for d in obs.discarded:
        pool.subtract(Counter(c for c in d if not is_added(c)))
    known: list[list[str]] = [[] for _ in range(n)]
    known[me] = list(obs.hand)
    for seat in range(n):
        if seat == me:
            continue
        known[seat] = [_guess_named(c, seat, obs, rng) if suit_of(c) == UNKNOWN_SUIT else c for c in obs.added[seat]]
        for suit, played, _ in obs.revealed_log:
            mains = [c for c in played[seat] if not is_added(c)]
            if _take(pool, mains):
                known[seat] += mains
    # Cards this seat passed or peeked, where one history consistent with its passes leaves them.
    for seat, cards in enumerate(tracked_cards(obs, rng)):
        extra = Counter(cards) - Counter(known[seat])
        for card in extra.elements():
            if len(known[seat]) < obs.hand_sizes[seat] and _take(pool, [card]):
                known[seat].append(card)
    unseen = [c for c, k in pool.items() for _ in range(max(0, k))]
    rng.shuffle(unseen)
    s.hands = []
    for seat in range(n):
        hand = list(known[seat])
        need = obs.hand_sizes[seat] - len(hand)
        hand += unseen[:max(0, need)]
        del unseen[:max(0, need)]
        s.hands.append(hand)
    s.deck = unseen
    # Magick hands.
    s.magick = [[] for _ in range(n)]
    s.ldeck, s.sdeck = [], []
    if params["magick"]["enabled"]:
        for deck, index, target in (("light", 0, s.ldeck), ("shadow", 1, s.sdeck)):
            mpool = Counter(deck_list(s.cards, deck))
            mpool.subtract(Counter(c for c in obs.magick if s.cards[c].deck == deck))
            mpool.subtract(Counter(obs.light_discard if deck == "light" else obs.shadow_discard))
            mpool.subtract(Counter(e[2] for e in obs.stack if s.cards[e[2]].deck == deck))
            for hand_cards in list(obs.added) + list(obs.discarded):
                mpool.subtract(Counter(c.split(":")[1] for c in hand_cards
                                       if is_added(c) and s.cards[c.split(":")[1]].deck == deck))
            cards = [c for c, k in mpool.items() for _ in range(max(0, k))]
            rng.shuffle(cards)
            for seat in range(n):
                if seat == me:
                    continue
                k = obs.magick_counts[seat][index]
                s.magick[seat] += cards[:k]
                del cards[:k]
            target.extend(cards)
        s.magick[me] = list(obs.magick)
    # Secret commitments: passes, kills, Skulking Ravens and collected hands.
    s.pending_pass = [None] * n
    if obs.draft_round >= 0:
        for seat in range(n):
            if seat == me:
                s.pending_pass[seat] = obs.my_pass
            elif obs.committed[seat]:
                hand = sort_cards(s.hands[seat])
                s.pending_pass[seat] = tuple(sort_cards(rng.sample(hand, min(len(hand), PASSES[obs.draft_round]))))
    s.kills = [[] for _ in range(n)]
    s.collected = [() for _ in range(n)]
    s.skulk = [0] * n
    chosen = set(range(n)) if obs.kills_locked else set()
    if obs.pending is not None and obs.pending[0] == "kill":
        order = [(s.dealer + s.direction * i) % n for i in range(1, n + 1)]
        chosen = set(order[: obs.pending[2]])
    for seat in range(n):
        hand = s.hands[seat]
        if seat == me:
            s.kills[seat] = list(obs.my_kills)
        elif seat in chosen:
            dead = [c for _, _, killed in obs.revealed_log for c in killed[seat]]
            done = {suit for suit, _, _ in obs.revealed_log}
            options = [c for c in non_ravens(hand) if suit_of(c) not in done]
            total = len(kill_options(hand)[0])
            more = max(0, min(total - len(dead), len(options)))
            s.kills[seat] = dead + rng.sample(options, more)
        if obs.kills_locked:
            ravens = ravens_in(hand)
            s.collected[seat] = sort_cards(hand + s.discarded[seat])
            s.skulk[seat] = max(0, ravens - len(non_ravens(hand))) if ravens < 5 else 0
    return s


def params_of(obs: NevermoreObservation) -> dict:
    """The variant parameters an observation carries (as plain values)."""
    return dict(_params(obs.params))


@lru_cache(maxsize=16)
def _params(items: tuple) -> dict:
    import ast

    out: dict = {}
    for key, text in items:
        try:
            out[key] = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            out[key] = text
    return out
