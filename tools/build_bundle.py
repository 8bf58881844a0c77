"""Build the one-folder bundle for players without Python: ``dist/Hallowtable/``, started by its ``Hallowtable``.

    .venv/bin/pip install -e '.[bundle]' && .venv/bin/python tools/build_bundle.py

PyInstaller gathers Python, pygame, the app and the shipped folders (``art/``, ``config/``, into
``game/shipped/`` as a wheel has them, where ``game.core.paths`` finds them) into one folder to copy or archive
as it is. Beside the program go our LICENSE and, under ``licenses/``, the licences of what the bundle carries
that their installed packages hold (a package that ships none is named when the build ends). It builds for the
system it runs on: a bundle built on Linux runs on Linux machines with the same or a newer C library (glibc),
so build on the oldest system you mean to support.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from game.core.paths import PACKAGED_FOLDER, SHIPPED_FOLDERS  # noqa: E402

NAME = "Hallowtable"
"""The bundle's folder under ``dist/`` and the name of the program in it."""
BUNDLED_DISTRIBUTIONS = ("pygame", "pygame-ce", "PyYAML", "platformdirs")
"""The installed packages the bundle carries (one of the two pygames is installed), whose licences go with it."""
LICENCE_FILE = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE)", re.IGNORECASE)
LICENCES_FOLDER = "licenses"


def pyinstaller_options(dist: Path, work: Path) -> list[str]:
    """PyInstaller's command line for a one-folder build of ``main.py`` into ``dist/NAME``."""
    options = [str(ROOT / "main.py"), "--name", NAME, "--onedir", "--noconfirm", "--clean", "--log-level", "WARN",
               "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work), "--paths", str(ROOT),
               # the games register themselves when game.games imports them by name, unseen by PyInstaller
               "--collect-submodules", "game"]
    for folder in SHIPPED_FOLDERS:
        options += ["--add-data", f"{ROOT / folder}{os.pathsep}game/{PACKAGED_FOLDER}/{folder}"]
    if sys.platform != "win32":
        options.append("--strip")  # symbols are most of libpython's size; PyInstaller advises against it on Windows
    return options


def licence_files() -> tuple[dict[Path, Path], list[str]]:
    """Each licence file to put in the bundle, by its path under ``licenses/``, from Python's and the installed
    packages' own; and the installed packages that hold none."""
    found: dict[Path, Path] = {}
    stdlib_licence = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    if stdlib_licence.is_file():
        found[Path("Python") / stdlib_licence.name] = stdlib_licence
    without = []
    for name in BUNDLED_DISTRIBUTIONS:
        try:
            distribution = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        files = [file for file in distribution.files or [] if LICENCE_FILE.match(file.name)]
        for file in files:
            found[Path(name) / file] = Path(str(distribution.locate_file(file)))
        if not files:
            without.append(f"{name} (its licence: {distribution.metadata.get('License') or 'see its home page'})")
    return found, without


def copy_licences(bundle: Path) -> list[str]:
    """Copy our LICENSE and the licences ``licence_files`` finds into ``bundle``; the packages without one."""
    shutil.copyfile(ROOT / "LICENSE", bundle / "LICENSE")
    found, without = licence_files()
    for relative, source in found.items():
        target = bundle / LICENCES_FOLDER / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    return without


def main(argv: list[str] | None = None) -> int:
    """Build the bundle; PyInstaller stops the build with its own message when it fails."""
    parser = argparse.ArgumentParser(description="Build dist/Hallowtable/, the one-folder bundle for players.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help=f"the folder to build {NAME}/ in")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "bundle",
                        help="PyInstaller's working folder (its spec file and caches)")
    args = parser.parse_args(argv)
    try:
        import PyInstaller.__main__
    except ImportError:
        sys.exit("error: PyInstaller is not installed; install the bundle extra first: "
                 ".venv/bin/pip install -e '.[bundle]'")
    PyInstaller.__main__.run(pyinstaller_options(args.dist, args.work))
    without = copy_licences(args.dist / NAME)
    if without:
        print(f"no licence file installed with {', '.join(without)}: add it to {args.dist / NAME / LICENCES_FOLDER} "
              "by hand before handing the bundle out")
    print(f"built {args.dist / NAME}; start it with {args.dist / NAME / NAME}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
