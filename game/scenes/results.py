"""The results screen: each seat's rank and score on its plate (the winners' lit, a star and the word
"winner" beside them, the human seats marked), how the game went (the scores after each hand, deal or round as a
chart, each seat's best part in words) and the game's own figures. A win is celebrated (confetti and the win
sound, or the sound alone with reduced motion); a human's loss gets a kind line instead.

No button has the focus when it opens: Enter or Space answer nothing until the player points at a button or
moves the focus (Tab, arrows), so a press meant for the table never plays again or leaves. A finished game's
results open again from its record (``finished_results``: the history's list of games), chart and all."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.core.match import play_match
from game.core.progress import Progress, score_progress
from game.core.record import GameRecord, RecordError
from game.core.registry import all_games, get
from game.core.setup import DEFAULT_NAMES, HUMAN, MatchSetup, new_seed
from game.core.words import ordinal
from game.scenes.abandon import ask_before_abandoning
from game.scenes.common import dim
from game.scenes.navigation import router
from game.scenes.results_chart import chart_caption, draw_chart
from game.scenes.tables import replay_setup, table_class
from game.ui.app import App, Scene
from game.ui.effects import FLOURISH_SECONDS, Flourish
from game.ui.glyphs import draw_glyph
from game.ui.layout import Layout
from game.ui.plates import draw_plate, medallion
from game.ui.text import ELLIPSIS, draw_text, draw_wrapped, ellipsize, fit_text, panel, wrap
from game.ui.theme import font
from game.ui.widgets import Button, FocusGroup, place_in_row
from game.variants.loader import load_variant

PANEL = (110, 28, 1060, 664)
"""The results' panel in reference units: wide enough for the standings beside the chart at 1280x720."""
INPUT_GRACE_SECONDS = 0.6
"""Input is ignored this long after the results open: a key or click meant for the table's last animation
(a mashed Enter, a skip) must not press "Play again" before the player has seen the standings. A grace period
rather than "a fresh key-down" because a press a moment after the scene opens is still one meant for the
table, and key repeat would make a held key look fresh."""
ROW_MOST = 62
"""The tallest standings row at the smallest text (reference units); eight seats share the column's height."""
PLATE_EDGE = 8
"""Reference units at least above and below a plate's name and best part, together."""
EXAMPLE_SEED = 11
EXAMPLE_PLAYERS = 4
EXAMPLE_LEVEL = "easy"
"""The example results (``example_results``): a real game of four easy AIs, the first seat shown as yours."""
EXAMPLE_LINE = "An example of the results screen."
KIND_LINE_SOLO = "Well played, {name}. The night is young: the table is ready for another game."
KIND_LINE_SHARED = "Well played, all. The night is young: the table is ready for another game."
FIGURES_TITLE = "This game's figures"
CONFETTI_SHARE = 3
"""The confetti's reach is the panel's width over this: thrown wide over the winners' line, each piece small."""


def competition_ranks(scores: list[float]) -> list[int]:
    """Each seat's rank, higher scores first, tied seats sharing a rank (standard competition ranking:
    1st, 1st, 3rd)."""
    return [1 + sum(other > score for other in scores) for score in scores]


class ResultsScene(Scene):
    """Shown over the finished table; "Play again" starts the same table with a new seed."""

    opaque = False

    def __init__(self, app: App, title: str, names: list[str], scores: list[float], winners: list[int],
                 rows: list[str] | None = None, again: MatchSetup | None = None,
                 record: GameRecord | None = None, humans: list[int] | None = None, reopened: bool = False) -> None:
        super().__init__(app)
        self.title = title
        self.names, self.scores, self.winners = names, scores, winners
        self.humans = humans or []
        self.opened = 0.0
        """Seconds since the results opened (input counts from ``INPUT_GRACE_SECONDS``)."""
        self.rows = rows or []
        self.again = again
        self.record = record
        self.reopened = reopened
        """Opened again from the history: "Back" returns there instead of "Main menu"."""
        self.progress = progress_of(record)
        """How the game went, part by part (None: no record, or a game not played in parts)."""
        self.cheered = False
        """Whether the win was celebrated (its sound plays once, not again on coming back from the review)."""
        self.confetti: Flourish | None = None
        """The win's confetti while it falls."""
        buttons = [Button("Back", self.app.pop) if reopened else Button("Main menu", self.to_menu)]
        if record is not None:
            buttons.insert(0, Button("Watch replay", self.watch_replay))
            if self.humans:
                buttons.insert(0, Button("Review", self.open_review))
        if again is not None:
            buttons.insert(0, Button("Play again", self.play_again))
        self.group = FocusGroup(buttons, focused=False)

    def celebrates(self) -> bool:
        """Whether there is a win to celebrate: someone won, and it was a human when humans played."""
        return bool(self.winners) and (not self.humans or any(seat in self.humans for seat in self.winners))

    def kind_line(self) -> str:
        """A word for the humans who lost ('' when a human won, or nobody human played)."""
        if not self.humans or self.celebrates():
            return ""
        if len(self.humans) == 1:
            return KIND_LINE_SOLO.format(name=self.names[self.humans[0]])
        return KIND_LINE_SHARED

    def enter(self) -> None:
        """Celebrate a win once: the win sound, and confetti unless motion is reduced or turned off."""
        if self.cheered or not self.celebrates():
            return
        self.cheered = True
        settings = self.app.settings
        if settings.reduced_motion or settings.speed_factor() <= 0:
            self.app.sound.play("win")
            return
        box = self.app.layout.box(*PANEL)
        self.app.sound.play("win")
        self.confetti = Flourish("win", confetti_centre(box), box.w // CONFETTI_SHARE, self.app.palette.focus,
                                 self.app.palette)

    def resize(self, layout: Layout) -> None:
        box = layout.box(*PANEL)
        count = len(self.group.widgets)
        width = min(box.w - layout.px(60), layout.px(260) * count + layout.px(20) * (count - 1))
        bar = pygame.Rect(box.centerx - width // 2, box.bottom - layout.px(80), width, layout.px(54))
        place_in_row(self.group.widgets, bar, layout.px(20), layout)
        if self.confetti is not None:
            self.confetti.centre = confetti_centre(box)
            self.confetti.reach = box.w // CONFETTI_SHARE

    def update(self, dt: float) -> None:
        self.opened += dt
        if self.confetti is not None:
            self.confetti.progress += dt * self.app.settings.speed_factor() / FLOURISH_SECONDS["win"]
            if self.confetti.progress >= 1.0:
                self.confetti = None

    def needs_frame(self) -> bool:
        """Only the confetti moves: the grace period changes nothing shown."""
        return self.confetti is not None

    def accepting(self) -> bool:
        """Whether the grace period after opening is over, so input is the player's answer to the results."""
        return self.opened >= INPUT_GRACE_SECONDS

    def back(self) -> None:
        if self.accepting():
            self.group.widgets[-1].activate()  # "Main menu", or "Back" to the history

    def to_menu(self) -> None:
        """Leave the table for the main menu."""
        self.app.reset(router(self.app).menu(self.app))

    def play_again(self) -> None:
        """The same game, seats and variant, with a fresh deal, or from the same position with fresh chance
        after it (asking first if a game of that kind is still saved: one whose end could not be recorded
        keeps its save)."""
        assert self.again is not None
        seed = new_seed()
        position = None if self.again.position is None else {**self.again.position, "seed": seed}
        setup = MatchSetup(self.again.game, self.again.variant, self.again.params, self.again.seats,
                           self.again.names, seed, position)

        def start() -> None:
            self.app.reset(router(self.app).menu(self.app))
            self.app.push(router(self.app).table(self.app, setup))

        ask_before_abandoning(self.app, setup.game, start)

    def watch_replay(self) -> None:
        """The finished game again from the first deal, every move as it was played (from the history: over
        the history, which Esc comes back to)."""
        assert self.record is not None
        if self.reopened:
            self.app.replace(router(self.app).replay(self.app, self.record))
            return
        self.app.reset(router(self.app).menu(self.app))
        self.app.push(router(self.app).replay(self.app, self.record))

    def open_review(self) -> None:
        """Each human decision of the game beside the hard AI's, over these results (Esc comes back here)."""
        assert self.record is not None
        self.app.push(router(self.app).review(self.app, self.record, self.humans))

    def handle(self, event: pygame.event.Event) -> None:
        if self.accepting():
            self.group.handle(event)

    def human_tag(self, seat: int) -> str:
        """"you" for the one human of a solo game, "human" for each of several sharing the screen."""
        if seat not in self.humans:
            return ""
        return "you" if len(self.humans) == 1 else "human"

    def winners_text(self) -> str:
        """"Ann wins", "Ann and Cleo share the win", or "Nobody wins"."""
        won = [self.names[seat] for seat in self.winners]
        if not won:
            return "Nobody wins"
        if len(won) == 1:
            return f"{won[0]} wins!"
        return f"{', '.join(won[:-1])} and {won[-1]} share the win"

    def best_line(self, seat: int) -> str:
        """``seat``'s best part in words ("Best: hand 3, +24"), or '' with no chart."""
        if self.progress is None:
            return ""
        best = self.progress.best(seat)
        if best is None:
            return f"Scored in no {self.progress.word}"
        return f"Best: {self.progress.word} {best.part}, +{best.gain:g}"

    def draw(self, surface: pygame.Surface) -> None:
        lay, pal = self.app.layout, self.app.palette
        dim(surface, 170)
        box = lay.box(*PANEL)
        panel(surface, box, pal.panel, pal.panel_edge, radius=lay.px(14))
        title, size = fit_text(f"{self.title}: game over", lay.text_px(32), box.w - lay.px(60), serif=True, bold=True)
        shown = draw_text(surface, title, size, pal.accent, (box.centerx, box.y + lay.px(34)), anchor="center",
                          serif=True, bold=True)
        winners, size = fit_text(self.winners_text(), lay.text_px(22), box.w - lay.px(60), bold=True)
        shown = draw_text(surface, winners, size, pal.text, below(shown, box.y + lay.px(72), size),
                          anchor="center", bold=True)
        kind = self.kind_line()
        if kind:
            line, size = fit_text(kind, lay.text_px(17), box.w - lay.px(60))
            shown = draw_text(surface, line, size, pal.text_dim, below(shown, box.y + lay.px(100), size),
                              anchor="center")
        top = max(box.y + lay.px(118), shown.bottom + lay.px(6))
        body = pygame.Rect(box.x + lay.px(28), top, box.w - lay.px(56), box.bottom - lay.px(96) - top)
        standings = pygame.Rect(body.x, body.y, lay.px(470), body.h)
        self.draw_standings(surface, standings)
        self.draw_story(surface, pygame.Rect(standings.right + lay.px(30), body.y,
                                             body.right - standings.right - lay.px(30), body.h))
        self.group.draw(surface, pal, lay)
        if self.confetti is not None:
            self.confetti.draw(surface)

    def draw_standings(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Each seat's plate, best first: rank, token, name (and whose it is), best part, score; the winners'
        plates lit, with a star. A plate is as tall as its name over its best part need (up to the column's
        share); where that is too tall for every seat, the best part goes beside the name."""
        lay, pal = self.app.layout, self.app.palette
        order = sorted(range(len(self.names)), key=lambda seat: -self.scores[seat])
        ranks = competition_ranks(self.scores)
        gap = lay.px(6)
        name_size, best_size = lay.text_px(20), lay.text_px(15)
        name_h, best_h = text_height(name_size), text_height(best_size)
        share = (rect.h - gap * (len(order) - 1)) // max(1, len(order))
        row_h = min(max(lay.px(ROW_MOST), name_h + best_h + lay.px(PLATE_EDGE)), share)
        two_lines = self.progress is not None and name_h + best_h + lay.px(PLATE_EDGE) <= row_h
        for index, seat in enumerate(order):
            row = pygame.Rect(rect.x, rect.y + index * (row_h + gap), rect.w, row_h)
            winner = seat in self.winners
            draw_plate(surface, row, pal, turn=winner, radius=lay.px(10), you=seat in self.humans)
            colour = pal.focus if winner else pal.text
            draw_text(surface, ordinal(ranks[seat]), lay.text_px(17), pal.text_dim,
                      (row.x + lay.px(46), row.centery), anchor="midright")
            token = medallion(seat, round(row_h * 0.76), turn=winner)
            token_rect = surface.blit(token, token.get_rect(midleft=(row.x + lay.px(54), row.centery)))
            score_rect = draw_text(surface, f"{self.scores[seat]:g}", lay.text_px(24), colour,
                                   (row.right - lay.px(14), row.centery), anchor="midright", bold=winner)
            right = score_rect.x - lay.px(10)
            if winner:
                star = pygame.Rect(0, 0, lay.px(22), lay.px(22))
                star.midright = (right, row.centery)
                draw_glyph(surface, "star", star, pal.focus, pal.panel)
                word = draw_text(surface, "winner", lay.text_px(15), pal.focus, (star.x - lay.px(6), row.centery),
                                 anchor="midright")
                right = word.x - lay.px(10)
            name_x = token_rect.right + lay.px(12)
            name_y = row.centery - (name_h + best_h) // 2 if two_lines else row.centery - name_h // 2
            tag = self.human_tag(seat)
            tag_room = font(lay.text_px(15)).size(f"({tag})")[0] + lay.px(8) if tag else 0
            best = self.best_line(seat)
            beside = 0 if two_lines or not best else (right - name_x - tag_room) // 2
            name = ellipsize(self.names[seat], font(name_size, bold=winner), right - name_x - tag_room - beside)
            name_rect = draw_text(surface, name, name_size, colour, (name_x, name_y), bold=winner)
            after = name_rect.right
            if tag:
                after = draw_text(surface, f"({tag})", lay.text_px(15), pal.text_dim,
                                  (name_rect.right + lay.px(8), name_rect.centery), anchor="midleft").right
            if two_lines:
                shown = ellipsize(best, font(best_size), right - name_x)
                draw_text(surface, shown, best_size, pal.text_dim, (name_x, name_y + name_h))
            elif best:
                shown = ellipsize(best, font(best_size), right - after - lay.px(12))
                if shown != ELLIPSIS:
                    draw_text(surface, shown, best_size, pal.text_dim, (after + lay.px(12), row.centery),
                              anchor="midleft")

    def draw_story(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """How the game went (the chart, when the game is told in parts) above the game's own figures."""
        lay, pal = self.app.layout, self.app.palette
        size = lay.text_px(16)
        face = font(size)
        lines = sum(len(wrap(row, face, rect.w)) for row in self.rows)
        figures_h = (lines + 1) * face.get_linesize() + lay.px(8) if self.rows else 0
        top = rect.y
        if self.progress is not None and self.progress.parts:
            caption = draw_text(surface, chart_caption(self.progress), lay.text_px(18), pal.text, (rect.x, top),
                                bold=True)
            chart_h = max(lay.px(170), rect.bottom - caption.bottom - lay.px(8) - figures_h)
            chart = pygame.Rect(rect.x, caption.bottom + lay.px(6), rect.w, chart_h)
            draw_chart(surface, chart, self.progress, tuple(self.winners), lay.text_px(14))
            top = chart.bottom + lay.px(8)
        if self.rows:
            heading = draw_text(surface, FIGURES_TITLE, lay.text_px(16), pal.accent, (rect.x, top), bold=True)
            draw_wrapped(surface, "\n".join(self.rows), size, pal.text_dim,
                         pygame.Rect(rect.x, heading.bottom + lay.px(2), rect.w, rect.bottom - heading.bottom))


def below(above: pygame.Rect, centre_y: int, size: int) -> tuple[int, int]:
    """Where a centred line at ``size`` goes: its centre at ``centre_y``, or lower if that would touch ``above``
    (a larger text size)."""
    return (above.centerx, max(centre_y, above.bottom + (text_height(size) + 1) // 2))


def text_height(size: int) -> int:
    """The pixels a line of text at ``size`` takes when drawn (its rendered height, or its line step if taller)."""
    face = font(size)
    return max(face.get_height(), face.get_linesize())


def confetti_centre(box: pygame.Rect) -> tuple[int, int]:
    """Where the win's confetti is thrown from: the winners' line."""
    return (box.centerx, box.y + box.h // 8)


def progress_of(record: GameRecord | None) -> Progress | None:
    """How the game of ``record`` went, part by part; None without a record or for one that does not replay
    (the standings still show)."""
    if record is None:
        return None
    try:
        return score_progress(record)
    except RecordError:
        return None


def _finished(app: App, record: GameRecord, *, reopened: bool) -> ResultsScene:
    """The results of the finished game ``record``, rebuilt by replaying it (``finished_results``)."""
    spec = get(record.game)
    setup = replay_setup(record)
    table = table_class(spec)(app, setup, record)
    try:
        state = table.state
        if not state.is_terminal():
            raise ValueError(f"this {spec.title} game did not finish: it has no results")
        humans = [seat for seat, kind in enumerate(record.seats) if kind == HUMAN]
        return ResultsScene(app, spec.title, list(setup.names), state.scores(), state.winners(), table.result_rows(),
                            record=record, humans=humans, reopened=reopened)
    finally:
        table.leave()


def finished_results(app: App, record: GameRecord) -> ResultsScene:
    """The results screen of the finished game ``record`` again (the history's list opens it): its standings,
    its chart and its game's own lines, with "Back" to where it was opened. ``ValueError`` for a record that
    cannot be played through (``RecordError``), a game with no table, or a game that did not finish."""
    return _finished(app, record, reopened=True)


def example_results(app: App) -> ResultsScene:
    """The screenshot's example: the results of a real short game (easy AIs, a fixed seed, the first seat shown
    as the player's) of the menu's first game told in parts; made-up standings when no game is."""
    told = [spec for spec in all_games() if spec.part_begins is not None and spec.scene]
    if not told:
        return ResultsScene(app, "Hallowtable", list(DEFAULT_NAMES[:4]), [12, 7, 7, 3], [0], [EXAMPLE_LINE])
    spec = told[0]
    players = max(spec.min_players, min(EXAMPLE_PLAYERS, spec.max_players))
    played = play_match(spec, load_variant(spec, "standard").params, [EXAMPLE_LEVEL] * players, EXAMPLE_SEED).record
    return _finished(app, replace(played, seats=(HUMAN, *played.seats[1:])), reopened=False)
