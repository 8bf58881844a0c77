"""``python main.py bench``: how fast the rules, the AI levels, the frames and the start-up are, and how
little the app costs while it waits for the player.

Figures are medians and percentiles of repeated measurements; the machines are noisy, so compare ratios.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from typing import TYPE_CHECKING, Any, Callable

from game.core.agent import LEVELS
from game.core.match import MAX_ACTIONS, make_agent, play_match, random_playout, series_seeds
from game.core.registry import GameSpec, all_games, get
from game.variants.loader import STANDARD, load_variant

if TYPE_CHECKING:
    from game.ui.app import App, Scene

PLAYOUT_SECONDS = 1.5
"""How long random playouts run per game."""
DECISIONS_PER_LEVEL = {"random": 200, "easy": 100, "normal": 100, "hard": 24}
"""Decisions timed per AI level (search is slow, so fewer)."""
SIMULATE_SECONDS = 3.0
"""How long all-``normal`` games run per game (at least ``SIMULATE_GAMES``)."""
SIMULATE_GAMES = 2
HARD_DECISIONS = 24
"""``hard`` decisions timed in CPU per table size."""
MAX_BENCH_GAMES = 1000
STARTUP_RUNS = 5
STARTUP_CODE = ("import time\nstarted = time.perf_counter()\n"
                "from game.scenes import launch, menu\n"
                "imported = time.perf_counter()\n"
                "print((imported - started) * 1000, launch.measure_first_frame_ms())\n")
"""A fresh interpreter's start-up: the app's modules imported (what the first frame needs), then the app opened
on its menu and drawn once; prints both in milliseconds."""
FRAME_SIZE = (1920, 1080)
FRAMES = 240
IDLE_KINDS = ("menu", "table", "lab")
"""Screens timed idle: the main menu, a table waiting for a human's decision, the variant lab's setup."""
IDLE_SIZE = (1280, 720)
IDLE_SETTLE_SECONDS = 0.5
"""How long a screen runs before it is timed idle (a table's deal, the first frames' caches)."""
IDLE_SECONDS = 2.0
MUSIC_WAIT_SECONDS = 120.0
"""The longest an idle table waits for its music loop to be synthesised (done once per game and kept) before
it is timed: what is timed is the table at rest, not that one-time work."""
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}

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


def normal_games_per_second(spec: GameSpec, params: dict) -> float:
    """Whole games per second of this process's CPU time (one core), ``normal`` in every seat, as ``simulate``
    plays them: CPU time, so that other work on a busy machine does not count against the engine."""
    players = bench_table_players(spec)
    started = time.process_time()
    games = 0
    for seed in series_seeds(11, MAX_BENCH_GAMES):
        play_match(spec, params, ["normal"] * players, seed)
        games += 1
        if games >= SIMULATE_GAMES and time.process_time() - started >= SIMULATE_SECONDS:
            break
    return games / max(time.process_time() - started, 1e-9)


def hard_search(spec: GameSpec, params: dict, players: int) -> dict[str, Any]:
    """``hard``'s decisions in seat 0 against ``normal`` (``random`` for a game without) at ``players``, at its
    default budget and with no time limit: CPU time per decision (ms, median and 95th percentile) and search
    work (iterations or nodes) per CPU second."""
    cpu: list[float] = []
    effort = 0
    rival = "normal" if "normal" in spec.agents else "random"
    for seed in series_seeds(13, 1000):
        state = spec.new_game(params, players, seed)
        agents = [make_agent(spec, "hard" if seat == 0 else rival, seat, seed, params) for seat in range(players)]
        while not state.is_terminal() and len(cpu) < HARD_DECISIONS:
            seat = state.current_player()
            observation, legal = state.observation(seat), state.legal_actions()
            started = time.process_time()
            action = agents[seat].choose(observation, legal)
            if seat == 0 and len(legal) > 1:
                cpu.append((time.process_time() - started) * 1000)
                effort += agents[0].effort
            state.apply_legal(action)
        if len(cpu) >= HARD_DECISIONS:
            break
    seconds = sum(cpu) / 1000
    times = {"p50": round(statistics.median(cpu), 1), "p95": round(percentile(cpu, 0.95), 1)}
    return {"players": players, "cpu_ms": times, "iters_per_s": round(effort / seconds, 1) if seconds else 0.0}


def startup_ms() -> dict[str, float]:
    """Medians of fresh interpreters' start-ups (ms) to the first drawn menu frame: ``total``, and the part of
    it that is ``imports`` (the app's modules) and ``first_frame`` (the app opened on its menu and drawn).

    As a player starts the app: with its bytecode compiled (an install compiles it), here once by a first run
    that is not counted, into a folder of the bench's own (even where the environment says to write none), and
    the pictures and fonts it keeps already kept."""
    runs: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory(prefix="bench-bytecode-") as bytecode:
        env = {**os.environ, **HEADLESS, "PYTHONPYCACHEPREFIX": bytecode}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for _ in range(STARTUP_RUNS + 1):
            result = subprocess.run([sys.executable, "-c", STARTUP_CODE], capture_output=True, text=True,
                                    check=True, env=env)
            imports, first_frame = (float(part) for part in result.stdout.strip().splitlines()[-1].split())
            runs.append((imports, first_frame))
    runs = runs[1:]  # the first compiled the bytecode and kept the pictures
    return {"total": round(statistics.median(imports + frame for imports, frame in runs), 1),
            "imports": round(statistics.median(imports for imports, _ in runs), 1),
            "first_frame": round(statistics.median(frame for _, frame in runs), 1)}


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


def idle_scenes(app: App, kind: str, game: str | None) -> list[Scene]:
    """The stack of an idle screen of ``kind`` (one of ``IDLE_KINDS``): the main menu, a table of ``game``
    whose seat 0 is a human, or the variant lab's setup of ``game``."""
    from game.scenes.lab.scene import LabScene
    from game.scenes.launch import TableShot, all_ai_table
    from game.scenes.menu import MainMenu

    if kind == "menu":
        return [MainMenu(app)]
    if game is None:
        raise ValueError(f"the idle {kind} needs a game")
    if kind == "lab":
        return [MainMenu(app), LabScene(app, get(game))]
    if kind == "table":
        return [all_ai_table(app, game, 3, TableShot(bench_table_players(get(game)), human=True))]
    raise ValueError(f"unknown idle screen {kind!r}; screens: {', '.join(IDLE_KINDS)}")


def idle_app(kind: str, game: str | None = None) -> App:
    """A headless app at 1280x720 with the default settings, showing the ``idle_scenes`` of ``kind`` ready to
    sit idle (a table's AIs have played up to the human's decision); close it when done."""
    from game.core.settings import Settings
    from game.scenes.launch import open_app
    from game.ui.table import TableScene

    app = open_app(Settings(), size=IDLE_SIZE)
    for scene in idle_scenes(app, kind, game):
        app.push(scene)
    app.apply_pending()
    if isinstance(app.top, TableScene):
        app.top.play_instantly(MAX_ACTIONS)
    return app


def _loop(app: App, seconds: float) -> None:
    """The app's own frame loop for ``seconds`` of wall time."""
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        app.tick()


def measure_idle_cpu(kind: str, game: str | None = None, seconds: float = IDLE_SECONDS,
                     settle: float = IDLE_SETTLE_SECONDS) -> float:
    """The share of one core (percent: the process's CPU time over the wall time) the real frame loop takes
    while nobody touches an ``idle_app``, after ``settle`` seconds to come to rest."""
    app = idle_app(kind, game)
    try:
        _loop(app, settle)
        until = time.perf_counter() + MUSIC_WAIT_SECONDS
        while app.sound.making_music and time.perf_counter() < until:
            app.tick()
        wall, cpu = time.perf_counter(), time.process_time()
        _loop(app, seconds)
        return 100.0 * (time.process_time() - cpu) / (time.perf_counter() - wall)
    finally:
        app.close()


def idle_cpu_percent(kind: str, game: str | None = None) -> float:
    """``measure_idle_cpu`` in a fresh headless interpreter, so that no thread left by another measurement
    is counted."""
    code = f"from game.cli.bench import measure_idle_cpu\nprint(measure_idle_cpu({kind!r}, {game!r}))\n"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            env={**os.environ, **HEADLESS})
    return round(float(result.stdout.strip().splitlines()[-1]), 1)


def run_bench(specs: list[GameSpec], log: Log = print) -> dict[str, Any]:
    """Measure everything and return one JSON object: ``startup_ms`` (``total``, ``imports``, ``first_frame``);
    ``idle_cpu_percent``, the share of a
    core taken while nothing moves on the ``menu``, the ``lab`` setup and a ``table`` waiting for a human
    (the most of the games' tables); and under ``games``, per game, ``playouts_per_s``, ``ai_ms`` per AI
    level, ``normal_games_per_s`` (all-normal games at 4 players per second of one core's CPU time),
    ``hard_cpu_ms`` (per table size: 4 players and the largest) and ``hard_iters_per_s`` (at 4 players),
    ``frame_ms`` and its table's ``idle_cpu_percent``."""
    say = log or (lambda text: None)
    report: dict[str, Any] = {"startup_ms": startup_ms(), "idle_cpu_percent": {}, "games": {}}
    startup = report["startup_ms"]
    say(f"start-up to first menu frame: {startup['total']:.0f} ms, of which imports {startup['imports']:.0f} ms "
        f"and the first frame {startup['first_frame']:.0f} ms (medians of {STARTUP_RUNS})")
    idle = report["idle_cpu_percent"]
    idle["menu"] = idle_cpu_percent("menu")
    if specs:
        idle["lab"] = idle_cpu_percent("lab", specs[0].name)
    say(f"idle, share of a core at {IDLE_SIZE[0]}x{IDLE_SIZE[1]}: main menu {idle['menu']:.1f}%"
        + (f", variant lab setup {idle['lab']:.1f}%" if specs else ""))
    for spec in specs:
        params = load_variant(spec, STANDARD).params
        entry: dict[str, Any] = {"playouts_per_s": round(playouts_per_second(spec, params), 2), "ai_ms": {}}
        say(f"{spec.title}: {entry['playouts_per_s']:.1f} random playouts/s "
            f"({bench_table_players(spec)} players)")
        for level in (level for level in LEVELS if level in spec.agents):
            entry["ai_ms"][level] = decision_times(spec, params, level)
            times = entry["ai_ms"][level]
            say(f"  AI {level:<7} decision: median {times['p50']:.2f} ms, 95th percentile {times['p95']:.2f} ms")
        entry["normal_games_per_s"] = round(normal_games_per_second(spec, params), 2)
        say(f"  all-normal games, {bench_table_players(spec)} players, one core: "
            f"{entry['normal_games_per_s']:.1f}/s")
        if "hard" in spec.agents:
            sizes = sorted({bench_table_players(spec), spec.max_players})
            searches = [hard_search(spec, params, players) for players in sizes]
            entry["hard_cpu_ms"] = {str(one["players"]): one["cpu_ms"] for one in searches}
            entry["hard_iters_per_s"] = searches[0]["iters_per_s"]
            for one in searches:
                say(f"  hard vs normal, {one['players']} players, CPU a decision: median {one['cpu_ms']['p50']:.0f} "
                    f"ms, 95th percentile {one['cpu_ms']['p95']:.0f} ms; {one['iters_per_s']:.0f} iterations "
                    f"(or nodes)/s")
        frames = frame_times(spec)
        if frames is not None:
            entry["frame_ms"] = frames
            say(f"  frames at {FRAME_SIZE[0]}x{FRAME_SIZE[1]}, {spec.max_players} players: median "
                f"{frames['p50']:.2f} ms, 99th percentile {frames['p99']:.2f} ms")
            entry["idle_cpu_percent"] = idle_cpu_percent("table", spec.name)
            say(f"  idle table waiting for a human: {entry['idle_cpu_percent']:.1f}% of a core")
        report["games"][spec.name] = entry
    tables = [entry["idle_cpu_percent"] for entry in report["games"].values() if "idle_cpu_percent" in entry]
    if tables:
        idle["table"] = max(tables)
    return report


def command(args: argparse.Namespace) -> int:
    """``bench``: everything measured, said line by line as it is, or one JSON object at the end."""
    specs = [get(args.game)] if args.game else all_games()
    report = run_bench(specs, log=None if args.json else print)
    if args.json:
        print(json.dumps(report))
    return 0
