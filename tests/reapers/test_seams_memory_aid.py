"""The memory aid over an opponent who holds no cards says why (no pile taken yet, or every card played), not
"Still holds 0:" with nothing after it."""

from __future__ import annotations

import pytest

import game.games  # noqa: F401  (registers every game)
from game.core.match import make_agent
from game.core.settings import Settings
from game.core.setup import HUMAN, MatchSetup
from game.games.reapers import rules as r
from game.games.reapers import view
from game.games.reapers.table import ReapersTable
from game.games.reapers.words import aid_heading
from game.ui.app import App
from tests.app_input import run
from tests.reapers.helpers import STANDARD

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

NAMES = ("Ann", "Boris", "Cleo")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line the table's drawing code writes."""
    lines: list[str] = []
    real = view.draw_text

    def spy(surface, text, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        lines.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(view, "draw_text", spy)
    return lines


def aid_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith(("Still holds", "No cards yet", "Every card played"))]


def test_the_heading_says_a_count_or_why_there_is_none():
    assert aid_heading(3, False) == "Still holds 3:"
    assert aid_heading(0, True) == "No cards yet"
    assert aid_heading(0, False) == "Every card played"


def test_an_opponent_with_no_cards_is_said_so_at_the_table(drawn: list[str]):
    app = App(Settings(animation_speed="off", ai_pause_ms=0, memory_aid=True), size=(1280, 720))
    try:
        setup = MatchSetup("reapers", "standard", dict(STANDARD), (HUMAN, "random", "random"), NAMES, 5)
        table = ReapersTable(app, setup)
        table.session.autosave = False
        app.push(table)
        run(app)
        stand_in = make_agent(table.spec, "random", 0, 5, setup.params)
        seen = set()
        for _ in range(400):
            state = table.state
            empty = [seat for seat in (1, 2) if not state.hands[seat]]
            if state.current_player() == 0 and empty and state.phase in (r.DRAFT, r.PLAY):
                drawn.clear()
                table.build()
                app.draw()
                heads = aid_lines(drawn)
                assert not any(line.endswith(":") and "holds 0" in line for line in heads), heads
                expected = "No cards yet" if state.phase == r.DRAFT else "Every card played"
                assert heads.count(expected) == len(empty), (heads, empty)
                seen.add(state.phase)
                if seen == {r.DRAFT, r.PLAY}:
                    return
            if state.current_player() == 0:
                table.submit(stand_in.choose(state.observation(0), state.legal_actions()))
            if table.hand_end.up is not None:
                table.dismiss_breakdown()
            run(app)
        raise AssertionError(f"no opponent with an empty hand in both phases: {seen}")
    finally:
        app.close()
