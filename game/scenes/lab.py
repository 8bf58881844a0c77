"""The variant lab: simulate two variants of a game in the background and compare them side by side, or sweep
one numeric rule of a variant over a range of values.

Setup (compare or sweep, game, players, variants A and B or a base variant and a rule's range, seat levels,
games) -> a background run on every core with a progress bar, an estimate of the time left and Cancel -> the
results (a comparison: a table with the differences larger than chance marked, win rate by seat, score and
game-length histograms; a sweep: each figure against the rule with 95% bands, ``game.scenes.lab_sweep_views``)
with CSV and PNG export. The user's variant folder is polled while the setup is shown, so edited files (and
those the variant editor saves) are picked up at once, and broken files are listed with their file:line
messages.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any, Callable

import pygame

from game.core.agent import LEVELS
from game.core.match import SimulationCancelled
from game.core.paths import user_variants_dir
from game.core.registry import GameSpec, all_games
from game.core.setup import new_seed
from game.lab.compare import Comparison, compare
from game.lab.sweep import Sweep, sweep
from game.scenes import lab_export, lab_sweep_export, lab_sweep_views, lab_views
from game.scenes.lab_sweep import SweepSetup
from game.scenes.common import MenuScene
from game.ui.app import App
from game.ui.layout import Layout, row
from game.ui.text import draw_text
from game.ui.widgets import Button, Choice, Widget
from game.variants.loader import Variant, VariantError, VariantProblem, builtin_dir, list_variants

GAME_COUNTS = (10, 20, 50, 100, 200, 500, 1000, 2000)
DEFAULT_GAMES = 200
POLL_SECONDS = 1.0
SETUP, RUNNING, RESULTS = "setup", "running", "results"
COMPARE, SWEEP = "compare", "sweep"


def open_in_file_manager(path: Path) -> bool:
    """Show ``path`` in the platform's file manager; False (never an exception) when that is not possible."""
    try:
        if sys.platform.startswith("win"):
            os.startfile(str(path))  # type: ignore[attr-defined]  # noqa: S606
            return True
        opener = "open" if sys.platform == "darwin" else "xdg-open"
        if shutil.which(opener) is None:
            return False
        subprocess.Popen([opener, str(path)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,  # noqa: S603
                         stderr=subprocess.DEVNULL, start_new_session=True)
        return True
    except (OSError, ValueError):
        return False


def folder_signature(*folders: Path) -> tuple:
    """Names, sizes and modification times of the files in ``folders`` (changes when any file does)."""
    seen: list[tuple[str, int, int]] = []
    for folder in folders:
        try:
            for entry in os.scandir(folder):
                stat = entry.stat()
                seen.append((entry.path, stat.st_mtime_ns, stat.st_size))
        except OSError:
            continue
    return tuple(sorted(seen))


def eta_text(seconds: float) -> str:
    """``about 1 min 05 s left``."""
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"about {seconds} s left"
    if seconds < 3600:
        return f"about {seconds // 60} min {seconds % 60:02d} s left"
    return f"about {seconds // 3600} h {seconds % 3600 // 60:02d} min left"


def levels_text(levels: list[str]) -> str:
    """``all normal`` or ``easy, normal, hard``."""
    return f"all {levels[0]}" if levels and len(set(levels)) == 1 else ", ".join(levels)


def set_options(choice: Choice, options: list[tuple[Any, str]], value: Any) -> None:
    """Give ``choice`` new options, keeping ``value`` when it is among them."""
    choice.options = options
    values = [v for v, _ in options]
    choice.index = values.index(value) if value in values else 0
    choice.enabled = len(options) > 1


class LabScene(MenuScene):
    """Compare two variants of a game from the registry, or sweep one rule of a variant."""

    title = "Variant lab"
    jobs: int | None = None
    """Processes to simulate in; None means one per core of the machine."""

    def __init__(self, app: App, spec: GameSpec | None = None, *, compare: tuple[str, str] | None = None) -> None:
        super().__init__(app)
        self.preselect = compare
        """Variants A and B to choose once they are listed (as the variant editor's "Try it in the lab" asks)."""
        self.specs = all_games()
        self.spec = spec or (self.specs[0] if self.specs else None)
        self.mode = SETUP
        self.variants: list[Variant] = []
        self.problems: list[str] = []
        self.signature: tuple = ()
        self.poll_left = POLL_SECONDS
        self.result: Comparison | None = None
        self.sweep_result: Sweep | None = None
        self.shown = self.study = COMPARE
        """Which study the results screen shows, and which the run under way is."""
        self.names = ("A", "B")
        self.scroll = self.max_scroll = 0
        self.worker: threading.Thread | None = None
        self.cancel_flag = threading.Event()
        self.progress = (0, 1)
        self.started = 0.0
        self.outcome: tuple[str, Any] | None = None
        self.error = ""
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple = ()
        self.saved: list[Path] = []
        """The files exported from the results shown (named on the results screen)."""
        self.notice = ""
        """What became of the last folder or export request, shown in the scene's own place for it (never
        over a button, as a toast at the bottom of the window would be)."""
        self.notice_bad = False
        self.notice_rect: pygame.Rect | None = None
        """Where the notice was last drawn (for the tests)."""
        self.game = Choice("Game", [(s.name, s.title) for s in self.specs] or [(None, "none")],
                           self.spec.name if self.spec else None, self._game_changed)
        self.players = Choice("Players", [(None, "none")], None, lambda _: self._arrange())
        self.kind = Choice("Study", [(COMPARE, "Compare two variants"), (SWEEP, "Sweep a rule")], COMPARE,
                           self._kind_changed)
        self.variant_a = Choice("Variant A", [(None, "none found")], None, lambda _: self._base_changed())
        self.variant_b = Choice("Variant B", [(None, "none found")], None)
        self.count = Choice("Games per variant", [(n, str(n)) for n in GAME_COUNTS], DEFAULT_GAMES)
        self.sweep_setup = SweepSetup()
        self.seat_mode = Choice("Seat levels", [("same", "Same for all"), ("each", "Per seat")], "same",
                                self._mode_changed)
        self.all_level = Choice("All seats", [(None, "none")], None)
        most = max((s.max_players for s in self.specs), default=1)
        self.seat_levels = [Choice(f"Seat {i + 1}", [(None, "none")], None) for i in range(most)]
        self.folder_button = Button("Open variant folder", self.open_folder)
        self.new_button = Button("New variant", lambda: self.open_editor(edit=False))
        self.edit_button = Button("Edit variant", lambda: self.open_editor(edit=True))
        self.run_button = Button("Run comparison", self.start)
        self.back_button = Button("Back", self.app.pop)
        self.cancel_button = Button("Cancel", self.cancel)
        self.result_buttons = [Button("Export CSV", self.export_csv), Button("Export PNG", self.export_png),
                               Button("Change setup", self.to_setup), Button("Main menu", self.app.pop)]
        if self.spec is not None:
            self._game_changed(self.spec.name)
        self._arrange()

    # --- setup -----------------------------------------------------------------------------------------
    @property
    def subtitle(self) -> str:  # type: ignore[override]
        if self.mode == RESULTS and self.shown == SWEEP and self.sweep_result is not None and self.spec is not None:
            done = self.sweep_result
            return (f"{self.spec.title}, {done.players} players ({levels_text(done.levels)}), sweep of "
                    f"{done.key} in {done.variant}, {done.games} games per value, seed {done.seed}")
        if self.mode == RESULTS and self.result is not None and self.spec is not None:
            first = self.result.series[0]
            return (f"{self.spec.title}, {self.result.players} players ({levels_text(self.result.levels)}), "
                    f"{first.games} games per variant, seed {first.seed}")
        if self.kind.value == SWEEP:
            return "Play one rule at several values and see how the game changes"
        return "Simulate two variants and compare how they play"

    def levels(self) -> list[str]:
        """The chosen AI level of each seat."""
        count = self.players.value or 0
        if self.seat_mode.value == "same":
            return [self.all_level.value] * count
        return [self.seat_levels[i].value for i in range(count)]

    def _game_changed(self, name: str) -> None:
        self.spec = next((s for s in self.specs if s.name == name), self.spec)
        if self.spec is None:
            return
        spec = self.spec
        keep = self.players.value if isinstance(self.players.value, int) else 4
        set_options(self.players, [(n, str(n)) for n in range(spec.min_players, spec.max_players + 1)],
                    min(spec.max_players, max(spec.min_players, keep)))
        levels = [level for level in LEVELS if level in spec.agents]
        levels += sorted(level for level in spec.agents if level not in levels)
        options = [(level, level) for level in levels]
        default = "normal" if "normal" in levels else (levels[0] if levels else None)
        set_options(self.all_level, options, self.all_level.value if self.all_level.value in levels else default)
        for choice in self.seat_levels:
            set_options(choice, options, self.all_level.value)
        set_options(self.variant_a, [(None, "none found")], None)
        set_options(self.variant_b, [(None, "none found")], None)
        self.reload_variants()
        self._arrange()

    def _kind_changed(self, kind: str) -> None:
        sweeping = kind == SWEEP
        self.variant_a.label = "Base variant" if sweeping else "Variant A"
        self.count.label = "Games per value" if sweeping else "Games per variant"
        self.run_button.label = "Run sweep" if sweeping else "Run comparison"
        self.error = ""
        self._arrange()

    def _base_changed(self) -> None:
        """Variant A (the sweep's base) changed: its rules to sweep, and whether it can be edited."""
        base = self.chosen_variant()
        if self.spec is not None:
            self.sweep_setup.refresh(self.spec, base)
        self.edit_button.enabled = base is not None and not base.builtin

    def chosen_variant(self) -> Variant | None:
        """Variant A (the sweep's base variant), or None when there is none."""
        return next((v for v in self.variants if v.name == self.variant_a.value), None)

    def open_editor(self, edit: bool) -> None:
        """The variant editor, from variant A (a copy of it, or itself when ``edit`` and it is the user's); the
        lab lists the variants again when it comes back."""
        base = self.chosen_variant()
        if self.spec is None or base is None or (edit and base.builtin):
            return
        from game.scenes.variant_editor import VariantEditorScene  # the editor's scene imports the lab's

        self.app.push(VariantEditorScene(self.app, self.spec, base, edit=edit))

    def _mode_changed(self, mode: str) -> None:
        if mode == "each":
            for choice in self.seat_levels:
                set_options(choice, choice.options, self.all_level.value)
        self._arrange()

    def variant_folder(self) -> Path | None:
        """The user's variant folder of the chosen game."""
        return user_variants_dir(self.spec.name) if self.spec is not None else None

    def reload_variants(self) -> None:
        """List the variants again (keeping the chosen ones when they still exist) and their problems."""
        if self.spec is None:
            return
        folder = user_variants_dir(self.spec.name)
        self.signature = folder_signature(folder, builtin_dir(self.spec))
        variants: list[Variant] = []
        problems: list[VariantProblem] = []
        self.problems = []
        try:
            variants, errors = list_variants(self.spec)
            problems = [p for error in errors for p in error.problems]
        except VariantError as error:  # a broken built-in file
            problems = list(error.problems)
        except Exception as error:  # noqa: BLE001  (an unreadable folder or a loader bug: shown, never fatal)
            self.problems = [f"The variants cannot be listed: {type(error).__name__}: {error}"]
        self.problems += [f"{p.path.name}:{p.line}: {p.key + ': ' if p.key else ''}{p.message}"
                          if p.path.parent == folder else str(p) for p in problems]
        self.variants = variants
        options: list[tuple[str | None, str]] = [(v.name, v.title + ("" if v.builtin else " (yours)")) for v in variants] or [(None, "none found")]
        names = [v.name for v in variants]
        old_a, old_b = self.variant_a.value, self.variant_b.value
        if self.preselect is not None and all(name in names for name in self.preselect):
            (old_a, old_b), self.preselect = self.preselect, None
        set_options(self.variant_a, options, old_a if old_a in names else "standard")
        other = next((n for n in names if n != self.variant_a.value), self.variant_a.value)
        set_options(self.variant_b, options, old_b if old_b in names else other)
        self.run_button.enabled = self.new_button.enabled = bool(variants)
        self._base_changed()

    def _arrange(self) -> None:
        """The widgets of the current mode, in focus order."""
        focused = self.group.focused
        if self.mode == RUNNING:
            widgets: list[Widget] = [self.cancel_button]
        elif self.mode == RESULTS:
            widgets = list(self.result_buttons)
        elif self.spec is None:
            widgets = [self.back_button]
        else:
            seats = [self.all_level] if self.seat_mode.value == "same" else \
                self.seat_levels[: self.players.value]
            study: list[Widget] = [self.variant_a, *self.sweep_setup.widgets] if self.kind.value == SWEEP else \
                [self.variant_a, self.variant_b]
            widgets = [self.game, self.players, self.kind, *study, self.count, self.seat_mode, *seats,
                       self.folder_button, self.new_button, self.edit_button, self.run_button, self.back_button]
        self.group.widgets = widgets
        if focused in widgets:
            self.group.focus(focused)
        else:
            self.group.index = 0
        self.resize(self.layout)

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        study = [self.variant_a, *self.sweep_setup.widgets] if self.kind.value == SWEEP else \
            [self.variant_a, self.variant_b]
        column = [self.game, self.players, self.kind, *study, self.count]
        pitch = min(50.0, 450 / len(column))
        for index, widget in enumerate(column):
            widget.rect = layout.box(50, 140 + index * pitch, 420, pitch - 6)
        seats = [self.all_level] if self.seat_mode.value == "same" else self.seat_levels[: self.players.value or 0]
        row_h = min(42.0, (440 - 8 * len(seats)) / max(1, len(seats) + 1))
        self.seat_mode.rect = layout.box(500, 140, 330, row_h)
        for index, choice in enumerate(seats):
            choice.rect = layout.box(520, 140 + (index + 1) * (row_h + 8), 310, row_h)
        self.folder_button.rect = layout.box(860, 140, 380, 42)
        pair = row(layout.box(860, 190, 380, 42), 2, layout.px(10))
        self.new_button.rect, self.edit_button.rect = pair
        bar = layout.box(330, 640, 620, 52)
        for button, rect in zip((self.run_button, self.back_button), row(bar, 2, layout.px(24))):
            button.rect = rect
        self.cancel_button.rect = layout.box(540, 470, 200, 52)
        bar = layout.box(170, 646, 940, 50)
        for button, rect in zip(self.result_buttons, row(bar, 4, layout.px(18))):
            button.rect = rect

    def enter(self) -> None:
        self.reload_variants()

    def resume(self) -> None:
        self.reload_variants()

    def leave(self) -> None:
        self.cancel_flag.set()

    def back(self) -> None:
        if self.mode == RUNNING:
            self.cancel()
        elif self.mode == RESULTS:
            self.to_setup()
        else:
            self.app.pop()

    def open_folder(self) -> None:
        """Create the user's variant folder if needed and show it in the file manager (or say where it is)."""
        folder = self.variant_folder()
        if folder is None:
            return
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self.tell(f"Cannot create {folder}: {error}", bad=True)
            return
        if open_in_file_manager(folder):
            self.tell("Opened in your file manager.")
        else:
            self.tell("No file manager could be opened: open the folder above yourself.", bad=True)

    def tell(self, text: str, bad: bool = False) -> None:
        """Show ``text`` as the notice of the screen shown (an empty text clears it)."""
        self.notice, self.notice_bad, self.notice_rect = text, bad, None

    # --- the background run ----------------------------------------------------------------------------
    def start(self) -> None:
        """Start the chosen study (a comparison of A and B, or a sweep of the base's rule) on a worker thread."""
        chosen = {v.name: v for v in self.variants}
        if self.spec is None or self.variant_a.value not in chosen:
            return
        jobs, games, seed = self.jobs or os.cpu_count() or 1, self.count.value, new_seed()
        job: Callable[..., Comparison | Sweep]
        if self.kind.value == SWEEP:
            base, key, problem = chosen[self.variant_a.value], self.sweep_setup.key, self.sweep_setup.problem()
            if key is None or problem:
                self.error = problem
                return
            self.names = (base.title, key)
            job = partial(sweep, self.spec, self.players.value, base, key, self.sweep_setup.values(), self.levels(),
                          games, seed, jobs=jobs)
            total = len(self.sweep_setup.played()) * games
        else:
            if self.variant_b.value not in chosen:
                return
            variants = (chosen[self.variant_a.value], chosen[self.variant_b.value])
            self.names = (variants[0].title, variants[1].title)
            job = partial(compare, self.spec, self.players.value, variants, self.levels(), games, seed, jobs=jobs)
            total = 2 * games
        self.study = self.kind.value
        self.cancel_flag = threading.Event()
        self.progress, self.outcome, self.error = (0, total), None, ""
        self.started = time.perf_counter()
        self.mode = RUNNING
        self.tell("")
        self._arrange()
        self.worker = threading.Thread(target=self._work, args=(job,), name="variant-lab", daemon=True)
        self.worker.start()

    def _work(self, job: Callable[..., Comparison | Sweep]) -> None:
        flag = self.cancel_flag
        try:
            self.outcome = ("done", job(progress=self._progressed, cancelled=flag.is_set))
        except SimulationCancelled:
            self.outcome = ("cancelled", self.progress)
        except Exception as error:  # noqa: BLE001  (shown on the setup screen, never fatal)
            self.outcome = ("error", f"{type(error).__name__}: {error}")

    def _progressed(self, done: int, total: int) -> None:
        self.progress = (done, total)

    def cancel(self) -> None:
        """Ask the run to stop after the games under way."""
        self.cancel_flag.set()
        self.cancel_button.enabled = False
        self.cancel_button.label = "Cancelling..."

    def eta(self) -> str:
        """Games done of all and the estimated time left."""
        done, total = self.progress
        if self.cancel_flag.is_set():
            return "stopping after the games under way..."
        if done <= 0:
            return "estimating the time left..."
        elapsed = time.perf_counter() - self.started
        return eta_text(elapsed / done * (total - done))

    def update(self, dt: float) -> None:
        if self.mode == SETUP and self.spec is not None:
            self.poll_left -= dt
            if self.poll_left <= 0:
                self.poll_left = POLL_SECONDS
                if folder_signature(user_variants_dir(self.spec.name), builtin_dir(self.spec)) != self.signature:
                    self.reload_variants()
                    self.app.redraw()
        elif self.mode == RUNNING and self.outcome is not None:
            self._finish(*self.outcome)

    def needs_frame(self) -> bool:
        """Drawn every frame only while the games run (the progress and the time left move); the setup and
        the results change on input, or when the variant folder does (``update`` asks for that frame)."""
        return self.mode == RUNNING

    def _finish(self, kind: str, value: Any) -> None:
        self.worker, self.outcome = None, None
        self.cancel_button.enabled, self.cancel_button.label = True, "Cancel"
        if kind == "done":
            self.scroll, self.mode, self.saved, self.shown = 0, RESULTS, [], self.study
            if isinstance(value, Sweep):
                self.sweep_result = value
            else:
                self.result = value
        else:
            self.mode = SETUP
            sweeping = self.study == SWEEP
            if kind == "cancelled":
                self.error = (f"Cancelled after {value[0]} of {value[1]} games; nothing was "
                              f"{'charted' if sweeping else 'compared'}.")
            else:
                self.error = f"The {'sweep' if sweeping else 'comparison'} failed: {value}"
            self.reload_variants()
        self._arrange()

    def to_setup(self) -> None:
        """Back from the results to the setup (the choices are kept)."""
        self.mode = SETUP
        self.tell("")
        self.reload_variants()
        self._arrange()

    # --- export ----------------------------------------------------------------------------------------
    def export_csv(self) -> Path | None:
        """Write the results as CSV to the lab folder; where it went."""
        if self.spec is None:
            return None
        try:
            if self.shown == SWEEP and self.sweep_result is not None:
                done = self.sweep_result
                path = lab_sweep_export.write_csv(done, self.spec.title, lab_export.free_path(
                    lab_export.lab_dir(), lab_sweep_export.export_stem(done), ".csv"))
            elif self.result is not None:
                path = lab_export.write_csv(self.result, self.spec.title, lab_export.free_path(
                    lab_export.lab_dir(), lab_export.export_stem(self.result), ".csv"))
            else:
                return None
        except OSError as error:
            self.tell(f"The CSV could not be written: {error}", bad=True)
            return None
        self.saved.append(path)
        return path

    def export_png(self) -> Path | None:
        """Save the charts as a PNG to the lab folder; where it went."""
        if self.spec is None:
            return None
        try:
            if self.shown == SWEEP and self.sweep_result is not None:
                done = self.sweep_result
                path = lab_sweep_export.save_png(done, self.spec.title, self.app.palette, lab_export.free_path(
                    lab_export.lab_dir(), lab_sweep_export.export_stem(done), ".png"))
            elif self.result is not None:
                path = lab_export.save_png(self.result, self.spec.title, self.names, self.app.palette,
                                           lab_export.free_path(lab_export.lab_dir(),
                                                                lab_export.export_stem(self.result), ".png"))
            else:
                return None
        except (OSError, pygame.error) as error:
            self.tell(f"The PNG could not be saved: {error}", bad=True)
            return None
        self.saved.append(path)
        return path

    # --- input and drawing -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.mode == RESULTS:
            step = self.layout.px(60)
            if event.type == pygame.MOUSEWHEEL:
                self._scroll(-event.y * step)
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self._scroll(step * 4 * (1 if event.key == pygame.K_PAGEDOWN else -1))
                return
        self.group.handle(event)

    def _scroll(self, by: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + by))

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.spec is None:
            draw_text(surface, "No games are installed.", self.layout.text_px(24), self.app.palette.text,
                      self.layout.point(640, 300), anchor="center")
        elif self.mode == SETUP:
            lab_views.draw_setup(self, surface)
        elif self.mode == RUNNING:
            lab_views.draw_running(self, surface)

    def draw(self, surface: pygame.Surface) -> None:
        shown = self.sweep_result if self.shown == SWEEP else self.result
        if self.mode != RESULTS or shown is None:
            super().draw(surface)
            return
        key = (surface.get_size(), self.app.palette, self.scroll, id(shown), len(self.saved), self.notice)
        if self._cache_key != key or self._cache is None:  # the results change only on scroll, resize, export
            self._cache = pygame.Surface(surface.get_size())
            self.draw_backdrop(self._cache)
            self.draw_title(self._cache)
            (lab_sweep_views if self.shown == SWEEP else lab_views).draw_results(self, self._cache)
            self._cache_key = key
        surface.blit(self._cache, (0, 0))
        self.group.draw(surface, self.app.palette, self.layout)
