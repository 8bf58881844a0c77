"""What the bundle's build adds beside the program, without building it: our LICENSE and the licences its
packages installed; and without PyInstaller, one line naming the extra that brings it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.packaging.support import ROOT


@pytest.fixture(scope="module")
def build_bundle() -> ModuleType:
    """``tools/build_bundle.py``, a script rather than a module of the package, loaded from its file."""
    spec = importlib.util.spec_from_file_location("build_bundle", ROOT / "tools" / "build_bundle.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_our_licence_and_the_installed_packages_go_beside_the_program(build_bundle: ModuleType,
                                                                       tmp_path: Path) -> None:
    without = build_bundle.copy_licences(tmp_path)
    assert (tmp_path / "LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes()
    licences = tmp_path / build_bundle.LICENCES_FOLDER
    carried = {path.relative_to(licences).parts[0] for path in licences.rglob("*") if path.is_file()}
    assert {"PyYAML", "platformdirs"} <= carried
    found, _ = build_bundle.licence_files()
    assert all((licences / relative).read_bytes() == source.read_bytes() for relative, source in found.items())
    assert all(name.split(" ")[0] not in carried for name in without)


def test_without_pyinstaller_the_build_names_the_bundle_extra(build_bundle: ModuleType,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "PyInstaller", None)  # an import of it fails as when it is not installed
    with pytest.raises(SystemExit) as stop:
        build_bundle.main(["--dist", "unused"])
    assert "'.[bundle]'" in str(stop.value.code) and str(stop.value.code).startswith("error: ")
