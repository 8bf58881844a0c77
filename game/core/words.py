"""Small pieces of English the screens and the command line share."""

from __future__ import annotations

from typing import Sequence

ORDINAL_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


def ordinal(place: int) -> str:
    """A place as it is said: 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st."""
    suffix = "th" if place % 100 in (11, 12, 13) else ORDINAL_SUFFIXES.get(place % 10, "th")
    return f"{place}{suffix}"


def listed(words: Sequence[str]) -> str:
    """Words as a sentence lists them: ``Ann``, ``Ann and Boris``, ``Ann, Boris and Cleo`` ('' for none)."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
