"""Short effects that mark a moment on the table: a capture, a jackpot, a Raven's return, a win, a joker.

Each kind looks different (a closing ring, a golden starburst, scattering feathers, confetti, a whirl of
harlequin diamonds) and has its own sound, so a player who looks away still hears which moment it was. An
effect is drawn from its progress alone (0 to 1, tweened), with particles placed by a fixed seed: the same
moment always looks the same.
"""

from __future__ import annotations

import math
import random

import pygame

from game.ui.theme import Colour, Palette, blend

FLOURISHES = ("capture", "jackpot", "raven", "win", "joker")
"""The kinds of effect a table may ask for; each is also the name of its sound."""
FLOURISH_SECONDS = {"capture": 0.55, "jackpot": 0.9, "raven": 0.8, "win": 1.2, "joker": 0.6}
"""How long each kind lasts at normal speed."""
PARTICLES = {"capture": 10, "jackpot": 16, "raven": 9, "win": 36, "joker": 8}
GOLD: Colour = (255, 200, 60)
FEATHER: Colour = (34, 28, 44)


class Flourish:
    """One effect at ``centre``, ``reach`` pixels across at its widest, in ``colour`` (the seat's, for a
    capture or a win; ignored where the kind has its own colours)."""

    def __init__(self, kind: str, centre: tuple[int, int], reach: int, colour: Colour, palette: Palette) -> None:
        if kind not in FLOURISHES:
            raise ValueError(f"unknown flourish {kind!r}; flourishes: {', '.join(FLOURISHES)}")
        self.kind = kind
        self.centre = centre
        self.reach = max(8, reach)
        self.colour = colour
        self.palette = palette
        self.progress = 0.0
        """0 at the start, 1 when done (tweened by the table)."""
        seed = random.Random(FLOURISHES.index(kind))
        self.particles = [(seed.uniform(0, 2 * math.pi), seed.uniform(0.55, 1.0), seed.randrange(len(palette.seats)))
                          for _ in range(PARTICLES[kind])]
        """Each particle's direction, share of the reach and colour index: fixed per kind."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the effect as it is at ``progress``."""
        t = min(1.0, max(0.0, self.progress))
        if t <= 0.0 or t >= 1.0:  # not begun (every particle at the centre, one blot) or over
            return
        layer = pygame.Surface((self.reach * 2, self.reach * 2), pygame.SRCALPHA)
        middle = (self.reach, self.reach)
        fade = int(255 * (1.0 - t) ** 0.7)
        getattr(self, f"_draw_{self.kind}")(layer, middle, t, fade)
        surface.blit(layer, (self.centre[0] - self.reach, self.centre[1] - self.reach))

    def _draw_capture(self, layer: pygame.Surface, middle: tuple[int, int], t: float, fade: int) -> None:
        """A ring closing in on what is taken, with sparks drawn towards it."""
        radius = max(2, int(self.reach * (1.0 - 0.7 * t)))
        pygame.draw.circle(layer, (*self.colour, fade), middle, radius, max(2, self.reach // 14))
        for angle, share, _ in self.particles:
            distance = self.reach * share * (1.0 - t)
            spot = (middle[0] + math.cos(angle) * distance, middle[1] + math.sin(angle) * distance)
            pygame.draw.circle(layer, (*blend(self.colour, (255, 255, 255), 0.5), fade), spot,
                               max(2, self.reach // 20))

    def _draw_jackpot(self, layer: pygame.Surface, middle: tuple[int, int], t: float, fade: int) -> None:
        """A golden starburst: rays thrown out and turning, stars riding them."""
        rays = 12
        for index in range(rays):
            angle = 2 * math.pi * index / rays + t * 0.6
            inner = self.reach * 0.15 * (1 + t)
            outer = self.reach * min(1.0, 0.3 + t * 1.2)
            start = (middle[0] + math.cos(angle) * inner, middle[1] + math.sin(angle) * inner)
            end = (middle[0] + math.cos(angle) * outer, middle[1] + math.sin(angle) * outer)
            pygame.draw.line(layer, (*GOLD, fade // 2), start, end, max(2, self.reach // 18))
        for angle, share, _ in self.particles:
            distance = self.reach * share * min(1.0, t * 1.4)
            _star(layer, (middle[0] + math.cos(angle) * distance, middle[1] + math.sin(angle) * distance),
                  max(3, self.reach // 12), (*blend(GOLD, (255, 255, 255), 0.35), fade))

    def _draw_raven(self, layer: pygame.Surface, middle: tuple[int, int], t: float, fade: int) -> None:
        """Dark feathers scattering up and out, under a soft violet shadow."""
        pygame.draw.circle(layer, (*self.palette.suits["shadow"], fade // 5), middle,
                           max(2, int(self.reach * 0.4 * (1 + t))))
        for angle, share, _ in self.particles:
            distance = self.reach * share * t
            x = middle[0] + math.cos(angle) * distance
            y = middle[1] + math.sin(angle) * distance - self.reach * 0.3 * t
            _feather(layer, (x, y), angle + t * 2.0, max(6, self.reach // 3), (*FEATHER, fade),
                     (*self.palette.suits["shadow"], fade))

    def _draw_win(self, layer: pygame.Surface, middle: tuple[int, int], t: float, fade: int) -> None:
        """Confetti in every seat's colour, thrown up and falling."""
        for angle, share, colour in self.particles:
            distance = self.reach * share * min(1.0, t * 1.6)
            x = middle[0] + math.cos(angle) * distance
            y = middle[1] + math.sin(angle) * distance * 0.8 + self.reach * 0.5 * t * t
            side = max(3, self.reach // 16)
            turn = angle * 3 + t * 8
            corner = (math.cos(turn) * side, math.sin(turn) * side * 0.5)
            points = [(x + corner[0], y + corner[1]), (x - corner[1], y + corner[0]),
                      (x - corner[0], y - corner[1]), (x + corner[1], y - corner[0])]
            pygame.draw.polygon(layer, (*self.palette.seats[colour], fade), points)

    def _draw_joker(self, layer: pygame.Surface, middle: tuple[int, int], t: float, fade: int) -> None:
        """A jester's whirl: harlequin diamonds, two colours in turn, spinning out around the card."""
        colours = (self.colour, self.palette.focus)
        count = len(self.particles)
        for index in range(count):
            angle = 2 * math.pi * index / count + t * 4.0
            distance = self.reach * (0.25 + 0.65 * t)
            x = middle[0] + math.cos(angle) * distance
            y = middle[1] + math.sin(angle) * distance
            size = max(3, int(self.reach * 0.14 * (1.0 - 0.4 * t)))
            points = [(x, y - size), (x + size * 0.6, y), (x, y + size), (x - size * 0.6, y)]
            pygame.draw.polygon(layer, (*colours[index % 2], fade), points)


def _star(layer: pygame.Surface, centre: tuple[float, float], size: int, colour: tuple[int, int, int, int]) -> None:
    points = []
    for index in range(10):
        radius = size if index % 2 == 0 else size * 0.45
        angle = -math.pi / 2 + math.pi * index / 5
        points.append((centre[0] + math.cos(angle) * radius, centre[1] + math.sin(angle) * radius))
    pygame.draw.polygon(layer, colour, points)


def _feather(layer: pygame.Surface, centre: tuple[float, float], angle: float, length: int,
             colour: tuple[int, int, int, int], edge: tuple[int, int, int, int]) -> None:
    along = (math.cos(angle) * length / 2, math.sin(angle) * length / 2)
    across = (-along[1] * 0.35, along[0] * 0.35)
    tip = (centre[0] + along[0], centre[1] + along[1])
    tail = (centre[0] - along[0], centre[1] - along[1])
    points = [tip, (centre[0] + across[0], centre[1] + across[1]), tail,
              (centre[0] - across[0], centre[1] - across[1])]
    pygame.draw.polygon(layer, colour, points)
    pygame.draw.polygon(layer, edge, points, 1)
    pygame.draw.line(layer, edge, tip, tail, 1)
