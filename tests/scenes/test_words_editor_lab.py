"""Player words, not the file's: the variant editor's choices, looks and help, the lab sweep's rule in its
set-up, progress and charts; the editor's text fields (Ctrl+A, a description shown whole) and what it says
after a save; the variant named on Continue, in the finished games and before a game is abandoned."""

from __future__ import annotations

import csv
import re
from datetime import datetime, timezone

import pygame
import pytest

from game.core.params import Param
from game.core.registry import all_games, get
from game.core.setup import MatchSetup
from game.lab.sweep import sweep
from game.scenes.lab import scene as lab_module
from game.scenes import variant_editor_fields
from game.scenes.lab import sweep_views as lab_sweep_views
from game.scenes.confirm import ConfirmScene
from game.scenes.continue_menu import ContinueMenu, SaveRow
from game.scenes.lab.scene import SWEEP, LabScene
from game.scenes.lab.sweep_setup import SweepSetup
from game.scenes.lab.sweep_export import csv_text
from game.scenes.abandon import abandon_question
from game.scenes.stats import game_cells
from game.scenes.variant_editor import VariantEditorScene
from game.scenes.variant_editor_fields import DRAWN_LOOKS, LongTextField
from game.storage.history import HistoryEntry
from game.storage.saves import saved_games, save_game
from game.ui.app import Scene
from game.ui.choices import set_options
from game.ui.widgets import Choice, TextField
from game.variants.help import player_help, player_words, variant_words
from game.variants.loader import MAX_DESCRIPTION_CHARS, load_variant
from tests.app_input import key, run, text

CODE_WORDS = re.compile(r"\b[a-z]+_[a-z_0-9]+\b|\(data\)|\b(?:true|false)\b|\b[a-z]+-(?:seat|in|game|joker|stays)\b")
"""What a help text must not say: a key (``supply_per_player``), the file's aside, a switch's YAML value or
a choice as the file spells it (``first-seat``, ``all-in``)."""


def test_a_key_path_or_a_choice_reads_as_player_words():
    dealer = get("trick-or-treat").schema.fields["joker_jackpot_dealer"]
    assert isinstance(dealer, Param)
    assert player_words("coloured-joker", dealer) == "Coloured joker's player"  # the schema's label
    assert player_words("dealer-stays", dealer) == "Dealer stays"  # no label: humanised
    assert player_words("supply_per_player") == "Supply per player"
    assert player_words("candy[0].value") == "Candy 1 \u00b7 value"
    assert player_words("magick.vp_ceiling") == "Magick \u00b7 VP ceiling"


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.name)
def test_the_help_the_editor_shows_has_no_code_words(spec):
    said = {path: CODE_WORDS.findall(text) for path, text in player_help(spec).texts.items()}
    assert {path: words for path, words in said.items() if words} == {}


def test_the_candy_help_says_the_supply_in_words():
    candy = player_help(get("trick-or-treat")).text(("candy",))
    assert "'Supply per player' times players" in candy and "(data)" not in candy


def open_editor(app, game: str = "trick-or-treat", variant: str = "nasty-candy") -> VariantEditorScene:  # noqa: ANN001
    app.push(Scene(app))
    spec = get(game)
    editor = VariantEditorScene(app, spec, load_variant(spec, variant))
    app.push(editor)
    run(app)
    return editor


def widget(editor: VariantEditorScene, keys: tuple):  # noqa: ANN201
    return next(line.widget for line in editor.rows if line.keys == keys and line.widget is not None)


def test_the_editor_shows_choices_and_looks_in_player_words(app):
    editor = open_editor(app)
    top_up = widget(editor, ("short_top_up",))
    assert isinstance(top_up, Choice) and [label for _, label in top_up.options] == ["All in", "Game ends"]
    assert widget(editor, ("first_dealer",)).value_text() == "Random"
    look = widget(editor, ("candy", 0, "look"))
    assert isinstance(look, Choice) and [v for v, _ in look.options] == list(DRAWN_LOOKS)
    assert look.value == "orange-wrapped" and look.value_text() == "Orange wrapped"
    look.adjust(1)
    assert editor.params["candy"][0]["look"] == look.value != "orange-wrapped"
    assert "'Supply per player'" in next(line.help for line in editor.rows if line.keys == ("candy",))


def test_a_look_the_table_does_not_know_is_kept_among_the_choices(app):
    editor = open_editor(app)
    editor.params["candy"][0]["look"] = "teal"
    editor.build()
    look = widget(editor, ("candy", 0, "look"))
    assert look.value == "teal" and [v for v, _ in look.options] == ["teal", *DRAWN_LOOKS]


def test_ctrl_a_selects_the_whole_text_then_typing_or_backspace_replaces_it(app):
    editor = open_editor(app)
    title = editor.title_field
    assert editor.group.focused is title
    pygame.key.set_mods(pygame.KMOD_CTRL)
    try:
        key(app, pygame.K_a, pygame.KMOD_CTRL)
    finally:
        pygame.key.set_mods(pygame.KMOD_NONE)
    assert title.selected and title.text == "Nasty Candy (mine)"
    text(app, "Sour")
    assert title.text == "Sour" and not title.selected
    key(app, pygame.K_BACKSPACE)
    assert title.text == "Sou"  # nothing selected now: one character
    title.selected = True
    key(app, pygame.K_BACKSPACE)
    assert title.text == ""


def test_a_long_description_is_drawn_whole(app, monkeypatch):
    editor = open_editor(app)
    words = " ".join(f"word{n}" for n in range(60))[:MAX_DESCRIPTION_CHARS].rsplit(" ", 1)[0]
    editor.description.text = words
    drawn: list[str] = []
    real = variant_editor_fields.draw_text
    monkeypatch.setattr(variant_editor_fields, "draw_text",
                        lambda surface, line, *rest, **options: drawn.append(line) or real(surface, line, *rest,
                                                                                           **options))
    assert isinstance(editor.description, LongTextField)
    editor.description.draw(app.screen, app.palette, app.layout, False)
    assert " ".join(drawn[1:]) == words  # the label, then every line of the text


def test_after_a_save_the_header_names_the_variant_and_the_notice_leaves_the_title_clear(app):
    editor = open_editor(app)
    assert editor.title == "New variant"
    editor.save()
    run(app)
    assert editor.title == "Edit Nasty Candy (mine)"
    assert "Saved Nasty Candy (mine)" in editor.notice and not app.toasts
    editor.resize(app.layout)
    app.draw()


def test_a_second_copy_of_a_builtin_gets_a_title_of_its_own_and_replace_names_the_title(app):
    first = open_editor(app)
    first.save()
    run(app)
    app.pop()
    run(app)
    second = open_editor(app)
    assert second.title_field.text == "Nasty Candy (mine 2)"
    second.title_field.text = "Nasty Candy (mine)"
    second.save()
    run(app)
    assert isinstance(app.top, ConfirmScene)
    assert "\u201cNasty Candy (mine)\u201d" in app.top.question and "'nasty-candy-mine'" not in app.top.question


def test_the_sweep_says_its_rule_in_words_in_setup_progress_and_charts(app, monkeypatch):
    spec = get("trick-or-treat")
    setup = SweepSetup()
    setup.refresh(spec, load_variant(spec, "standard"))
    assert dict(setup.param.options)["supply_per_player"] == "Supply per player"
    set_options(setup.param, setup.param.options, "supply_per_player")
    assert setup.label == "Supply per player"
    for choice, beyond in ((setup.start, 200), (setup.stop, 500), (setup.step, 300)):
        set_options(choice, [(beyond, str(beyond))], beyond)  # 500 is past the rule's most, 200
    assert setup.problem().startswith("Value") and "'Supply per player'" in setup.problem()
    assert "supply_per_player" not in setup.problem()
    result = sweep(spec, 2, load_variant(spec, "standard"), "supply_per_player", [6], ["random"] * 2, 4, 1)
    axes: list[str] = []
    monkeypatch.setattr(lab_sweep_views, "band_chart",
                        lambda *args, x_title="", **options: axes.append(x_title))
    lab_sweep_views.draw_chart(app.screen, app.layout.box(0, 0, 600, 300), app.layout, app.palette, result,
                               lab_sweep_views.charts(result)[0][0])
    assert axes == ["Supply per player"]
    rows = list(csv.reader(csv_text(result, spec.title).splitlines()))
    assert ["rule", "Supply per player"] in rows and ["parameter", "supply_per_player"] in rows


def test_the_lab_names_the_rule_and_the_variant_while_it_sweeps(app, monkeypatch):
    monkeypatch.setattr(lab_module, "LabRun", lambda job, total: None)  # nothing run: only what is said
    app.push(Scene(app))
    lab = LabScene(app, get("trick-or-treat"))
    app.push(lab)
    run(app)
    set_options(lab.kind, lab.kind.options, SWEEP)
    lab._kind_changed(SWEEP)
    lab.start()
    assert lab.names == ("Standard", "Supply per player")


def progress_record(variant: str) -> MatchSetup:
    spec = get("trick-or-treat")
    params = load_variant(spec, "nasty-candy").params
    return MatchSetup(spec.name, variant, dict(params), ("human", "normal", "normal"), ("Ann", "Bo", "Cy"), 4)


@pytest.mark.parametrize(("variant", "row", "asked"), [
    ("nasty-candy", "Trick or Treat: Nasty Candy", "a game of Trick or Treat (Nasty Candy) in progress"),
    ("sugar-rush", "Trick or Treat: Sugar rush", "a game of Trick or Treat (Sugar rush) in progress"),  # gone
    ("standard", "Trick or Treat", "a game of Trick or Treat in progress")])
def test_continue_and_the_abandon_question_name_the_variant_of_a_game_in_progress(app, variant, row, asked):
    save_game(progress_record(variant).record())
    app.push(Scene(app))
    listing = ContinueMenu(app)
    app.push(listing)
    run(app)
    assert [w.label for w in listing.group.widgets if isinstance(w, SaveRow)] == [row]
    assert asked in abandon_question(saved_games()[0][0])


def test_a_finished_game_is_listed_under_its_variant():
    spec = get("trick-or-treat")
    assert variant_words(spec, "standard") == "" and variant_words(spec, "nasty-candy") == "Nasty Candy"
    entry = HistoryEntry(id=1, played_at=datetime(2026, 1, 2, 3, 4, tzinfo=timezone.utc), game=spec.name,
                         variant="nasty-candy", seats=("human", "normal"), names=("Ann", "Bo"), humans=(0,),
                         finished=True, scores=(3.0, 1.0), winners=(0,), actions=10, seconds=None, hints=0,
                         figures={})
    assert game_cells(entry, "Nasty Candy")[1] == "Nasty Candy, 2 players vs normal"
    assert game_cells(entry)[1] == "2 players vs normal"


def test_a_text_field_without_ctrl_types_the_letter_a(app):
    field = TextField("Name", "Bo")
    pygame.key.set_mods(pygame.KMOD_NONE)
    assert not field.key(pygame.K_a) and not field.selected
