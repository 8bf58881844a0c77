"""Colour contrast from the palette values: every suit, bead and candy colour reaches WCAG 3:1 on what it is
drawn on, in both palettes, while the colours of a set stay apart (for the colour-blind palette also as
deuteranopes, protanopes and tritanopes see them) and the two palettes stay two."""

import math

import pytest

from game.ui.cards import NEVERMORE_SUITS, REAPER_SUITS
from game.ui.contrast import MINIMUM, ink_on, pairings, shortfalls
from game.ui.theme import COLOUR_BLIND, GOTHIC, Colour, Palette, contrast, luminance

PALETTES = [GOTHIC, COLOUR_BLIND]
SIMULATIONS = {  # Machado, Oliveira & Fernandes (2009), full severity, on linear RGB
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
APART = 20.0
"""Smallest CIE76 distance between two colours of one set, as seen with full colour vision."""
APART_SIMULATED = 10.0
"""The same for the colour-blind palette as seen with each colour-vision deficiency."""


def _linear(channel: float) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _simulate(colour: Colour, matrix: tuple) -> tuple[float, float, float]:
    linear = [_linear(c) for c in colour]
    out = []
    for row in matrix:
        v = min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear))))
        out.append(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))
    return out[0], out[1], out[2]


def _sets(pal: Palette) -> dict[str, list[Colour]]:
    return {"Reapers suits": [pal.suits[s] for s in REAPER_SUITS],
            "Nevermore suits": [pal.suits[s] for s in NEVERMORE_SUITS],
            "beads": list(pal.seats), "candies": list(pal.candies.values())}


def _closest(colours: list, see=lambda c: c) -> float:  # noqa: ANN001
    return min(math.dist(_lab(see(a)), _lab(see(b))) for i, a in enumerate(colours) for b in colours[i + 1:])


def test_contrast_is_the_wcag_ratio():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((90, 20, 140), (90, 20, 140)) == 1.0
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)  # WCAG's grey on white
    assert contrast((255, 255, 255), (118, 118, 118)) == contrast((118, 118, 118), (255, 255, 255))
    assert luminance((255, 0, 0)) == pytest.approx(0.2126)


@pytest.mark.parametrize("pal", PALETTES, ids=lambda p: p.name)
def test_every_suit_bead_and_candy_colour_reaches_3_to_1_on_what_it_is_drawn_on(pal):
    assert [str(p) for p in shortfalls(pal)] == []


def test_the_colour_blind_pistols_are_readable_on_the_cream_card():
    assert contrast(COLOUR_BLIND.suits["pistols"], COLOUR_BLIND.card_face) >= MINIMUM


@pytest.mark.parametrize("pal", PALETTES, ids=lambda p: p.name)
def test_every_colour_is_checked(pal):
    checked = {p.colour for p in pairings(pal)}
    assert set(pal.suits.values()) | set(pal.seats) | set(pal.candies.values()) <= checked
    assert {p.ground for p in pairings(pal)} >= {"card face", "table", "pit", "bowl", "panel"}


@pytest.mark.parametrize("pal", PALETTES, ids=lambda p: p.name)
def test_the_colours_of_a_set_stay_apart(pal):
    for name, colours in _sets(pal).items():
        assert _closest(colours) >= APART, name


@pytest.mark.parametrize("deficiency", SIMULATIONS)
def test_the_colour_blind_palette_stays_apart_for_colour_blind_eyes(deficiency):
    matrix = SIMULATIONS[deficiency]
    for name, colours in _sets(COLOUR_BLIND).items():
        assert _closest(colours, lambda c: _simulate(c, matrix)) >= APART_SIMULATED, name


def test_the_two_palettes_stay_distinct():
    gothic, colour_blind = _sets(GOTHIC), _sets(COLOUR_BLIND)
    for name in gothic:
        assert gothic[name] != colour_blind[name], name
    assert GOTHIC.seat_names != COLOUR_BLIND.seat_names
    assert set(GOTHIC.candies) == set(COLOUR_BLIND.candies)  # the same words, as variant files use them


@pytest.mark.parametrize("pal", [GOTHIC, COLOUR_BLIND], ids=["gothic", "colour-blind"])
def test_a_suit_drawn_on_a_dark_panel_is_lightened_until_it_stands_out(pal):
    for suit in NEVERMORE_SUITS:
        ink = ink_on(pal.suits[suit], pal.panel)
        assert contrast(ink, pal.panel) >= MINIMUM, suit
        if contrast(pal.suits[suit], pal.panel) >= MINIMUM:
            assert ink == pal.suits[suit]
