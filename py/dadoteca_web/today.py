"""Today's game beyond the table: the line to share, streaks, the family's ranking and the
expert's scores of the days, from the history's entries (:class:`history.History`).

A day's game (:mod:`dadoteca.daily`) enters the history with its ``day`` and, when it is not
the first of that day finished by that player on this device, ``practice``: the first counts,
the later ones are practice. A streak is the days in a row a player's game counted.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import date, timedelta
from itertools import pairwise
from statistics import fmean
from typing import Final, NamedTuple

from dadoteca.core import AnyState, RuleError
from dadoteca.daily import GAME_ID_TEXT, Day
from dadoteca.match import DAILY_DICE, Match, name_key

from .history_entries import plausible_result
from .storage import STORAGE_PREFIX, KeyValueStore

__all__ = [
    "EXPERTS_KEY",
    "DayEntry",
    "DayStats",
    "Experts",
    "Shared",
    "best_rolls",
    "day_entries",
    "day_stats",
    "parse_share_line",
    "share_line",
    "streaks",
]

# The expert's result on each day's dice, worked out once per device: {"qwixx-2026-11-28": 114}.
EXPERTS_KEY: Final = STORAGE_PREFIX + "experts"
EXPERTS_KEPT: Final = 400  # the latest days' results kept: about a year of the three games
DAY_LINK: Final = "?day="
_SHARED: Final = re.compile(
    r"(?P<title>.+) (?P<date>\d{4}-\d{2}-\d{2}): (?P<score>\d{1,6})\b[^·]*· (?P<picture>[^·]+?)"
    rf" · \S*\?day=(?P<day>{GAME_ID_TEXT}-\d{{4}}-\d{{2}}-\d{{2}})"
)
SHARE_RULES: Final[dict[str, str]] = {
    "share.not_a_line": "This is not a line Dadoteca shares",
}


class Shared(NamedTuple):
    """What a shared line says: the day, the result, the picture of the sheet."""

    day: Day
    result: int
    picture: str


def share_line(title: str, day: Day, result: str, picture: str) -> tuple[str, str]:
    """The line to share, and its link relative to the app's address (the page puts it after
    the line, made absolute): ``Qwixx 2026-11-28: 114 points · ◆7 ●5 ▲9 ■4 ✕1 ·``."""
    return f"{title} {day.date.isoformat()}: {result} · {picture} ·", f"{DAY_LINK}{day}"


def parse_share_line(text: str) -> Shared:
    """A shared line read back (with its link, relative or made absolute), whatever language
    its words are in; raises RuleError ``share.not_a_line``."""
    found = _SHARED.search(text)
    if found is None:
        raise RuleError("share.not_a_line", SHARE_RULES["share.not_a_line"])
    day = Day.parse(found["day"])
    if day.date.isoformat() != found["date"]:
        raise RuleError("share.not_a_line", SHARE_RULES["share.not_a_line"])
    return Shared(day, int(found["score"]), found["picture"])


class DayEntry(NamedTuple):
    """A history entry of a day's game: whose (name as written), its result, whether it is
    practice, and its entry's id (its record may be kept)."""

    day: Day
    name: str
    result: int
    practice: bool
    entry_id: str


def day_entries(
    entries: Iterable[Mapping[str, object]], lower_is_better: Mapping[str, bool]
) -> list[DayEntry]:
    """The entries of days' games, in history order (oldest first): one person each, with a
    result its game can give."""
    found = []
    for entry in entries:
        game, written, players = entry.get("game"), entry.get("day"), entry.get("players")
        if (
            entry.get("dice") != DAILY_DICE
            or not isinstance(game, str)
            or game not in (lower_is_better)
        ):
            continue
        if not (isinstance(written, str) and isinstance(players, list) and len(players) == 1):
            continue
        (player,) = players
        name = player.get("name") if isinstance(player, dict) else None
        score = player.get("score") if isinstance(player, dict) else None
        result = entry.get("result")
        try:
            day = Day.parse(f"{game}-{written}")
        except RuleError:
            continue
        if isinstance(name, str) and plausible_result(game, result, score, lower_is_better[game]):
            assert isinstance(result, int)
            practice = entry.get("practice") is True
            found.append(DayEntry(day, name, result, practice, str(entry.get("id"))))
    return found


def counted(entries: Iterable[DayEntry]) -> dict[tuple[Day, str], DayEntry]:
    """Each person's game that counts for each day: their first one not marked practice."""
    firsts: dict[tuple[Day, str], DayEntry] = {}
    for entry in entries:
        if not entry.practice:
            firsts.setdefault((entry.day, name_key(entry.name)), entry)
    return firsts


class Streaks(NamedTuple):
    """A person's days of one game: how many counted, the run up to today (or yesterday, today
    still to play), and the longest run."""

    days: int
    current: int
    longest: int


def streaks(days: Iterable[date], today: date) -> Streaks:
    """The runs of consecutive ``days`` (dates a game counted), as of ``today``."""
    played = sorted(set(days))
    longest = run = 0
    for index, day in enumerate(played):
        run = run + 1 if index and played[index - 1] == day - timedelta(days=1) else 1
        longest = max(longest, run)
    current = 0
    day = today if today in played else today - timedelta(days=1)
    while day in played:
        current, day = current + 1, day - timedelta(days=1)
    return Streaks(len(played), current, longest)


def best_rolls(matches: Sequence[Match]) -> list[list[int]]:
    """For each match (players' games of one day), the turns on which it gained the most
    points of them all, alone: who did best on which roll."""
    gains = [_gains_per_turn(match.states) for match in matches]
    turns = max((len(gained) for gained in gains), default=0)
    best: list[list[int]] = [[] for _ in matches]
    for turn in range(turns):
        of_turn = [gained[turn] if turn < len(gained) else 0 for gained in gains]
        top = max(of_turn)
        if top > 0 and of_turn.count(top) == 1:
            best[of_turn.index(top)].append(turn + 1)
    return best


def _gains_per_turn(states: Sequence[AnyState]) -> list[int]:
    """The points a solo game's player gained in each turn, turn 1 first."""
    gains: list[int] = []
    before = states[0].scores()[0]
    for state, after in pairwise(states):
        if after.turn != state.turn or after.is_terminal:
            score = after.scores()[0]
            gains.append(score - before)
            before = score
    return gains


class Experts:
    """The expert's result on each day's dice, kept on this device (EXPERTS_KEY) so it is
    worked out once a day; storage that refuses it only means working it out again."""

    def __init__(self, store: KeyValueStore) -> None:
        self.store = store

    def results(self) -> dict[str, int]:
        try:
            text = self.store.getItem(EXPERTS_KEY)
            stored = json.loads(text) if text is not None and len(text) < 1 << 16 else {}
        except Exception:  # unreadable or unavailable: worked out again
            return {}
        if not isinstance(stored, dict):
            return {}
        return {str(day): n for day, n in stored.items() if type(n) is int}

    def get(self, day: Day) -> int | None:
        return self.results().get(str(day))

    def put(self, day: Day, result: int) -> None:
        results = self.results()
        results[str(day)] = result
        latest = sorted(results.items(), key=lambda item: item[0][-10:])[-EXPERTS_KEPT:]
        try:
            self.store.setItem(EXPERTS_KEY, json.dumps(dict(latest), separators=(",", ":")))
        except Exception:  # full: worked out again next time
            return


class DayStats(NamedTuple):
    """One person's days of one game: the days counted, their streaks, their mean result, and
    the expert's mean on the days of theirs it played (None: none yet)."""

    game: str
    name: str
    streaks: Streaks
    mean: float
    expert_mean: float | None


def day_stats(
    entries: Iterable[Mapping[str, object]],
    lower_is_better: Mapping[str, bool],
    experts: Mapping[str, int],
    today: date,
) -> list[DayStats]:
    """Per game (in ``lower_is_better``'s order) and person (most days first), their counted
    days' games of ``entries``, oldest first; ``experts``: the expert's result by day."""
    by_person: dict[tuple[str, str], list[DayEntry]] = {}
    for (day, who), entry in counted(day_entries(entries, lower_is_better)).items():
        by_person.setdefault((day.game, who), []).append(entry)
    order = list(lower_is_better)
    ranked = sorted(by_person, key=lambda key: (order.index(key[0]), -len(by_person[key]), key[1]))
    stats = []
    for game, who in ranked:
        days = by_person[game, who]
        known = [experts[str(entry.day)] for entry in days if str(entry.day) in experts]
        stats.append(
            DayStats(
                game,
                days[-1].name,
                streaks((entry.day.date for entry in days), today),
                fmean(entry.result for entry in days),
                fmean(known) if known else None,
            )
        )
    return stats
