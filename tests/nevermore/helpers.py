"""Shared set-up for the Nevermore tests: exact situations through the public ``Situation`` constructor."""

from __future__ import annotations

from dataclasses import fields

from game.core.contracts import find_action
from game.core.params import merge
from game.core.registry import get
from game.games.nevermore.rules import NevermoreState, Situation, new_game
from game.variants.loader import load_variant

SPEC = get("nevermore")
ORDER = ("attack", "healing", "radiance", "victory")


def params(variant: str = "no-magick", **overrides) -> dict:
    return merge(load_variant(SPEC, variant).params, overrides)


def game(hands, *, variant: str = "no-magick", drafted: bool = True, tokens=ORDER, dealer: int | None = None,
         overrides: dict | None = None, seed: int = 1, **situation) -> NevermoreState:
    """A game at an exact situation. Default dealer: the last seat, so seat 0 acts first (passing left)."""
    players = len(hands)
    dealer = players - 1 if dealer is None else dealer
    sit = Situation(hands=[list(h) for h in hands], drafted=drafted, tokens=list(tokens), dealer=dealer,
                    **situation)
    return new_game(params(variant, **(overrides or {})), players, seed, situation=sit)


def asked(state: NevermoreState) -> tuple | None:
    """The state's decision as (kind, its fields...), as positions list it: what the tests compare."""
    decision = state.decision
    return None if decision is None else (decision.KIND, *(getattr(decision, f.name) for f in fields(decision)))


def play(state, *texts) -> list:
    """Apply each action by its text; the events of them all."""
    out = []
    for text in texts:
        out += state.apply(find_action(state, text))
    return out


def legal(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def of(events, kind) -> list:
    return [e for e in events if isinstance(e, kind)]


def H(text: str) -> list[str]:
    """A hand from initials: A H R V X (X = Raven)."""
    names = {"A": "attack", "H": "healing", "R": "radiance", "V": "victory", "X": "raven"}
    return [names[c] for c in text]


def settle(state) -> list:
    """Decline every Magick window until another kind of decision (or the end) comes."""
    out = []
    while asked(state) is not None and asked(state)[0] in ("magick", "respond"):
        out += play(state, "no magick")
    return out
