"""Rich text: a line of text that knows which of its parts are bold, read from inline markdown, wrapped and
drawn run by run. The rules reader and the first-game guide both write with it (and the setup screen's level
lines), so neither screen imports the other for it."""

from __future__ import annotations

import re
from typing import Sequence

import pygame

from game.ui.text import draw_text
from game.ui.theme import Colour, font

INLINE = re.compile(r"\*\*|__|`|\*")
"""Inline markers: ``**`` and ``__`` switch bold, backticks mark code (shown plain), a lone ``*`` is italic
(shown plain)."""
Span = tuple[str, bool]
"""A run of text and whether it is bold."""


class Rich(str):
    """Text that knows which of its parts are bold; to everything else (searching, comparing) it is the plain
    text it reads as."""

    spans: tuple[Span, ...]

    def __new__(cls, spans: Sequence[Span] = ()) -> "Rich":
        merged: list[Span] = []
        for text, bold in spans:
            if merged and merged[-1][1] == bold:
                merged[-1] = (merged[-1][0] + text, bold)
            elif text:
                merged.append((text, bold))
        made = super().__new__(cls, "".join(text for text, _ in merged))
        made.spans = tuple(merged)
        return made

    def bolded(self) -> "Rich":
        """The same text, all of it bold (a heading)."""
        return Rich([(text, True) for text, _ in self.spans])


def parse_inline(text: str) -> Rich:
    """One line's inline markdown: bold kept as spans, the markers dropped (nothing inside backticks is a
    marker)."""
    spans: list[Span] = []
    bold = code = False
    start = 0
    for marker in INLINE.finditer(text):
        if code and marker.group() != "`":
            continue
        spans.append((text[start:marker.start()], bold))
        start = marker.end()
        if marker.group() == "`":
            code = not code
        elif marker.group() in ("**", "__"):
            bold = not bold
    spans.append((text[start:], bold))
    return Rich(spans)


def rich_width(text: Rich, size: int, *, serif: bool = False) -> int:
    """``text``'s width in pixels, its bold parts measured bold."""
    return sum(font(size, serif=serif, bold=bold).size(part)[0] for part, bold in text.spans)


def _words(text: Rich) -> list[list[Span]]:
    """``text``'s words, each the runs it is made of ("**pot**." is one word of a bold and a plain run)."""
    words: list[list[Span]] = []
    joined = False
    for part, bold in text.spans:
        for index, piece in enumerate(part.split(" ")):
            joined = joined and index == 0
            if piece:
                if joined:
                    words[-1].append((piece, bold))
                else:
                    words.append([(piece, bold)])
                joined = True
    return words


def wrap_rich(text: Rich, size: int, width: int, *, serif: bool = False) -> list[Rich]:
    """``text`` in lines no wider than ``width`` pixels, broken between words (a longer word stands alone)."""
    space = font(size, serif=serif).size(" ")[0]
    lines: list[Rich] = []
    line: list[Span] = []
    used = 0
    for word in _words(text):
        wide = sum(font(size, serif=serif, bold=bold).size(piece)[0] for piece, bold in word)
        if line and used + space + wide > width:
            lines.append(Rich(line))
            line, used = [], 0
        if line:
            line.append((" ", line[-1][1] and word[0][1]))
            used += space
        line.extend(word)
        used += wide
    if line or not lines:
        lines.append(Rich(line))
    return lines


def draw_rich(surface: pygame.Surface, text: Rich, size: int, colour: Colour, pos: tuple[int, int], *,
              serif: bool = False, bold_colour: Colour | None = None) -> None:
    """Draw one line of ``text`` from its top-left at ``pos``, bold parts bold (in ``bold_colour`` if
    given)."""
    x, y = pos
    for part, bold in text.spans:
        x += draw_text(surface, part, size, bold_colour if bold and bold_colour else colour, (x, y),
                       serif=serif, bold=bold).w
