"""Every bundled font and picture is credited where players look: the Settings screen and the README name
each font and each author of the card pictures."""

import re
from pathlib import Path

from game.scenes.settings import CREDITS

ROOT = Path(__file__).resolve().parents[2]


def picture_authors() -> set[str]:
    rows = (ROOT / "art" / "cards" / "icons" / "CREDITS.md").read_text(encoding="utf-8")
    return set(re.findall(r"^\| `[^`]+\.svg` \| ([^|]+?) \|", rows, re.MULTILINE))


def test_the_app_and_the_readme_credit_every_font_and_every_picture_author():
    authors = picture_authors()
    assert len(authors) >= 2
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    fonts = {path.stem.split("-")[0] for path in (ROOT / "art" / "fonts").glob("*.ttf")}
    for credits in (CREDITS, readme):
        assert all(author in credits for author in authors), authors
        assert all(re.sub(r"(?<=[a-z])(?=[A-Z])", " ", face) in credits for face in fonts), fonts
