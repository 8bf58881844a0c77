"""The Nevermore table explains itself: the Magick answer prompt shows the card being answered, every kind of
move has words for hints, a hint rings what plays it, and the tips never tell a hidden card."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

import game.games  # noqa: F401  (registers every game)
from game.core.registry import get
from game.core.setup import MatchSetup, default_names
from game.games.nevermore import view as view_module
from game.games.nevermore.rules import PeckDecision, RespondDecision, Situation, new_game
from game.games.nevermore.rules.actions import AttackAll, AttackPlayer, KillCards, NoMagick, PassCards, Peck, \
    PlayMagick
from game.games.nevermore.table import NevermoreTable
from game.games.nevermore.view import Painter, note_lines
from game.games.nevermore.words import FACE_DOWN_CARD_TIP, name_action
from game.ui.app import App
from game.variants.loader import load_variant
from tests.app_input import run
from tests.nevermore.helpers import H, asked, game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

NAMES = ["Ada", "Boris", "Cleo"]
HANDS = [["attack", "healing", "radiance", "victory", "victory"],
         ["attack", "healing", "healing", "radiance", "victory"],
         ["healing", "radiance", "radiance", "victory", "attack"]]
ROSE_TEXT = "Before resolution, add this to your hand. It counts as two Healing cards."


@pytest.fixture
def answering(app: App, monkeypatch: pytest.MonkeyPatch) -> NevermoreTable:
    """A table where Boris (an AI) has just played a Mourning Rose and the human, Ada, holding a Hush of the
    Crypt and a Midnight Thorn, is asked whether to answer it."""
    situation = Situation(hands=HANDS, drafted=True, tokens=["attack", "healing", "radiance", "victory"], dealer=2,
                          magick=[["hush_of_the_crypt", "midnight_thorn"], ["mourning_rose"], []])

    def stacked_game(config, players, seed):  # noqa: ANN001, ANN202
        return new_game(config, players, seed, situation=situation)

    monkeypatch.setitem(vars(get("nevermore")), "new_game", stacked_game)
    seats = ("human", "normal", "normal")
    params = dict(load_variant(get("nevermore"), "standard").params)
    setup = MatchSetup("nevermore", "standard", params, seats, default_names(seats), 3)
    record = replace(setup.record(), actions=("play mourning_rose",))
    table = NevermoreTable(app, setup, record)
    table.session.autosave = False
    app.push(table)
    run(app)
    assert table.seat_to_play == 0 and asked(table.state)[:3] == ("respond", 0, "respond_magick")
    return table


def test_the_answer_prompt_shows_the_card_played_not_your_own(answering: NevermoreTable,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    table = answering
    boris = table.names[1]
    panels: list[str] = []
    texts: list[str] = []
    original_panel, original_text = Painter.magick_panel, view_module.draw_text

    def spy_panel(self, surface, card_id, line, centre, alpha):  # noqa: ANN001, ANN202
        panels.append(card_id)
        return original_panel(self, surface, card_id, line, centre, alpha)

    def spy_text(surface, text, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        texts.append(text)
        return original_text(surface, text, *args, **kwargs)

    monkeypatch.setattr(Painter, "magick_panel", spy_panel)
    monkeypatch.setattr(view_module, "draw_text", spy_text)
    table.draw(pygame.Surface(table.app.screen.get_size()))
    assert table.prompt_title() == f"{boris} plays Mourning Rose: answer it?"
    assert f"{boris} plays Mourning Rose: answer it?" in texts
    assert ROSE_TEXT in " ".join(texts)  # the card's full text, in the prompt itself
    assert "hush_of_the_crypt" not in panels  # not the text of the player's own first card
    assert table.hover_magick() == "mourning_rose"
    panel = table.tips.at(table.prompt_layout()[0].midtop)
    assert panel is not None and ROSE_TEXT in panel.text
    # the player's own card is still read by pointing at it
    own = next(c for c in table.magick_cards if c.code == "hush_of_the_crypt")
    table.mouse = own.rect.center
    assert table.hover_magick() == "hush_of_the_crypt"


def test_the_answer_prompt_makes_room_for_the_card_text(answering: NevermoreTable) -> None:
    table = answering
    rect, buttons = table.prompt_layout()
    lines = note_lines(table.layout, table.prompt_note(), rect.w)
    assert lines and " ".join(lines).endswith(ROSE_TEXT)
    assert all(b.rect.y > rect.y + table.layout.px(34) for b in buttons)  # under the title and the text
    assert [b.label for b in buttons] == ["Play Hush of the Crypt", "No magick", "Don't ask again this hand"]


def test_a_hint_rings_the_card_and_the_button_that_play_it(answering: NevermoreTable,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    table = answering
    hush = PlayMagick("hush_of_the_crypt")
    monkeypatch.setattr(NevermoreTable, "hinted", lambda self: hush)
    rings: list[pygame.Rect] = []
    monkeypatch.setattr(NevermoreTable, "draw_hint_ring", lambda self, surface, rect: rings.append(pygame.Rect(rect)))
    table.draw(pygame.Surface(table.app.screen.get_size()))
    card = next(c for c in table.magick_cards if c.code == "hush_of_the_crypt")
    _, buttons = table.prompt_layout()
    assert rings == [card.rect, buttons[0].rect]
    assert table.focus_rect() == buttons[0].rect


def test_every_kind_of_move_has_words() -> None:
    state = game([H("AAXHV"), H("HHRRV"), H("VVRAX")], variant="standard", drafted=False,
                 magick=[["midnight_thorn"], ["hush_of_the_crypt"], ["lamp_in_the_window"]])
    seen = state.observation(0)
    assert name_action(PassCards(("attack", "attack", "raven")), seen, NAMES) == "Pass Attack, Attack and Raven"
    assert name_action(KillCards(("healing",)), replace(seen, hand=("attack", "healing", "raven")), NAMES) == \
        "Kill Healing; keep Attack"
    assert name_action(AttackPlayer(1), seen, NAMES) == "Attack Boris"
    assert name_action(AttackAll(), seen, NAMES) == "Attack every other human for 1"
    assert name_action(Peck(False), seen, NAMES) == "Do not peck"
    pecking = replace(seen, decision=PeckDecision(0, "attack", (1, 2)))
    assert name_action(Peck(True), pecking, NAMES) == "Peck Boris and Cleo"
    assert name_action(PlayMagick("midnight_thorn", 1), seen, NAMES) == "Play Magick: Midnight Thorn on Boris"
    assert name_action(PlayMagick("lamp_in_the_window", -1, "victory"), seen, NAMES) == \
        "Play Magick: Lamp in the Window as Victory"
    assert name_action(PlayMagick("sextons_toll", -1, "victory,attack,healing,radiance"), seen, NAMES) == \
        "Play Magick: The Sexton's Toll in the order Victory, Attack, Healing, Radiance"
    assert name_action(NoMagick(), seen, NAMES) == "Play no Magick"
    answering = replace(seen, decision=RespondDecision(0, "respond_magick", 0, 1))
    assert name_action(PlayMagick("hush_of_the_crypt"), answering, NAMES) == "Answer with Hush of the Crypt"
    assert name_action(NoMagick(), answering, NAMES) == "Do not answer"


def test_the_spec_names_each_legal_move_differently() -> None:
    spec = get("nevermore")
    state = game([H("AAXHV"), H("HHRRV"), H("VVRAX")], variant="standard", drafted=False)
    legal = state.legal_actions()
    words = [spec.action_words(a, state.observation(state.current_player()), NAMES) for a in legal]
    assert len(set(words)) == len(legal) and all(w[0].isupper() and not w.endswith(".") for w in words)


def test_tips_never_tell_a_card_the_viewer_may_not_see(app: App) -> None:
    seats = ("normal", "normal", "normal")  # no human: a spectator sees every hand face down
    params = dict(load_variant(get("nevermore"), "standard").params)
    table = NevermoreTable(app, MatchSetup("nevermore", "standard", params, seats, default_names(seats), 4))
    table.session.autosave = False
    app.push(table)
    run(app)
    table.draw(pygame.Surface(app.screen.get_size()))
    hidden = [c for c in table.hand_cards if c.code is None and c.visible]
    assert hidden
    for card in hidden:
        tip = table.tips.at(card.rect.center)
        assert tip is not None and tip.text == FACE_DOWN_CARD_TIP
    for seat in (1, 2):
        plate = table.tips.at(table.geo.plates[seat].topleft)
        assert plate is not None and table.names[seat] in plate.text
