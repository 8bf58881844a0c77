"""What a row of the history may hold, and its checks in SQL, run by SQLite whenever a row is written.

``game.storage.history`` checks each row it lists in Python. The statistics sum every row, and checking
60,000 rows as they are read takes seconds (in Python or in SQLite's JSON functions alike), so each row is
checked once, when it is written: ``VALID_ROW`` says in SQL what the Python checks say, and the triggers of
``CHECK_ROWS`` (part of the schema, in ``history_db``) set a row's ``counted`` to it on every insert and every
update, by this app or by anyone editing the file with SQLite, together with what the statistics read of a
counted game: the one human's seat, score and share of the win, the kind of table, and (in ``game_figures``,
one row per figure, as the statistics sum them) the figures of a counted finished game. A trigger removed or
changed makes the file one this app did not make (it is kept aside). A row not counted is reported by the
Python checks, which say why.
"""

from __future__ import annotations

from game.core.names import MAX_NAME_LENGTH
from game.core.record import MAX_RECORD_ACTIONS, MAX_VARIANT_CHARS
from game.storage.saves import MAX_GAME_NAME_CHARS

MAX_SEATS = 16
"""The most seats a row may list: our games seat at most 6 (8 names are offered)."""
MAX_KIND_CHARS = 32
"""The longest seat kind (``human`` or an AI level such as ``normal``)."""
MAX_FIGURES = 64
"""The most figures a row may hold: Reapers, the most telling game, has about 20."""
MAX_FIGURE_NAME_CHARS = 64
MAX_SECONDS = 365 * 24 * 3600.0
"""The longest time a game may have been played: a year (a game left open on a table)."""
MAX_HINTS = MAX_RECORD_ACTIONS
"""No game asks for more hints than it has actions."""
DATE_CHARS = 32
"""An ISO date with seconds and offset, ``2026-11-24T05:53:00+00:00``, is 25 characters."""
COLUMN_CHARS: dict[str, int] = {
    "played_at": DATE_CHARS,
    "game": MAX_GAME_NAME_CHARS,
    "variant": MAX_VARIANT_CHARS,
    "seats": MAX_SEATS * (MAX_KIND_CHARS + 4) + 2,
    "names": MAX_SEATS * (2 * MAX_NAME_LENGTH + 4) + 2,
    "humans": MAX_SEATS * 4 + 2,
    "scores": MAX_SEATS * 32 + 2,
    "winners": MAX_SEATS * 4 + 2,
    "figures": MAX_FIGURES * (2 * MAX_FIGURE_NAME_CHARS + 32) + 2,
}
"""How much of each text column is read: what this app writes at most (a name of 16 characters is at most
32 in JSON, a quote or backslash being escaped, plus its quotes and a comma). A longer value is a row this app
did not write, and is reported, not read."""


LARGEST_FLOAT = "1.7976931348623157e308"
"""The largest finite double: a JSON number past it (``1e999``) is read by SQLite as infinity."""


def _whole(column: str, low: int, high: int | str) -> str:
    return f"typeof({column}) = 'integer' AND {column} BETWEEN {low} AND {high}"


def _json(column: str, kind: str, condition: str) -> str:
    """``column`` is JSON of ``kind`` within its limit and meets ``condition`` (looked at only then)."""
    return (f"CASE WHEN typeof({column}) = 'text' AND length({column}) <= {COLUMN_CHARS[column]} "
            f"AND json_valid({column}) THEN json_type({column}) = '{kind}' AND ({condition}) ELSE 0 END")


def _each(column: str, condition: str) -> str:
    """``condition``, an aggregate over the elements of the JSON ``column`` (one ``json_each``: each costs a
    parse of the text), holds."""
    return f"(SELECT {condition} FROM json_each({column}))"


def _texts(column: str, limit: int) -> str:
    return _json(column, "array", _each(column, f"count(*) = players AND NOT coalesce(max(type != 'text' OR "
                                                f"length(value) NOT BETWEEN 1 AND {limit} OR trim(value) = ''), 0)"))


def _seats(column: str) -> str:
    return _json(column, "array", _each(column, "count(DISTINCT value) = count(*) AND NOT coalesce(max(type != "
                                                "'integer' OR value NOT BETWEEN 0 AND players - 1), 0)"))


def _number(value: str) -> str:
    return f"(type NOT IN ('integer', 'real') OR abs({value}) > {LARGEST_FLOAT})"


VALID_ROW = "coalesce(" + " AND ".join([
    f"typeof(game) = 'text' AND length(game) BETWEEN 1 AND {MAX_GAME_NAME_CHARS}",
    f"typeof(variant) = 'text' AND length(variant) BETWEEN 1 AND {COLUMN_CHARS['variant']}",
    # a date with a time zone, as Python reads it; ``date()`` turns 30 February into March: refused
    f"typeof(played_at) = 'text' AND length(played_at) <= {DATE_CHARS} "
    f"AND date(substr(played_at, 1, 10)) = substr(played_at, 1, 10) "
    f"AND strftime('%H:%M:%S', substr(played_at, 12, 8)) = substr(played_at, 12, 8) "
    f"AND (played_at GLOB '*[+-][0-9][0-9]:[0-9][0-9]' OR played_at GLOB '*Z')",
    _whole("players", 1, MAX_SEATS),
    _whole("finished", 0, 1),
    _whole("actions", 0, MAX_RECORD_ACTIONS),
    _whole("hints", 0, MAX_HINTS),
    f"(seconds IS NULL OR typeof(seconds) IN ('integer', 'real') AND seconds BETWEEN 0 AND {MAX_SECONDS})",
    _texts("seats", MAX_KIND_CHARS),
    _texts("names", MAX_NAME_LENGTH),
    _seats("humans"),
    _seats("winners"),
    _json("scores", "array", _each("scores", f"count(*) = players AND NOT coalesce(max({_number('value')}), 0)")),
    _json("figures", "object", _each("figures", f"count(*) <= {MAX_FIGURES} AND NOT coalesce(max(length(key) NOT "
                                                f"BETWEEN 1 AND {MAX_FIGURE_NAME_CHARS} OR {_number('value')}), 0)")),
]) + ", 0)"
"""An SQL condition on a row of ``games``: 1 when it is as ``record_game`` writes it, else 0."""


def _derive(row: str) -> str:
    """The statements setting the checks' columns of the row whose id is ``row``: ``counted``, then, for a
    counted, finished game of one human, that human's seat, score, share of the win and kind of table, and
    the figures of a counted finished game (each JSON function only on a counted row: it fails on text that
    is not JSON)."""
    return f"""UPDATE games SET counted = {VALID_ROW}, human = NULL, human_score = NULL, human_share = NULL,
                table_kind = NULL WHERE id = {row};
            UPDATE games SET human = json_extract(humans, '$[0]') WHERE id = {row}
                AND CASE WHEN counted = 1 AND finished = 1 THEN json_array_length(humans) = 1 ELSE 0 END;
            UPDATE games SET human_score = json_extract(scores, '$[' || human || ']'),
                human_share = CASE WHEN EXISTS (SELECT 1 FROM json_each(winners) WHERE value = human)
                                   THEN 1.0 / json_array_length(winners) ELSE 0.0 END,
                table_kind = players || ' players vs ' || (
                    SELECT CASE count(DISTINCT value) WHEN 1 THEN max(value) ELSE 'mixed' END
                    FROM json_each(seats) WHERE key != human)
                WHERE id = {row} AND human IS NOT NULL;
            DELETE FROM game_figures WHERE id = {row};
            INSERT INTO game_figures SELECT games.game, figure.key, games.id, figure.value FROM games, json_each(
                CASE WHEN games.counted = 1 AND games.finished = 1 THEN games.figures ELSE '{{}}' END) AS figure
                WHERE games.id = {row};"""


CHECK_ROWS = (
    "ALTER TABLE games ADD COLUMN counted INTEGER",
    "ALTER TABLE games ADD COLUMN human INTEGER",
    "ALTER TABLE games ADD COLUMN human_score REAL",
    "ALTER TABLE games ADD COLUMN human_share REAL",
    "ALTER TABLE games ADD COLUMN table_kind TEXT",
    # what the statistics read of the counted games, so that they never read the long records
    """CREATE INDEX games_counted ON games (game, played_at, id, finished, hints, actions, human, human_share,
        human_score, table_kind, counted) WHERE counted = 1""",
    "CREATE INDEX games_skipped ON games (game, id) WHERE counted IS NOT 1",
    # in the order the statistics sum them, per game and figure; SQLite refuses any other value, any row but
    # a counted finished game's figure, and any change but the triggers' (which delete and insert)
    f"""CREATE TABLE game_figures (game TEXT NOT NULL, name TEXT NOT NULL CHECK (typeof(name) = 'text' AND
        length(name) BETWEEN 1 AND {MAX_FIGURE_NAME_CHARS}), id INTEGER NOT NULL, value REAL NOT NULL CHECK
        (typeof(value) = 'real' AND abs(value) <= {LARGEST_FLOAT}), PRIMARY KEY (game, name, id)) WITHOUT ROWID""",
    "CREATE INDEX game_figures_by_id ON game_figures (id)",
    """CREATE TRIGGER game_figures_of_counted_games BEFORE INSERT ON game_figures
        WHEN (SELECT game FROM games WHERE id = NEW.id AND counted = 1 AND finished = 1) IS NOT NEW.game
        BEGIN SELECT RAISE(ABORT, 'game_figures holds the figures of counted finished games only'); END""",
    """CREATE TRIGGER game_figures_unchanged BEFORE UPDATE ON game_figures
        BEGIN SELECT RAISE(ABORT, 'game_figures is kept by the triggers of the games'); END""",
    "CREATE TRIGGER games_figures_on_delete AFTER DELETE ON games BEGIN DELETE FROM game_figures WHERE id = OLD.id; "
    "END",
    f"CREATE TRIGGER games_checked_on_insert AFTER INSERT ON games BEGIN {_derive('NEW.id')} END",
    # also when ``counted`` itself is set by hand (SQLite runs no trigger from its own trigger's update)
    f"CREATE TRIGGER games_checked_on_update AFTER UPDATE ON games BEGIN {_derive('NEW.id')} END",
    "UPDATE games SET counted = NULL",  # every row already there checked now, by the trigger
)
"""The schema's statements that keep each row checked (see the module's docstring)."""
