"""The Reapers table explains itself: moves in a player's words, tips that hide what is face down, the hint's
ring and the keyboard's focus."""

from __future__ import annotations

import pygame

import game.games  # noqa: F401  (registers every game)
from game.core.analysis import Analysis
from game.core.registry import get
from game.games.reapers import rules as r
from game.games.reapers.rules import PlaceWager, PlayCard, TakePile
from game.games.reapers.rules.cards import SUIT_NAMES, card_name
from game.games.reapers.table import ReapersTable
from game.games.reapers.view import Card
from game.games.reapers.words import name_action
from game.scenes.tables import table_class
from game.variants.loader import load_variant
from tests.reapers.helpers import STANDARD, layout, play
from tests.app_input import make_app, open_table

# Four players, pistols trump (G9), Graveyard O2 P4 D*: every seat has one Reaper (as test_reapers_tricks' L1).
L1 = {
    0: "D9 D2 O3 O4 P5 P6 G2 G3 R",
    1: "D8 D3 O5 O6 P7 P8 G4 G5 R",
    2: "D7 D4 O7 O8 P9 P* G6 G7 R",
    3: "D6 D5 O9 O* P2 P3 G8 G* R",
}
NAMES = ["Ann", "Boris", "Cleo", "Dmitri"]
CARD_WORDS = (*SUIT_NAMES.values(), "Demon", "Reaper")


def test_each_kind_of_move_in_a_players_words() -> None:
    state = r.new_game(STANDARD, 4, 3)
    obs = state.observation(0)
    pile = obs.piles[3]
    assert pile is not None
    words = name_action(TakePile(3), obs, NAMES)
    assert words.startswith("Take pile 4 (")  # numbered from 1, as the table labels the piles
    assert all(card_name(c) in words for c in pile)
    for wager, said in (("fewest", "Wager: fewest points"), ("second", "Wager: second most points"),
                        ("none", "No wager")):
        assert name_action(PlaceWager(wager), obs, NAMES) == said
    state = layout(4, L1, "O2 P4 D*", "G9")
    obs = state.observation(0)
    assert name_action(PlayCard("P5"), obs, NAMES) == "Play the 5 of plague"
    assert name_action(PlayCard("O*"), obs, NAMES) == "Play the Demon of poison"
    play(state, "D2")
    assert name_action(PlayCard("R"), state.observation(1), NAMES) == \
        "Play the Reaper (takes the 2 of poison from the Graveyard)"
    play(state, "R")
    assert name_action(PlayCard("R"), state.observation(2), NAMES) == \
        "Play the Reaper (takes nothing: a Reaper already took from the Graveyard this trick)"
    assert get("reapers").action_words(PlayCard("R"), state.observation(2), NAMES).startswith("Play the Reaper")


def _tips_of_backs(table: ReapersTable) -> list[str]:
    surface = pygame.Surface(table.app.screen.get_size())
    table.draw(surface)
    backs = [s for s in table.sprites if isinstance(s, Card) and s.code is None and s.visible and s.alpha > 8]
    assert backs, "no face-down card on the table"
    texts = []
    for card in backs:
        tip = table.tips.at(card.rect.center)
        assert tip is not None
        texts.append(tip.text)
    return texts


def test_a_face_down_cards_tip_says_face_down_and_nothing_of_the_card() -> None:
    spec = get("reapers")
    params = dict(load_variant(spec, "standard").params)
    for seats in (["human", "normal", "normal", "normal"], ["normal"] * 4):  # a player's view, a spectator's
        app = make_app()
        try:
            table = open_table(app, table_class(spec), "reapers", seats, params, seed=5)
            table.play_instantly(20)  # into the draft's end or the play: hands are held
            while table.state.phase == r.DRAFT and table.seat_to_play is not None:
                table.submit(table.state.legal_actions()[0])
                table.play_instantly(20)
            for text in _tips_of_backs(table):
                assert "face down" in text
                assert not any(word.lower() in text.lower() for word in CARD_WORDS), text
        finally:
            app.close()


def test_the_hint_rings_its_pile_and_the_keys_focus_has_a_tip() -> None:
    spec = get("reapers")
    app = make_app()
    try:
        table = open_table(app, table_class(spec), "reapers", ["human", "normal", "normal"],
                           dict(load_variant(spec, "standard").params), seed=5)
        table.play_instantly(20)
        choices = table.choices()
        assert table.seat_to_play == 0 and isinstance(choices[0][0], TakePile)
        action, rect = choices[2]
        rings: list[pygame.Rect] = []
        table.draw_hint_ring = lambda surface, where: rings.append(pygame.Rect(where))  # type: ignore[method-assign]
        table.draw(app.screen)
        assert rings == []  # no hint asked
        table.hints.hint, table.hints.version = Analysis(0, action), len(table.record.actions)
        table.draw(app.screen)
        assert rings == [rect]
        assert table.focus_rect() == choices[0][1]  # the first choice until a key moves the focus
        tip = table.tips.at(choices[0][1].center)
        assert tip is not None and "Pile 1" in tip.text
    finally:
        app.close()
