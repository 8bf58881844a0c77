"""The first-game guide: one screen per game saying how you win, what you do on your turn and what surprises
new players, beside a small picture drawn from the game's own art. The words and the picture are data
(``config/guides/<game>.yaml``, see ``guide_content``).

It opens by itself the first time a player opens a game's table (``tables.open_table``; remembered in the
settings' ``guides_seen``), and from the pause menu and the rules reader. Enter, Space, Esc or a click
closes it.
"""

from __future__ import annotations

import pygame

from game.core.bounded import InputError
from game.core.registry import UnknownGameError, get
from game.scenes.common import draw_panel
from game.scenes.guide_content import Figure, Guide, load_guide
from game.scenes.rich_text import Rich, draw_rich, parse_inline, rich_width, wrap_rich
from game.ui import assets
from game.ui.app import App, Scene
from game.ui.cards import CardIdError
from game.ui.layout import Layout
from game.ui.text import draw_text, draw_wrapped, fit_size, panel, wrap
from game.ui.theme import blend, font
from game.ui.widgets import ACTIVATE, Button, FocusGroup

PANEL = (70, 28, 1140, 664)
TEXT_BOX = (110, 112, 600, 500)
PICTURE_BOX = (740, 130, 430, 440)
BAND = 76
"""The title band along the top of the guide's panel (reference units)."""
INSET = 0.5
"""How far the picture's inset leans from the panel colour toward the background."""
SECTIONS = ("How you win", "On your turn", "What surprises new players")
TEXT_SIZES = (19, 18, 17, 16, 15, 14)
"""Reference font sizes tried for the words, largest first, until they fit the text box."""
SECTION_GAP, HEADING_GAP, BULLET_INDENT = 14, 4, 22
CARD_H, TOKEN_SIDE, SLOT_GAP = 170, 64, 14
CLOSE_HINT = "Enter, Space, Esc or a click: close"


class GuideScene(Scene):
    """One game's guide over a dimmed backdrop (never over a table: a hot-seat hand could show)."""

    def __init__(self, app: App, game: str) -> None:
        super().__init__(app)
        self.game = game
        try:
            self.title = f"{get(game).title}: your first game"
        except UnknownGameError:
            self.title = "Your first game"
        self.guide: Guide | None = None
        self.problem = ""
        try:
            self.guide = load_guide(game)
        except InputError as error:
            self.problem = f"This game's guide could not be read: {error}"
        self.close_button = Button("Got it", self.app.pop)
        self.group = FocusGroup([self.close_button])
        self.layout = app.layout
        self.text_size = TEXT_SIZES[-1]
        self.text_lines: list[tuple[str, Rich]] = []
        """The words as drawn: (kind, line), kind ``heading``, ``p``, ``bullet`` or ``bullet+`` (a wrapped
        bullet's next line), ``gap`` between sections."""

    def resize(self, layout: Layout) -> None:
        self.layout = layout
        self.close_button.rect = layout.box(560, 628, 160, 46)
        self._layout_text()

    def _sections(self) -> list[tuple[str, list[Rich]]]:
        if self.guide is None:
            return [("p", [Rich([(self.problem, False)])])]
        guide = self.guide
        return [("heading", [Rich([(SECTIONS[0], True)])]), ("p", [parse_inline(guide.win)]),
                ("heading", [Rich([(SECTIONS[1], True)])]), ("bullet", [parse_inline(t) for t in guide.turn]),
                ("heading", [Rich([(SECTIONS[2], True)])]),
                ("bullet", [parse_inline(t) for t in guide.surprises])]

    def _layout_text(self) -> None:
        """Wrap the words at the largest size at which they fit the text box."""
        lay = self.layout
        box = lay.box(*TEXT_BOX)
        for units in TEXT_SIZES:
            self.text_size = lay.text_px(units)
            self.text_lines = []
            for kind, texts in self._sections():
                if kind == "heading" and self.text_lines:
                    self.text_lines.append(("gap", Rich()))
                for text in texts:
                    indent = lay.px(BULLET_INDENT) if kind == "bullet" else 0
                    size = self._size(kind)
                    for index, line in enumerate(wrap_rich(text, size, box.w - indent, serif=kind == "heading")):
                        self.text_lines.append((f"{kind}+" if index and kind == "bullet" else kind, line))
            if self.text_height() <= box.h:
                return

    def _size(self, kind: str) -> int:
        return self.text_size + (self.layout.px(3) if kind == "heading" else 0)

    def _line_height(self, kind: str) -> int:
        lay = self.layout
        if kind == "gap":
            return lay.px(SECTION_GAP)
        height = font(self._size(kind), serif=kind == "heading", bold=kind == "heading").get_linesize()
        return height + (lay.px(HEADING_GAP) if kind == "heading" else 0)

    def text_height(self) -> int:
        """The laid-out words' height in pixels."""
        return sum(self._line_height(kind) for kind, _ in self.text_lines)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in ACTIVATE or \
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.app.pop()
        else:
            self.group.handle(event)

    def keep_clear(self) -> list[pygame.Rect]:
        return [self.close_button.rect]

    def draw(self, surface: pygame.Surface) -> None:
        lay, pal = self.layout, self.app.palette
        surface.blit(assets.backdrop(lay.size), (0, 0))
        box = lay.box(*PANEL)
        draw_panel(surface, box, pal, lay, band=lay.px(BAND), radius=14)
        size = fit_size(self.title, lay.text_px(34), box.w - lay.px(60), serif=True, bold=True)
        draw_text(surface, self.title, size, pal.accent, (box.centerx, box.y + lay.px(BAND) // 2), anchor="center",
                  serif=True, bold=True)
        self._draw_words(surface)
        if self.guide is not None:
            self._draw_picture(surface, self.guide)
        self.group.draw(surface, pal, lay)
        draw_text(surface, CLOSE_HINT, lay.text_px(14), pal.text_dim, (box.right - lay.px(20), box.bottom - lay.px(12)),
                  anchor="bottomright")

    def _draw_words(self, surface: pygame.Surface) -> None:
        lay, pal = self.layout, self.app.palette
        box = lay.box(*TEXT_BOX)
        y = box.y
        for kind, line in self.text_lines:
            height = self._line_height(kind)
            if kind == "heading":
                draw_rich(surface, line, self._size(kind), pal.accent, (box.x, y), serif=True)
            elif kind != "gap":
                x = box.x
                if kind.startswith("bullet"):
                    if kind == "bullet":
                        centre = (x + lay.px(7), y + font(self.text_size).get_linesize() // 2)
                        pygame.draw.circle(surface, pal.accent, centre, max(2, lay.px(4)))
                    x += lay.px(BULLET_INDENT)
                draw_rich(surface, line, self.text_size, pal.text, (x, y), bold_colour=pal.focus)
            y += height

    def _figure_size(self, figure: Figure, slot: int) -> tuple[int, int]:
        """The art's pixel size in a slot ``slot`` pixels wide."""
        lay = self.layout
        if figure.kind in ("card", "back"):
            height = min(lay.px(CARD_H), round(slot * 1.4))
            return (round(height / 1.4), height)
        if figure.kind == "text":
            return font(lay.text_px(22), serif=True, bold=True).size(figure.art)
        side = min(lay.px(TOKEN_SIDE), slot)
        return (side, side)

    def _art(self, figure: Figure, size: tuple[int, int]) -> pygame.Surface | None:
        """The figure's picture from the game's art (None for words, or art the assets do not know)."""
        try:
            if figure.kind == "card":
                deck, _, card = figure.art.partition("/")
                return assets.card_face(deck, card, size)
            if figure.kind == "back":
                return assets.card_back(figure.art, size)
            if figure.kind == "bead":
                return assets.bead(int(figure.art), size[0])
            if figure.kind == "candy":
                return assets.candy(figure.art, size[0])
        except (CardIdError, ValueError, KeyError):
            return None
        return None

    def picture_slots(self, guide: Guide) -> list[pygame.Rect]:
        """Where each figure of the picture is drawn (its art's rect)."""
        lay = self.layout
        area = lay.box(*PICTURE_BOX).inflate(-lay.px(24), 0)
        gap = lay.px(SLOT_GAP)
        words = sum(self._figure_size(f, 0)[0] for f in guide.picture if f.kind == "text")
        pictures = sum(1 for f in guide.picture if f.kind != "text")
        slot = (area.w - words - gap * (len(guide.picture) - 1)) // max(1, pictures)
        sizes = [self._figure_size(f, slot) for f in guide.picture]
        tallest = max(h for _, h in sizes)
        middle = area.y + lay.px(40) + tallest // 2
        x = area.x + (area.w - words - pictures * slot - gap * (len(guide.picture) - 1)) // 2
        rects = []
        for figure, (w, h) in zip(guide.picture, sizes):
            width = w if figure.kind == "text" else slot
            rects.append(pygame.Rect(x + (width - w) // 2, middle - h // 2, w, h))
            x += width + gap
        return rects

    def _draw_picture(self, surface: pygame.Surface, guide: Guide) -> None:
        lay, pal = self.layout, self.app.palette
        box = lay.box(*PICTURE_BOX)
        rects = self.picture_slots(guide)
        gap = lay.px(SLOT_GAP)
        label_size = lay.text_px(15)
        bottom = max(rect.bottom for rect in rects)
        caption = box.inflate(-lay.px(36), 0)
        caption.y = bottom + lay.px(80)
        caption_size = lay.text_px(17)
        caption.h = len(wrap(guide.caption, font(caption_size), caption.w)) * font(caption_size).get_linesize()
        box.h = min(box.h, caption.bottom + lay.px(24) - box.y)
        panel(surface, box, blend(pal.panel, pal.background, INSET), pal.panel_edge, radius=lay.px(12))
        for figure, rect in zip(guide.picture, rects):
            art = self._art(figure, rect.size)
            if figure.kind == "text":
                draw_text(surface, figure.art, lay.text_px(22), pal.text_dim, rect.center, anchor="center",
                          serif=True, bold=True)
            elif art is not None:
                surface.blit(art, rect)
            else:
                pygame.draw.rect(surface, pal.panel_edge, rect, max(1, lay.px(2)), border_radius=lay.px(6))
            self._draw_mark(surface, figure.mark, rect)
            if figure.label:
                room = pygame.Rect(0, bottom + lay.px(12), max(rect.w, lay.px(60)) + gap, lay.px(60))
                room.centerx = rect.centerx
                lines = wrap_rich(Rich([(figure.label, figure.mark == "ring")]), label_size, room.w)
                y = room.y
                for line in lines[:2]:
                    width = rich_width(line, label_size)
                    colour = pal.accent if figure.mark == "ring" else pal.danger if figure.mark == "cross" else pal.text
                    draw_rich(surface, line, label_size, colour, (room.centerx - width // 2, y))
                    y += font(label_size).get_linesize()
        draw_wrapped(surface, guide.caption, caption_size, pal.text, caption, centre=True)

    def _draw_mark(self, surface: pygame.Surface, mark: str, rect: pygame.Rect) -> None:
        """A ring round the figure that matters, or a cross over one that counts for nothing."""
        lay, pal = self.layout, self.app.palette
        width = max(2, lay.px(4))
        if mark == "ring":
            pygame.draw.rect(surface, pal.accent, rect.inflate(lay.px(12), lay.px(12)), width,
                             border_radius=lay.px(10))
        elif mark == "cross":
            inner = rect.inflate(-rect.w // 5, -rect.h // 5)
            pygame.draw.line(surface, pal.danger, inner.topleft, inner.bottomright, width + 2)
            pygame.draw.line(surface, pal.danger, inner.topright, inner.bottomleft, width + 2)
