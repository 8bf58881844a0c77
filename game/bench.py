"""``python main.py bench``: how fast the rules, the AI levels, the frames and the start-up are.

Figures are medians and percentiles of repeated measurements; the machines are noisy, so compare ratios.
"""

from __future__ import annotations

import math
import random
import statistics
import subprocess
import sys
import time
from typing import Any, Callable

from game.core.agent import LEVELS
from game.core.match import make_agent, random_playout, series_seeds
from game.core.registry import GameSpec
from game.variants.loader import STANDARD, load_variant

PLAYOUT_SECONDS = 1.5
"""How long random playouts run per game."""
DECISIONS_PER_LEVEL = {"random": 200, "easy": 100, "normal": 100, "hard": 24}
"""Decisions timed per AI level (search is slow, so fewer)."""
STARTUP_RUNS = 3
FRAME_SIZE = (1920, 1080)
FRAMES = 240

Log = Callable[[str], None] | None


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))
    return ordered[index]


def bench_table_players(spec: GameSpec) -> int:
    """The player count benches use: four, within the game's range (the most for frame times)."""
    return min(max(4, spec.min_players), spec.max_players)


def playouts_per_second(spec: GameSpec, params: dict) -> float:
    """Whole random games per second through the rules engine."""
    players = bench_table_players(spec)
    rng = random.Random(1)
    started = time.perf_counter()
    games = 0
    while time.perf_counter() - started < PLAYOUT_SECONDS or games < 3:
        random_playout(spec.new_game(params, players, rng.getrandbits(32)), rng)
        games += 1
    return games / (time.perf_counter() - started)


def decision_times(spec: GameSpec, params: dict, level: str) -> dict[str, float]:
    """Median and 95th percentile of one level's decisions (ms), that level in seat 0 against random."""
    players = bench_table_players(spec)
    wanted = DECISIONS_PER_LEVEL.get(level, 50)
    times: list[float] = []
    for seed in series_seeds(7, 1000):
        state = spec.new_game(params, players, seed)
        agents = [make_agent(spec, level if seat == 0 else "random", seat, seed, params) for seat in range(players)]
        while not state.is_terminal() and len(times) < wanted:
            seat = state.current_player()
            observation, legal = state.observation(seat), state.legal_actions()
            started = time.perf_counter()
            action = agents[seat].choose(observation, legal)
            if seat == 0:
                times.append((time.perf_counter() - started) * 1000)
            state.apply_legal(action)
        if len(times) >= wanted:
            break
    return {"p50": round(statistics.median(times), 3), "p95": round(percentile(times, 0.95), 3)}


def startup_ms() -> float:
    """Median time from a fresh interpreter to the first drawn menu frame."""
    code = ("import time; started = time.perf_counter()\n"
            "from game.scenes.launch import measure_startup_ms\n"
            "measure_startup_ms()\n"
            "print((time.perf_counter() - started) * 1000)\n")
    runs = []
    for _ in range(STARTUP_RUNS):
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        runs.append(float(result.stdout.strip().splitlines()[-1]))
    return round(statistics.median(runs), 1)


def frame_times(spec: GameSpec) -> dict[str, float] | None:
    """Median and 99th percentile frame time of an all-AI game at 1920x1080 at the game's largest table
    (the most to draw), or None without a scene."""
    if not spec.scene:
        return None
    from game.scenes.launch import measure_frame_times

    try:
        times = measure_frame_times(spec.name, spec.max_players, FRAME_SIZE, FRAMES, seed=3)
    except (ImportError, ValueError):
        return None
    return {"p50": round(statistics.median(times), 3), "p99": round(percentile(times, 0.99), 3)}


def run_bench(specs: list[GameSpec], log: Log = print) -> dict[str, Any]:
    """Measure everything and return the documented JSON object."""
    say = log or (lambda text: None)
    report: dict[str, Any] = {"startup_ms": startup_ms(), "games": {}}
    say(f"start-up to first menu frame: {report['startup_ms']:.0f} ms (median of {STARTUP_RUNS})")
    for spec in specs:
        params = load_variant(spec, STANDARD).params
        entry: dict[str, Any] = {"playouts_per_s": round(playouts_per_second(spec, params), 2), "ai_ms": {}}
        say(f"{spec.title}: {entry['playouts_per_s']:.1f} random playouts/s "
            f"({bench_table_players(spec)} players)")
        for level in (level for level in LEVELS if level in spec.agents):
            entry["ai_ms"][level] = decision_times(spec, params, level)
            times = entry["ai_ms"][level]
            say(f"  AI {level:<7} decision: median {times['p50']:.2f} ms, 95th percentile {times['p95']:.2f} ms")
        frames = frame_times(spec)
        if frames is not None:
            entry["frame_ms"] = frames
            say(f"  frames at {FRAME_SIZE[0]}x{FRAME_SIZE[1]}, {spec.max_players} players: median {frames['p50']:.2f} ms, "
                f"99th percentile {frames['p99']:.2f} ms")
        report["games"][spec.name] = entry
    return report
