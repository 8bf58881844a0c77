"""Game review: each decision of the reviewed seats beside the hard level's choice, with what it cost.

A review must be reproducible for a seed, skip forced moves, never report a negative cost, mark the three
costliest, compare the played move with the best from one search, and stop when asked.
"""

from __future__ import annotations

import dataclasses

import pytest

import game.ai.review as review_module
from game.ai.hints import analyse_decision
from game.ai.review import COSTLIEST, cost_words, review_game, reviewed_seats
from game.core import registry
from game.core.analysis import Analysis, OptionEstimate, Verdict
from game.core.chapters import chapter_titles
from game.core.contracts import find_action
from game.core.match import play_match
from game.core.record import GameRecord
from game.core.registry import HAND, TRICK, Chapter, get
from game.games.trick_or_treat.rules.events import CardPlayed, CardsRevealed, Dealt
from game.variants.loader import load_variant

BUDGET = 20
"""Search iterations a decision: enough to rank options, small enough to keep a review quick."""


def short_game(game: str = "trick-or-treat", players: int = 3, moves: int | None = None, seed: int = 5,
               **params: object) -> GameRecord:
    """A seeded all-``normal`` game with seat 0 recorded as the human, cut to ``moves`` actions."""
    spec = get(game)
    variant = dict(load_variant(spec, "standard").params, **params)
    record = play_match(spec, variant, ["normal"] * players, seed).record
    record = dataclasses.replace(record, seats=("human",) + ("normal",) * (players - 1))
    return record if moves is None else dataclasses.replace(record, actions=record.actions[:moves])


def choices_of(record: GameRecord, seat: int) -> tuple[list[int], list[int]]:
    """The indices of ``seat``'s actions with a choice, and of its forced ones."""
    state = record.new_state()
    choices, forced = [], []
    for index, text in enumerate(record.actions):
        if state.current_player() == seat:
            (choices if len(state.legal_actions()) >= 2 else forced).append(index)
        state.apply_legal(find_action(state, text))
    return choices, forced


def test_a_review_walks_the_humans_choices_deterministically_with_costs_never_negative() -> None:
    record = short_game(supply_per_player=4)
    review = review_game(record, budget=BUDGET, seed=3)
    assert review.seats == (0,) and not review.cancelled
    assert [d.index for d in review.decisions] == choices_of(record, 0)[0]
    assert review.total == len(review.decisions) >= 4
    for decision in review.decisions:
        assert decision.seat == 0 and decision.played == record.actions[decision.index]
        assert decision.loss >= 0 and decision.played_words and decision.best_words
        if decision.best == decision.played:
            assert decision.loss == 0 and decision.best_win == decision.played_win
        elif decision.best_win is not None and decision.played_win is not None:
            assert decision.loss == pytest.approx(max(0.0, decision.best_win - decision.played_win))
    assert any(d.loss > 0 for d in review.decisions), "the review has something to show"
    assert review_game(record, budget=BUDGET, seed=3) == review, "the same seed, the same review"


def test_the_three_costliest_are_the_largest_mistakes_ranked(monkeypatch) -> None:
    monkeypatch.setattr(review_module, "judge", lambda best, played: Verdict(max(0.0, best.win - played.win), 0.0))
    review = review_game(short_game(supply_per_player=6), budget=BUDGET)  # no margin: a loss over 3 points counts
    costly = sorted((d for d in review.decisions if d.mistake), key=lambda d: (-d.loss, d.index))
    assert len(costly) > COSTLIEST, "enough costly decisions to choose three from"
    assert review.costliest() == tuple(dataclasses.replace(d, rank=n) for n, d in enumerate(costly[:3], 1))
    assert [d.rank for d in review.costliest()] == [1, 2, 3]
    assert all(d.rank == 0 for d in review.decisions if d not in review.costliest())
    assert min(d.loss for d in review.costliest()) >= max(d.loss for d in review.decisions if not d.rank)


def test_forced_moves_are_skipped_and_counted() -> None:
    record = short_game("reapers", 3, moves=55, seed=1)
    choices, forced = choices_of(record, 0)
    assert forced, "the record has a forced move of the human's"
    review = review_game(record, budget=10)
    assert [d.index for d in review.decisions] == choices and review.forced == len(forced)


def test_a_decision_agrees_with_the_hint_at_that_move() -> None:
    """The review's best move is the hint's for the record cut there (same seed, same analyst)."""
    record = short_game(supply_per_player=3)
    review = review_game(record, budget=BUDGET, seed=7)
    decision = review.decisions[1]
    state = dataclasses.replace(record, actions=record.actions[:decision.index]).replay()
    hint = analyse_decision(get(record.game), state, 7, record.params, budget=BUDGET)
    assert str(hint.choice) == decision.best


def test_a_played_move_the_search_did_not_weigh_is_compared_in_one_search_of_the_two(monkeypatch) -> None:
    """When the first search has no estimate for the played move, both come from a search of the pair."""
    record = short_game(supply_per_player=3)
    real = review_module.analyse_decision

    def without_played(spec, state, seed, params, **options):  # noqa: ANN001, ANN202
        analysis = real(spec, state, seed, params, **options)
        legal = [a for a in state.legal_actions() if str(a) not in record.actions]
        best = next(a for a in legal if str(a) != str(analysis.choice)) if len(legal) > 1 else analysis.choice
        return Analysis(analysis.seat, best, (OptionEstimate(best, 0.99, 1.0, 5),))

    monkeypatch.setattr(review_module, "analyse_decision", without_played)
    review = review_game(record, budget=BUDGET)
    compared = [d for d in review.decisions if d.best != d.played]
    assert compared
    for decision in compared:
        assert decision.best_win is not None and decision.best_win != 0.99, "from the second search, not the first"
        assert decision.played_win is not None
        assert decision.loss == pytest.approx(max(0.0, decision.best_win - decision.played_win))


def test_cancelling_stops_between_decisions_and_progress_reaches_the_total() -> None:
    record = short_game(supply_per_player=4)
    seen: list[tuple[int, int]] = []
    review = review_game(record, budget=BUDGET, progress=lambda done, total: seen.append((done, total)))
    total = review.total
    assert seen[0] == (0, total) and seen[-1] == (total, total)
    assert [done for done, _ in seen] == list(range(total + 1))
    stopped: list[tuple[int, int]] = []
    cut = review_game(record, budget=BUDGET, progress=lambda done, all_: stopped.append((done, all_)),
                      cancelled=lambda: len(stopped) > 2)
    assert cut.cancelled and len(cut.decisions) == 2 and cut.total == total
    assert [(d.index, d.loss) for d in cut.decisions] == [(d.index, d.loss) for d in review.decisions[:2]]


def test_a_record_with_no_human_reviews_every_seat_and_seats_can_be_chosen() -> None:
    record = dataclasses.replace(short_game("trick-or-treat", 2, supply_per_player=2), seats=("normal", "hard"))
    assert reviewed_seats(record) == (0, 1)
    review = review_game(record, budget=BUDGET)
    assert {d.seat for d in review.decisions} == {0, 1}
    only = review_game(record, seats=[1], budget=BUDGET)
    assert {d.seat for d in only.decisions} == {1} and only.seats == (1,)


def test_the_json_entries_have_the_documented_keys() -> None:
    review = review_game(short_game("trick-or-treat", 2, supply_per_player=2), budget=BUDGET)
    for entry, decision in zip(review.to_json(), review.decisions):
        assert {"index", "seat", "played", "best", "loss"} <= set(entry)
        assert entry["index"] == decision.index and entry["played"] == decision.played


def test_costs_read_as_a_player_says_them() -> None:
    assert [cost_words(loss) for loss in (0.0, 0.004, 0.12)] == ["no cost", "-<1% win", "-12% win"]


def test_each_decision_names_its_part_of_the_game_when_the_game_has_parts() -> None:
    """A game's chapters (a hand, then tricks in it) name where each decision was: the latest of each."""
    spec = get("trick-or-treat")
    rounds: list[int] = []

    def chapter(event: object) -> Chapter | None:
        if isinstance(event, (Dealt, CardsRevealed)):
            rounds.append(1)
            return Chapter(HAND, f"Round {len(rounds)}")
        return Chapter(TRICK, "Card") if isinstance(event, CardPlayed) else None

    registry.register(dataclasses.replace(spec, chapter=chapter))
    try:
        review = review_game(short_game("trick-or-treat", 2, supply_per_player=2), seats=(0, 1), budget=BUDGET)
    finally:
        registry.register(spec)
    chapters = [d.chapter for d in review.decisions]
    assert chapters[0] == "Round 1", "the first deal is the game's opening, which no action caused"
    assert all(c.startswith("Round ") for c in chapters) and len(set(chapters)) == len(chapters) > 2
    assert any(c.endswith(", Card 1") for c in chapters), "a trick named, and numbered, within its hand"
    assert any("," not in c for c in chapters[1:]), "a new round ends the trick of the one before"


def test_parts_are_numbered_only_when_a_title_comes_back_within_its_larger_part() -> None:
    hand, trick, turn = Chapter(HAND, "Hand 1"), Chapter(TRICK, "Trick"), Chapter(TRICK, "Draft")
    starts = [(hand,), (turn,), (trick,), (), (trick,), (Chapter(HAND, "Hand 2"),), (trick,)]
    assert chapter_titles(starts) == [("Hand 1",), ("Hand 1", "Draft"), ("Hand 1", "Trick 1"), ("Hand 1", "Trick 1"),
                                   ("Hand 1", "Trick 2"), ("Hand 2",), ("Hand 2", "Trick")]
