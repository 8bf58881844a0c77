"""Card faces: the corner indexes (rank over a small suit) never touch the pips or the picture, at any size
from a thumbnail to a hand card on a 3840x2160 screen, measured on the layout and on the drawn pixels."""

import pygame
import pytest

from game.ui import assets
from game.ui.cards import PLAYING_RANKS, face_rects, index_rects
from game.ui.layout import Layout
from game.ui.theme import GOTHIC

RANKS = [*PLAYING_RANKS, "11", "JK"]  # the playing deck, a Reapers Demon, a joker
HAND_CARD = 104
"""Trick or Treat's hand cards, reference units tall (the largest card it draws)."""


@pytest.fixture(autouse=True)
def fonts():
    """The corner's height comes from the rank's font."""
    if not pygame.font.get_init():
        pygame.font.init()


def card_sizes() -> list[tuple[int, int]]:
    """The 13 sizes faces are tested at: thumbnails to the largest hand card on a 3840x2160 screen."""
    sizes = [(w, round(w * 1.4)) for w in (20, 33, 48, 64, 90, 131, 180, 223, 260, 400)]
    sizes += [Layout(*screen).card_size(HAND_CARD) for screen in ((1280, 720), (1920, 1080), (3840, 2160))]
    return sizes


@pytest.mark.parametrize("size", card_sizes())
@pytest.mark.parametrize("rank", RANKS)
def test_corner_indexes_keep_clear_of_the_pips_and_the_picture(size, rank):
    drawn = (size[0] * 2, size[1] * 2)  # faces are drawn at twice their size, then smoothed down
    for corner in index_rects(drawn):
        for art in face_rects(drawn, rank):
            assert not corner.inflate(2, 2).colliderect(art), (corner, art)
    top_left, bottom_right = index_rects(drawn)
    assert top_left.x >= 1 and bottom_right.right <= drawn[0] - 1 and bottom_right.bottom <= drawn[1] - 1


@pytest.mark.usefixtures("app")
@pytest.mark.parametrize("card", ["10H", "7S", "8D", "4C", "AS", "QH"])
def test_a_hand_card_at_3840x2160_has_an_empty_gutter_between_index_and_pips(card):
    assets.use_palette(GOTHIC)
    size = Layout(3840, 2160).card_size(HAND_CARD)
    face = assets.card_face("playing", card, size)
    corner, _ = index_rects(size)
    art_left = min(rect.left for rect in face_rects(size, card[:-1]))
    assert art_left - corner.right >= 4
    ink = [(x, y) for x in range(corner.right + 1, art_left - 1) for y in range(size[1] // 12, size[1] * 11 // 12)
           if _is_ink(face.get_at((x, y)))]
    assert ink == []


def _is_ink(colour: pygame.Color) -> bool:
    paper = GOTHIC.card_face
    return colour.a > 200 and sum(abs(c - p) for c, p in zip(colour[:3], paper)) > 60
