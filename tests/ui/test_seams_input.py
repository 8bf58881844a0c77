"""Hurrying never decides: a press that skips an animation is used up, a decision that opens right after a press
ignores input for a moment (and a key held down until it is released), the results open with no button
focused, and a finished game's results open again from its record."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from functools import partial
from typing import Any

import pygame
import pytest

from game.core.setup import MatchSetup
from game.scenes.results import INPUT_GRACE_SECONDS, ResultsScene, finished_results
from game.ui.table import DECISION_GRACE
from game.ui.widgets import Button
from tests.app_input import key, make_app, run, run_until
from tests.toygame import NAME, ToyTable

GRACE_FRAMES = round(DECISION_GRACE * 60) + 1


@pytest.fixture
def slow_app() -> Any:
    """Animations that take a while, so there is something to skip."""
    application = make_app(speed="slow")
    yield application
    application.close()


def post_key(code: int, kind: int = pygame.KEYDOWN) -> None:
    pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))


def table_animating_to_my_turn(app: Any) -> ToyTable:
    """A human against an AI, stopped while the AI's card is still moving and the human plays next."""
    table = ToyTable(app, MatchSetup(NAME, "standard", {"tricks": 3}, ("human", "random"), ("Ann", "Boris"), 3))
    table.session.autosave = False
    app.push(table)
    run(app)
    key(app, pygame.K_1)
    run_until(app, lambda: len(table.record.actions) == 2 and table.tweens.busy)
    assert table.state.current_player() == 0 and table.seat_to_play is None
    return table


def test_the_space_that_skips_an_animation_and_the_key_after_it_do_not_play(slow_app: Any, toy_game: Any) -> None:
    table = table_animating_to_my_turn(slow_app)
    post_key(pygame.K_SPACE)
    post_key(pygame.K_1)  # mashed right after the skip: the decision has just opened
    run(slow_app)
    assert not table.tweens.busy and table.seat_to_play == 0
    assert len(table.record.actions) == 2
    run(slow_app, GRACE_FRAMES)
    key(slow_app, pygame.K_1)
    assert len(table.record.actions) == 3


def test_a_key_held_down_as_the_decision_opens_does_not_play_until_released(slow_app: Any, toy_game: Any,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    table = table_animating_to_my_turn(slow_app)
    post_key(pygame.K_1)  # the key goes down while the AI's card still moves (and is refused)
    run(slow_app)
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: defaultdict(bool, {pygame.K_1: True}))
    table.tweens.skip()
    run(slow_app)
    assert table.seat_to_play == 0 and pygame.K_1 in table.held_keys
    run(slow_app, GRACE_FRAMES)
    key(slow_app, pygame.K_1)  # the held key's repeat
    assert len(table.record.actions) == 2
    post_key(pygame.K_1, pygame.KEYUP)
    key(slow_app, pygame.K_1)
    assert len(table.record.actions) == 3


def test_a_decision_answered_at_once_after_my_own_move_takes_the_key(app: Any, toy_game: Any) -> None:
    table = ToyTable(app, MatchSetup(NAME, "standard", {"tricks": 3}, ("human", "random"), ("Ann", "Boris"), 3))
    table.session.autosave = False
    app.push(table)
    run(app)
    key(app, pygame.K_1)  # my move; the AI answers at once (no animations, no pause)
    run_until(app, lambda: table.seat_to_play == 0)
    key(app, pygame.K_1)
    assert len(table.record.actions) == 3


def finished_record(app: Any) -> Any:
    table = ToyTable(app, MatchSetup(NAME, "standard", {"tricks": 3}, ("human", "random"), ("Ann", "Boris"), 3))
    table.session.autosave = False
    table.agents[0] = table.agents[1]
    table.build()
    table.play_instantly(100)
    assert table.state.is_terminal()
    return table.record, table.state


def test_the_results_open_with_no_button_focused(app: Any, toy_game: Any) -> None:
    record, state = finished_record(app)
    setup = MatchSetup(NAME, "standard", {"tricks": 3}, ("human", "random"), ("Ann", "Boris"), 3)
    results = ResultsScene(app, "Toy", ["Ann", "Boris"], state.scores(), state.winners(), again=setup,
                           record=record, humans=[0])
    pressed: list[str] = []
    for button in results.group.widgets:
        assert isinstance(button, Button)
        button.action = partial(pressed.append, button.label)
    app.push(results)
    run(app, round(INPUT_GRACE_SECONDS * 60) + 1)
    assert results.group.focused is None
    key(app, pygame.K_RETURN)
    key(app, pygame.K_SPACE)
    assert pressed == [] and app.top is results
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert pressed == ["Play again"]  # an explicit choice


def test_a_finished_games_results_open_again_from_its_record(app: Any, toy_game: Any) -> None:
    record, state = finished_record(app)
    results = finished_results(app, record)
    assert results.scores == state.scores() and results.winners == state.winners()
    assert results.rows == ["Toy game extra row"] and results.humans == [0]
    assert [button.label for button in results.group.widgets] == ["Review", "Watch replay", "Back"]
    app.push(results)
    run(app, round(INPUT_GRACE_SECONDS * 60) + 1)
    key(app, pygame.K_ESCAPE)
    assert app.stack == []  # "Back" pops the results alone (nothing was under them here)


def test_an_unfinished_game_has_no_results_to_reopen(app: Any, toy_game: Any) -> None:
    record, _ = finished_record(app)
    unfinished = replace(record, actions=record.actions[:1])
    with pytest.raises(ValueError, match="did not finish"):
        finished_results(app, unfinished)
