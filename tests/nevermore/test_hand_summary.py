"""Nevermore's table in step with its rules, headless: the end-of-hand summary (figures counted from the hand's
events, held until a key or a click, the next hand waiting under it), the suit board face up with counts that
agree with the log, the plates' counts animated to what the state holds, and lifted hand cards clear of the
"Your hand" label at every table size."""

from __future__ import annotations

import random

import pygame
import pytest

import game.games  # noqa: F401  (registers every game)
from game.core.contracts import Event, find_action
from game.core.undo import REVEALED
from game.games.nevermore.rules import events as ev
from game.games.nevermore.table import NevermoreTable
from game.games.nevermore.view import RING, HandSummary, shown_from
from game.ui import assets
from game.ui.app import App
from tests.app_input import click, key, make_app, run, run_until
from tests.nevermore.test_table import human_turn, table_for

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def hands_of(table: NevermoreTable) -> dict[int, list[Event]]:
    """Every hand's events, replayed from the table's record."""
    state = table.record.new_state()
    events = list(state.opening_events)
    for text in table.record.actions:
        events += state.apply_legal(find_action(state, text))
    hands: dict[int, list[Event]] = {}
    hand = 1
    for e in events:
        if isinstance(e, ev.HandStarted):
            hand = e.hand
        hands.setdefault(hand, []).append(e)
    return hands


def counted(events: list[Event], players: int) -> list[tuple[int, int, int, int, int, bool, bool, list[int]]]:
    """Per seat: damage, healing, VP, Light and Shadow Magick drawn, became a Raven, returned, Ravens made."""
    rows = []
    for seat in range(players):
        rows.append((sum(e.amount for e in events if isinstance(e, ev.Damaged) and e.target == seat),
                     sum(e.amount for e in events if isinstance(e, ev.Healed) and e.seat == seat),
                     sum(e.amount for e in events if isinstance(e, ev.VPGained) and e.seat == seat),
                     sum(e.count for e in events if isinstance(e, ev.MagickDrawn) and e.seat == seat
                         and e.deck == "light"),
                     sum(e.count for e in events if isinstance(e, ev.MagickDrawn) and e.seat == seat
                         and e.deck == "shadow"),
                     any(isinstance(e, ev.BecameRaven) and e.seat == seat for e in events),
                     any(isinstance(e, ev.ReturnedToHuman) and e.seat == seat for e in events),
                     [e.seat for e in events if isinstance(e, ev.BecameRaven) and e.by == seat != e.seat]))
    return rows


def figures(summary: HandSummary) -> list[tuple[int, int, int, int, int, bool, bool, list[int]]]:
    return [(f.damage, f.healed, f.vp, f.light, f.shadow, f.became_raven, f.returned, f.made) for f in summary.seats]


def play_hands(app: App, table: NevermoreTable, hands: int, rng: random.Random, dismiss=None):  # noqa: ANN001, ANN201
    """Let the human (seat 0) play at random until ``hands`` summaries were shown (or the game ended); each
    summary is checked while up, then ``dismiss(app, table)``-ed. The summaries seen, in order."""
    seen: list[HandSummary] = []
    for _ in range(40000):
        if table.state.is_terminal() and table.hand_end.up is None or len(seen) >= hands:
            break
        end = table.hand_end.up
        if end is not None and not table.tweens.busy:
            if not seen or seen[-1] is not end.content.summary:
                seen.append(end.content.summary)
                held_at, shown_hand = len(table.record.actions), table.shown.hand_no
                log = list(table.log)
                run(app, 40)  # the table waits under the summary: no move, no deal, no new log line
                assert table.hand_end.up is end and not table.tweens.busy and table.seat_to_play is None
                assert len(table.record.actions) == held_at and table.shown.hand_no == shown_hand
                assert table.log == log and not any(line.startswith(f"Hand {end.content.summary.hand + 1}:")
                                                    for line in table.log)
                (dismiss or dismiss_by_key)(app, table)
                assert table.hand_end.up is None
            continue
        if table.seat_to_play is not None:
            legal = table.state.legal_actions()
            table.submit(legal[rng.randrange(len(legal))])
        run(app)
    return seen


def dismiss_by_key(app: App, table: NevermoreTable) -> None:
    key(app, pygame.K_RETURN)


def dismiss_by_click(app: App, table: NevermoreTable) -> None:
    click(app, table.table_rect().center)


# ------------------------------------------------------------------------------------------------ the summary


@pytest.mark.parametrize("players,seed", [(3, 1), (3, 4), (6, 2), (6, 7)])
def test_each_hands_summary_counts_its_events(players, seed):
    app = make_app("off")
    try:
        table = table_for(app, ["human"] + ["random"] * (players - 1), seed=seed)
        seen = play_hands(app, table, 3, random.Random(seed))
        assert seen
        hands = hands_of(table)
        for summary in seen:
            assert figures(summary) == counted(hands[summary.hand], players), f"hand {summary.hand}"
        assert any(f.damage or f.vp or f.healed for s in seen for f in s.seats)
    finally:
        app.close()


def test_the_summary_waits_for_a_key_or_a_click_and_the_next_hand_animates_after():
    app = make_app("fast")
    try:
        table = table_for(app, ["human", "random", "random"], seed=3)
        rng = random.Random(3)
        moves = []

        def by_key_then_watch(app: App, table: NevermoreTable) -> None:
            dismiss_by_key(app, table)
            moves.append(table.tweens.busy)  # the next hand's deal starts only now

        def by_click_then_watch(app: App, table: NevermoreTable) -> None:
            dismiss_by_click(app, table)
            moves.append(table.tweens.busy)

        assert len(play_hands(app, table, 1, rng, by_key_then_watch)) == 1
        assert len(play_hands(app, table, 1, rng, by_click_then_watch)) == 1
        assert moves == [True, True]
        run_until(app, lambda: any(line.startswith("Hand 3:") for line in table.log), limit=600)
    finally:
        app.close()


def test_a_press_at_once_is_not_taken_for_reading_the_summary():
    app = make_app("off")
    try:
        table = table_for(app, ["human", "random", "random"], seed=5)
        rng = random.Random(5)

        def move() -> None:
            if table.seat_to_play is not None:
                table.submit(rng.choice(table.state.legal_actions()))

        run_until(app, lambda: table.hand_end.up is not None, limit=20000, each=move)
        key(app, pygame.K_RETURN)  # meant for the hand's last move
        assert table.hand_end.up is not None
        run(app, 30)
        key(app, pygame.K_RETURN)
        assert table.hand_end.up is None
    finally:
        app.close()


def test_a_table_of_ais_reads_the_summary_by_itself():
    app = make_app("fast")
    try:
        table = table_for(app, ["random"] * 3, seed=2)
        run_until(app, lambda: table.hand_end.up is not None, limit=20000, dt=0.05)
        run_until(app, lambda: table.hand_end.up is None, limit=400, dt=0.05)
    finally:
        app.close()


# ------------------------------------------------------------------------------------------------ in step


def test_the_suit_board_shows_faces_and_counts_that_agree_with_the_log(monkeypatch):
    app = make_app("normal")
    try:
        table = table_for(app, ["human", "random", "random", "random"], seed=3)
        rng = random.Random(3)
        backs: list[str] = []
        original = assets.card_back

        def spy(deck, size):  # noqa: ANN001
            backs.append(deck)
            return original(deck, size)

        checked = {"frames": 0}

        def watch() -> None:
            if table.seat_to_play is not None:
                table.submit(rng.choice(table.state.legal_actions()))
            if table.hand_end.up is not None and not table.tweens.busy:
                table.dismiss_hand_end()
            board = table.shown.board if table.shown is not None else None
            if board is None:
                return
            monkeypatch.setattr(assets, "card_back", spy)
            table.painter().board(pygame.Surface(app.screen.get_size()), table.board_landed)
            monkeypatch.setattr(assets, "card_back", original)
            assert not backs, "the suit board shows a card back"
            line = next(text for text in reversed(table.log) if text.startswith(f"{board.suit.capitalize()}:"))
            landed = table.board_landed or [len(p) for p in board.played]
            for seat, cards in enumerate(board.played):
                assert landed[seat] <= len(cards)
                if cards and landed[seat] == len(cards):  # its count is shown: the log's
                    assert f"{table.names[seat]} {board.counts[seat]}" in line
            checked["frames"] += 1

        run_until(app, lambda: table.state.hand_no > 2 or table.state.is_terminal(), limit=30000, each=watch)
        assert checked["frames"] > 100
    finally:
        app.close()


@pytest.mark.parametrize("players", [3, 5])
def test_the_plates_and_piles_animate_to_what_the_state_holds(players):
    app = make_app("fast")
    try:
        table = table_for(app, ["human"] + ["random"] * (players - 1), seed=players)
        rng = random.Random(players)
        fields = ("hand_sizes", "magick_counts", "health", "vp", "raven", "deck", "discard", "ldeck", "sdeck")
        compared = {"batches": 0}
        build = table.build

        def checked_build() -> None:
            shown = table.shown
            if shown is not None and table.tweens.busy and table.hand_end.up is None:  # a batch's animations end
                now = shown_from(table.observation())
                for name in fields:
                    assert getattr(shown, name) == getattr(now, name), (name, table.log[-3:])
                compared["batches"] += 1
            build()

        table.build = checked_build

        def watch() -> None:
            if table.seat_to_play is not None:
                table.submit(rng.choice(table.state.legal_actions()))
            if table.hand_end.up is not None and not table.tweens.busy:
                table.dismiss_hand_end()

        run_until(app, lambda: table.state.hand_no > 3 or table.state.is_terminal(), limit=40000, each=watch)
        assert compared["batches"] > 20
    finally:
        app.close()


# ------------------------------------------------------------------------------------------------ layout

SIZES = [(1280, 720), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_lifted_hand_cards_never_cover_the_hand_label(players, size):
    app = make_app(size=size)
    try:
        table = table_for(app, ["human"] + ["random"] * (players - 1), seed=players, variant="no-magick")
        run_until(app, human_turn(table, "pass"))
        geo = table.geo
        ring = 2 * table.layout.px(RING)
        table.selection = set(range(len(table.hand_cards)))  # every card lifted at once
        table.layout_hand()
        app.draw()
        for card in table.hand_cards:
            assert card.pos[1] < card.home[1]  # lifted
            assert not card.rect.inflate(ring, ring).colliderect(geo.hand_label)
        prompt, _ = table.prompt_layout()
        assert prompt is not None and not prompt.colliderect(geo.hand_label)
        for count in range(1, 9):  # however many cards the hand holds
            for x, y in geo.hand_positions(count):
                lifted = pygame.Rect(0, 0, *geo.hand_size)
                lifted.center = (round(x), round(y - geo.hand_lift))
                assert not lifted.inflate(ring, ring).colliderect(geo.hand_label)
                assert not lifted.inflate(ring, ring).colliderect(geo.magick_label)
        assert geo.board.bottom <= geo.caption.y and geo.board_row(players - 1).bottom <= geo.board.bottom
    finally:
        app.close()


# ------------------------------------------------------------------------------------------------ undo, resume


def human_moves(table: NevermoreTable, rng: random.Random, until=lambda: False):  # noqa: ANN001, ANN201
    """A frame hook: the human (seat 0) plays a random legal move whenever asked, unless ``until()``."""
    def move() -> None:
        if table.seat_to_play is not None and not until():
            table.submit(rng.choice(table.state.legal_actions()))
    return move


def test_the_move_that_ended_the_hand_stands_and_its_summary_stays():
    app = make_app("off")
    try:
        table = table_for(app, ["human", "random", "random"], seed=6)
        rng = random.Random(6)
        run_until(app, lambda: table.hand_end.up is not None, limit=20000, each=human_moves(table, rng))
        summary = figures(table.hand_end.up.content.summary)
        assert summary == counted(hands_of(table)[1], 3)
        ended = table.record
        key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # every hand's cards were shown as its suits resolved
        assert app.toasts[-1].text == REVEALED and table.record == ended
        assert table.hand_end.up is not None and figures(table.hand_end.up.content.summary) == summary
    finally:
        app.close()


@pytest.mark.parametrize("seed", [9, 12])
def test_a_game_resumed_mid_hand_sums_up_the_whole_hand(seed):
    app = make_app("off")
    try:
        table = table_for(app, ["human", "random", "random"], seed=seed)
        rng = random.Random(seed)

        def late() -> bool:  # the human is asked after two suits have resolved
            return table.seat_to_play is not None and table.state.revealed >= 2

        move = human_moves(table, rng, late)

        def play() -> None:
            move()
            if table.hand_end.up is not None:  # hands where the human was not asked late: on to the next
                table.dismiss_hand_end()

        run_until(app, late, limit=40000, each=play)
        hand = table.state.hand_no
        assert any(any(row[:5]) for row in counted(hands_of(table)[hand], 3))  # the hand did something already
        app.pop()
        run(app)
        resumed = NevermoreTable(app, table.setup, table.record)
        resumed.session.autosave = False
        app.push(resumed)
        run(app)
        run_until(app, lambda: resumed.hand_end.up is not None, limit=20000, each=human_moves(resumed, rng))
        assert resumed.hand_end.up.content.summary.hand == hand
        assert figures(resumed.hand_end.up.content.summary) == counted(hands_of(resumed)[hand], 3)
    finally:
        app.close()
