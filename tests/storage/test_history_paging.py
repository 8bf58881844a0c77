"""The history at scale: ``history`` lists a page at a time (``--limit``/``--offset``, the next page's command
said, the JSON still one object), and the statistics, summed in SQL from what the triggers derived of each
row, are what the games listed one by one add up to; every query reads an index, never the long records."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from game.cli import run
from game.core.record import GameRecord
from game.core.registry import register
from game.storage.history import HistoryEntry, finished_games, history_page, page_query, record_game
from game.storage.history_db import history_path
from game.storage.history_stats import FIGURES, PLAYED, TOTALS, statistics, table_label
from tests.core.secret_numbers import STANDARD, make_spec

GAME = "secret-numbers"
KINDS = ("human", "easy", "normal", "hard")


@pytest.fixture(autouse=True)
def toy_game() -> None:
    register(make_spec())


def a_varied_history(games: int, seed: int) -> None:
    """``games`` games of every kind: one human, several or none; shared wins; abandoned ones; figures."""
    rng = random.Random(seed)
    for number in range(games):
        players = rng.randint(2, 4)
        seats = tuple(rng.choice(KINDS) for _ in range(players))
        record = GameRecord(GAME, "standard", dict(STANDARD), players, number, actions=("pick 1",) * rng.randint(1, 9),
                            seats=seats)
        finished = rng.random() > 0.2
        winners = sorted(rng.sample(range(players), rng.choice((1, 1, 1, 2)))) if finished else []
        figures = {name: float(rng.randint(0, 9)) for name in rng.sample(("rounds", "ties", "bluffs"), 2)}
        assert record_game(record, finished=finished, scores=[float(rng.randint(0, 20)) for _ in range(players)],
                           winners=winners, figures=figures, hints=rng.randint(0, 3), seconds=None)[0]


def expected(entries: list[HistoryEntry]) -> dict[str, object]:
    """What the games add up to, one by one, oldest first (as the statistics were summed before)."""
    tallies: dict[str, list[float]] = {}
    figures: dict[str, float] = {}
    finished = [entry for entry in reversed(entries) if entry.finished]
    for entry in finished:
        for name, value in entry.figures.items():
            figures[name] = figures.get(name, 0.0) + value / len(finished)
        seat = entry.human
        if seat is None:
            continue
        for label in ("all", table_label(entry)):
            games, wins, total, best, actions, streak, longest = tallies.get(label, [0, 0.0, 0.0, -1.0, 0, 0, 0])
            streak = streak + 1 if seat in entry.winners else 0
            tallies[label] = [games + 1, wins + entry.share(seat), total + entry.scores[seat],
                              max(best, entry.scores[seat]), actions + entry.actions, streak, max(longest, streak)]
    return {"tallies": tallies, "figures": figures}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_statistics_are_what_the_games_add_up_to(seed: int) -> None:
    a_varied_history(80, seed)
    with sqlite3.connect(history_path()) as connection:
        everything = connection.execute("SELECT count(*), total(hints), total(finished = 0) FROM games").fetchone()
    connection.close()
    entries, _ = finished_games()
    want = expected(entries)
    (one,), notices = statistics()
    assert notices == [] and (one.hints, one.abandoned, one.figure_games) == (everything[1], everything[2],
                                                                              len(entries))
    found = {"all": one.overall, **one.tables}
    assert set(found) == set(want["tallies"])  # type: ignore[call-overload]
    for label, tally in found.items():
        games, wins, total, best, actions, streak, longest = want["tallies"][label]  # type: ignore[index]
        assert (tally.games, tally.best_score, tally.actions_total, tally.current_streak, tally.longest_streak) == \
            (games, best, actions, streak, longest), label
        assert tally.wins == pytest.approx(wins) and tally.score_total == pytest.approx(total)
    assert one.figures() == pytest.approx(want["figures"])


def test_a_page_at_a_time_newest_first() -> None:
    a_varied_history(30, 4)
    every, _ = finished_games()
    first, notices = history_page(None, 10, 0)
    assert notices == [] and first.total == len(every) and first.next_offset == 10
    assert [entry.id for entry in first.entries] == [entry.id for entry in every[:10]]
    last, _ = history_page(GAME, 10, 20)
    assert [entry.id for entry in last.entries] == [entry.id for entry in every[20:30]]
    assert last.next_offset == (30 if len(every) > 30 else None)


def test_the_history_command_says_how_to_list_the_next_page(capsys: pytest.CaptureFixture[str]) -> None:
    a_varied_history(12, 5)
    total = len(finished_games()[0])
    assert run(["history", "--limit", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 5 and lines[-1] == (f"Games 1 to 4 of {total}; the next ones: python main.py history "
                                             f"--limit 4 --offset 4")
    assert run(["history", "--json", "--limit", "4", "--offset", "4"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["games"]) == 4 and (data["total"], data["offset"], data["next_offset"]) == (total, 4, 8)
    assert data["next_page"] == "python main.py history --json --limit 4 --offset 8"
    assert run(["history", "--offset", str(total)]) == 0
    assert capsys.readouterr().out.strip() == f"The history holds {total} finished games: none past the first {total}."
    assert run(["history", "--limit", "0"]) == 2
    assert "--limit" in capsys.readouterr().err


@pytest.mark.parametrize("query", [TOTALS, FIGURES, PLAYED], ids=["totals", "figures", "played"])
def test_the_statistics_read_an_index_holding_all_they_read(query: str) -> None:
    a_varied_history(3, 6)
    with sqlite3.connect(history_path()) as connection:
        plan = " ".join(row[3] for row in connection.execute(f"EXPLAIN QUERY PLAN {query.format(where='1')}"))
    connection.close()
    assert ("COVERING INDEX games_counted" in plan or plan == "SCAN game_figures") and "TEMP B-TREE" not in plan


@pytest.mark.parametrize("game", [None, GAME])
def test_a_page_reads_an_index_in_order(game: str | None) -> None:
    a_varied_history(3, 7)
    with sqlite3.connect(history_path()) as connection:
        plan = " ".join(row[3] for row in connection.execute(f"EXPLAIN QUERY PLAN {page_query(game, True)}",
                                                             {"game": game, "limit": 10, "offset": 20}))
    connection.close()
    assert ("games_by_game" if game else "games_by_date") in plan and "TEMP B-TREE" not in plan
