"""The replay viewer: stepping both ways, jumps by hand and trick, the scrub bar, speed, whose eyes, no saves."""

from dataclasses import replace

import pygame
import pytest

from game.core import registry
from game.core.chapters import chapter_starts, chapter_titles
from game.core.match import play_match
from game.core.record import HUMAN, GameRecord
from game.core.registry import HAND, TRICK, Chapter, all_games
from game.core.settings import Settings
from game.core.setup import default_names
from game.scenes.menu import MainMenu
from game.scenes.replay import FALLBACK_JUMP, SPEEDS, ReplayScene
from game.scenes.results import ResultsScene
from game.scenes.tables import open_replay
from game.ui.app import App
from game.variants.loader import load_variant
from tests.app_input import key, run, run_until
from tests.toygame import NAME, Dealt, Revealed

TOY_PARAMS = {"tricks": 3}


def toy_chapter(event):
    """The toy game's parts: its one hand starts with the deal, a trick after each reveal (unnumbered, as
    some games' are)."""
    if isinstance(event, Dealt) and event.seat == 0 and event.card is not None:
        return Chapter(HAND, "Hand 1")
    if isinstance(event, Revealed):
        return Chapter(TRICK, "Trick")
    return None


@pytest.fixture
def chaptered_toy(toy_game):
    """The toy game with hands and tricks."""
    return registry.register(replace(toy_game, chapter=toy_chapter))


def toy_record(seats=(HUMAN, "random"), seed=5) -> GameRecord:
    spec = registry.get(NAME)
    record = play_match(spec, TOY_PARAMS, ("random",) * len(seats), seed).record
    return replace(record, seats=tuple(seats), names=default_names(tuple(seats)))


def game_record(spec, seed=11) -> GameRecord:
    """A whole game of ``spec`` by random players, seat 0 recorded as the human's."""
    params = load_variant(spec, "standard").params
    players = min(spec.max_players, max(spec.min_players, 3))
    record = play_match(spec, params, ("random",) * players, seed).record
    seats = (HUMAN,) + ("random",) * (players - 1)
    return replace(record, seats=seats, names=default_names(seats))


def open_viewer(app, record) -> ReplayScene:
    """The replay of ``record`` over the main menu, paused at its start."""
    app.push(MainMenu(app))
    app.push(open_replay(app, record))
    run(app)
    viewer = app.top
    assert isinstance(viewer, ReplayScene)
    viewer.playing = False
    viewer.go_to(0)
    return viewer


def fingerprint(record: GameRecord, moves: int) -> list[str]:
    """What every seat sees and may do after ``moves`` of ``record``, replayed afresh."""
    state = replace(record, actions=record.actions[:moves]).replay()
    return [str(state.observation(seat)) for seat in (None, *range(state.num_players))] + \
        [str(state.legal_actions())]


def shown(viewer) -> list[str]:
    state = viewer.table.state
    return [str(state.observation(seat)) for seat in (None, *range(state.num_players))] + \
        [str(state.legal_actions())]


def test_stepping_both_ways_matches_a_fresh_replay_of_each_prefix(app, toy_game):
    record = toy_record()
    viewer = open_viewer(app, record)
    for moves in range(1, len(record.actions) + 1):
        key(app, pygame.K_RIGHT)
        assert viewer.moves == moves and shown(viewer) == fingerprint(record, moves)
    forward_log = list(viewer.table.log)
    for moves in range(len(record.actions) - 1, -1, -1):
        key(app, pygame.K_LEFT)
        assert viewer.moves == moves and shown(viewer) == fingerprint(record, moves)
    key(app, pygame.K_END)
    assert viewer.table.log == forward_log  # the log rebuilt by a jump is the one written move by move
    assert not any(isinstance(scene, ResultsScene) for scene in app.stack)


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.name)
def test_every_game_steps_back_and_forth_to_the_same_table(app, spec):
    record = game_record(spec)
    viewer = open_viewer(app, record)
    middle = len(record.actions) // 2
    viewer.go_to(middle)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert shown(viewer) == fingerprint(record, middle + 2)
    key(app, pygame.K_LEFT)
    assert viewer.moves == middle + 1 and shown(viewer) == fingerprint(record, middle + 1)
    assert viewer.table.viewer == 0 and viewer.table.observation() == viewer.table.state.observation(0)


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.name)
def test_every_game_jumps_to_its_chapters_or_by_ten_moves(app, spec):
    record = game_record(spec)
    viewer = open_viewer(app, record)
    starts = chapter_starts(spec, viewer.table.record, viewer.table.session.recorded)
    for level in (TRICK, HAND):
        viewer.go_to(0)
        key(app, pygame.K_DOWN if level == TRICK else pygame.K_PAGEDOWN)
        if not any(c.level == level for begun in starts for c in begun):
            assert viewer.moves == min(FALLBACK_JUMP, len(record.actions))
        else:
            landed = viewer.moves
            assert landed == len(record.actions) or any(c.level <= level for c in starts[landed])
            assert not any(c.level <= level for moves in range(1, landed) for c in starts[moves])


def test_jumps_land_on_trick_and_hand_boundaries(app, chaptered_toy):
    record = toy_record()
    viewer = open_viewer(app, record)
    assert [index for index, begun in enumerate(viewer.starts) if begun] == [0, 2, 4, 6]
    key(app, pygame.K_DOWN)
    assert viewer.moves == 2 and viewer.readout_text() == "move 2 of 6 \u00b7 Hand 1 \u00b7 Trick 1"
    key(app, pygame.K_DOWN)
    assert viewer.moves == 4 and viewer.readout_text() == "move 4 of 6 \u00b7 Hand 1 \u00b7 Trick 2"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_UP)
    assert viewer.moves == 4  # back to the start of this trick first
    key(app, pygame.K_UP)
    assert viewer.moves == 2
    key(app, pygame.K_PAGEDOWN)
    assert viewer.moves == 6 and viewer.readout_text().endswith("game over")  # no later hand: the end
    key(app, pygame.K_PAGEUP)
    assert viewer.moves == 0 and viewer.readout_text() == "move 0 of 6 \u00b7 Hand 1"


def test_titles_number_what_comes_back_within_a_hand_and_end_with_it():
    hand, trick, suit = (lambda n: Chapter(HAND, f"Hand {n}")), Chapter(TRICK, "Trick"), Chapter(TRICK, "Suit")
    starts = [(hand(1),), (trick,), (), (trick,), (hand(2),), (suit, trick), (trick,)]
    assert chapter_titles(starts) == [("Hand 1",), ("Hand 1", "Trick 1"), ("Hand 1", "Trick 1"),
                                      ("Hand 1", "Trick 2"), ("Hand 2",), ("Hand 2", "Trick 1"),
                                      ("Hand 2", "Trick 2")]
    assert chapter_titles([(), (suit,)]) == [(), ("Suit",)]


def test_a_game_without_chapters_jumps_ten_moves(app, toy_game):
    record = toy_record(seats=("random",) * 4)
    viewer = open_viewer(app, record)
    assert len(record.actions) == 12 and not viewer.levels
    key(app, pygame.K_DOWN)
    assert viewer.moves == FALLBACK_JUMP
    key(app, pygame.K_PAGEDOWN)
    assert viewer.moves == 12
    key(app, pygame.K_UP)
    assert viewer.moves == 2


def frames_per_move(app, viewer) -> int:
    """Frames of 1/60 s the replay takes from one move to the next at its speed now."""
    for _ in range(2):  # the first move may have waited partly at the speed before
        start = viewer.moves
        frames = run_until(app, lambda: viewer.moves > start)
    return frames


def test_speed_scales_the_pace_between_moves(toy_game):
    app = App(Settings(animation_speed="off", ai_pause_ms=500), size=(1280, 720))
    try:
        viewer = open_viewer(app, toy_record(seats=("random",) * 4))
        viewer.toggle()
        normal = frames_per_move(app, viewer)
        key(app, pygame.K_EQUALS)
        assert viewer.speed == 2.0
        faster = frames_per_move(app, viewer)
        key(app, pygame.K_MINUS)
        key(app, pygame.K_MINUS)
        assert viewer.speed == 0.5
        slower = frames_per_move(app, viewer)
        assert 29 <= normal <= 31 and faster <= normal // 2 + 1 and slower >= normal * 2 - 3
        key(app, pygame.K_SPACE)
        paused_at = viewer.moves
        assert not viewer.playing
        run(app, 200)
        assert viewer.moves == paused_at  # paused: nothing moves on
    finally:
        app.close()


def test_speed_scales_the_animations(toy_game):
    app = App(Settings(animation_speed="normal", ai_pause_ms=0), size=(1280, 720))
    try:
        viewer = open_viewer(app, toy_record())
        durations = []
        for speed in (1, 3):
            viewer.speed_index = speed
            key(app, pygame.K_RIGHT)
            assert viewer.table.tweens.busy
            durations.append(run_until(app, lambda: not viewer.table.tweens.busy))
        assert SPEEDS[3] == 4.0 and durations[1] * 3 < durations[0]
    finally:
        app.close()


def test_the_scrub_bar_maps_clicks_and_drags_to_moves(app, chaptered_toy):
    record = toy_record()
    viewer = open_viewer(app, record)
    track = viewer.track
    assert viewer.move_at(track.x) == 0 and viewer.move_at(track.right) == 6
    assert viewer.move_at(track.x - 50) == 0 and viewer.move_at(track.right + 50) == 6
    assert viewer.move_at(track.x + track.w // 2) == 3
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(track.x + track.w // 3, track.centery), button=1))
    run(app)
    assert viewer.moves == 2 and viewer.scrubbing
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(track.right, track.centery + 30), rel=(0, 0),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(track.x + track.w * 5 // 6, track.centery),
                                         rel=(0, 0), buttons=(1, 0, 0)))
    run(app)
    assert viewer.moves == 5
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(track.x + track.w * 5 // 6, track.centery),
                                         button=1))
    run(app)
    assert not viewer.scrubbing and viewer.moves == 5 and shown(viewer) == fingerprint(record, 5)
    key(app, pygame.K_HOME)
    assert viewer.moves == 0


def test_the_buttons_do_what_their_keys_do(app, chaptered_toy):
    viewer = open_viewer(app, toy_record())
    app.draw()
    hand_back, trick_back, step_back, play, step, trick, hand = viewer.controls
    for control, moves in ((step, 1), (trick, 2), (step_back, 1), (hand, 6), (trick_back, 4), (hand_back, 0)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=control.rect.center, button=1))
        run(app)
        assert viewer.moves == moves
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=play.rect.center, button=1))
    run(app)
    assert viewer.playing
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=viewer.speed_rect.center, button=1))
    run(app)
    assert viewer.speed == 2.0


def test_the_end_pauses_without_results_and_steps_back(app, toy_game):
    record = toy_record()
    viewer = open_viewer(app, record)
    viewer.toggle()
    run_until(app, lambda: not viewer.playing)
    assert viewer.moves == 6 and viewer.table.state.is_terminal() and app.top is viewer
    run(app, 30)
    assert app.top is viewer and not any(isinstance(scene, ResultsScene) for scene in app.stack)
    key(app, pygame.K_LEFT)
    assert viewer.moves == 5 and shown(viewer) == fingerprint(record, 5)
    key(app, pygame.K_END)
    key(app, pygame.K_SPACE)  # play at the end: again from the start
    assert viewer.playing and viewer.moves <= 1  # (no AI pause: the first move at once)


def test_a_replay_writes_no_save_and_counts_nothing(app, toy_game, user_dirs):
    config, data = user_dirs
    viewer = open_viewer(app, toy_record())
    viewer.toggle()
    run_until(app, lambda: not viewer.playing)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RIGHT)
    assert not viewer.table.session.autosave and viewer.table.state.is_terminal()
    assert not data.exists() or [path for path in data.rglob("*") if path.is_file()] == []


def test_the_one_human_sees_their_own_cards(app, toy_game):
    record = toy_record(seats=("random", HUMAN))
    viewer = open_viewer(app, record)
    table = viewer.table
    assert table.viewer == 1 and viewer.views == [1]
    assert table.observation().hand == tuple(table.state.hands[1]) and table.observation().hand
    assert len(table.cards) == 3  # the toy table draws the viewer's hand
    key(app, pygame.K_v)
    assert table.viewer == 1


def test_hot_seat_is_seen_by_everyone_or_as_each_human(app, toy_game):
    viewer = open_viewer(app, toy_record(seats=(HUMAN, HUMAN, "random")))
    table = viewer.table
    assert table.viewer is None and table.observation().hand == ()
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_v)
    assert table.viewer == 0 and table.observation().hand == tuple(table.state.hands[0]) and viewer.moves == 1
    assert viewer.view_label() == f"As: {table.names[0]}"
    key(app, pygame.K_v)
    key(app, pygame.K_v)
    assert table.viewer is None and viewer.view_label() == "As: Everyone"


def test_a_record_without_seats_is_seen_as_a_spectator(app, toy_game):
    viewer = open_viewer(app, replace(toy_record(), seats=()))
    assert viewer.table.viewer is None and viewer.views == [None]


def test_esc_leaves_for_where_the_replay_was_opened(app, toy_game):
    viewer = open_viewer(app, toy_record())
    menu = app.stack[0]
    assert app.stack == [menu, viewer.table, viewer]
    key(app, pygame.K_ESCAPE)
    assert app.stack == [menu]


def test_the_bar_is_drawn_over_the_status_line_at_both_sizes(toy_game):
    for size in ((1280, 720), (1920, 1080)):
        app = App(Settings(animation_speed="off", ai_pause_ms=0), size=size)
        try:
            viewer = open_viewer(app, toy_record())
            table = viewer.table.table_rect()
            assert viewer.strip.top == table.bottom and viewer.strip.bottom == size[1]
            parts = [c.rect for c in viewer.controls] + [viewer.speed_rect, viewer.track, viewer.readout]
            assert all(viewer.strip.contains(rect) for rect in parts)
            assert all(a.right <= b.left for a, b in zip(parts, parts[1:]))
            app.draw()
        finally:
            app.close()


def test_f_shows_every_hand_face_up_only_in_the_replay_of_an_ended_game(app, toy_game):
    record = toy_record()
    viewer = open_viewer(app, record)
    assert viewer.ended and viewer.face_up_rect.w > 0 and not viewer.table.show_all_hands
    key(app, pygame.K_f)
    assert viewer.table.show_all_hands and viewer.moves == 0, "the table is shown anew where it was"
    key(app, pygame.K_f)
    assert not viewer.table.show_all_hands
    app.pop()
    app.pop()
    cut = replace(record, actions=record.actions[:2])
    viewer = open_viewer(app, cut)
    assert not viewer.ended and viewer.face_up_rect.w == 0
    app.toasts.clear()
    key(app, pygame.K_f)
    assert not viewer.table.show_all_hands and any("ended" in toast.text for toast in app.toasts)
