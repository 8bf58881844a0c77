"""The Trick or Treat table scene, headless: a whole AI game through the frame loop with animations on,
a human's card, joker and candy choices by mouse and keys, what a spectator or player may see, speed off,
and the layout from 2 to 8 seats at the smallest and largest window."""

from __future__ import annotations

import pygame
import pytest

from game.core.registry import get
from game.games.trick_or_treat.spec import SPEC
from game.games.trick_or_treat import rules as r
from game.games.trick_or_treat.table import CHIP_SIDE, GLOW_SPREAD, OVER_HAND_Z, TrickOrTreatTable
from game.games.trick_or_treat.view import card_id
from game.scenes.results import ResultsScene
from game.ui.app import App
from game.ui.sprites import CardSprite
from game.variants.loader import load_variant
from tests.app_input import click, key, make_app, open_table, run, run_until






def params(variant: str = "standard", **changes) -> dict:  # noqa: ANN003
    values = dict(load_variant(get("trick-or-treat"), variant).params)
    values.update(changes)
    return values


def table_for(app: App, seats, seed: int = 3, variant: str = "standard", **changes):  # noqa: ANN001, ANN201
    return open_table(app, TrickOrTreatTable, "trick-or-treat", seats, params(variant, **changes), seed, variant)


@pytest.fixture
def stacked(monkeypatch):
    """New games start from the given hands/dealer/supply (the record replays the same stacked game)."""
    def use(**stack):  # noqa: ANN003
        def stacked_game(params, players, seed, **given):  # noqa: ANN001
            return r.new_game(params, players, seed, **(given or stack))

        monkeypatch.setitem(vars(SPEC), "new_game", stacked_game)

    return use


def shown_pot(table: TrickOrTreatTable) -> list[int]:
    return [sum(1 for k in table.pot_slots if k == kind) for kind in range(len(table.state.config.kinds))]


def hand_label(sprite: CardSprite) -> str:
    text = {"joker-colour": "CJ", "joker-black": "BJ"}.get(sprite.card_id, sprite.card_id)
    return r.play_label(r.parse_card(text))


# ------------------------------------------------------------------------------------------------ games


def test_an_all_ai_game_animates_through_the_frame_loop_to_the_results():
    app = make_app("fast")
    try:
        table = table_for(app, ["random", "easy", "random"], supply_per_player=3)
        seen = {"busy": 0, "flying": 0}

        def watch() -> None:
            seen["busy"] += table.tweens.busy
            seen["flying"] += bool(table.flying)
            assert all(c >= 0 for c in table.hand_counts) and table.supply_count >= 0

        run_until(app, lambda: isinstance(app.top, ResultsScene), limit=4000, dt=0.05, each=watch)
        assert table.state.is_terminal()
        assert seen["busy"] > 50 and seen["flying"] > 10  # the deal, cards and candy really moved
        assert table.seat_candy == [list(c) for c in table.state.candy]
        assert shown_pot(table) == list(table.state.pot)
        rows = app.top.rows
        assert rows[0].startswith(("Jackpots:", "No jackpots")) and len(rows) == 1  # one kind: no rows by kind
        assert any("deals first" in line for line in table.log)  # the opening events are logged too
    finally:
        app.close()


def test_speed_off_leaves_nothing_pending_and_the_display_matches_the_state(app):
    table = table_for(app, ["random", "random", "random", "random"], variant="nasty-candy")
    table.play_instantly(40)
    for _ in range(3):
        table.submit(table.agents[table.state.current_player()].choose(
            table.state.observation(table.state.current_player()), table.state.legal_actions()))
        assert not table.tweens.busy and table.flying == []
        assert table.seat_candy == [list(c) for c in table.state.candy]
        assert shown_pot(table) == list(table.state.pot)
        assert table.supply_count == len(table.state.supply)
        assert table.hand_counts == [len(h) for h in table.state.hands]
    rows = table.result_rows()
    for seat, name in enumerate(table.names):
        held = table.state.candy[seat]
        assert any(row.startswith(f"{name}: {sum(held)} candy") for row in rows[1:])


# ------------------------------------------------------------------------------------------------ human input


def test_a_human_plays_a_card_by_click_and_by_keys(app):
    table = table_for(app, ["human", "random", "random"], seed=5)
    run_until(app, lambda: table.seat_to_play == 0)
    before = len(table.state.hands[0])
    first = table.hand[0]
    click(app, (first.rect.left + 4, first.rect.centery))
    assert table.record.actions[-1] == f"play {hand_label(first)}"
    assert len(table.state.hands[0]) == before - 1
    run_until(app, lambda: table.seat_to_play == 0 and table.state.phase == r.PLAY, limit=4000)
    table.cursor = 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    chosen = table.hand[2]
    key(app, pygame.K_RETURN)
    assert table.record.actions[-1] == f"play {hand_label(chosen)}"
    if table.state.played[0] is not None and not table.state.revealed:  # still face down: shown to its owner only
        assert table.trick[0].card_id == chosen.card_id and not table.trick[0].showing_face()


def test_clicks_off_the_hand_and_keys_out_of_turn_do_nothing(app):
    table = table_for(app, ["human", "random"], seed=5)
    run_until(app, lambda: table.seat_to_play == 0)
    played = len(table.record.actions)
    click(app, (5, 5))
    key(app, pygame.K_PLUS)
    assert len(table.record.actions) == played


@pytest.mark.parametrize("how", ["keys", "click"])
def test_a_human_declares_a_joker(app, stacked, how):
    stacked(hands=[["CJ", "2C"], ["5H", "6H"], ["7D", "8D"]], dealer=0, supply=["candy"] * 12)
    table = table_for(app, ["human", "random", "random"])
    assert [hand_label(s) for s in table.hand] == ["2", "coloured joker"]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: table.seat_to_play == 0)
    assert table.state.phase == r.DECLARE
    buttons = table._buttons()
    assert [value for _, value, legal in buttons if legal] == [0, 1]
    if how == "keys":
        key(app, pygame.K_PLUS)
        assert table.record.actions[-1] == "declare high"
    else:
        click(app, buttons[0][0].center)
        assert table.record.actions[-1] == "declare low"
    assert table.state.phase == r.PLAY


@pytest.mark.parametrize("how", ["button", "keys", "pot"])
def test_a_human_chooses_a_candy_from_the_pot(app, stacked, how):
    stacked(hands=[["3C", "9C"], ["KH", "AH"], ["2D", "4D"]], dealer=0,
            supply=["candy", "warhead"] + ["candy corn"] * 10)
    table = table_for(app, ["human", "random", "random"], variant="nasty-candy")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # the 9: second highest after the other's Ace or King
    run_until(app, lambda: table.seat_to_play == 0)
    assert table.state.phase == r.PICK
    kinds = table.state.config.kinds
    buttons = table._buttons()
    legal = [kinds[value] for _, value, ok in buttons if ok]
    assert legal == ["candy", "warhead"]  # only what the pot holds
    if how == "button":
        corn = next(rect for rect, value, _ in buttons if kinds[value] == "candy corn")
        click(app, corn.center)  # dimmed: not in the pot
        assert table.state.phase == r.PICK
        click(app, next(rect for rect, value, _ in buttons if kinds[value] == "warhead").center)
        expected = "warhead"
    elif how == "keys":
        table.choice = -1
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
        expected = "candy"
    else:
        index = table.pot_slots.index(kinds.index("candy"))
        x, y = table._slot_pos(index)
        click(app, (round(x), round(y)))
        expected = "candy"
    assert table.record.actions[-1] == f"take {expected}"
    assert table.state.candy[0][kinds.index(expected)] == 1


def test_the_pot_explains_its_value(app, stacked):
    stacked(hands=[["3C", "9C"], ["KH", "AH"], ["2D", "4D"]], dealer=0,
            supply=["candy", "warhead"] + ["candy corn"] * 10)
    table = table_for(app, ["human", "random", "random"], variant="nasty-candy")
    run(app)
    x, y = table.geo.pot
    tip = table.tips.at((x, y + table.geo.pot_radius + table.layout.px(8)))  # the bowl's rim, clear of candy
    assert tip is not None and "The pot: 2 candy, worth -1" in tip.text
    assert "1 candy (+1 each)" in tip.text and "1 warhead (-2 each)" in tip.text


# ------------------------------------------------------------------------------------------------ hidden facts


def visible_ids(table: TrickOrTreatTable) -> set[str]:
    return {s.card_id for s in table.sprites() if isinstance(s, CardSprite) and s.card_id is not None}


def test_a_spectator_never_gets_a_hidden_card_in_a_sprite():
    app = make_app("normal")
    try:
        table = table_for(app, ["random"] * 4, seed=11)
        checked = {"frames": 0}

        def check() -> None:
            state = table.state
            if state.deal_number != 1:
                return
            hidden = {card_id(r.card_text(c)) for hand in state.hands for c in hand}
            hidden |= {card_id(r.card_text(c)) for c in state.out_of_play}
            if not state.revealed:
                hidden |= {card_id(r.card_text(c)) for c in state.played if c is not None}
            assert not visible_ids(table) & hidden
            assert table.hand == []
            checked["frames"] += 1

        run_until(app, lambda: checked["frames"] >= 300 or table.state.deal_number > 1, limit=3000, dt=0.05,
                  each=check)
        assert checked["frames"] >= 300 and table.state.trick_number >= 2
    finally:
        app.close()


def test_a_player_sees_only_their_own_hand_and_card(app):
    table = table_for(app, ["human", "random", "random", "random"], seed=7)
    run_until(app, lambda: table.seat_to_play == 0)
    own = {card_id(r.card_text(c)) for c in table.state.hands[0]}
    others = {card_id(r.card_text(c)) for seat in (1, 2, 3) for c in table.state.hands[seat]}
    assert {s.card_id for s in table.hand} == own
    assert not visible_ids(table) & others
    for seat, sprite in table.trick.items():
        assert sprite.card_id is None or table.state.revealed or seat == 0


def test_hot_seat_hands_the_screen_over_after_the_deal_animation():
    from game.scenes.handoff import HandoffScene

    app = make_app("normal")
    try:
        table = table_for(app, ["human", "human"], seed=2)
        assert table.tweens.busy and table.hand == []  # the opening deal, seen by nobody in particular
        run_until(app, lambda: isinstance(app.top, HandoffScene), dt=0.05)
        seat = table.state.current_player()
        click(app, (640, 360))
        assert table.viewer == seat and table.seat_to_play == seat
        assert {s.card_id for s in table.hand} == {card_id(r.card_text(c)) for c in table.state.hands[seat]}
    finally:
        app.close()


def test_hot_seat_build_shows_only_the_viewers_hand(app):
    table = table_for(app, ["human", "human"], seed=2)
    assert table.viewer is None and table.hand == []
    table.viewer = 1
    table.build()
    assert {s.card_id for s in table.hand} == {card_id(r.card_text(c)) for c in table.state.hands[1]}
    assert not visible_ids(table) & {card_id(r.card_text(c)) for c in table.state.hands[0]}


# ------------------------------------------------------------------------------------------------ layout


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
@pytest.mark.parametrize("players", [2, 5, 8])
@pytest.mark.parametrize("human", [False, True])
def test_seats_cards_and_pot_fit_without_overlapping(size, players, human):
    app = make_app(size=size)
    try:
        seats = (["human"] if human else []) + ["random"] * (players - human)
        table = table_for(app, seats, seed=1)
        geo, area = table.geo, table.table_rect()
        badges = []
        for seat, point in enumerate(geo.stations):
            plate = pygame.Rect(0, 0, *geo.badge)
            plate.center = point
            assert area.contains(plate), (seat, plate)
            badges.append(plate)
        cards = []
        for point in geo.trick:
            card = pygame.Rect(0, 0, *geo.card)
            card.center = point
            cards.append(card)
        pot = pygame.Rect(0, 0, 2 * geo.pot_radius, 2 * geo.pot_radius)
        pot.center = geo.pot
        things = badges + cards + [pot] + ([geo.hand] if geo.hand is not None else [])
        for i, a in enumerate(things):
            for b in things[i + 1:]:
                assert not a.colliderect(b), (a, b)
    finally:
        app.close()


# ------------------------------------------------------------------------------------------------ the felt and motion


def watch_table(app: App, table: TrickOrTreatTable, done, limit: int = 3000) -> dict:  # noqa: ANN001
    """Run frames until ``done()``, noting the effects shown, the lit and tied cards, the tally's jokers and
    whether a trick card was drawn over the hand."""
    seen: dict = {"flourishes": set(), "lit": set(), "tied": set(), "over_hand": False, "jokers": set()}

    def note() -> None:
        seen["flourishes"] |= {effect.kind for effect in table.flourishes}
        seen["lit"] |= set(table.glows) - table.tie_lights
        seen["tied"] |= set(table.tie_lights)
        seen["over_hand"] |= any(card.z >= OVER_HAND_Z for card in table.trick.values())
        seen["jokers"].add(table.jokers_seen)

    run_until(app, done, limit=limit, dt=1 / 60, each=note)
    return seen


def events_of(table: TrickOrTreatTable) -> list:
    return [event for step in table.record.replay_steps() for event in step.events]


def settled_after_trick(table: TrickOrTreatTable, trick: int):  # noqa: ANN201
    return lambda: (table.state.trick_number > trick or table.state.is_terminal()) and not table.tweens.busy


def test_a_dealers_jackpot_bursts_over_the_pot_and_lights_the_dealers_card(stacked):
    stacked(hands=[["5C"], ["5H"]], dealer=0, supply=["candy"] * 12)
    app = make_app("normal")
    try:
        table = table_for(app, ["random", "random"])
        seen = watch_table(app, table, settled_after_trick(table, 1))
        assert any(isinstance(event, r.Jackpot) for event in events_of(table))  # the dealer tied for the top
        assert "jackpot" in seen["flourishes"] and 0 in seen["lit"]
        assert table.jackpots == 1
    finally:
        app.close()


def test_a_joker_turning_up_whirls_and_the_tally_marks_it_out(stacked):
    stacked(hands=[["CJ"], ["5H"], ["7D"]], dealer=0, supply=["candy"] * 12)
    app = make_app("normal")
    try:
        table = table_for(app, ["random", "random", "random"])
        assert table.jokers_seen == (False, False)
        seen = watch_table(app, table, settled_after_trick(table, 1))
        assert "joker" in seen["flourishes"] and "jackpot" not in seen["flourishes"]
        assert (True, False) in seen["jokers"]
    finally:
        app.close()


def test_the_winners_card_is_lit_and_tied_cards_marked_and_a_played_card_leaves_over_the_hand(stacked):
    stacked(hands=[["4C", "KC"], ["4H", "2H"], ["9D", "3D"]], dealer=1, supply=["candy"] * 12)
    app = make_app("normal")
    try:
        table = table_for(app, ["human", "random", "random"])
        run_until(app, lambda: table.seat_to_play == 0)
        table.cursor = 0
        key(app, pygame.K_RETURN)
        seen = watch_table(app, table, lambda: not table.tweens.busy and (table.seat_to_play == 0 or
                                                                          table.state.trick_number > 1))
        assert seen["over_hand"]
        events = events_of(table)
        tied = {seat for event in events if isinstance(event, r.TiesFound) for seat in event.seats}
        won = {event.seat for event in events if isinstance(event, r.TrickWon)}
        assert tied <= seen["tied"] and won <= seen["lit"] and tied | won
    finally:
        app.close()


def test_speed_off_settles_every_effect_and_a_won_trick_shows_its_light(app, stacked):
    stacked(hands=[["3C", "9C"], ["KH", "AH"], ["2D", "4D"]], dealer=0,
            supply=["candy", "warhead"] + ["candy corn"] * 10)
    table = table_for(app, ["human", "random", "random"], variant="nasty-candy")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # the 9: seat 1's King or Ace wins, the 9 picks first
    run_until(app, lambda: table.seat_to_play == 0)
    assert table.state.phase == r.PICK and not table.tweens.busy and table.flourishes == []
    assert set(table.glows) == {1} and not table.tie_lights
    card, spread = table.trick[1].rect, table.layout.px(GLOW_SPREAD)
    tip = table.tips.at((card.left - spread // 2, card.centery))
    assert tip is not None and "lit" in tip.text


def test_the_felt_explains_each_seats_place_the_tally_and_the_shared_dealer_chip(app):
    table = table_for(app, ["human", "random", "random", "random"], seed=4)
    run(app)
    for seat, point in enumerate(table.geo.trick):
        if seat not in table.trick:
            tip = table.tips.at(point)
            assert tip is not None and table.names[seat] in tip.text
    x, y = table.geo.tally
    tip = table.tips.at((x + table.layout.px(4), y + table.layout.px(4)))
    assert tip is not None and "jokers" in tip.text.lower()
    side = table.layout.px(CHIP_SIDE)
    assert table.chip.image().get_size() == (side, side)
    tip = table.tips.at(table.chip.rect.center)
    assert tip is not None and tip.text.startswith("D:")
