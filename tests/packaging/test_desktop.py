"""The desktop entry: ``--install-desktop`` writes a launcher, the icon in every size and the metainfo into the
user's data folder (here a temporary ``XDG_DATA_HOME``), each valid by freedesktop's own checkers where they are
installed (where CI runs, they must be); ``--uninstall-desktop`` removes exactly those; a folder that cannot be
written leaves nothing half done; macOS and Windows are told what is not done."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import run
from game.cli.desktop import launch_command
from game.storage.desktop import (APP_ID, ICON_ART, ICON_SIZES, ICON_STEM, DesktopUnsupported, entry_files,
                                  exec_line, install_desktop, uninstall_desktop)
from tests.packaging.support import Player

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE, path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _entry(home: Path) -> dict[str, str]:
    lines = (home / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line)


def _validate(tool: list[str], path: Path) -> None:
    if shutil.which(tool[0]) is None:
        if os.environ.get("CI"):  # .ci/run installs them: missing there, the entry would go unchecked
            pytest.fail(f"{tool[0]} is not installed, and CI must validate the desktop entry with it")
        pytest.skip(f"{tool[0]} is not installed")
    result = subprocess.run([*tool, str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_shipped_icons_are_pngs_of_their_sizes_and_a_scalable_svg() -> None:
    for size in ICON_SIZES:
        assert _png_size(ICON_ART / f"{ICON_STEM}-{size}.png") == (size, size)
    assert (ICON_ART / f"{ICON_STEM}.svg").read_text(encoding="utf-8").lstrip().startswith("<svg")


def test_install_writes_the_launcher_the_icons_and_the_metainfo(data_home: Path) -> None:
    written = install_desktop(["/opt/hallowtable/bin/hallowtable"])
    assert sorted(written) == sorted(entry_files(data_home))
    entry = _entry(data_home)
    assert entry["Exec"] == "/opt/hallowtable/bin/hallowtable"
    assert entry["Icon"] == APP_ID and entry["Name"] == "Hallowtable" and entry["Terminal"] == "false"
    assert entry["StartupWMClass"] == APP_ID  # the window groups under the launcher's icon in a dock
    for size in ICON_SIZES:
        assert _png_size(data_home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png") == (size, size)
    assert (data_home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    metainfo = (data_home / "metainfo" / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8")
    assert f"<id>{APP_ID}</id>" in metainfo and f"<launchable type=\"desktop-id\">{APP_ID}.desktop" in metainfo


def test_the_launcher_passes_desktop_file_validate(data_home: Path) -> None:
    install_desktop(["/home/a player/My Games/bin/python", "/home/a player/hallow $table/main.py"])
    _validate(["desktop-file-validate"], data_home / "applications" / f"{APP_ID}.desktop")


def test_the_metainfo_passes_appstreamcli_validate(data_home: Path) -> None:
    install_desktop(["hallowtable"])
    _validate(["appstreamcli", "validate", "--no-net"], data_home / "metainfo" / f"{APP_ID}.metainfo.xml")


@pytest.mark.parametrize(("command", "line"), [
    (["/usr/bin/hallowtable"], "/usr/bin/hallowtable"),
    (["/home/me/.venv/bin/python", "/home/me/my games/main.py"],
     '/home/me/.venv/bin/python "/home/me/my games/main.py"'),
    (["/opt/100%/hallowtable"], "/opt/100%%/hallowtable"),
    (['/opt/"$x"/run'], '"/opt/\\\\"\\\\$x\\\\"/run"'),
    (["C:\\Games\\hallowtable"], '"C:\\\\\\\\Games\\\\\\\\hallowtable"'),
])
def test_exec_quotes_each_argument_as_the_specification_asks(command: list[str], line: str) -> None:
    assert exec_line(command) == line


def test_uninstall_removes_what_install_wrote_and_nothing_else(data_home: Path) -> None:
    neighbour = data_home / "applications" / "org.example.Other.desktop"
    neighbour.parent.mkdir(parents=True)
    neighbour.write_text("[Desktop Entry]\n", encoding="utf-8")
    written = install_desktop(["hallowtable"])
    assert sorted(uninstall_desktop()) == sorted(written)
    assert not any(path.exists() for path in written)
    assert neighbour.is_file()
    assert uninstall_desktop() == []


def test_the_command_line_installs_and_uninstalls(data_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--install-desktop"]) == 0
    said = capsys.readouterr().out
    assert "application menu" in said and str(data_home / "applications" / f"{APP_ID}.desktop") in said
    assert _entry(data_home)["Exec"]
    assert run(["--uninstall-desktop"]) == 0
    assert f"{len(entry_files(data_home))} files removed" in capsys.readouterr().out
    assert run(["--uninstall-desktop"]) == 0
    assert "nothing removed" in capsys.readouterr().out


def test_the_launcher_is_written_last(data_home: Path) -> None:
    written = install_desktop(["hallowtable"])
    assert written[-1] == data_home / "applications" / f"{APP_ID}.desktop"


def test_a_data_folder_that_is_a_file_stops_the_install_with_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder that cannot be written (tests run as root, so a file stands in for a read-only folder)."""
    blocked = tmp_path / "share"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    assert run(["--install-desktop"]) == 1
    said = capsys.readouterr()
    assert said.out == "" and said.err.count("\n") == 1
    assert said.err.startswith(f"error: could not install the desktop entry under {blocked}: ")


def test_a_failure_midway_removes_what_the_install_had_written(data_home: Path) -> None:
    (data_home / "metainfo").parent.mkdir(parents=True)
    (data_home / "metainfo").write_text("in the way", encoding="utf-8")  # the icons go in, the metainfo cannot
    with pytest.raises(OSError):
        install_desktop(["hallowtable"])
    assert not any(path.exists() for path in entry_files(data_home) if path.parent.name != "metainfo")
    assert [path for path in data_home.rglob("*") if path.is_file()] == [data_home / "metainfo"]


def test_the_launcher_starts_a_checkout_with_its_python(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", ["main.py", "--install-desktop"])
    assert launch_command() == [sys.executable, str(tmp_path / "main.py")]


def test_the_launcher_starts_the_installed_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "venv" / "bin" / "hallowtable"
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.setattr(sys, "argv", [str(script), "--install-desktop"])
    assert launch_command() == [str(script)]


def test_the_launcher_starts_the_bundle_s_program(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/Hallowtable/Hallowtable")
    monkeypatch.setattr(sys, "argv", ["/opt/Hallowtable/Hallowtable", "--install-desktop"])
    assert launch_command() == ["/opt/Hallowtable/Hallowtable"]


def test_the_options_stand_alone(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--install-desktop", "variants"]) == 2
    assert run(["--install-desktop", "--uninstall-desktop"]) == 2
    assert capsys.readouterr().err.count("error:") == 2


@pytest.mark.parametrize(("platform", "system"), [("darwin", "macOS"), ("win32", "Windows")])
def test_macos_and_windows_are_told_what_is_not_done(platform: str, system: str, data_home: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "platform", platform)
    with pytest.raises(DesktopUnsupported):
        install_desktop(["hallowtable"])
    assert run(["--install-desktop"]) == 1
    assert run(["--uninstall-desktop"]) == 1
    said = capsys.readouterr().err
    assert said.count(f"{system} has no freedesktop application menu") == 2
    assert not data_home.exists()


@pytest.mark.packaging
def test_the_installed_wheel_installs_its_desktop_entry(player: Player) -> None:
    """From a player's venv: the icons and templates came with the wheel, and the launcher starts its command."""
    said = player.hallowtable("--install-desktop")
    home = player.home / ".local" / "share"
    assert str(home) in said
    assert _entry(home)["Exec"] == str(player.bin_dir / "hallowtable")
    _validate(["desktop-file-validate"], home / "applications" / f"{APP_ID}.desktop")


def test_the_window_s_class_is_the_launcher_s_so_a_dock_groups_them(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.core.settings import Settings
    from game.scenes.launch import WINDOW_CLASS_VARIABLES, open_app

    for variable in WINDOW_CLASS_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    open_app(Settings()).close()
    assert {os.environ[variable] for variable in WINDOW_CLASS_VARIABLES} == {APP_ID}
