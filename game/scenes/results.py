"""The results screen: each seat's rank and score, the winners marked in words and with a star, the human
seats marked, and the game's own extra lines.

No button has the focus when it opens: Enter or Space answer nothing until the player points at a button or
moves the focus (Tab, arrows), so a press meant for the table never plays again or leaves. A finished game's
results open again from its record (``finished_results``: the history's list of games)."""

from __future__ import annotations

import pygame

from game.core.record import GameRecord
from game.core.registry import get
from game.core.setup import HUMAN, MatchSetup, new_seed
from game.core.words import ordinal
from game.scenes.abandon import ask_before_abandoning
from game.scenes.common import dim
from game.scenes.navigation import router
from game.scenes.tables import replay_setup, table_class
from game.ui.app import App, Scene
from game.ui.glyphs import draw_glyph
from game.ui.layout import Layout
from game.ui.text import draw_text, draw_wrapped, ellipsize, fit_text, panel
from game.ui.theme import font
from game.ui.widgets import Button, FocusGroup, place_in_row

PANEL = (290, 60, 700, 600)
INPUT_GRACE_SECONDS = 0.6
"""Input is ignored this long after the results open: a key or click meant for the table's last animation
(a mashed Enter, a skip) must not press "Play again" before the player has seen the standings. A grace period
rather than "a fresh key-down" because a press a moment after the scene opens is still one meant for the
table, and key repeat would make a held key look fresh."""


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
        buttons = [Button("Back", self.app.pop) if reopened else Button("Main menu", self.to_menu)]
        if record is not None:
            buttons.insert(0, Button("Watch replay", self.watch_replay))
            if self.humans:
                buttons.insert(0, Button("Review", self.open_review))
        if again is not None:
            buttons.insert(0, Button("Play again", self.play_again))
        self.group = FocusGroup(buttons, focused=False)

    def enter(self) -> None:
        self.app.sound.play("win")

    def resize(self, layout: Layout) -> None:
        box = layout.box(*PANEL)
        count = len(self.group.widgets)
        width = min(box.w - layout.px(60), layout.px(260) * count + layout.px(20) * (count - 1))
        bar = pygame.Rect(box.centerx - width // 2, box.bottom - layout.px(80), width, layout.px(54))
        place_in_row(self.group.widgets, bar, layout.px(20), layout)

    def update(self, dt: float) -> None:
        self.opened += dt

    def needs_frame(self) -> bool:
        """Nothing on the results moves: the grace period changes nothing shown."""
        return False

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

    def draw(self, surface: pygame.Surface) -> None:
        lay, pal = self.app.layout, self.app.palette
        dim(surface, 170)
        box = lay.box(*PANEL)
        panel(surface, box, pal.panel, pal.panel_edge, radius=lay.px(14))
        draw_text(surface, f"{self.title}: game over", lay.text_px(34), pal.accent, (box.centerx, box.y + lay.px(40)),
                  anchor="center", serif=True, bold=True)
        winners, size = fit_text(self.winners_text(), lay.text_px(24), box.w - lay.px(60), bold=True)
        draw_text(surface, winners, size, pal.text, (box.centerx, box.y + lay.px(86)), anchor="center", bold=True)
        order = sorted(range(len(self.names)), key=lambda seat: -self.scores[seat])
        ranks = competition_ranks(self.scores)
        y = box.y + lay.px(126)
        line = lay.px(34) if len(order) <= 6 else lay.px(27)
        for seat in order:
            winner = seat in self.winners
            colour = pal.focus if winner else pal.text
            draw_text(surface, ordinal(ranks[seat]), lay.text_px(19), pal.text_dim, (box.x + lay.px(80), y + lay.px(2)),
                      anchor="topright")
            if winner:
                draw_glyph(surface, "star", pygame.Rect(box.x + lay.px(90), y + lay.px(4), lay.px(22), lay.px(22)),
                           pal.focus, pal.panel)
            score = self.scores[seat]
            shown = f"{score:g}"
            score_rect = draw_text(surface, shown, lay.text_px(21), colour, (box.right - lay.px(190), y),
                                   anchor="topright", bold=winner)
            tag = self.human_tag(seat)
            tag_room = font(lay.text_px(17)).size(f"({tag})")[0] + lay.px(10) if tag else 0
            name_room = score_rect.x - lay.px(24) - (box.x + lay.px(124)) - tag_room
            name = ellipsize(self.names[seat], font(lay.text_px(21), bold=winner), name_room)
            name_rect = draw_text(surface, name, lay.text_px(21), colour, (box.x + lay.px(124), y), bold=winner)
            if tag:
                draw_text(surface, f"({tag})", lay.text_px(17), pal.text_dim,
                          (name_rect.right + lay.px(10), y + lay.px(3)))
            if winner:
                draw_text(surface, "winner", lay.text_px(17), pal.focus, (box.right - lay.px(90), y + lay.px(3)),
                          anchor="topright")
            y += line
        if self.rows:
            extra = pygame.Rect(box.x + lay.px(60), y + lay.px(10), box.w - lay.px(120),
                                box.bottom - lay.px(96) - y - lay.px(10))
            draw_wrapped(surface, "\n".join(self.rows), lay.text_px(17), pal.text_dim, extra)
        self.group.draw(surface, pal, lay)


def finished_results(app: App, record: GameRecord) -> ResultsScene:
    """The results screen of the finished game ``record`` again (the history's list opens it): its standings
    and its game's own lines, with "Back" to where it was opened. ``ValueError`` for a record that cannot be
    played through (``RecordError``), a game with no table, or a game that did not finish."""
    spec = get(record.game)
    setup = replay_setup(record)
    table = table_class(spec)(app, setup, record)
    try:
        state = table.state
        if not state.is_terminal():
            raise ValueError(f"this {spec.title} game did not finish: it has no results")
        humans = [seat for seat, kind in enumerate(record.seats) if kind == HUMAN]
        return ResultsScene(app, spec.title, list(setup.names), state.scores(), state.winners(), table.result_rows(),
                            record=record, humans=humans, reopened=True)
    finally:
        table.leave()
