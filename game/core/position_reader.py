"""Reading a game's part of a position: every problem collected at its key path, nothing stopped at the first.

A game's ``state_from_position`` reads its keys with a ``PositionReader`` (and a ``Places`` for a deck whose
every card must be listed once) and calls ``done()`` before it builds anything, so a hand-written position
loads whole or is refused with every reason at once. The readers here are the ones more than one game needs;
what only one game reads (a Magick card's name, beads by colour) stays in the game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Generic, Iterable, Iterator, Mapping, Sequence, TypeVar

from game.core.bounded import quote, shown
from game.core.params import join
from game.core.yaml_reader import KeyPath

T = TypeVar("T")


def key_text(keys: KeyPath) -> str:
    """A key path as messages write it: ``seats[2].hand`` (to say where else a card is listed)."""
    path = ""
    for key in keys:
        path = join(path, key)
    return path


@dataclass(frozen=True)
class PositionProblem:
    """One thing wrong with a position, at its key path (``("seats", 2, "hand")``)."""

    keys: KeyPath
    message: str

    @property
    def key(self) -> str:
        """The key path as a position file's reader writes it: ``seats[2].hand``."""
        return key_text(self.keys)

    def __str__(self) -> str:
        return f"{shown(self.key)}: {self.message}" if self.keys else self.message


class PositionError(ValueError):
    """A position that cannot be loaded; ``problems`` says every reason."""

    def __init__(self, problems: Sequence[PositionProblem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(problem) for problem in self.problems))


_MISSING = object()


class PositionReader:
    """Reads a game's part of a position, collecting every problem rather than stopping at the first.

    Each getter returns the value when it is good and ``None`` after noting a problem, so a loader reads on
    and ``done()`` raises ``PositionError`` with all of them before any state is built.
    """

    def __init__(self) -> None:
        self.problems: list[PositionProblem] = []

    def problem(self, keys: KeyPath, message: str) -> None:
        """Note one problem at ``keys``."""
        self.problems.append(PositionProblem(tuple(keys), message))

    def field(self, mapping: Mapping[str, Any], key: str, keys: KeyPath = ()) -> Any:
        """``mapping[key]``, or ``None`` with a problem when it is missing."""
        value = mapping.get(key, _MISSING)
        if value is _MISSING:
            self.problem(keys + (key,), "is missing")
            return None
        return value

    def mapping(self, value: Any, keys: KeyPath, allowed: Iterable[str] | None = None) -> dict[str, Any] | None:
        """``value`` as a mapping with text keys; with ``allowed``, any other key is a problem."""
        if not isinstance(value, dict) or not all(isinstance(key, str) for key in value):
            self.problem(keys, f"must be a mapping of names to values, not {quote(value)}")
            return None
        if allowed is not None:
            known = list(allowed)
            for key in value:
                if key not in known:
                    self.problem(keys + (key,), f"is not a key here; the keys are {', '.join(known)}")
        return value

    def sequence(self, value: Any, keys: KeyPath, length: int | None = None) -> list[Any] | None:
        """``value`` as a list (of ``length`` items when given)."""
        if not isinstance(value, list):
            self.problem(keys, f"must be a list, not {quote(value)}")
            return None
        if length is not None and len(value) != length:
            self.problem(keys, f"must have {length} item{'s' if length != 1 else ''}, not {len(value)}")
            return None
        return value

    def whole(self, value: Any, keys: KeyPath, low: int = 0, high: int | None = None) -> int | None:
        """``value`` as a whole number in ``low..high``."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(keys, f"must be a whole number, not {quote(value)}")
            return None
        if value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            self.problem(keys, f"must be {bound}, not {value}")
            return None
        return value

    def flag(self, value: Any, keys: KeyPath) -> bool | None:
        """``value`` as true or false."""
        if not isinstance(value, bool):
            self.problem(keys, f"must be true or false, not {quote(value)}")
            return None
        return value

    def choice(self, value: Any, keys: KeyPath, options: Sequence[str]) -> str | None:
        """``value`` as one of ``options``."""
        if not isinstance(value, str) or value not in options:
            self.problem(keys, f"must be one of {', '.join(options)}, not {quote(value)}")
            return None
        return value

    def seat(self, value: Any, keys: KeyPath, players: int) -> int | None:
        """``value`` as a seat number, 0 to ``players - 1``."""
        return self.whole(value, keys, 0, players - 1)

    def seat_or_null(self, value: Any, keys: KeyPath, players: int) -> int | None:
        """``value`` as a seat number, or null (``None`` then, with no problem)."""
        return None if value is None else self.seat(value, keys, players)

    def each(self, value: Any, keys: KeyPath, read: Callable[[Any, KeyPath], T | None],
             length: int | None = None) -> list[T] | None:
        """``value`` as a list whose every item is read by ``read(item, keys + (index,))``; ``None`` when the list
        or any item is wrong (every item is read, so that each wrong one is noted)."""
        items = self.sequence(value, keys, length)
        if items is None:
            return None
        got = [read(item, keys + (index,)) for index, item in enumerate(items)]
        return None if any(item is None for item in got) else [item for item in got if item is not None]

    def seats(self, value: Any, keys: KeyPath, players: int) -> list[int] | None:
        """``value`` as a list of seat numbers (a trick's order, the seats due to pick)."""
        return self.each(value, keys, lambda item, at: self.seat(item, at, players))

    def seat_list(self, value: Any, players: int, keys: KeyPath = ("seats",)) -> list[Any] | None:
        """``value`` as the list of the game's seats, one item per player."""
        items = self.sequence(value, keys)
        if items is not None and len(items) != players:
            self.problem(keys, f"must list the game's {players} seats (players: {players}), not {len(items)}")
            return None
        return items

    def entry(self, value: Any, keys: KeyPath, fields: Sequence[str], partial: bool = False
              ) -> dict[str, Any] | None:
        """``value`` as a mapping of exactly ``fields``: an unknown key and a missing one are each a problem, and
        ``None``; with ``partial``, a mapping with fields missing is still given, for its other fields to be read."""
        got = self.mapping(value, keys, fields)
        if got is None:
            return None
        for field in fields:
            self.field(got, field, keys)
        return got if partial or all(field in got for field in fields) else None

    def entries(self, items: Sequence[Any], keys: KeyPath, fields: Sequence[str], partial: bool = False
                ) -> Iterator[tuple[int, KeyPath, dict[str, Any]]]:
        """``(index, key path, mapping)`` of each item of ``items`` read by ``entry`` (a list of seats, of
        scored hands); an item that is not such a mapping is noted and passed over."""
        for index, item in enumerate(items):
            got = self.entry(item, keys + (index,), fields, partial)
            if got is not None:
                yield index, keys + (index,), got

    def own_keys(self, body: Any, keys: Sequence[str], optional: Sequence[str] = ()) -> dict[str, Any]:
        """A game's part of a position: a mapping of ``keys``, each there unless ``optional``. Not a mapping at
        all raises ``PositionError`` at once: there is nothing else to read."""
        data = self.mapping(body, (), keys)
        if data is None:
            self.done()
        assert data is not None
        for key in keys:
            if key not in optional:
                self.field(data, key)
        return data

    def counts(self, value: Any, keys: KeyPath, names: Sequence[str], high: int | None = None
               ) -> dict[str, int] | None:
        """``value`` as whole numbers by name (candy by kind, figures), a name left out counting 0."""
        mapping = self.mapping(value, keys, names)
        if mapping is None:
            return None
        got = {name: self.whole(mapping.get(name, 0), keys + (name,), 0, high) for name in names}
        return None if any(count is None for count in got.values()) else {
            name: count for name, count in got.items() if count is not None}

    def done(self) -> None:
        """Raise ``PositionError`` when anything was wrong."""
        if self.problems:
            raise PositionError(self.problems)


class Places(Generic[T]):
    """Where each thing of a whole set (a deck's cards) is listed in a position, to refuse one listed more often
    than the set holds it and to name those listed nowhere. ``name`` writes a thing as the rules text does;
    ``article`` goes before it where it starts a message (``"the "``: "the 7 of daggers is listed twice")."""

    def __init__(self, reader: PositionReader, whole: Iterable[T], name: Callable[[T], str],
                 article: str = "") -> None:
        self.reader = reader
        self.whole = Counter(whole)
        self.name = name
        self.article = article
        self.at: dict[T, list[KeyPath]] = {}

    def place(self, thing: T, keys: KeyPath) -> bool:
        """Note ``thing`` as listed at ``keys``; ``False`` after a problem: it is listed once too often."""
        where = self.at.setdefault(thing, [])
        where.append(keys)
        copies = self.whole[thing]
        if len(where) <= copies:
            return True
        if copies == 1:
            self.reader.problem(keys, f"{self.article}{self.name(thing)} is listed twice (also at "
                                      f"{key_text(where[0])})")
        else:
            self.reader.problem(keys, f"a {self.name(thing)} more than the deck's {copies}")
        return False

    def listed_nowhere(self, places: str) -> None:
        """A problem naming every thing of the set listed nowhere (or less often than the set holds it);
        ``places`` says where a thing may be: "every card is in a hand, ..."."""
        missing = [f"{self.name(thing)}{f' x{count}' if count > 1 else ''}"
                   for thing, count in (self.whole - Counter({t: len(w) for t, w in self.at.items()})).items()]
        if missing:
            self.reader.problem((), f"the deck's {', '.join(missing)} {'is' if len(missing) == 1 else 'are'} listed "
                                    f"nowhere: {places}")

    def whole_list(self, listed: Sequence[T], keys: KeyPath) -> bool:
        """Whether ``listed`` (a stacked deck) holds the whole set, each thing as often as the set does; else a
        problem naming the things listed too often and those missing."""
        given = Counter(listed)
        if given == self.whole:
            return True
        twice = sorted({self.name(thing) for thing in (given - self.whole)})
        missing = [self.name(thing) for thing in (self.whole - given).elements()]
        detail = "; ".join(part for part in (f"listed twice: {', '.join(twice)}" if twice else "",
                                             f"missing: {', '.join(missing)}" if missing else "") if part)
        self.reader.problem(keys, f"must list each of the deck's {sum(self.whole.values())} cards once ({detail})")
        return False
