"""The game in progress, saved after every action, and what happens when a save is unreadable."""

from __future__ import annotations

import json
import time
from typing import Final, Literal, Protocol

from dadoteca.core import RuleError
from dadoteca.match import Match

__all__ = [
    "BROKEN_PREFIX",
    "SAVE_KEY",
    "SAVE_RULES",
    "GameStore",
    "KeyValueStore",
    "MemoryStore",
]

SAVE_KEY: Final = "dadoteca.game"
BROKEN_PREFIX: Final = "dadoteca.broken."
MAX_SAVE_CHARS: Final = 1 << 20  # a record is a few KiB; anything larger is not ours

SAVE_RULES: Final[dict[str, str]] = {
    "save.too_large": "The saved game is too large to be one",
    "save.not_json": "The saved game is damaged: {problem}",
    "import.too_large": "The file is too large to be a game record",
    "import.not_json": "The file is not a game record: {problem}",
}


def read_record_json(text: str, source: Literal["save", "import"]) -> object:
    """The JSON value of a saved or imported record's text, or a RuleError naming why it
    cannot be one (the record itself is checked by ``Match.from_record``)."""
    if len(text) > MAX_SAVE_CHARS:
        raise RuleError(f"{source}.too_large", SAVE_RULES[f"{source}.too_large"])
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:  # RecursionError: nested thousands deep
        rule = f"{source}.not_json"
        raise RuleError(rule, SAVE_RULES[rule], problem=str(error)) from None


class KeyValueStore(Protocol):
    """What the app needs of ``window.localStorage`` (which may throw: full, or private mode)."""

    def getItem(self, key: str) -> str | None: ...  # noqa: N802 - the Web Storage API's names
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802


class MemoryStore:
    """A KeyValueStore in memory: the fall-back when the browser offers no storage, and tests'."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


class GameStore:
    """Saves and restores the current game's record; never lets storage trouble stop a game."""

    def __init__(self, store: KeyValueStore, *, lasting: bool = True) -> None:
        self.store = store
        # False when the browser refuses localStorage (some private modes): ``store`` is memory.
        self.lasting = lasting
        self.working = lasting  # False while nothing is kept: the UI warns, play goes on
        self.damaged: str | None = None  # the unreadable save just set aside, for its download

    def save(self, match: Match | None) -> None:
        try:
            if match is None:
                self.store.removeItem(SAVE_KEY)
            else:
                self.store.setItem(SAVE_KEY, json.dumps(match.record(), separators=(",", ":")))
            self.working = self.lasting
        except Exception:  # quota exceeded or storage refused: all the same to the player
            self.working = False

    def load(self) -> tuple[Match | None, RuleError | None]:
        """The saved game, or ``(None, error)`` after setting an unreadable save aside."""
        try:
            text = self.store.getItem(SAVE_KEY)
        except Exception:  # storage unavailable: there is simply nothing saved
            self.working = False
            return None, None
        if text is None:
            return None, None
        try:
            return Match.from_record(read_record_json(text, "save")), None
        except RuleError as error:
            self._set_aside(text)
            return None, error

    def _set_aside(self, text: str) -> None:
        """Keep the unreadable save under another key (it can be exported), free the slot."""
        self.damaged = text
        try:
            self.store.setItem(f"{BROKEN_PREFIX}{int(time.time())}", text)
            self.store.removeItem(SAVE_KEY)
        except Exception:  # cannot even set it aside: the game still goes on
            self.working = False
