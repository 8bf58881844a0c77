"""Trick or Treat actions: play a card, declare a joker, take candy."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.contracts import quick_init


@dataclass(frozen=True, order=True)
class PlayCard:
    """Play one card face down. Suits never matter, so a play names a rank (or a joker): ``play 7``."""

    label: str

    def __str__(self) -> str:
        return f"play {self.label}"


@quick_init  # a declaration or a pick is made anew at each one, thousands of times a search
@dataclass(frozen=True)
class Declare:
    """Declare one's joker high (above an Ace) or low (below a 2): ``declare high`` / ``declare low``."""

    high: bool

    def __str__(self) -> str:
        return "declare high" if self.high else "declare low"


@quick_init
@dataclass(frozen=True)
class TakeCandy:
    """Take one piece of a kind from the pot: ``take toffee``."""

    kind: str

    def __str__(self) -> str:
        return f"take {self.kind}"
