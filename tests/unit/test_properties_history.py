"""Property tests of the history's way out and back in (hypothesis): any history this version
exports imports back, on another device, to the same statistics; and a file whose game has a
field changed, any field, in any way, is either refused whole or leaves the statistics as
they were (a name written otherwise but normalised alike, an end time moved, the record gone
from a game that still says the truth). Nothing an import lets in can falsify them.

The games carry their records, as an export of the latest games does (an entry without one,
older than the records kept, can only be checked for what its game can end with).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from hypothesis import given
from hypothesis import strategies as st
from properties_support import examples
from test_properties_records import JSON, JSON_SCALARS

from dadoteca.core import RuleError
from dadoteca.match import Match
from dadoteca.playout import random_match
from dadoteca_web.app import App
from dadoteca_web.history import History
from dadoteca_web.i18n import Translator
from dadoteca_web.screens import GAME_UIS, solo_results
from dadoteca_web.stats import player_stats, solo_bests
from dadoteca_web.storage import GameStore, MemoryStore

NOW: Final = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
# Finished games of every game and table size, whose seats the tests name and seat.
RECORDS: Final = [
    random_match(game, players, seed).record()
    for seed, (game, players) in enumerate(
        [
            ("qwixx", 1),
            ("qwixx", 2),
            ("qwixx", 3),
            ("diceland", 1),
            ("diceland", 2),
            ("shelfie", 1),
            ("shelfie", 2),
            ("shelfie", 4),
        ]
    )
]
# Names that are one person, or not: a zero-width space, a fullwidth letter, another case.
NAMES: Final = ["Anna", "Anna\u200b", "\uff21nna", "anna", "Bo", "Cy"]
KINDS: Final = ["human", "human", "bot:easy", "bot:expert"]
ENTRY_FIELDS: Final = ["id", "ended", "game", "players", "winners", "result", "dice", "record"]


def new_app(store: MemoryStore) -> App:
    return App(GameStore(store), Translator("en", {}), lambda: 9, now=lambda: NOW)


@st.composite
def histories(draw: st.DrawFn) -> MemoryStore:
    """A device's history: finished games, their seats named and seated at random."""
    store = MemoryStore()
    app = new_app(store)
    chosen = draw(st.lists(st.sampled_from(range(len(RECORDS))), min_size=1, max_size=6))
    for number, which in enumerate(chosen):
        record = dict(RECORDS[which])
        seats = len(record["seats"])  # type: ignore[arg-type]
        names = draw(st.lists(st.sampled_from(NAMES), min_size=seats, max_size=seats))
        kinds = draw(st.lists(st.sampled_from(KINDS), min_size=seats, max_size=seats))
        record["seats"] = [{"name": n, "kind": k} for n, k in zip(names, kinds, strict=True)]
        match = Match.from_record(record)
        result = solo_results(app.t).result(match) if seats == 1 else None
        app.history.add(match, NOW - timedelta(days=len(chosen) - number), result)
    return store


def statistics(store: MemoryStore) -> tuple[object, ...]:
    """Everything the statistics show, scores as a multiset (an end time moved reorders
    them, and the trend line with them: the order is not a claim the record can check)."""
    games = History(store).games()
    rows = [
        (row.game, row.name, row.games, row.wins, row.mean, row.best, sorted(row.scores))
        for row in player_stats(games)
    ]
    bests = [
        (best.game, best.name, best.result)
        for best in solo_bests(games, lambda game: GAME_UIS[game].lower_is_better)
    ]
    return rows, bests


def imported(text: str) -> MemoryStore | None:
    """A device that imported ``text``: None if it refused it, with a RuleError (any other
    exception fails the test)."""
    store = MemoryStore()
    app = new_app(store)
    try:
        app.history.import_games(text, NOW, solo_results(app.t))
    except RuleError as error:
        assert error.rule.startswith("history.") and error.message
        return None
    return store


@examples(60)
@given(history=histories())
def test_an_exported_history_imports_back_to_the_same_statistics(history: MemoryStore) -> None:
    store = imported(History(history).export())
    assert store is not None
    assert History(store).games() == History(history).games()
    assert statistics(store) == statistics(history)


def changed(value: Any, data: st.DataObject) -> Any:
    """``value`` changed a little (a number moved by one, a name respelt, an item dropped or
    added) or replaced by any JSON value."""
    if isinstance(value, bool) or not isinstance(value, int | str | list | dict):
        return data.draw(JSON, label="any")
    if isinstance(value, int):
        return value + data.draw(st.sampled_from([-1, 1, 10**400]), label="by")
    if isinstance(value, str):
        return data.draw(
            st.sampled_from([f" {value} ", value.upper(), value + "\u200b", value[:-1], ""])
            | st.text(max_size=8),
            label="text",
        )
    if isinstance(value, list):
        inside: bool = data.draw(st.booleans(), label="inside")
        if value and inside:
            index = data.draw(st.integers(0, len(value) - 1), label="index")
            return [*value[:index], changed(value[index], data), *value[index + 1 :]]
        return data.draw(st.sampled_from([value[1:], [*value, *value[:1]], value[::-1]]))
    key = data.draw(st.sampled_from(sorted(value) or ["x"]), label="key")
    drop: bool = data.draw(st.booleans(), label="drop")
    if key in value and drop:
        return {k: v for k, v in value.items() if k != key}
    return {**value, key: changed(value.get(key), data)}


@examples(300)
@given(history=histories(), data=st.data())
def test_a_game_with_a_field_changed_is_refused_or_leaves_the_statistics_as_they_were(
    history: MemoryStore, data: st.DataObject
) -> None:
    exported = json.loads(History(history).export())
    games = exported["games"]
    game = games[data.draw(st.integers(0, len(games) - 1), label="game")]
    field = data.draw(st.sampled_from(ENTRY_FIELDS), label="field")
    how = data.draw(st.sampled_from(["change", "drop", "any"]), label="how")
    if how == "drop":
        game.pop(field, None)
    elif how == "any":
        game[field] = data.draw(JSON_SCALARS | JSON, label="value")
    else:
        game[field] = changed(game.get(field), data)
    store = imported(json.dumps(exported))
    if store is not None:
        assert statistics(store) == statistics(history)
