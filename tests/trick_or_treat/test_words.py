"""Trick or Treat explains itself: moves in words (hints), the joker's + / - keys (H is the hint key), tips
that tell no hidden card, the keyboard's focus, and the hint ring around the thing that plays the hint."""

from __future__ import annotations

import pygame
import pytest

from game.core.analysis import Analysis
from game.core.contracts import Action, find_action
from game.core.registry import get
from game.games.trick_or_treat.spec import SPEC
from game.games.trick_or_treat import rules as r
from game.games.trick_or_treat.rules import new_game
from game.games.trick_or_treat.table import TrickOrTreatTable
from game.ui.app import App
from game.variants.loader import load_variant
from tests.app_input import key, open_table, run, run_until

NASTY = dict(load_variant(SPEC, "nasty-candy").params)
NAMES = ["Ann", "Bob", "Cat"]
JOKER_HANDS = [["CJ", "2C"], ["5H", "6H"], ["7D", "8D"]]


@pytest.fixture
def stacked(monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    """New tables start from the given hands/dealer/supply."""
    def use(**stack):  # noqa: ANN003, ANN202
        def stacked_game(params, players, seed, **given):  # noqa: ANN001, ANN202
            return r.new_game(params, players, seed, **(given or stack))

        monkeypatch.setitem(vars(SPEC), "new_game", stacked_game)

    return use


def table_for(app: App, seats: list[str], variant: str = "standard") -> TrickOrTreatTable:
    values = dict(load_variant(get("trick-or-treat"), variant).params)
    return open_table(app, TrickOrTreatTable, "trick-or-treat", seats, values, 3, variant)


def words(state: r.TrickOrTreatState) -> dict[str, str]:
    """Each legal move's record text and its words, as the seat to move would see them."""
    seen = state.observation(state.current_player())
    return {str(action): SPEC.action_words(action, seen, NAMES) for action in state.legal_actions()}


def test_every_kind_of_move_in_a_players_words():
    state = new_game(NASTY, 3, 1, hands=[["CJ", "8C", "AH"], ["5H", "6H", "QS"], ["7D", "9D", "10D"]], dealer=0,
                     supply=["warhead", "candy corn"] + ["candy"] * 20)
    assert words(state) == {"play 8": "Play the 8", "play A": "Play the Ace",
                            "play coloured joker": "Play the coloured joker"}
    for text in ("play coloured joker", "play Q", "play 10"):
        state.apply(find_action(state, text))
    assert words(state) == {"declare high": "Declare the coloured joker high",
                            "declare low": "Declare the coloured joker low"}
    state.apply(find_action(state, "declare high"))  # the joker wins; the Queen picks first
    assert state.current_player() == 1
    assert words(state) == {"take candy corn": "Pick a candy corn (worth 0)",
                            "take warhead": "Pick a warhead (worth -2)"}


@pytest.mark.parametrize("code,said", [(pygame.K_PLUS, "declare high"), (pygame.K_EQUALS, "declare high"),
                                       (pygame.K_KP_PLUS, "declare high"), (pygame.K_MINUS, "declare low"),
                                       (pygame.K_KP_MINUS, "declare low")])
def test_plus_and_minus_declare_the_joker_and_h_or_l_do_not(app, stacked, code, said):
    stacked(hands=JOKER_HANDS, dealer=0, supply=["candy"] * 12)
    table = table_for(app, ["human", "random", "random"])
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # the coloured joker
    run_until(app, lambda: table.seat_to_play == 0)
    assert table.state.phase == r.DECLARE
    for other in (pygame.K_h, pygame.K_l):  # H asks for a hint now; L means nothing
        key(app, other)
        assert table.state.phase == r.DECLARE
    key(app, code)
    assert table.record.actions[-1] == said


def test_tips_tell_the_card_only_to_its_owner_and_follow_the_focus(app, stacked):
    stacked(hands=[["2C", "9C", "KC"], ["5H", "6H", "QS"], ["7D", "8D", "JD"]], dealer=1, supply=["candy"] * 12)
    table = table_for(app, ["human", "random", "random"])
    run_until(app, lambda: table.seat_to_play == 0)
    run(app)
    hidden = table.tips.at(table.trick[1].rect.center)
    assert hidden is not None and "face down" in hidden.text
    assert not any(word in hidden.text for word in ("Queen", "the 5", "the 6"))
    card = table.tips.at(table.hand_rect(0).center)
    assert card is not None and card.text.startswith("The 2") and "takes no candy" in card.text
    key(app, pygame.K_RIGHT)
    focus = table.focus_rect()
    assert focus == table.hand_rect(1) and focus.bottom < table.hand[1].rect.bottom  # the lifted card
    assert table.tips.at(focus.center).text.startswith("The 9")
    plate = table.tips.at(table.geo.stations[1])
    assert plate is not None and "Deals this trick" in plate.text


def ring_after_hint(table: TrickOrTreatTable, action: Action, monkeypatch: pytest.MonkeyPatch) -> list[pygame.Rect]:
    """The rects the table rings when the hint chose ``action``."""
    rings: list[pygame.Rect] = []
    monkeypatch.setattr(table, "draw_hint_ring", lambda surface, rect: rings.append(pygame.Rect(rect)))
    table.hints.hint, table.hints.version = Analysis(seat=0, choice=action), len(table.record.actions)
    table.draw(table.app.screen)
    return rings


def test_the_hint_rings_the_card_or_button_that_plays_it(app, stacked, monkeypatch):
    stacked(hands=JOKER_HANDS, dealer=0, supply=["candy"] * 12)
    table = table_for(app, ["human", "random", "random"])
    assert ring_after_hint(table, r.PlayCard("coloured joker"), monkeypatch) == [table.hand_rect(1)]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: table.seat_to_play == 0)
    low, high = [rect for rect, _, _ in table._buttons()]
    assert ring_after_hint(table, r.Declare(True), monkeypatch) == [high]
    assert ring_after_hint(table, r.Declare(False), monkeypatch) == [low]
