"""The Reapers table at every text size: the words drawn on it never run into each other nor out of their
frames, panels and buttons, whatever the player's text size (checked on the rects of what is drawn)."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

import game.games  # noqa: F401  (registers every game)
import game.games.reapers.view as view_module
from game.games.reapers import rules as r
from game.games.reapers.table import ReapersTable
from game.storage.settings import Settings
from game.ui.app import App
from tests.app_input import run_until
from tests.reapers.test_table import human_turn, open_table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

Drawn = list[tuple[str, pygame.Rect]]


def drawn_words(table: ReapersTable, monkeypatch: pytest.MonkeyPatch) -> tuple[Drawn, list[pygame.Rect]]:
    """Every line of text the table's drawing puts down in one frame, and the seats' name plates."""
    words: Drawn = []
    plates: list[pygame.Rect] = []
    draw_text = view_module.draw_text

    def record(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> pygame.Rect:
        rect = draw_text(surface, text, *args, **kwargs)  # type: ignore[arg-type]
        words.append((text, rect))
        return rect

    monkeypatch.setattr(view_module, "draw_text", record)
    badge = table.look.draw_badge
    def plate(surface: pygame.Surface, seat: int, centre: tuple[int, int]) -> pygame.Rect:
        plates.append(badge(surface, seat, centre))
        return plates[-1]

    monkeypatch.setattr(table.look, "draw_badge", plate)
    table.layer.clear()
    table.app.draw()
    monkeypatch.undo()
    return words, plates


def assert_apart(words: Drawn, plates: list[pygame.Rect]) -> None:
    """No two lines of text overlap, and none runs into a name plate."""
    for (a, ra), (b, rb) in combinations(words, 2):
        assert not ra.colliderect(rb), f"{a!r} {ra} runs into {b!r} {rb}"
    for text, rect in words:
        assert rect.collidelist(plates) < 0, f"{text!r} {rect} runs into a name plate"


def assert_inside(words: Drawn, table: ReapersTable) -> None:
    """Each line lies inside the place it belongs to: a frame's title above its card, a panel's lines in the
    panel, the prompt in its band, a wager choice's lines in its button."""
    geo = table.geo
    assert geo is not None
    wagering = table.state.phase == r.WAGER
    found = dict(words)
    side_top = geo.trump_pos[1] - geo.side_size[1] // 2
    for title, frame in (("Trump", geo.trump_frame), ("Graveyard", geo.grave_frame)):
        assert frame.contains(found[title]) and found[title].bottom <= side_top, title
    panels = [geo.panel(seat) for seat in range(table.state.num_players)]
    band = table.look.prompt_rect()
    for text, rect in words:
        boxes = [*panels, geo.trump_frame, geo.grave_frame, *(geo.wager_buttons if wagering else [])]
        inside = [p for p in boxes if p.colliderect(rect)]
        assert all(p.contains(rect) for p in inside), f"{text!r} {rect} crosses the edge of {inside}"
        if rect.colliderect(band):
            assert band.contains(rect), f"{text!r} {rect} crosses the prompt's band {band}"


def assert_trick_names_clear(table: ReapersTable) -> None:
    """The names over the trick's places sit under the prompt's band, as tall as their text."""
    geo = table.geo
    assert geo is not None
    band = table.look.prompt_rect()
    assert geo.trick_label_h >= geo.line_h
    for seat in geo.opps:
        top = geo.trick_pos[seat][1] - geo.trick_size[1] / 2 - table.layout.px(3) - geo.trick_label_h
        assert top >= band.bottom
    me = geo.trick_pos[geo.me]
    assert me[1] + geo.trick_size[1] / 2 <= geo.main.bottom


@pytest.mark.parametrize(("scale", "size"), [(1.0, (1280, 720)), (1.3, (1280, 720)), (1.5, (1280, 720)),
                                             (1.5, (1920, 1080))])
@pytest.mark.parametrize("players", [3, 5])
def test_the_words_on_the_table_keep_apart_at_every_text_size(monkeypatch: pytest.MonkeyPatch, scale: float,
                                                               size: tuple[int, int], players: int) -> None:
    app = App(Settings(animation_speed="off", ai_pause_ms=0, text_scale=scale), size=size)
    try:
        table = open_table(app, ("human",) + ("random",) * (players - 1))
        for phase in (r.DRAFT, r.WAGER, r.PLAY):
            run_until(app, human_turn(table, phase))
            words, plates = drawn_words(table, monkeypatch)
            assert_apart(words, plates)
            assert_inside(words, table)
        assert_trick_names_clear(table)
        assert min(rect.h for rect in (r for _, r in words)) >= table.layout.text_px(14) * 0.9  # never shrunk
    finally:
        app.close()
