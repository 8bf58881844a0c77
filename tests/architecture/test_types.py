"""Every module of ``game`` type-checks under mypy with the project's settings (``[mypy]`` in setup.cfg):
the type hints the style asks for are held to account, not just written."""

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[2]


def test_the_game_package_type_checks(monkeypatch):
    monkeypatch.chdir(ROOT)  # mypy reads setup.cfg and the files it names from the working folder
    report, errors, status = api.run(["--config-file", str(ROOT / "setup.cfg")])
    assert status == 0, report + errors
    assert "Success: no issues found" in report
