"""Storage that fails: a finished game always reaches the history or the player is told and
offered its record; nothing the app calls kept is ever overwritten. Both ways the app meets
storage: a store that raises (CPython, a browser without the page between), and the page's
report of the writes it could not make (the session's ``stored`` message)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from dadoteca_web.app import App
from dadoteca_web.history import History
from dadoteca_web.i18n import Translator
from dadoteca_web.session import Session
from dadoteca_web.storage import (
    BROKEN_PREFIX,
    HISTORY_KEY,
    RECORD_PREFIX,
    SAVE_KEY,
    GameStore,
    MemoryStore,
)

NEWER_SAVE = json.dumps({"format": "dadoteca-record", "version": 2, "game": "qwixx"})
OLD_HISTORY = "{this history is damaged"


class Refusing(MemoryStore):
    """A store whose writes of some keys fail, as a full localStorage's do."""

    def __init__(self, *refused: str) -> None:
        super().__init__()
        self.refused = refused

    def setItem(self, key: str, value: str) -> None:  # noqa: N802 - the Web Storage API's name
        if key.startswith(self.refused):
            raise OSError("QuotaExceededError")
        super().setItem(key, value)


def new_app(store: MemoryStore) -> App:
    return App(GameStore(store), Translator("en", {}), lambda: 9)


def finish(app: App) -> None:
    app.start(["", ""], 5, choices=[{"player": "easy"}, {"player": "easy"}])
    app.computers.play_all()
    assert app.screen == "over"


def test_a_finished_game_the_history_cannot_take_is_said_with_its_download() -> None:
    app = new_app(Refusing(HISTORY_KEY))
    finish(app)
    warnings = app.regions()["warnings"]
    assert "could not be added to the history" in warnings
    assert 'data-act="export"' in warnings  # the record, downloadable
    app.handle("new-game", {})
    assert "history" not in app.regions()["warnings"]


def test_a_damaged_save_that_cannot_be_set_aside_stays_where_it_is() -> None:
    store = Refusing(BROKEN_PREFIX)
    store.items[SAVE_KEY] = NEWER_SAVE
    app = new_app(store)
    regions = app.regions()
    assert "kept on this device" in regions["warnings"] and "export-damaged" in regions["warnings"]
    # Said once, and true: not "set aside" (it is where it was), as an earlier version said.
    assert "The saved game could not be read: " in regions["notice"]
    assert "set aside" not in regions["notice"]
    app.start(["Anna", "Bo"])
    app.handle("roll", {})
    assert app.screen == "play" and store.items[SAVE_KEY] == NEWER_SAVE  # never overwritten
    warnings = app.regions()["warnings"]
    assert "not saving the game" in warnings and "export-damaged" in warnings


def test_an_unreadable_history_that_cannot_be_set_aside_is_never_overwritten() -> None:
    store = Refusing(BROKEN_PREFIX)
    store.items[HISTORY_KEY] = OLD_HISTORY
    app = new_app(store)
    finish(app)
    assert store.items[HISTORY_KEY] == OLD_HISTORY
    assert "could not be added to the history" in app.regions()["warnings"]


def booted(storage: dict[str, str]) -> tuple[Session, dict[str, Any]]:
    session = Session(lambda: 7, lambda: datetime(2026, 11, 24, tzinfo=UTC))
    message = {"type": "boot", "storage": storage, "language": "en", "catalog": {}}
    return session, session.receive(message)


def test_the_page_not_keeping_a_copy_set_aside_keeps_the_original_in_place() -> None:
    """The page stops at the copy it could not write: the save's removal is never made."""
    session, update = booted({SAVE_KEY: NEWER_SAVE})
    [(aside, _), (key, removal)] = update["writes"]
    assert aside.startswith(BROKEN_PREFIX) and (key, removal) == (SAVE_KEY, None)
    said = update["regions"]["notice"]
    update = session.receive({"type": "stored", "items": {aside: None, SAVE_KEY: NEWER_SAVE}})
    assert "export-damaged" in update["regions"]["warnings"]
    assert "could not be read: " in said and "set aside" not in said
    start = {"type": "start", "game": "qwixx", "names": ["Anna"], "choices": []}
    assert all(key != SAVE_KEY for key, _ in session.receive(start)["writes"])


def computers_play_a_game(session: Session) -> dict[str, Any]:
    """Two computers play a game to its end in ``session``: the update that follows."""
    start = {"type": "start", "game": "qwixx", "names": ["", ""]}
    session.receive({**start, "choices": [{"player": "easy"}, {"player": "easy"}]})
    assert session.app is not None
    session.app.computers.play_all()
    return session.update()


def test_the_page_not_keeping_a_history_entry_says_so_on_the_end_screen() -> None:
    session, _ = booted({})
    update = computers_play_a_game(session)
    assert any(key == HISTORY_KEY for key, _ in update["writes"])
    update = session.receive({"type": "stored", "items": {HISTORY_KEY: None}})
    assert "could not be added to the history" in update["regions"]["warnings"]
    assert History(session.store).games() == []


def test_a_history_write_after_the_save_failed_is_reported_too() -> None:
    """The page stops at the save it could not write and reports the history after it."""
    session, _ = booted({})
    computers_play_a_game(session)
    update = session.receive({"type": "stored", "items": {SAVE_KEY: None, HISTORY_KEY: None}})
    warnings = update["regions"]["warnings"]
    assert "not saving the game" in warnings and "could not be added to the history" in warnings


def finished_session() -> Session:
    """A session whose computers have just finished a game, its writes taken (made)."""
    session, _ = booted({})
    computers_play_a_game(session)
    return session


def test_the_page_not_keeping_a_finished_games_record_says_so_with_its_download() -> None:
    session = finished_session()
    (entry,) = History(session.store).games()
    record = RECORD_PREFIX + str(entry["id"])
    update = session.receive({"type": "stored", "items": {record: None}})
    warnings = update["regions"]["warnings"]
    assert "moves could not be kept" in warnings and 'data-act="export"' in warnings
    assert "could not be added to the history" not in warnings  # the entry is there


def an_exported_history() -> str:
    session = finished_session()
    assert session.app is not None
    return session.app.history.export()


def test_a_history_import_the_page_could_not_store_is_said_and_undone() -> None:
    exported = an_exported_history()
    session, _ = booted({})
    update = session.receive({"type": "import-history", "text": exported})
    assert update["history"] == {"text": "1 finished game added to the history.", "kind": "info"}
    assert any(key == HISTORY_KEY for key, _ in update["writes"])
    update = session.receive({"type": "stored", "items": {HISTORY_KEY: None}})
    assert update["history"]["kind"] == "error"
    assert "could not be added" in update["history"]["text"]
    assert session.app is not None and session.app.history.added == {}  # never merged back
    assert History(session.store).games() == []
    # A game finished later is not blamed for it, nor carries the refused games in.
    computers_play_a_game(session)
    assert len(History(session.store).games()) == 1
    assert "could not be added" not in session.app.regions()["warnings"]


def test_a_history_import_whose_records_the_page_could_not_store_is_said() -> None:
    exported = an_exported_history()
    session, _ = booted({})
    update = session.receive({"type": "import-history", "text": exported})
    (record,) = [key for key, _ in update["writes"] if key.startswith(RECORD_PREFIX)]
    update = session.receive({"type": "stored", "items": {record: None}})
    assert update["history"]["kind"] == "error" and "moves of some" in update["history"]["text"]
    assert len(History(session.store).games()) == 1  # the entry stays, without its moves


def test_the_warning_stays_while_the_page_cannot_store_the_save_and_goes_once_it_can() -> None:
    """The copy Python writes always takes a save: only the page's word ends the warning, so
    it does not come and go with every tap (nor is said again and again)."""
    session, _ = booted({})
    session.receive({"type": "start", "game": "qwixx", "names": ["Anna", "Bo"], "choices": []})
    update = session.receive({"type": "stored", "items": {SAVE_KEY: None}})
    assert "not saving the game" in update["regions"]["warnings"]
    assert session.app is not None
    update = session.receive(
        {"type": "tap", "act": "roll", "data": {}, "moment": session.app.moment}
    )
    assert any(key == SAVE_KEY for key, _ in update["writes"])
    assert "warnings" not in update["regions"]  # unchanged: still shown
    update = session.receive({"type": "stored", "items": {}, "saved": True})
    assert update["regions"]["warnings"] == ""
