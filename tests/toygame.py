"""The tests' throwaway game (no real game is needed): a hidden-card game with a table scene and a position
format, for the tests of the UI, the scenes, the stores and positions alike.

2-4 players get three cards each from a deck of two of each value 1-9; in turn each plays one face down, seat 1
first; when all have played the cards are revealed and the highest wins the trick (the lower seat on a tie).
Three tricks; the score is tricks won. A position: each seat's hand and tricks, and the cards on the table
(whose count says whose turn it is); a value at most twice, and every hand as many cards as the tricks played
and the table leave it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Mapping

import pygame
import pytest

from game.core import registry
from game.core.agent import RandomAgent
from game.core.contracts import TERMINAL, Event, GameState, Observation, make_rng
from game.core.params import Param, Record
from game.core.position import PositionReader
from game.core.position_reader import Places
from game.core.registry import GameSpec
from game.ui.layout import around
from game.ui.sprites import CardSprite, draw_sprites
from game.ui.table import TableScene

NAME = "toy-hidden"
HAND = 3
DECK = list(range(1, 10)) * 2


@dataclass(frozen=True)
class Play:
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class Dealt(Event):
    seat: int
    card: int | None

    def seen_by(self, seat: int | None) -> "Dealt":
        return self if seat == self.seat else Dealt(self.seat, None)


@dataclass(frozen=True)
class Played(Event):
    seat: int
    card: int | None

    def seen_by(self, seat: int | None) -> "Played":
        return self if seat == self.seat else Played(self.seat, None)


@dataclass(frozen=True)
class Revealed(Event):
    cards: tuple[int, ...]
    winner: int


@dataclass(frozen=True)
class ToyObservation(Observation):
    hand: tuple[int, ...]
    tricks: tuple[int, ...]


class ToyState(GameState):
    def __init__(self, hands: list[list[int]], tricks: list[int], table: list[int], seed: int) -> None:
        self.num_players = len(hands)
        self.rng = make_rng(seed)
        self.hands, self.tricks, self.table = hands, tricks, table
        self.turn = len(table)
        self.opening_events: list[Event] = []

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.turn

    def legal_actions(self) -> list[Play]:
        return [] if self.is_terminal() else [Play(c) for c in self.hands[self.turn]]

    def apply_legal(self, action: Play) -> list[Event]:
        seat = self.turn
        self.hands[seat].remove(action.card)
        self.table.append(action.card)
        self.turn = len(self.table) % self.num_players
        events: list[Event] = [Played(seat, action.card)]
        self.stepped(events[-1])
        if len(self.table) == self.num_players:
            best = max(range(self.num_players), key=lambda s: (self.table[s], -s))
            self.tricks[best] += 1
            events.append(Revealed(tuple(self.table), best))
            self.table = []
            self.stepped(events[-1])
        return events

    def is_terminal(self) -> bool:
        return all(not hand for hand in self.hands)

    def scores(self) -> list[float]:
        return [float(t) for t in self.tricks]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        top = max(self.tricks)
        return [s for s, t in enumerate(self.tricks) if t == top]

    def observation(self, seat: int | None) -> ToyObservation:
        return ToyObservation(seat, () if seat is None else tuple(self.hands[seat]), tuple(self.tricks))

    def clone(self) -> "ToyState":
        return copy.deepcopy(self)


def new_game(players: int, seed: int) -> ToyState:
    """The first deal: three cards a seat."""
    state = ToyState([[] for _ in range(players)], [0] * players, [], seed)
    deck = list(DECK)
    state.rng.shuffle(deck)
    state.hands = [sorted(deck[i * HAND:(i + 1) * HAND]) for i in range(players)]
    state.opening_events = [Dealt(s, c) for s in range(players) for c in state.hands[s]]
    return state


def position_of(state: GameState) -> dict[str, Any]:
    assert isinstance(state, ToyState)
    return {"seats": [{"hand": list(hand), "tricks": tricks} for hand, tricks in zip(state.hands, state.tricks)],
            "table": list(state.table)}


def state_from_position(body: Mapping[str, Any], params: Mapping[str, Any], players: int, seed: int) -> ToyState:
    reader = PositionReader()
    reader.mapping(body, (), ("seats", "table"))
    places = Places(reader, DECK, str)

    def cards(value: Any, keys: tuple) -> list[int]:
        found: list[int] = []
        for index, card in enumerate(reader.sequence(value, keys) or []):
            number = reader.whole(card, keys + (index,), 1, 9)
            if number is not None and places.place(number, keys + (index,)):
                found.append(number)
        return found

    hands: list[list[int]] = []
    tricks: list[int] = []
    for index, seat in enumerate(reader.sequence(reader.field(body, "seats"), ("seats",), players) or []):
        keys = ("seats", index)
        if reader.mapping(seat, keys, ("hand", "tricks")) is None:
            continue
        hands.append(sorted(cards(reader.field(seat, "hand", keys), keys + ("hand",))))
        tricks.append(reader.whole(reader.field(seat, "tricks", keys), keys + ("tricks",), 0, HAND) or 0)
    listed = reader.field(body, "table")
    table = cards(listed, ("table",))
    if isinstance(listed, list) and len(listed) >= players:
        reader.problem(("table",), f"holds {len(listed)} cards; a trick of {players} players ends at {players}")
    if not reader.problems:
        for seat, hand in enumerate(hands):
            held = HAND - sum(tricks) - (seat < len(table))
            if len(hand) != held:
                reader.problem(("seats", seat, "hand"), f"holds {len(hand)} cards; after {sum(tricks)} tricks "
                                                        f"and {len(table)} cards on the table it holds {held}")
    reader.done()
    return ToyState(hands, tricks, table, seed)


def describe(event: Event, names: list[str]) -> str:
    if isinstance(event, Played):
        shown = "a card" if event.card is None else str(event.card)
        return f"{names[event.seat]} plays {shown} face down"
    if isinstance(event, Revealed):
        return f"{names[event.winner]} wins the trick with {max(event.cards)}"
    if isinstance(event, Dealt):
        return f"{names[event.seat]} is dealt " + ("a card" if event.card is None else str(event.card))
    return ""


class ToyTable(TableScene):
    """A minimal table: the viewer's hand as cards; keys 1-3 or a click play one."""

    def build(self) -> None:
        self.built = getattr(self, "built", 0) + 1
        self.seen_events: list[Event] = getattr(self, "seen_events", [])
        obs = self.observation()
        hand = obs.hand
        size = self.layout.card_size(120)
        area = self.table_rect()
        self.cards = [CardSprite("playing", f"{card}S" if card > 1 else "AS", size,
                                 (area.centerx + (i - 1) * size[0] * 1.2, area.bottom - size[1]))
                      for i, card in enumerate(hand)]
        self.values = list(hand)

    def seat_points(self, inset: tuple[float, float] = (110, 40)) -> list[tuple[int, int]]:
        """Where each seat sits around the table: the viewer (seat 0 for a spectator) at the bottom, the
        others clockwise in seat order; ``inset`` (x, y) reference units in from the table area's edges,
        so that a ``draw_badge`` plate centred there stays inside."""
        area = self.table_rect().inflate(-2 * self.layout.px(inset[0]), -2 * self.layout.px(inset[1]))
        return around(area, self.state.num_players, self.viewer if self.viewer is not None else 0)

    def draw_table(self, surface: pygame.Surface) -> None:
        from game.ui import assets

        surface.blit(assets.background(self.layout.size), (0, 0))
        for seat, point in enumerate(self.seat_points()):
            self.draw_badge(surface, seat, point)
        draw_sprites(surface, self.cards)

    def handle_input(self, event: pygame.event.Event) -> None:
        index = None
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_3:
            index = event.key - pygame.K_1
        elif event.type == pygame.MOUSEBUTTONDOWN:
            index = next((i for i, c in enumerate(self.cards) if c.contains(event.pos)), None)
        if index is not None and index < len(self.values):
            self.submit(Play(self.values[index]))

    def on_events(self, events: list[Event]) -> None:
        self.seen_events.extend(events)
        self.build()
        centre = self.table_rect().center
        for event in events:
            if isinstance(event, Played):
                sprite = CardSprite("playing", None, self.layout.card_size(120), centre)
                self.tweens.add(sprite.move_to((centre[0], centre[1] - 40), 0.2))

    def badge_text(self, seat: int) -> str:
        return f"{self.state.tricks[seat]} tricks"

    def result_rows(self) -> list[str]:
        return ["Toy game extra row"]


def make_spec() -> GameSpec:
    agents = {level: RandomAgent for level in ("random", "easy", "normal", "hard")}
    return GameSpec(
        name=NAME, title="Toy Hidden", tagline="A test game of hidden cards.", min_players=2, max_players=4,
        schema=Record({"tricks": Param(int, "tricks per game", 1, 3)}),
        new_game=lambda params, players, seed: new_game(players, seed),
        sample_state=lambda obs, rng: new_game(2, rng.randrange(1000)),
        agents=agents, describe=describe, scene="tests.toygame:ToyTable",
        position_of=position_of, state_from_position=state_from_position)


STANDARD_YAML = "title: Standard\ndescription: The toy game as tested.\ntricks: 3\n"


@pytest.fixture
def toy_game(monkeypatch, user_dirs):
    """Only the toy game is registered (the real games are left out), with a user 'standard' variant."""
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "load_all", lambda: None)
    spec = registry.register(make_spec())
    folder = user_dirs[0] / "variants" / NAME
    folder.mkdir(parents=True)
    (folder / "standard.yaml").write_text(STANDARD_YAML, encoding="utf-8")
    return spec
