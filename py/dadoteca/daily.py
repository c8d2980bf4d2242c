"""Today's game: the dice of a day, the same for everyone, on every device and every Python.

A day's game is named ``GAME-YYYY-MM-DD`` (``qwixx-2026-11-28``): a :class:`Day`. Each die it
rolls is worked out on its own from (derivation, game, date, turn, roll of the turn, die slot)
by SHA-256 (:func:`daily_face`), never drawn from a stream: a choice that rolls fewer dice, or
stops rolling sooner, leaves the dice every other slot and every later turn shows as they were.
``docs/records.md`` ("Today's game") is the specification; :data:`DAILY_DERIVATION` its version,
written in every record of such a game, so a record of today replays the same in any version.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import date
from typing import Final

from .core import rule_breaker
from .games import GAMES

__all__ = [
    "DAILY_DERIVATION",
    "DAILY_RULES",
    "GAME_ID_TEXT",
    "Day",
    "daily_face",
    "daily_seed",
]

DAILY_DERIVATION: Final = 1  # the version of daily_face and daily_seed; a new one, a new number
FACES: Final = 6
# A game's id is its package's name (dadoteca.games): lower case, digits, underscores.
GAME_ID_TEXT: Final = r"[a-z][a-z0-9_]{0,39}"
_DAY_TEXT: Final = re.compile(rf"({GAME_ID_TEXT})-(\d{{4}})-(\d{{2}})-(\d{{2}})")

DAILY_RULES: Final[dict[str, str]] = {
    "daily.not_a_day": "“{text}” names no day's game (such as qwixx-2026-11-28)",
    "daily.future": "The game of {day} cannot be played before its day",
    "daily.derivation": (
        "This game's dice were worked out by a newer Dadoteca (derivation {derivation}); "
        "this one knows up to {supported}"
    ),
    "daily.not_its_dice": "Roll {roll} of turn {turn} is not the dice of {day}",
    "daily.solo": "A day's game is played alone: each player at the table plays it in turn",
}

daily_error: Final = rule_breaker(DAILY_RULES)


@dataclass(frozen=True, slots=True, order=True)
class Day:
    """One day's game of one game: ``str(day)`` is its name, as links and records write it."""

    game: str
    date: date

    def __str__(self) -> str:
        return f"{self.game}-{self.date.isoformat()}"

    @classmethod
    def parse(cls, text: str) -> Day:
        """The day ``text`` names (``qwixx-2026-11-28``, exactly: lower case, a known game,
        a date of the calendar); raises RuleError ``daily.not_a_day``."""
        found = _DAY_TEXT.fullmatch(text) if isinstance(text, str) else None
        if found is None or found.group(1) not in GAMES:
            raise daily_error("daily.not_a_day", text=str(text)[:40])
        try:
            return cls(found.group(1), date.fromisoformat(text[len(found.group(1)) + 1 :]))
        except ValueError:
            raise daily_error("daily.not_a_day", text=text) from None


def _digest(*parts: object) -> int:
    """64 bits of SHA-256 of the parts, joined by ``/``: the canonical text of docs/records.md."""
    text = "/".join(map(str, (f"dadoteca-daily-{DAILY_DERIVATION}", *parts)))
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")


def daily_face(day: Day, turn: int, roll: int, slot: int) -> int:
    """The face (0-5) of die ``slot`` in roll ``roll`` (0: the turn's first) of turn ``turn``
    (from 1) of ``day``'s game. 2**64 modulo 6 biases a face by about 2e-19: nothing."""
    return _digest(day.game, day.date.isoformat(), turn, roll, slot) % FACES


def daily_seed(day: Day) -> int:
    """The seed of a day's match (below 2**53, as records keep seeds): what is dealt at the
    start (Diceland's map) comes from it; its dice come from :func:`daily_face`."""
    return _digest(day.game, day.date.isoformat(), "seed") >> 11
