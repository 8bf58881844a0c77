"""The build's one addition to setup.cfg: a wheel carries the shipped folders (``art/``, ``config/``).

They stay at the repository's top level, where a checkout and an editable install read them; building the
package copies them into it, where ``game.core.paths`` looks first (see there).
"""

import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
"""The source tree (a checkout or an unpacked sdist), whatever the working folder."""
sys.path.insert(0, str(HERE))
from game.core.paths import PACKAGED_FOLDER, SHIPPED_FOLDERS  # noqa: E402

LEFT_OUT = shutil.ignore_patterns(".*", "__pycache__", "*.py[cod]")
"""What a folder of a checkout may hold that is no part of it: hidden files, Python's caches."""


class BuildWithShippedFolders(build_py):
    """``build_py`` that also copies ``art/`` and ``config/`` into ``game/shipped/`` of the build."""

    def run(self) -> None:
        """Build the package, then copy the shipped folders fresh (an editable install reads them in place)."""
        super().run()
        if self.editable_mode:
            return
        for folder in SHIPPED_FOLDERS:
            target = Path(self.build_lib) / "game" / PACKAGED_FOLDER / folder
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(HERE / folder, target, ignore=LEFT_OUT)


setup(cmdclass={"build_py": BuildWithShippedFolders})
