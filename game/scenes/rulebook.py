"""The rules reader: a game's ``config/rules/<game>.md``, scrollable, with simple markdown.

Headings (``#``), bullets (``-`` or ``*``), numbered items, paragraphs and pipe tables are shown; ``**bold**``
is drawn bold, backticks and single stars are dropped. A game whose file is missing gets a sentence saying
so. The game's first-game guide opens from here too (the button, or G).
"""

from __future__ import annotations

import re
from functools import partial
from typing import Sequence

import pygame

from game.core.bounded import KIB, InputError, read_text
from game.core.paths import RULES_TEXT_DIR
from game.core.registry import all_games
from game.scenes.common import MenuScene, draw_panel
from game.scenes.guide_content import has_guide
from game.scenes.navigation import router
from game.scenes.rich_text import Rich, draw_rich, parse_inline, rich_width, wrap_rich
from game.ui.app import App
from game.ui.layout import Layout
from game.ui.text import draw_text, fit_size
from game.ui.theme import blend, font
from game.ui.widgets import Button, place_in_row

NUMBERED = re.compile(r"^\d+[.)] ")
TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$")
"""The line under a table's header: ``| --- | :---: |``."""
PAGE_TOP, PAGE_H = 150, 468
SCROLL_STEP = 40
CELL_PAD = 10
"""Reference units between a table cell's text and its column's edges."""
MAX_RULES_BYTES = 256 * KIB
"""A rules text this large is no rulebook (the longest, Nevermore's, is under 10 KB)."""
GUIDE_LABEL = "First-game guide (G)"


class Row(str):
    """One drawn line of a table: each cell's x offset and text (the line reads as its cells' text)."""

    cells: tuple[tuple[int, Rich], ...]
    width: int
    """The whole table's width in pixels."""

    def __new__(cls, cells: Sequence[tuple[int, Rich]], width: int) -> "Row":
        made = super().__new__(cls, "  ".join(text for _, text in cells))
        made.cells = tuple(cells)
        made.width = width
        return made


Block = tuple[str, str]
"""(kind, text): kind is ``h1``, ``h2``, ``h3``, ``bullet``, ``number`` (text keeps its "1."), ``p`` - the text
a ``Rich`` - or ``table``, the text its markdown lines (read by ``parse_table``)."""


def parse_markdown(text: str) -> list[Block]:
    """Markdown to blocks: consecutive plain lines join into one paragraph (bold may run across them),
    consecutive ``|`` lines into a table."""
    blocks: list[Block] = []  # raw text until the end, when each block's inline markdown is read whole
    paragraph: list[str] = []
    table: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(("p", " ".join(paragraph)))
            paragraph.clear()
        if table:
            blocks.append(("table", "\n".join(table)))
            table.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("|"):
            if not table:
                flush()
            table.append(line)
            continue
        if table:
            flush()
        if not line:
            flush()
        elif line.startswith("#"):
            flush()
            level = min(3, len(line) - len(line.lstrip("#")))
            blocks.append((f"h{level}", line.lstrip("#").strip()))
        elif line[:2] in ("- ", "* "):
            flush()
            blocks.append(("bullet", line[2:].strip()))
        elif NUMBERED.match(line):
            flush()
            blocks.append(("number", line))
        elif blocks and blocks[-1][0] in ("bullet", "number") and not paragraph and raw.startswith("  "):
            blocks[-1] = (blocks[-1][0], f"{blocks[-1][1]} {line}")
        else:
            paragraph.append(line)
    flush()
    return [(kind, body if kind == "table" else parse_inline(body)) for kind, body in blocks]


def parse_table(text: str) -> tuple[list[Rich], list[list[Rich]]]:
    """A pipe table's header (empty if it has no ``| --- |`` line) and rows, every row as wide as the
    widest (missing cells are blank)."""
    rows: list[list[Rich]] = []
    header: list[Rich] = []
    for line in text.splitlines():
        if TABLE_RULE.match(line.strip()):
            if len(rows) == 1 and not header:
                header = rows.pop()
            continue
        inner = line.strip().removeprefix("|").removesuffix("|")
        rows.append([parse_inline(cell.strip()) for cell in re.split(r"(?<!\\)\|", inner)])
    columns = max((len(cells) for cells in [header, *rows]), default=0)
    header = header + [Rich()] * (columns - len(header)) if header else []
    return header, [cells + [Rich()] * (columns - len(cells)) for cells in rows]


def column_widths(natural: list[int], least: list[int], room: int) -> list[int]:
    """Each column's width: as wide as its widest cell when the table fits in ``room``; otherwise the room
    shared in proportion to those widths, no column under its longest word (``least``)."""
    if sum(natural) <= room:
        return natural
    share = room / max(1, sum(natural))
    return [max(low, int(wide * share)) for wide, low in zip(natural, least)]


def rules_text(game: str) -> str | None:
    """The rules file's text, or None if it is missing or unreadable."""
    try:
        return read_text(RULES_TEXT_DIR / f"{game}.md", MAX_RULES_BYTES)
    except InputError:
        return None


class RulesScene(MenuScene):
    """One tab per game; Left/Right switch games, Up/Down/PageUp/PageDown/wheel scroll, G the guide."""

    title = "Rules"
    title_size, title_y = 40, 50

    def __init__(self, app: App, game: str | None = None) -> None:
        super().__init__(app)
        self.games = all_games()
        names = [spec.name for spec in self.games]
        self.current = names.index(game) if game in names else 0
        self.tabs = [Button(spec.title, partial(self.select, i)) for i, spec in enumerate(self.games)]
        self.guide_button = Button(GUIDE_LABEL, self.open_guide)
        self.back_button = Button("Back", self.app.pop)
        self.group.widgets = [*self.tabs, self.guide_button, self.back_button]
        self.scroll = 0
        self.lines: list[tuple[str, str]] = []
        """Each drawn line: (kind, text), kind as a block's with ``+`` for a wrapped line's continuation,
        ``head`` / ``row`` for a table's lines (text a ``Row``), ``end`` under a table, ``gap`` between
        blocks."""
        self.select(self.current)

    def select(self, index: int) -> None:
        """Show game ``index``."""
        self.current = index
        self.scroll = 0
        if index < len(self.tabs):
            self.group.focus(self.tabs[index])
        self.guide_button.enabled = bool(self.games) and has_guide(self.games[index].name)
        self._layout_text()

    def open_guide(self) -> None:
        """The current game's first-game guide, over the rules."""
        if self.guide_button.enabled:
            self.app.push(router(self.app).guide(self.app, self.games[self.current].name))

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
        sizes = {"h1": 30, "h2": 24, "h3": 20, "bullet": 18, "number": 18, "p": 18, "head": 17, "row": 17}
        return self.layout.text_px(sizes[kind]), kind.startswith("h") and kind != "head"

    def _layout_text(self) -> None:
        width = self.page().w - self.layout.px(40)
        self.lines = []
        for kind, text in self._blocks():
            if kind == "table":
                self._layout_table(text, width)
                continue
            size, heading = self._style(kind)
            rich = text if isinstance(text, Rich) else Rich([(text, False)])
            indent = self.layout.px(24) if kind in ("bullet", "number") else 0
            for index, line in enumerate(wrap_rich(rich.bolded() if heading else rich, size, width - indent,
                                                   serif=heading)):
                self.lines.append((kind if index == 0 else f"{kind}+", line))
            self.lines.append(("gap", ""))

    def _layout_table(self, text: str, room: int) -> None:
        """A table's lines: each row's cells wrapped in their column, the header bold."""
        header, rows = parse_table(text)
        size, _ = self._style("row")
        pad = self.layout.px(CELL_PAD)
        table = ([header] if header else []) + rows
        if not table:
            return
        columns = len(table[0])
        natural = [max(rich_width(cells[c].bolded() if cells is header else cells[c], size) for cells in table)
                   + 2 * pad + self.layout.px(4) for c in range(columns)]
        least = [max((rich_width(Rich([(word, True)]), size) for cells in table for word in cells[c].split()),
                     default=0) + 2 * pad for c in range(columns)]
        widths = column_widths(natural, least, room)
        offsets = [sum(widths[:c]) for c in range(columns)]
        for cells in table:
            kind = "head" if cells is header else "row"
            wrapped = [wrap_rich(cell.bolded() if kind == "head" else cell, size, widths[c] - 2 * pad)
                       for c, cell in enumerate(cells)]
            for number in range(max(len(lines) for lines in wrapped)):
                drawn = [(offsets[c] + pad, lines[number])
                         for c, lines in enumerate(wrapped) if number < len(lines)]
                self.lines.append((kind if number == 0 else f"{kind}+", Row(drawn, sum(widths))))
        self.lines.append(("end", Row([], sum(widths))))
        self.lines.append(("gap", ""))

    def _height(self, kind: str) -> int:
        if kind in ("gap", "end"):
            return self.layout.px(8)
        size, heading = self._style(kind.rstrip("+"))
        extra = self.layout.px(8) if kind in ("head", "row") else 0
        return font(size, serif=heading, bold=heading).get_linesize() + extra

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
        bar = layout.box(400, 650, 480, 46)
        place_in_row((self.guide_button, self.back_button), bar, layout.px(24), layout)
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
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_g:
            self.open_guide()
        else:
            self.group.handle(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        lay, pal = self.layout, self.app.palette
        page = self.page()
        draw_panel(surface, page, pal, lay)
        surface.set_clip(page.inflate(-lay.px(8), -lay.px(8)))
        y = page.y + lay.px(16) - self.scroll
        left = page.x + lay.px(20)
        for kind, text in self.lines:
            height = self._height(kind)
            if kind != "gap" and y + height > page.y and y < page.bottom:
                if isinstance(text, Row):
                    self._draw_table_line(surface, kind, text, (left, y), height)
                else:
                    self._draw_line(surface, kind, text, (left, y), height)
            y += height
        surface.set_clip(None)
        hint = "Up/Down, PageUp/PageDown or the wheel: scroll.  Left/Right: next game.  G: first-game guide."
        size = fit_size(hint, lay.text_px(15), page.w)
        draw_text(surface, hint, size, pal.text_dim, (page.centerx, page.bottom + lay.px(6)), anchor="midtop")

    def _draw_line(self, surface: pygame.Surface, kind: str, text: str, pos: tuple[int, int], height: int) -> None:
        lay, pal = self.layout, self.app.palette
        base = kind.rstrip("+")
        size, heading = self._style(base)
        x, y = pos
        if base in ("bullet", "number"):
            if base == "bullet" and not kind.endswith("+"):
                pygame.draw.circle(surface, pal.accent, (x + lay.px(8), y + height // 2), max(2, lay.px(4)))
            x += lay.px(24)
        rich = text if isinstance(text, Rich) else Rich([(text, False)])
        colour = pal.accent if heading else pal.text
        draw_rich(surface, rich, size, colour, (x, y), serif=heading)

    def _draw_table_line(self, surface: pygame.Surface, kind: str, line: Row, pos: tuple[int, int],
                         height: int) -> None:
        """A table's line: the header on a band, a rule over each row and under the table."""
        lay, pal = self.layout, self.app.palette
        x, y = pos
        size, _ = self._style("row")
        rule = max(1, lay.px(1))
        if kind.startswith("head"):
            pygame.draw.rect(surface, blend(pal.panel, pal.panel_edge, 0.55), (x, y, line.width, height))
        elif kind in ("row", "end"):
            pygame.draw.line(surface, pal.panel_edge, (x, y), (x + line.width, y), rule)
        top = y + (lay.px(4) if not kind.endswith("+") else 0)
        for offset, text in line.cells:
            draw_rich(surface, text, size, pal.accent if kind.startswith("head") else pal.text, (x + offset, top))
