"""Render the icon's PNGs from its SVG, after a change to ``art/icons/hallowtable.svg``:

    .venv/bin/python tools/render_icons.py

pygame's SDL_image reads SVG; it draws the icon large and scales it down smoothly to each of the sizes the
desktop entry installs (``game.storage.desktop.ICON_SIZES``), which looks better than drawing it small.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from game.storage.desktop import ICON_ART, ICON_SIZES, ICON_STEM  # noqa: E402

DRAWN_SIZE = 1024
"""The size the SVG is drawn at before scaling down."""
SVG_SIZE = 'width="256" height="256"'
"""The SVG's own size, replaced by ``DRAWN_SIZE`` to draw it large."""


def main() -> int:
    """Write ``hallowtable-<size>.png`` beside the SVG in each size, naming each file written."""
    svg = (ICON_ART / f"{ICON_STEM}.svg").read_text(encoding="utf-8")
    if SVG_SIZE not in svg:
        sys.exit(f"error: the SVG has no {SVG_SIZE} to draw it larger by")
    large = svg.replace(SVG_SIZE, f'width="{DRAWN_SIZE}" height="{DRAWN_SIZE}"', 1)
    drawn = pygame.image.load(io.BytesIO(large.encode("utf-8")), "icon.svg")
    for size in ICON_SIZES:
        target = ICON_ART / f"{ICON_STEM}-{size}.png"
        pygame.image.save(pygame.transform.smoothscale(drawn, (size, size)), str(target))
        print(f"wrote {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
