"""The table's felt and the app screens' ground, the solid pop-ups over a dimmed table, and the app screens'
panels (``art/STYLE.md``): properties, not pixel-exact pictures."""

from __future__ import annotations

from typing import Any, Callable

import pygame
import pytest

from game.core.registry import all_games
import game.scenes.setup as setup_scene
from game.scenes.common import dim
from game.scenes.confirm import ConfirmScene
from game.scenes.handoff import CARD, HandoffScene
from game.scenes.menu import MainMenu
from game.scenes.pause import PANEL as PAUSE_PANEL, PauseScene
from game.scenes.setup import SetupScene
from game.ui import assets, kept
from game.ui.popup import draw_popup
from game.ui.theme import COLOUR_BLIND, GOTHIC, Palette, blend, felt, luminance
from game.ui.tooltip import Tip, draw_tip
from tests.app_input import run

WHITE, BLACK = (255, 255, 255), (0, 0, 0)
Draw = Callable[[pygame.Surface], object]


def over(draw: Draw, size: tuple[int, int], under: tuple[int, int, int]) -> pygame.Surface:
    screen = pygame.Surface(size)
    screen.fill(under)
    draw(screen)
    return screen


def hides(draw: Draw, size: tuple[int, int], rect: pygame.Rect) -> bool:
    """Whether ``draw`` hides whatever was under ``rect``: drawn over white and over black, the same inside it."""
    light, dark = over(draw, size, WHITE), over(draw, size, BLACK)
    inner = rect.inflate(-rect.w // 5, -rect.h // 5)
    return all(light.get_at((x, y)) == dark.get_at((x, y))
               for x in range(inner.x, inner.right, 7) for y in range(inner.y, inner.bottom, 7))


def rgb(surface: pygame.Surface, point: tuple[int, int]) -> tuple[int, int, int]:
    colour = surface.get_at(point)
    return colour.r, colour.g, colour.b


def mean_luminance(surface: pygame.Surface, rect: pygame.Rect) -> float:
    points = [(x, y) for x in range(rect.x, rect.right, 3) for y in range(rect.y, rect.bottom, 3)]
    total = 0.0
    for point in points:
        total += luminance(rgb(surface, point))
    return total / len(points)


@pytest.mark.parametrize("pal", [GOTHIC, COLOUR_BLIND], ids=["gothic", "colour_blind"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 640), (1920, 1080)])
def test_the_felt_is_lit_in_the_middle_woven_and_framed_in_wood(app: Any, pal: Palette,
                                                                 size: tuple[int, int]) -> None:
    table = assets._background(size, pal)
    assert table.get_size() == size
    w, h = size
    middle = pygame.Rect(w // 2 - 20, h // 2 - 20, 40, 40)
    corner = pygame.Rect(w // 10, h // 10, 40, 40)
    assert mean_luminance(table, middle) > mean_luminance(table, corner)  # a pool of light, a darker vignette
    centre = tuple(table.get_at((w // 2, h // 2)))[:3]
    assert all(abs(a - b) <= 12 for a, b in zip(centre, felt(pal)))  # what the pieces were made to stand on
    patch = {tuple(table.get_at((x, y)))[:3] for x in range(w // 2, w // 2 + 12) for y in range(h // 2, h // 2 + 12)}
    assert len(patch) > 4  # woven, not flat
    rim = tuple(table.get_at((w // 2, 2)))[:3]
    assert rim[0] > rim[2]  # wood: warmer than the felt's green or grey
    assert rim != centre


def test_the_cloth_is_the_same_on_every_run(app: Any) -> None:
    first = pygame.image.tobytes(assets._background.__wrapped__((640, 360), GOTHIC), "RGB")
    again = pygame.image.tobytes(assets._background.__wrapped__((640, 360), GOTHIC), "RGB")
    assert first == again


def test_the_app_screens_ground_is_darker_than_the_table_with_cobwebs_in_its_top_corners(app: Any) -> None:
    size = (1280, 720)
    table, ground = assets._background(size, GOTHIC), assets.backdrop(size)
    centre = pygame.Rect(600, 340, 80, 40)
    assert mean_luminance(ground, centre) < mean_luminance(table, centre)
    web = blend(GOTHIC.background, GOTHIC.text, 0.16)
    for corner in (pygame.Rect(0, 0, 140, 140), pygame.Rect(1140, 0, 140, 140)):
        threads = sum(1 for x in range(corner.x, corner.right) for y in range(corner.y, corner.bottom)
                      if tuple(ground.get_at((x, y)))[:3] == web)
        assert threads > 100, corner


class Shelf:
    """A store that keeps what it is given, counting what is read back."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}
        self.read = 0

    def load(self, key: str) -> bytes | None:
        data = self.kept.get(key)
        self.read += data is not None
        return data

    def save(self, key: str, data: bytes) -> None:
        self.kept[key] = data


def test_the_ground_the_menu_opens_on_is_kept_between_runs_and_read_back_alike(app: Any) -> None:
    shelf = Shelf()
    kept.use_store(shelf)
    try:
        assets.clear_cache()
        drawn = pygame.image.tobytes(assets.backdrop((800, 450)), "RGB")
        assert shelf.kept and shelf.read == 0
        assets.clear_cache()  # a new run
        assert pygame.image.tobytes(assets.backdrop((800, 450)), "RGB") == drawn and shelf.read == 1
        shelf.kept = {key: b"damaged" for key in shelf.kept}
        assets.clear_cache()
        assert pygame.image.tobytes(assets.backdrop((800, 450)), "RGB") == drawn  # drawn again
    finally:
        kept.use_store(None)
        assets.clear_cache()


def test_a_popup_is_solid_lifted_by_a_shadow_and_banded_along_its_top(app: Any) -> None:
    size, box = (400, 300), pygame.Rect(100, 80, 200, 140)

    def plain(screen: pygame.Surface) -> None:
        draw_popup(screen, box, GOTHIC, radius=10)

    def lifted(screen: pygame.Surface) -> None:
        draw_popup(screen, box, GOTHIC, radius=10, band=30, lift=12)

    assert hides(plain, size, box) and hides(lifted, size, box)
    below = (box.centerx, box.bottom + 4)
    assert over(lifted, size, WHITE).get_at(below)[0] < 255 == over(plain, size, WHITE).get_at(below)[0]
    screen = over(lifted, size, WHITE)
    band, body = screen.get_at((box.centerx, box.y + 15)), screen.get_at((box.centerx, box.y + 60))
    assert band != body


def test_dim_darkens_everything_under_a_popup(app: Any) -> None:
    screen = pygame.Surface((64, 64))
    screen.fill((200, 180, 160))
    dim(screen)
    r, g, b, _ = screen.get_at((10, 10))
    assert max(r, g, b) < 120 and screen.get_at((10, 10)) == screen.get_at((60, 60))


def test_the_pause_menu_the_question_and_the_hand_off_are_solid_popups(app: Any) -> None:
    lay = app.layout
    pause = PauseScene(app)
    pause.resize(lay)
    assert hides(pause.draw, lay.size, lay.box(*PAUSE_PANEL))
    question = ConfirmScene(app, "A game in progress", "Start a new one?", lambda: None)
    question.resize(lay)
    assert hides(question.draw, lay.size, question.box)
    screen = over(question.draw, lay.size, WHITE)
    assert screen.get_at((question.box.x + 4, question.box.y + 4)) != WHITE  # the table under it is dimmed...
    outside = (question.box.x - lay.px(40), question.box.y - lay.px(40))
    assert max(tuple(screen.get_at(outside))[:3]) < 160  # ... everywhere
    handoff = HandoffScene(app, "Ann", lambda: None)
    screen = over(handoff.draw, lay.size, WHITE)
    assert max(tuple(screen.get_at((2, lay.size[1] // 2)))[:3]) < 80  # opaque: nothing of the table shows
    assert hides(handoff.draw, lay.size, lay.box(*CARD))


def test_a_tooltip_is_solid_and_lifted_off_what_it_covers(app: Any) -> None:
    lay, pal = app.layout, app.palette
    tip = Tip(pygame.Rect(200, 200, 40, 40), "What this is, in the game's own words.")
    boxes: list[pygame.Rect] = []

    def draw(screen: pygame.Surface) -> None:
        boxes.append(draw_tip(screen, tip, pal, lay))

    assert hides(draw, lay.size, draw_tip(pygame.Surface(lay.size), tip, pal, lay))
    screen = over(draw, lay.size, WHITE)
    assert screen.get_at((boxes[-1].centerx, boxes[-1].bottom + lay.px(3)))[0] < 255


def test_every_seat_of_the_setup_shows_its_token(app: Any, toy_game: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[int] = []
    real = setup_scene.medallion

    def token(seat: int, side: int, **kwargs: bool) -> pygame.Surface:
        drawn.append(seat)
        return real(seat, side, **kwargs)

    monkeypatch.setattr(setup_scene, "medallion", token)
    scene = SetupScene(app, all_games()[0])
    app.push(scene)
    run(app)
    assert sorted(set(drawn)) == list(range(scene.players.value))


def test_the_focused_game_tile_glows(app: Any, toy_game: Any) -> None:
    menu = MainMenu(app)
    app.push(menu)
    run(app)
    focused = menu.tiles[0]
    assert menu.group.focused is focused
    screen = pygame.Surface(app.layout.size)
    menu.draw(screen)
    glow = screen.get_at((focused.rect.centerx, focused.rect.y - app.layout.px(4)))
    plain = screen.get_at((focused.rect.centerx, focused.rect.y - app.layout.px(60)))
    assert glow[0] > plain[0] and glow[1] > plain[1]


def test_a_ground_too_large_to_read_back_quickly_is_only_drawn(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    shelf = Shelf()
    kept.use_store(shelf)
    monkeypatch.setattr(assets, "KEEP_MOST", 640 * 360)
    try:
        assets.clear_cache()
        assets.backdrop((800, 450))
        assert shelf.kept == {}
        assets.backdrop((640, 360))
        assert len(shelf.kept) == 1
    finally:
        kept.use_store(None)
        assets.clear_cache()


def test_the_setup_shows_the_games_picture_under_its_choices(app: Any, toy_game: Any,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    real = assets.game_picture

    def picture(name: str, size: tuple[int, int]) -> pygame.Surface:
        shown.append(name)
        return real(name, size)

    monkeypatch.setattr(assets, "game_picture", picture)
    scene = SetupScene(app, all_games()[0])
    app.push(scene)
    run(app)
    assert shown and set(shown) == {scene.spec.name}
