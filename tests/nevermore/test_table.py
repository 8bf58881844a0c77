"""The Nevermore table scene, headless: an AI game through the frame loop with animations on, a human's pass
by clicks and by keys, an Attack target, a Magick prompt, hidden cards never drawn, speed off, and the layout
from 3 to 6 seats at the smallest and largest window."""

from __future__ import annotations

import pygame
import pytest

import game.games  # noqa: F401  (registers every game)
from game.core.params import merge
from game.core.registry import get
from game.games.nevermore.rules import Situation
from game.games.nevermore.rules import events as ev
from game.games.nevermore.rules.actions import PassCards
from game.games.nevermore.table import NevermoreTable
from game.games.nevermore.view import Card
from game.scenes.results import ResultsScene
from game.ui import assets
from game.ui.app import App
from game.variants.loader import load_variant
from tests.app_input import click, key, make_app, open_table, run, run_until
from tests.nevermore.helpers import asked

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")




def params(variant: str = "standard", **changes) -> dict:  # noqa: ANN003
    return merge(load_variant(get("nevermore"), variant).params, changes)


def table_for(app: App, seats, seed: int = 3, variant: str = "standard", **changes) -> NevermoreTable:  # noqa: ANN001
    return open_table(app, NevermoreTable, "nevermore", seats, params(variant, **changes), seed, variant)


def button(table: NevermoreTable, label: str):  # noqa: ANN201
    _, buttons = table.prompt_layout()
    found = [b for b in buttons if b.label.startswith(label)]
    assert found, f"no button {label!r} among {[b.label for b in buttons]}"
    return found[0]


def hand_codes(table: NevermoreTable) -> list[str | None]:
    """The cards the viewer sees in hand (None: hidden)."""
    return [c.code for c in table.hand_cards]


def human_turn(table: NevermoreTable, kind: str):  # noqa: ANN201
    return lambda: table.seat_to_play == 0 and asked(table.state)[0] == kind


# ------------------------------------------------------------------------------------------------ a whole game


def test_an_all_ai_game_animates_through_the_frame_loop_to_the_results():
    app = make_app("fast")
    try:
        table = table_for(app, ["normal", "random", "normal"], vp_to_win=2)
        seen = {"busy": 0, "fx": 0, "board": 0, "banner": 0}

        def watch() -> None:
            seen["busy"] += table.tweens.busy
            seen["fx"] += any(s.visible for s in table.fx)
            seen["board"] += table.shown is not None and table.shown.board is not None
            seen["banner"] += bool(table.banner_text)
            # a spectator sees no card face but those of a suit being played (face up on the board)
            public = [c for cards in table.shown.board.played for c in cards] if table.shown.board else []
            assert all(c.card_id is None or not c.visible or c in table.fx and c.code in public
                       for c in table.sprites if isinstance(c, Card))
            assert all(h >= 0 for h in table.shown.hand_sizes)

        run_until(app, lambda: isinstance(app.top, ResultsScene), limit=6000, dt=0.05, each=watch)
        assert table.state.is_terminal()
        assert seen["busy"] > 50 and seen["fx"] > 10 and seen["board"] > 10 and seen["banner"] > 0
        shown = table.shown
        assert shown.vp == list(table.state.vp) and shown.raven == list(table.state.raven)
        rows = app.top.rows
        assert len(rows) == 4 and "VP" in rows[1]
    finally:
        app.close()


def test_speed_off_leaves_no_animation_and_the_display_matches_the_state(app):
    table = table_for(app, ["normal"] * 4, seed=8)
    assert table.play_instantly(60) == 60 or table.state.is_terminal()
    assert not table.tweens.busy
    shown = table.shown
    assert shown.health == list(table.state.health) and shown.vp == list(table.state.vp)
    assert shown.hand_sizes == [len(h) for h in table.state.hands]
    assert not table.banner_text and table.popup is None
    run(app, 3)  # the AIs play on through the frame loop: still nothing pending after each move
    assert not table.tweens.busy


# ------------------------------------------------------------------------------------------------ a human


def test_a_human_passes_cards_by_clicks(app):
    table = table_for(app, ["human", "normal", "normal"], variant="no-magick")
    run_until(app, human_turn(table, "pass"))
    assert not button(table, "Pass these").enabled
    cards = table.hand_cards[:3]
    for card in cards:
        click(app, card.rect.center)
    assert len(table.selection) == 3
    assert button(table, "Pass these").enabled
    click(app, table.hand_cards[3].rect.center)  # a fourth is refused: exactly N
    assert len(table.selection) == 3
    wanted = sorted(c.code for c in cards)
    click(app, button(table, "Pass these").rect.center)
    assert table.record.actions[-1 - 0] if table.record.actions else False
    mine = [a for a in table.record.actions if a.startswith("pass")]
    assert mine and mine[0] == str(PassCards(tuple(wanted)))


def test_a_human_passes_cards_by_keys(app):
    table = table_for(app, ["human", "normal", "normal"], variant="no-magick")
    run_until(app, human_turn(table, "pass"))
    for _ in range(3):
        key(app, pygame.K_RETURN)  # select the focused card
        key(app, pygame.K_RIGHT)
    assert len(table.selection) == 3
    while table.focus_kind != "button":
        key(app, pygame.K_RIGHT)
    before = len(table.record.actions)
    key(app, pygame.K_RETURN)
    assert len(table.record.actions) == before + 1 and table.record.actions[-1].startswith("pass ")
    run_until(app, human_turn(table, "pass"))  # the second round asks for two
    assert table.need() == 2


def test_a_human_chooses_an_attack_target(app, stacked):
    stacked(Situation(hands=[["attack"] * 3 + ["healing", "victory"], ["attack", "healing", "healing", "radiance",
                                                                       "victory"],
                             ["healing", "radiance", "radiance", "victory", "victory"]],
                      drafted=True, tokens=["attack", "healing", "radiance", "victory"], dealer=2))
    table = table_for(app, ["human", "normal", "normal"], variant="no-magick")
    run_until(app, human_turn(table, "attack"))
    assert table.target_seats == {1, 2}
    assert table.shown.board is not None and table.shown.board.leaders == (0,)
    click(app, table.geo.plates[2].center)  # the target's plate is a button
    assert "attack 2" in table.record.actions
    assert table.state.health[2] == 3
    assert table.shown.health[2] == 3


def test_a_human_answers_a_magick_prompt_grouped_by_card(app, stacked):
    stacked(Situation(hands=[["attack", "healing", "radiance", "victory", "victory"],
                             ["attack", "healing", "healing", "radiance", "victory"],
                             ["healing", "radiance", "radiance", "victory", "attack"]],
                      drafted=True, tokens=["attack", "healing", "radiance", "victory"], dealer=2,
                      magick=[["mourning_rose", "changelings_bargain", "sextons_toll"], [], []]))
    table = table_for(app, ["human", "normal", "normal"])
    run_until(app, human_turn(table, "magick"))
    legal = table.state.legal_actions()
    _, buttons = table.prompt_layout()
    assert len(legal) > 20 and len(buttons) == 5  # three cards, "No magick" and "Don't ask again this hand":
    # not every order of tokens
    assert {m.highlight for m in table.magick_cards} == {True}
    click(app, button(table, "Play Changeling").rect.center)
    assert table.magick_pick == "changelings_bargain"
    labels = [b.label for b in table.prompt_layout()[1]]
    assert labels == [f"on {table.names[1]}", f"on {table.names[2]}", "Back"]
    click(app, button(table, f"on {table.names[2]}").rect.center)
    assert table.record.actions[-1] == "play changelings_bargain on 2"
    run_until(app, human_turn(table, "magick"))
    labels = [b.label for b in table.prompt_layout()[1]]
    assert labels[-2] == "No magick" and not any("Changeling" in label for label in labels)
    while getattr(table.focused_button(table.prompt_layout()[1]), "label", None) != "No magick":
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert table.record.actions[-1] == "no magick"


def test_hidden_cards_and_kills_are_never_drawn_for_other_seats(stacked, monkeypatch):
    blade = "m:gravediggers_blade:attack:2"
    stacked(Situation(hands=[["healing", "radiance", "victory", "victory", "healing"],
                             [blade, "raven", "healing", "victory", "radiance"],
                             ["healing", "radiance", "radiance", "victory", "raven"]],
                      drafted=True, tokens=["healing", "radiance", "victory", "attack"], dealer=2))
    drawn: list[str] = []
    original = assets.card_face

    def spy(deck, card_id, size):  # noqa: ANN001
        drawn.append(card_id)
        return original(deck, card_id, size)

    monkeypatch.setattr(assets, "card_face", spy)
    app = make_app("fast")
    try:
        table = table_for(app, ["human", "normal", "normal"], variant="no-magick")
        revealed = {"attack": False}
        original_animate = table.animate

        def watch_animate(step):  # noqa: ANN001
            if isinstance(step.event, ev.SuitPlayed) and step.event.suit == "attack":
                revealed["attack"] = True
            return original_animate(step)

        table.animate = watch_animate

        def watch() -> None:
            app.draw()
            if not revealed["attack"]:
                assert not any("Gravedigger" in c for c in drawn)
                assert "Gravedigger" not in table.caption_text
            for card in table.sprites:
                if isinstance(card, Card) and card.card_id is not None and card in table.hand_cards:
                    assert card.code in table.state.hands[0] + table.state.discarded[0]

        run_until(app, lambda: table.state.hand_no > 1 or table.state.is_terminal(), limit=4000, dt=0.05,
                  each=watch)
        assert revealed["attack"] and any("Gravedigger" in c for c in drawn)  # public once its suit is called
    finally:
        app.close()


# ------------------------------------------------------------------------------------------------ layout


@pytest.mark.parametrize("players,size", [(3, (1280, 720)), (6, (1280, 720)), (4, (3840, 2160)), (6, (1920, 1080))])
def test_plates_tokens_and_board_stay_inside_the_table_without_overlap(players, size):
    app = make_app(size=size)
    try:
        table = table_for(app, ["normal"] * players, seed=5)
        table.play_instantly(40)
        app.draw()
        geo, area = table.geo, table.table_rect()
        plates = [geo.plates[s] for s in range(players)]
        for i, rect in enumerate(plates):
            assert area.contains(rect)
            assert not any(rect.colliderect(other) for other in plates[i + 1:])
            assert not any(rect.colliderect(t) for t in geo.tokens) and not rect.colliderect(geo.board)
        assert area.contains(geo.board) and geo.board.bottom <= geo.caption.y
        assert geo.board_row(players - 1).bottom <= geo.board.bottom
        arrows = geo.ring_arrows
        assert len(arrows) == 4  # one direction arrow a quarter of the ring, none under a name plate
    finally:
        app.close()


def test_a_token_order_is_chosen_one_place_at_a_time(app, stacked):
    stacked(Situation(hands=[["attack", "healing", "radiance", "victory", "victory"],
                             ["attack", "healing", "healing", "radiance", "victory"],
                             ["healing", "radiance", "radiance", "victory", "attack"]],
                      drafted=True, tokens=["attack", "healing", "radiance", "victory"], dealer=2,
                      magick=[["sextons_toll"], [], []]))
    table = table_for(app, ["human", "normal", "normal"])
    run_until(app, human_turn(table, "magick"))
    click(app, button(table, "Play The Sexton").rect.center)
    labels = [b.label for b in table.prompt_layout()[1]]
    assert labels == ["First: Attack", "First: Healing", "First: Radiance", "First: Victory", "Back"]
    click(app, button(table, "First: Victory").rect.center)
    click(app, button(table, "Second: Radiance").rect.center)
    click(app, button(table, "Back").rect.center)  # one step back
    assert table.order_prefix == ["victory"]
    click(app, button(table, "Second: Attack").rect.center)
    click(app, button(table, "Third: Healing").rect.center)
    click(app, button(table, "Play:").rect.center)
    assert table.record.actions[-1] == "play sextons_toll as victory,attack,healing,radiance"


def test_hot_seat_shows_each_human_only_their_own_hand(app):
    from game.scenes.handoff import HandoffScene

    table = table_for(app, ["human", "human", "normal"], variant="no-magick")
    viewers = []
    for _ in range(4):
        run_until(app, lambda: isinstance(app.top, HandoffScene) or table.seat_to_play is not None)
        if isinstance(app.top, HandoffScene):
            if table.viewer is None:  # before the first hand-off: a spectator's table, no faces
                assert all(c is None for c in hand_codes(table))
            key(app, pygame.K_RETURN)
            run(app)
        seat = table.seat_to_play
        assert seat is not None and table.viewer == seat
        viewers.append(seat)
        assert hand_codes(table) == list(table.state.observation(seat).hand)
        for _ in range(table.need()):
            key(app, pygame.K_RETURN)
            key(app, pygame.K_RIGHT)
        while table.focus_kind != "button":
            key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
    assert set(viewers) == {0, 1}


def test_a_human_raven_chooses_what_it_kills_and_sees_it_marked(app, stacked):
    stacked(Situation(hands=[["raven", "attack", "healing", "victory", "victory"],
                             ["attack", "healing", "healing", "radiance", "victory"],
                             ["healing", "radiance", "radiance", "victory", "attack"]],
                      drafted=True, tokens=["victory", "attack", "healing", "radiance"], dealer=2))
    table = table_for(app, ["human", "normal", "normal"], variant="no-magick")
    run_until(app, human_turn(table, "kill"))
    raven = next(c for c in table.hand_cards if c.code == "raven")
    click(app, raven.rect.center)  # a Raven cannot kill itself: not selectable
    assert not table.selection
    healing = next(c for c in table.hand_cards if c.code == "healing")
    click(app, healing.rect.center)
    click(app, button(table, "Kill these").rect.center)
    assert "kill healing" in table.record.actions
    assert [c.code for c in table.hand_cards if c.killed] == ["healing"]
