"""The Reapers table's messages in step with its cards.

With animations at normal speed and a fake clock, every frame across tricks' ends, a hand's end (its score
table up) and the next hand's deal: the prompt over the centre (the header), the banner over the table, the
newest log line and the memory aid describe the cards on the table, never the state the rules have already
moved on to. And the memory aid agrees with the cards played over whole hands, Reapers on the last trick
included.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import fields

import pygame
import pytest

import game.games  # noqa: F401  (registers every game)
from game.core.settings import Settings
from game.core.setup import MatchSetup
from game.games.reapers import rules as r
from game.games.reapers.rules.cards import REAPER, card_name
from game.games.reapers.table import ReapersTable
from game.games.reapers.view import hands_face_down, unplayed
from game.games.reapers.words import prompt_lines
from game.ui.app import App
from tests.app_input import key, run
from tests.reapers.helpers import STANDARD

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

NAMES = ("Ann", "Boris", "Cleo", "Dmitri", "Edith")
DT = 1 / 60
AT = 1e-6
"""A card rests on its trick place when it is there exactly (a move ends on its target; easing nears it slowly)."""
TRICK_RESULT = re.compile(r"(\w+) wins trick (\d+) and takes|Nothing but Reapers")
PLAYED = re.compile(r"(\w+) (?:leads|plays) the (.+)\.$")
NEXT_HAND = re.compile(r"^(Extra hand|Hand) \d+: \w+ deals\.|is turned up|piles are dealt face up")
HAND_END = re.compile(r"^Hand \d+ scored:|are tied for the lead|^Game over")


class Watch:
    """A table under watch: the header it last drew, and which moments a run went through."""

    def __init__(self, table: ReapersTable) -> None:
        self.table = table
        self.header = ("", "")
        self.seen: set[str] = set()
        drawn = table.look.draw_prompt

        def draw_prompt(surface: pygame.Surface, obs: r.ReapersObservation, deciding: bool) -> None:
            self.header = prompt_lines(obs, table.names, deciding)
            drawn(surface, obs, deciding)

        table.look.draw_prompt = draw_prompt  # type: ignore[method-assign]


def open_table(app: App, players: int, seed: int, seats: tuple[str, ...] | None = None) -> Watch:
    seats = seats or ("human",) + ("random",) * (players - 1)
    table = ReapersTable(app, MatchSetup("reapers", "standard", dict(STANDARD), seats, NAMES[:players], seed))
    table.session.autosave = False
    watch = Watch(table)
    app.push(table)
    run(app)
    return watch


def on_table(table: ReapersTable) -> set[tuple[int, str]]:
    """The cards resting on a trick place, read from the sprites (not from any view)."""
    geo = table.geo
    assert geo is not None
    out = set()
    for sprite in table.sprites:
        if sprite.visible and sprite.alpha > 0 and sprite.code is not None:
            for seat, (x, y) in geo.trick_pos.items():
                if abs(sprite.pos[0] - x) < AT and abs(sprite.pos[1] - y) < AT:
                    out.add((seat, sprite.code))
    return out


def check_frame(watch: Watch) -> None:
    """Everything the table says describes the cards it shows, this frame."""
    table = watch.table
    view = table.view
    assert view is not None
    players = table.state.num_players
    cards = on_table(table)
    trick = set(view.trick)
    head, detail = watch.header
    newest = table.log[-1]
    banner = table.flash_text if table.flash_left > 0 else ""
    overlay = table.hand_end.up is not None and not table.tweens.busy

    # the header's trick is the one on the table
    assert cards <= trick, (cards, view.trick, head)
    collecting = len(view.trick) == players and TRICK_RESULT.search(banner) is not None
    if not collecting:
        assert cards == trick, (cards, view.trick, head, newest)
    if view.phase == r.PLAY and len(cards) == players:
        assert head == f"Trick {view.tricks_done + 1} is complete", head
        watch.seen.add("trick complete")
    won = TRICK_RESULT.search(newest)
    if view.phase == r.PLAY and won and won.group(2) and not cards and not overlay:
        number = int(won.group(2))
        if view.tricks_done == number and any(view.hands):  # between tricks: the winner leads the next
            assert f"trick {number + 1}" in detail and view.to_move == table.names.index(won.group(1)), \
                (head, detail, newest)
            watch.seen.add("between tricks")

    # the status line under the table says the same while the cards move
    if table.tweens.busy:
        assert table.status_text() == head, (table.status_text(), head)

    # the banner never tells of a trick that has left the table while another is played
    if banner and TRICK_RESULT.search(banner):
        assert not cards or len(view.trick) == players, (banner, cards)
        if len(view.trick) == players:
            watch.seen.add("result over its trick")
    if view.trick and len(view.trick) < players and cards:
        assert not TRICK_RESULT.search(banner), (banner, view.trick)
        watch.seen.add("next trick under way")

    # the newest log line is what the table shows (written as its animation ends, never before)
    played = PLAYED.search(newest)
    if played and table.hand_end.up is None:
        seat = table.names.index(played.group(1))
        shown = (seat, next(c for c in table.state.rules.deck if card_name(c) == played.group(2)))
        assert shown in view.trick, (newest, view.trick, view.to_move)
    if won and won.group(2):
        assert view.tricks_done == int(won.group(2)), (newest, view.tricks_done)
    if HAND_END.search(newest):
        assert not view.trick and not any(view.hands), newest
    if NEXT_HAND.search(newest):
        assert table.hand_end.up is None and view.phase == r.DRAFT, newest
        watch.seen.add("next hand dealt")

    # under the score table: the played-out hand, the log at its end, nobody holding anything
    if overlay:
        assert head.endswith("is played out") and not cards, head
        assert HAND_END.search(newest) and not any(NEXT_HAND.search(line) for line in table.log[-3:]), newest
        if view.seat is not None:
            assert [unplayed(view, seat) for seat in range(players)] == [[]] * players
        watch.seen.add("score table")

    # at rest, the view is the state's and the memory aid is what each seat holds
    if not table.tweens.busy and table.hand_end.up is None:
        assert view == table.view_now()
        if view.seat is not None and view.phase == r.PLAY:
            for seat in range(players):
                assert Counter(unplayed(view, seat)) == Counter(table.state.hands[seat])


def play_through(watch: Watch, app: App) -> None:
    """Frames at normal speed from the table's opening to the first pile of the second hand, checking each;
    the human (seat 0) plays its first choice, and reads the score table for a second before going on.

    A step that ends exactly on a frame passes its leftover time (none) on at the next frame, so a message
    may trail its card by one frame (16 ms); two frames out of step in a row fail."""
    table = watch.table
    late: AssertionError | None = None
    for _ in range(20000):
        if table.seat_to_play == 0 and table.hand_end.up is None:
            key(app, pygame.K_RETURN, frames=0)
        if table.hand_end.up is not None and table.hand_end.up.shown_for > 1.0 and table.humans:
            key(app, pygame.K_RETURN, frames=0)
        run(app, 1, DT)
        if table.state.phase == r.PLAY or table.hand_end.up is not None or table.state.hands_played:
            try:
                check_frame(watch)
                late = None
            except AssertionError as error:
                if late is not None:
                    raise late
                late = error
        view = table.view
        if table.state.hands_played and table.hand_end.up is None and view and view.hand == 2 and view.picks_made:
            return
    raise AssertionError("the second hand never started")


@pytest.mark.parametrize("players, seed", [(3, 6), (5, 21)])
def test_header_banner_log_and_memory_aid_describe_the_cards_on_the_table(players, seed):
    """Seeds whose first hand ends with an opponent's Reaper in the last trick (the aid once kept it)."""
    app = App(Settings(animation_speed="normal", ai_pause_ms=100, memory_aid=True), size=(1280, 720))
    try:
        watch = open_table(app, players, seed)
        play_through(watch, app)
        assert watch.seen >= {"trick complete", "result over its trick", "between tricks", "next trick under way",
                              "score table", "next hand dealt"}, watch.seen
    finally:
        app.close()


def test_a_spectator_table_keeps_its_messages_in_step():
    app = App(Settings(animation_speed="normal", ai_pause_ms=100), size=(1280, 720))
    try:
        watch = open_table(app, 3, 23, seats=("random",) * 3)
        play_through(watch, app)
        assert {"trick complete", "score table", "next hand dealt"} <= watch.seen
    finally:
        app.close()


def test_the_next_hands_lines_wait_for_its_deal():
    """The last card of a hand scores it and deals the next at once; the score table shows first, and the
    new hand's lines (dealer, trump, piles) are logged when its piles are dealt on screen."""
    app = App(Settings(animation_speed="normal", ai_pause_ms=0), size=(1280, 720))
    try:
        table = open_table(app, 3, 6, seats=("random",) * 3).table
        while table.state.phase != r.PLAY or sum(map(len, table.state.hands)) > 1:
            table.play_instantly(1)  # all but the hand's last card
        run(app, 1, DT)  # the last card is played
        while table.tweens.busy or table.hand_end.up is None:
            run(app, 1, DT)
        scored = next(i for i, line in enumerate(table.log) if line.startswith("Hand 1 scored"))
        assert not any(NEXT_HAND.search(line) for line in table.log[scored:])
        assert table.state.phase == r.DRAFT and table.state.hands_played == 1  # the rules dealt on already
        key(app, pygame.K_RETURN)
        run(app, 1, DT)
        assert not any(NEXT_HAND.search(line) for line in table.log[scored:]), "written once the piles are down"
        while table.tweens.busy:
            run(app, 1, DT)
        assert [bool(NEXT_HAND.search(line)) for line in table.log[-3:]] == [True, True, True]
        assert table.log[-4].startswith("Hand 1 scored")
    finally:
        app.close()


# --- the view stepped through events agrees with the rules --------------------------------------------------
def viewed(state: r.ReapersState, seat: int | None) -> r.ReapersObservation:
    obs = state.observation(seat)
    return obs if seat is not None else hands_face_down(obs)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_stepped_view_is_the_rules_view_after_every_action(players):
    """An action's steps are its events as the seat sees them, and the last one's view is the observation the
    rules give after it (the table draws from the one while animating, from the other at rest)."""
    for seed in range(4):
        state = r.new_game(STANDARD, players, seed)
        rng = random.Random(seed)
        while not state.is_terminal() and state.hands_played < 2:
            action = rng.choice(state.legal_actions())
            stepped = {}
            for seat in (0, None):
                trial = state.clone()
                stepped[seat] = trial.apply_steps(action, seat)
            events = state.apply(action)
            if any(isinstance(e, r.HandStarted) for e in events):
                continue  # a new hand is built from the state, not stepped
            for seat, (seen, steps) in stepped.items():
                assert seen == events and [step.event for step in steps] == [e.seen_by(seat) for e in events]
                last = steps[-1].view
                shown = last if seat is not None else hands_face_down(last)
                now = viewed(state, seat)
                differ = [f.name for f in fields(now) if getattr(now, f.name) != getattr(shown, f.name)]
                assert differ in ([], ["stats"])  # the rules' telling figures are not drawn at the table


@pytest.mark.parametrize("players", [3, 4, 5])
def test_memory_aid_agrees_with_the_cards_played_over_whole_hands(players):
    """Each seat's aid (drafted, not yet played) after every event equals its drafted cards less the cards
    the events show it playing, and is empty once the hand's last trick is won, Reapers included."""
    reaper_last = 0
    for seed in range(12):
        state = r.new_game(STANDARD, players, seed)
        rng = random.Random(seed)
        shown = viewed(state, 0)
        drafted: list[Counter[str]] = [Counter() for _ in range(players)]
        played: list[Counter[str]] = [Counter() for _ in range(players)]
        while not state.is_terminal() and state.hands_played < 2:
            trick = list(state.trick)
            events, steps = state.apply_steps(rng.choice(state.legal_actions()), 0)
            for step in steps:
                event = step.event
                if isinstance(event, r.HandStarted):
                    break
                shown = step.view
                if isinstance(event, r.PileTaken):
                    drafted[event.seat].update(event.cards)
                elif isinstance(event, r.CardPlayed):
                    played[event.seat][event.card] += 1
                    trick.append((event.seat, event.card))
                for seat in range(players):
                    assert Counter(unplayed(shown, seat)) == drafted[seat] - played[seat]
                if isinstance(event, r.HandScored):
                    assert all(unplayed(shown, seat) == [] for seat in range(players))
                    reaper_last += any(card == REAPER for _, card in trick)
            if any(isinstance(e, r.HandStarted) for e in events):
                shown = viewed(state, 0)
                drafted = [Counter() for _ in range(players)]
                played = [Counter() for _ in range(players)]
    assert reaper_last >= 2  # the case the aid once got wrong was played


def test_instant_play_past_a_hand_end_keeps_the_log_in_order_and_drops_the_old_banner():
    """Screenshots and benches play many moves at once: a hand's score table is passed by, its held lines
    still come before the next hand's draft, and the last trick's banner does not hang over the new deal."""
    app = App(Settings(animation_speed="normal", ai_pause_ms=0), size=(1280, 720))
    try:
        table = open_table(app, 3, 6, seats=("random",) * 3).table
        table.play_instantly(12 + 3 + 36 + 4)  # the first hand and four picks of the second
        assert table.hand_end.up is None and table.state.hands_played == 1
        scored = next(i for i, line in enumerate(table.log) if line.startswith("Hand 1 scored"))
        after = table.log[scored + 1:scored + 5]
        assert [bool(NEXT_HAND.search(line)) for line in after] == [True, True, True, False], after
        assert "takes the pile" in after[3]
        assert not TRICK_RESULT.search(table.flash_text if table.flash_left > 0 else "")
    finally:
        app.close()
