"""The Reapers table scene, headless: animations over a whole hand, human input by mouse and keys, secret
wagers, the memory aid and instant play."""

from __future__ import annotations

import pygame
import pytest

import game.games  # noqa: F401  (registers every game)
from game.core.contracts import Step
from game.core.setup import MatchSetup
from game.core.undo import REVEALED
from game.games.reapers import rules as r
from game.games.reapers.table import ReapersTable
from game.games.reapers.view import unplayed
from game.ui.app import App
from tests.app_input import click, key, make_app, run, run_until

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")




def open_table(app: App, seats: tuple[str, ...], seed: int = 5) -> ReapersTable:
    from game.core.registry import get
    from game.variants.loader import load_variant

    spec = get("reapers")
    variant = load_variant(spec, "standard")
    names = ("Ann", "Boris", "Cleo", "Dmitri", "Edith")[: len(seats)]
    table = ReapersTable(app, MatchSetup("reapers", variant.name, dict(variant.params), seats, names, seed))
    table.session.autosave = False
    app.push(table)
    app.apply_pending()
    return table


def human_turn(table: ReapersTable, phase: str):  # noqa: ANN201
    """A condition for ``run_until``: the human is to act in ``phase``; earlier human turns in other phases
    are played with Enter (the focused first choice) on the way."""
    def done() -> bool:
        if table.seat_to_play == 0 and table.hand_end.up is None:
            if table.state.phase == phase:
                return True
            key(table.app, pygame.K_RETURN)
        return False
    return done


def shown_matches_state(table: ReapersTable) -> None:
    """The sprites show exactly the state as the viewer may see it."""
    state = table.state
    assert set(table.pile_cards) == {i for i, p in enumerate(state.piles) if p is not None}
    me = table.me()
    codes = [c.code for c in table.hand_cards[me]]
    if table.viewer is not None:
        assert codes == list(state.hands[me])
    assert [c.code for c in table.grave_cards] == list(state.graveyard)
    assert [(s, c.code) for s, c in table.trick_cards] == list(state.trick)


# --- an all-AI game with animations on -------------------------------------------------------------------
def test_all_ai_hand_runs_through_the_update_loop_with_animations():
    app = make_app("fast")
    try:
        table = open_table(app, ("random", "random", "random", "random"), seed=11)
        assert table.viewer is None
        busy_frames, actions_seen = 0, 0
        for _ in range(2500):
            run(app, 1, 0.1)
            busy_frames += table.tweens.busy
            actions_seen = len(table.record.actions)
            if table.hand_end.up is not None:
                break
        assert table.hand_end.up is not None, "the first hand never ended"
        assert table.state.hands_played == 1 and actions_seen == 12 + 4 + 36
        assert busy_frames > 50  # the moves were animated, not jumped
        run_until(app, lambda: not table.tweens.busy, dt=0.1)
        rows = table.hand_end.up.content.rows
        assert [row.total for row in rows] == list(table.state.totals)
        assert all(row.cards + row.doubled == h for row, h in zip(rows, table.state.history[0].card_points))
        frozen = len(table.record.actions)
        for _ in range(20):  # the overlay holds the table
            run(app, 1, 0.1)
        assert len(table.record.actions) == frozen and table.hand_end.up is not None
        run_until(app, lambda: len(table.record.actions) > frozen, dt=0.1)  # AIs alone: it closes by itself
        assert table.hand_end.up is None and table.state.phase == r.DRAFT
        run_until(app, lambda: not table.tweens.busy, dt=0.1)
        shown_matches_state(table)
    finally:
        app.close()


# --- a human picks by mouse and by keys -------------------------------------------------------------------
def test_human_picks_pile_wager_and_card_by_click(app):
    table = open_table(app, ("human", "random", "random"))
    run_until(app, human_turn(table, r.DRAFT))
    slot = table.state.legal_actions()[2].pile
    card = table.pile_cards[slot][-1]
    click(app, card.rect.center)
    assert table.record.actions[-1] == f"take pile {slot}"
    run_until(app, human_turn(table, r.WAGER))
    click(app, table.geo.wager_buttons[0].center)
    assert table.record.actions[-1] == "wager fewest"
    run_until(app, human_turn(table, r.PLAY))
    legal = {a.card for a in table.state.legal_actions()}
    sprite = next(c for c in table.hand_cards[0] if c.code in legal)
    click(app, (sprite.rect.left + 4, sprite.rect.centery))
    assert table.record.actions[-1] == f"play {sprite.code}"
    shown_matches_state(table)


def test_human_picks_pile_wager_and_card_by_keys(app):
    table = open_table(app, ("human", "random", "random"), seed=8)
    run_until(app, human_turn(table, r.DRAFT))
    second = table.state.legal_actions()[1]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert table.record.actions[-1] == str(second)
    run_until(app, human_turn(table, r.WAGER))
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert table.record.actions[-1] == "wager second"
    run_until(app, human_turn(table, r.PLAY))
    legal = table.state.legal_actions()
    key(app, pygame.K_LEFT)  # wraps round to the last legal card
    key(app, pygame.K_RETURN)
    assert table.record.actions[-1] == str(legal[-1])


def test_clicks_on_illegal_choices_do_nothing(app):
    table = open_table(app, ("human", "random", "random"))
    run_until(app, human_turn(table, r.PLAY))
    legal = {a.card for a in table.state.legal_actions()}
    illegal = [c for c in table.hand_cards[0] if c.code not in legal]
    before = len(table.record.actions)
    for sprite in illegal:
        click(app, (sprite.rect.left + 4, sprite.rect.centery))
    click(app, (5, 5))
    assert len(table.record.actions) == before


# --- secrets -----------------------------------------------------------------------------------------------
def spy_wagers(table: ReapersTable, app: App) -> list[tuple[int, bool, str | None]]:
    drawn: list[tuple[int, bool, str | None]] = []
    original = table.look.draw_wager

    def spy(surface, seat, rect, placed, shown):  # noqa: ANN001
        drawn.append((seat, placed, shown))
        original(surface, seat, rect, placed, shown)

    table.look.draw_wager = spy
    table.layer.clear()  # the table layer is cached: draw it afresh
    app.draw()
    return drawn


def test_secret_wagers_are_never_drawn_for_other_seats_before_the_reveal(app):
    table = open_table(app, ("human", "random", "random", "random"), seed=3)
    run_until(app, human_turn(table, r.WAGER))
    key(app, pygame.K_3)
    run_until(app, human_turn(table, r.PLAY))
    drawn = spy_wagers(table, app)
    assert {seat for seat, placed, _ in drawn if placed} == {0, 1, 2, 3}
    assert all(shown is None for seat, _, shown in drawn if seat != 0)
    assert (0, True, "none") in drawn
    assert all(c.card_id is None for seat in (1, 2, 3) for c in table.hand_cards[seat])  # backs only
    # the reveal at the end of the hand shows them all
    run_until(app, lambda: table.hand_end.up is not None or table.seat_to_play == 0 and key(app, pygame.K_RETURN))
    assert [row.wager for row in table.hand_end.up.content.rows] == list(table.state.history[0].wagers)


def test_a_spectator_sees_no_wager_and_no_hand(app):
    table = open_table(app, ("random", "random", "random"), seed=4)
    run_until(app, lambda: table.state.phase == r.PLAY)
    run(app)
    drawn = spy_wagers(table, app)
    assert drawn and all(shown is None for _, _, shown in drawn)
    assert all(c.card_id is None for cards in table.hand_cards.values() for c in cards)
    assert all(w is None for w in table.view.wagers) and all(set(h) <= {None} for h in table.view.hands)
    assert not table.memory_aid()


# --- the memory aid ------------------------------------------------------------------------------------------
def test_memory_aid_toggles_between_backs_and_what_opponents_still_hold(app):
    table = open_table(app, ("human", "random", "random"), seed=6)
    run_until(app, human_turn(table, r.PLAY))
    assert not app.settings.memory_aid and all(table.hand_cards[s] for s in (1, 2))
    key(app, pygame.K_m)
    assert app.settings.memory_aid and table.aid_shown
    assert table.hand_cards[1] == [] and table.hand_cards[2] == []
    for seat in (1, 2):
        assert unplayed(table.view, seat) == sorted(table.state.hands[seat], key=lambda c: (c == "R", c[0], c))\
            or sorted(unplayed(table.view, seat)) == sorted(table.state.hands[seat])
    app.draw()
    click(app, table.geo.aid_button.center)
    assert not app.settings.memory_aid and not table.aid_shown
    assert [len(table.hand_cards[s]) for s in (1, 2)] == [len(table.state.hands[s]) for s in (1, 2)]


# --- animations off ---------------------------------------------------------------------------------------------
def test_speed_off_leaves_no_pending_tweens_and_loses_nothing(app):
    table = open_table(app, ("human", "random", "random", "random", "random"), seed=9)
    for _ in range(60):
        if table.seat_to_play == 0:
            key(app, pygame.K_RETURN)
        else:
            run(app)
        assert not table.tweens.busy
        if table.hand_end.up is None:
            shown_matches_state(table)
        else:
            key(app, pygame.K_RETURN)
    assert len(table.record.actions) >= 20


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
@pytest.mark.parametrize("players", [3, 5])
def test_layout_keeps_everything_inside_the_table(players, size):
    application = make_app(size=size)
    try:
        table = open_table(application, ("human",) + ("random",) * (players - 1))
        area = table.table_rect()
        geo = table.geo
        for rect in list(geo.panels.values()) + [geo.me_panel, geo.hand_area, geo.main, geo.side]:
            assert area.contains(rect)
        for cards in table.pile_cards.values():
            for card in cards:
                assert geo.main.contains(card.rect)
        rects = [pygame.Rect(0, 0, 1, 1) for _ in geo.panels]
        assert len(rects) == players - 1
        panels = list(geo.panels.values())
        assert not any(a.colliderect(b) for i, a in enumerate(panels) for b in panels[i + 1:])
    finally:
        application.close()


# --- the end of the game ----------------------------------------------------------------------------------------
def test_a_one_hand_game_ends_with_the_breakdown_then_the_results(app):
    from game.core.registry import get
    from game.scenes.results import ResultsScene
    from game.variants.loader import load_variant

    variant = load_variant(get("reapers"), "standard")
    params = dict(variant.params)
    params["players_3"] = dict(params["players_3"], hands=1)
    params["game"] = dict(params["game"], extra_hands_on_tie=False)
    table = ReapersTable(app, MatchSetup("reapers", variant.name, params, ("human", "random", "random"),
                                         ("Ann", "Boris", "Cleo"), 2))
    table.session.autosave = False
    app.push(table)
    app.apply_pending()
    run_until(app, lambda: table.hand_end.up is not None or table.seat_to_play == 0 and key(app, pygame.K_RETURN))
    assert table.state.is_terminal() and table.hand_end.up.content.over
    assert table.hand_end.up.content.winners == tuple(table.state.winners())
    for _ in range(5):
        run(app)
    assert not isinstance(app.top, ResultsScene)  # the breakdown waits for the player
    key(app, pygame.K_RETURN)
    run(app)
    assert isinstance(app.top, ResultsScene)
    assert app.top.rows == table.result_rows() and app.top.rows[0] == "1 hand played."


def test_an_extra_hand_is_announced_in_the_breakdown(app):
    table = open_table(app, ("human", "random", "random"))
    events = [r.HandScored(6, ("none", "fewest", "second"), (10, 12, 10), (True, False, False), (4, 0, 0),
                           (14, 12, 10), (40, 40, 31)), r.ExtraHand((0, 1))]
    table.on_steps([Step(event, table.view_now()) for event in events])
    assert table.hand_end.up is not None and table.hand_end.up.content.tied == (0, 1)
    assert [row.wager for row in table.hand_end.up.content.rows] == ["none", "fewest", "second"]
    app.draw()  # draws the overlay with the announcement
    click(app, (10, 10))
    assert table.hand_end.up is None


def test_hot_seat_shows_each_human_only_their_own_hand(app):
    from game.scenes.handoff import HandoffScene

    table = open_table(app, ("human", "human", "random"))
    run(app)
    assert isinstance(app.top, HandoffScene)
    click(app, (640, 360))
    assert table.viewer == 0 and table.seat_to_play == 0
    key(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.top, HandoffScene))
    click(app, (640, 360))
    assert table.viewer == 1
    assert [c.code for c in table.hand_cards[1]] == list(table.state.hands[1])
    assert all(c.card_id is None for c in table.hand_cards[0]) and len(table.hand_cards[0]) == 3


def test_a_won_trick_sends_the_taken_card_to_the_score_pile_and_the_rest_to_the_discard():
    app = make_app("normal")
    try:
        table = open_table(app, ("random", "random", "random"), seed=12)
        table.tweens.skip()
        for _ in range(200):
            seat = table.state.current_player()
            action = table.agents[seat].choose(table.state.observation(seat), table.state.legal_actions())
            trick_ref = table.trick_cards  # the list the played card joins before the trick is collected
            counts = [len(p) for p in table.state.score_piles]
            events = table.submit(action)
            won = [e for e in events if isinstance(e, r.TrickWon)]
            if won and won[0].winner is not None and not any(isinstance(e, r.ReaperTook) for e in events):
                assert table.tweens.busy
                trick = [s for _, s in trick_ref]
                assert len(trick) == 3
                geo = table.geo
                table.tweens.skip()
                taken = [c for c in trick if c.code == won[0].taken]
                target = geo.score_anchor(won[0].winner, counts[won[0].winner])
                assert any(abs(c.pos[0] - target[0]) < 2 and abs(c.pos[1] - target[1]) < 2 for c in taken)
                assert sum(1 for c in trick if c.alpha == 0) == len(trick) - 1
                return
            table.tweens.skip()
        raise AssertionError("no trick was won")
    finally:
        app.close()


def play_to_the_hand_end(app: App, table: ReapersTable, human: int) -> None:
    """Play the human's first choice (Enter) at each decision until the hand's score table is up and still."""
    def at_the_hand_end() -> bool:
        if table.seat_to_play == human and table.hand_end.up is None:
            key(app, pygame.K_RETURN)
        return table.hand_end.up is not None and not table.tweens.busy

    run_until(app, at_the_hand_end, limit=20000, dt=0.1)


def test_the_move_that_ended_the_hand_stands_once_the_wagers_are_shown():
    app = make_app("fast")
    try:
        table = open_table(app, ("human", "random", "random"), seed=7)
        play_to_the_hand_end(app, table, 0)
        ended = table.record
        assert not table.undo() and app.toasts[-1].text == REVEALED
        assert table.hand_end.up is not None and table.record == ended
    finally:
        app.close()


def test_enter_mashed_to_close_the_score_table_does_not_also_play():
    app = make_app("off")
    try:
        table = open_table(app, ("random", "human", "random"), seed=7)  # the human drafts first in hand 2
        play_to_the_hand_end(app, table, 1)
        ended = table.record
        key(app, pygame.K_RETURN)  # closes the score table
        assert table.hand_end.up is None and table.seat_to_play == 1
        key(app, pygame.K_RETURN)  # the same hurried hand: must not take the next hand's first pile
        assert table.record == ended
        run(app, 30)  # the moment passes
        key(app, pygame.K_RETURN)
        assert len(table.record.actions) == len(ended.actions) + 1
    finally:
        app.close()
