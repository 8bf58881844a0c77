"""Which pygame an install gets, read from the metadata a wheel carries: pygame where it has wheels (Python 3.10
to 3.13), pygame-ce from 3.14 on, where pygame has none and pip would try to build it from source. Exactly one
of the two on every Python: both provide ``import pygame``, and one installed over the other breaks both.
On either, the app starts quietly: no sound device means a silent game and one notice in our words."""

from __future__ import annotations

import configparser
import os
import subprocess
import sys
import zipfile
from email.parser import Parser
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from game import __version__
from tests.packaging.support import ROOT

PYTHONS = ("3.10", "3.11", "3.12", "3.13", "3.14", "3.15")
FIRST_WITHOUT_PYGAME_WHEELS = (3, 14)
PYGAMES = {"pygame", "pygame-ce"}


def _pygame_for(requirements: list[Requirement], python: str) -> list[str]:
    """The pygame distributions an install on ``python`` pulls in (the ``extra`` ones never do)."""
    environment = {"python_version": python, "python_full_version": f"{python}.0", "extra": ""}
    return [r.name for r in requirements
            if r.name in PYGAMES and (r.marker is None or r.marker.evaluate(environment))]


def _assert_one_pygame_each(requirements: list[Requirement]) -> None:
    for python in PYTHONS:
        expected = "pygame" if tuple(map(int, python.split("."))) < FIRST_WITHOUT_PYGAME_WHEELS else "pygame-ce"
        assert _pygame_for(requirements, python) == [expected], f"Python {python}"
    for requirement in requirements:
        if requirement.name in PYGAMES:
            assert requirement.specifier.contains("2.5.0") and not requirement.specifier.contains("2.4.0")


def test_setup_cfg_asks_for_pygame_before_3_14_and_pygame_ce_from_it() -> None:
    """The declaration the wheel's metadata is made from (the packaging run reads the built wheel's)."""
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg", encoding="utf-8")
    lines = config["options"]["install_requires"].strip().splitlines()
    _assert_one_pygame_each([Requirement(line) for line in lines])


@pytest.mark.packaging
def test_the_built_wheel_asks_for_pygame_before_3_14_and_pygame_ce_from_it(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        metadata = Parser().parsestr(archive.read(name).decode("utf-8"))
    _assert_one_pygame_each([Requirement(line) for line in metadata.get_all("Requires-Dist") or []])
    assert metadata["Version"] == __version__


def _installed(distribution: str) -> bool:
    try:
        metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return False
    return True


def test_the_app_runs_on_the_pygame_it_was_given() -> None:
    """Both are the same ``import pygame``; the settings screen names the one installed, as pip records it."""
    from game.scenes.settings import version_line

    installed = "pygame-ce" if _installed("pygame-ce") else "pygame"
    assert version_line().split(" \u00b7 ")[1] == f"{installed} {metadata.version(installed)}"


def test_a_start_without_a_sound_device_prints_nothing(tmp_path: Path) -> None:
    """The sound library's lines about a missing sound card are hushed: ALSA asked for by name, for a device
    that no machine has, so it complains on every machine, with a sound card or without."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "alsa", "AUDIODEV": "no-such-device"}
    result = subprocess.run([sys.executable, "main.py", "screenshot", "settings", "--out", str(tmp_path / "s.png")],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and result.stderr == ""


@pytest.mark.parametrize("muted", [False, True])
def test_without_sound_the_app_says_so_once_unless_muted(muted: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.core.settings import Settings
    from game.scenes import launch
    from game.scenes.settings import SOUND_OFF
    from game.ui.app import App
    from game.ui.sound import SoundBoard

    shown: list[list[str]] = []

    def show_toasts(app: App) -> int:
        """In place of the event loop: what the window shows at start."""
        shown.append([toast.text for toast in app.toasts])
        return 0

    monkeypatch.setattr(SoundBoard, "_start_mixer", staticmethod(lambda: False))
    monkeypatch.setattr(launch, "load_settings", lambda: (Settings(muted=muted), []))
    monkeypatch.setattr(App, "run", show_toasts)
    assert launch.run_app() == 0
    assert shown == [[] if muted else [SOUND_OFF]]
