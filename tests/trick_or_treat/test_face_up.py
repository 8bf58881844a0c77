"""Trick or Treat replays of a finished game with every hand shown (``TableScene.show_all_hands``): the other
seats' hands fanned face up and the face-down plays turned up, read from the true state and named in their
tooltips; with the flag off the table still shows only what its viewer may see."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.match import play_match
from game.core.record import HUMAN, GameRecord
from game.core.registry import get
from game.core.setup import default_names
from game.games.trick_or_treat import rules as r
from game.games.trick_or_treat.table import TrickOrTreatTable
from game.games.trick_or_treat.view import card_id, card_text
from game.scenes.tables import open_replay
from game.ui.app import App
from game.ui.sprites import CardSprite
from game.variants.loader import load_variant
from tests.app_input import make_app, run


def record(players: int, human: bool) -> GameRecord:
    """A finished game of random players; seat 0 recorded as the human's when ``human``."""
    spec = get("trick-or-treat")
    played = play_match(spec, dict(load_variant(spec, "standard").params), ("random",) * players, 4).record
    seats = ((HUMAN,) if human else ("random",)) + ("random",) * (players - 1)
    return replace(played, seats=seats, names=default_names(seats))


def mid_trick(app: App, rec: GameRecord) -> TrickOrTreatTable:
    """The replay shown after the first moves that leave cards face down in a trick: some played, not all."""
    table = open_replay(app, rec)
    app.push(table)
    run(app, 2)
    assert isinstance(table, TrickOrTreatTable)
    for moves in range(len(rec.actions)):
        table.seek(moves)
        state = table.state
        down = [s for s, card in enumerate(state.played) if card is not None and s != table.viewer]
        if down and not state.revealed and None in state.played:
            return table
    raise AssertionError("no trick with cards face down")


def true_ids(table: TrickOrTreatTable, seat: int) -> list[str]:
    return [card_id(r.card_text(c)) for c in sorted(table.state.hands[seat])]


def others(table: TrickOrTreatTable) -> list[int]:
    return [seat for seat in range(table.state.num_players) if seat != table.viewer]


@pytest.mark.parametrize("human", [True, False], ids=["one-human", "spectator"])
def test_every_hidden_card_is_drawn_face_up_with_its_true_id_only_when_the_flag_is_on(human: bool) -> None:
    app = make_app()
    try:
        table = mid_trick(app, record(4, human))
        down = [s for s, card in enumerate(table.state.played) if card is not None and s != table.viewer]
        app.draw()
        assert table.fans == {}  # flag off: no other hand drawn, the face-down plays are backs
        assert all(table.trick[s].card_id is None and not table.trick[s].showing_face() for s in down)
        assert {s.card_id for s in table.sprites() if isinstance(s, CardSprite)} - {None} <= \
            {card_id(t) for t in (*table.observation().hand, table.observation().my_card) if t}

        table.show_all_hands = True
        table.build()
        app.draw()
        assert sorted(table.fans) == others(table)
        for seat in others(table):
            fan = table.fans[seat]
            assert [card.card_id for card in fan] == true_ids(table, seat) and all(c.showing_face() for c in fan)
            for card in fan:  # each card's tip, where its corner shows, names it and its seat
                tip = table.tips.at((card.rect.x + 2, card.rect.centery))
                assert tip is not None and tip.text.startswith(f"In {table.names[seat]}'s hand: ")
        for seat in down:
            shown = table.trick[seat]
            truth = table.state.played[seat]
            assert truth is not None and shown.showing_face() and shown.card_id == card_id(r.card_text(truth))
            tip = table.tips.at(shown.rect.center)
            assert tip is not None and "face down at the table" in tip.text and table.names[seat] in tip.text

        table.show_all_hands = False
        table.build()
        assert table.fans == {} and all(table.trick[s].card_id is None for s in down)
    finally:
        app.close()


def test_a_fan_cards_tip_names_the_card() -> None:
    app = make_app()
    try:
        table = mid_trick(app, record(3, True))
        table.show_all_hands = True
        table.build()
        app.draw()
        seat = others(table)[0]
        card = table.fans[seat][0]
        tip = table.tips.at((card.rect.x + 2, card.rect.centery))
        text = card_text(card.card_id or "")
        name = {"CJ": "coloured joker", "BJ": "black joker"}.get(text) or \
            {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}.get(text[:-1], text[:-1])
        assert tip is not None and f"{table.names[seat]}'s hand: the {name}." in tip.text
    finally:
        app.close()


def test_animated_plays_and_deals_keep_the_shown_hands_true() -> None:
    """With animations on, the deal flies each card face up to its fan and each play leaves its fan face up:
    when a move's animations end, every fan and the trick already show the true cards (before the rebuild)."""
    app = make_app("fast")
    try:
        table = open_replay(app, record(3, False))
        assert isinstance(table, TrickOrTreatTable)
        table.show_all_hands = True  # before the table opens: the opening deal is animated with it
        app.push(table)
        run(app)  # the table opens: its first build, then the deal starts
        seen = {"checks": 0, "faces flying": 0}
        rebuild = table.build

        def check_then_build() -> None:
            for seat, fan in table.fans.items():
                assert [card.card_id for card in fan] == true_ids(table, seat)
            assert {s: card.card_id for s, card in table.trick.items()} == \
                {s: card_id(r.card_text(c)) for s, c in enumerate(table.state.played) if c is not None}
            seen["checks"] += 1
            rebuild()

        table.build = check_then_build  # type: ignore[method-assign]
        for _ in range(400):  # past the first deal and trick
            run(app, 1, dt=0.05)
            seen["faces flying"] += any(isinstance(s, CardSprite) and s.showing_face() for s in table.flying)
        assert seen["checks"] > 10 and seen["faces flying"] > 0
    finally:
        app.close()
