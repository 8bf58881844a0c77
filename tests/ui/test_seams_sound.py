"""The mixer opens quietly: on a machine without a sound card the sound library's C code prints its complaints
(ALSA's ten lines) to the process's error output on every start; the app hushes them, and only them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HUSHED = """
import os
from game.ui.sound import quiet_native_errors
os.write(2, b"before\\n")
with quiet_native_errors():
    os.write(2, b"inside\\n")
os.write(2, b"after\\n")
"""
START = """
from game.core.settings import Settings
from game.ui.app import App
app = App(Settings())
app.sound.play("click")
app.close()
"""


def run_python(code: str, tmp_path: Path, audio: bool) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "SDL_AUDIODRIVER"}
    env.update(SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", HALLOWTABLE_DATA_DIR=str(tmp_path / "data"),
               HALLOWTABLE_CONFIG_DIR=str(tmp_path / "config"))
    if not audio:
        env["SDL_AUDIODRIVER"] = "dummy"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60, check=True)


def test_what_c_code_prints_inside_is_hushed_and_the_error_output_comes_back(tmp_path: Path) -> None:
    done = run_python(HUSHED, tmp_path, audio=False)
    assert done.stderr == "before\nafter\n"


def test_the_app_starts_and_plays_without_a_word_on_the_error_output(tmp_path: Path) -> None:
    """With the machine's own audio driver (this one has no sound card: ALSA complained on every start)."""
    done = run_python(START, tmp_path, audio=True)
    assert done.stderr == ""
