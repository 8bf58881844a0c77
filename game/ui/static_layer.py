"""A table's drawing of what does not move under its sprites, kept between frames with its tooltips.

Drawing a whole table every frame is slow, so a table draws what lies under its sprites once into a surface and
draws it again only when its key (everything that surface shows) changes. The tooltips explained while drawing
it would be lost on the frames that reuse it, so they are taken off the ``TipBoard`` and kept with the surface,
and ``explain`` puts them back each frame, where the surface is shown.
"""

from __future__ import annotations

from typing import Callable, Hashable

import pygame

from game.ui.tooltip import Tip, TipBoard


class StaticLayer:
    """One cached surface, its key and the tips explained while it was drawn."""

    def __init__(self) -> None:
        self._key: Hashable = None
        self._surface: pygame.Surface | None = None
        self._tips: tuple[Tip, ...] = ()

    def clear(self) -> None:
        """Forget the surface: the next ``drawn`` draws it afresh whatever its key."""
        self._key, self._surface, self._tips = None, None, ()

    def drawn(self, key: Hashable, draw: Callable[[], pygame.Surface], tips: TipBoard,
              offset: tuple[int, int] = (0, 0)) -> pygame.Surface:
        """The surface for ``key``: the kept one, or a new one from ``draw``, whose tips (explained on ``tips``
        while drawing, in the surface's own coordinates) are moved by ``offset`` to where it is shown and kept."""
        if self._surface is None or self._key != key:
            start = len(tips.tips)
            self._surface = draw()
            self._tips = tuple(Tip(tip.rect.move(offset), tip.text) for tip in tips.tips[start:])
            del tips.tips[start:]
            self._key = key
        return self._surface

    def reusable(self, size: tuple[int, int]) -> pygame.Surface | None:
        """The kept surface when it has ``size``, for a ``draw`` that covers all of it: drawing over it costs no
        new surface (making a table-sized one costs as much as filling it)."""
        return self._surface if self._surface is not None and self._surface.get_size() == size else None

    def copied(self, surface: pygame.Surface, rect: pygame.Rect) -> pygame.Surface:
        """What ``surface`` shows in ``rect``, copied into the kept surface when it has that size (a ``draw`` that
        draws straight onto the window returns this)."""
        kept = self.reusable(rect.size)
        if kept is None:
            return surface.subsurface(rect).copy()
        kept.blit(surface, (0, 0), rect)
        return kept

    def explain(self, tips: TipBoard) -> None:
        """Explain again what the kept surface shows, for the frame it is shown in."""
        for tip in self._tips:
            tips.add(tip.rect, tip.text)
