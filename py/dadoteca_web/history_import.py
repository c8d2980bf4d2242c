"""An exported history read back: every finished game of the file checked, before anything of
it enters this device's history (:meth:`dadoteca_web.history.History.import_games` merges what
this reads). Apart from the history itself because a file from anywhere must prove each game:
by the record it carries, or, without one, by being a game that could have ended so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Final, NamedTuple

from dadoteca.bots import BOT_LEVELS, BOT_SEAT
from dadoteca.core import RuleError
from dadoteca.games import GAMES
from dadoteca.match import (
    APP_DICE,
    DICE_KINDS,
    MAX_NAME_LENGTH,
    SEAT_KINDS,
    SHEETS_ONLY,
    Match,
    normalise_name,
)
from dadoteca_games.qwixx.rules import QWIXX
from dadoteca_games.qwixx.variants import VARIANT_SHEETS

from .history_entries import (
    HISTORY_FORMAT,
    HISTORY_VERSION,
    entry_id_of,
    entry_of,
    plausible_result,
    written_time,
)
from .storage import SAVE_RULES, read_json

__all__ = ["HistoryFile", "SoloResults", "read_history_file"]

# An imported game that ended later than now by this device's clock, by more than the minutes
# two clocks may differ, is listed as ending now: another device's clock was wrong, and a game
# "ended" in the year 9999 would stay the newest for ever, pushing out every game after it.
CLOCKS_DIFFER: Final = timedelta(minutes=10)
# The seat kinds an entry without its record may name: those this version plays. (A record
# may name a level this version lacks: it is played at the nearest, and its kind is the fact.)
ENTRY_KINDS: Final = frozenset({"human", "bot", *(BOT_SEAT + level for level in BOT_LEVELS)})
ENTRY_ID: Final = re.compile(r"[0-9a-f]{16}")


class SoloResults(NamedTuple):
    """How the front end ranks a game's solo games (each game's GameUI says): the result of a
    finished solo match, and whether fewer is better (Diceland's rounds) or more (a score)."""

    result: Callable[[Match], int]
    lower_is_better: Callable[[str], bool]


class HistoryFile(NamedTuple):
    """The finished games of an imported history, each checked, by entry id: their entries as
    the history keeps them, the records of those carrying one (as stored text), and those that
    ended later than now by this device's clock (entered as ending now)."""

    entries: dict[str, dict[str, object]]
    records: dict[str, str]
    late: set[str]


def read_history_file(text: str, now: datetime, solo: SoloResults) -> HistoryFile:
    """The games of an exported history (``text``), or the RuleError naming why the file is
    refused whole: it is not a history of this version, or one of its games cannot be (see
    :func:`_imported`)."""
    stored = read_json(text, "history")
    if not isinstance(stored, dict) or stored.get("format") != HISTORY_FORMAT:
        raise RuleError("history.not_history", SAVE_RULES["history.not_history"])
    if stored.get("version") != HISTORY_VERSION or not isinstance(stored.get("games"), list):
        raise RuleError("history.version", SAVE_RULES["history.version"])
    read = HistoryFile({}, {}, set())
    for number, game in enumerate(stored["games"], start=1):
        entry, record, ended_late = _imported(number, game, now, solo)
        entry_id = str(entry["id"])
        read.entries[entry_id] = entry
        if record is not None:
            read.records[entry_id] = record
        if ended_late:
            read.late.add(entry_id)
    return read


class Claim(NamedTuple):
    """A finished game of an imported file as it says it went, its fields checked for their
    kind and bounds (:func:`_claimed`); what it does not say is None."""

    id: str
    ended: datetime
    game: str
    players: tuple[tuple[str, str, int], ...]  # (name normalised, kind, score) by seat
    winners: tuple[int, ...]  # sorted
    result: int | None
    dice: str | None
    variant: str | None  # Qwixx's score pad, a variant's id; None for the game's own


def _imported(
    number: int, game: object, now: datetime, solo: SoloResults
) -> tuple[dict[str, object], str | None, bool]:
    """Finished game ``number`` of an imported file as the history keeps it, its record as
    stored text (None without one), and whether it ended later than ``now`` (then it is
    entered as ending now); or the RuleError naming why it cannot be.

    The facts come from the record: where the game carries it, its players, scores, winners,
    result and dice are what the record replays to, and a game that says otherwise is
    refused. Without one (an entry older than the records kept), what it says must be what
    a game can end with: scores its game can give, winners those scores can have, the seat
    kinds this version plays."""
    claim = _claimed(number, game)
    late = claim.ended > now + CLOCKS_DIFFER
    ended = now if late else claim.ended
    assert isinstance(game, dict)
    if "record" not in game:
        _check_plausible(number, claim, solo.lower_is_better(claim.game))
        return _claimed_entry(claim, ended), None, late
    try:
        match = Match.from_record(game["record"])
    except RuleError as error:
        rule = "history.bad_record"
        raise RuleError(rule, SAVE_RULES[rule], number=number, problem=error.message) from None
    except (TypeError, RecursionError):
        raise _history_error("history.bad_game", number) from None
    if not match.state.is_terminal or entry_id_of(match) != claim.id:
        raise _history_error("history.not_its_record", number)
    solo_result = solo.result(match) if len(match.seats) == 1 else None
    facts = entry_of(claim.id, ended, match, solo_result, practice=game.get("practice") is True)
    _check_claim(number, claim, match, solo_result)
    return facts, json.dumps(match.record(), separators=(",", ":")), late


def _history_error(rule: str, number: int, **params: str) -> RuleError:
    return RuleError(rule, SAVE_RULES[rule], number=number, **params)


def _claimed(number: int, game: object) -> Claim:
    """What finished game ``number`` of an imported file says, each field of the kind and
    within the bounds the app writes (names normalised as at the setup); or the RuleError."""
    damaged = _history_error("history.bad_game", number)
    if not isinstance(game, dict):
        raise damaged
    entry_id, ended, game_id = game.get("id"), game.get("ended"), game.get("game")
    players, winners = game.get("players"), game.get("winners")
    result, dice, variant = game.get("result"), game.get("dice"), game.get("variant")
    if not (
        isinstance(entry_id, str)
        and ENTRY_ID.fullmatch(entry_id)
        and isinstance(game_id, str)
        and game_id in GAMES
        and isinstance(players, list)
        and 0 < len(players) <= GAMES[game_id].max_players
        and isinstance(winners, list)
        and all(type(seat) is int and 0 <= seat < len(players) for seat in winners)
        and len(set(winners)) == len(winners)
        and (result is None or type(result) is int)
        and (dice is None or dice in DICE_KINDS)
        and (variant is None or (game_id == QWIXX.id and variant in VARIANT_SHEETS))
    ):
        raise damaged
    moment = _time(ended)
    seats = [_seat(player) for player in players]
    if moment is None or None in seats:
        raise damaged
    return Claim(
        entry_id,
        moment,
        game_id,
        tuple(seat for seat in seats if seat is not None),
        tuple(sorted(winners)),
        result,
        dice,
        variant if isinstance(variant, str) else None,
    )


def _time(value: object) -> datetime | None:
    """An end time written in ISO 8601 with its offset from UTC, in UTC; None if it is not
    one (or is at the very end of the calendar, past which UTC cannot go)."""
    if not isinstance(value, str) or len(value) > len("0000-00-00T00:00:00.000000+00:00"):
        return None
    try:
        moment = datetime.fromisoformat(value)
        return None if moment.tzinfo is None else moment.astimezone(UTC)
    except (ValueError, OverflowError):
        return None


def _seat(player: object) -> tuple[str, str, int] | None:
    """A player of an imported game: (name normalised, kind, score), or None if not one."""
    if not isinstance(player, dict):
        return None
    name, kind, score = player.get("name"), player.get("kind"), player.get("score")
    if not (isinstance(name, str) and isinstance(kind, str) and type(score) is int):
        return None
    name = normalise_name(name)
    if not (0 < len(name) <= MAX_NAME_LENGTH and SEAT_KINDS.fullmatch(kind)):
        return None
    return name, kind, score


def _check_plausible(number: int, claim: Claim, lower_is_better: bool) -> None:
    """A game without its record: what it says must be something its game can end with."""
    game = GAMES[claim.game]
    scores = [score for _, _, score in claim.players]
    kinds = {kind for _, kind, _ in claim.players}
    if not kinds <= ENTRY_KINDS or (claim.dice == SHEETS_ONLY and kinds != {"human"}):
        raise _history_error("history.bad_game", number)
    for score in scores:
        if score not in game.score_range:
            shown = str(score) if abs(score) < 10**12 else f"{str(score)[:12]}…"
            raise _history_error("history.impossible_score", number, score=shown)
    if len(scores) == 1:
        if claim.winners not in {(), (0,)}:  # earlier versions named the one player
            raise _history_error("history.impossible_winners", number)
        result = claim.result
        if result is not None and not plausible_result(
            claim.game, result, scores[0], lower_is_better
        ):
            shown = str(result) if abs(result) < 10**12 else f"{str(result)[:12]}…"
            raise _history_error("history.impossible_result", number, result=shown)
    elif claim.result is not None:
        raise _history_error("history.bad_game", number)  # only a solo game has a result
    elif not game.could_have_won(scores, claim.winners):
        raise _history_error("history.impossible_winners", number)


def _claimed_entry(claim: Claim, ended: datetime) -> dict[str, object]:
    """The entry of a game without its record, as the history keeps it (what it says)."""
    return {
        "id": claim.id,
        "ended": written_time(ended),
        "game": claim.game,
        "players": [
            {"name": name, "kind": kind, "score": score} for name, kind, score in claim.players
        ],
        "winners": list(claim.winners),
        **({} if claim.result is None else {"result": claim.result}),
        **({} if claim.dice in {None, APP_DICE} else {"dice": claim.dice}),
        **({} if claim.variant is None else {"variant": claim.variant}),
    }


def _check_claim(number: int, claim: Claim, match: Match, solo_result: int | None) -> None:
    """What finished game ``number`` says must be what its record replays to."""
    scores = match.state.scores()
    if (
        claim.game != match.game.id
        or claim.dice not in {None, match.dice}
        or claim.variant != match.options.get("variant")
    ):
        raise _history_error("history.not_its_record", number)
    if [(name, kind) for name, kind, _ in claim.players] != [
        (seat.name, seat.kind) for seat in match.seats
    ]:
        raise _history_error("history.other_players", number)
    if [score for _, _, score in claim.players] != list(scores):
        shown = ", ".join(map(str, scores))
        raise _history_error("history.other_scores", number, scores=shown)
    if solo_result is None:
        right = set(claim.winners) == set(match.state.winners())
    else:  # no winner, or (earlier versions) the one player
        right = claim.winners in {(), (0,)}
    if not right:
        raise _history_error("history.other_winners", number)
    if claim.result not in {None, solo_result}:
        raise _history_error("history.not_its_record", number)
