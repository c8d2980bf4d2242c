"""One finished game as the history keeps it: its entry, written from its match, and what a
solo game's result can be. Apart from :mod:`dadoteca_web.history` because an imported history's
games (:mod:`dadoteca_web.history_import`), the statistics and today's game read entries too.

Stored JSON: ``{"format": "dadoteca-history", "version": 1, "games": [entry, ...]}``, with
``entry = {"id", "ended", "game", "players": [{"name", "kind", "score"}], "winners"}``: ``id``
names the finished record (a game enters once, whatever reloads), ``ended`` is an ISO 8601 UTC
time, ``kind`` a seat kind of the record, ``winners`` seat indexes (none in a solo game, whose
entry has its ``result`` instead: the score, or Diceland's rounds), and ``dice`` ``"real"`` for a
game played with the table's own dice (absent: the app rolled); earlier versions named a solo
game's one player its winner, without a result. Readers ignore fields they do not know (the
shell reads it too, before Python starts).
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from typing import Final

from dadoteca.games import GAMES
from dadoteca.match import APP_DICE, MAX_ACTIONS, Match

__all__ = [
    "HISTORY_FORMAT",
    "HISTORY_VERSION",
    "MAX_ROUNDS",
    "entry_id_of",
    "entry_of",
    "plausible_result",
    "written_time",
]

HISTORY_FORMAT: Final = "dadoteca-history"
HISTORY_VERSION: Final = 1
# A solo game counted in rounds (Diceland's) takes at most this many: a round is a roll and a
# decision at least, and a record holds at most MAX_ACTIONS actions.
MAX_ROUNDS: Final = MAX_ACTIONS // 2


def entry_id_of(match: Match) -> str:
    """A finished game's id in the history: its record's digest (a game enters once)."""
    record = json.dumps(match.record(), sort_keys=True).encode()
    return hashlib.sha256(record).hexdigest()[:16]


def entry_of(
    entry_id: str, ended: datetime, match: Match, result: int | None, *, practice: bool = False
) -> dict[str, object]:
    """A finished game's entry in the history, from its match: a solo game with its
    ``result`` (and no winner); a day's game with its day, and ``practice`` if it does not
    count."""
    state = match.state
    return {
        "id": entry_id,
        "ended": written_time(ended),
        "game": match.game.id,
        "players": [
            {"name": seat.name, "kind": seat.kind, "score": score}
            for seat, score in zip(match.seats, state.scores(), strict=True)
        ],
        "winners": [] if result is not None else list(state.winners()),
        **({} if result is None else {"result": result}),
        **({} if match.dice == APP_DICE else {"dice": match.dice}),
        **({"variant": match.options["variant"]} if "variant" in match.options else {}),
        **({} if match.day is None else {"day": match.day.date.isoformat()}),
        **({"practice": True} if practice else {}),
    }


def written_time(moment: datetime) -> str:
    """An end time as the history keeps it: UTC, to the second, so that end times sort as
    text."""
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def plausible_result(game: str, result: object, score: object, lower_is_better: bool) -> bool:
    """Whether ``result`` can be what a solo game of ``game`` whose one player scored
    ``score`` ended with, as the app writes it: its rounds where fewer is better, else the
    score itself."""
    if type(result) is not int:
        return False
    if lower_is_better:
        return 1 <= result <= MAX_ROUNDS
    return result == score and result in GAMES[game].score_range
