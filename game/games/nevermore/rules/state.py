"""The Nevermore state and the machine that runs a hand.

``new_game(config, players, seed)`` deals a new game; ``Situation`` sets up an exact one for tests and
puzzles (given hands, Health, VP, Ravens, decks, token order and Magick hands).

The state holds a stack of tasks (``tasks``: frozen values, so a clone shares them) and at most one
``decision``. ``run`` pops tasks until a decision is needed or the game is over; ``TASKS`` and ``DECISIONS``
below say, in one place, which function carries out each task and each decision.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping, ParamSpec, Sequence

from game.core.config import config_from
from game.core.contracts import TERMINAL, Action, Event, GameState, make_rng

from . import damage, draft, magick, resolution
from .cards import TOKEN_SUITS, main_deck
from .config import Config
from .magick_data import MagickCard, card_file, deck_list, load_magick
from .observe import NevermoreObservation, observe
from .tasks import (DRAFT_PHASES, NEW_HAND, RESOLUTION_PHASES, AskAttack, AskPass, AskPeck, ApplyEffect, ApplyHit,
                    AttackAllVP, AttackDecision, Batch, CheckConspiracy, CleanUp, Conspire, ConspireRest,
                    DamageResponse, Deal, Decision, Deliver, DraftRound, EndBatch, FinishLock, Hit, KillDecision,
                    LockKills, MagickDecision, PassDecision, PeckDecision, RespondDecision, ResolveMagick,
                    ResolveSuit, ResponseRound, Returns, Skulking, Strike, Suit, SuitDone, SuitResolved, Task,
                    WinCheck, Window)

EventFields = ParamSpec("EventFields")


@dataclass(frozen=True)
class Situation:
    """An exact position to start from. Anything left ``None`` is dealt or set as in a new game.

    ``hands`` are the 5-card hands at the start of the first draft round, or, with ``drafted=True``,
    the Final Drafted Hands (the game then starts at the ``after_draft`` Magick window, then kills).
    Decks are listed top card first.
    """

    hands: Sequence[Sequence[str]] | None = None
    drafted: bool = False
    health: Sequence[int] | None = None
    vp: Sequence[int] | None = None
    ravens: Sequence[bool] | None = None
    deck: Sequence[str] | None = None
    light_deck: Sequence[str] | None = None
    shadow_deck: Sequence[str] | None = None
    magick: Sequence[Sequence[str]] | None = None
    tokens: Sequence[str] | None = None
    tokens_face_up: bool | None = None
    dealer: int = 0
    direction: int = 1
    hand_no: int = 1


class NevermoreState(GameState):
    """A game of Nevermore in progress. ``NevermoreState(config, players, seed)`` is an empty table that
    ``new_game``, a search world or a position fills in."""

    quiet = False
    """Whether the rules skip making events (``hard``'s sampled worlds set it: nobody reads a world's events,
    and making them cost a search about 7% of its time)."""
    _rng: random.Random | None = None
    rng_seed = 0
    """The seed of a generator made when first used (``rng``): a search world sets it instead of making one,
    since most worlds never draw from theirs and making one cost a world a twelfth of its dealing."""

    def __init__(self, config: Config, players: int, seed: int) -> None:
        self.config = config
        self.num_players = players
        self.seed = seed
        self.cards: Mapping[str, MagickCard] = {}
        self.legal_cache: tuple[Decision, list[Action]] | None = None
        """The decision and its legal actions, asked for again by ``apply`` (dropped by ``apply_legal`` and
        ``clone``)."""
        self.decision: Decision | None = None
        self.tasks: list[Task] = []
        self.events: list[Event] = []

    def _set_up(self, sit: Situation, dealt: bool) -> None:
        """Deal a new game, or the one ``sit`` describes (``dealt``: a given ``Situation``)."""
        config, n = self.config, self.num_players
        self.rng = rng = make_rng(self.seed)
        self.cards = load_magick(card_file(config.magick.card_file)) if config.magick.enabled else {}
        self.health = list(sit.health) if sit.health is not None else [config.start_health] * n
        self.vp = list(sit.vp) if sit.vp is not None else [0] * n
        self.raven = [bool(r) for r in sit.ravens] if sit.ravens is not None else [False] * n
        self.deck = list(sit.deck) if sit.deck is not None else _shuffled(
            _minus(main_deck(), [c for h in (sit.hands or ()) for c in h if not c.startswith("m:")]), rng)
        self.discard: list[str] = []
        held = [c for m in (sit.magick or ()) for c in m]
        self.ldeck = list(sit.light_deck) if sit.light_deck is not None else _shuffled(
            _minus(deck_list(self.cards, "light"), held), rng)
        self.sdeck = list(sit.shadow_deck) if sit.shadow_deck is not None else _shuffled(
            _minus(deck_list(self.cards, "shadow"), held), rng)
        self.ldisc: list[str] = []
        self.sdisc: list[str] = []
        if sit.magick is not None:
            self.magick = [list(m) for m in sit.magick]
        else:
            self.magick = [[] for _ in range(n)]
            for _ in range(config.magick.starting_shadow if config.magick.enabled else 0):
                for seat in range(n):
                    if self.sdeck:
                        self.magick[seat].append(self.sdeck.pop(0))
        self.dealer = sit.dealer if dealt else rng.randrange(n)
        self.direction = sit.direction
        self.hand_no = sit.hand_no
        self.tokens = list(sit.tokens) if sit.tokens is not None else list(TOKEN_SUITS)
        fixed = self.hand_no == 1 and config.first_hand_tokens == "fixed"
        if sit.tokens is None and not fixed:
            rng.shuffle(self.tokens)
        face_up = sit.tokens_face_up if sit.tokens_face_up is not None else fixed
        self.over = False
        self.winner_list: list[int] = []
        self.end_reason = ""
        self.stats = {"hands": 0, "transformations": 0, "returns": 0, "magick_played": 0}
        self.uid = 0
        self.reset_hand(face_up)
        if sit.hands is not None:
            self.hands: list[list[str]] = [list(h) for h in sit.hands]
            if sit.drafted:
                self.push(*RESOLUTION_PHASES)
            else:
                self.push(*DRAFT_PHASES, *RESOLUTION_PHASES)
        else:
            self.push(*NEW_HAND)
        self.run()
        self.opening_events = self.events
        """Events of the automatic steps run while setting up (a ``Situation`` may resolve suits at once)."""
        self.events = []

    @property
    def rng(self) -> random.Random:
        """The state's own generator (reshuffled piles, the next hand's tokens, stolen cards)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = make_rng(self.rng_seed)
        return rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    # ----- per-hand bookkeeping ---------------------------------------------------------------
    def reset_hand(self, face_up: bool) -> None:
        """Empty the bookkeeping of a hand (a new hand, or a position about to be read into it)."""
        n = self.num_players
        self.hands = [[] for _ in range(n)]
        self.revealed = 0
        self.tokens_public = face_up
        self.known_tokens = [face_up] * n
        self.draft_round = -1
        self.pending_pass: list[tuple[str, ...] | None] = [None] * n
        self.pass_log: list[tuple[int, int, int, tuple[str, ...]]] = []
        self.kills: list[list[str]] = [[] for _ in range(n)]
        self.kills_locked = False
        self.collected: list[tuple[str, ...]] = [() for _ in range(n)]
        self.skulk = [0] * n
        self.discarded: list[list[str]] = [[] for _ in range(n)]
        self.revealed_log: list[tuple] = []
        self.current_suit = ""
        self.suit_counts: tuple[int, ...] = (0,) * n
        self.conspiracy_ended = False
        self.wards: set[int] = set()
        self.shrouded: set[int] = set()
        self.damaged: set[int] = set()
        self.dealt: set[int] = set()
        self.borrowed: set[tuple[int, str]] = set()
        self.suit_vp: dict[tuple[int, str], int] = {}
        self.card_vp: dict[int, int] = {}
        self.stack: list[tuple] = []
        self.incoming: list[Hit] = []
        self.batches: dict[int, Batch] = {}
        self.peeks: list[tuple] = []

    # ----- the machine ------------------------------------------------------------------------
    def push(self, *tasks: Task) -> None:
        """Schedule ``tasks`` so that the first one given runs first."""
        self.tasks.extend(tasks[::-1])

    def run(self) -> None:
        """Run tasks until a decision is pending, the game is over, or nothing is left."""
        tasks, handlers = self.tasks, TASKS  # the state keeps its one task list (end_game clears it)
        while tasks and self.decision is None and not self.over:
            task = tasks.pop()
            handlers[type(task)](self, task)

    # ----- helpers used by every module -------------------------------------------------------
    def order(self) -> tuple[int, ...]:
        """Priority order: nearest the dealer in the passing direction first, the dealer last."""
        return priority_order(self.dealer, self.direction, self.num_players)

    def humans(self) -> list[int]:
        return [s for s, raven in enumerate(self.raven) if not raven]

    def next_uid(self) -> int:
        self.uid += 1
        return self.uid

    def emit(self, kind: Callable[EventFields, Event], *fields: EventFields.args,
             **named: EventFields.kwargs) -> None:
        """Log the event ``kind(*fields)``, and step the view with it; a quiet state (a search world, whose
        events nobody reads) does not make it."""
        if not self.quiet:
            event = kind(*fields, **named)
            self.events.append(event)
            self.stepped(event)

    # ----- contract ---------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.over or self.decision is None:
            return TERMINAL
        return self.decision.seat

    def legal_actions(self) -> list[Action]:
        decision = self.decision
        if self.over or decision is None:
            return []
        cached = self.legal_cache
        if cached is None or cached[0] is not decision:
            cached = self.legal_cache = (decision, DECISIONS[type(decision)][0](self, decision))
        return list(cached[1])

    def apply_legal(self, action: Action) -> list[Event]:
        self.legal_cache = None
        self.events = []
        decision = self.decision
        assert decision is not None  # only called with a legal action, so a decision is pending
        self.decision = None
        DECISIONS[type(decision)][1](self, decision, action)
        self.run()
        events, self.events = self.events, []
        return events

    def is_terminal(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        return [float(v) for v in self.vp]

    def winners(self) -> list[int]:
        return list(self.winner_list) if self.over else []

    def observation(self, seat: int | None) -> NevermoreObservation:
        return observe(self, seat)

    def clone(self) -> "NevermoreState":
        other = NevermoreState(self.config, self.num_players, self.seed)
        d = other.__dict__
        for key, value in self.__dict__.items():
            if key in ("config", "cards", "num_players", "seed"):
                d[key] = value
            elif key == "_rng":  # a generator of its own, in the same state
                d[key] = rng = make_rng(0)
                rng.setstate(value.getstate())
            elif isinstance(value, list):
                d[key] = [list(v) if isinstance(v, list) else v for v in value]
            elif isinstance(value, (set, dict)):
                d[key] = value.copy()
            else:
                d[key] = value
        d["legal_cache"] = None
        return other


def new_game(config: Config | Mapping[str, Any], players: int, seed: int, *,
             situation: Situation | None = None) -> NevermoreState:
    """A new game of ``players`` (3 to 6) under ``config`` (or a variant's parameters), dealt from ``seed``;
    ``situation``: an exact set-up instead."""
    if not 3 <= players <= 6:
        raise ValueError(f"Nevermore is for 3 to 6 players, not {players}")
    state = NevermoreState(config if isinstance(config, Config) else config_from(Config, config), players, seed)
    state._set_up(situation or Situation(), situation is not None)
    return state


TASKS: dict[type, Callable[[NevermoreState, Any], None]] = {
    Deal: draft.deal, DraftRound: draft.draft_round, AskPass: draft.ask_pass, Deliver: draft.deliver,
    LockKills: draft.lock_kills, FinishLock: draft.finish_lock,
    CheckConspiracy: resolution.conspiracy, Conspire: resolution.conspire, ConspireRest: resolution.conspire_rest,
    Suit: resolution.suit_step, SuitResolved: resolution.suit_resolved, SuitDone: resolution.suit_done,
    ResolveSuit: resolution.resolve_suit, AskAttack: resolution.attack_ask, AttackAllVP: resolution.attack_all_vp,
    AskPeck: resolution.peck_ask, Skulking: resolution.skulking, Returns: resolution.returns,
    CleanUp: resolution.cleanup,
    Strike: damage.hit, ApplyHit: damage.apply_hit, EndBatch: damage.batch_end, WinCheck: damage.win_check,
    Window: magick.window, ResponseRound: magick.response_round, DamageResponse: magick.damage_response,
    ResolveMagick: magick.resolve_magick, ApplyEffect: magick.effect,
}
"""Every task type and the function that carries it out: ``handler(state, task)``."""
DECISIONS: dict[type, tuple[Callable[[NevermoreState, Any], list[Action]],
                            Callable[[NevermoreState, Any, Any], None]]] = {
    PassDecision: (draft.pass_legal, draft.apply_pass),
    KillDecision: (draft.kill_legal, draft.apply_kill),
    AttackDecision: (resolution.attack_legal, resolution.apply_attack),
    PeckDecision: (resolution.peck_legal, resolution.apply_peck),
    MagickDecision: (magick.magick_legal, magick.apply_window),
    RespondDecision: (magick.magick_legal, magick.apply_respond),
}
"""Every decision type: its legal actions, ``legal(state, decision)``, and the function that carries out the one
chosen, ``apply(state, decision, action)``."""


@lru_cache(maxsize=None)
def priority_order(dealer: int, direction: int, players: int) -> tuple[int, ...]:
    """The seats in priority order: from the dealer's neighbour, in the direction of play, to the dealer."""
    return tuple((dealer + direction * i) % players for i in range(1, players + 1))


def _minus(cards: list[str], taken: Iterable[str]) -> list[str]:
    out = list(cards)
    for card in taken:
        if card in out:
            out.remove(card)
    return out


def _shuffled(cards: list[str], rng: random.Random) -> list[str]:
    rng.shuffle(cards)
    return cards
