"""The log panel: headings over their lines, scrolling by wheel, keys and drag, new lines while the player reads
back, folded steps opened by a click, a bounded history (a replay's whole), and a real table's log input."""

from __future__ import annotations

import pygame
import pytest

from game.core.registry import HAND, TRICK, Chapter, get
from game.core.setup import MatchSetup, default_names
from game.scenes.tables import table_class
from game.ui.app import App
from game.ui.log_panel import LOG_LINES, LogLine, LogPanel
from game.ui.table import TableScene
from game.variants.loader import load_variant
import threading

from tests.app_input import hold_agents, run

AREA = pygame.Rect(980, 48, 300, 400)


def drawn(app: App, panel: LogPanel) -> None:
    app.screen.fill((0, 0, 0))
    panel.draw(app.screen, AREA, app.palette, app.layout)


def filled(app: App, lines: int = 60) -> LogPanel:
    panel = LogPanel()
    for hand in (1, 2):
        panel.write(LogLine(f"Hand {hand}: Ann deals.", Chapter(HAND, f"Hand {hand}")))
        for trick in range(1, lines // 10 + 1):
            panel.write(LogLine("Ann leads.", Chapter(TRICK, f"Trick {trick}")))
            for n in range(4):
                panel.write(f"Line {hand}.{trick}.{n}")
    drawn(app, panel)
    return panel


def wheel(y: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def test_headings_come_before_their_lines_and_a_hand_heading_is_bigger(app):
    panel = filled(app)
    levels = [entry.level for entry in panel.entries]
    assert levels[:3] == [HAND, None, TRICK] and levels.count(HAND) == 2
    rows = panel.rows(panel._width, app.layout)
    hand = next(row for row in rows if row.entry.level == HAND)
    trick = next(row for row in rows if row.entry.level == TRICK)
    line = next(row for row in rows if row.entry.level is None)
    assert hand.size > trick.size > line.size - 1 and hand.size > line.size
    assert panel.chapters == {HAND: "Hand 2", TRICK: "Trick 6"}


def test_an_event_with_no_words_still_opens_its_chapter(app):
    panel = LogPanel()
    panel.write(LogLine("", Chapter(HAND, "Deal 1")))
    assert [(entry.text, entry.level) for entry in panel.entries] == [("Deal 1", HAND)]


def test_the_wheel_over_the_log_scrolls_back_and_on(app):
    panel = filled(app)
    line = 20
    assert not panel.handle(wheel(1), (10, 10), line) and panel.offset == 0  # not over the log
    assert panel.handle(wheel(2), AREA.center, line) and panel.offset > 0
    back = panel.offset
    panel.handle(wheel(-1), AREA.center, line)
    assert 0 < panel.offset < back
    panel.handle(wheel(-50), AREA.center, line)
    assert panel.offset == 0


def test_keys_page_through_the_log_and_home_end_jump(app):
    panel = filled(app)
    assert panel.handle(key(pygame.K_PAGEUP), None, 20) and panel.offset > 0
    page = panel.offset
    panel.handle(key(pygame.K_HOME), None, 20)
    assert panel.offset > page
    drawn(app, panel)
    assert panel.row_at((AREA.x + 20, AREA.y + 5)).text.startswith("Hand 1")
    panel.handle(key(pygame.K_PAGEDOWN), None, 20)
    assert panel.offset < panel._total
    panel.handle(key(pygame.K_END), None, 20)
    assert panel.offset == 0
    assert not panel.handle(key(pygame.K_a), None, 20)


def press(panel: LogPanel, start: tuple[int, int], end: tuple[int, int]) -> None:
    panel.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1), start, 20)
    panel.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)), end, 20)
    panel.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1), end, 20)


def test_dragging_the_text_or_the_bar_scrolls(app):
    panel = filled(app)
    press(panel, (AREA.x + 40, AREA.y + 100), (AREA.x + 40, AREA.y + 250))
    assert panel.offset == 150  # the text follows the pointer down: older lines come into view
    drawn(app, panel)
    bar = panel.bar
    assert bar.h and bar.bottom < AREA.bottom
    press(panel, bar.center, (bar.centerx, bar.centery + 60))
    assert panel.offset < 150  # the bar dragged down: newer lines


def test_new_lines_while_reading_back_keep_the_view_and_show_a_marker(app):
    panel = filled(app)
    panel.handle(wheel(3), AREA.center, 20)
    drawn(app, panel)
    shown = panel.row_at((AREA.x + 20, AREA.centery))
    for n in range(3):
        panel.write(f"New line {n}")
    drawn(app, panel)
    assert panel.row_at((AREA.x + 20, AREA.centery)) == shown and panel.unseen == 3
    assert panel.marker.w and AREA.contains(panel.marker)
    press(panel, panel.marker.center, panel.marker.center)
    assert panel.offset == 0 and panel.unseen == 0
    drawn(app, panel)
    assert not panel.marker.w
    panel.write("Newest")  # following: no marker, the view stays at the bottom
    drawn(app, panel)
    assert panel.offset == 0 and not panel.unseen


def test_steps_fold_under_their_line_and_a_click_opens_them(app):
    panel = LogPanel()
    panel.write(LogLine("Boris sows pit 3: 3 beads.", Chapter(HAND, "Sowing")))
    for n in range(3):
        panel.write(LogLine(f"A bead goes into pit {4 + n}.", step=True))
    panel.write("Ann to move.")
    assert [entry.text for entry in panel.entries] == ["Sowing", "Boris sows pit 3: 3 beads.", "Ann to move."]
    fold = panel.entries[1]
    assert len(fold.steps) == 3 and not fold.open
    drawn(app, panel)
    texts = [row.text for row in panel.rows(panel._width, app.layout)]
    assert not any("bead goes" in text for text in texts)
    row = next(row for row in panel._rows if row.entry is fold)
    y = AREA.y + panel._top_of(fold) - panel._first_y() + 4
    press(panel, (AREA.x + 30, y), (AREA.x + 30, y))
    assert fold.open
    drawn(app, panel)
    texts = [row.text for row in panel.rows(panel._width, app.layout)]
    assert texts.index(row.text) < texts.index("A bead goes into pit 4.") < texts.index("Ann to move.")
    press(panel, (AREA.x + 30, y), (AREA.x + 30, y))
    assert not fold.open


def test_a_live_log_keeps_its_newest_entries_and_a_replay_keeps_all(app):
    panel = LogPanel()
    for n in range(LOG_LINES + 50):
        panel.write(LogLine(f"Line {n} " * (n % 4 * 5), Chapter(TRICK, f"Trick {n}") if n % 10 == 0 else None))
        if n % 7 == 0:
            drawn(app, panel)  # laid out between lines: the rows of the oldest are dropped with them
    assert len(panel.entries) == LOG_LINES and panel.entries[-1].text.startswith(f"Line {LOG_LINES + 49}")
    drawn(app, panel)
    fresh = LogPanel()
    fresh.entries = list(panel.entries)
    drawn(app, fresh)
    assert panel._rows == fresh._rows and panel._tops == fresh._tops and panel._total == fresh._total
    whole = LogPanel(limit=None)
    for n in range(LOG_LINES + 50):
        whole.write(f"Line {n}")
    assert len(whole.entries) == LOG_LINES + 50


def _table(app: App, game: str, players: int) -> TableScene:
    spec = get(game)
    seats = ("normal",) * players
    params = dict(load_variant(spec, "standard").params)
    table = table_class(spec)(app, MatchSetup(game, "standard", params, seats, default_names(seats), 5))
    table.session.autosave = False
    app.push(table)
    run(app)
    return table


def post(app: App, *events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)
    run(app)


def test_a_table_scrolls_its_log_by_wheel_keys_and_drag(app):
    table = _table(app, "reapers", 4)
    table.play_instantly(40)
    release = threading.Event()
    hold_agents(table.agents, release)  # nobody moves on while the test reads
    run(app)
    panel, log = table.log_feed.panel, table.log_rect()
    inside = (log.centerx, log.bottom - 100)
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=inside, rel=(0, 0), buttons=(0, 0, 0)), wheel(2))
    assert panel.offset > 0
    post(app, key(pygame.K_END))
    assert panel.offset == 0
    post(app, key(pygame.K_PAGEUP))
    assert panel.offset > 0
    post(app, key(pygame.K_END),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(inside[0], inside[1] - 200), button=1),
         pygame.event.Event(pygame.MOUSEMOTION, pos=inside, rel=(0, 200), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=inside, button=1))
    assert panel.offset == 200
    headings = [entry.text for entry in panel.entries if entry.level == HAND]
    assert headings and headings[-1].startswith("Hand")
    release.set()


def test_a_spectral_sowing_is_one_line_that_opens_on_a_click(app):
    table = _table(app, "spectral-reapers", 3)
    table.play_instantly(8)
    release = threading.Event()
    hold_agents(table.agents, release)
    run(app)
    panel = table.log_feed.panel
    folds = [entry for entry in panel.entries if entry.steps]
    assert folds and all(" sows pit " in entry.text or "left in hand" in entry.text for entry in folds)
    assert not any("goes into pit" in entry.text for entry in panel.entries)
    assert sum(len(entry.steps) for entry in folds) == sum("goes into pit" in line for line in table.log)
    fold = folds[-1]
    y = panel.view.y + panel._top_of(fold) - panel._first_y() + 4
    pos = (panel.view.x + 40, y)
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert fold.open
    shown = [row.text for row in panel.rows(panel._width, app.layout) if row.step]
    assert shown and all(row_text in " ".join(fold.steps) for row_text in shown)
    release.set()


@pytest.mark.parametrize("whole", [False, True])
def test_a_replay_seek_rebuilds_the_whole_log_with_its_headings(app, whole):
    spec = get("reapers")
    table = _table(app, "reapers", 3)
    table.play_instantly(10_000)
    actions = table.record.actions
    moves = len(actions) if whole else 0
    replay = table_class(spec)(app, MatchSetup.from_record(table.record.undone(len(actions))))
    replay.watch(actions)
    replay.seek(moves)
    entries = replay.log_feed.panel.entries
    assert [entry.text for entry in entries if entry.level is None] == replay.log
    assert [entry.text for entry in entries if entry.level == HAND][0].startswith("Hand 1")
    if whole:
        assert len(replay.log) > LOG_LINES == len(table.log) and replay.log[-LOG_LINES:] == table.log
    replay.seek(moves)
    assert len(replay.log_feed.panel.entries) == len(entries)
