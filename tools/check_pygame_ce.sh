#!/usr/bin/env bash
# The app on pygame-ce, the pygame that Python 3.14 and later install (setup.cfg): a fresh venv with pygame-ce in
# place of pygame and this checkout installed without its dependencies, then a quick round, headless: a game of
# each through `simulate` and every scene's screenshot, none blank (tools/quick_round.py), then the tests of the
# four tables and of the input they take. The whole suite runs on pygame (the README's test command); this runs
# after it in CI.
#
#   tools/check_pygame_ce.sh                      # a throwaway venv in a temporary folder
#   CHECK_VENV=.venv-ce tools/check_pygame_ce.sh  # or one kept (and reused) at CHECK_VENV
set -euo pipefail
cd "$(dirname "$0")/.."
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
venv=${CHECK_VENV:-$work/venv}
start=$SECONDS

if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check pygame-ce PyYAML platformdirs pytest hypothesis
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps -e .
python="$venv/bin/python"
"$python" -c 'import pygame, sys; sys.exit(0 if getattr(pygame, "IS_CE", False) else "pygame is not pygame-ce")'
"$python" main.py --version
echo "set up in $((SECONDS - start)) s"

"$python" tools/quick_round.py

"$python" -m pytest -q -p no:cacheprovider -x \
  tests/reapers/test_table.py tests/spectral_reapers/test_table.py \
  tests/nevermore/test_table.py tests/trick_or_treat/test_table.py tests/ui/test_seams_input.py \
  tests/packaging/test_pygame_choice.py tests/packaging/test_version.py tests/packaging/test_desktop.py
echo "pygame-ce check passed in $((SECONDS - start)) s"
