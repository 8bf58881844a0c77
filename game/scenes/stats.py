"""The statistics screen: per game, how the one human at the table fares, read from the game history.

A tab per game (Left / Right or a click). For the chosen game: the overall figures, a row per kind of table
("3 players vs normal": games, wins, win rate, average and best score, winning streak now and at most,
average length), the game's own figures, a chart of results over time (``lab.charts.timeline_chart``) and
the finished games, newest first; Enter or a click on a game opens it in the replay viewer. A game's
history is read once, when its tab is chosen, and only the rows that fit are drawn, so thousands of games
cost no more per frame than ten. A history that cannot be read shows why, in place of the figures.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Callable

import pygame

from game.core.record import GameRecord
from game.core.registry import GameSpec, all_games, get
from game.core.words import ordinal
from game.scenes.common import MenuScene, draw_panel
from game.scenes.figures import figure_words
from game.scenes.lab.charts import draw_scrollbar, number, timeline_chart
from game.scenes.navigation import router
from game.storage.history import HistoryEntry, finished_games
from game.storage.history_db import HistoryUnavailable
from game.storage.history_records import load_record
from game.storage.history_stats import GameStatistics, Tally, statistics, table_label
from game.ui.app import App, Scene
from game.ui.layout import Layout
from game.ui.text import draw_text, draw_wrapped, fit_text
from game.ui.theme import blend, font
from game.ui.widgets import Button
from game.variants.help import variant_words

TAB_Y, TAB_H = 84, 40
LEFT_X, LEFT_W = 40, 600
RIGHT_X, RIGHT_W = 660, 580
SUMMARY_Y, SUMMARY_H = 136, 92
TABLES_Y, TABLES_H = 238, 196
FIGURES_Y, FIGURES_H = 444, 196
CHART_Y, CHART_H = 136, 226
GAMES_Y, GAMES_H = 372, 268
BAR_Y, BAR_H = 656, 44
PAD = 12
TEXT = 15
"""The font size (reference units) of the tables' and the list's lines."""
Column = tuple[str, float, bool]
"""A column of a table: its heading, where it starts (a share of the width) and whether it holds numbers
(drawn flush right against the next column's start; words are drawn from the left)."""
TABLE_COLUMNS: tuple[Column, ...] = (
    ("table", 0.0, False), ("games", 0.31, True), ("wins", 0.41, True), ("won", 0.50, True),
    ("score", 0.59, True), ("best", 0.71, True), ("streak", 0.79, True), ("length", 0.90, True))
"""The table of kinds of table (the score: on average; the streak: now / longest; the length: moves a game on
average)."""
GAME_COLUMNS: tuple[Column, ...] = (
    ("date", 0.0, False), ("table", 0.25, False), ("your place", 0.63, False), ("score", 0.81, True),
    ("moves", 0.90, True))
"""The list of finished games (the table named after its variant, but the standard game's)."""
HINT = "Left/Right: game.  Up/Down, PageUp/PageDown, wheel: choose a game.  Enter or click: replay it.  " \
       "R: review it.  S: its results.  Esc: back."
DATE_FORMAT = "%d %b %Y %H:%M"
CHART_DATE_FORMAT = "%d %b %Y"
EMPTY = "No finished game of {title} with you at the table yet: play one, and your results show here."


@dataclass
class GameView:
    """What the screen shows of one game, read once when its tab is chosen."""

    stats: GameStatistics | None = None
    games: list[HistoryEntry] = field(default_factory=list)
    """The finished games, newest first."""
    shares: list[float] = field(default_factory=list)
    """The one human's share of the win in each of their games, oldest first (the chart's bars)."""
    running: list[float] = field(default_factory=list)
    """The win rate after each of those games (the chart's line)."""
    dates: list[str] = field(default_factory=list)
    """Each of those games' date, for the chart's axis."""
    problem: str | None = None
    """Why the history could not be read (then nothing else is known)."""
    notices: list[str] = field(default_factory=list)
    """What the history had to say while it was read (rows skipped, a damaged file set aside)."""
    variants: dict[str, str] = field(default_factory=dict)
    """How each variant of those games is named in the list (``variant_words``: '' for the standard game)."""


def read_game(game: str) -> GameView:
    """``game``'s statistics and finished games from the history; never raises (an unreadable history is the
    view's ``problem``)."""
    try:
        stats, notices = statistics(game)
        games, more = finished_games(game)
    except HistoryUnavailable as error:
        return GameView(problem=str(error))
    view = GameView(stats=stats[0] if stats else None, games=games, notices=list(dict.fromkeys(notices + more)),
                    variants={name: variant_words(get(game), name) for name in {entry.variant for entry in games}})
    won = 0.0
    for entry in reversed(games):
        seat = entry.human
        if seat is None:
            continue
        won += entry.share(seat)
        view.shares.append(entry.share(seat))
        view.running.append(won / (len(view.shares)))
        view.dates.append(entry.played_at.astimezone().strftime(CHART_DATE_FORMAT))
    return view


def tally_cells(tally: Tally) -> list[str]:
    """A kind of table's numbers, as ``TABLE_COLUMNS`` shows them."""
    games = tally.games or 1
    return [str(tally.games), number(tally.wins), f"{100 * tally.wins / games:.0f}%",
            number(tally.score_total / games), number(tally.best_score or 0.0),
            f"{tally.current_streak} / {tally.longest_streak}", number(tally.actions_total / games)]


def game_cells(entry: HistoryEntry, variant: str = "") -> list[str]:
    """A finished game's line, as ``GAME_COLUMNS`` shows it; the table named after its ``variant`` (the
    variant's title, '' for the standard game)."""
    date = entry.played_at.astimezone().strftime(DATE_FORMAT)
    seat = entry.human
    named = f"{variant}, " if variant else ""
    if seat is None:
        table = "hot seat" if entry.humans else "AI only"
        return [date, f"{named}{entry.players} players, {table}", "-", "-", str(entry.actions)]
    place = ordinal(entry.place(seat))
    shared = " (shared)" if seat in entry.winners and len(entry.winners) > 1 else ""
    return [date, named + table_label(entry), f"{place} of {entry.players}{shared}", number(entry.scores[seat]),
            str(entry.actions)]


def kind_order(label: str) -> tuple[int, str]:
    """Kinds of table by player count, then opponents (``10 players`` after ``9 players``)."""
    count, _, rest = label.partition(" ")
    return (int(count) if count.isdigit() else 0, rest)


class StatsScene(MenuScene):
    """The statistics screen, pushed from the main menu as ``StatsScene(app)``."""

    title = "Statistics"
    title_size, title_y = 40, 44

    def __init__(self, app: App, game: str | None = None) -> None:
        """Open on ``game``, else the game last played (the settings remember it), else the first."""
        super().__init__(app)
        self.games: list[GameSpec] = all_games()
        names = [spec.name for spec in self.games]
        shown = next((name for name in (game, app.settings.last_game) if name in names), None)
        self.current = names.index(shown) if shown is not None else 0
        self.tabs = [Button(spec.title, partial(self.select, index)) for index, spec in enumerate(self.games)]
        self.back_button = Button("Back", self.app.pop)
        self.review_button = Button("Review (R)", lambda: self.review_game(self.chosen))
        self.group.widgets = [*self.tabs, self.review_button, self.back_button]
        self.view = GameView()
        self.chosen = 0
        """The finished game the keyboard has chosen (index into ``view.games``)."""
        self.first = 0
        """The first finished game the list shows."""
        self.table_first = 0
        """The first kind of table the table shows."""
        self.told: set[str] = set()
        """Notices already shown (each once, not on every tab change)."""
        if self.games:
            self.select(self.current)

    # what is shown

    def select(self, index: int) -> None:
        """Show game ``index``: its history is read now."""
        self.current = index
        self.group.focus(self.tabs[index])
        self.view = read_game(self.games[index].name)
        self.chosen = self.first = self.table_first = 0
        for notice in self.view.notices:
            if notice not in self.told:
                self.told.add(notice)
                self.app.notify(notice)

    def kinds(self) -> list[tuple[str, Tally]]:
        """The table's rows: every table together, then each kind of table."""
        stats = self.view.stats
        if stats is None or not stats.overall.games:
            return []
        return [("all tables", stats.overall), *sorted(stats.tables.items(), key=lambda item: kind_order(item[0]))]

    def open_game(self, index: int) -> None:
        """Replay finished game ``index`` of the list."""
        if 0 <= index < len(self.view.games):
            self.chosen = index
            self._push(index, router(self.app).replay, "This game cannot be replayed")

    def review_game(self, index: int) -> None:
        """Review finished game ``index`` of the list: the human's decisions beside the hard AI's."""
        if not 0 <= index < len(self.view.games):
            self.app.notify("Choose a finished game to review.")
            return
        self.chosen = index
        self._push(index, router(self.app).review, "This game cannot be reviewed")

    def show_results(self, index: int) -> None:
        """The results of finished game ``index`` of the list, over it."""
        self._push(index, router(self.app).finished_results, "This game's results cannot be shown")

    def _push(self, index: int, scene: Callable[[App, GameRecord], Scene], failure: str) -> None:
        """The ``scene`` of finished game ``index``; a record that cannot be read or played through is a notice."""
        try:
            self.app.push(scene(self.app, load_record(self.view.games[index].id)))
        except (ValueError, HistoryUnavailable) as error:  # RecordError, NoTableError, a history gone
            self.app.notify(f"{failure}: {error}")

    # places

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        count = max(1, len(self.tabs))
        width = min(240, (LEFT_W + RIGHT_W + 20) / count - 12)
        for index, tab in enumerate(self.tabs):
            tab.rect = layout.box(LEFT_X + index * (width + 12), TAB_Y, width, TAB_H)
        self.back_button.rect = layout.box(RIGHT_X + RIGHT_W - 160, BAR_Y, 160, BAR_H)
        self.review_button.rect = layout.box(RIGHT_X + RIGHT_W - 340, BAR_Y, 160, BAR_H)

    def line_h(self) -> int:
        """The height of one line of the table and the list."""
        return font(self.layout.text_px(TEXT)).get_linesize() + self.layout.px(8)

    def inner(self, x: int, y: int, w: int, h: int) -> pygame.Rect:
        """The room inside a panel's padding, the panel at reference ``x, y, w, h``."""
        return self.layout.box(x, y, w, h).inflate(-self.layout.px(2 * PAD), -self.layout.px(PAD))

    def tables_body(self) -> pygame.Rect:
        """Where the kinds of table are listed, under their heading."""
        rect = self.inner(LEFT_X, TABLES_Y, LEFT_W, TABLES_H)
        return pygame.Rect(rect.x, rect.y + self.line_h(), rect.w, rect.h - self.line_h())

    def games_body(self) -> pygame.Rect:
        """Where the finished games are listed, under their heading."""
        rect = self.inner(RIGHT_X, GAMES_Y, RIGHT_W, GAMES_H)
        top = rect.y + self.layout.text_px(17) + self.layout.px(10) + self.line_h()
        return pygame.Rect(rect.x, top, rect.w, rect.bottom - top)

    def rows_shown(self) -> int:
        """How many finished games fit in the list."""
        return max(1, self.games_body().h // self.line_h())

    def game_at(self, pos: tuple[int, int]) -> int | None:
        """The finished game under ``pos``, if any."""
        body = self.games_body()
        if not body.collidepoint(pos):
            return None
        index = self.first + (pos[1] - body.y) // self.line_h()
        return index if index < min(len(self.view.games), self.first + self.rows_shown()) else None

    # input

    def choose(self, index: int) -> None:
        """Move the keyboard's choice to finished game ``index`` (clamped) and scroll it into view."""
        count = len(self.view.games)
        if not count:
            return
        self.chosen = max(0, min(count - 1, index))
        shown = self.rows_shown()
        self.first = min(self.first, self.chosen)
        self.first = max(self.first, self.chosen - shown + 1)

    def scroll_games(self, rows: int) -> None:
        """Scroll the list by ``rows`` without moving past its ends."""
        most = max(0, len(self.view.games) - self.rows_shown())
        self.first = max(0, min(most, self.first + rows))

    def scroll_tables(self, rows: int) -> None:
        """Scroll the kinds of table by ``rows``."""
        shown = max(1, self.tables_body().h // self.line_h())
        self.table_first = max(0, min(max(0, len(self.kinds()) - shown), self.table_first + rows))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            over_tables = self.layout.box(LEFT_X, TABLES_Y, LEFT_W, TABLES_H).collidepoint(pygame.mouse.get_pos())
            (self.scroll_tables if over_tables else self.scroll_games)(-event.y)
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and \
                (row := self.game_at(event.pos)) is not None:
            self.chosen = row  # the pointer chooses as the keyboard does
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.open_game(row)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.games:
            self.select((self.current + (1 if event.key == pygame.K_RIGHT else -1)) % len(self.games))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.choose(self.chosen + (1 if event.key == pygame.K_DOWN else -1))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.choose(self.chosen + self.rows_shown() * (1 if event.key == pygame.K_PAGEDOWN else -1))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.choose(0 if event.key == pygame.K_HOME else len(self.view.games) - 1)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.review_game(self.chosen)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_s and 0 <= self.chosen < len(self.view.games):
            self.show_results(self.chosen)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) \
                and self.group.focused not in (self.back_button, self.review_button):
            self.open_game(self.chosen)
        else:
            self.group.handle(event)

    # drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        lay, pal = self.layout, self.app.palette
        hint, hint_px = fit_text(HINT, lay.text_px(14), self.review_button.rect.x - lay.px(LEFT_X + 20))
        draw_text(surface, hint, hint_px, pal.text_dim, (lay.point(LEFT_X, 0)[0], self.back_button.rect.centery),
                  anchor="midleft")
        if not self.games:
            self.draw_message(surface, "No games are installed, so there are no statistics to show.")
            return
        if self.view.problem is not None:
            self.draw_message(surface, f"The statistics cannot be shown. {self.view.problem}")
            return
        self.draw_summary(surface)
        self.draw_tables(surface)
        self.draw_figures(surface)
        self.draw_chart(surface)
        self.draw_games(surface)

    def draw_message(self, surface: pygame.Surface, text: str) -> None:
        """One panel in place of the figures, saying why there are none."""
        lay, pal = self.layout, self.app.palette
        rect = lay.box(LEFT_X, SUMMARY_Y, LEFT_W + RIGHT_W + 20, GAMES_Y + GAMES_H - SUMMARY_Y)
        draw_panel(surface, rect, pal, lay)
        draw_wrapped(surface, text, lay.text_px(18), pal.text, rect.inflate(-lay.px(48), -lay.px(48)))

    def draw_box(self, surface: pygame.Surface, x: int, y: int, w: int, h: int) -> pygame.Rect:
        """A panel at reference ``x, y, w, h``; the room inside its padding."""
        lay, pal = self.layout, self.app.palette
        draw_panel(surface, lay.box(x, y, w, h), pal, lay, radius=8)
        return self.inner(x, y, w, h)

    def draw_summary(self, surface: pygame.Surface) -> None:
        """The game's overall figures: games, wins and win rate, streaks, scores, length, hints."""
        lay, pal = self.layout, self.app.palette
        inner = self.draw_box(surface, LEFT_X, SUMMARY_Y, LEFT_W, SUMMARY_H)
        stats = self.view.stats
        title = self.games[self.current].title
        if stats is None or not stats.games:
            draw_wrapped(surface, EMPTY.format(title=title), lay.text_px(17), pal.text, inner)
            return
        overall = stats.overall
        head = (f"{stats.games} game{'s' if stats.games != 1 else ''}, {number(stats.wins)} won: "
                f"{100 * stats.wins / stats.games:.0f}%")
        shown, px = fit_text(head, lay.text_px(24), inner.w, serif=True, bold=True)
        y = draw_text(surface, shown, px, pal.accent, inner.topleft, serif=True, bold=True).bottom + lay.px(4)
        parts = []
        if overall.games:
            parts.append(f"winning streak {overall.current_streak} now, {overall.longest_streak} at most; "
                         f"score {number(overall.score_total / overall.games)} on average, "
                         f"{number(overall.best_score or 0.0)} at best; "
                         f"{number(overall.actions_total / overall.games)} moves a game")
        if stats.imported_games:
            parts.append(f"{stats.imported_games} earlier game{'s' if stats.imported_games != 1 else ''} counted "
                         f"before the history kept scores")
        parts.append(f"{stats.abandoned} abandoned, {stats.hints} hint{'s' if stats.hints != 1 else ''} asked")
        text = "; ".join(parts) + "."
        draw_wrapped(surface, text[0].upper() + text[1:], lay.text_px(15), pal.text,
                     pygame.Rect(inner.x, y, inner.w, inner.bottom - y))

    def draw_row(self, surface: pygame.Surface, body: pygame.Rect, y: int, cells: list[str],
                 columns: tuple[Column, ...], *, bold: bool = False, dim: bool = False) -> None:
        """One line of a table, each cell fitted to its column."""
        lay, pal = self.layout, self.app.palette
        size = lay.text_px(TEXT)
        colour = pal.text_dim if dim else pal.text
        starts = [body.x + round(body.w * share) for _, share, _ in columns] + [body.right]
        for index, (text, (_, _, numeric)) in enumerate(zip(cells, columns)):
            room = starts[index + 1] - starts[index] - lay.px(8)
            shown, px = fit_text(text, size, room, bold=bold)
            if numeric:
                draw_text(surface, shown, px, colour, (starts[index + 1] - lay.px(6), y), anchor="topright",
                          bold=bold)
            else:
                draw_text(surface, shown, px, colour, (starts[index], y), bold=bold)

    def draw_band(self, surface: pygame.Surface, body: pygame.Rect, y: int, index: int, chosen: bool) -> None:
        """The ground under a line: every other one shaded, the chosen one ringed."""
        lay, pal = self.layout, self.app.palette
        band = pygame.Rect(body.x - lay.px(4), y - lay.px(3), body.w + lay.px(8), self.line_h())
        if chosen:
            pygame.draw.rect(surface, blend(pal.panel, pal.accent, 0.25), band, border_radius=lay.px(4))
            pygame.draw.rect(surface, pal.focus, band, max(1, lay.px(2)), border_radius=lay.px(4))
        elif index % 2:
            pygame.draw.rect(surface, blend(pal.panel, pal.text_dim, 0.07), band)

    def draw_scrollbar(self, surface: pygame.Surface, body: pygame.Rect, first: int, shown: int,
                       count: int) -> None:
        """Where the lines shown lie among all of them, beside ``body``."""
        lay = self.layout
        draw_scrollbar(surface, pygame.Rect(body.right + lay.px(4), body.y, lay.px(4), body.h), first, shown, count,
                       lay, self.app.palette)

    def draw_tables(self, surface: pygame.Surface) -> None:
        """A row per kind of table (players and opponents), all tables together first."""
        lay, pal = self.layout, self.app.palette
        self.draw_box(surface, LEFT_X, TABLES_Y, LEFT_W, TABLES_H)
        body = self.tables_body()
        self.draw_row(surface, body, body.y - self.line_h(), [name for name, _, _ in TABLE_COLUMNS], TABLE_COLUMNS,
                      bold=True, dim=True)
        kinds = self.kinds()
        if not kinds:
            draw_wrapped(surface, "Each kind of table you play at (how many players, which AI level) gets a "
                                  "row here.", lay.text_px(15), pal.text_dim, body)
            return
        shown = max(1, body.h // self.line_h())
        for offset, (label, tally) in enumerate(kinds[self.table_first:self.table_first + shown]):
            index = self.table_first + offset
            y = body.y + offset * self.line_h()
            self.draw_band(surface, body, y, index, False)
            self.draw_row(surface, body, y, [label, *tally_cells(tally)], TABLE_COLUMNS, bold=index == 0)
        self.draw_scrollbar(surface, body, self.table_first, shown, len(kinds))

    def draw_figures(self, surface: pygame.Surface) -> None:
        """The game's own figures, averaged over its finished games, in two columns."""
        lay, pal = self.layout, self.app.palette
        inner = self.draw_box(surface, LEFT_X, FIGURES_Y, LEFT_W, FIGURES_H)
        stats = self.view.stats
        finished = stats.figure_games if stats is not None else 0
        figures = stats.figures() if stats is not None and finished else {}
        title = f"A game on average, every seat counted ({finished} finished)" if figures else "The game's own figures"
        shown, px = fit_text(title, lay.text_px(16), inner.w, bold=True)
        y = draw_text(surface, shown, px, pal.text, inner.topleft, bold=True).bottom + lay.px(6)
        if not figures:
            draw_wrapped(surface, "Each finished game adds its own figures here.", lay.text_px(15), pal.text_dim,
                         pygame.Rect(inner.x, y, inner.w, inner.bottom - y))
            return
        size = lay.text_px(14)
        step = font(size).get_linesize() + lay.px(2)
        rows = max(1, (inner.bottom - y) // step)
        width = inner.w // 2 - lay.px(10)
        labelled: list[tuple[str, float | None]] = sorted(
            ((figure_words(name), value) for name, value in figures.items()), key=lambda item: item[0].lower())
        if len(labelled) > 2 * rows:  # the last place says how many more there are
            labelled[2 * rows - 1:] = [(f"and {len(labelled) - 2 * rows + 1} more", None)]
        for index, (words, value) in enumerate(labelled):
            column, line = divmod(index, rows)
            x = inner.x + column * (width + lay.px(20))
            if value is None:
                draw_text(surface, words, size, pal.text_dim, (x, y + line * step))
                continue
            value_text = number(value)
            right = draw_text(surface, value_text, size, pal.accent, (x + width, y + line * step), anchor="topright",
                              bold=True)
            label, label_px = fit_text(words, size, right.x - x - lay.px(8))
            draw_text(surface, label, label_px, pal.text, (x, y + line * step))

    def draw_chart(self, surface: pygame.Surface) -> None:
        """Results over time: the human's share of each win as a bar, the win rate so far as a line."""
        lay, pal = self.layout, self.app.palette
        rect = lay.box(RIGHT_X, CHART_Y, RIGHT_W, CHART_H)
        view = self.view
        timeline_chart(surface, rect, lay, pal, "Results over time, oldest first", view.shares, view.running,
                       names=("your share of the win", "win rate so far"), labels=view.dates,
                       fmt=lambda value: f"{value * 100:.0f}%")
        if not view.shares:
            draw_text(surface, "No games yet.", lay.text_px(15), pal.text_dim, rect.center, anchor="center")

    def draw_games(self, surface: pygame.Surface) -> None:
        """The finished games, newest first; the chosen one ringed."""
        lay, pal = self.layout, self.app.palette
        inner = self.draw_box(surface, RIGHT_X, GAMES_Y, RIGHT_W, GAMES_H)
        games = self.view.games
        heading = f"Finished games ({len(games)}), newest first: Enter or a click replays one"
        shown, px = fit_text(heading, lay.text_px(17), inner.w, bold=True)
        draw_text(surface, shown, px, pal.text, inner.topleft, bold=True)
        body = self.games_body()
        self.draw_row(surface, body, body.y - self.line_h(), [name for name, _, _ in GAME_COLUMNS], GAME_COLUMNS,
                      bold=True, dim=True)
        if not games:
            draw_text(surface, "No finished games yet.", lay.text_px(15), pal.text_dim, body.topleft)
            return
        count = self.rows_shown()
        for offset, entry in enumerate(games[self.first:self.first + count]):
            index = self.first + offset
            y = body.y + offset * self.line_h()
            self.draw_band(surface, body, y, index, index == self.chosen)
            self.draw_row(surface, body, y, game_cells(entry, self.view.variants.get(entry.variant, "")), GAME_COLUMNS)
        self.draw_scrollbar(surface, body, self.first, count, len(games))
