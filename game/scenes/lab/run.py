"""A lab study played on a worker thread, so the window stays live: the games played of all (for the progress
bar), the time left, Cancel (after the games under way), and what came of it."""

from __future__ import annotations

import threading
import time
from typing import Any, Callable

from game.core.match import SimulationCancelled
from game.lab.compare import Comparison
from game.lab.sweep import Sweep


def eta_text(seconds: float) -> str:
    """``about 1 min 05 s left``."""
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"about {seconds} s left"
    if seconds < 3600:
        return f"about {seconds // 60} min {seconds % 60:02d} s left"
    return f"about {seconds // 3600} h {seconds % 3600 // 60:02d} min left"


class LabRun:
    """``job`` (a comparison or a sweep of ``total`` games, given ``progress`` and ``cancelled``) on a thread."""

    def __init__(self, job: Callable[..., Comparison | Sweep], total: int) -> None:
        self.cancel_flag = threading.Event()
        self.progress = (0, total)
        self.outcome: tuple[str, Any] | None = None
        """Once over: ("done", the result), ("cancelled", the progress then) or ("error", what went wrong)."""
        self.started = time.perf_counter()
        self.worker = threading.Thread(target=self._work, args=(job,), name="variant-lab", daemon=True)
        self.worker.start()

    def _work(self, job: Callable[..., Comparison | Sweep]) -> None:
        try:
            self.outcome = ("done", job(progress=self._progressed, cancelled=self.cancel_flag.is_set))
        except SimulationCancelled:
            self.outcome = ("cancelled", self.progress)
        except Exception as error:  # noqa: BLE001  (shown on the setup screen, never fatal)
            self.outcome = ("error", f"{type(error).__name__}: {error}")

    def _progressed(self, done: int, total: int) -> None:
        self.progress = (done, total)

    def eta(self) -> str:
        """The estimated time left (or why there is none yet)."""
        done, total = self.progress
        if self.cancel_flag.is_set():
            return "stopping after the games under way..."
        if done <= 0:
            return "estimating the time left..."
        return eta_text((time.perf_counter() - self.started) / done * (total - done))
