"""Face-up replays: with ``show_all_hands`` the replay of an ended Nevermore game draws every secret (the
other seats' hands and Magick, the bottom seat's hand for a spectator, the face-down tokens) from the true state,
and its tooltips name them; with the flag off the table shows only what its eyes may know, as before."""

from __future__ import annotations

from dataclasses import replace

import pytest

import game.games  # noqa: F401  (registers every game)
from game.core.config import params_of
from game.core.contracts import find_action
from game.core.match import play_match
from game.core.record import HUMAN, GameRecord
from game.core.registry import get
from game.core.setup import default_names
from game.games.nevermore.rules.cards import sort_cards
from game.games.nevermore.table import NevermoreTable
from game.games.nevermore.view import Card, hand_asset, magick_asset
from game.games.nevermore.words import card_tip, magick_tip
from game.scenes.tables import open_replay
from game.variants.loader import load_variant
from tests.app_input import make_app, run
from tests.nevermore.test_table import hand_codes

PLAYERS = 4


@pytest.fixture(scope="module")
def finished() -> GameRecord:
    """A whole 4-player game by random players (Magick on), seat 0 recorded as the human's."""
    spec = get("nevermore")
    record = play_match(spec, load_variant(spec, "standard").params, ("random",) * PLAYERS, 11).record
    return replace(record, seats=(HUMAN,) + ("random",) * (PLAYERS - 1))


def secret_moment(record: GameRecord) -> int:
    """The first move after which seat 0 (so a spectator too) sees a face-down token while every seat holds cards
    and there is Magick in hands."""
    state = record.new_state()
    for moves, text in enumerate(record.actions, start=1):
        state.apply_legal(find_action(state, text))
        if None in state.observation(0).tokens and all(state.hands) and sum(map(len, state.magick)) >= 2:
            return moves
    raise AssertionError("the game never hid a token while every seat held cards")


def replay_at(record: GameRecord, seats: tuple[str, ...], moves: int, face_up: bool):  # noqa: ANN201
    """An app and its replay table at ``moves``, every hand face up or not, drawn once."""
    record = replace(record, seats=seats, names=default_names(seats))
    app = make_app("off")
    table = open_replay(app, record)
    app.push(table)
    run(app)
    assert isinstance(table, NevermoreTable)
    table.show_all_hands = face_up
    table.seek(moves)
    app.draw()
    return app, table


def art_of(table: NevermoreTable, code: str) -> str:
    """The art id a card is drawn with: a Magick card's titled face, or a hand card's."""
    cards = table.state.cards
    return magick_asset(cards, code) if code in cards else hand_asset(cards, code)[1]


def token_tips_face_up(table: NevermoreTable) -> list[str]:
    """The tooltips of tokens face down at the table but drawn face up."""
    return [t.text for t in table.tips.tips if "token" in t.text and "shown face up" in t.text]


def test_face_up_draws_every_other_seat_s_true_hand_and_magick_and_names_them(finished):
    moves = secret_moment(finished)
    app, table = replay_at(finished, (HUMAN,) + ("random",) * (PLAYERS - 1), moves, True)
    try:
        state = table.state
        for seat in range(1, PLAYERS):
            cards = [c for c in table.open_cards if c.owner == seat]
            truth = [*sort_cards(state.hands[seat]), *sorted(state.magick[seat])]
            assert [c.code for c in cards] == truth
            assert [c.card_id for c in cards] == [art_of(table, code) for code in truth]
            assert all(c.showing_face() and c in table.sprites for c in cards)
            top = max(cards, key=lambda c: c.z)  # the others overlap it: its centre is its own
            tip = table.tips.at(top.rect.center)
            said = magick_tip(top.code, state.cards) if top.code in state.cards else \
                card_tip(top.code, state.cards, params_of(state.config), killed=top.killed, passing=top.passing)
            assert tip is not None and table.names[seat] in tip.text and said in tip.text
        assert table.shown is not None and table.shown.tokens == list(state.tokens)
        assert token_tips_face_up(table)  # the tokens hidden at the table say why they show
    finally:
        app.close()


def test_face_up_shows_a_spectator_the_bottom_seat_s_true_hand(finished):
    moves = secret_moment(finished)
    app, table = replay_at(finished, ("random",) * PLAYERS, moves, True)
    try:
        assert table.viewer is None
        truth = list(sort_cards(table.state.hands[0]))
        assert hand_codes(table) == truth
        assert [c.card_id for c in table.hand_cards] == [art_of(table, code) for code in truth]
        assert [c.code for c in table.magick_cards] == sorted(table.state.magick[0])
        assert {c.owner for c in table.open_cards} == set(range(1, PLAYERS))
    finally:
        app.close()


@pytest.mark.parametrize("seats", [(HUMAN,) + ("random",) * (PLAYERS - 1), ("random",) * PLAYERS])
def test_without_the_flag_the_secrets_stay_backs(finished, seats):
    moves = secret_moment(finished)
    app, table = replay_at(finished, seats, moves, False)
    try:
        state = table.state
        assert table.open_cards == []
        mine = set(state.hands[0]) | set(state.magick[0])
        faces = [s for s in table.sprites if isinstance(s, Card) and s.showing_face()]
        if table.viewer is None:
            assert faces == [] and hand_codes(table) == [None] * len(state.hands[0])
        else:
            assert faces and all(s.code in mine for s in faces)
        assert table.shown is not None and None in table.shown.tokens
        assert not token_tips_face_up(table) and not [t for t in table.tips.tips if "shown face up" in t.text]
    finally:
        app.close()
