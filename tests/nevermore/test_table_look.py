"""The Nevermore table's look, headless: every plate carries its seat's medallion, the dealer its chip, the
suit board is framed even between suits; a Raven's return scatters feathers over its plate, a player turned into
a Raven gets a different cue, and killed cards are cut across once they are down (all at once with speed off)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import game.games  # noqa: F401  (registers every game)
from game.core.contracts import Step
from game.core.params import merge
from game.core.registry import get
from game.games.nevermore.rules import events as ev
from game.games.nevermore.table import NevermoreTable
from game.games.nevermore.view import RAVEN_EDGE
from game.games.nevermore.words import BOARD_IDLE_TIP, DEALER_TIP
from game.ui.app import App
from game.variants.loader import load_variant
from tests.app_input import make_app, open_table, run

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def table_for(app: App, players: int = 4) -> NevermoreTable:
    params = merge(load_variant(get("nevermore"), "standard").params, {})
    return open_table(app, NevermoreTable, "nevermore", ["normal"] * players, params, 3)


def tips(app: App, table: NevermoreTable) -> list[str]:
    table.draw(app.screen)
    return [tip.text for tip in table.tips.tips]


def play_step(app: App, table: NevermoreTable, event: ev.Event, **view) -> None:  # noqa: ANN003
    """Animate one made-up step (its view: the table's observation with ``view`` changed) a few frames."""
    observation = replace(table.observation(), **view)
    table.tweens.add(table.animate(Step(event, observation)) or table.say(""))
    run(app, 3)


@pytest.mark.parametrize("players", [3, 6])
def test_every_plate_has_its_medallion_the_dealer_its_chip_and_the_board_its_frame(players):
    app = make_app()
    try:
        table = table_for(app, players)
        said = tips(app, table)
        assert said.count(DEALER_TIP) == 1
        assert table.shown is not None and table.shown.board is None and BOARD_IDLE_TIP in said
    finally:
        app.close()


def test_a_ravens_return_scatters_feathers_and_a_fall_closes_a_violet_ring():
    app = make_app("normal")
    try:
        table = table_for(app)
        table.tweens.skip()
        raven = list(table.observation().raven)
        raven[1] = True
        play_step(app, table, ev.BecameRaven(seat=1, by=0), raven=tuple(raven))
        fall = [f for f in table.flourishes]
        assert [f.kind for f in fall] == ["capture"] and fall[0].colour == RAVEN_EDGE
        assert fall[0].centre == table.built()[0].plates[1].center
        table.tweens.skip()
        raven[1] = False
        play_step(app, table, ev.ReturnedToHuman(seat=1, health=4), raven=tuple(raven))
        assert [f.kind for f in table.flourishes] == ["raven"]
    finally:
        app.close()


def suit_with_a_kill(players: int) -> ev.SuitPlayed:
    played = tuple(("attack", "raven") if seat == 0 else () for seat in range(players))
    killed = tuple(("attack",) if seat == 0 else () for seat in range(players))
    counts = tuple(0 for _ in range(players))
    return ev.SuitPlayed(suit="attack", played=played, killed=killed, counts=counts, leaders=(), power=0)


@pytest.mark.parametrize("speed,cut_seen", [("normal", True), ("off", False)])
def test_killed_cards_are_cut_across_once_down(speed, cut_seen):
    app = make_app(speed)
    try:
        table = table_for(app)
        table.tweens.skip()
        table.tweens.add(table.animate(Step(suit_with_a_kill(4), table.observation())) or table.say(""))
        seen = set()
        for _ in range(200):
            run(app)
            seen.add(round(table.kill_cut, 2))
            if not table.tweens.busy:
                break
        assert table.kill_cut == 1.0
        assert any(0 < cut < 1 for cut in seen) == cut_seen
    finally:
        app.close()
