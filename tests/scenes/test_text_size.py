"""The set-up and the results at the larger text sizes: every label and value whole inside its row or button
(a long player name may end in an ellipsis), rows, panels and buttons clear of each other, the AI levels
inside their panel, and each results plate holding its name, best part and score apart."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.core.match import play_match
from game.core.registry import get
from game.core.settings import Settings
from game.core.setup import HUMAN
from game.scenes import results as results_module
from game.scenes import setup as setup_scene
from game.scenes.results import ResultsScene, example_results, finished_results
from game.scenes.setup import SetupScene
from game.ui import text as text_module
from game.ui import widgets
from game.ui.app import App
from game.ui.text import ELLIPSIS
from game.ui.theme import font
from game.variants.loader import load_variant

SIZES = [(1280, 720), (1920, 1080)]
SCALES = [1.0, 1.3, 1.5]
PLAYER = "Morgan"


def scaled_app(size: tuple[int, int], scale: float) -> App:
    return App(Settings(animation_speed="off", ai_pause_ms=0, text_scale=scale, player_name=PLAYER), size=size)


def recorded(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[tuple[tuple, object]]:
    """Every call of ``module.name`` from now on: (its arguments, what it returned)."""
    calls: list[tuple[tuple, object]] = []
    original = getattr(module, name)

    def record(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        result = original(*args, **kwargs)
        calls.append((args, result))
        return result

    monkeypatch.setattr(module, name, record)
    return calls


def clear_of_each_other(rects: list[pygame.Rect]) -> None:
    for index, one in enumerate(rects):
        for other in rects[index + 1:]:
            assert not one.colliderect(other), (one, other)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize(("game", "players"), [("reapers", 4), ("trick-or-treat", 8)])
def test_setup_rows_and_buttons_hold_their_words(monkeypatch, size, scale, game, players):
    app = scaled_app(size, scale)
    try:
        scene = SetupScene(app, get(game))
        app.push(scene)
        app.apply_pending()
        scene.players.index = [value for value, _ in scene.players.options].index(players)
        scene.advanced.value = True
        scene._arrange()
        scene.resize(app.layout)
        labels = recorded(monkeypatch, widgets, "draw_label")
        lines = recorded(monkeypatch, text_module, "draw_text")
        levels = recorded(monkeypatch, setup_scene, "draw_rich")
        app.draw()
        shown = [w for w in scene.group.widgets if w.focusable]
        clear_of_each_other([w.rect for w in shown])
        lay = app.layout
        game_panel, seats_panel = lay.box(*scene.game_panel), lay.box(*scene.seats_panel)
        assert not game_panel.colliderect(seats_panel)
        for widget in (scene.players, scene.variant, scene.advanced, scene.seed):
            assert game_panel.contains(widget.rect)
        for widget in [*scene.kinds[:players], *scene.seat_names[:players]]:
            assert seats_panel.contains(widget.rect)
        for button in (scene.start_button, scene.new_button, scene.edit_button, scene.back_button):
            assert app.screen.get_rect().contains(button.rect) and not button.rect.colliderect(seats_panel)
        for widget in shown:
            drawn = [rects for (_, _, _, _, room), rects in labels if widget.rect.contains(room)]
            assert drawn and all(widget.rect.contains(rect) for rects in drawn for rect in rects)
        said = [args[1] for args, _ in lines]
        assert {"Seat 1", "Name", "AI: normal", "New variant", "Edit variant"} <= set(said)
        assert all(PLAYER.startswith(text[:-1]) for text in said if text.endswith(ELLIPSIS))
        step = font(lay.text_px(setup_scene.LEVEL_TEXT)).get_linesize()
        assert levels and all(seats_panel.collidepoint(x, y) and y + step <= seats_panel.bottom
                              for (_, _, _, _, (x, y)), _ in levels)
    finally:
        app.close()


def results_of(app: App, players: int) -> ResultsScene:
    """The results of a real game of ``players`` random AIs, seat 0 shown as the player's."""
    if players == 4:
        return example_results(app)
    spec = get("trick-or-treat")
    played = play_match(spec, load_variant(spec, "standard").params, ["random"] * players, 5).record
    return finished_results(app, replace(played, seats=(HUMAN, *played.seats[1:])))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("players", [4, 8])
def test_results_plates_hold_their_words_apart(monkeypatch, size, scale, players):
    app = scaled_app(size, scale)
    try:
        scene = results_of(app, players)
        app.push(scene)
        app.apply_pending()
        order: list[tuple[str, pygame.Rect]] = []
        for name in ("plate", "text"):
            original = getattr(results_module, f"draw_{name}")

            def note(*args, kind=name, original=original, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
                result = original(*args, **kwargs)
                order.append((kind, args[1] if kind == "plate" else result))
                return result

            monkeypatch.setattr(results_module, f"draw_{name}", note)
        scene.draw(app.screen)
        headings = [rect for kind, rect in order[:3] if kind == "text"]
        clear_of_each_other(headings)
        groups: list[list[pygame.Rect]] = []
        for kind, rect in order:
            if kind == "plate":
                groups.append([rect])
            elif groups:
                groups[-1].append(rect)
        assert len(groups) == players
        for plate, *words in groups:  # the chart's and figures' lines, drawn after the last plate, lie beside it
            inside = [rect for rect in words if plate.colliderect(rect)]
            assert inside and all(plate.contains(rect) for rect in inside), (plate, inside)
            clear_of_each_other(inside)
        assert all(not rect.colliderect(headings[-1]) for rect in (group[0] for group in groups))
    finally:
        app.close()
