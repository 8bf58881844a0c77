"""Two copies of the app using one history at the same moment: both open it (the first creates and migrates
it while the second waits), both write, and nothing is lost or damaged."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game.storage.history import finished_games

ROOT = Path(__file__).resolve().parents[2]
GAMES_EACH = 15
WRITER = """
import sys
from dataclasses import replace
from game.core.match import play_match
from game.core.registry import get
from game.storage.history import record_game
from game.variants.loader import load_variant

spec = get("trick-or-treat")
params = load_variant(spec, "standard").params
sys.stdin.readline()  # both start writing together
for seed in range({first}, {first} + {games}):  # each copy its own games
    match = play_match(spec, params, ["random", "random"], seed)
    record = replace(match.record, seats=("human", "random"))
    recorded, notices = record_game(record, finished=True, scores=match.scores, winners=match.winners,
                                    figures={{}}, hints=0, seconds=None)
    assert recorded, notices
print("done")
"""


def test_two_apps_open_and_write_one_history_at_once(user_dirs) -> None:
    env = {**os.environ, "HALLOWTABLE_CONFIG_DIR": str(user_dirs[0]), "HALLOWTABLE_DATA_DIR": str(user_dirs[1])}
    writers = [subprocess.Popen([sys.executable, "-c", WRITER.format(first=copy * GAMES_EACH, games=GAMES_EACH)],
                                cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True) for copy in range(2)]
    outputs = [writer.communicate("go\n", timeout=120) for writer in writers]
    for writer, (out, err) in zip(writers, outputs):
        assert writer.returncode == 0 and out.strip() == "done", err
    entries, notices = finished_games()
    assert len(entries) == 2 * GAMES_EACH and not notices
    assert not list(user_dirs[1].glob("history.sqlite3.corrupt-*")), "nothing was taken for damaged"
