"""Every character the game writes is in the bundled text face: a sign the face lacks would show as an empty
box (the suit signs of a card label did, before they became words)."""

import ast
from pathlib import Path

import pygame

from game.ui.theme import font

GAME = Path(__file__).resolve().parents[2] / "game"
MISSING = "\ue000"
"""A private-use character no font draws: what a missing glyph looks like."""


def written_characters() -> dict[str, str]:
    """Each non-ASCII character in the game's string constants, with one file that writes it."""
    found: dict[str, str] = {}
    for path in sorted(GAME.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for character in node.value:
                    if ord(character) > 127:
                        found.setdefault(character, path.name)
    return found


def drawn(face: pygame.font.Font, text: str) -> bytes:
    return pygame.image.tobytes(face.render(text, True, (255, 255, 255)), "RGBA")


def test_the_text_face_draws_every_character_the_game_writes(app):
    characters = written_characters()
    assert "\u2192" in characters  # the search sees escaped characters too
    for bold in (False, True):
        face = font(20, bold=bold)
        box = drawn(face, MISSING)
        missing = {c: where for c, where in characters.items() if drawn(face, c) == box}
        assert missing == {}
