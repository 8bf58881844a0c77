"""Spectral Reapers: with a hint shown, Suggest fills the order the hint ranks best for the lifted pit (so the
two never disagree), and its ring is round like the pit it marks; without a hint Suggest is unchanged."""

from __future__ import annotations

import pytest

from game.core.analysis import Analysis, OptionEstimate
from game.core.registry import get
from game.core.settings import Settings
from game.core.setup import MatchSetup, default_names
from game.games.spectral_reapers.rules import SowAction
from game.games.spectral_reapers.table import SpectralReapersTable
from game.ui.app import App
from game.variants.loader import load_variant
from tests.app_input import run
from tests.spectral_reapers.boards import from_board

BOARD = ["RRGG", "RG", "RRG", "GGR"]


def open_human_table(speed: str) -> SpectralReapersTable:
    """A two-seat table, the human first, at animation ``speed`` (autosave off)."""
    app = App(Settings(animation_speed=speed, ai_pause_ms=0), size=(1280, 720))
    spec = get("spectral-reapers")
    params = load_variant(spec, "standard").params
    seats = ("human", "normal")
    scene = SpectralReapersTable(app, MatchSetup(spec.name, "standard", params, seats, default_names(seats), 1))
    scene.session.autosave = False
    app.push(scene)
    run(app)
    return scene


@pytest.fixture
def table():
    scene = open_human_table("off")
    app = scene.app
    scene.state = from_board(BOARD, players=2)
    scene.build()
    yield scene
    app.close()


def show_hint(table: SpectralReapersTable, choice: SowAction, *others: SowAction) -> None:
    """A hint for the decision on the table: ``choice``, then ``others`` ranked below it."""
    options = tuple(OptionEstimate(action, 0.5 - 0.1 * i, None) for i, action in enumerate((choice, *others)))
    table.hints.hint, table.hints.version = Analysis(0, choice, options), len(table.record.actions)


def press(table: SpectralReapersTable, kind: str, index: int | str) -> None:
    table.activate(next(t for t in table.targets() if (t.kind, t.index) == (kind, index)))


def suggested(table: SpectralReapersTable, pit: int) -> str:
    """The order Suggest fills, in colour letters, with ``pit`` lifted."""
    press(table, "pit", pit)
    press(table, "button", "suggest")
    return table.decision.letters()


def test_without_a_hint_suggest_keeps_its_own_pick(table):
    assert suggested(table, 0) == "GRGR"  # the first order that captures


def test_suggest_fills_the_hints_choice(table):
    show_hint(table, SowAction(0, "RGGR"))
    assert suggested(table, 0) == "RGGR"


def test_suggest_for_another_pit_takes_the_hints_best_for_it(table):
    show_hint(table, SowAction(2, "GRR"), SowAction(0, "GGRR"), SowAction(0, "RGRG"))
    assert suggested(table, 0) == "GGRR"


def test_a_hint_for_an_earlier_decision_is_not_followed(table):
    show_hint(table, SowAction(0, "RGGR"))
    table.hints.version -= 1
    assert suggested(table, 0) == "GRGR"


def test_the_hint_ring_round_a_pit_is_round(table, monkeypatch):
    rings: list[bool] = []
    real = table.draw_hint_ring

    def spy(surface, rect, oval=False):  # noqa: ANN001, ANN202
        rings.append(oval)
        real(surface, rect, oval)

    monkeypatch.setattr(table, "draw_hint_ring", spy)
    show_hint(table, SowAction(2, "GRR"))
    table.app.draw()
    assert rings == [True]
    ring = table.geo.pits[2].inflate(table.layout.px(10), table.layout.px(10))
    edge = (ring.x + 1, ring.y + ring.h // 6)  # on a box's left side, outside an oval
    assert table.app.screen.get_at(edge)[:3] != tuple(table.app.palette.accent)[:3]
