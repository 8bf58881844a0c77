"""Things on the table that move: cards, beads, candies. Tweens change their attributes; they draw themselves.

A sprite holds only what it looks like and where it is. Which card it is, and whether a seat may see
it, comes from the scene (which got it from the rules), never the other way round.
"""

from __future__ import annotations

import math
from typing import Iterable

import pygame

from game.ui import assets
from game.ui.tween import Animation, Call, Easing, Tween, ease_in_out_cubic, parallel, sequence


class Sprite:
    """A position (the centre), rotation in degrees, scale, opacity and a drawing order."""

    def __init__(self, pos: tuple[float, float] = (0.0, 0.0), *, z: int = 0) -> None:
        self.pos = (float(pos[0]), float(pos[1]))
        self.angle = 0.0
        self.scale = 1.0
        self.alpha = 255.0
        self.z = z
        self.visible = True
        self.highlight = False
        """Drawn with a glowing outline (a legal choice, a selected card)."""
        self._cache: tuple[tuple, pygame.Surface] | None = None
        self._faded: tuple[pygame.Surface, int, pygame.Surface] | None = None
        """The rendered picture, the opacity and the copy of it at that opacity (a dimmed card is not copied
        again every frame)."""

    def image(self) -> pygame.Surface:
        """The untransformed picture."""
        raise NotImplementedError

    def _key(self) -> tuple:
        return (id(self.image()), round(self.angle, 1), round(self.scale, 3))

    def rendered(self) -> pygame.Surface:
        """The picture rotated and scaled (cached while nothing changes)."""
        key = self._key()
        if self._cache is None or self._cache[0] != key:
            base = self.image()
            if self.angle % 90 == 0:  # exact turns keep exact sizes
                out = pygame.transform.rotate(base, self.angle) if self.angle % 360 else base
                if self.scale != 1.0:
                    size = (max(1, round(out.get_width() * self.scale)), max(1, round(out.get_height() * self.scale)))
                    out = pygame.transform.smoothscale(out, size)
            else:
                out = pygame.transform.rotozoom(base, self.angle, self.scale)
            self._cache = (key, out)
        return self._cache[1]

    @property
    def rect(self) -> pygame.Rect:
        """Where it is drawn now."""
        return self.rendered().get_rect(center=(round(self.pos[0]), round(self.pos[1])))

    def contains(self, point: tuple[int, int]) -> bool:
        """Whether ``point`` is on the sprite (its bounding box)."""
        return self.visible and self.rect.collidepoint(point)

    def move_to(self, pos: tuple[float, float], duration: float = 0.35, ease: Easing | str = ease_in_out_cubic, *,
                angle: float | None = None, scale: float | None = None) -> Animation:
        """An animation moving it (and optionally turning and scaling it) over ``duration`` seconds."""
        parts: list[Animation] = [Tween(self, "pos", (float(pos[0]), float(pos[1])), duration, ease)]
        if angle is not None:
            parts.append(Tween(self, "angle", float(angle), duration, ease))
        if scale is not None:
            parts.append(Tween(self, "scale", float(scale), duration, ease))
        return parallel(*parts)

    def draw(self, surface: pygame.Surface) -> None:
        """Blit it (with a highlight ring if asked)."""
        if not self.visible or self.alpha <= 0:
            return
        image = self.rendered()
        rect = image.get_rect(center=(round(self.pos[0]), round(self.pos[1])))
        if self.highlight:
            pygame.draw.rect(surface, assets.palette().focus, rect.inflate(8, 8), 3, border_radius=8)
        if self.alpha < 255:
            alpha = int(self.alpha)
            if self._faded is None or self._faded[0] is not image or self._faded[1] != alpha:
                faded = image.copy()
                faded.set_alpha(alpha)
                self._faded = (image, alpha, faded)
            image = self._faded[2]
        surface.blit(image, rect)


class CardSprite(Sprite):
    """A card of ``deck``: ``card_id`` None is a card nobody at this screen may see (always its back)."""

    def __init__(self, deck: str, card_id: str | None, size: tuple[int, int], pos: tuple[float, float] = (0, 0),
                 *, face_up: bool = True, back: str | None = None, z: int = 0) -> None:
        super().__init__(pos, z=z)
        self.deck = deck
        self.card_id = card_id
        self.size = (int(size[0]), int(size[1]))
        self.face_up = face_up and card_id is not None
        self.back_deck = back or deck
        self.flip = 0.0
        """0..1 during a flip: the card narrows to an edge and widens showing the other side."""

    def showing_face(self) -> bool:
        """Whether the face is the side seen now."""
        return self.face_up != (self.flip > 0.5)

    def image(self) -> pygame.Surface:
        if self.showing_face() and self.card_id is not None:
            return assets.card_face(self.deck, self.card_id, self.size)
        back = "light" if self.back_deck == "magick" else self.back_deck
        return assets.card_back(back, self.size)

    def _key(self) -> tuple:
        return super()._key() + (round(self.flip, 2),)

    def rendered(self) -> pygame.Surface:
        key = self._key()
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        out = super().rendered()
        if 0.0 < self.flip < 1.0:
            width = max(1, round(out.get_width() * abs(math.cos(math.pi * self.flip))))
            out = pygame.transform.smoothscale(out, (width, out.get_height()))
            self._cache = (key, out)
        return out

    def resize(self, size: tuple[int, int]) -> None:
        """Draw it at a new size (the window changed)."""
        self.size = (int(size[0]), int(size[1]))

    def flip_to(self, face_up: bool, duration: float = 0.3, card_id: str | None = None) -> Animation:
        """An animation turning the card over (``card_id`` reveals what it is on the way)."""
        if card_id is not None:
            self.card_id = card_id
        if face_up == self.face_up:
            return Call(lambda: None)

        def land() -> None:
            self.face_up = face_up and self.card_id is not None
            self.flip = 0.0

        return sequence(Tween(self, "flip", 1.0, duration, "linear"), Call(land))


class BeadSprite(Sprite):
    """A bead of colour ``index`` (0-5); each colour has its own shape too."""

    def __init__(self, index: int, side: int, pos: tuple[float, float] = (0, 0), *, z: int = 0) -> None:
        super().__init__(pos, z=z)
        self.index = index
        self.side = int(side)

    def image(self) -> pygame.Surface:
        return assets.bead(self.index, self.side)


class CandySprite(Sprite):
    """A candy drawn from its ``look`` (``red-wrapped``, ``orange-corn``...)."""

    def __init__(self, look: str, side: int, pos: tuple[float, float] = (0, 0), *, z: int = 0) -> None:
        super().__init__(pos, z=z)
        self.look = look
        self.side = int(side)

    def image(self) -> pygame.Surface:
        return assets.candy(self.look, self.side)


def draw_sprites(surface: pygame.Surface, sprites: Iterable[Sprite]) -> None:
    """Draw in ``z`` order (stable for equal z)."""
    for sprite in sorted(sprites, key=lambda s: s.z):
        sprite.draw(surface)


def sprite_at(sprites: Iterable[Sprite], point: tuple[int, int]) -> Sprite | None:
    """The top-most sprite under ``point``."""
    hits = [s for s in sprites if s.contains(point)]
    return max(hits, key=lambda s: s.z) if hits else None
