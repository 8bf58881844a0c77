"""The variant lab's sweep, headless: chosen and run by keys with progress, charted, exported as CSV and PNG,
cancelled midway; a range the rules refuse; the variants a lab is opened with; the variant editor's buttons."""

import csv
import dataclasses
import sys
import types

import pygame
import pytest

import game.games  # noqa: F401  (registers the four games, for a real rule that cannot move)
from game.core.params import Param
from game.core.registry import get
from game.lab.sweep import sweep
from game.scenes.lab import edit as lab_edit
from game.scenes.lab.export import PNG_SIZE
from game.scenes.lab.scene import RESULTS, RUNNING, SETUP, SWEEP, LabScene
from game.scenes.lab.sweep_setup import SweepSetup, grid, range_values
from game.scenes.lab.sweep_views import charts, render_sheet
from game.scenes.menu import MainMenu
from game.variants.loader import load_variant
from tests.app_input import key, run, run_while_working
from tests.scenes.test_lab import choose, open_lab, press, toy  # noqa: F401  (toy: a fixture)


def to_sweep(app, lab):
    """Step the Study choice (after the game and the players) to 'Sweep a rule' by keyboard."""
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert lab.group.focused is lab.kind
    key(app, pygame.K_RIGHT)
    assert lab.kind.value == SWEEP and lab.run_button.label == "Run sweep"
    assert lab.sweep_setup.param in lab.group.widgets and lab.variant_b not in lab.group.widgets


def test_a_sweep_runs_by_keys_draws_its_charts_and_exports(app, toy, user_dirs):
    lab = open_lab(app)
    to_sweep(app, lab)
    setup = lab.sweep_setup
    assert setup.key == "tricks" and "tricks per game" in setup.doc.lower()
    assert setup.values() == [1, 2, 3] and setup.problem() == ""  # around the base value 3, within 1..3
    choose(lab.seats.all, "slow")
    choose(lab.count, 10)
    press(app, lab, lab.run_button)
    assert lab.mode == RUNNING and lab.progress == (0, 30)
    seen = []
    run_while_working(app, lambda: (seen.append(lab.progress[0]), lab.mode != RUNNING)[1])
    assert lab.mode == RESULTS, lab.error
    assert any(0 < done < 30 for done in seen)
    result = lab.sweep_result
    assert [p.value for p in result.points] == [1, 2, 3] and result.base.value == 3 and result.games == 10
    # the toy game ignores its rule, so the same seeds play the same games at every value: nothing differs
    assert len({tuple(p.series.lengths) for p in result.points}) == 1
    found, _ = charts(result)
    assert [c.title for c in found[:2]] == ["Win share by seat", "Game length (actions)"]
    assert len(found[0].lines) == 4 and not any(found[1].lines[0].marked)
    assert "sweep of Tricks" in lab.subtitle
    run(app, 2)
    press(app, lab, lab.result_buttons[0])  # Export CSV
    press(app, lab, lab.result_buttons[1])  # Export PNG
    folder = user_dirs[1] / "lab"
    csv_files, png_files = sorted(folder.glob("*.csv")), sorted(folder.glob("*.png"))
    assert len(csv_files) == 1 and len(png_files) == 1 and lab.saved == [csv_files[0], png_files[0]]
    with csv_files[0].open(encoding="utf-8") as handle:
        table = list(csv.reader(handle))
    assert ["parameter", "tricks"] in table and ["base value", "3"] in table
    lengths = [line for line in table if len(line) > 1 and line[1] == "actions per game"]
    assert [line[0] for line in lengths] == ["1", "2", "3"] and lengths[0][-1] == "no" and lengths[2][-1] == "base"
    assert pygame.image.load(str(png_files[0])).get_size() == PNG_SIZE
    run(app)
    key(app, pygame.K_ESCAPE)  # back to the setup, the sweep still chosen
    assert lab.mode == SETUP and lab.kind.value == SWEEP


def test_a_sweep_can_be_cancelled_midway(app, toy):
    lab = open_lab(app)
    to_sweep(app, lab)
    choose(lab.seats.all, "very slow")
    choose(lab.count, 2000)
    lab.start()
    run_while_working(app, lambda: lab.progress[0] >= 1)
    key(app, pygame.K_ESCAPE)
    run_while_working(app, lambda: lab.mode != RUNNING)
    assert lab.mode == SETUP and lab.sweep_result is None
    assert "Cancelled after" in lab.error and "nothing was charted" in lab.error
    run(app, 2)


def test_a_range_that_cannot_be_played_is_said_and_not_run(app, toy):
    lab = open_lab(app)
    to_sweep(app, lab)
    choose(lab.sweep_setup.start, 3)
    while lab.sweep_setup.stop.adjust(-1) and lab.sweep_setup.stop.value != 1:  # Left, as the keyboard would
        pass
    assert "'To' is below 'From'" in lab.sweep_setup.problem()
    lab.start()
    assert lab.mode == SETUP and lab.run is None and "'To' is below" in lab.error
    run(app, 2)


def test_the_range_choices_stay_within_the_rule_and_offer_a_grid_for_a_wide_one():
    values, unit = grid(Param(int, "candy", 1, 200), 10)
    assert values == list(range(1, 201)) and unit == 1
    values, unit = grid(Param(int, "sowings", 10, 10_000), 200)
    assert len(values) <= 202 and values[0] >= 10 and values[-1] <= 10_000 and 200 in values and unit >= 50
    values, _ = grid(Param(float, "share", 0, 1), 0.5)
    assert min(values) >= 0 and max(values) <= 1 and 0.5 in values
    assert range_values(6, 16, 2, True) == [6, 8, 10, 12, 14, 16] and range_values(3, 1, 1, True) == []


def test_a_lab_opened_for_two_variants_chooses_them(app, toy):
    menu = MainMenu(app)
    app.push(menu)
    run(app)
    lab = LabScene(app, compare=("short", "standard"))
    app.push(lab)
    run(app)
    assert (lab.variant_a.value, lab.variant_b.value) == ("short", "standard")
    assert lab.preselect is None


def test_new_and_edit_variant_open_the_editor_and_the_lab_relists_on_return(app, toy, user_dirs, monkeypatch):
    opened = []

    class Editor(MainMenu):
        def __init__(self, app, spec, base, edit=False):  # noqa: ANN001
            super().__init__(app)
            opened.append((spec.name, base.name, edit))

    monkeypatch.setitem(sys.modules, "game.scenes.variant_editor",
                        types.SimpleNamespace(VariantEditorScene=Editor))
    lab = open_lab(app)
    choose(lab.variant_a, "short")
    assert lab.edit_button.enabled  # a user variant
    press(app, lab, lab.edit_button)
    assert isinstance(app.top, Editor) and opened[-1] == (toy.name, "short", True)
    (user_dirs[0] / "variants" / toy.name / "long.yaml").write_text("title: Long\nextends: standard\ntricks: 3\n",
                                                                    encoding="utf-8")
    app.pop()
    run(app)
    assert app.top is lab and "long" in [v for v, _ in lab.variant_a.options]  # listed again on return
    press(app, lab, lab.new_button)
    assert opened[-1] == (toy.name, "short", False)


def test_edit_is_off_for_a_builtin_variant(app, toy):
    lab = open_lab(app)
    lab.variants = [dataclasses.replace(v, builtin=True) for v in lab.variants]
    lab._base_changed()
    assert not lab.edit_button.enabled
    lab_edit.edit_variant(lab)  # nothing opens for a built-in variant
    run(app)
    assert app.top is lab


def test_a_sweep_of_a_game_with_figures_charts_each_and_scrolls(app, user_dirs):
    spec = get("trick-or-treat")
    result = sweep(spec, 2, load_variant(spec, "standard"), "supply_per_player", [6], ["random"] * 2, 6, 1)
    found, flat = charts(result)
    titles = [chart.title for chart in found]
    assert "Tricks per game" in titles and "Deals per game" not in titles and "deals" in flat  # always 1 deal
    assert len(titles) + len(flat) == 2 + len(result.figure_names)
    lab = LabScene(app, spec)
    app.push(lab)
    run(app)
    lab.sweep_result, lab.shown, lab.mode = result, SWEEP, RESULTS
    lab._arrange()
    app.redraw()
    run(app)
    assert lab.max_scroll > 0  # more figures than fit: the rest below
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    run(app)
    assert 0 < lab.scroll <= lab.max_scroll
    assert render_sheet(result, spec.title, "Standard", app.palette, PNG_SIZE).get_size() == PNG_SIZE


def test_a_new_sweep_starts_on_a_rule_the_variant_lets_move_and_says_when_one_cannot():
    spec = get("reapers")
    setup = SweepSetup()
    setup.refresh(spec, load_variant(spec, "standard"))
    first = setup.param.options[0][0]
    assert first == "deck.low_rank" and setup.key != first  # the piles need every card down to 2
    assert setup.problem() == "" and len(setup.played()) >= 2
    choose(setup.param, first)
    assert setup.played() == [2] and setup.summary(200) == "1 value: 2 (base); 200 games in all"
    assert setup.problem() == "In this variant the rules take 'Deck \u00b7 low rank' only at its value here, 2: " \
                              "choose another rule."
