"""How the variant lab's three states are drawn (the scene itself is ``scene``; a sweep's setup and results,
``sweep_views``)."""

from __future__ import annotations

import os
import time
import pygame

from game.scenes.common import draw_panel
from game.scenes.lab import charts, sweep_views
from game.scenes.lab.notice import draw_notice, saved_line
from game.scenes.lab.page import LabPage
from game.ui.layout import row
from game.ui.text import draw_text, draw_wrapped, fit_size, wrap
from game.ui.theme import font
from game.ui.widgets import draw_progress


def draw_setup(scene: LabPage, surface: pygame.Surface) -> None:
    """The setup: descriptions of A and B (or the sweep's rule and values), the seat hint, the variant folder
    and its problems."""
    lay, pal = scene.layout, scene.app.palette
    mode = scene.seats.mode
    seats = scene.group.widgets[scene.group.widgets.index(mode) + 1: -5]
    top = seats[-1].rect.bottom + lay.px(14) if seats else mode.rect.bottom + lay.px(14)
    room = pygame.Rect(mode.rect.x, top, mode.rect.w, lay.box(0, 0, 0, 628).bottom - top)
    sweeping = scene.kind.value == "sweep"
    if sweeping:
        sweep_views.draw_setup(scene, surface, room)
    else:
        hint = ("Every seat is played by an AI of its level. Seat 1 plays first, so the win rate by seat tells "
                "whether going first matters. Both variants are played with the same seeds.")
        face = font(lay.text_px(15))
        if len(wrap(hint, face, room.w)) * face.get_linesize() <= room.h:
            draw_wrapped(surface, hint, lay.text_px(15), pal.text_dim, room)
    chosen = {v.name: v for v in scene.variants}
    y: float = (scene.count.rect.bottom - lay.box(0, 0, 0, 0).y) / lay.scale + 12
    pairs = (("Base", scene.variant_a),) if sweeping else (("A", scene.variant_a), ("B", scene.variant_b))
    for letter, choice in pairs:
        variant = chosen.get(choice.value)
        if variant is None:
            continue
        text = f"{letter}: {variant.description or variant.title}"
        room_h = min(110.0, 628 - y - (70 if scene.error else 0))
        face = font(lay.text_px(15))
        if len(wrap(text, face, lay.px(416))) * face.get_linesize() > lay.px(room_h - 6):
            break  # only a whole description, never one cut off
        used = draw_wrapped(surface, text, lay.text_px(15), pal.text_dim, lay.box(54, y, 416, room_h - 6))
        y += min(room_h, used / lay.scale + 8)
    if scene.error:
        draw_wrapped(surface, scene.error, lay.text_px(15), pal.danger, lay.box(54, max(y, 560), 416, 70))
    box = lay.box(860, 244, 380, 380)
    draw_panel(surface, box, pal, lay, radius=8)
    inner = box.inflate(-lay.px(20), -lay.px(16))
    draw_text(surface, "Your variant folder (re-read when a file changes):", lay.text_px(14), pal.text_dim,
              inner.topleft)
    top = inner.y + font(lay.text_px(14)).get_linesize()
    used = draw_wrapped(surface, str(scene.variant_folder()), lay.text_px(14), pal.text,
                        pygame.Rect(inner.x, top, inner.w, lay.px(60)))
    top += used + lay.px(10)
    if scene.notice:  # what came of "Open variant folder", under the folder it is about
        top += draw_notice(scene, surface, pygame.Rect(inner.x, top, inner.w, lay.px(60))) + lay.px(10)
    mine = [f"{v.title} ({v.path.name})" for v in scene.variants if not v.builtin]
    text = ("Yours: " + ", ".join(mine)) if mine else \
        "None of yours yet. A variant is a YAML file: 'extends: standard' and the rules it changes."
    top += draw_wrapped(surface, text, lay.text_px(15), pal.text, pygame.Rect(inner.x, top, inner.w, lay.px(80)))
    top += lay.px(10)
    if scene.problems:
        head = f"Files with errors, not listed ({len(scene.problems)}):"
        top = draw_text(surface, head, lay.text_px(16), pal.danger, (inner.x, top), bold=True).bottom + lay.px(4)
        for problem in scene.problems:
            if top >= inner.bottom - lay.px(20):
                break
            used = draw_wrapped(surface, problem, lay.text_px(14), pal.text,
                                pygame.Rect(inner.x, top, inner.w, inner.bottom - top))
            top += used + lay.px(6)
    else:
        draw_text(surface, "No files with errors.", lay.text_px(15), pal.text_dim, (inner.x, top))


def draw_running(scene: LabPage, surface: pygame.Surface) -> None:
    """The progress panel: games played of all, the bar and the time left."""
    lay, pal = scene.layout, scene.app.palette
    box = lay.box(290, 200, 700, 350)
    draw_panel(surface, box, pal, lay)
    sweeping = scene.study == "sweep"
    heading = f"Sweeping {scene.names[1]} of {scene.names[0]}" if sweeping else \
        f"Simulating {scene.names[0]} (A) and {scene.names[1]} (B)"
    draw_text(surface, heading, fit_size(heading, lay.text_px(24), box.w - lay.px(40), serif=True, bold=True),
              pal.accent, lay.point(640, 240), anchor="center", serif=True, bold=True)
    jobs = scene.jobs or os.cpu_count() or 1
    facts = (f"{scene.spec.title}, {scene.players.value} players, {scene.count.value} games per "
             f"{'value' if sweeping else 'variant'}, "
             f"{jobs} process{'es' if jobs != 1 else ''}") if scene.spec else ""
    draw_text(surface, facts, lay.text_px(16), pal.text_dim, lay.point(640, 276), anchor="center")
    run = scene.run
    assert run is not None  # drawn only while a study runs
    done, total = run.progress
    draw_progress(surface, lay.box(340, 320, 600, 34), done, total, pal, lay)
    elapsed = time.perf_counter() - run.started
    rate = f" \u00b7 {done / elapsed:.1f} games/s" if done and elapsed > 0 else ""
    draw_text(surface, f"{done} of {total} games played ({100 * done // max(1, total)}%){rate}", lay.text_px(20),
              pal.text, lay.point(640, 390), anchor="center", bold=True)
    draw_text(surface, run.eta(), lay.text_px(17), pal.text_dim, lay.point(640, 425), anchor="center")


def draw_results(scene: LabPage, surface: pygame.Surface) -> None:
    """The legend, the table of compared figures and the charts."""
    lay, pal, result = scene.layout, scene.app.palette, scene.result
    assert result is not None
    legend = charts.draw_legend(surface, lay.point(30, 118), lay, pal, scene.names, size=15)
    draw_text(surface, charts.LEGEND, lay.text_px(14), pal.text_dim,
              (lay.point(1250, 0)[0], legend.centery), anchor="midright")
    scene.max_scroll = max(0, charts.table(surface, lay.box(30, 146, 540, 460), lay, pal, result,
                                          scene.names, scene.scroll))
    scene.scroll = min(scene.scroll, scene.max_scroll)
    seat = lay.box(586, 146, 664, 172)
    histograms = row(lay.box(586, 328, 664, 278), 2, lay.px(12))
    charts.charts(surface, [seat, *histograms], lay, pal, result)
    saved_line(scene, surface, "Export writes a CSV of the table or a PNG of the charts into your data folder.")
