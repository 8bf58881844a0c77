"""A table's log fed as the table shows it: each event's line waits (``unlogged``) until its animation starts
(``log_next``), then goes into the panel under its chapter's heading and into the bug report's list."""

from __future__ import annotations

from collections import deque

from game.core.contracts import Event
from game.core.record import GameRecord
from game.core.setup import MatchSetup
from game.ui.app import App
from game.ui.log_panel import LogLine, LogPanel
from game.ui.table_core import TableCore


class TableLog(TableCore):
    """The log's lines: written as each event is shown, in the words the log's viewer may read."""

    def __init__(self, app: App, setup: MatchSetup, record: GameRecord | None = None) -> None:
        super().__init__(app, setup, record)
        self.log: list[str] = []
        """Every event's line written so far (the bug report's log); the panel shows them under headings."""
        self.log_panel = LogPanel()
        self.unlogged: deque[str] = deque()
        """Lines of events played but not yet animated, one per event ("" when it has none), each a ``LogLine``
        with its chapter; ``log_next``."""

    def log_viewer(self) -> int | None:
        """Whose view the log is written in: public facts only when several humans share the screen."""
        return None if len(self.humans) > 1 else self.viewer

    def _log_lines(self, events: list[Event]) -> list[str]:
        """Each event's line as the log's viewer may read it, with the chapter the event begins."""
        viewer = self.log_viewer()
        chapter = self.spec.chapter
        return [LogLine(self.spec.describe(seen, self.names), chapter(seen) if chapter is not None else None,
                        self.log_step(seen))
                for seen in (event.seen_by(viewer) for event in events)]

    def _log_events(self, events: list[Event]) -> None:
        for text in self._log_lines(events):
            self._write_log(text)

    def _write_log(self, text: str) -> None:
        """One line into the log (and its chapter's heading into the panel). A replay keeps them all."""
        self.log_panel.write(text)
        if text:
            self.log.append(str(text))
            if self.log_panel.limit is not None:
                del self.log[:-self.log_panel.limit]

    def log_next(self) -> None:
        """Write the line of the next event not yet logged. A scene calls it (``Call(self.log_next)``) as
        each event's animation starts, so the log tells what the table shows, never what it is about to
        show; whatever is left is written when the animations end."""
        if self.unlogged:
            self._write_log(self.unlogged.popleft())

    def _flush_log(self) -> None:
        while self.unlogged:
            self.log_next()
