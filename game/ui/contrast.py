"""What each palette colour of a piece is drawn on, so its contrast can be checked from the palette alone.

Suit symbols, beads and candies must stand out from every ground they are drawn on by at least
``MINIMUM`` (WCAG 2.1's 3:1 for graphics), in both palettes; ``shortfalls`` lists those that do not, and
the tests keep it empty. Shape tells pieces apart as well, but a piece has to be seen first.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ui.cards import JOKER_TINT, MAGICK_FILL, NEVERMORE_SUITS, REAPER_SUITS
from game.ui.theme import WHITE, Colour, Palette, blend, contrast, felt, hollow, luminance

MINIMUM = 3.0
DEEPEST_TINT = 0.3
"""The most a suit's own colour tints the paper under its symbol (a Demon's chip in a score pile; card
faces tint less), so checking against this tint covers every lighter one."""

BLACK: Colour = (0, 0, 0)


@dataclass(frozen=True)
class Pairing:
    """A piece's colour on one ground it is drawn on."""

    piece: str
    colour: Colour
    ground: str
    behind: Colour

    @property
    def ratio(self) -> float:
        return contrast(self.colour, self.behind)

    def __str__(self) -> str:
        return f"{self.piece} {self.colour} on {self.ground} {self.behind}: {self.ratio:.2f}:1"


def _on_cards(piece: str, ink: Colour, pal: Palette) -> list[Pairing]:
    return [Pairing(piece, ink, "card face", pal.card_face),
            Pairing(piece, ink, "tinted card face", blend(pal.card_face, ink, DEEPEST_TINT))]


def _on_table(piece: str, colour: Colour, pal: Palette, well: str) -> list[Pairing]:
    return [Pairing(piece, colour, "table", felt(pal)), Pairing(piece, colour, well, hollow(pal)),
            Pairing(piece, colour, "panel", pal.panel)]


def pairings(pal: Palette) -> list[Pairing]:
    """Every suit, bead and candy colour of ``pal`` with each ground the art and the tables draw it on."""
    out: list[Pairing] = []
    for suit in REAPER_SUITS + NEVERMORE_SUITS:
        out += _on_cards(f"suit {suit}", pal.suits[suit], pal)
    out += _on_cards("hearts and diamonds", pal.card_red, pal)
    out.append(Pairing("hearts and diamonds", pal.card_red, "colour joker", blend(pal.card_face, pal.accent,
                                                                                   JOKER_TINT)))
    out += _on_cards("spades and clubs", pal.card_ink, pal)
    for deck, fill in MAGICK_FILL.items():
        out += [Pairing(f"suit {deck}", pal.suits[deck], f"{deck} Magick card", fill),
                Pairing(f"suit {deck}", pal.suits[deck], "panel", pal.panel)]
    for seat, colour in enumerate(pal.seats):
        out += _on_table(f"bead {seat} ({pal.seat_names[seat]})", colour, pal, "pit")
    for name, colour in pal.candies.items():
        out += _on_table(f"candy {name}", colour, pal, "bowl")
    return out


def shortfalls(pal: Palette, minimum: float = MINIMUM) -> list[Pairing]:
    """The pairings of ``pal`` below ``minimum``."""
    return [pairing for pairing in pairings(pal) if pairing.ratio < minimum]


def ink_on(colour: Colour, ground: Colour, minimum: float = MINIMUM) -> Colour:
    """``colour`` as it must be drawn on ``ground`` to stand out: itself if it reaches ``minimum``, else
    blended step by step towards white on a dark ground (black on a light one) until it does. A suit's
    colour is dark enough for cream cards, so on a dark panel it is drawn lighter, keeping its hue."""
    towards = WHITE if luminance(ground) < 0.18 else BLACK
    for step in range(11):
        ink = blend(colour, towards, step / 10)
        if contrast(ink, ground) >= minimum:
            return ink
    return towards
