"""How the Reapers table looks and moves: seat plates with their tokens and the dealer's chip, draft piles fanned
so every card reads, the trick in front of the seats that played it, and the moments that move (a won trick
gathering before its winner, a Reaper's raid, the win)."""

from __future__ import annotations

import pygame
import pytest

import game.games  # noqa: F401  (registers every game)
import game.ui.table as table_module
from game.core.contracts import Event, Step
from game.games.reapers import rules as r
from game.games.reapers.table import GATHER_STEP, ReapersTable
from game.games.reapers.view import Card
from game.ui.app import App
from tests.app_input import make_app
from tests.reapers.test_table import open_table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def play_until(table: ReapersTable, wanted: type, moves: int = 400) -> tuple[list[Event], list[Card]]:
    """AI moves (animations skipped between them) until one yields a ``wanted`` event: that move's events and
    the cards of the trick it played into (the list a played card joins before a won trick is collected)."""
    for _ in range(moves):
        table.tweens.skip()
        if table.hand_end.up is not None:
            table.dismiss_breakdown()
            table.tweens.skip()
        seat = table.state.current_player()
        action = table.agents[seat].choose(table.state.observation(seat), table.state.legal_actions())
        trick = table.trick_cards
        events = table.submit(action)
        if any(isinstance(e, wanted) for e in events):
            return events, [card for _, card in trick]
    raise AssertionError(f"no {wanted.__name__} in {moves} moves")


def ai_table(app: App, players: int, seed: int) -> ReapersTable:
    return open_table(app, ("random",) * players, seed=seed)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_seat_plate_carries_its_token_and_the_dealer_its_chip(app, monkeypatch, players):
    tokens: list[int] = []
    chips: list[int] = []
    medallion, dealer_chip = table_module.medallion, table_module.dealer_chip
    monkeypatch.setattr(table_module, "medallion", lambda seat, side, **kw: tokens.append(seat) or
                        medallion(seat, side, **kw))
    monkeypatch.setattr(table_module, "dealer_chip", lambda side: chips.append(side) or dealer_chip(side))
    table = open_table(app, ("human",) + ("random",) * (players - 1))
    table.layer.clear()
    tokens.clear()
    chips.clear()
    app.draw()
    assert sorted(set(tokens)) == list(range(players))
    assert len(chips) == 1 and table.dealer_shown() == table.view.dealer
    assert any(table.view.dealer == seat for seat in range(players))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_card_of_a_draft_pile_shows_its_corner(players, size):
    application = make_app(size=size)
    try:
        table = ai_table(application, players, seed=3)
        assert table.pile_cards
        for cards in table.pile_cards.values():
            for i, card in enumerate(cards):
                rect = card.rect
                corner = pygame.Rect(rect.x, rect.y, round(rect.w * 0.25), round(rect.h * 0.3))
                assert not any(corner.colliderect(later.rect) for later in cards[i + 1:])
                assert table.geo.main.contains(rect)
        assert table.geo.pile_size[1] >= table.layout.px(70)  # readable: no smaller than the old fixed piles
    finally:
        application.close()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_trick_lies_in_front_of_the_seats_that_play_it(app, players):
    table = open_table(app, ("human",) + ("random",) * (players - 1))
    geo = table.geo
    opps = sorted(geo.opps, key=lambda s: geo.panels[s].centerx)
    xs = [geo.trick_pos[s][0] for s in opps]
    assert xs == sorted(xs)  # left to right as the seats sit
    middle = geo.main.centerx
    for seat in opps:
        x, y = geo.trick_pos[seat]
        towards = geo.panels[seat].centerx - middle
        assert (x - middle) * towards >= 0 and abs(x - middle) <= abs(towards)  # between the middle and the seat
        assert y < geo.trick_pos[geo.me][1] and geo.main.collidepoint(x, y)
    width = geo.trick_size[0]
    assert all(b - a > width for a, b in zip(xs, xs[1:]))  # no trick card hides another


def test_a_won_trick_gathers_in_front_of_its_winner_before_it_goes():
    app = make_app("normal")
    try:
        table = ai_table(app, 3, seed=12)
        while True:
            events, trick = play_until(table, r.TrickWon)
            won = next(e for e in events if isinstance(e, r.TrickWon))
            if won.winner is not None:
                break
        assert len(trick) == 3
        front = table.geo.trick_pos[won.winner]
        reach = table.layout.px(GATHER_STEP) * 2
        gathered = False
        for _ in range(600):
            table.tweens.update(1 / 120)
            if all(abs(c.pos[0] - front[0]) <= reach and abs(c.pos[1] - front[1]) <= 2 for c in trick):
                gathered = True
            if not table.tweens.busy:
                break
        assert gathered
    finally:
        app.close()


def test_a_reapers_raid_rings_the_card_it_takes_and_the_win_throws_confetti(monkeypatch):
    app = make_app("normal")
    try:
        table = ai_table(app, 3, seed=4)
        kinds: list[str] = []
        flourish = table.flourish
        monkeypatch.setattr(table, "flourish", lambda kind, *a, **kw: kinds.append(kind) or flourish(kind, *a, **kw))
        for _ in range(20):
            events, _ = play_until(table, r.ReaperTook)
            if any(isinstance(e, r.ReaperTook) and e.card is not None for e in events):
                break
        assert "capture" in kinds
        table.tweens.skip()
        assert not table.flourishes  # an effect ends with its animation
        events = [r.HandScored(6, ("none", "fewest", "second"), (10, 12, 10), (True, False, False), (4, 0, 0),
                               (14, 12, 10), (40, 41, 31)), r.GameOver((1,), (40, 41, 31))]
        table.on_steps([Step(event, table.view_now()) for event in events])
        assert kinds[-1] == "win"
    finally:
        app.close()


def test_reduced_motion_keeps_the_sound_and_drops_the_effect(monkeypatch):
    from dataclasses import replace

    app = make_app("normal")
    try:
        app.settings = replace(app.settings, reduced_motion=True)
        table = ai_table(app, 3, seed=4)
        played: list[str] = []
        monkeypatch.setattr(app.sound, "play", lambda name, *a, **kw: played.append(name))
        for _ in range(20):
            events, _ = play_until(table, r.ReaperTook)
            if any(isinstance(e, r.ReaperTook) and e.card is not None for e in events):
                break
        seen = False
        for _ in range(600):
            table.tweens.update(1 / 60)
            seen = seen or bool(table.flourishes)
            if not table.tweens.busy:
                break
        assert "capture" in played and not seen
    finally:
        app.close()
