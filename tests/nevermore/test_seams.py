"""Nevermore's seams at the table: the log and the captions name Magick cards and causes in the game's words (never
an id), a Magick window is passed for a human only when no card of theirs can be played in it or when they
asked not to be asked again this hand (and "Ask again" or a take-back undoes that), and the hint's tag over a
prompt button leaves the prompt's text clear."""

from __future__ import annotations

import random
import re

import pygame
import pytest

import game.games  # noqa: F401  (registers every game)
from game.core.analysis import Analysis
from game.core.position import position_document
from game.core.setup import MatchSetup, default_names
from game.games.nevermore.spec import SPEC
from game.games.nevermore.rules import NevermoreState, Situation, new_game
from game.games.nevermore.rules import events as ev
from game.games.nevermore.rules.actions import NoMagick
from game.games.nevermore.table import NevermoreTable
from game.games.nevermore.view import HINT_TAG_TEXT
from game.games.nevermore.words import MUTE_LABEL, cause_words, describe
from game.ui.hint_panel import HINT_TAG
from game.ui.theme import font
from game.variants.loader import load_variant
from tests.app_input import click, key, run, run_until
from tests.nevermore.helpers import asked

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

NAMES = ["Ann", "Boris", "Cleo", "Dmitri", "Edith", "Fang"]
PARAMS = dict(load_variant(SPEC, "standard").params)
ID = re.compile(r"\b[a-z]+_[a-z_]+\b")
SUIT_ID = re.compile(r"\b(attack|healing|radiance|victory|raven)\b")
"""A suit's id in a line: the table names suits with a capital (``Attack``)."""
HANDS = [["attack", "healing", "radiance", "victory", "victory"], ["attack", "healing", "healing", "radiance", "victory"],
         ["healing", "radiance", "radiance", "victory", "attack"]]


# ------------------------------------------------------------------------------------------------ the log's words


@pytest.mark.parametrize(("event", "line"), [
    (ev.Damaged(2, 0, 1, 4, "midnight_thorn"), "Ann takes 1 damage (Midnight Thorn); Health 4."),
    (ev.Damaged(2, 0, 1, 4, "crimson_miasma"), "Ann takes 1 damage (Crimson Miasma); Health 4."),
    (ev.Damaged(1, 0, 1, 3, "attack_all"), "Ann takes 1 damage (Attack, 1 to every other human); Health 3."),
    (ev.Damaged(1, 0, 1, 3, "peck"), "Ann takes 1 damage (a Raven's peck); Health 3."),
    (ev.VPGained(1, 1, 2, "transformation"), "Boris gains 1 VP (turning a human into a Raven); 2 VP."),
    (ev.VPGained(1, 1, 2, "laurel_of_the_unbroken"), "Boris gains 1 VP (Laurel of the Unbroken); 2 VP."),
    (ev.DamagePrevented(0, 1, "shroud_of_sanctuary"), "1 damage to Ann is prevented (Shroud of Sanctuary)."),
    (ev.MagickPlayed(0, "lamp_in_the_window", -1, "attack", True),
     "Ann plays Lamp in the Window as Attack (Raven effect)."),
    (ev.TokensSeen(2, ("victory", "attack", "radiance")), "Cleo sees the hidden tokens: Victory, then Attack, "
                                                           "then Radiance."),
    (ev.CardsMoved(0, 1, ("midnight_thorn",), 1, "cutpurse_crow", "magick", ("shadow",)),
     "Midnight Thorn moves from Ann to Boris."),
    (ev.CardsMoved(0, 1, ("m:gravediggers_blade:attack:2", "healing"), 2, "changelings_bargain"),
     "Gravedigger's Blade (Attack x2), Healing move from Ann to Boris."),
    (ev.SkulkingRavens((0, 2), (0, 2), 1), "Skulking Ravens: Ann and Cleo draw 1 Shadow Magick card."),
])
def test_a_log_line_names_cards_causes_and_suits_in_the_games_words(event, line):  # noqa: ANN001
    assert describe(event, NAMES[:3]) == line


def test_an_id_no_card_set_knows_is_put_in_words_not_shown_raw():
    assert cause_words("hollow_bell_of_dusk") == "Hollow Bell Of Dusk"
    assert describe(ev.MagickPlayed(0, "hollow_bell_of_dusk", 1, "", False), NAMES[:3]) == "Ann plays Hollow Bell Of Dusk on Boris."


def test_no_line_of_random_games_shows_an_id_or_a_suits_id_to_any_viewer():
    """Every event of a few whole games with Magick, as each seat and a spectator read them."""
    seen = set()
    for seed in range(4):
        rng = random.Random(seed)
        players = 3 + seed
        state = new_game(PARAMS, players, seed)
        events = list(state.opening_events)
        while not state.is_terminal():
            events += state.apply(rng.choice(state.legal_actions()))
        for event in events:
            for viewer in [None, *range(players)]:
                line = describe(event.seen_by(viewer), NAMES[:players])
                assert not ID.search(line) and not SUIT_ID.search(line), line
                seen.add(type(event).__name__)
    assert {"Damaged", "MagickPlayed", "MagickDrawn", "VPGained", "SuitPlayed"} <= seen


# ------------------------------------------------------------------------------------------------ passing for a human


def open_at(app, position: dict | None = None) -> NevermoreTable:  # noqa: ANN001
    """A table of a human (seat 0) and two normal AIs, from the first deal or from ``position``."""
    seats = ("human", "normal", "normal")
    setup = MatchSetup("nevermore", "standard", dict(PARAMS), seats, default_names(seats), 3, position)
    table = NevermoreTable(app, setup)
    table.session.autosave = False
    app.push(table)
    run(app)
    return table


def after_draft(magick: list[str]) -> NevermoreState:
    """Drafted hands with seat 0 first to decide in the after-draft Magick window, holding ``magick``."""
    return new_game(PARAMS, 3, 3, situation=Situation(hands=HANDS, drafted=True, dealer=2, magick=[magick, [], []],
                                                  tokens=["attack", "healing", "radiance", "victory"]))


def magick_turn(table: NevermoreTable):  # noqa: ANN201
    return lambda: table.seat_to_play == 0 and asked(table.state)[0] in ("magick", "respond")


def test_a_window_a_card_of_the_human_can_be_played_in_is_asked(app):  # noqa: ANN001
    state = after_draft(["mourning_rose"])
    table = open_at(app, position_document(SPEC, state, "standard", PARAMS, 3))
    run(app, 30)
    assert asked(table.state)[:3] == ("magick", 0, "after_draft") and table.record.actions == ()
    labels = [b.label for b in table.prompt_layout()[1]]
    assert labels[0] == "Play Mourning Rose" and labels[-2:] == ["No magick", MUTE_LABEL]


def test_a_window_no_card_of_the_human_can_be_played_in_is_passed_for_them(app):  # noqa: ANN001
    """A position where seat 0 decides the after-draft window holding no card for it (its Mourning Rose is in
    the discard): the table passes for it, as a forced move, and the game goes on."""
    document = position_document(SPEC, after_draft(["mourning_rose"]), "standard", PARAMS, 3)
    document["seats"][0]["magick"] = []
    document["light_discard"] = document["light_discard"] + ["Mourning Rose"]
    table = open_at(app, document)
    run(app, 30)
    assert table.record.actions[:1] == ("no magick",)
    assert asked(table.state) is None or asked(table.state)[:3] != ("magick", 0, "after_draft")


def test_dont_ask_again_passes_the_humans_windows_until_the_hand_ends(app, stacked):  # noqa: ANN001
    """Midnight Thorn may be played before and after every suit: once asked not to be, the human is asked no
    more this hand (each window recorded as their "no magick"), and is asked again in the next hand."""
    stacked(Situation(hands=HANDS, drafted=True, dealer=2, magick=[["midnight_thorn"], [], []],
                      tokens=["attack", "healing", "radiance", "victory"]))
    table = open_at(app)
    run_until(app, lambda: magick_turn(table)() and asked(table.state)[2].startswith("before_suit"))
    hand, before = table.state.hand_no, len(table.record.actions)
    click(app, next(b for b in table.prompt_layout()[1] if b.label == MUTE_LABEL).rect.center)
    assert table.record.actions[before] == "no magick" and table.muted(0)
    prompts: list[tuple] = []
    run_until(app, lambda: table.hand_end.up is not None, limit=20000, each=lambda: other_decisions(table, prompts))
    assert not prompts
    passed = [text for text in table.record.actions[before:] if text == "no magick"]
    assert len(passed) >= 4  # every later window of that hand
    assert table.state.hand_no > hand and not table.muted(0)


def other_decisions(table: NevermoreTable, prompts: list[tuple]) -> None:
    """Play the human's decisions that are not Magick (its first legal move); note each Magick prompt shown."""
    if table.seat_to_play != 0:
        return
    if asked(table.state)[0] in ("magick", "respond"):
        prompts.append(asked(table.state))
    else:
        table.choose(table.state.legal_actions()[0])


def test_ask_again_brings_the_prompt_back_in_the_same_hand(app, stacked):  # noqa: ANN001
    stacked(Situation(hands=HANDS, drafted=True, dealer=2, magick=[["midnight_thorn"], [], []],
                      tokens=["attack", "healing", "radiance", "victory"]))
    table = open_at(app)
    run_until(app, lambda: magick_turn(table)() and asked(table.state)[2].startswith("before_suit"))
    click(app, next(b for b in table.prompt_layout()[1] if b.label == MUTE_LABEL).rect.center)
    assert table.ask_again_rect() is not None
    key(app, pygame.K_m)
    assert not table.muted(0) and table.ask_again_rect() is None
    hand = table.state.hand_no
    run_until(app, magick_turn(table), limit=20000, each=lambda: other_decisions(table, []))
    assert table.state.hand_no == hand and asked(table.state)[2].startswith(("after_suit", "before_suit"))


def take_back_to(table: NevermoreTable, moves: int) -> None:
    """What undo does once it has found how far back to go: the record cut to ``moves`` and the game rebuilt."""
    table.record = table.record.undone(len(table.record.actions) - moves)
    table._rebuild()


def test_a_take_back_shows_the_window_it_went_back_to_and_drops_a_mute_it_took_back(app, stacked):  # noqa: ANN001
    stacked(Situation(hands=HANDS, drafted=True, dealer=2, magick=[["midnight_thorn"], [], []],
                      tokens=["attack", "healing", "radiance", "victory"]))
    table = open_at(app)
    run_until(app, lambda: magick_turn(table)() and asked(table.state)[2].startswith("before_suit"))
    muted_at = len(table.record.actions)
    click(app, next(b for b in table.prompt_layout()[1] if b.label == MUTE_LABEL).rect.center)
    run_until(app, lambda: table.hand_end.up is not None, limit=20000, each=lambda: other_decisions(table, []))
    passed = [i for i, (mover, text) in enumerate(zip(table.session.ledger.movers, table.record.actions))
              if i > muted_at and mover == 0 and text == "no magick"]
    take_back_to(table, passed[-1])
    run(app, 20)
    assert magick_turn(table)() and table.muted(0)  # a window passed for it, shown again: not passed again
    assert len(table.record.actions) == passed[-1]
    take_back_to(table, muted_at)
    run(app, 20)
    assert magick_turn(table)() and not table.muted(0)  # the decision that asked it is taken back
    assert len(table.record.actions) == muted_at


# ------------------------------------------------------------------------------------------------ the hint's tag


def test_the_hints_tag_over_a_prompt_button_leaves_the_prompts_title_clear(app, stacked):  # noqa: ANN001
    stacked(Situation(hands=HANDS, drafted=True, dealer=2, magick=[["midnight_thorn"], [], []],
                      tokens=["attack", "healing", "radiance", "victory"]))
    table = open_at(app)
    run_until(app, lambda: magick_turn(table)() and asked(table.state)[2].startswith("before_suit"))
    plain, _ = table.prompt_layout()
    table.hints.hint = Analysis(0, NoMagick())
    table.hints.version = len(table.record.actions)
    rect, buttons = table.prompt_layout()
    ringed = next(b.rect for b in buttons if b.action == NoMagick())
    lay = table.layout
    title_bottom = rect.y + lay.px(17) + font(lay.text_px(17), bold=True).get_height() // 2
    tag_top = ringed.y - lay.px(5) + lay.px(2) - font(lay.text_px(HINT_TAG_TEXT), bold=True).size(HINT_TAG)[1] - \
        lay.px(2)  # where game.ui.hint_panel draws the tag: over the ring, 5 units round the button
    assert tag_top >= title_bottom
    assert rect.bottom == plain.bottom and rect.h > plain.h  # the panel grows upwards: the buttons stay put
