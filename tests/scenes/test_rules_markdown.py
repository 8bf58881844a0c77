"""The rules reader's markdown: bold kept as bold, pipe tables drawn as tables, a quick start for every game."""

import pytest

from game.core.registry import all_games
from game.scenes.rich_text import Rich, parse_inline, wrap_rich
from game.scenes.rulebook import Row, RulesScene, column_widths, parse_markdown, parse_table, rules_text
from tests.app_input import run

WAGERS = """3. **Wagers** pay a bonus:

   | wager | comes true when | 3 players |
   | --- | --- | --- |
   | `<` fewest | nobody scored **fewer** | 20 |
   | no wager | always |

   **Our ruling:** ties share it.
"""


def test_bold_is_kept_as_spans_and_the_markers_dropped():
    text = parse_inline("Win **the lowest** card, `code **not bold**` and *this* too")
    assert text == "Win the lowest card, code **not bold** and this too"
    assert ("the lowest", True) in text.spans and all(not bold for part, bold in text.spans if "code" in part)


def test_a_paragraph_keeps_bold_across_joined_lines():
    ((kind, text),) = parse_markdown("Score **the\nlowest** card.")
    assert kind == "p" and text == "Score the lowest card."
    assert isinstance(text, Rich) and text.spans == (("Score ", False), ("the lowest", True), (" card.", False))


def test_a_pipe_table_is_one_block_between_the_text_around_it():
    blocks = parse_markdown(WAGERS)
    assert [kind for kind, _ in blocks] == ["number", "table", "p"]
    assert blocks[0][1] == "3. Wagers pay a bonus:" and blocks[0][1].spans[1] == ("Wagers", True)
    header, rows = parse_table(blocks[1][1])
    assert header == ["wager", "comes true when", "3 players"]
    assert rows == [["< fewest", "nobody scored fewer", "20"], ["no wager", "always", ""]]  # ragged: padded
    assert ("fewer", True) in rows[0][1].spans
    assert blocks[2][1] == "Our ruling: ties share it."


def test_a_table_without_a_rule_line_has_no_header():
    header, rows = parse_table("| a | b |\n| c | d |")
    assert header == [] and rows == [["a", "b"], ["c", "d"]]


def test_columns_keep_their_widths_when_they_fit_and_share_the_room_when_not():
    assert column_widths([100, 200], [20, 30], 400) == [100, 200]
    assert column_widths([300, 300], [50, 250], 300) == [150, 250]


def test_wrapping_keeps_punctuation_on_its_bold_word(app):
    lines = wrap_rich(parse_inline("the **pot**. And the **winner**: none"), 18, 80)
    assert all(not line.startswith((".", ":")) for line in lines)
    assert " ".join(lines) == "the pot. And the winner: none"


def test_the_reader_draws_the_reapers_wager_table_as_a_table(app):
    reader = RulesScene(app, "reapers")
    app.push(reader)
    run(app)
    assert not any("|" in text for _, text in reader.lines)  # no raw pipes left
    head = [text for kind, text in reader.lines if kind == "head"]
    rows = [text for kind, text in reader.lines if kind == "row"]
    assert len(head) == 1 and [str(cell) for _, cell in head[0].cells] == \
        ["wager", "comes true when", "3 players", "4 players", "5 players"]
    assert len(rows) == 3 and all(isinstance(row, Row) for row in rows)
    columns = [offset for offset, _ in head[0].cells]
    assert columns == sorted(columns) and head[0].width <= reader.page().w
    for row in rows:
        assert [offset for offset, _ in row.cells] == columns[: len(row.cells)]
    assert any(str(cell) == "15" for row in rows for _, cell in row.cells)
    for _ in range(30):  # drawn at every scroll, the table's lines clipped to the page
        reader.scroll_by(40)
        app.draw()


def test_bold_is_drawn_bold(app):
    reader = RulesScene(app, "reapers")
    app.push(reader)
    run(app)
    bold = [text for kind, text in reader.lines if isinstance(text, Rich) and any(b for _, b in text.spans)]
    assert any("Our ruling:" in part for text in bold for part, b in text.spans if b)


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.name)
def test_every_game_starts_its_rules_with_a_short_quick_start(spec):
    text = rules_text(spec.name)
    assert text is not None
    blocks = parse_markdown(text)
    headings = [text for kind, text in blocks if kind == "h2"]
    assert headings[0] == "Quick start"
    start = blocks.index(("h2", "Quick start"))
    end = next(i for i in range(start + 1, len(blocks)) if blocks[i][0] == "h2")
    quick = blocks[start + 1:end]
    assert 3 <= len(quick) <= 6 and all(kind == "bullet" for kind, _ in quick)
    assert sum(len(text) for _, text in quick) < 900  # short: the full rules follow

