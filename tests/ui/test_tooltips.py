"""Everything on a table explains itself: every card, bead, candy, chip, token, button and name plate drawn
has a tooltip at its centre, at each game's smallest and largest table, through a whole game's decisions.

What is "drawn" is recorded, not listed by the scenes: every sprite drawn, every widget drawn, and every
image blitted onto the window (pictures from ``game.ui.assets``, cached pits, lines of text) that is not a
whole layer. A scene that draws a new kind of thing without explaining it fails here.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

import pygame
import pytest

from game.core.registry import all_games, get
from game.scenes.tables import table_class
from game.ui import assets
from game.ui.sprites import Sprite
from game.ui.table import TableScene
from game.ui.tooltip import Tip, TipBoard, Tooltip, draw_tip
from game.ui.widgets import Widget
from game.variants.loader import load_variant
from tests.app_input import make_app, open_table

CASES = [(spec.name, players) for spec in all_games() for players in sorted({spec.min_players, spec.max_players})]
DECISIONS = 40
"""Human decisions looked at per table (spread over the game: each is drawn, then a random legal move)."""
SMALLEST = 8
"""Things narrower or lower than this many pixels (a sliver of a stacked card) need no tip of their own."""
LAYER_SHARE = 0.25
"""A blit larger than this share of the window is a layer (the table's background, a cached board), not a
thing: the things on it are explained one by one."""
OVERLAY_TRIES = 5
OVERLAY_READ_SECONDS = 1.0
PICTURES = ("card_face", "card_back", "bead", "candy", "token")


class Drawn:
    """Rects of the things drawn on the window while a table draws."""

    def __init__(self) -> None:
        self.rects: list[tuple[str, pygame.Rect]] = []
        self.pictures: set[int] = set()


class RecordingSurface(pygame.Surface):
    """The window, noting where asset pictures are blitted."""

    drawn: Drawn

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        rect = super().blit(source, dest, area, special_flags)
        if rect.w * rect.h <= LAYER_SHARE * self.get_width() * self.get_height():
            kind = "picture" if id(source) in self.drawn.pictures else "image or text"
            self.drawn.rects.append((f"{kind} {rect.w}x{rect.h}", rect))
        return rect


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    drawn = Drawn()
    for name in PICTURES:
        original = getattr(assets, name, None)
        if original is None:
            continue

        def marked(*args: Any, _original: Any = original, **kwargs: Any) -> pygame.Surface:
            image = _original(*args, **kwargs)
            drawn.pictures.add(id(image))
            return image

        monkeypatch.setattr(assets, name, marked)
    sprite_draw, widget_draw = Sprite.draw, Widget.draw

    def draw_sprite(self: Sprite, surface: pygame.Surface) -> None:
        if self.visible and self.alpha > 8:
            drawn.rects.append((f"{type(self).__name__}", self.rect))
        sprite_draw(self, surface)

    def draw_widget(self: Widget, surface: pygame.Surface, *args: Any, **kwargs: Any) -> None:
        drawn.rects.append((f"{type(self).__name__} {self.label!r}", pygame.Rect(self.rect)))
        widget_draw(self, surface, *args, **kwargs)

    monkeypatch.setattr(Sprite, "draw", draw_sprite)
    monkeypatch.setattr(Widget, "draw", draw_widget)
    for subclass in Widget.__subclasses__():
        if "draw" in vars(subclass):
            own = vars(subclass)["draw"]

            def draw_sub(self: Widget, surface: pygame.Surface, *args: Any, _own: Any = own, **kwargs: Any) -> None:
                drawn.rects.append((f"{type(self).__name__} {self.label!r}", pygame.Rect(self.rect)))
                _own(self, surface, *args, **kwargs)

            monkeypatch.setattr(subclass, "draw", draw_sub)
    yield drawn


def untipped(table: TableScene, drawn: Drawn, screen: pygame.Rect) -> list[str]:
    """The things drawn with no tip at their centre."""
    missing = []
    for what, rect in drawn.rects:
        visible = rect.clip(screen)
        if visible.w < SMALLEST or visible.h < SMALLEST:
            continue
        tip = table.tips.at(visible.center)
        if tip is None or not tip.text.strip():
            missing.append(f"{what} at {tuple(visible)}")
    return missing


def look(table: TableScene, drawn: Drawn, size: tuple[int, int]) -> list[str]:
    surface = RecordingSurface(size)
    surface.drawn = drawn
    drawn.rects.clear()
    table.draw(surface)
    return untipped(table, drawn, surface.get_rect())


def close_overlay(table: TableScene) -> None:
    """Close what holds play as a player would: Enter, once it has been shown long enough to be read."""
    for _ in range(OVERLAY_TRIES):
        if not table.holding():
            return
        table.update_table(OVERLAY_READ_SECONDS)
        table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        table.tweens.skip()
    raise AssertionError("an overlay did not close on Enter")


@pytest.mark.parametrize("game,players", CASES, ids=[f"{g}-{p}p" for g, p in CASES])
def test_every_thing_on_a_table_has_a_tooltip(game: str, players: int, recorder: Drawn) -> None:
    spec = get(game)
    app = make_app()
    rng = random.Random(11)
    try:
        seats = ["human"] + ["normal"] * (players - 1)
        table = open_table(app, table_class(spec), game, seats, dict(load_variant(spec, "standard").params),
                           seed=5)
        problems: list[str] = []
        for decision in range(DECISIONS):
            table.play_instantly(500)
            if table.holding():  # an overlay the players read: look at it, then close it
                problems += [f"decision {decision} (overlay): {m}" for m in look(table, recorder, app.screen.get_size())]
                close_overlay(table)
            if table.state.is_terminal():
                break
            problems += [f"decision {decision}: {m}" for m in look(table, recorder, app.screen.get_size())]
            legal = table.state.legal_actions()
            table.submit(legal[rng.randrange(len(legal))])
            table.tweens.skip()
        assert not problems, f"{len(problems)} things without a tooltip, e.g.:\n" + "\n".join(problems[:25])
    finally:
        app.close()


def test_a_tip_shows_after_the_pointer_rests_and_stays_inside_the_window() -> None:
    app = make_app()
    try:
        board = TipBoard()
        corner = pygame.Rect(1250, 690, 30, 30)
        board.add(corner, "A long explanation " * 12)
        board.add(pygame.Rect(0, 0, 0, 10), "an empty rect adds nothing")
        assert len(board.tips) == 1
        tooltip = Tooltip()
        tooltip.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(1260, 700), rel=(0, 0), buttons=(0, 0, 0)))
        assert tooltip.target(None) is None
        assert not tooltip.update(0.3)
        assert tooltip.update(0.3)  # due just now: the scene is drawn once more
        tip = board.at(tooltip.target(None) or (0, 0))
        assert isinstance(tip, Tip)
        box = draw_tip(app.screen, tip, app.palette, app.layout)
        assert app.screen.get_rect().contains(box)
        tooltip.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        assert tooltip.target(pygame.Rect(10, 10, 20, 20)) is None  # the focus moved: the delay starts again
        tooltip.update(0.6)
        assert tooltip.target(pygame.Rect(10, 10, 20, 20)) == (20, 20)
        tooltip.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
        assert tooltip.handle(pygame.event.Event(pygame.TEXTINPUT, text="?"))  # asked: at once
        assert tooltip.target(None) == (5, 5)
    finally:
        app.close()
