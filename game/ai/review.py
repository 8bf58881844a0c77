"""Game review: each of a player's decisions in a game record, set beside what the hard level would have
chosen from the same observation, with the chance of winning the choice cost.

A decision is reviewed with the hint's analysis (``game.ai.hints``: the same seed from the position, the same
budget), so a review at a move agrees with the hint for that position, and a move is judged by the hint's
rule (``game.core.analysis.judge``): a mistake only when the loss is beyond the search's margin and worth
telling. The played move's estimate comes from the same search as the best move's when the search looked at
it; when it did not (a search that narrows its options, or a time limit), a second search over just the two
of them estimates both, so the two figures compared always come from one search. Forced moves (a single
legal action) are not reviewed. Pure Python: the review screen runs it on a worker thread, the command line
in the foreground.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Iterator, Mapping, Sequence

from game.ai.hints import analyse_decision, hint_agent
from game.core.analysis import ANALYSIS_SEED, OptionEstimate, Verdict, judge
from game.core.chapters import chapter_titles, chapters_begun
from game.core.contracts import Action, GameState, find_action
from game.core.record import HUMAN, GameRecord
from game.core.registry import GameSpec, get
from game.core.setup import default_names

COSTLIEST = 3
"""Decisions marked as the costliest of a review."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: decisions reviewed of all to review."""


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision of a reviewed seat: what was played, what hard would have played, and what it cost."""

    index: int
    """The action's 0-based index in the record (its move number is ``index + 1``)."""
    seat: int
    played: str
    """The action played, as the record has it."""
    best: str
    """The hard level's choice, as the record would have it."""
    loss: float
    """Estimated chance of winning lost by the played move: 0..1, 0 when it was the best (or unknown); a
    mistake only when ``mistake`` says so (a loss within ``margin`` is the search's noise)."""
    played_words: str
    """The played move as its seat would say it ("Take pile 4")."""
    best_words: str
    best_win: float | None = None
    """The best move's estimated chance of winning (None when the search gave none)."""
    played_win: float | None = None
    chapter: str = ""
    """The part of the game it was in ("Hand 2, Trick 5"); empty for a game without parts."""
    margin: float = 0.0
    """The margin of ``loss``: the two estimates' noise (``game.core.analysis.Verdict``)."""
    mistake: bool = False
    """Whether the loss is beyond its margin and large enough to matter (the hint's rule)."""
    rank: int = 0
    """1 to ``COSTLIEST`` for the costliest mistakes of the review (1 costliest), else 0."""

    def to_json(self) -> dict[str, Any]:
        """``{"index", "seat", "played", "best", "loss", ...}``: the command line's ``--json`` entry."""
        return {"index": self.index, "seat": self.seat, "played": self.played, "best": self.best,
                "loss": round(self.loss, 4), "played_words": self.played_words, "best_words": self.best_words,
                "best_win": None if self.best_win is None else round(self.best_win, 4),
                "played_win": None if self.played_win is None else round(self.played_win, 4),
                "margin": round(self.margin, 4), "mistake": self.mistake, "chapter": self.chapter,
                "costliest": self.rank}


@dataclass(frozen=True)
class Review:
    """A record's reviewed decisions in the order played; ``cancelled`` when it stopped before the end."""

    game: str
    seats: tuple[int, ...]
    """The seats reviewed."""
    decisions: tuple[ReviewedDecision, ...]
    total: int
    """Decisions there were to review (fewer were reviewed when cancelled)."""
    forced: int
    """Forced moves of the reviewed seats, skipped."""
    cancelled: bool = False

    def costliest(self) -> tuple[ReviewedDecision, ...]:
        """The marked decisions, costliest first."""
        return tuple(sorted((d for d in self.decisions if d.rank), key=lambda d: d.rank))

    def to_json(self) -> list[dict[str, Any]]:
        """One entry per reviewed decision, in the order played."""
        return [decision.to_json() for decision in self.decisions]


@dataclass(frozen=True)
class Judged:
    """A played move beside hard's choice, both estimated by one search, and the verdict on it."""

    best: Action
    best_estimate: OptionEstimate | None
    played_estimate: OptionEstimate | None
    verdict: Verdict


@dataclass(frozen=True)
class _Position:
    """A decision to review, found on the first pass over the record."""

    index: int
    seat: int
    chapter: str


def cost_words(loss: float) -> str:
    """A loss as a player reads it: "-12% win", "-<1% win", or "no cost" (none the search could tell)."""
    return "no cost" if loss <= 0 else f"{_points(loss)} win"


def _points(loss: float) -> str:
    return "-<1%" if loss < 0.005 else f"-{loss:.0%}"


def verdict_words(decision: ReviewedDecision, *, brief: bool = False) -> str:
    """What a decision cost, with the search's doubt: a mistake's loss and margin ("-12% win (±5)"), a loss
    within the margin "about equal (-2% ±5)", or "no cost"; ``brief`` for a narrow column: "-12% (±5)",
    "about equal"."""
    if decision.loss <= 0:
        return "no cost"
    margin = f"±{max(1, round(decision.margin * 100))}"
    if decision.mistake:
        return f"{_points(decision.loss)} ({margin})" if brief else f"{cost_words(decision.loss)} ({margin})"
    return "about equal" if brief else f"about equal ({_points(decision.loss)} {margin})"


def reviewed_seats(record: GameRecord) -> tuple[int, ...]:
    """The record's human seats; every seat when it names none (an all-AI game, or an old record)."""
    humans = tuple(seat for seat, kind in enumerate(record.seats) if kind == HUMAN)
    return humans or tuple(range(record.players))


def seat_names(record: GameRecord) -> list[str]:
    """The record's names, or the names a table gives its seats."""
    return list(record.names or default_names(record.seats or (HUMAN,) * record.players))


def review_game(record: GameRecord, *, seats: Sequence[int] | None = None, budget: int | None = None,
                time_limit: float | None = None, seed: int = ANALYSIS_SEED, progress: Progress | None = None,
                cancelled: Callable[[], bool] | None = None) -> Review:
    """Review the decisions of ``seats`` (default ``reviewed_seats``) in ``record``: deterministic for a
    ``seed`` unless ``time_limit`` (seconds per search) cuts searches short. ``progress(done, total)`` is
    called once before the first decision and after each; ``cancelled()`` is asked between decisions, and a
    review it stops has the decisions done so far. ``ValueError`` for a record that does not replay (read it
    with ``read_record``, which checks)."""
    spec = get(record.game)
    chosen = tuple(sorted(set(reviewed_seats(record) if seats is None else seats)))
    positions, forced = _positions(spec, record, chosen)
    names = seat_names(record)
    report = progress or (lambda done, total: None)
    report(0, len(positions))
    done: list[ReviewedDecision] = []
    stopped = False
    states = _states(record, [position.index for position in positions])
    for position, state in zip(positions, states):
        if cancelled is not None and cancelled():
            stopped = True
            break
        done.append(_review_one(spec, record, state, position, names, seed, budget, time_limit))
        report(len(done), len(positions))
    return Review(record.game, chosen, _ranked(done), len(positions), forced, stopped)


def _positions(spec: GameSpec, record: GameRecord, seats: tuple[int, ...]) -> tuple[list[_Position], int]:
    """The decisions of ``seats`` with a choice, each with its part of the game, and the forced moves."""
    found: list[tuple[int, int]] = []
    forced = 0
    state = record.new_state()
    starts = [chapters_begun(spec, state.opening_events)]
    replay = record.replay_steps(state)
    for index in range(len(record.actions)):
        seat = state.current_player()  # the decision is read before the replay plays it
        if seat in seats:
            if len(state.legal_actions()) >= 2:
                found.append((index, seat))
            else:
                forced += 1
        starts.append(chapters_begun(spec, next(replay).events))
    parts = chapter_titles(starts)
    return [_Position(index, seat, ", ".join(parts[index])) for index, seat in found], forced


def _states(record: GameRecord, indices: list[int]) -> Iterator[GameState]:
    """The game just before each action of ``indices`` (ascending), replayed lazily: a review that is
    cancelled replays no further."""
    state = record.new_state()
    replay = record.replay_steps(state)
    played = 0
    for index in indices:
        while played < index:
            next(replay)
            played += 1
        yield state


def _review_one(spec: GameSpec, record: GameRecord, state: GameState, position: _Position, names: list[str],
                seed: int, budget: int | None, time_limit: float | None) -> ReviewedDecision:
    """One decision: the hard level's analysis from the seat's observation, the played move set beside it."""
    observation = state.observation(position.seat)
    played = find_action(state, record.actions[position.index])
    judged = judge_move(spec, state, played, seed, record.params, budget=budget, time_limit=time_limit)
    best_win = None if judged.best_estimate is None else judged.best_estimate.win
    played_win = None if judged.played_estimate is None else judged.played_estimate.win
    return ReviewedDecision(position.index, position.seat, str(played), str(judged.best), judged.verdict.loss,
                            spec.action_words(played, observation, names),
                            spec.action_words(judged.best, observation, names), best_win, played_win,
                            position.chapter, judged.verdict.margin, judged.verdict.mistake)


def judge_move(spec: GameSpec, state: GameState, played: Action, seed: int, params: Mapping[str, Any], *,
               budget: int | None = None, time_limit: float | None = None) -> Judged:
    """``played`` (legal in ``state``) beside the hint's choice for ``state``, judged by the hint's rule."""
    analysis = analyse_decision(spec, state, seed, params, budget=budget, time_limit=time_limit)
    best = analysis.choice
    if analysis.estimate(played) is None and str(played) != str(best):
        # The search did not look at the played move: both from one search over just the two.
        observation = state.observation(analysis.seat)
        agent = hint_agent(spec, observation, seed, params, budget=budget, time_limit=time_limit)
        analysis = agent.analyse(observation, [best, played])
    best_estimate, played_estimate = analysis.estimate(best), analysis.estimate(played)
    verdict = Verdict(0.0, 0.0) if best_estimate is None or played_estimate is None else \
        judge(best_estimate, played_estimate)
    return Judged(best, best_estimate, played_estimate, verdict)


def _ranked(decisions: list[ReviewedDecision]) -> tuple[ReviewedDecision, ...]:
    """The mistakes with the ``COSTLIEST`` largest losses ranked, earlier first on a tie."""
    order = sorted((d for d in decisions if d.mistake), key=lambda d: (-d.loss, d.index))[:COSTLIEST]
    ranks = {d.index: rank for rank, d in enumerate(order, 1)}
    return tuple(replace(d, rank=ranks[d.index]) if d.index in ranks else d for d in decisions)
