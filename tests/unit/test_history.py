"""The history of finished games: one entry per game that ends here, kept across restarts."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from dadoteca_web.app import App
from dadoteca_web.i18n import Translator
from dadoteca_web.storage import (
    BROKEN_PREFIX,
    HISTORY_KEY,
    HISTORY_LIMIT,
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
