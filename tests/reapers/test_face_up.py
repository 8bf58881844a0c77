"""A finished Reapers game's replay with ``show_all_hands``: every hand and secret wager drawn face up from the
true state, named by its tooltip; with the flag off the table hides them as before."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, cast

import pytest

import game.games  # noqa: F401  (registers every game)
from game.core.match import play_match
from game.core.record import HUMAN, GameRecord
from game.core.setup import default_names
from game.games.reapers import rules as r
from game.games.reapers.rules.cards import card_name
from game.games.reapers.table import ReapersTable
from game.games.reapers.view import asset_id
from game.games.reapers.words import wager_tip
from game.scenes.replay import ReplayScene
from game.scenes.tables import open_replay
from game.ui.app import App
from tests.app_input import make_app, run
from tests.reapers.helpers import SPEC, STANDARD

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

PLAYERS = 4


def finished_record(human: bool) -> GameRecord:
    """A whole 4-player game by random players; seat 0 recorded as a human's when ``human``."""
    record = play_match(SPEC, STANDARD, ("random",) * PLAYERS, 7).record
    seats = ((HUMAN,) if human else ("random",)) + ("random",) * (PLAYERS - 1)
    return replace(record, seats=seats, names=default_names(seats))


def first_move(record: GameRecord, wanted: Callable[[r.ReapersState], bool]) -> int:
    """The number of moves after which the replayed state first satisfies ``wanted(state)``."""
    for moves in range(len(record.actions) + 1):
        if wanted(cast(r.ReapersState, replace(record, actions=record.actions[:moves]).replay())):
            return moves
    raise AssertionError("no such moment in the record")


def replay_at(app: App, record: GameRecord, moves: int, shown: bool) -> ReapersTable:
    """The replay viewer over ``record``, paused after ``moves`` moves, every hand face up when ``shown``."""
    table = open_replay(app, record)
    assert isinstance(table, ReapersTable)
    app.push(table)
    run(app)
    viewer = app.top
    assert isinstance(viewer, ReplayScene)
    viewer.playing = False
    viewer.go_to(moves)
    if shown:
        viewer.toggle_face_up()
    run(app)
    assert table.show_all_hands == shown and len(table.record.actions) == moves
    return table


def mid_play(state: r.ReapersState) -> bool:
    return state.phase == r.PLAY and state.tricks_done >= 2


def mid_wagers(state: r.ReapersState) -> bool:
    return state.phase == r.WAGER and sum(w is not None for w in state.wagers) >= 2


@pytest.mark.parametrize("human", [True, False], ids=["a human's game", "all AIs"])
def test_flag_on_draws_every_hand_face_up_with_the_true_cards(human: bool) -> None:
    record = finished_record(human)
    app = make_app()
    try:
        table = replay_at(app, record, first_move(record, mid_play), shown=True)
        state = table.state
        assert table.viewer == (0 if human else None)
        for seat in range(PLAYERS):
            sprites = table.hand_cards[seat]
            assert [c.code for c in sprites] == list(state.hands[seat])
            assert all(c.face_up and c.card_id == asset_id(c.code or "") for c in sprites)
        opponent = table.hand_cards[1]
        assert table.geo is not None and opponent[0].size == table.geo.mini_size  # the same fan of the same size as the backs
        top = opponent[-1]
        tip = table.tips.at(top.rect.center)
        assert tip is not None and card_name(top.code or "") in tip.text and table.names[1] in tip.text
    finally:
        app.close()


def test_flag_off_keeps_opponents_hands_face_down() -> None:
    record = finished_record(human=True)
    app = make_app()
    try:
        table = replay_at(app, record, first_move(record, mid_play), shown=False)
        for seat in range(1, PLAYERS):
            sprites = table.hand_cards[seat]
            assert sprites and all(c.code is None and not c.face_up for c in sprites)
            tip = table.tips.at(sprites[-1].rect.center)
            assert tip is not None and "face down" in tip.text
        assert [c.code for c in table.hand_cards[0]] == list(table.state.hands[0])
    finally:
        app.close()


@pytest.mark.parametrize("shown", [True, False])
def test_secret_wagers_show_only_with_the_flag(shown: bool) -> None:
    record = finished_record(human=True)
    app = make_app()
    try:
        table = replay_at(app, record, first_move(record, mid_wagers), shown=shown)
        state = table.state
        assert not state.rules.open_wagers
        others = [s for s in range(1, PLAYERS) if state.wagers[s] is not None]
        assert others
        expected = [state.wagers[s] if shown else None for s in others]
        assert table.view is not None and [table.view.wagers[s] for s in others] == expected
        assert table.geo is not None
        tip = table.tips.at(table.geo.wager_rect(others[0]).center)
        assert tip is not None and (wager_tip(state.wagers[others[0]] or "", state.rules) in tip.text) == shown
    finally:
        app.close()


def last_pick_by_an_opponent(state: r.ReapersState) -> bool:
    """A draft's last pick is to be made, by a seat other than seat 0 (at the bottom for a spectator)."""
    return state.phase == r.DRAFT and state.picks_made == len(state.draft_order) - 1 and state.current_player() != 0


def test_a_replayed_draft_keeps_the_hands_face_up_while_it_animates() -> None:
    """The last pick flies to an opponent's hand, then the Graveyard forms while the view shows that hand."""
    record = finished_record(human=False)
    app = make_app("fast")
    try:
        table = replay_at(app, record, first_move(record, last_pick_by_an_opponent), shown=True)
        table.play_recorded()
        frames = 0
        while table.tweens.busy or frames == 0:
            assert table.view is not None and all(None not in hand for hand in table.view.hands)
            assert all(c.face_up for c in table.sprites if c.code is not None)  # no pile flies in face down
            table.tweens.update(1 / 30)
            frames += 1
        assert frames > 3  # the pile did fly
        assert [c.code for c in table.hand_cards[0]] == list(table.state.hands[0])
    finally:
        app.close()
