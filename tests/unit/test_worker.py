"""The worker's side of the page (dadoteca_web.main.Page): every message is answered, whatever
fails while answering it; a failure is said in words, the writes still made, and the app goes
on answering."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dadoteca_web.main import Page
from dadoteca_web.session import Session
from dadoteca_web.storage import SAVE_KEY

FAILED = "Something went wrong; your game is saved."
BOOT = {"type": "boot", "storage": {}, "language": "en", "catalog": {}}
START = {"type": "start", "game": "qwixx", "names": ["Anna"], "choices": []}


class Worker:
    """A Page whose posts are kept, as the page would hear them."""

    def __init__(self) -> None:
        self.posted: list[dict[str, Any]] = []
        self.page = Page(Session(lambda: 7), lambda text: self.posted.append(json.loads(text)))
        self.asked = 0

    def send(self, message: dict[str, Any]) -> dict[str, Any]:
        """``message`` sent: the update it was answered with (exactly one answer)."""
        self.asked += 1
        self.page.receive(json.dumps({"id": self.asked, "message": message}))
        [reply] = [news for news in self.posted if news.get("reply") == self.asked]
        update = reply["update"]
        assert isinstance(update, dict)
        return update


def test_a_failure_working_out_the_update_is_answered_in_words_without_running_it_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What froze the window: the statistics' mean overflowed in update(); the guard called
    update() again, which raised again, and the page was never answered."""
    worker = Worker()
    worker.send(BOOT)
    calls = []

    def failing(session: Session) -> dict[str, Any]:
        calls.append(session)
        raise OverflowError("integer too large to convert to float")

    with monkeypatch.context() as patched:
        patched.setattr(Session, "update", failing)
        update = worker.send(START)
    assert len(calls) == 1  # not entered again
    assert update["failed"] == FAILED
    [(key, text)] = update["writes"]  # the game started is saved all the same
    assert key == SAVE_KEY and json.loads(text)["seats"] == [{"name": "Anna", "kind": "human"}]
    assert any("OverflowError" in news.get("failure", "") for news in worker.posted)  # console
    # The app goes on: the next message is answered and painted whole, the notice region
    # (showing the failure, put there by the page) included.
    update = worker.send({"type": "export"})
    assert update["screen"] == "play" and FAILED in update["regions"]["notice"]
    assert {"prompt", "board", "tools"} <= set(update["regions"])
    assert json.loads(update["download"]["text"])["seats"][0]["name"] == "Anna"


def test_a_failure_handling_a_message_is_painted_with_the_app_as_it_stands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    worker = Worker()
    worker.send(BOOT)
    worker.send(START)

    def failing(session: Session, text: str | None, *, make_room: bool) -> None:
        raise KeyError(text)

    monkeypatch.setattr(Session, "_import_history", failing)
    update = worker.send({"type": "import-history", "text": "{}"})
    assert update["screen"] == "play" and FAILED in update["regions"]["notice"]
    assert "failed" not in update


def test_a_computers_move_that_cannot_be_painted_is_pushed_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    worker = Worker()
    worker.send(BOOT)

    def failing(session: Session) -> dict[str, Any]:
        raise KeyError("no region")

    monkeypatch.setattr(Session, "update", failing)
    worker.page.push()
    assert worker.posted[-1] == {"push": {"failed": FAILED, "writes": []}}
