"""The actions of Nevermore: small frozen values whose text records store.

Seats are named by their index in action texts (``attack 2``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .cards import card_text


@lru_cache(maxsize=4096)
def _text(verb: str, cards: tuple[str, ...]) -> str:
    """``verb`` and the ``card_text`` of a few cards, once (search writes every action it tries as text)."""
    return f"{verb} {card_text(cards)}"


@dataclass(frozen=True)
class PassCards:
    """Commit the cards passed this draft round (kept secret until everyone has committed)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return _text("pass", tuple(self.cards))


@dataclass(frozen=True)
class KillCards:
    """The cards this player's Ravens kill (secret until each suit is called)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return _text("kill", tuple(self.cards))


@dataclass(frozen=True)
class AttackPlayer:
    """Assign the whole Attack to one human player."""

    target: int

    def __str__(self) -> str:
        return f"attack {self.target}"


@dataclass(frozen=True)
class AttackAll:
    """With 4+ damage: 1 damage to every other human and 2 VP."""

    def __str__(self) -> str:
        return "attack all"


@dataclass(frozen=True)
class Peck:
    """A Raven leader pecks all its targets (``yes``) or none of them."""

    yes: bool

    def __str__(self) -> str:
        return "peck" if self.yes else "no peck"


@dataclass(frozen=True)
class PlayMagick:
    """Play a Magick card from hand. ``target`` is a seat (or -1); ``choice`` a named suit or a token order."""

    card: str
    target: int = -1
    choice: str = ""

    def __str__(self) -> str:
        text = f"play {self.card}"
        if self.target >= 0:
            text += f" on {self.target}"
        if self.choice:
            text += f" as {self.choice}"
        return text


@dataclass(frozen=True)
class NoMagick:
    """Play no (more) Magick in this window."""

    def __str__(self) -> str:
        return "no magick"
