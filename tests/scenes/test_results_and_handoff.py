"""The results screen (ranks, human seats, a grace period for input) and the hot-seat hand-off's pause menu
(Esc pauses without revealing a hand)."""

from pathlib import Path

import pygame

from game.core.setup import MatchSetup
from game.scenes.handoff import HandoffScene
from game.scenes.pause import PauseScene
from game.scenes.results import INPUT_GRACE_SECONDS, ResultsScene, competition_ranks, ordinal
from tests.app_input import key, run, run_until
from tests.toygame import NAME, ToyTable

SHOTS = Path("/tmp/rh15")


def save_shot(app, name):
    """Draw the app and keep a PNG to look at, when the folder for them exists."""
    app.draw()
    if SHOTS.is_dir():
        pygame.image.save(app.screen, str(SHOTS / name))


def test_tied_scores_share_a_rank_and_the_next_rank_is_skipped():
    assert competition_ranks([7, 12, 7, 3]) == [2, 1, 2, 4]
    assert competition_ranks([5, 5, 2]) == [1, 1, 3]
    assert competition_ranks([4, 4, 4]) == [1, 1, 1]
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd"]


def test_results_mark_you_in_solo_and_each_human_in_hot_seat(app):
    solo = ResultsScene(app, "Toy", ["Ann", "Boris", "Cleo"], [5, 5, 2], [0, 1], humans=[1])
    assert [solo.human_tag(seat) for seat in range(3)] == ["", "you", ""]
    shared = ResultsScene(app, "Toy", ["Ann", "Boris", "Cleo"], [5, 5, 2], [0, 1], humans=[0, 2])
    assert [shared.human_tag(seat) for seat in range(3)] == ["human", "", "human"]
    nobody = ResultsScene(app, "Toy", ["Ann", "Boris"], [1, 0], [0])
    assert [nobody.human_tag(seat) for seat in range(2)] == ["", ""]
    app.push(solo)
    run(app)
    save_shot(app, "results_tie_solo.png")
    app.reset(shared)
    run(app)
    save_shot(app, "results_tie_hotseat.png")


def test_a_solo_table_tells_the_results_which_seat_is_human(app, toy_game):
    table = ToyTable(app, MatchSetup(NAME, "standard", {"tricks": 3}, ("random", "human"), ("Ann", "Boris"), 5))
    table.session.autosave = False
    app.push(table)
    run_until(app, lambda: isinstance(app.top, ResultsScene),
              each=lambda: table.seat_to_play is not None and key(app, pygame.K_1, frames=0))
    assert app.top.humans == [1] and app.top.human_tag(1) == "you"


def _pressed_results(app):
    results = ResultsScene(app, "Toy", ["Ann", "Boris"], [3, 1], [0])
    pressed = []
    results.group.widgets[0].action = lambda: pressed.append("menu")
    app.push(results)
    run(app)
    return results, pressed


def test_a_key_during_the_grace_period_does_nothing_and_a_fresh_one_works(app):
    results, pressed = _pressed_results(app)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert pressed == [] and app.top is results
    run(app, frames=int(INPUT_GRACE_SECONDS * 60) + 1)
    key(app, pygame.K_RETURN)
    assert pressed == []  # no button has the focus until the player picks one
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert pressed == ["menu"]


def test_a_click_during_the_grace_period_does_nothing(app):
    results, pressed = _pressed_results(app)
    button = results.group.widgets[0].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button, button=1))
    run(app)
    assert pressed == []


def _hot_seat_table(app):
    """A two-human toy table waiting at the first hand-off, its table drawing counted."""
    table = ToyTable(app, MatchSetup(NAME, "standard", {"tricks": 3}, ("human", "human"), ("Ann", "Boris"), 5))
    table.session.autosave = False
    drawn = []
    original = table.draw

    def counted(surface):
        drawn.append(table.viewer)
        original(surface)

    table.draw = counted
    app.push(table)
    run_until(app, lambda: isinstance(app.top, HandoffScene))
    return table, drawn


def test_esc_on_the_hand_off_pauses_without_drawing_the_table(app, toy_game):
    table, drawn = _hot_seat_table(app)
    handoff = app.top
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene) and pause.cover is handoff and pause.table is table
    assert "Save a bug report" in [b.label for b in pause.group.widgets]
    drawn.clear()
    save_shot(app, "pause_from_handoff.png")
    run(app, frames=3)
    assert drawn == [] and table.viewer is None and not handoff.done


def test_resuming_from_the_hand_off_pause_returns_to_the_hand_off(app, toy_game):
    table, drawn = _hot_seat_table(app)
    handoff = app.top
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.top is handoff and table.viewer is None
    key(app, pygame.K_ESCAPE)
    next(b for b in app.top.group.widgets if b.label == "Resume").action()
    run(app)
    drawn.clear()
    app.draw()
    assert app.top is handoff and drawn == [] and table.viewer is None
    key(app, pygame.K_RETURN)
    assert app.top is table and table.viewer == 0


def test_pausing_a_hot_seat_table_covers_every_hand(app, toy_game):
    table, drawn = _hot_seat_table(app)
    key(app, pygame.K_RETURN)
    assert app.top is table and table.viewer == 0 and table.cards
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene) and app.top.opaque
    drawn.clear()
    app.draw()
    assert drawn == []


def test_pausing_a_solo_table_still_shows_it_dimmed(app, toy_game):
    table = ToyTable(app, MatchSetup(NAME, "standard", {"tricks": 3}, ("human", "random"), ("Ann", "Boris"), 5))
    table.session.autosave = False
    app.push(table)
    run(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene) and not app.top.opaque
