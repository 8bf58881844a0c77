"""The table base with the toy game: AI on a thread, hot-seat hand-off, hidden events, log, autosave, results."""

import threading

import pygame
import pytest

from game.core.contracts import IllegalActionError
from game.core.setup import MatchSetup
from game.scenes.handoff import HandoffScene
from game.scenes.pause import PauseScene
from game.scenes.results import ResultsScene
from game.storage.saves import load_game, save_path
from game.ui.ai_job import AI_TIME_LIMIT
from game.ui.app import App
from game.ui.tween import Call, Delay, sequence
from tests.app_input import click, hold_agents, key, run, run_until
from tests.toygame import NAME, Play, Played, ToyTable


def table_for(app, seats, seed=3):
    names = tuple(["Ann", "Boris", "Cleo", "Dmitri"][: len(seats)])
    setup = MatchSetup(NAME, "standard", {"tricks": 3}, tuple(seats), names, seed)
    table = ToyTable(app, setup)
    app.push(table)
    run(app)
    return table


def test_all_ai_game_plays_to_the_end_and_shows_results(app, toy_game):
    table = table_for(app, ["normal", "random", "easy"])
    assert all(agent.context.time_limit == AI_TIME_LIMIT for agent in table.agents.values())
    assert table.viewer is None and table.observation().seat is None and table.observation().hand == ()
    run_until(app, lambda: isinstance(app.top, ResultsScene))
    results = app.top
    assert table.state.is_terminal()
    assert results.scores == table.state.scores() and results.winners == table.state.winners()
    assert "Toy game extra row" in results.rows
    assert len(table.record.actions) == 9
    assert not save_path(NAME).exists()
    assert any("wins the trick" in line for line in table.log)


def test_the_frame_loop_keeps_drawing_while_an_ai_thinks(app, toy_game):
    release = threading.Event()
    table = table_for(app, ["normal", "normal"])
    hold_agents(table.agents, release)
    table.job = None
    played = len(table.record.actions)
    start = app.frames
    run(app, 20)
    assert app.frames - start == 20
    assert table.job is not None and not table.job.done and len(table.record.actions) == played
    release.set()
    run_until(app, lambda: len(table.record.actions) > played, limit=300)


def test_hand_off_between_two_humans_hides_the_table_until_clicked(app, toy_game):
    table = table_for(app, ["human", "human"])
    assert table.viewer is None and table.values == []  # nothing private before the first hand-off
    run(app, 2)
    assert isinstance(app.top, HandoffScene) and app.top.name == "Ann"
    click(app, (640, 360))
    assert table.viewer == 0 and table.seat_to_play == 0
    first_hand = table.values
    key(app, pygame.K_1)
    assert len(table.record.actions) == 1
    run(app, 2)
    assert isinstance(app.top, HandoffScene) and app.top.opaque and app.top.name == "Boris"
    assert table.viewer == 0 and table.seat_to_play is None
    key(app, pygame.K_ESCAPE)  # Esc pauses over the hand-off and reveals nothing
    assert isinstance(app.top, PauseScene) and app.top.opaque and table.viewer == 0
    key(app, pygame.K_ESCAPE)  # and resuming comes back to the hand-off
    assert isinstance(app.top, HandoffScene)
    click(app, (640, 360))
    assert app.top is table and table.viewer == 1 and table.seat_to_play == 1
    assert table.values == list(table.state.observation(1).hand) and table.values != first_hand[1:]


def test_one_human_sees_own_cards_but_not_the_ais(app, toy_game):
    table = table_for(app, ["human", "normal", "normal"])
    value = table.values[0]
    key(app, pygame.K_1)
    run_until(app, lambda: table.seat_to_play == 0)
    played = [e for e in table.seen_events if isinstance(e, Played)]
    assert played[0] == Played(0, value)
    assert [e.card for e in played[1:]] == [None, None]
    assert table.viewer == 0
    assert any("plays a card face down" in line for line in table.log)
    assert not any(isinstance(scene, HandoffScene) for scene in app.stack)


def test_each_action_is_recorded_and_autosaved(app, toy_game):
    table = table_for(app, ["human", "normal"])
    key(app, pygame.K_2)
    record, notices = load_game(NAME)
    assert notices == [] and record is not None
    assert record.actions == table.record.actions and len(record.actions) >= 1


def test_a_table_of_a_bare_shell_keeps_nothing_and_cannot_pause(app, toy_game, monkeypatch):
    monkeypatch.setattr(App, "router", None)
    table = table_for(app, ["human", "normal"])
    key(app, pygame.K_2)
    assert len(table.record.actions) >= 1 and not save_path(NAME).exists()
    with pytest.raises(RuntimeError, match="no router"):
        table.back()


def test_illegal_action_raises_and_changes_nothing(app, toy_game):
    table = table_for(app, ["human", "normal"])
    before = (table.record, list(table.state.hands[0]))
    missing = next(v for v in range(1, 10) if v not in table.state.hands[0])
    with pytest.raises(IllegalActionError):
        table.submit(Play(missing))
    assert (table.record, table.state.hands[0]) == before


def test_input_is_locked_while_animations_run_and_a_click_skips_them(app, toy_game):
    app.set_speed("slow")
    table = table_for(app, ["human", "normal"])
    key(app, pygame.K_1)
    assert table.tweens.busy
    key(app, pygame.K_2)  # ignored: animating
    assert len(table.record.actions) == 1
    click(app, (5, 5))
    assert not table.tweens.busy


def test_play_instantly_and_undo(app, toy_game):
    table = table_for(app, ["human", "normal", "normal"])
    key(app, pygame.K_1)
    run_until(app, lambda: table.seat_to_play == 0)
    assert len(table.record.actions) == 3
    assert table.undo()
    assert table.record.actions == () and table.state.current_player() == 0
    spectators = table_for(app, ["normal", "normal"])
    assert spectators.play_instantly(3) == 3 and len(spectators.record.actions) == 3


def test_undo_during_an_animation_finishes_it_and_takes_the_move_back(app, toy_game):
    app.set_speed("slow")
    table = table_for(app, ["human", "normal"])
    before = list(table.log)
    key(app, pygame.K_1)
    assert table.tweens.busy and len(table.record.actions) == 1
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert not table.tweens.busy and table.record.actions == () and table.state.current_player() == 0
    assert table.log == before and not table.unlogged  # as if the move had never been made


def test_undo_says_why_when_it_cannot(app, toy_game):
    table_for(app, ["human", "normal"])
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert [t.text for t in app.toasts] == ["Nothing to undo yet."]
    hot_seat = table_for(app, ["human", "human"])
    assert not hot_seat.undo() and not hot_seat._undo_shown()
    assert "single player" in app.toasts[-1].text
    replay = table_for(app, ["normal", "normal"])
    replay.watch(["1"])
    assert not replay.undo() and "replay" in app.toasts[-1].text


def test_the_undo_button_is_greyed_until_a_move_and_a_click_on_it_undoes(app, toy_game):
    table = table_for(app, ["human", "normal", "normal"])
    run(app)
    button = table.undo_button
    assert button.rect.w > 0 and table.table_rect().bottom < button.rect.centery and not button.enabled
    key(app, pygame.K_1)
    run_until(app, lambda: table.seat_to_play == 0)
    run(app)
    assert button.enabled and len(table.record.actions) == 3
    click(app, button.rect.center)
    assert table.record.actions == () and not table.can_undo()


def test_seats_sit_clockwise_with_the_viewer_at_the_bottom(app, toy_game):
    table = table_for(app, ["normal", "human", "normal", "normal"])
    points = table.seat_points()
    area = table.table_rect()
    assert points[1][1] == max(y for _, y in points)          # the viewer at the bottom
    assert points[2][0] < area.centerx                       # next seat clockwise: on the left
    assert points[3][1] == min(y for _, y in points)          # then the top
    assert points[0][0] > area.centerx                       # then the right
    assert table.draw_badge(app.screen, 1, points[1]).collidepoint(points[1])


def test_a_failing_ai_is_reported_and_the_game_goes_on(app, toy_game):
    table = table_for(app, ["normal", "normal"])
    before = len(table.record.actions)

    def broken(observation, legal):
        raise RuntimeError("bot bug")

    for agent in table.agents.values():
        agent.choose = broken
    table.job = None
    run_until(app, lambda: len(table.record.actions) > before, limit=300)
    assert any("bot bug" in toast.text for toast in app.toasts)


def test_leaving_the_table_stops_its_worker(app, toy_game):
    table = table_for(app, ["normal", "normal"])
    app.pop()
    run(app)
    assert table.worker._shutdown


def test_a_new_game_shows_its_deal_as_the_viewer_may_see_it(app, toy_game):
    from tests.toygame import Dealt

    table = table_for(app, ["human", "normal"])
    dealt = [e for e in table.seen_events if isinstance(e, Dealt)]
    assert len(dealt) == 6
    assert all((e.card is None) == (e.seat != table.viewer) for e in dealt)
    assert sum("dealt" in line.lower() for line in table.log) == 6


def test_a_resumed_game_does_not_deal_again(app, toy_game):
    from tests.toygame import Dealt

    first = table_for(app, ["human", "normal"])
    first.submit(first.state.legal_actions()[0])
    resumed = ToyTable(app, first.setup, first.record)
    app.push(resumed)
    run(app)
    assert not any(isinstance(e, Dealt) for e in getattr(resumed, "seen_events", []))


class _PacedTable(ToyTable):
    """Each event takes a second to animate and logs its line as its animation starts."""

    def on_events(self, events):
        self.tweens.add(sequence(*(sequence(Call(self.log_next), Delay(1.0)) for _ in events)))


def _human_turn_with_animations(app, table_class):
    from dataclasses import replace

    app.settings = replace(app.settings, animation_speed="normal")
    setup = MatchSetup(NAME, "standard", {"tricks": 3}, ("human", "random"), ("Ann", "Boris"), 3)
    table = table_class(app, setup)
    app.push(table)
    run(app)
    run_until(app, lambda: table.seat_to_play == 0)
    return table


def test_the_log_waits_for_the_animations_of_what_it_tells(app, toy_game):
    table = _human_turn_with_animations(app, ToyTable)
    before = list(table.log)
    table.submit(table.state.legal_actions()[0])
    assert table.tweens.busy and table.log == before
    run_until(app, lambda: not table.tweens.busy)
    assert table.log[len(before)].startswith("Ann plays")


def test_a_scene_logs_each_event_as_its_animation_starts(app, toy_game):
    table = _human_turn_with_animations(app, _PacedTable)
    before = len(table.log)
    events = table.submit(table.state.legal_actions()[0])
    lines = [line for line in table.log_feed.lines_of(events) if line]
    assert len(lines) >= 1 and len(table.log) == before
    run(app)
    assert table.log[before:] == lines[:1]
    run_until(app, lambda: not table.tweens.busy)
    assert table.log[before:before + len(lines)] == lines


class _HeldTable(ToyTable):
    held = True

    def holding(self):
        return self.held


def test_a_held_table_asks_no_seat_and_moves_no_ai_until_it_lets_go(app, toy_game):
    setup = MatchSetup(NAME, "standard", {"tricks": 3}, ("random", "human"), ("Ann", "Boris"), 3)
    table = _HeldTable(app, setup)
    app.push(table)
    run(app, 60)
    assert table.record.actions == () and table.seat_to_play is None
    table.held = False
    run_until(app, lambda: table.seat_to_play == 1)
    assert len(table.record.actions) == 1
