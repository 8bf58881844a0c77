"""A game's first-game guide as data: ``config/guides/<game>.yaml``, read bounded and checked, so a new game
gets its guide from a file, not from code.

The file says how you win (``win``), what you do on your turn (``turn``, a few lines), what surprises new
players (``surprises``), and a small picture drawn from the game's own art (``picture``: a ``caption`` and
``items``, each one piece of art with an optional ``label`` under it and a ``mark``)::

    picture:
      caption: The winner takes the lowest card of the trick.
      items:
        - {card: reapers/daggers-9, label: Wins the trick}
        - {card: reapers/daggers-2, label: Taken, mark: ring}

Art: ``card: <deck>/<card id>`` (a face, as ``assets.card_face``), ``back: <deck>``, ``bead: <seat colour
0-5>``, ``candy: <colour>-<shape>``, or ``text:`` a word or sign between pictures. Marks: ``ring`` (this
one) or ``cross`` (this one counts for nothing).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.bounded import KIB, InputError
from game.core.paths import CONFIG_DIR
from game.core.yaml_reader import LinedYaml, read_yaml_file

GUIDES_DIR = CONFIG_DIR / "guides"
MAX_GUIDE_BYTES = 16 * KIB
"""A guide is one screen: a few hundred words at most."""
ART_KINDS = ("card", "back", "bead", "candy", "text")
MARKS = ("", "ring", "cross")
BEAD_COLOURS = 6
LIMITS = {"win": 320, "line": 240, "caption": 160, "label": 28, "art": 60}
"""The longest text of each kind, in characters: the guide is drawn on one screen at 1280x720."""
MOST_TURN_LINES, MOST_SURPRISES, MOST_ITEMS = 4, 3, 6
KEYS = ("win", "turn", "surprises", "picture")


@dataclass(frozen=True)
class Figure:
    """One piece of the picture: its kind of art, which art, the words under it, and its mark."""

    kind: str
    art: str
    label: str = ""
    mark: str = ""


@dataclass(frozen=True)
class Guide:
    """What the first-game guide of one game says and shows."""

    game: str
    win: str
    turn: tuple[str, ...]
    surprises: tuple[str, ...]
    caption: str
    picture: tuple[Figure, ...]


def guide_path(game: str) -> Path:
    """Where ``game``'s guide lives."""
    return GUIDES_DIR / f"{game}.yaml"


def has_guide(game: str) -> bool:
    """Whether ``game`` ships a guide (a game without one simply has no guide to show)."""
    return guide_path(game).is_file()


class _Reader:
    """Checks one parsed guide file, each problem said with its file and line."""

    def __init__(self, path: Path, parsed: LinedYaml) -> None:
        self.path = path
        self.parsed = parsed

    def problem(self, keys: tuple, message: str) -> InputError:
        key = ".".join(str(k) for k in keys)
        return InputError(self.path, message, self.parsed.line_of(keys), key)

    def text(self, value: Any, keys: tuple, limit: int, *, blank: bool = False) -> str:
        if not isinstance(value, str) or not (blank or value.strip()):
            raise self.problem(keys, "must be text" if not isinstance(value, str) else "must not be blank")
        if len(value) > limit:
            raise self.problem(keys, f"is {len(value):,} characters long; at most {limit} fit the guide")
        if not value.replace("\n", " ").isprintable():
            raise self.problem(keys, "holds a control character")
        return " ".join(value.split())

    def lines(self, value: Any, keys: tuple, most: int) -> tuple[str, ...]:
        if not isinstance(value, list) or not 1 <= len(value) <= most:
            raise self.problem(keys, f"must be a list of 1 to {most} lines")
        return tuple(self.text(line, (*keys, index), LIMITS["line"]) for index, line in enumerate(value))

    def figure(self, value: Any, keys: tuple) -> Figure:
        if not isinstance(value, dict):
            raise self.problem(keys, f"must be a mapping with one of {', '.join(ART_KINDS)}")
        kinds = [kind for kind in ART_KINDS if kind in value]
        unknown = sorted(str(key) for key in value if key not in (*ART_KINDS, "label", "mark"))
        if unknown:
            raise self.problem((*keys, unknown[0]), f"is not a picture key ({', '.join(ART_KINDS)}, label, mark)")
        if len(kinds) != 1:
            raise self.problem(keys, f"must have exactly one of {', '.join(ART_KINDS)}")
        kind = kinds[0]
        art = self.text(str(value[kind]) if isinstance(value[kind], int) else value[kind], (*keys, kind),
                        LIMITS["art"])
        if kind == "card" and "/" not in art:
            raise self.problem((*keys, kind), "must be <deck>/<card id>, such as reapers/daggers-7")
        if kind == "bead" and not (art.isdigit() and int(art) < BEAD_COLOURS):
            raise self.problem((*keys, kind), f"must be a seat colour from 0 to {BEAD_COLOURS - 1}")
        label = self.text(value.get("label", ""), (*keys, "label"), LIMITS["label"], blank=True)
        mark = value.get("mark", "")
        if mark not in MARKS:
            raise self.problem((*keys, "mark"), f"must be one of {', '.join(m for m in MARKS if m)}")
        return Figure(kind, art, label, mark)

    def guide(self, game: str) -> Guide:
        data = self.parsed.value
        if not isinstance(data, dict):
            raise self.problem((), "is not a mapping of guide sections")
        for key in (*KEYS, *data):
            if key not in KEYS:
                raise self.problem((key,), f"is not a guide section ({', '.join(KEYS)})")
            if key not in data:
                raise self.problem((), f"has no {key!r} section")
        picture = data["picture"]
        if not isinstance(picture, dict) or set(picture) != {"caption", "items"}:
            raise self.problem(("picture",), "must have a caption and items")
        items = picture["items"]
        if not isinstance(items, list) or not 1 <= len(items) <= MOST_ITEMS:
            raise self.problem(("picture", "items"), f"must be a list of 1 to {MOST_ITEMS} pictures")
        return Guide(game, self.text(data["win"], ("win",), LIMITS["win"]),
                     self.lines(data["turn"], ("turn",), MOST_TURN_LINES),
                     self.lines(data["surprises"], ("surprises",), MOST_SURPRISES),
                     self.text(picture["caption"], ("picture", "caption"), LIMITS["caption"]),
                     tuple(self.figure(item, ("picture", "items", index)) for index, item in enumerate(items)))


def load_guide(game: str, path: Path | None = None) -> Guide:
    """``game``'s guide; ``InputError`` (with file and line) for a file that is missing or wrong."""
    path = path or guide_path(game)
    return _Reader(path, read_yaml_file(path, MAX_GUIDE_BYTES)).guide(game)
