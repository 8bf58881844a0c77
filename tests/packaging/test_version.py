"""One version everywhere: ``game.__version__`` is what ``--version`` prints, what the Settings screen shows,
the newest release of CHANGELOG.md and of the AppStream metainfo (with the same date), and the wheel's."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from typing import Any

import pygame
import pytest

from game import __version__
from game.cli import run
from game.scenes.settings import version_line
from game.storage.desktop import DESKTOP_ART, ICON_STEM
from tests.packaging.support import ROOT

RELEASE_HEADING = re.compile(r"^## (\S+) — (\d{4}-\d{2}-\d{2})$", re.MULTILINE)
"""A release in CHANGELOG.md: ``## 0.1.0 — 2026-11-28``."""


def _newest_changelog_release() -> tuple[str, str]:
    match = RELEASE_HEADING.search((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    assert match, "CHANGELOG.md has no '## VERSION — DATE' heading"
    return match.group(1), match.group(2)


def test_version_prints_the_version_and_what_it_runs_on(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        run(["--version"])
    assert exit_.value.code == 0
    said = capsys.readouterr().out.strip()
    assert said == version_line()
    python = ".".join(map(str, sys.version_info[:3]))
    assert re.fullmatch(rf"Hallowtable {re.escape(__version__)} · pygame(-ce)? [0-9.]+\S* · SDL [0-9.]+ · "
                        rf"Python {python}", said)


def test_main_py_and_the_command_print_it_alike() -> None:
    result = subprocess.run([sys.executable, "main.py", "--version"], cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith(f"Hallowtable {__version__} · pygame")


def test_the_changelog_starts_at_this_release() -> None:
    assert _newest_changelog_release()[0] == __version__


def test_the_metainfo_names_the_same_release_on_the_same_date() -> None:
    root = ElementTree.parse(DESKTOP_ART / f"{ICON_STEM}.metainfo.xml").getroot()
    newest = root.find("releases/release")
    assert newest is not None
    assert (newest.get("version"), newest.get("date")) == _newest_changelog_release()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("sound", [True, False])
def test_the_settings_screen_shows_the_version_and_the_credits_in_the_window(size: tuple[int, int], sound: bool,
                                                                            app: Any) -> None:
    """Under Save and Cancel, within the window, clear of every setting, also with the line a machine without
    sound adds under the volume."""
    from game.scenes.settings import CREDITS, SOUND_OFF, SettingsScene
    from game.ui.layout import Layout

    app.sound.available = sound
    scene = SettingsScene(app)
    scene.resize(Layout(*size))
    about = scene.about_rects()
    assert [text for text, _ in about] == [version_line(), CREDITS]
    assert (SOUND_OFF in [text for text, _ in scene.help_rects()]) is not sound
    window = pygame.Rect((0, 0), size)
    taken = [widget.rect for widget in scene.group.widgets] + [rect for _, rect in scene.help_rects()]
    for _, rect in about:
        assert window.contains(rect) and rect.collidelist(taken) == -1
        assert rect.top >= scene.save_button.rect.bottom
    assert about[1][1].top - about[0][1].top >= about[0][1].h - 1  # one line under the other (a pixel of rounding)
    assert version_line().startswith(f"Hallowtable {__version__} \u00b7 pygame")


def test_the_readme_names_the_wheel_by_a_pattern_not_a_version() -> None:
    """A version written out in the install commands would go stale with the next release."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "dist/hallowtable-*.whl" in readme
    assert not re.search(r"hallowtable-\d", readme)
