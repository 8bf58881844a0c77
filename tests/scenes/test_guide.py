"""The first-game guide: its content for every game, shown once on the first new table with a human (and
remembered), and reachable from the pause menu and the rules reader."""

import pygame
import pytest

from game.core.bounded import InputError
from game.core.registry import all_games, get
from game.core.settings import Settings
from game.core.setup import MatchSetup
from game.scenes import guide_content
from game.scenes.guide import TEXT_BOX, GuideScene
from game.scenes.guide_content import has_guide, load_guide
from game.scenes.pause import GUIDE_LABEL, PauseScene
from game.scenes.replay import ReplayScene
from game.scenes.rulebook import RulesScene
from game.scenes.setup import SetupScene
from game.scenes.tables import open_replay, open_table
from game.storage.settings import load_settings
from game.ui import assets
from game.ui.app import App
from game.ui.table import TableScene
from tests.app_input import click, key, run
from tests.toygame import NAME

GAME = "trick-or-treat"
"""The game the flow tests open: the quickest table to build."""


def new_table(app, seats=("human", "normal"), game=GAME):
    """A new table of ``game`` opened the way the setup's Start opens it, pushed, and a frame run."""
    spec = get(game)
    players = max(spec.min_players, len(seats))
    seats = tuple(seats) + ("normal",) * (players - len(seats))
    setup = MatchSetup(game, "standard", _standard_params(game), seats, tuple(f"P{i}" for i in range(players)), 4)
    table = open_table(app, setup, first_guide=True)
    table.session.autosave = False
    app.push(table)
    run(app)
    return table


def _standard_params(game):
    from game.variants.loader import load_variant

    return dict(load_variant(get(game), "standard").params)


SHIPPED = all_games()
"""The games shipped, read when the tests are collected (a test may register a toy game later)."""


@pytest.mark.parametrize("spec", SHIPPED, ids=lambda spec: spec.name)
def test_every_game_has_a_guide_that_reads_and_draws(app, spec):
    assert has_guide(spec.name)
    guide = load_guide(spec.name)
    assert guide.win and 2 <= len(guide.turn) and 2 <= len(guide.surprises) and guide.picture
    for size in ((1280, 720), (1920, 1080)):
        sized = App(Settings(), size=size) if size != (1280, 720) else app
        scene = GuideScene(sized, spec.name)
        sized.push(scene)
        run(sized)
        assert scene.guide == guide and not scene.problem
        assert scene.text_height() <= sized.layout.box(*TEXT_BOX).h  # the words fit their box
        for figure, rect in zip(guide.picture, scene.picture_slots(guide)):
            assert figure.kind == "text" or scene._art(figure, rect.size) is not None, figure
            assert sized.layout.rect.contains(rect)
        if sized is not app:
            sized.close()


def test_the_guides_name_what_surprises_new_players():
    surprises = {spec.name: " ".join(load_guide(spec.name).surprises).lower() for spec in SHIPPED}
    assert "lowest" in surprises["reapers"]
    assert "order" in surprises["spectral-reapers"]
    assert "raven" in surprises["nevermore"]
    assert "winner of the trick gets no candy" in surprises["trick-or-treat"]


def test_reapers_picture_marks_the_lowest_card_of_the_trick_as_taken(app):
    picture = load_guide("reapers").picture
    cards = [f for f in picture if f.kind == "card" and f.art.startswith("reapers/") and f.art[-1].isdigit()]
    taken = [f for f in cards if f.mark == "ring"]
    assert len(taken) == 1 and taken[0] == min(cards, key=lambda f: int(f.art.rsplit("-", 1)[1]))
    assert assets.card_face("reapers", taken[0].art.split("/")[1], (50, 70))


def test_the_guide_opens_on_the_first_new_table_only_and_is_remembered(app):
    table = new_table(app)
    guide = app.top
    assert isinstance(guide, GuideScene) and guide.game == GAME and app.stack[-2] is table
    assert GAME in app.settings.guides_seen
    saved, notices = load_settings()
    assert notices == [] and saved.guides_seen == (GAME,)
    key(app, pygame.K_RETURN)
    assert app.top is table
    app.pop()
    run(app)
    again = new_table(app)
    assert app.top is again
    app.pop()
    run(app)
    fresh = App(saved, size=(1280, 720))  # the next run of the app remembers it too
    try:
        table = new_table(fresh)
        assert fresh.top is table
    finally:
        fresh.close()


def test_the_setups_start_brings_the_guide_over_the_table_it_opens(app):
    setup = SetupScene(app, get("reapers"))
    app.push(setup)
    run(app)
    setup.start()
    run(app)
    assert isinstance(app.top, GuideScene) and isinstance(app.stack[-2], TableScene)
    assert setup not in app.stack
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TableScene) and app.settings.guides_seen == ("reapers",)


def test_no_guide_for_all_ai_tables_replays_resumed_games_or_tables_opened_by_code(app):
    table = new_table(app, seats=("normal", "normal"))
    assert app.top is table
    app.pop()
    replay = open_replay(app, table.record)
    app.push(replay)
    run(app)
    assert isinstance(app.top, ReplayScene) and app.stack[-2] is replay  # the viewer's bar, over the table
    app.pop()
    app.pop()
    setup = MatchSetup(GAME, "standard", _standard_params(GAME), ("human", "normal"), ("A", "B"), 4)
    resumed = open_table(app, setup, setup.record(), first_guide=True)
    app.push(resumed)
    run(app)
    assert app.top is resumed
    app.pop()
    by_code = open_table(app, setup)  # tests, benches: no guide unless asked for
    app.push(by_code)
    run(app)
    assert app.top is by_code and app.settings.guides_seen == ()


def test_no_guide_for_a_game_without_one(app, toy_game):
    toy = open_table(app, MatchSetup(NAME, "standard", {"tricks": 3}, ("human", "normal"), ("A", "B"), 4),
                     first_guide=True)
    app.push(toy)
    run(app)
    assert app.top is toy and app.settings.guides_seen == ()


def test_a_guide_already_seen_does_not_open_again(app):
    app.settings = Settings(animation_speed="off", ai_pause_ms=0, guides_seen=(GAME,))
    table = new_table(app)
    assert app.top is table


@pytest.mark.parametrize("close", ["return", "space", "escape", "click"])
def test_the_guide_closes_with_enter_space_esc_or_a_click(app, close):
    pause = PauseScene(app, game=GAME)
    app.push(pause)
    run(app)
    guide = GuideScene(app, GAME)
    app.push(guide)
    run(app)
    if close == "click":
        click(app, app.layout.point(900, 600))
    else:
        key(app, getattr(pygame, f"K_{close.upper()}" if close != "return" else "K_RETURN"))
    assert app.top is pause


def test_the_pause_menu_opens_the_guide_by_keys(app):
    table = new_table(app, seats=("human", "normal"))
    key(app, pygame.K_RETURN)  # the first-game guide
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    labels = [button.label for button in pause.group.widgets]
    assert labels[:3] == ["Resume", "Rules", GUIDE_LABEL] and labels[-2:] == ["Save a bug report", "Quit to menu"]
    key(app, pygame.K_DOWN)  # Rules
    key(app, pygame.K_RIGHT)  # How to play, beside it
    assert pause.group.focused.label == GUIDE_LABEL
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, GuideScene) and app.top.game == GAME
    key(app, pygame.K_SPACE)
    assert app.top is pause
    key(app, pygame.K_UP)
    assert pause.group.focused.label == "Resume"
    for _ in range(4):
        key(app, pygame.K_DOWN)
    assert pause.group.focused.label == "Quit to menu"  # Up / Down walk the lines, the pair is one
    assert table in app.stack


def test_the_pause_menu_without_a_guide_greys_the_button(app, toy_game):
    pause = PauseScene(app, game=NAME)
    assert not next(b for b in pause.group.widgets if b.label == GUIDE_LABEL).enabled


def test_the_rules_reader_opens_the_guide_by_key_and_button(app):
    reader = RulesScene(app, "nevermore")
    app.push(reader)
    run(app)
    key(app, pygame.K_g)
    assert isinstance(app.top, GuideScene) and app.top.game == "nevermore"
    key(app, pygame.K_ESCAPE)
    assert app.top is reader
    key(app, pygame.K_RIGHT)  # the next game's tab
    click(app, reader.guide_button.rect.center)
    assert isinstance(app.top, GuideScene) and app.top.game == "trick-or-treat"


def test_the_rules_reader_greys_the_guide_of_a_game_without_one(app, toy_game):
    reader = RulesScene(app, NAME)
    app.push(reader)
    run(app)
    assert not reader.guide_button.enabled
    key(app, pygame.K_g)
    assert app.top is reader


BAD_GUIDES = [
    ("win: 3\nturn: [a]\nsurprises: [b]\npicture: {caption: c, items: [{text: x}]}\n", 1, "win: must be text"),
    ("win: w\nturn: []\nsurprises: [b]\npicture: {caption: c, items: [{text: x}]}\n", 2, "1 to 4 lines"),
    ("win: w\nturn: [a]\nsurprises: [b]\npicture:\n  caption: c\n  items:\n    - {bead: 9}\n", 7,
     "seat colour from 0 to 5"),
    ("win: w\nturn: [a]\nsurprises: [b]\npicture: {caption: c, items: [{card: raven}]}\n", 4, "<deck>/<card id>"),
    ("win: w\nturn: [a]\nsurprises: [b]\npicture: {caption: c, items: [{text: x, mark: glow}]}\n", 4,
     "must be one of ring, cross"),
    ("win: w\nturn: [a]\nsurprises: [b]\npicture: {caption: c, items: [{text: x}]}\nextra: 1\n", 5,
     "not a guide section"),
    ("win: w\nturn: [a]\nsurprises: [b]\n", 1, "has no 'picture' section"),
    ("win: " + "w" * 400 + "\nturn: [a]\nsurprises: [b]\npicture: {caption: c, items: [{text: x}]}\n", 1,
     "at most 320"),
]


@pytest.mark.parametrize("text, line, message", BAD_GUIDES)
def test_a_wrong_guide_file_is_refused_with_its_line(tmp_path, text, line, message):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_guide("game", path)
    assert caught.value.line == line and message in str(caught.value) and str(path) in str(caught.value)


def test_a_guide_that_cannot_be_read_says_so_on_its_screen(app, tmp_path, monkeypatch):
    monkeypatch.setattr(guide_content, "GUIDES_DIR", tmp_path)
    (tmp_path / f"{GAME}.yaml").write_text("win: [", encoding="utf-8")
    scene = GuideScene(app, GAME)
    app.push(scene)
    run(app)
    assert scene.guide is None and "could not be read" in scene.problem
    assert any("could not be read" in line for _, line in scene.text_lines)
