"""The Spectral Reapers table scene, headless: AI games animate to the results, a human places, orders a
sowing (matched to the legal action by outcome) and captures by clicks and keys; speed off leaves nothing
pending."""

from __future__ import annotations

import pygame
import pytest

from game.core.registry import get
from game.core.settings import Settings
from game.core.setup import MatchSetup, default_names
from game.games.spectral_reapers.rules import CAPTURE, COLOUR_LETTERS, SOW, pit_order
from game.games.spectral_reapers.table import SpectralReapersTable
from game.games.spectral_reapers.view import geometry
from game.scenes.results import ResultsScene
from game.ui.app import App
from game.ui.layout import Layout
from game.variants.loader import load_variant
from tests.app_input import click, key, run, run_until
from tests.spectral_reapers.boards import from_board


@pytest.fixture
def make():
    apps: list[App] = []

    def build(seats, speed="off", seed=1, size=(1280, 720), **settings):
        app = App(Settings(animation_speed=speed, ai_pause_ms=0, **settings), size=size)
        apps.append(app)
        spec = get("spectral-reapers")
        params = load_variant(spec, "standard").params
        setup = MatchSetup(spec.name, "standard", params, tuple(seats), default_names(tuple(seats)), seed)
        table = SpectralReapersTable(app, setup)
        table.session.autosave = False
        app.push(table)
        run(app)
        return app, table

    yield build
    for app in apps:
        app.close()


def target(table, kind, index=None, colour=None):  # noqa: ANN001
    """The first clickable thing of ``kind`` (and ``index``, or a pool bead of ``colour``)."""
    for t in table.targets():
        if t.kind != kind or (index is not None and t.index != index):
            continue
        if colour is not None and table.decision.colours[t.index] != colour:
            continue
        return t
    raise AssertionError(f"no {kind} {index} {colour} in {[(t.kind, t.index) for t in table.targets()]}")


def in_sync(table) -> bool:  # noqa: ANN001
    """Whether the table's display copy shows the state: every pit's beads, every store, the hand, nothing in
    flight."""
    state = table.state
    return (all(len(table.shown[p]) == sum(pit) for p, pit in enumerate(state.pits))
            and all(sorted(table.shown[p]) == [c for c, n in enumerate(pit) for _ in range(n)]
                    for p, pit in enumerate(state.pits))
            and table.stores == [list(row) for row in state.captured]
            and (state.hand is None) == (not table.hand) and not table.flying)


def on_board(table, pits, **kwargs) -> None:  # noqa: ANN001
    """Put the table on a given board (the human is seat 0)."""
    table.state = from_board(pits, players=table.state.num_players, **kwargs)
    table.build()


# ------------------------------------------------------------------------------------------ the tests


def test_an_all_ai_game_animates_to_the_results(make):
    app, table = make(["easy", "random"], speed="fast", seed=5)
    seen = {"busy": 0, "hand": 0, "flying": 0}

    def done() -> bool:
        seen["busy"] += table.tweens.busy
        seen["hand"] += bool(table.hand)
        seen["flying"] += bool(table.flying)
        return isinstance(app.top, ResultsScene)

    run_until(app, done, limit=4000, dt=0.2)
    assert table.state.is_terminal()
    assert seen["busy"] > 50 and seen["hand"] > 5 and seen["flying"] > 5
    assert app.top.scores == table.state.scores()
    assert in_sync(table) and not table.tweens.busy
    assert any("captured" in row for row in app.top.rows)


def test_a_human_places_beads_by_clicking_pits(make):
    app, table = make(["human", "normal"], seed=2)
    run_until(app, lambda: table.seat_to_play == 0)
    assert table.state.phase == "place"
    pits = table.geo.pits
    place = lambda: target(table, "button", "place")  # noqa: E731
    click(app, pits[1].center)  # 3
    click(app, pits[2].center)
    click(app, pits[2].center)  # 4
    click(app, pits[0].center)  # 3: three pits, 3+3+4 is not 11
    assert table.decision.plan == {0: 3, 1: 3, 2: 4} and not place().enabled
    played = len(table.record.actions)
    click(app, place().rect.center)
    assert len(table.record.actions) == played
    click(app, pits[1].center)  # 4
    assert place().enabled
    click(app, place().rect.center)
    mine = [a for a in table.record.actions if a.startswith("place")]
    assert "place 0:3 1:4 2:4" in mine


def test_keyboard_cycles_a_pit_and_moves_along_the_row(make):
    app, table = make(["human", "normal"], seed=2)
    run_until(app, lambda: table.seat_to_play == 0)
    key(app, pygame.K_RIGHT)  # first target: pit 0
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RIGHT)  # pit 1, to the right on the bottom row
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert table.decision.plan == {0: 3, 1: 4}
    key(app, pygame.K_UP)  # the top row above pit 1 is pit 2 (of 4, counter-clockwise)
    assert table.focus == ("pit", 2)


def test_a_chosen_order_is_submitted_as_the_legal_action_with_that_outcome(make):
    app, table = make(["human", "normal"])
    # ring of 4: lifting pit 0 sows 5 beads into pits 1, 2, 3, 1, 2
    on_board(table, ["RRRGG", "G", "GG", "RR"], to_move=0)
    click(app, table.geo.pits[0].center)
    assert table.decision.origin == 0 and len(table.decision.colours) == 5
    assert not target(table, "button", "sow").enabled
    green, red = COLOUR_LETTERS.index("G"), COLOUR_LETTERS.index("R")
    for colour in (green, red, red, red, green):  # spelled GRRRG; the canonical spelling is RRRGG
        click(app, target(table, "pool", colour=colour).rect.center)
    assert table.decision.letters() == "GRRRG"
    assert "no capture" in " ".join(text for text, _ in table.tray_text()[1])
    click(app, target(table, "button", "sow").rect.center)
    assert table.record.actions[-1] == "sow 0 order=RRRGG"
    assert table.state.pits[1] == [1, 2] and table.state.pits[2] == [1, 3] and table.state.pits[3] == [3, 0]


def test_a_different_order_of_the_same_beads_is_a_different_move(make):
    app, table = make(["human", "normal"])
    on_board(table, ["RRRGG", "G", "GG", "RR"], to_move=0)
    click(app, table.geo.pits[0].center)
    red, green = 0, 1
    for colour in (green, green, red, red, red):  # pits 1, 2 get G+R, pit 3 R, and the last bead is red
        click(app, target(table, "pool", colour=colour).rect.center)
    click(app, target(table, "button", "sow").rect.center)
    assert table.record.actions[-1] == "sow 0 order=RGRGR"  # that outcome's canonical spelling


def test_a_big_pit_is_sown_in_parts_that_follow_the_chosen_order(make):
    app, table = make(["human"] + ["normal"] * 5)
    board = ["RGBYPW", "RRGBYP", "RRB", "GGG", "RYYP", "", "PPPWW", "BB", "RWW", "GY", "RRRRGGGBBBYYPW", "WP"]
    on_board(table, board, to_move=0)
    click(app, table.geo.pits[10].center)
    letters = "WBGRYPRGBRYGBR"  # any order of the 14 lifted beads
    table.decision.set_letters(letters)
    assert table.decision.letters() == letters
    click(app, target(table, "button", "sow").rect.center)
    sown = [a for a in table.record.actions if a.startswith("sow")]
    assert len(sown) >= 2 and sown[0].startswith("sow 10 ") and all(a.startswith("sow-on 10 ") for a in sown[1:])
    expected = [[c for c in pit] for pit in from_board(board, players=6).pits]
    expected[10] = [0] * 6
    for letter, pit in zip(letters, pit_order(12, 10, len(letters))):
        expected[pit][COLOUR_LETTERS.index(letter)] += 1
    assert table.state.pits == expected


def test_a_sowing_by_keyboard_alone(make):
    app, table = make(["human", "normal"])
    on_board(table, ["RG", "GG", "RG", "RRR"], to_move=0)
    key(app, pygame.K_RIGHT)
    assert table.focus == ("pit", 0)
    key(app, pygame.K_RETURN)
    assert table.decision.origin == 0
    assert table.focus[0] == "pool"  # lifting takes the keys on to the beads in the tray
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert table.focus == ("button", "sow") and table.decision.complete
    expected = "sow 0 order=" + table.decision.letters()
    key(app, pygame.K_RETURN)
    assert table.record.actions[-1] == expected


def test_a_capture_is_chosen_by_clicking_a_bead_after_the_animation(make):
    app, table = make(["human", "normal"], speed="normal")
    on_board(table, ["RG", "GG", "RG", "RRR"], to_move=0)
    click(app, table.geo.pits[0].center)
    click(app, target(table, "pool", colour=1).rect.center)
    click(app, target(table, "pool", colour=0).rect.center)
    assert "capture" in table.tray_text()[1][0][0]
    click(app, target(table, "button", "sow").rect.center)
    assert table.record.actions[-1] == "sow 0 order=GR" and table.state.phase == CAPTURE
    assert table.tweens.busy and table.seat_to_play is None  # the sowing is animated first
    assert table.shown[2] == [0, 1]  # the board on screen still shows the old pit
    run_until(app, lambda: table.seat_to_play == 0, limit=600)
    assert table.shown[2] == [0, 0, 1] and table.pulse_pit == 2
    chips = [t for t in table.targets() if t.kind == "capbead"]
    assert sorted(t.index for t in chips) == [0, 0, 1]
    green = next(t for t in chips if t.index == 1)
    click(app, green.rect.center)
    assert table.record.actions[-1] == "capture 2 G"
    assert table.state.captured[0] == [0, 1] and table.state.current_player() == 0 and table.state.phase == SOW
    run_until(app, lambda: not table.tweens.busy, limit=600)
    assert table.stores[0] == [0, 1] and in_sync(table)


def test_speed_off_leaves_no_pending_animation(make):
    app, table = make(["normal"] * 6, speed="off", seed=3)
    checked = 0
    while len(table.record.actions) < 20:  # the AI thinks on a thread: wait for actions, not for frames
        run(app, 2)
        assert not table.tweens.busy and not table.flying
        assert in_sync(table)
        checked += 1
        assert checked < 5000, "the AI seats stopped playing"


def test_skipping_an_animation_loses_nothing(make):
    app, table = make(["normal"] * 3, speed="slow", seed=4)
    run_until(app, lambda: table.tweens.busy)
    assert not in_sync(table)
    click(app, (5, 5))  # a click skips
    assert not table.tweens.busy and in_sync(table)


@pytest.mark.parametrize("players,ring", [(2, 4), (4, 8), (6, 12), (3, 9), (6, 18)])
@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160), (1440, 900)])
def test_the_layout_fits_without_overlaps(players, ring, size):
    lay = Layout(*size)
    table = pygame.Rect(0, 0, size[0] - lay.px(260), size[1] - lay.px(40))
    geo = geometry(lay, table, players, ring)
    assert len(geo.pits) == ring and len(geo.plates) == players
    assert geo.table.contains(geo.board) and geo.table.contains(geo.tray)
    assert all(geo.table.contains(p) for p in geo.plates)
    assert not geo.board.colliderect(geo.tray) and not any(geo.board.colliderect(p) for p in geo.plates)
    for i, a in enumerate(geo.pits):
        assert geo.board.contains(a)
        assert not any(a.colliderect(b) for b in geo.pits[i + 1:])
    # pit 0 bottom-left, counter-clockwise: the bottom row runs right, the top row left
    bottom = (ring + 1) // 2
    assert geo.pits[0].y > geo.pits[-1].y and geo.pits[0].x <= geo.pits[-1].x
    assert geo.pits[bottom - 1].x >= geo.pits[bottom].x
    assert [p.x for p in geo.pits[:bottom]] == sorted(p.x for p in geo.pits[:bottom])
    assert [p.x for p in geo.pits[bottom:]] == sorted((p.x for p in geo.pits[bottom:]), reverse=True)
