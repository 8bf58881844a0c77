"""Full states consistent with what one seat knows, for search (``WorldSampler``, ``sample_state``).

Search draws hundreds of worlds from one observation per decision. ``WorldSampler`` works out once what
does not depend on chance (the unseen main cards, cards already shown, the unseen Magick cards, kills
already revealed) and each ``sample`` only deals what is hidden.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Iterable, Mapping

from game.core.draws import sample, shuffle

from .cards import (PASSES, SUITS, TOKEN_SUITS, UNKNOWN_SUIT, is_added, is_named, magick_id_of, main_deck,
                    non_ravens, sort_cards, suit_of, with_suit)
from .draft import collect, kill_options
from .config import Config
from .knowledge import PassMemory
from .magick_data import MagickCard, card_file, deck_list, load_magick
from .observe import NevermoreObservation
from .state import NevermoreState, priority_order
from .tasks import ApplyEffect, KillDecision, Task


def sample_state(obs: NevermoreObservation, rng: random.Random) -> NevermoreState:
    """One full state consistent with ``obs`` (hidden cards dealt at random from the unseen ones)."""
    return WorldSampler(obs, obs.config).sample(rng)


class WorldSampler:
    """Deals the worlds one observation allows; build it once per decision, ``sample`` per iteration."""

    def __init__(self, obs: NevermoreObservation, config: Config) -> None:
        """``config``: the observation's, or one with a nearer horizon (``max_hands``) for search."""
        self.obs = obs
        self.config = config
        n, me = obs.players, obs.seat
        magick = config.magick
        self.cards: Mapping[str, MagickCard] = load_magick(card_file(magick.card_file)) if magick.enabled else {}
        self.called = {suit for suit, _, _ in obs.revealed_log}
        rest = list(TOKEN_SUITS)
        for t in obs.tokens:
            if t is not None:
                rest.remove(t)
        self.token_rest = rest
        # Main cards this seat cannot see, less the cards every other seat has shown this hand.
        pool = Counter(main_deck())
        pool.subtract(Counter(c for c in obs.hand if not is_added(c)))
        pool.subtract(Counter(obs.discard))
        for d in obs.discarded:
            pool.subtract(Counter(c for c in d if not is_added(c)))
        self.shown: list[list[str]] = [[] for _ in range(n)]
        for seat in range(n):
            if seat == me:
                continue
            for _, played, _ in obs.revealed_log:
                mains = [c for c in played[seat] if not is_added(c)]
                if _take(pool, mains):
                    self.shown[seat] += mains
        self.passes = PassMemory(obs)
        self.pool: dict[str, int] = dict(pool)
        """The unseen main cards by suit (a plain dict: copied once per world)."""
        self.unseen_magick: list[tuple[list[str], int]] = []
        if magick.enabled:
            for index, deck in enumerate(("light", "shadow")):
                self.unseen_magick.append((self._unseen_magick(deck), index))
        self.killers = set(range(n)) if obs.kills_locked else set()
        if isinstance(obs.decision, KillDecision):
            self.killers = set(priority_order(obs.dealer, obs.direction, n)[: obs.decision.index])
        self.dead = [[c for _, _, killed in obs.revealed_log for c in killed[seat]] for seat in range(n)]

    def _unseen_magick(self, deck: str) -> list[str]:
        obs, cards = self.obs, self.cards
        pool = Counter(deck_list(cards, deck))
        pool.subtract(Counter(c for c in obs.magick if cards[c].deck == deck))
        pool.subtract(Counter(obs.light_discard if deck == "light" else obs.shadow_discard))
        pool.subtract(Counter(e[2] for e in obs.stack if cards[e[2]].deck == deck))
        for hand_cards in list(obs.added) + list(obs.discarded):
            pool.subtract(Counter(magick_id_of(c) for c in hand_cards
                                  if is_added(c) and cards[magick_id_of(c)].deck == deck))
        return [c for c, k in pool.items() for _ in range(max(0, k))]

    def sample(self, rng: random.Random) -> NevermoreState:
        """A fresh world: every hidden card, token and secret choice drawn with ``rng``."""
        obs, me, n = self.obs, self.obs.me, self.obs.players
        s = NevermoreState(self.config, n, 0)
        s.rng_seed = rng.getrandbits(48)  # its generator is made if the world draws from it
        s.cards = self.cards
        s.health, s.vp, s.raven = list(obs.health), list(obs.vp), list(obs.raven)
        s.dealer, s.direction, s.hand_no = obs.dealer, obs.direction, obs.hand_no
        s.discard = list(obs.discard)
        s.ldisc, s.sdisc = list(obs.light_discard), list(obs.shadow_discard)
        s.over, s.winner_list, s.end_reason = obs.over, list(obs.winners), obs.end_reason
        s.stats = dict(obs.stats)
        s.uid = obs.uid
        s.decision = obs.decision
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
        s.stack = [_guess_stacked(s.cards, entry, me, rng) for entry in obs.stack]
        s.tasks = [_guess_effect(s.cards, t, me, rng) if type(t) is ApplyEffect else t for t in obs.agenda]
        s.incoming = list(obs.incoming)
        s.batches = dict(obs.batches)
        s.peeks = list(obs.peeks)
        # Tokens: unknown ones shuffled among the suits not yet placed.
        rest = list(self.token_rest)
        shuffle(rest, rng)
        s.tokens = [t if t is not None else rest.pop() for t in obs.tokens]
        # Main cards: what this seat cannot see is dealt at random.
        pool = dict(self.pool)
        known: list[list[str]] = [[] for _ in range(n)]
        known[me] = list(obs.hand)
        for seat in range(n):
            if seat == me:
                continue
            known[seat] = [self._guess_named(c, seat, rng) if suit_of(c) == UNKNOWN_SUIT else c
                           for c in obs.added[seat]]
            known[seat] += self.shown[seat]
        # Cards this seat passed or peeked, where one history consistent with its passes leaves them.
        for seat, cards in enumerate(self.passes.tracked(rng)):
            if not cards:
                continue
            for card in _beyond(cards, known[seat]):
                if len(known[seat]) < obs.hand_sizes[seat] and pool.get(card, 0) >= 1:
                    pool[card] -= 1
                    known[seat].append(card)
        unseen: list[str] = []
        for card, k in pool.items():
            if k > 0:
                unseen += [card] * k
        shuffle(unseen, rng)
        s.hands = []
        for seat in range(n):
            hand = list(known[seat])
            need = max(0, obs.hand_sizes[seat] - len(hand))
            hand += unseen[:need]
            del unseen[:need]
            s.hands.append(hand)
        s.deck = unseen
        self._deal_magick(s, rng)
        self._deal_secrets(s, rng)
        return s

    def _guess_named(self, card: str, seat: int, rng: random.Random) -> str:
        """A suit for another seat's card named in secret: the one shown when its suit was called, else any
        suit not called yet."""
        for _, played, _ in self.obs.revealed_log:
            for shown in played[seat]:
                if is_named(shown) and magick_id_of(shown) == magick_id_of(card):
                    return shown
        return with_suit(card, rng.choice([s for s in SUITS if s not in self.called] or list(SUITS)))

    def _deal_magick(self, s: NevermoreState, rng: random.Random) -> None:
        obs, me = self.obs, self.obs.me
        s.magick = [[] for _ in range(obs.players)]
        s.ldeck, s.sdeck = [], []
        if not self.unseen_magick:
            return
        for (unseen, index), deck in zip(self.unseen_magick, (s.ldeck, s.sdeck)):
            cards = list(unseen)
            shuffle(cards, rng)
            for seat in range(obs.players):
                if seat == me:
                    continue
                k = obs.magick_counts[seat][index]
                s.magick[seat] += cards[:k]
                del cards[:k]
            deck.extend(cards)
        s.magick[me] = list(obs.magick)

    def _deal_secrets(self, s: NevermoreState, rng: random.Random) -> None:
        """Secret commitments: passes, kills, Skulking Ravens and collected hands."""
        obs, me, n = self.obs, self.obs.seat, self.obs.players
        s.pending_pass = [None] * n
        if obs.draft_round >= 0:
            for seat in range(n):
                if seat == me:
                    s.pending_pass[seat] = obs.my_pass
                elif obs.committed[seat]:
                    held = sort_cards(s.hands[seat])
                    s.pending_pass[seat] = tuple(sort_cards(sample(held, min(len(held), PASSES[obs.draft_round]),
                                                                   rng)))
        s.kills = [[] for _ in range(n)]
        s.collected = [() for _ in range(n)]
        s.skulk = [0] * n
        for seat in range(n):
            hand = s.hands[seat]
            if seat == me:
                s.kills[seat] = list(obs.my_kills)
            elif seat in self.killers:
                dead = self.dead[seat]
                options = [c for c in non_ravens(hand) if suit_of(c) not in self.called]
                total = len(kill_options(tuple(hand))[0])
                more = max(0, min(total - len(dead), len(options)))
                s.kills[seat] = dead + sample(options, more, rng)
            if obs.kills_locked:
                collect(s, seat)


def _guessed_suit(cards: Mapping[str, MagickCard], seat: int, card_id: str, choice: str, raven_mode: bool, me: int,
                  rng: random.Random) -> str | None:
    """A suit for another seat's play whose suit was named in secret (blank to this seat), or None when there
    is nothing to guess (a hidden token order stays blank: the tokens themselves are sampled)."""
    if seat == me or choice or card_id not in cards:
        return None
    mode = cards[card_id].mode(raven_mode)
    if not any(e.op == "add_suit" and e.get("suit") == "any" for e in mode.effects):
        return None
    return rng.choice(SUITS)


def _guess_stacked(cards: Mapping[str, MagickCard], entry: tuple, me: int, rng: random.Random) -> tuple:
    """A stack entry (uid, seat, card, target, choice, raven, answers) with its hidden suit guessed."""
    suit = _guessed_suit(cards, entry[1], entry[2], entry[4], entry[5], me, rng)
    return entry if suit is None else entry[:4] + (suit,) + entry[5:]


def _guess_effect(cards: Mapping[str, MagickCard], task: Task, me: int, rng: random.Random) -> Task:
    """An effect still to resolve with its hidden suit guessed."""
    assert type(task) is ApplyEffect  # only effects hide a choice
    suit = _guessed_suit(cards, task.seat, task.card_id, task.choice, task.raven_mode, me, rng)
    return task if suit is None else replace(task, choice=suit)


def _beyond(cards: list[str], known: list[str]) -> list[str]:
    """The cards of ``cards`` that ``known`` does not already hold, each card's copies together in the order
    of its first copy (``(Counter(cards) - Counter(known)).elements()``, without two Counters a world: every
    world of a search deals this)."""
    left = dict.fromkeys(cards, 0)
    for card in cards:
        left[card] += 1
    for card in known:
        if card in left:
            left[card] -= 1
    return [card for card, k in left.items() for _ in range(k)]


def _take(pool: Counter, cards: Iterable[str]) -> bool:
    need = Counter(cards)
    if any(pool[c] < k for c, k in need.items()):
        return False
    pool.subtract(need)
    return True
