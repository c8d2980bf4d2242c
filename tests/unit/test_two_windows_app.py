"""The app open in two windows, as the page drives each: one plays the saved game, the other
watches it, kept up to date by the storage events the page passes on; either may take it over.
The history merges what both windows add. (The Web Lock itself is the page's: see
tests/e2e/test_two_windows_browser.py.)"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from app_support import active

from dadoteca_web.session import Session
from dadoteca_web.storage import BROKEN_PREFIX, HISTORY_KEY, SAVE_KEY


class Window:
    """A window's session, writing into a storage shared with the other windows and telling
    them of each write, as the browser's storage events do."""

    def __init__(self, storage: dict[str, str], *, writer: bool = True) -> None:
        self.storage = storage
        self.others: list[Window] = []
        self.session = Session(lambda: 7, lambda: datetime(2026, 11, 24, tzinfo=UTC))
        self.last = self.apply(
            {
                "type": "boot",
                "storage": dict(storage),
                "language": "en",
                "catalog": {},
                "writer": writer,
            }
        )

    def apply(self, message: dict[str, Any]) -> dict[str, Any]:
        update = self.session.receive(message)
        for key, value in update.get("writes", []):
            if value is None:
                self.storage.pop(key, None)
            else:
                self.storage[key] = value
            for other in self.others:
                other.changed(key, value)
        self.last = update
        return update

    def changed(self, key: str, value: str | None) -> dict[str, Any]:
        """Another window's write, as the page passes the storage event on."""
        assert self.session.app is not None
        writer = self.session.app.match is not None and not self.session.app.watching
        message = {"type": "changed", "key": key, "value": value, "writer": writer}
        self.last = self.session.receive(message)
        return self.last

    def tap(self, act: str, **data: str) -> dict[str, Any]:
        assert self.session.app is not None
        moment = self.session.app.moment
        return self.apply({"type": "tap", "act": act, "data": data, "moment": moment})

    def role(self, *, writer: bool) -> dict[str, Any]:
        return self.apply({"type": "writer", "writer": writer, "storage": dict(self.storage)})

    def shown(self) -> dict[str, str]:
        """Every region as the page shows it now (updates carry only those that changed)."""
        app = self.session.app
        assert app is not None
        return app.regions()

    def actions(self) -> int:
        app = self.session.app
        assert app is not None
        return 0 if app.match is None else len(app.match.actions)


def two_windows(storage: dict[str, str] | None = None) -> tuple[Window, Window]:
    shared = {} if storage is None else storage
    playing = Window(shared)
    watching = Window(shared, writer=False)
    playing.others, watching.others = [watching], [playing]
    return playing, watching


def started(playing: Window) -> None:
    playing.apply({"type": "start", "game": "qwixx", "names": ["Anna", "Bo"], "first": 0})


def test_a_window_watching_shows_the_game_and_follows_every_save() -> None:
    playing, watching = two_windows()
    started(playing)
    assert watching.last["screen"] == "play" and watching.last["watching"] is True
    playing.tap("roll")
    assert watching.actions() == 1 == playing.actions()
    shown = watching.shown()
    assert "White sum" in shown["prompt"] and shown["controls"] == shown["tools"] == ""
    assert "being played in another window" in shown["warnings"]
    assert 'data-act="take-over"' in shown["warnings"]


def test_a_watching_window_writes_nothing_whatever_is_tapped() -> None:
    playing, watching = two_windows()
    started(playing)
    saved = dict(playing.storage)
    for act in ("roll", "done", "take-back", "new-game", "new-game-confirmed", "redo"):
        assert watching.tap(act)["writes"] == []
    watching.apply({"type": "start", "game": "qwixx", "names": ["Zed"]})
    watching.apply({"type": "import", "text": saved[SAVE_KEY]})
    assert playing.storage == saved and watching.actions() == 0


def test_taking_over_plays_here_and_the_other_window_watches() -> None:
    playing, watching = two_windows()
    started(playing)
    playing.tap("roll")
    took = watching.role(writer=True)
    playing.role(writer=False)
    assert took["watching"] is False and "take-over" not in watching.shown()["warnings"]
    # The white sum: nobody crosses (the roller, then the rest); the roller's second action.
    watching.tap("answer", player="0", row="none")
    watching.tap("done")
    assert watching.actions() == 3 and playing.actions() == 3
    assert playing.last["watching"] is True and playing.tap("pass")["writes"] == []
    playing.role(writer=True)  # and back again
    watching.role(writer=False)
    playing.tap("pass")
    assert playing.actions() == watching.actions() == 4


def test_a_game_started_elsewhere_is_watched_and_one_abandoned_frees_the_setup() -> None:
    shared: dict[str, str] = {}
    first, second = Window(shared), Window(shared)
    first.others, second.others = [second], [first]
    started(first)
    assert second.last["screen"] == "play" and second.last["watching"] is True
    first.tap("new-game")
    first.tap("new-game-confirmed")
    assert SAVE_KEY not in shared
    assert second.last["screen"] == "setup" and second.last["watching"] is False
    second.apply({"type": "start", "game": "shelfie", "names": ["Cy"]})
    assert second.last["screen"] == "play" and json.loads(shared[SAVE_KEY])["game"] == "shelfie"


def test_a_watching_window_leaves_a_damaged_save_to_the_window_playing() -> None:
    watching = Window({SAVE_KEY: "{damaged"}, writer=False)
    assert watching.last["writes"] == []
    assert "could not be read:" in watching.last["regions"]["notice"]
    took = watching.role(writer=True)
    [(aside, text), (key, removed)] = took["writes"]
    assert aside.startswith(BROKEN_PREFIX) and text == "{damaged"
    assert (key, removed) == (SAVE_KEY, None)


def finish(window: Window) -> None:
    for _ in range(2000):
        if window.last["screen"] == "over":
            return
        app = window.session.app
        assert app is not None
        if app.state.is_chance:
            window.tap("roll")
        elif app.shared:  # nobody crosses the white sum: the roller, then the rest
            window.tap("answer", player=str(active(app)), row="none")
            window.tap("done")
        else:
            window.tap("pass")
    raise AssertionError("the game did not end")


def test_two_games_finished_in_two_windows_both_reach_the_history() -> None:
    playing, watching = two_windows()
    started(playing)
    finish(playing)
    watching.role(writer=True)
    playing.role(writer=False)
    watching.tap("new-game")
    watching.apply({"type": "start", "game": "qwixx", "names": ["Cy", "Di"], "first": 0})
    stale = playing.storage[HISTORY_KEY]  # what the first window wrote
    finish(watching)
    assert len(json.loads(playing.storage[HISTORY_KEY])["games"]) == 2
    # A window writing the history from an older copy drops the other's entry: the other
    # window puts it back at once.
    playing.storage[HISTORY_KEY] = stale
    [(key, merged)] = watching.changed(HISTORY_KEY, stale)["writes"]
    games = json.loads(merged)["games"]
    assert key == HISTORY_KEY and [g["players"][0]["name"] for g in games] == ["Anna", "Cy"]


def test_a_history_cleared_in_one_window_stays_cleared_in_the_other() -> None:
    playing, _ = two_windows()
    started(playing)
    finish(playing)
    playing.storage.pop(HISTORY_KEY)
    assert playing.changed(HISTORY_KEY, None)["writes"] == []
    assert playing.session.app is not None and playing.session.app.history.games() == []


def test_the_last_save_of_the_window_a_game_was_taken_from_is_played_on() -> None:
    """That window saved a computer's move just before it knew the game was taken over: the
    window that took it plays on from there, nothing lost, still the one playing."""
    playing, watching = two_windows()
    started(playing)
    watching.role(writer=True)  # takes it over; the other has not heard yet ...
    playing.others = []
    playing.tap("roll")  # ... and saves one more action
    update = watching.changed(SAVE_KEY, playing.storage[SAVE_KEY])
    assert update["watching"] is False and watching.actions() == 1
    assert watching.tap("answer", player="1", row="none")["writes"] != []
