"""The Nevermore state: players, decks, the hand in progress and the contract methods.

``NevermoreState(params, players, seed)`` deals a new game; ``Situation`` sets up an exact one for tests
and puzzles (given hands, Health, VP, Ravens, decks, token order and Magick hands).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, ParamSpec, Sequence

from game.core.contracts import TERMINAL, Action, Event, GameState, make_rng

from . import flow
from .cards import PASSES, TOKEN_SUITS, main_deck
from .magick_data import MagickCard, card_file, deck_list, load_magick

if TYPE_CHECKING:
    from .observe import NevermoreObservation

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


HAND_TASKS_DRAFT = tuple(t for r in range(len(PASSES)) for t in (("window", "draft", 0), ("draft_round", r)))
HAND_TASKS_RESOLVE = (
    ("window", "after_draft", 0), ("lock_kills", 0), ("finish_lock",), ("conspiracy",),
    ("suit", 0), ("suit", 1), ("suit", 2), ("suit", 3), ("skulking",),
    ("window", "end_of_resolution", 0), ("returns",), ("cleanup",),
)


class NevermoreState(GameState):
    """A game of Nevermore in progress."""

    quiet = False
    """Whether the rules skip making events (``hard``'s sampled worlds set it: nobody reads a world's events,
    and making them cost a search about 7% of its time)."""
    _rng: random.Random | None = None
    rng_seed = 0
    """The seed of a generator made when first used (``rng``): a search world sets it instead of making one,
    since most worlds never draw from theirs and making one cost a world a twelfth of its dealing."""

    def __init__(self, params: Mapping[str, Any], players: int, seed: int,
                 situation: Situation | None = None, *, _blank: bool = False) -> None:
        self.params = dict(params)
        self.num_players = players
        self.seed = seed
        self.params_text: tuple[dict, tuple] | None = None
        """``observe``'s cache: the parameters dict it last wrote out as text, and that text."""
        self.legal_cache: tuple[tuple, list] | None = None
        """The pending decision and its legal actions, asked for again by ``apply`` (dropped by
        ``apply_legal`` and ``clone``)."""
        if _blank:
            return
        if not 3 <= players <= 6:
            raise ValueError(f"Nevermore is for 3 to 6 players, not {players}")
        self.rng = make_rng(seed)
        self.cards: dict[str, MagickCard] = load_magick(card_file(self.params)) if self.magick_on else {}
        n = players
        sit = situation or Situation()
        rng = self.rng
        self.health = list(sit.health) if sit.health is not None else [self.p("start_health")] * n
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
            for _ in range(self.mp("starting_shadow") if self.magick_on else 0):
                for seat in range(n):
                    if self.sdeck:
                        self.magick[seat].append(self.sdeck.pop(0))
        self.dealer = sit.dealer if situation is not None else rng.randrange(n)
        self.direction = sit.direction
        self.hand_no = sit.hand_no
        self.tokens = list(sit.tokens) if sit.tokens is not None else list(TOKEN_SUITS)
        if sit.tokens is None and not (self.hand_no == 1 and self.p("first_hand_tokens") == "fixed"):
            rng.shuffle(self.tokens)
        face_up = sit.tokens_face_up if sit.tokens_face_up is not None else (
            self.hand_no == 1 and self.p("first_hand_tokens") == "fixed")
        self.over = False
        self.winner_list: list[int] = []
        self.end_reason = ""
        self.stats = {"hands": 0, "transformations": 0, "returns": 0, "magick_played": 0}
        self.uid = 0
        self.pending: tuple | None = None
        self.tasks: list[tuple] = []
        self.events: list = []
        self._reset_hand(face_up)
        if sit.hands is not None:
            self.hands: list[list[str]] = [list(h) for h in sit.hands]
            if sit.drafted:
                flow.push(self, *HAND_TASKS_RESOLVE)
            else:
                flow.push(self, *HAND_TASKS_DRAFT, *HAND_TASKS_RESOLVE)
        else:
            flow.push(self, ("deal",), *HAND_TASKS_DRAFT, *HAND_TASKS_RESOLVE)
        flow.run(self)
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

    # ----- parameters -------------------------------------------------------------------------
    def p(self, key: str) -> Any:
        return self.params[key]

    def mp(self, key: str) -> Any:
        return self.params["magick"][key]

    @property
    def magick_on(self) -> bool:
        return bool(self.params["magick"]["enabled"])

    # ----- per-hand bookkeeping ---------------------------------------------------------------
    def _reset_hand(self, face_up: bool) -> None:
        n = self.num_players
        self.hands = [[] for _ in range(n)]
        self.revealed = 0
        self.tokens_public = face_up
        self.known_tokens = [face_up] * n
        self.draft_round = -1
        self.pending_pass: list[tuple[str, ...] | None] = [None] * n
        self.pass_log: list[tuple] = []
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
        self.incoming: list[list] = []
        self.batches: dict[int, list] = {}
        self.peeks: list[tuple] = []

    # ----- helpers used by every module -------------------------------------------------------
    def order(self) -> tuple[int, ...]:
        """Priority order: nearest the dealer in the passing direction first, the dealer last."""
        return _priority_order(self.dealer, self.direction, self.num_players)

    def humans(self) -> list[int]:
        return [s for s, raven in enumerate(self.raven) if not raven]

    def next_uid(self) -> int:
        self.uid += 1
        return self.uid

    def emit(self, kind: Callable[EventFields, Event], *fields: EventFields.args,
             **named: EventFields.kwargs) -> None:
        """Log the event ``kind(*fields)``; a quiet state (a search world, whose events nobody reads)
        does not make it."""
        if not self.quiet:
            self.events.append(kind(*fields, **named))

    # ----- contract ---------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.over or self.pending is None:
            return TERMINAL
        return self.pending[1]

    def legal_actions(self) -> list:
        pending = self.pending
        if self.over or pending is None:
            return []
        cached = self.legal_cache
        if cached is None or cached[0] is not pending:
            cached = self.legal_cache = (pending, flow.DECISIONS[pending[0]][0](self, pending))
        return list(cached[1])

    def apply_legal(self, action: Action) -> list[Event]:
        self.legal_cache = None
        self.events = []
        pending = self.pending
        assert pending is not None  # only called with a legal action, so a decision is pending
        self.pending = None
        flow.DECISIONS[pending[0]][1](self, pending, action)
        flow.run(self)
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
        other = NevermoreState(self.params, self.num_players, self.seed, _blank=True)
        d = other.__dict__
        for key, value in self.__dict__.items():
            if key in ("params", "cards", "num_players", "seed"):
                d[key] = value
            elif key == "_rng":
                rng = make_rng(0)
                rng.setstate(value.getstate())
                d[key] = rng
            elif isinstance(value, list):
                d[key] = [list(v) if isinstance(v, list) else v for v in value]
            elif isinstance(value, (set, dict)):
                d[key] = value.copy()
            else:
                d[key] = value
        d["batches"] = {k: [list(v[0])] + v[1:] for k, v in self.batches.items()}
        d["stats"] = dict(self.stats)
        d["legal_cache"] = None
        return other


@lru_cache(maxsize=None)
def _priority_order(dealer: int, direction: int, players: int) -> tuple[int, ...]:
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


# Register every task and decision; ``observe`` (which needs nothing of this module at import) is imported
# once here, not at each of the many calls of ``observation``.
from . import draft, resolution, damage, magick  # noqa: E402,F401
from .observe import observe  # noqa: E402
