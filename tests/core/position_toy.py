"""A throwaway card game with a position format, for the tests of positions (no real game is needed).

Cards 1 to ``cards`` (a rule parameter); each seat is dealt two. In turn a seat plays a card (scoring its
value, the card to the discard) and draws a random card from the deck, so chance follows any position. The
game ends when every hand is empty; the highest score wins. A position: whose turn, each seat's hand and
score, the deck and the discard; every card exactly once.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Mapping

import pytest

from game.core import registry
from game.core.agent import RandomAgent
from game.core.contracts import TERMINAL, Event, GameState, Observation, make_rng
from game.core.params import Param, Record
from game.core.position import PositionReader
from game.core.registry import GameSpec

NAME = "toy-positions"
HAND = 2
STANDARD_YAML = "title: Standard\ndescription: The toy game as tested.\ncards: 12\n"


@dataclass(frozen=True)
class Play:
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class Played(Event):
    seat: int
    card: int


@dataclass(frozen=True)
class ToyObservation(Observation):
    hand: tuple[int, ...]
    scores: tuple[int, ...]
    deck: int
    discard: tuple[int, ...]
    turn: int


class ToyState(GameState):
    def __init__(self, hands: list[list[int]], scores: list[int], deck: list[int], discard: list[int],
                 turn: int, seed: int) -> None:
        self.num_players = len(hands)
        self.hands, self.points, self.deck, self.discard, self.turn = hands, scores, deck, discard, turn
        self.rng = make_rng(seed)

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.turn

    def legal_actions(self) -> list[Play]:
        return [] if self.is_terminal() else [Play(card) for card in sorted(self.hands[self.turn])]

    def apply_legal(self, action: Play) -> list[Event]:
        seat = self.turn
        self.hands[seat].remove(action.card)
        self.points[seat] += action.card
        self.discard.append(action.card)
        if self.deck:
            self.hands[seat].append(self.deck.pop(self.rng.randrange(len(self.deck))))
        for step in range(1, self.num_players + 1):
            if self.hands[(seat + step) % self.num_players]:
                self.turn = (seat + step) % self.num_players
                break
        return [Played(seat, action.card)]

    def is_terminal(self) -> bool:
        return not any(self.hands)

    def scores(self) -> list[float]:
        return [float(points) for points in self.points]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        return [seat for seat, points in enumerate(self.points) if points == max(self.points)]

    def observation(self, seat: int | None) -> ToyObservation:
        hand = () if seat is None else tuple(sorted(self.hands[seat]))
        return ToyObservation(seat, hand, tuple(self.points), len(self.deck), tuple(self.discard), self.turn)

    def clone(self) -> "ToyState":
        return copy.deepcopy(self)


def new_game(params: Mapping[str, Any], players: int, seed: int) -> ToyState:
    rng = make_rng(seed)
    deck = list(range(1, params["cards"] + 1))
    rng.shuffle(deck)
    hands = [sorted(deck[seat * HAND:(seat + 1) * HAND]) for seat in range(players)]
    return ToyState(hands, [0] * players, sorted(deck[players * HAND:]), [], 0, seed)


def position_of(state: GameState) -> dict[str, Any]:
    assert isinstance(state, ToyState)
    return {"turn": state.turn,
            "seats": [{"hand": list(hand), "score": points} for hand, points in zip(state.hands, state.points)],
            "deck": list(state.deck), "discard": list(state.discard)}


def state_from_position(body: Mapping[str, Any], params: Mapping[str, Any], players: int, seed: int) -> ToyState:
    reader = PositionReader()
    reader.mapping(body, (), ("turn", "seats", "deck", "discard"))
    cards = params["cards"]
    turn = reader.seat(reader.field(body, "turn"), ("turn",), players)
    hands: list[list[int]] = []
    scores: list[int] = []
    seen: dict[int, tuple] = {}

    def card_list(value: Any, keys: tuple) -> list[int]:
        found: list[int] = []
        for index, card in enumerate(reader.sequence(value, keys) or []):
            number = reader.whole(card, keys + (index,), 1, cards)
            if number is None:
                continue
            if number in seen:
                reader.problem(keys + (index,), f"card {number} is listed twice")
            seen[number] = keys + (index,)
            found.append(number)
        return found

    seats = reader.sequence(reader.field(body, "seats"), ("seats",), players) or []
    for index, seat in enumerate(seats):
        keys = ("seats", index)
        if reader.mapping(seat, keys, ("hand", "score")) is None:
            continue
        hand = card_list(reader.field(seat, "hand", keys), keys + ("hand",))
        if len(hand) > HAND:
            reader.problem(keys + ("hand",), f"holds {len(hand)} cards; a hand holds at most {HAND}")
        hands.append(hand)
        scores.append(reader.whole(reader.field(seat, "score", keys), keys + ("score",)) or 0)
    deck = card_list(reader.field(body, "deck"), ("deck",))
    discard = card_list(reader.field(body, "discard"), ("discard",))
    missing = sorted(set(range(1, cards + 1)) - set(seen))
    if missing:
        reader.problem(("deck",), f"cards {missing} are nowhere")
    if not reader.problems and any(hands) and not hands[turn or 0]:
        reader.problem(("turn",), f"seat {turn} has no cards to play")
    reader.done()
    return ToyState(hands, scores, deck, discard, turn or 0, seed)


def make_spec() -> GameSpec:
    agents = {level: RandomAgent for level in ("random", "easy", "normal", "hard")}
    return GameSpec(
        name=NAME, title="Toy Positions", tagline="A test game of positions.", min_players=2, max_players=4,
        schema=Record({"cards": Param(int, "cards in the game", 8, 20)}), new_game=new_game,
        sample_state=lambda obs, rng: new_game({"cards": 12}, 2, rng.randrange(1000)),
        agents=agents, describe=lambda event, names: str(event),
        position_of=position_of, state_from_position=state_from_position)


@pytest.fixture
def toy_positions(monkeypatch, user_dirs):
    """Only the toy game is registered, with a user 'standard' variant."""
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "load_all", lambda: None)
    spec = registry.register(make_spec())
    folder = user_dirs[0] / "variants" / NAME
    folder.mkdir(parents=True)
    (folder / "standard.yaml").write_text(STANDARD_YAML, encoding="utf-8")
    return spec
