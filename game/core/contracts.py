"""The contracts every game's rules engine keeps, so that agents, records and scenes work for any game.

A rules engine is pure Python: it never imports pygame, and all chance comes from the ``random.Random``
it was given. Decisions are asked one seat at a time; a simultaneous decision (secret wagers, face-down
plays, simultaneous passes) is asked seat by seat and kept secret until the rules reveal it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import MISSING, dataclass, fields
from typing import Any, Hashable, Protocol, Sequence, TypeVar

TERMINAL = -1
"""``current_player()`` of a finished game: nobody has a decision to make."""


class IllegalActionError(ValueError):
    """Raised by ``apply`` for an action the rules do not allow now; the state is left unchanged."""


class Action(Protocol, Hashable):
    """A move. Actions are small immutable values whose ``str`` is stable: records store that text."""

    def __str__(self) -> str: ...


E = TypeVar("E")


def quick_init(cls: type[E]) -> type[E]:
    """Give a frozen dataclass of plain fields an ``__init__`` that sets the instance's ``__dict__`` at once, where
    the dataclass's own sets one field at a time through ``object.__setattr__``: the same parameters and
    defaults, a third of the cost. Rules make an event for every card played, and a search plays hundreds of
    thousands (the events' construction was a tenth of a search). Put it above ``@dataclass(frozen=True)``."""
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__, which quick_init does not call")
    if hasattr(cls, "__slots__"):
        raise TypeError(f"{cls.__name__} has slots: quick_init sets the instance's __dict__")
    params: list[str] = []
    entries: list[str] = []
    scope: dict[str, Any] = {"_set": object.__setattr__}
    for spec in fields(cls):  # type: ignore[arg-type]  # a dataclass: the decorator goes above @dataclass
        if spec.default_factory is not MISSING or spec.kw_only or (not spec.init and spec.default is MISSING) \
                or spec.name == "self" or spec.name.startswith("_"):
            raise TypeError(f"{cls.__name__}.{spec.name}: quick_init takes plain fields and defaults only")
        if spec.default is not MISSING:
            scope[f"_default_{spec.name}"] = spec.default
        if not spec.init:
            entries.append(f"{spec.name!r}: _default_{spec.name}")
            continue
        params.append(spec.name if spec.default is MISSING else f"{spec.name}=_default_{spec.name}")
        entries.append(f"{spec.name!r}: {spec.name}")
    source = f"def __init__(self, {', '.join(params)}):\n    _set(self, '__dict__', {{{', '.join(entries)}}})\n"
    exec(source, scope)  # built as dataclasses builds its own: a function of the class's fields
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    setattr(cls, "__init__", init)
    return cls


@dataclass(frozen=True)
class Event:
    """Something a rule caused (a card moved, a trick won, a bead sown). Scenes animate events.

    Events that carry private facts override ``seen_by`` to hide them from other seats, so the rules,
    not the UI, decide what a seat may see.
    """

    def seen_by(self, seat: int | None) -> "Event":
        """This event as ``seat`` may see it (``None``: a spectator who sees only public facts)."""
        return self

    def reveals(self, seat: int) -> bool:
        """Whether this event shows ``seat`` something hidden from it until now: a chance outcome (a deal, a
        card turned up, a card drawn) or another seat's secret (a face-down card, a pass, a wager).

        A table never takes a move back past such an event: the same seed would deal the same cards again, and
        the same opponents would show the same secrets, so undo would be a free look. Games override it for
        the events that reveal; none do by default.
        """
        return False


@dataclass(frozen=True)
class Observation:
    """What one seat may know. Games subclass it with plain, immutable data (never views of the state),
    so an agent may think about it on another thread while the state moves on."""

    seat: int | None
    """The seat that knows this, or ``None``: a spectator, who knows only what is public."""


@dataclass(frozen=True)
class Step:
    """One event as a seat saw it, with everything that seat may know just after it: what a table animates,
    one step at a time, without working out a rule itself."""

    event: Event
    view: Observation


StateT = TypeVar("StateT", bound="GameState")


class GameState(ABC):
    """One game in progress. Mutable, like a chess board; ``clone`` it to search."""

    num_players: int
    opening_events: Sequence[Event] = ()
    """Events of setting the game up (first dealer, the first deal) that no action caused; a table logs
    and animates them when a game starts."""
    _steps: list[Step] | None = None
    """While ``apply_steps`` runs: the steps so far (None otherwise, so search and simulations pay nothing)."""
    _stepper: int | None = None
    """While ``apply_steps`` runs: the seat whose view each step carries."""

    @abstractmethod
    def current_player(self) -> int:
        """The seat whose decision it is, or ``TERMINAL``."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """Every action the current player may take now, in a stable order (any sequence: a game may build its
        actions only when they are read). Empty only when terminal."""

    @abstractmethod
    def apply_legal(self, action: Action) -> list[Event]:
        """Apply an action already known to be legal (search and replay use this to skip the check)."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score as the rulebook counts it (final when terminal, running otherwise)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The seats that share the win; empty until the game is over."""

    @abstractmethod
    def observation(self, seat: int | None) -> Observation:
        """Exactly what ``seat`` may know now; ``None``: what a spectator may know (public facts only)."""

    @abstractmethod
    def clone(self: StateT) -> StateT:
        """An independent copy, random generator included."""

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` for the current player and return the events it caused.

        Raises ``IllegalActionError`` (leaving the state unchanged) when the action is not legal now.
        """
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; {action} cannot be played")
        legal = self.legal_actions()
        if action not in legal:
            shown = ", ".join(str(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
            raise IllegalActionError(
                f"{action} is not legal for seat {self.current_player()} now; legal: {shown}"
            )
        return self.apply_legal(action)

    def apply_steps(self, action: Action, seat: int | None) -> tuple[list[Event], list[Step]]:
        """Apply ``action`` as ``apply`` does, and also give each event as ``seat`` sees it with ``seat``'s
        view just after it (``stepped``). Returns the events (unfiltered, for the record's keeper) and the
        steps."""
        self._steps, self._stepper = [], seat
        try:
            events = self.apply(action)
            steps = self._steps
        finally:
            self._steps, self._stepper = None, None
        return events, steps

    def stepped(self, event: Event) -> None:
        """The rules call this as each event happens, once the state shows it: under ``apply_steps`` it notes
        the event with the watching seat's view; otherwise it costs one comparison."""
        if self._steps is not None:
            self._steps.append(Step(event.seen_by(self._stepper), self.observation(self._stepper)))

    def happened(self, event: Event, events: list[Event]) -> None:
        """The rules call this as ``event`` happens, once the state shows it: into the move's ``events``, and a
        step of the view under ``apply_steps``."""
        events.append(event)
        if self._steps is not None:
            self.stepped(event)

    def returns(self) -> list[float]:
        """Each seat's share of the win: 1/k for each of k winners, 0 for the others."""
        won = self.winners()
        share = 1.0 / len(won) if won else 0.0
        return [share if seat in won else 0.0 for seat in range(self.num_players)]


def find_action(state: GameState, text: str) -> Action:
    """The legal action whose text is ``text`` (how records and the command line name moves)."""
    for action in state.legal_actions():
        if str(action) == text:
            return action
    raise IllegalActionError(f"no legal action {text!r} for seat {state.current_player()} now")


def make_rng(seed: int) -> random.Random:
    """The one way a game's generator is made from its seed, so records replay exactly."""
    return random.Random(seed)


def uniform_choice(actions: Sequence[Action], rng: random.Random) -> Action:
    """A uniformly random action (the ``random`` level and default rollouts)."""
    return actions[rng.randrange(len(actions))]
