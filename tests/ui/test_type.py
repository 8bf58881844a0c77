"""Type: the two bundled faces load from ``art/fonts/`` (never from the system), each with its licence beside it
and its credit; one scale of text sizes; a missing file falls back to pygame's own font and says so once."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core.paths import ART_DIR
from game.ui import theme
from game.ui.layout import MIN_TEXT_PX
from game.ui.theme import FONT_DIR, FONT_FILES, TYPE, font

FACES = sorted(FONT_FILES)
SAMPLE = "Hallowtable 10"


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.fixture
def fresh_fonts() -> Any:
    """Fonts looked up anew in the test, and again after it (so no other test sees what it changed)."""
    theme._font_path.cache_clear()
    font.cache_clear()
    yield
    theme._font_path.cache_clear()
    font.cache_clear()


def test_each_face_is_a_bundled_file_with_its_licence_and_its_credit() -> None:
    assert FONT_DIR == ART_DIR / "fonts"
    readme = (FONT_DIR / "README.md").read_text(encoding="utf-8")
    for name in FONT_FILES.values():
        assert (FONT_DIR / name).is_file(), name
        family = name.split("-")[0]
        licence = FONT_DIR / f"{family}-OFL.txt"
        assert "SIL Open Font License" in licence.read_text(encoding="utf-8"), licence
        assert f"`{name}`" in readme and f"`{licence.name}`" in readme
    bundled = {path.name for path in FONT_DIR.glob("*.[ot]tf")}
    assert bundled == set(FONT_FILES.values()), "only the weights drawn are bundled"


def test_the_faces_load_without_asking_the_system(fresh_fonts: None, monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.font.init()

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the system's fonts were searched")

    monkeypatch.setattr(pygame.font, "match_font", refused)
    monkeypatch.setattr(pygame.font, "SysFont", refused)
    drawn = {}
    for serif, bold in FACES:
        assert theme._font_path(serif, bold) == str(FONT_DIR / FONT_FILES[serif, bold])
        drawn[serif, bold] = pixels(font(24, serif=serif, bold=bold).render(SAMPLE, True, theme.WHITE))
    assert len(set(drawn.values())) == len(FACES), "display and text face, regular and bold, all differ"


def test_a_missing_file_falls_back_to_pygames_font_and_says_so_once(fresh_fonts: None, tmp_path: Any,
                                                                  monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    pygame.font.init()
    monkeypatch.setattr(theme, "FONT_DIR", tmp_path)
    monkeypatch.setattr(theme, "_missing_said", [])
    for serif, bold in FACES:
        assert theme._font_path(serif, bold) is None
        assert font(20, serif=serif, bold=bold).size(SAMPLE)[0] > 0
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "missing" in said[0] and str(tmp_path) in said[0]


def test_one_scale_of_sizes_each_step_plainly_larger() -> None:
    sizes = [TYPE.caption, TYPE.body, TYPE.label, TYPE.heading, TYPE.title, TYPE.display]
    assert sizes[0] >= MIN_TEXT_PX
    assert all(larger >= smaller * 1.12 for smaller, larger in zip(sizes, sizes[1:]))


@pytest.mark.parametrize("serif,bold", FACES)
def test_every_face_draws_the_characters_the_game_writes(serif: bool, bold: bool) -> None:
    """Letters, figures and the punctuation of the game's texts each draw a glyph of their own, not the box a
    face draws for a character it lacks."""
    pygame.font.init()
    face = font(30, serif=serif, bold=bold)
    missing = pixels(face.render("\ue000", True, theme.WHITE))
    written = "AZaz09&?!:;,.'\"()[]<>+-%/±·ë—…•“”‘’éüñß"
    lacking = [ch for ch in written if pixels(face.render(ch, True, theme.WHITE)) == missing]
    assert lacking == []
    if not serif:
        assert [ch for ch in "\u2190\u2192" if pixels(face.render(ch, True, theme.WHITE)) == missing] == []


def test_a_damaged_file_falls_back_to_pygames_font_and_says_so_once(fresh_fonts: None, tmp_path: Any,
                                                                   monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    pygame.font.init()
    for name in FONT_FILES.values():
        (tmp_path / name).write_bytes(b"not a font\0" * 100)
    monkeypatch.setattr(theme, "FONT_DIR", tmp_path)
    monkeypatch.setattr(theme, "_missing_said", [])
    for serif, bold in FACES:
        assert theme._font_path(serif, bold) is None
        assert font(20, serif=serif, bold=bold).size(SAMPLE)[0] > 0
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "damaged" in said[0] and str(tmp_path) in said[0]
