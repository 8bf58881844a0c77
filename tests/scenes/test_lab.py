"""The variant lab scene, headless: opened from the menu, a background run with progress and results, cancel,
broken and changed user variants, the variant folder, and the CSV and PNG exports."""

import csv
import dataclasses
import multiprocessing
import os
import time
from pathlib import Path

import pygame
import pytest

from game.core import registry
from game.core.agent import RandomAgent
from game.core.match import SimulationCancelled
from game.scenes.lab import export as lab_export
from game.scenes.lab import scene as lab_module
from game.scenes.lab import variants as lab_variants
from game.scenes.lab.export import PNG_SIZE
from game.scenes.lab.run import eta_text
from game.scenes.lab.scene import RESULTS, RUNNING, SETUP, LabScene
from game.scenes.lab.variants import folder_signature
from game.ui import file_manager
from game.lab.compare import compare
from game.variants.loader import list_variants
from game.scenes.menu import MainMenu
from game.variants.loader import VariantError, VariantProblem
from tests.app_input import key, run, run_while_working
from tests.toygame import NAME


class SlowAgent(RandomAgent):
    """A random player that takes a while, so a run lasts many frames."""

    delay = 0.002

    def choose(self, observation, legal):  # noqa: ANN001, ANN201
        time.sleep(self.delay)
        return super().choose(observation, legal)


class VerySlowAgent(SlowAgent):
    delay = 0.02


@pytest.fixture
def toy(toy_game, user_dirs):
    """The toy game with a slow level and a second user variant ('short')."""
    agents = {**toy_game.agents, "slow": SlowAgent, "very slow": VerySlowAgent}
    spec = registry.register(dataclasses.replace(toy_game, agents=agents))
    folder = user_dirs[0] / "variants" / NAME
    (folder / "short.yaml").write_text("title: Short\nextends: standard\ntricks: 1\n", encoding="utf-8")
    return spec


def open_lab(app, jobs=1):
    menu = MainMenu(app)
    app.push(menu)
    run(app)
    lab = LabScene(app)
    lab.jobs = jobs
    app.push(lab)
    run(app)
    return lab


def choose(choice, value):
    """Step a Choice with Right until it shows ``value`` (as the keyboard would)."""
    for _ in range(len(choice.options)):
        if choice.value == value:
            return
        choice.adjust(1)
    raise AssertionError(f"{value!r} is not an option of {choice.label}: {choice.options}")


def press(app, lab, widget):
    """Focus ``widget`` with Tab and press Enter."""
    for _ in range(len(lab.group.widgets)):
        if lab.group.focused is widget:
            break
        key(app, pygame.K_TAB)
    assert lab.group.focused is widget
    key(app, pygame.K_RETURN)


def test_the_lab_opens_from_the_main_menu_by_keyboard_and_esc_leaves(app, toy):
    menu = MainMenu(app)
    app.push(menu)
    run(app)
    lab_button = next(b for b in menu.buttons if b.label == "Variant lab")
    while menu.group.focused is not lab_button:
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    lab = app.top
    assert isinstance(lab, LabScene) and lab.mode == SETUP
    assert lab.spec.name == NAME
    assert [v for v, _ in lab.variant_a.options] == ["standard", "short"]
    assert lab.variant_a.value == "standard" and lab.variant_b.value == "short"
    assert lab.players.options[0][0] == 2 and lab.players.options[-1][0] == 4
    key(app, pygame.K_TAB)
    assert lab.group.focused is lab.players
    key(app, pygame.K_LEFT)
    assert lab.players.value == 3
    lab.seats.mode.adjust(1)  # per seat: one level choice for each of the three seats
    assert lab.seats.each[2] in lab.group.widgets and lab.seats.each[3] not in lab.group.widgets
    choose(lab.seats.each[1], "hard")
    assert lab.levels() == ["normal", "hard", "normal"]
    key(app, pygame.K_ESCAPE)
    assert app.top is menu


def test_a_run_goes_on_in_the_background_and_shows_results_then_exports(app, toy, user_dirs):
    lab = open_lab(app, jobs=None)  # every core, as the app does
    choose(lab.seats.all, "slow")
    choose(lab.count, 10)
    press(app, lab, lab.run_button)
    assert lab.mode == RUNNING and lab.run is not None and lab.run.worker.is_alive()
    seen = []
    frames = run_while_working(app, lambda: (seen.append(lab.progress[0]), lab.mode != RUNNING)[1])
    assert lab.mode == RESULTS, lab.error
    assert frames > 5  # the frame loop kept going while the games were played
    assert any(0 < done < 20 for done in seen)  # and the progress bar moved
    result = lab.result
    assert result.series[0].games == result.series[1].games == 10
    assert result.variants == ("standard", "short") and result.levels == ["slow"] * 4
    assert len([r for r in result.rows if r.name.startswith("win rate")]) == 4
    run(app, 2)  # results draw (charts, table) without trouble
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    run(app)
    assert 0 <= lab.scroll <= lab.max_scroll

    press(app, lab, lab.result_buttons[0])  # Export CSV
    press(app, lab, lab.result_buttons[1])  # Export PNG
    folder = user_dirs[1] / "lab"
    csv_files, png_files = sorted(folder.glob("*.csv")), sorted(folder.glob("*.png"))
    assert len(csv_files) == 1 and len(png_files) == 1
    assert lab.saved == [csv_files[0], png_files[0]]  # named on the results screen
    run(app)
    with csv_files[0].open(encoding="utf-8") as handle:
        table = list(csv.reader(handle))
    assert ["variant A", "standard"] in table and ["variant B", "short"] in table
    assert ["seed", str(result.series[0].seed)] in table
    names = [line[0] for line in table if line]
    assert "win rate, seat 1 (slow)" in names and "actions per game" in names
    wins_at = next(i for i, line in enumerate(table) if line and line[0] == "seat")
    assert table[wins_at + 1][:2] == ["1", "slow"]
    assert len([line for line in table if line and line[0].isdigit() and len(line) > 6]) == 10  # a line a game
    image = pygame.image.load(str(png_files[0]))
    assert image.get_size() == PNG_SIZE

    key(app, pygame.K_ESCAPE)  # back to the setup, choices kept
    assert lab.mode == SETUP and lab.seats.all.value == "slow"


def test_a_run_can_be_cancelled_and_the_setup_comes_back(app, toy):
    lab = open_lab(app)
    choose(lab.seats.all, "very slow")
    choose(lab.count, 2000)
    lab.start()
    run_while_working(app, lambda: lab.progress[0] >= 1)
    key(app, pygame.K_ESCAPE)  # Esc cancels a run
    assert lab.run.cancel_flag.is_set() and lab.mode == RUNNING
    run_while_working(app, lambda: lab.mode != RUNNING)
    assert lab.mode == SETUP and lab.result is None
    assert "Cancelled after" in lab.error  # shown on the setup screen
    assert lab.run_button in lab.group.widgets
    run(app, 2)


def test_an_error_in_the_worker_is_shown_not_raised(app, toy, monkeypatch):
    def broken(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise RuntimeError("the rules engine fell over")

    monkeypatch.setattr(lab_module, "compare", broken)
    lab = open_lab(app)
    lab.start()
    run_while_working(app, lambda: lab.mode != RUNNING)
    assert lab.mode == SETUP and "fell over" in lab.error
    run(app, 2)


def test_jobs_default_to_every_core_and_levels_are_passed(app, toy, monkeypatch):
    calls = []

    def fake(spec, players, variants, levels, games, seed, **kwargs):  # noqa: ANN001, ANN003, ANN202
        calls.append((players, [v.name for v in variants], list(levels), games, kwargs["jobs"]))
        raise SimulationCancelled("stop")

    monkeypatch.setattr(lab_module, "compare", fake)
    lab = open_lab(app, jobs=None)
    choose(lab.players, 2)
    lab.seats.mode.adjust(1)
    choose(lab.seats.each[0], "easy")
    choose(lab.count, 50)
    lab.start()
    run_while_working(app, lambda: lab.mode != RUNNING)
    assert calls == [(2, ["standard", "short"], ["easy", "normal"], 50, os.cpu_count() or 1)]


def test_a_broken_user_variant_is_listed_with_file_and_line(app, toy, user_dirs):
    folder = user_dirs[0] / "variants" / NAME
    (folder / "broken.yaml").write_text("title: Broken\nextends: standard\ntricks: 9\n", encoding="utf-8")
    (folder / "garbled.yaml").write_text("tricks: [1, 2\n", encoding="utf-8")
    lab = open_lab(app)
    assert any(p.startswith("broken.yaml:3:") and "tricks" in p for p in lab.problems), lab.problems
    assert any(p.startswith("garbled.yaml:") for p in lab.problems), lab.problems
    assert "broken" not in [v for v, _ in lab.variant_a.options]
    run(app, 2)  # the problems panel draws
    assert lab.run_button.enabled


def test_a_broken_builtin_variant_or_a_loader_failure_is_shown_not_raised(app, toy, monkeypatch):
    lab = open_lab(app)
    problem = VariantProblem(Path("/shipped/variants/toy-hidden/standard.yaml"), 4, "tricks", "must be a number")

    def broken_builtin(spec):  # noqa: ANN001, ANN202
        raise VariantError([problem])

    monkeypatch.setattr(lab_variants, "list_variants", broken_builtin)
    lab.reload_variants()
    assert lab.problems == [str(problem)] and not lab.run_button.enabled
    run(app, 2)

    def loader_bug(spec):  # noqa: ANN001, ANN202
        raise RecursionError("deep")

    monkeypatch.setattr(lab_variants, "list_variants", loader_bug)
    lab.reload_variants()
    assert "deep" in lab.problems[0] and lab.variants == []
    lab.start()  # nothing to run: stays on the setup
    assert lab.mode == SETUP
    run(app, 2)


def test_a_changed_variant_folder_is_picked_up_without_a_restart(app, toy, user_dirs):
    folder = user_dirs[0] / "variants" / NAME
    lab = open_lab(app)
    assert "extra" not in [v for v, _ in lab.variant_b.options]
    (folder / "extra.yaml").write_text("title: Extra\nextends: standard\n", encoding="utf-8")
    run(app, 4, dt=0.4)
    assert "extra" in [v for v, _ in lab.variant_b.options]
    choose(lab.variant_b, "extra")
    (folder / "extra.yaml").write_text("title: Extra\nextends: standard\ntricks: zero\n", encoding="utf-8")
    run(app, 4, dt=0.4)
    assert "extra" not in [v for v, _ in lab.variant_b.options]
    assert any(p.startswith("extra.yaml:3:") for p in lab.problems)
    assert lab.variant_b.value in ("standard", "short")


def test_the_variant_folder_is_created_and_its_path_shown_without_an_opener(app, toy, user_dirs, monkeypatch):
    monkeypatch.setattr(file_manager.shutil, "which", lambda name: None)
    monkeypatch.setattr(file_manager.sys, "platform", "linux")
    lab = open_lab(app)
    folder = user_dirs[0] / "variants" / NAME
    for path in folder.iterdir():
        path.unlink()
    folder.rmdir()
    press(app, lab, lab.folder_button)
    assert folder.is_dir()
    assert "No file manager" in lab.notice and lab.notice_bad and not app.toasts
    run(app)  # drawn in the folder panel, under the folder's path, never over a button
    assert lab.notice_rect is not None and lab.notice_rect.h > 0
    assert not [w for w in lab.group.widgets if w.rect.colliderect(lab.notice_rect)]

    def no_popen(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise OSError("exec failed")

    monkeypatch.setattr(file_manager.shutil, "which", lambda name: "/usr/bin/" + name)
    monkeypatch.setattr(file_manager.subprocess, "Popen", no_popen)
    assert not file_manager.open_in_file_manager(folder)
    opened = []
    monkeypatch.setattr(file_manager.subprocess, "Popen", lambda args, **kw: opened.append(args))
    lab.open_folder()
    assert opened == [["xdg-open", str(folder)]]


def test_helpers(tmp_path):
    assert eta_text(5.2) == "about 5 s left" and eta_text(65) == "about 1 min 05 s left"
    assert folder_signature(tmp_path / "missing") == ()
    (tmp_path / "a.yaml").write_text("x", encoding="utf-8")
    first = folder_signature(tmp_path)
    (tmp_path / "a.yaml").write_text("xy", encoding="utf-8")
    assert folder_signature(tmp_path) != first


def test_switching_games_relists_and_a_game_without_variants_cannot_run(app, toy):
    registry.register(dataclasses.replace(toy, name="toy-other", title="Other Toy", min_players=3, max_players=3))
    lab = open_lab(app)
    assert [v for v, _ in lab.game.options] == [NAME, "toy-other"]
    key(app, pygame.K_RIGHT)  # the game choice has the focus
    assert lab.spec.name == "toy-other" and lab.players.value == 3
    assert lab.variants == [] and not lab.run_button.enabled
    assert "toy-other" in str(lab.variant_folder())
    run(app, 2)
    key(app, pygame.K_RIGHT)
    assert lab.spec.name == NAME and lab.run_button.enabled


def test_the_lab_without_games_still_draws_and_leaves(app, monkeypatch):
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "load_all", lambda: None)
    lab = open_lab(app)
    assert lab.spec is None and lab.group.widgets == [lab.back_button]
    run(app, 2)
    key(app, pygame.K_RETURN)
    assert not isinstance(app.top, LabScene)


def test_a_run_on_several_processes_matches_one_and_stops_at_once_when_cancelled(toy):
    variants, _ = list_variants(toy)
    pair = (variants[0], variants[1])
    ticks = []
    pooled = compare(toy, 3, pair, ["random"] * 3, 8, 5, jobs=2, progress=lambda d, t: ticks.append((d, t)),
                     cancelled=lambda: False)
    plain = compare(toy, 3, pair, ["random"] * 3, 8, 5)
    assert pooled.rows == plain.rows and pooled.series[1].scores == plain.series[1].scores
    assert ticks[-1] == (16, 16) and len(ticks) == 16

    calls = []
    with pytest.raises(SimulationCancelled):
        compare(toy, 2, pair, ["very slow"] * 2, 200, 5, jobs=2, progress=lambda d, t: None,
                cancelled=lambda: calls.append(1) or len(calls) > 2)
    deadline = time.perf_counter() + 10
    while multiprocessing.active_children() and time.perf_counter() < deadline:
        time.sleep(0.05)
    assert not multiprocessing.active_children()  # the queued games were dropped, not played on


def test_an_export_error_is_shown_above_the_result_buttons_not_over_them(app, toy, monkeypatch):
    variants, _ = list_variants(toy)
    lab = open_lab(app)
    lab.result = compare(toy, 3, (variants[0], variants[1]), ["random"] * 3, 4, 5)
    lab.mode = RESULTS
    lab._arrange()

    def refuse(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise OSError("disk full")

    monkeypatch.setattr(lab_export, "write_csv", refuse)
    press(app, lab, lab.result_buttons[0])  # Export CSV
    assert "disk full" in lab.notice and lab.notice_bad and not app.toasts
    run(app)
    assert lab.notice_rect is not None and lab.notice_rect.h > 0
    assert not [b for b in lab.result_buttons if b.rect.colliderect(lab.notice_rect)]
    key(app, pygame.K_ESCAPE)  # back to the setup: the results' notice goes with them
    assert lab.mode == SETUP and lab.notice == ""
