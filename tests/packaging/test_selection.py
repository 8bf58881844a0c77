"""The slow ``packaging`` tests stay out of every ordinary run, including one with its own ``-m`` (which
replaces any marker filter of ``addopts``), and come in when the environment asks for them."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.packaging.support import PACKAGING_ENV, ROOT


def _collected(*args: str, asked: bool) -> list[str]:
    env = {key: value for key, value in os.environ.items() if key != PACKAGING_ENV}
    if asked:
        env[PACKAGING_ENV] = "1"
    result = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *args,
                             "tests/packaging/test_wheel.py"], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    return [line for line in result.stdout.splitlines() if "::" in line]


@pytest.mark.parametrize("args", [(), ("-m", "not slow"), ("-m", "packaging")])
def test_a_run_leaves_them_out_whatever_its_marker_filter(args: tuple[str, ...]) -> None:
    assert _collected(*args, asked=False) == []


def test_the_environment_brings_them_in() -> None:
    assert _collected("-m", "packaging", asked=True)
