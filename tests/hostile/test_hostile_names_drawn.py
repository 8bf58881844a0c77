"""Names of 20,000 characters are drawn cut with an ellipsis to fit their room, and cost a few measurements,
not thousands: a name that slipped past the name rules (set up here directly, bypassing every loader) once
froze the table for minutes a frame."""

from __future__ import annotations

import pygame
import pytest

from game.core.registry import all_games
from game.core.settings import Settings
from game.core.setup import MatchSetup
from game.scenes import handoff, results
from game.scenes.handoff import HandoffScene
from game.scenes.results import ResultsScene
from game.scenes.tables import table_class
from game.ui import log_panel, table as table_module, text
from game.ui.app import App
from game.ui.log_panel import MAX_LOG_ENTRY_CHARS
from game.ui.table import TableScene
from game.ui.text import ELLIPSIS, ellipsize, fit_text, wrap
from game.ui.theme import font
from game.variants.loader import load_variant

LONG = 20_000


def long_names(players: int) -> tuple[str, ...]:
    return tuple(chr(ord("A") + seat) * LONG for seat in range(players))


class CountingFont:
    """A font that counts its measurements, so a test can tell a binary search from a loop a character."""

    def __init__(self, face: pygame.font.Font) -> None:
        self.face = face
        self.measured = 0

    def size(self, words: str) -> tuple[int, int]:
        self.measured += 1
        return self.face.size(words)


@pytest.fixture
def app():
    application = App(Settings(animation_speed="off", ai_pause_ms=0), size=(1280, 720))
    yield application
    application.close()


def test_a_long_text_is_cut_with_an_ellipsis_in_a_few_measurements(app):
    face = CountingFont(font(17, bold=True))
    shown = ellipsize("W" * LONG, face, 150)
    assert shown.endswith(ELLIPSIS) and set(shown[:-1]) == {"W"}
    assert face.face.size(shown)[0] <= 150 < face.face.size(shown[:-1] + "W" + ELLIPSIS)[0]
    assert face.measured <= 40
    assert ellipsize("Morgan", face.face, 150) == "Morgan"


def test_fit_text_shrinks_a_text_that_nearly_fits_and_cuts_one_that_never_will(app):
    assert fit_text("Morgan", 17, 150) == ("Morgan", 17)
    words, size = fit_text("Hecate the Grey", 30, 150)
    assert words == "Hecate the Grey" and 12 <= size < 30 and font(size).size(words)[0] <= 150
    words, size = fit_text("W" * LONG, 17, 150, minimum=12)
    assert size == 12 and words.endswith(ELLIPSIS) and font(12).size(words)[0] <= 150


def test_wrapping_a_word_of_20000_characters_cuts_it_by_halving(app):
    face = CountingFont(font(15))
    lines = wrap("Boris plays " + "M" * LONG + " and wins.", face, 280)
    assert all(face.face.size(line)[0] <= 280 for line in lines)
    assert "".join(line.replace(" ", "") for line in lines) == ("Borisplays" + "M" * LONG + "andwins.")
    assert face.measured < 30 * len(lines)  # a binary search a line: a loop a character takes ~30,000


@pytest.mark.parametrize("game", [spec.name for spec in all_games()])
def test_a_table_of_20000_character_names_draws_them_within_their_plates(app, game, monkeypatch):
    spec = next(spec for spec in all_games() if spec.name == game)
    variant = load_variant(spec, "standard")
    players = min(spec.max_players, max(spec.min_players, 4))
    seats = ("human",) + ("normal",) * (players - 1)
    drawn: list[tuple[str, pygame.Rect]] = []
    plates: list[pygame.Rect] = []
    wrapped: list[str] = []

    def spy_text(surface: pygame.Surface, words: str, *args: object, **kwargs: object) -> pygame.Rect:
        rect = text.draw_text(surface, words, *args, **kwargs)
        drawn.append((words, rect))
        return rect

    def spy_badge(self: TableScene, surface: pygame.Surface, seat: int, centre: tuple[int, int]) -> pygame.Rect:
        plates.append(badge(self, surface, seat, centre))
        return plates[-1]

    def spy_wrap(words: str, size: int, width: int) -> tuple[str, ...]:
        wrapped.append(words)
        return text.wrap_cached(words, size, width)

    badge = TableScene.draw_badge
    monkeypatch.setattr(table_module, "draw_text", spy_text)
    monkeypatch.setattr(TableScene, "draw_badge", spy_badge)
    monkeypatch.setattr(log_panel, "wrap_cached", spy_wrap)
    table = table_class(spec)(app, MatchSetup(spec.name, variant.name, dict(variant.params), seats,
                                              long_names(players), 3))
    table.session.autosave = False
    app.push(table)
    app.apply_pending()
    table.log_feed.write(f"{table.names[1]} plays a card.")
    for _ in range(2):
        app.frame(1 / 60)
    assert all(len(words) <= MAX_LOG_ENTRY_CHARS + 1 for words in wrapped) and wrapped
    assert all(rect.w <= app.screen.get_width() for _, rect in drawn)  # the status line among them
    assert plates or game in ("spectral-reapers", "nevermore")  # these two draw plates of their own
    for plate in plates:
        names = [rect for words, rect in drawn if words.endswith(ELLIPSIS) and rect.colliderect(plate)]
        assert names and all(plate.left <= rect.left and rect.right <= plate.right for rect in names)


def test_the_results_and_the_hand_off_cut_20000_character_names(app, monkeypatch):
    drawn: list[tuple[str, pygame.Rect]] = []

    def spy_text(surface: pygame.Surface, words: str, *args: object, **kwargs: object) -> pygame.Rect:
        rect = text.draw_text(surface, words, *args, **kwargs)
        drawn.append((words, rect))
        return rect

    monkeypatch.setattr(results, "draw_text", spy_text)
    monkeypatch.setattr(handoff, "draw_text", spy_text)
    names = list(long_names(4))
    scene = ResultsScene(app, "Hallowtable", names, [12, 7, 7, 3], [0, 1])
    app.push(scene)
    app.apply_pending()
    app.frame(1 / 60)
    box = app.layout.box(*results.PANEL)
    cut = [rect for words, rect in drawn if words.endswith(ELLIPSIS)]
    assert len(cut) == 5  # the winners' line and four names
    assert all(box.left <= rect.left and rect.right <= box.right for rect in cut)
    drawn.clear()
    app.push(HandoffScene(app, names[0], lambda: None))
    app.apply_pending()
    app.frame(1 / 60)
    assert [words[-40:] for words, _ in drawn if "A" in words][-1].endswith(": click or press Enter when ready")
    assert all(0 <= rect.left and rect.right <= app.screen.get_width() for _, rect in drawn)
