"""Card art: every face and back draws at each of the 13 tested sizes in both palettes and no two look alike;
court cards and jokers are half-figures turned round like printed cards, robed in their suit's colour; every
Magick title has a picture of its own; suit signs differ by shape at the smallest size; every picture file is
used and credited; the words and pictures on the new grounds stand out by WCAG 3:1."""

import pygame
import pytest
import yaml

from game.core.paths import ART_DIR, CONFIG_DIR
from game.ui import card_art, cards
from game.ui.card_figures import GOLD
from game.ui.glyphs import draw_glyph
from game.ui.theme import COLOUR_BLIND, GOTHIC, blend, contrast
from tests.ui.test_card_layout import card_sizes

PALETTES = [GOTHIC, COLOUR_BLIND]
MAGICK_CARDS = yaml.safe_load((CONFIG_DIR / "nevermore" / "magick.yaml").read_text(encoding="utf-8"))
TITLES = [(card["deck"], card["name"]) for group in MAGICK_CARDS.values() for card in group]
DECKS = {
    "reapers": [f"{suit}-{rank}" for suit in cards.REAPER_SUITS for rank in [*map(str, range(2, 11)), "demon"]]
    + ["reaper"],
    "playing": [f"{rank}{suit}" for suit in "SHDC" for rank in cards.PLAYING_RANKS] + ["joker-colour", "joker-black"],
    "nevermore": list(cards.NEVERMORE_SUITS),
    "magick": ["light", "shadow"] + [f"{deck}:{title}" for deck, title in TITLES],
}
COURTS = ["KS", "QH", "JD", "KC", "joker-colour", "joker-black"]
LARGE = (260, 364)


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("pal", PALETTES, ids=lambda p: p.name)
@pytest.mark.parametrize("size", card_sizes())
def test_every_face_and_back_draws_at_its_size_and_differs_from_the_others(app, size, pal):
    for deck, ids in DECKS.items():
        faces = [cards.FACES[deck](card_id, size, pal) for card_id in ids]
        assert {face.get_size() for face in faces} == {size}
        looks = {_pixels(face) for face in faces}
        assert len(looks) == len(ids), f"{deck}: two faces look alike at {size}"
    backs = {_pixels(cards.card_back(deck, size, pal)) for deck in cards.BACKS}
    assert len(backs) == len(cards.BACKS)


def _frame_halves(face: pygame.Surface, rank: str) -> tuple[pygame.Surface, pygame.Surface]:
    frame = cards.face_rects(face.get_size(), rank)[0].inflate(-8, -8)
    half = pygame.Rect(frame.x, frame.y, frame.w, frame.h // 2 - 4)
    top = face.subsurface(half).copy()
    bottom = face.subsurface(half.move(0, frame.bottom - half.bottom)).copy()
    return top, bottom


def _difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """Mean difference of two same-sized pictures per channel, 0 to 255."""
    pa, pb = _pixels(a), _pixels(b)
    return sum(abs(x - y) for x, y in zip(pa, pb)) / len(pa)


@pytest.mark.parametrize("card", COURTS)
def test_a_court_figure_is_turned_round_into_the_bottom_half_like_a_printed_card(app, card):
    face = cards.playing_face(card, LARGE, GOTHIC)
    rank = "JK" if card.startswith("joker") else card[:-1]
    top, bottom = _frame_halves(face, rank)
    turned = pygame.transform.rotate(bottom, 180)
    assert _difference(top, turned) < 6 < _difference(top, bottom)


@pytest.mark.parametrize("pal", PALETTES, ids=lambda p: p.name)
@pytest.mark.parametrize("card", ["KH", "QS", "JD", "KC"])
def test_a_court_figure_is_robed_in_its_suits_colour_and_crowned_in_gold(app, card, pal):
    face = cards.playing_face(card, LARGE, pal)
    ink = pal.card_red if card[-1] in "HD" else pal.card_ink
    top, _ = _frame_halves(face, card[:-1])
    colours = [top.get_at((x, y))[:3] for x in range(0, top.get_width(), 2) for y in range(0, top.get_height(), 2)]

    def share(colour: tuple[int, int, int]) -> float:
        return sum(1 for c in colours if sum(abs(a - b) for a, b in zip(c, colour)) < 30) / len(colours)

    assert share(ink) > 0.08 and share(GOLD) > 0.01


@pytest.mark.parametrize("size", [LARGE, (30, 42)])
def test_the_two_jokers_are_told_apart_by_the_sign_they_wear_not_only_by_colour(app, size):
    def sign(card: str) -> pygame.mask.Mask:
        face = pygame.transform.grayscale(cards.playing_face(card, size, COLOUR_BLIND))
        return pygame.mask.from_threshold(face, (0, 0, 0), (100, 100, 100, 255))

    colour, black = sign("joker-colour"), sign("joker-black")
    apart = colour.count() + black.count() - 2 * colour.overlap_area(black, (0, 0))
    assert apart > size[0] * size[1] // 400


def test_every_magick_title_has_a_picture_of_its_own():
    pictures = {title: card_art.magick_picture(deck, title) for deck, title in TITLES}
    assert len(set(pictures.values())) == len(pictures)
    assert not set(pictures.values()) & set(card_art.MAGICK_DECK_PICTURE.values())
    assert card_art.magick_picture("shadow", "A title no card has") == card_art.MAGICK_DECK_PICTURE["shadow"]


def test_every_picture_file_is_used_and_credited_with_its_licence_beside_it():
    folder = card_art.ICON_DIR
    files = {path.stem for path in folder.glob("*.svg")}
    used = ({icon for _, icon in card_art.MAGICK_PICTURES} | set(card_art.MAGICK_DECK_PICTURE.values())
            | set(card_art.NEVERMORE_PICTURES.values()) | set(card_art.BACK_EMBLEMS.values())
            | set(card_art.FIGURE_PICTURES.values()))
    assert files == used
    credits = (folder / "CREDITS.md").read_text(encoding="utf-8")
    assert all(f"`{name}.svg`" in credits for name in files)
    assert "CC BY 3.0" in (folder / "LICENSE.md").read_text(encoding="utf-8")
    assert folder.parent.parent == ART_DIR


@pytest.mark.parametrize("side", [7, 12, 24])
def test_a_picture_is_rendered_at_the_size_asked_in_the_colour_asked(app, side):
    picture = card_art.icon("raven", side, (200, 10, 20))
    assert picture.get_size() == (side, side)
    inked = [picture.get_at((x, y)) for x in range(side) for y in range(side) if picture.get_at((x, y)).a == 255]
    assert inked and all(tuple(c[:3]) == (200, 10, 20) for c in inked)
    assert card_art.icon("raven", side, (200, 10, 20)) is picture


@pytest.mark.parametrize("suits", [cards.REAPER_SUITS, tuple(cards.PLAYING_SUITS.values()), cards.NEVERMORE_SUITS])
def test_suit_signs_differ_by_shape_at_the_smallest_size(suits):
    side = 12

    def mask(suit: str) -> pygame.mask.Mask:
        big = pygame.Surface((side * 2, side * 2))
        big.fill((255, 255, 255))
        draw_glyph(big, suit, big.get_rect(), (0, 0, 0), (255, 255, 255))
        return pygame.mask.from_threshold(pygame.transform.smoothscale(big, (side, side)), (0, 0, 0),
                                          (128, 128, 128, 255))

    masks = {suit: mask(suit) for suit in suits}
    for i, a in enumerate(suits):
        for b in suits[i + 1:]:
            same = masks[a].overlap_area(masks[b], (0, 0))
            apart = masks[a].count() + masks[b].count() - 2 * same
            assert apart >= side * side // 16, (a, b)  # 9 of the 144 pixels at 12


@pytest.mark.parametrize("pal", PALETTES, ids=lambda p: p.name)
def test_words_and_pictures_on_the_card_grounds_stand_out(pal):
    for deck, paper in cards.MAGICK_FILL.items():
        assert contrast(cards.MAGICK_INK[deck], paper) >= 4.5  # titles are text
        assert contrast(cards.MAGICK_INK[deck], blend(paper, pal.suits[deck], 0.22)) >= 4.5
    for suit in cards.REAPER_SUITS:
        ink = pal.suits[suit]
        dark = blend(ink, cards.NIGHT, 0.55)
        for ground in (dark, blend(dark, ink, 0.6)):
            assert contrast(blend(pal.card_face, ink, 0.12), ground) >= 3.0, suit
    assert contrast(cards.BONE, cards.NIGHT) >= 4.5
    for suit in cards.NEVERMORE_SUITS:
        assert contrast(pal.card_face, pal.suits[suit]) >= 3.0  # the title band
