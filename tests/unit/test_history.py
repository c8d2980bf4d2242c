"""The history of finished games: one entry per game that ends here, kept across restarts."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from dadoteca.core import RuleError
from dadoteca_web.app import App
from dadoteca_web.i18n import Translator
from dadoteca_web.storage import (
    BROKEN_PREFIX,
    HISTORY_KEY,
    HISTORY_LIMIT,
    SAVE_RULES,
    GameStore,
    History,
    MemoryStore,
)

ENDED = datetime(2026, 11, 22, 18, 30, tzinfo=UTC)


def new_app(store: MemoryStore) -> App:
    return App(GameStore(store), Translator("en", {}), lambda: 9, now=lambda: ENDED)


def finished_app(store: MemoryStore, game: str = "qwixx", seed: int = 5) -> App:
    """A game of two computers, played to its end by the app."""
    app = new_app(store)
    app.start(["", ""], seed, game=game, choices=[{"player": "easy"}, {"player": "normal"}])
    app.play_bots()
    assert app.screen == "over"
    return app


def stored(store: MemoryStore) -> dict[str, object]:
    text = store.getItem(HISTORY_KEY)
    assert text is not None
    value = json.loads(text)
    assert isinstance(value, dict)
    return value


@pytest.mark.parametrize("game", ["qwixx", "diceland", "shelfie"])
def test_a_game_that_ends_enters_the_history_with_its_players_and_scores(game: str) -> None:
    store = MemoryStore()
    app = finished_app(store, game)
    assert app.match is not None
    state = app.match.state
    history = stored(store)
    assert history["format"] == "dadoteca-history" and history["version"] == 1
    [entry] = History(store).games()
    assert entry["game"] == game
    assert entry["ended"] == "2026-11-22T18:30:00+00:00"
    assert entry["players"] == [
        {"name": "Computer 1", "kind": "bot:easy", "score": state.scores()[0]},
        {"name": "Computer 2", "kind": "bot:normal", "score": state.scores()[1]},
    ]
    assert entry["winners"] == list(state.winners())


def test_a_game_enters_once_whatever_reloads_and_repaints() -> None:
    store = MemoryStore()
    app = finished_app(store)
    assert app.match is not None
    resumed = new_app(store)  # a reload on the end screen
    assert resumed.screen == "over"
    resumed.handle("roll", {})  # taps on the end screen play nothing
    resumed.history.add(app.match, ENDED)
    assert len(History(store).games()) == 1
    finished_app(store, seed=6)  # another game is another entry
    assert len(History(store).games()) == 2


def test_an_unfinished_or_abandoned_game_stays_out() -> None:
    store = MemoryStore()
    app = new_app(store)
    app.start(["Ann", "Bo"], 5)
    app.handle("roll", {})
    app.handle("new-game", {})
    app.handle("new-game-confirmed", {})
    assert app.screen == "setup"
    assert store.getItem(HISTORY_KEY) is None


def test_the_history_keeps_the_latest_games_and_fields_it_does_not_know() -> None:
    store = MemoryStore()
    old = [
        {"id": f"old{n}", "game": "qwixx", "players": [], "note": n} for n in range(HISTORY_LIMIT)
    ]
    store.setItem(
        HISTORY_KEY, json.dumps({"format": "dadoteca-history", "version": 1, "games": old})
    )
    finished_app(store)
    games = History(store).games()
    assert len(games) == HISTORY_LIMIT
    assert games[0] == old[1]  # the oldest went; an unknown field stays as it was
    assert games[-1]["ended"] == ENDED.isoformat()


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        '{"format": "dadoteca-history", "version": 2, "games": []}',
        '{"format": "something else", "version": 1, "games": []}',
        '{"format": "dadoteca-history", "version": 1, "games": "none"}',
        "[" * 100_000,
    ],
)
def test_an_unreadable_history_is_set_aside_and_a_new_one_begun(text: str) -> None:
    store = MemoryStore()
    store.setItem(HISTORY_KEY, text)
    finished_app(store)
    assert len(History(store).games()) == 1
    assert [v for k, v in store.items.items() if k.startswith(f"{BROKEN_PREFIX}history.")] == [text]


class FullStore(MemoryStore):
    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        raise OSError("QuotaExceededError")


def test_a_full_storage_loses_the_entry_never_the_game() -> None:
    app = finished_app(FullStore())
    assert app.screen == "over"
    assert "not saving the game" in app.regions()["warnings"]


def two_devices() -> tuple[MemoryStore, MemoryStore]:
    """A history of three games on one device, one of them also on another."""
    first, second = MemoryStore(), MemoryStore()
    for seed in (5, 6, 7):
        finished_app(first, seed=seed)
    finished_app(second, seed=5)
    return first, second


def test_an_exported_history_imported_on_another_device_adds_the_games_it_lacks() -> None:
    first, second = two_devices()
    exported = new_app(first).history.export()
    games = json.loads(exported)["games"]
    assert [game.pop("record")["format"] for game in games] == ["dadoteca-record"] * 3
    assert games == History(first).games()
    app = new_app(second)
    assert app.import_history(exported) == ("2 finished games added to the history.", "info")
    assert History(second).games() == History(first).games()  # each game once
    said = app.import_history(exported)  # again: nothing new
    assert said == ("Every game of this file is in the history already.", "info")
    assert len(History(second).games()) == 3


def entry_changed(games: list[dict[str, object]], **fields: object) -> str:
    return json.dumps(
        {"format": "dadoteca-history", "version": 1, "games": [{**games[0], **fields}]}
    )


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        ({"id": "not an id"}, "history.bad_game"),
        ({"ended": "yesterday"}, "history.bad_game"),
        ({"ended": "2026-11-22T18:30:00"}, "history.bad_game"),  # no time zone
        ({"game": "chess"}, "history.bad_game"),
        ({"players": []}, "history.bad_game"),
        ({"players": [{"name": "\u202eeve", "kind": "human", "score": 1}]}, "history.bad_game"),
        ({"players": [{"name": "x" * 99, "kind": "human", "score": 1}]}, "history.bad_game"),
        ({"players": [{"name": "Ann", "kind": "root", "score": 1}]}, "history.bad_game"),
        ({"players": [{"name": "Ann", "kind": "human", "score": "1"}]}, "history.bad_game"),
        ({"players": ["Ann"]}, "history.bad_game"),
        ({"winners": [5]}, "history.bad_game"),
        ({"winners": [True]}, "history.bad_game"),
        ({"result": 1.5}, "history.bad_game"),
    ],
)
def test_a_history_with_a_damaged_game_is_refused_whole_in_words(
    change: dict[str, object], rule: str
) -> None:
    first, second = two_devices()
    before = second.getItem(HISTORY_KEY)
    text = entry_changed(History(first).games(), **change)
    with pytest.raises(RuleError) as refused:
        History(second).import_games(text)
    assert refused.value.rule == rule and "game 1 of the file" in refused.value.message
    assert second.getItem(HISTORY_KEY) == before  # nothing of it entered
    said, kind = new_app(second).import_history(text)
    assert kind == "error" and said.startswith("This file cannot be imported: Finished game 1")


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        (None, "history.not_utf8"),
        ("{", "history.not_json"),
        ("x" * (1 << 21), "history.too_large"),
        ('{"format": "dadoteca-record", "games": []}', "history.not_history"),
        ('{"format": "dadoteca-history", "version": 2, "games": []}', "history.version"),
        ('{"format": "dadoteca-history", "version": 1, "games": {}}', "history.version"),
    ],
)
def test_a_file_that_is_not_a_history_of_this_version_is_refused_in_words(
    text: str | None, rule: str
) -> None:
    _, second = two_devices()
    before = second.getItem(HISTORY_KEY)
    said, kind = new_app(second).import_history(text)
    assert kind == "error" and said.startswith("This file cannot be imported: ")
    reason = said.removeprefix("This file cannot be imported: ")
    assert reason.startswith(SAVE_RULES[rule].removesuffix(": {problem}"))
    assert second.getItem(HISTORY_KEY) == before


def test_an_imported_history_keeps_only_what_this_version_knows_of_each_game() -> None:
    first, second = two_devices()
    games = History(first).games()
    text = entry_changed(games, note="<script>x</script>", winners=[1, 1, 0])
    assert History(second).import_games(text)[0] == 0  # that game was there already
    third = MemoryStore()
    assert History(third).import_games(text)[0] == 1
    [entry] = History(third).games()
    assert "note" not in entry and entry["winners"] == [0, 1]


def test_a_full_storage_refuses_the_import_and_keeps_the_history() -> None:
    first, _ = two_devices()
    full = FullStore()
    full.items[HISTORY_KEY] = json.dumps(
        {"format": "dadoteca-history", "version": 1, "games": History(first).games()[:1]}
    )
    history = History(full)
    with pytest.raises(RuleError) as refused:
        history.import_games(new_app(first).history.export())
    assert refused.value.rule == "history.not_stored"
    assert history.added == {} and len(history.games()) == 1
