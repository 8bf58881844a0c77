"""The rules reader: a game's ``config/rules/<game>.md``, scrollable, with simple markdown.

Headings (``#``), bullets (``-`` or ``*``) and paragraphs are shown; ``**bold**`` and backticks are shown
as plain text. A game whose file is missing gets a sentence saying so.
"""

from __future__ import annotations

import re
from functools import partial

import pygame

from game.core.bounded import KIB, InputError, read_text
from game.core.paths import RULES_TEXT_DIR
from game.core.registry import all_games
from game.scenes.common import MenuScene
from game.ui.app import App
from game.ui.layout import Layout
from game.ui.text import draw_text, fit_size, panel, wrap
from game.ui.theme import font
from game.ui.widgets import Button

INLINE = re.compile(r"\*\*|__|`")
NUMBERED = re.compile(r"^\d+[.)] ")
PAGE_TOP, PAGE_H = 150, 468
SCROLL_STEP = 40
MAX_RULES_BYTES = 256 * KIB
"""A rules text this large is no rulebook (the longest, Nevermore's, is under 10 KB)."""
Block = tuple[str, str]
"""(kind, text): kind is ``h1``, ``h2``, ``h3``, ``bullet``, ``number`` (text keeps its "1.") or ``p``."""


def parse_markdown(text: str) -> list[Block]:
    """Markdown to blocks: consecutive plain lines join into one paragraph."""
    blocks: list[Block] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(("p", " ".join(paragraph)))
            paragraph.clear()

    for raw in text.splitlines():
        line = INLINE.sub("", raw.strip())
        if not line:
            flush()
        elif line.startswith("#"):
            flush()
            level = min(3, len(line) - len(line.lstrip("#")))
            blocks.append((f"h{level}", line.lstrip("#").strip()))
        elif line[:2] in ("- ", "* "):
            flush()
            blocks.append(("bullet", line[2:].replace("*", "").strip()))
        elif NUMBERED.match(line):
            flush()
            blocks.append(("number", line.replace("*", "")))
        elif blocks and blocks[-1][0] in ("bullet", "number") and not paragraph and raw.startswith("  "):
            blocks[-1] = (blocks[-1][0], f"{blocks[-1][1]} {line.replace('*', '')}")
        else:
            paragraph.append(line.replace("*", ""))
    flush()
    return blocks


def rules_text(game: str) -> str | None:
    """The rules file's text, or None if it is missing or unreadable."""
    try:
        return read_text(RULES_TEXT_DIR / f"{game}.md", MAX_RULES_BYTES)
    except InputError:
        return None


class RulesScene(MenuScene):
    """One tab per game; Left/Right switch games, Up/Down/PageUp/PageDown/wheel scroll."""

    title = "Rules"

    def __init__(self, app: App, game: str | None = None) -> None:
        super().__init__(app)
        self.games = all_games()
        names = [spec.name for spec in self.games]
        self.current = names.index(game) if game in names else 0
        self.tabs = [Button(spec.title, partial(self.select, i)) for i, spec in enumerate(self.games)]
        self.back_button = Button("Back", self.app.pop)
        self.group.widgets = [*self.tabs, self.back_button]
        self.scroll = 0
        self.lines: list[tuple[str, str]] = []
        self.select(self.current)

    def select(self, index: int) -> None:
        """Show game ``index``."""
        self.current = index
        self.scroll = 0
        if index < len(self.tabs):
            self.group.focus(self.tabs[index])
        self._layout_text()

    def page(self) -> pygame.Rect:
        """The scrolling text area."""
        return self.layout.box(160, PAGE_TOP, 960, PAGE_H)

    def _blocks(self) -> list[Block]:
        if not self.games:
            return [("p", "No games are installed, so there are no rules to show.")]
        spec = self.games[self.current]
        text = rules_text(spec.name)
        if text is None:
            return [("h1", spec.title), ("p", f"The rules text of {spec.title} is missing "
                                              f"({RULES_TEXT_DIR / (spec.name + '.md')} was not found).")]
        return parse_markdown(text)

    def _style(self, kind: str) -> tuple[int, bool]:
        sizes = {"h1": 30, "h2": 24, "h3": 20, "bullet": 18, "number": 18, "p": 18}
        return self.layout.text_px(sizes[kind]), kind.startswith("h")

    def _layout_text(self) -> None:
        width = self.page().w - self.layout.px(40)
        self.lines = []
        for kind, text in self._blocks():
            size, heading = self._style(kind)
            face = font(size, serif=heading, bold=heading)
            indent = self.layout.px(24) if kind in ("bullet", "number") else 0
            for index, line in enumerate(wrap(text, face, width - indent)):
                self.lines.append((kind if index == 0 else f"{kind}+", line))
            self.lines.append(("gap", ""))

    def _height(self, kind: str) -> int:
        if kind == "gap":
            return self.layout.px(8)
        size, heading = self._style(kind.rstrip("+"))
        return font(size, serif=heading, bold=heading).get_linesize()

    def content_height(self) -> int:
        """The laid-out text's height in pixels."""
        return sum(self._height(kind) for kind, _ in self.lines)

    def scroll_by(self, pixels: int) -> None:
        """Scroll, clamped to the text."""
        most = max(0, self.content_height() - self.page().h + self.layout.px(30))
        self.scroll = max(0, min(most, self.scroll + pixels))

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        count = max(1, len(self.tabs))
        width = min(240, 960 / count - 12)
        for index, tab in enumerate(self.tabs):
            tab.rect = layout.box(160 + index * (width + 12), 96, width, 44)
        self.back_button.rect = layout.box(540, 650, 200, 46)
        self._layout_text()

    def handle(self, event: pygame.event.Event) -> None:
        step = self.layout.px(SCROLL_STEP)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * step)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.scroll_by(step if event.key == pygame.K_DOWN else -step)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_by(self.page().h * (1 if event.key == pygame.K_PAGEDOWN else -1) * 9 // 10)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.games:
            self.select((self.current + (1 if event.key == pygame.K_RIGHT else -1)) % len(self.games))
        else:
            self.group.handle(event)

    def draw_title(self, surface: pygame.Surface) -> None:
        lay, pal = self.layout, self.app.palette
        draw_text(surface, self.title, lay.text_px(40), pal.accent, lay.point(640, 50), anchor="center",
                  serif=True, bold=True)

    def draw_content(self, surface: pygame.Surface) -> None:
        lay, pal = self.layout, self.app.palette
        page = self.page()
        panel(surface, page, pal.panel, pal.panel_edge, radius=lay.px(10), alpha=235)
        surface.set_clip(page.inflate(-lay.px(8), -lay.px(8)))
        y = page.y + lay.px(16) - self.scroll
        for kind, text in self.lines:
            height = self._height(kind)
            base = kind.rstrip("+")
            if base != "gap" and y + height > page.y and y < page.bottom:
                size, heading = self._style(base)
                x = page.x + lay.px(20)
                if base in ("bullet", "number"):
                    if base == "bullet" and not kind.endswith("+"):
                        pygame.draw.circle(surface, pal.accent, (x + lay.px(8), y + height // 2), max(2, lay.px(4)))
                    x += lay.px(24)
                colour = pal.accent if heading else pal.text
                draw_text(surface, text, size, colour, (x, y), serif=heading, bold=heading)
            y += height
        surface.set_clip(None)
        hint = "Up/Down, PageUp/PageDown or the wheel: scroll.  Left/Right: next game."
        size = fit_size(hint, lay.text_px(15), page.w)
        draw_text(surface, hint, size, pal.text_dim, (page.centerx, page.bottom + lay.px(6)), anchor="midtop")
