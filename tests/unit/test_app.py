"""The app driven by taps, in CPython: the same code the browser runs, minus the DOM. What every
game shares (setup, saving, import, notices), shown on a Qwixx game; each game's own screen is
tested in test_<game>_app.py."""

from __future__ import annotations

import pytest

from dadoteca.games import GAMES
from dadoteca_web.app import App
from dadoteca_web.app_view import REGIONS
from dadoteca_web.i18n import Translator
from dadoteca_web.screens import GAME_UIS
from dadoteca_web.shell import game_cards
from dadoteca_web.storage import (
    BROKEN_PREFIX,
    MAX_SAVE_CHARS,
    SAVE_KEY,
    SAVE_RULES,
    GameStore,
    MemoryStore,
)

ITALIAN = {"{name}, roll the dice": "{name}, lancia i dadi"}


def new_app(store: MemoryStore | None = None) -> App:
    return App(GameStore(store or MemoryStore()), Translator("en", {"it": ITALIAN}), lambda: 9)


def started(names: tuple[str, ...] = ("Ann", "Bo"), seed: int = 4) -> App:
    app = new_app()
    app.start(list(names), seed)
    return app


def test_setup_needs_players_and_at_most_five() -> None:
    app = new_app()
    app.start([])
    assert app.screen == "setup" and "how many play" in app.regions()["notice"]
    app.start([f"P{n}" for n in range(6)])
    assert app.screen == "setup" and "At most 5 players" in app.regions()["notice"]


def test_the_game_is_saved_after_every_action_and_resumed() -> None:
    store = MemoryStore()
    app = new_app(store)
    app.start(["Ann", "Bo"], seed=8)
    app.handle("roll", {})
    app.handle("pass", {})
    app.handle("pass", {})
    resumed = new_app(store)
    assert resumed.screen == "play"
    assert resumed.match is not None and app.match is not None
    assert resumed.match.record() == app.match.record()
    assert resumed.regions() == app.regions()


@pytest.mark.parametrize(
    ("saved", "reason"),
    [
        ('{"format": "dadoteca-record", "version": 1, "ga', "damaged"),
        ('{"format": "dadoteca-record", "version": 99}', "newer Dadoteca"),
        ("[1, 2, 3]", "not a Dadoteca game record"),
        ("x" * (1 << 21), "too large"),
    ],
)
def test_an_unreadable_save_is_reported_and_set_aside(saved: str, reason: str) -> None:
    store = MemoryStore()
    store.setItem(SAVE_KEY, saved)
    app = new_app(store)
    assert app.screen == "setup"
    notice = app.regions()["notice"]
    assert "The saved game could not be read: " in notice and reason in notice
    assert "The damaged save is kept on this device." in app.regions()["warnings"]
    assert SAVE_KEY not in store.items
    assert [v for k, v in store.items.items() if k.startswith(BROKEN_PREFIX)] == [saved]
    assert app.store.damaged == saved
    app.handle("dismiss", {})  # the error is read; the damaged save stays downloadable
    assert 'data-act="export-damaged"' in app.regions()["warnings"]
    app.start(["Ann"])  # and a new game can start
    assert app.screen == "play"
    assert "export-damaged" not in app.regions()["warnings"]


def test_an_unreadable_save_is_reported_in_the_players_language() -> None:
    store = MemoryStore()
    store.setItem(SAVE_KEY, "{broken")
    damaged = SAVE_RULES["save.not_json"]
    app = App(
        GameStore(store),
        Translator("it", {"it": {damaged: "Salvataggio rovinato: {problem}"}}),
        lambda: 9,
    )
    assert "Salvataggio rovinato:" in app.regions()["notice"]


class FullStore(MemoryStore):
    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        raise OSError("QuotaExceededError")


def test_storage_full_still_plays_with_a_warning() -> None:
    app = new_app(FullStore())
    app.start(["Ann", "Bo"])
    app.handle("roll", {})
    assert app.screen == "play" and app.match is not None and len(app.match.actions) == 1
    assert "not saving the game" in app.regions()["warnings"]


def test_a_browser_refusing_storage_still_plays_with_a_warning() -> None:
    app = App(GameStore(MemoryStore(), lasting=False), Translator("en", {}), lambda: 9)
    app.start(["Ann", "Bo"])
    app.handle("roll", {})
    assert app.screen == "play" and app.match is not None and len(app.match.actions) == 1
    assert "not saving the game" in app.regions()["warnings"]


def test_hostile_names_are_shown_as_text() -> None:
    name = '<img src=x onerror="alert(1)">'
    app = started((name, "Bo"))
    app.handle("roll", {})
    for html in app.regions().values():
        assert "<img" not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in app.regions()["prompt"]


def test_new_game_in_play_asks_first_and_keeps_the_game_on_no() -> None:
    app = started()
    app.handle("roll", {})
    app.handle("new-game", {})
    assert app.screen == "play" and app.confirm is not None
    assert app.confirm.text == "Abandon this game?"
    app.handle("dismiss", {})
    assert app.screen == "play" and app.confirm is None
    app.handle("new-game", {})
    app.handle("new-game-confirmed", {})
    assert app.screen == "setup"


def test_import_accepts_a_record_and_refuses_junk() -> None:
    source = started(seed=3)
    source.handle("roll", {})
    app = new_app()
    app.import_record("{nope")
    assert app.screen == "setup" and "cannot be imported" in app.regions()["notice"]
    app.import_record('{"format": "dadoteca-record", "version": 1, "game": "chess"}')
    assert "Unknown game" in app.regions()["notice"]
    app.import_record(source.export_record())
    assert app.screen == "play" and app.state == source.state


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, "not a game record"),  # nested past Python's recursion
        (" " * (MAX_SAVE_CHARS + 1), "too large"),
    ],
)
def test_hostile_files_and_saves_are_refused_in_words(text: str, words: str) -> None:
    app = started()
    app.handle("roll", {})
    playing = app.state
    app.import_record(text)
    assert words in app.regions()["notice"] and app.state == playing  # the game goes on
    store = MemoryStore()
    store.setItem(SAVE_KEY, text)
    resumed = new_app(store)
    assert resumed.screen == "setup" and "could not be read" in resumed.regions()["notice"]


def test_the_page_has_every_region() -> None:
    assert set(REGIONS) >= {"prompt", "board", "controls", "scores", "notice"}


def test_a_forged_game_id_starts_nothing() -> None:
    app = new_app()
    app.start(["Ann"], game="chess")
    assert app.screen == "setup" and app.match is None


def test_the_language_switch_reaches_the_game_on_screen() -> None:
    app = started()
    app.t = Translator("it", {"it": ITALIAN})
    assert "<bdi>Ann</bdi>, lancia i dadi" in app.regions()["prompt"]


def test_every_game_on_the_shelf_has_a_screen_and_a_card_in_the_setup() -> None:
    assert list(GAME_UIS) == list(GAMES) == ["qwixx", "diceland", "shelfie"]  # SHELF's order
    cards = game_cards()
    for game_id, ui in GAME_UIS.items():
        assert f'name="game" value="{game_id}"' in cards and ui.title in cards
        assert ui.about in cards and ui.game is GAMES[game_id]
