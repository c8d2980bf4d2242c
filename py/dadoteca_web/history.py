"""The history of finished games on this device, and the records of the latest of them: what
enters it, the bounds it is kept within, another window's writes merged, its export and the
merge of an exported one (each game of the file checked by :mod:`dadoteca_web.history_import`).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Final, NamedTuple

from dadoteca.core import RuleError
from dadoteca.match import Match, name_key

from .history_entries import (
    HISTORY_FORMAT,
    HISTORY_VERSION,
    entry_id_of,
    entry_of,
    plausible_result,
)
from .history_import import SoloResults, read_history_file
from .storage import (
    BROKEN_HISTORY_PREFIX,
    HISTORY_KEY,
    MAX_SAVE_CHARS,
    RECORD_PREFIX,
    SAVE_RULES,
    KeyValueStore,
    read_game,
    set_aside,
)

__all__ = ["HISTORY_LIMIT", "RECORDS_CHARS", "RECORDS_KEPT", "History", "Imported"]

HISTORY_LIMIT: Final = 200  # the latest games kept: ~300 bytes each
RECORDS_KEPT: Final = 60  # the latest finished games whose records are kept (2-10 KB each) ...
RECORDS_CHARS: Final = 600_000  # ... within this many characters in all


class History:
    """Finished games, oldest first, under their own localStorage key: an update of the app
    replaces the service worker's caches, never localStorage, so the history survives it.

    Stored as :mod:`dadoteca_web.history_entries` says. A history that cannot be read is set
    aside under ``dadoteca.broken.history.`` and a new one begun. It is never written longer
    than MAX_SAVE_CHARS, what it is read back within.

    The records of the latest finished games (RECORDS_KEPT, within RECORDS_CHARS) are kept too,
    each under its own key, ``dadoteca.record.`` + its entry's id, so a finished game can be
    opened again, replayed and reviewed; the oldest records go first, their entries stay. An
    exported history carries them, in each entry's ``record``."""

    def __init__(self, store: KeyValueStore) -> None:
        self.store = store
        # The entries this window added, by id: another window writing the history from an
        # older copy would drop them, so they are merged back (see :meth:`changed_elsewhere`).
        self.added: dict[str, dict[str, object]] = {}
        # False once an unreadable history could not be set aside: it is never overwritten.
        self.writable = True

    def games(self) -> list[dict[str, object]]:
        """The entries, oldest first; none when there is no history or it cannot be read (then
        set aside, as this is read before it is written)."""
        games = self.readable()
        if games is not None:
            return games
        with contextlib.suppress(Exception):  # storage unavailable: nothing to set aside
            text = self.store.getItem(HISTORY_KEY)
            if text is not None and not set_aside(
                self.store, HISTORY_KEY, BROKEN_HISTORY_PREFIX, text
            ):
                self.writable = False
        return []

    def stored_text(self) -> str | None:
        """The history as stored, what every view of it is worked out from; None when there
        is none, or storage is unavailable."""
        try:
            return self.store.getItem(HISTORY_KEY)
        except Exception:  # storage unavailable: no history
            return None

    def readable(self) -> list[dict[str, object]] | None:
        """The entries, oldest first, as stored (none without a history); None when the
        history cannot be read. Only reads: the statistics show it as it is."""
        text = self.stored_text()
        if text is None:
            return []
        try:
            stored = json.loads(text) if len(text) <= MAX_SAVE_CHARS else None
        except (ValueError, RecursionError):
            stored = None
        if (
            isinstance(stored, dict)
            and stored.get("format") == HISTORY_FORMAT
            and stored.get("version") == HISTORY_VERSION
            and isinstance(stored.get("games"), list)
        ):
            return [game for game in stored["games"] if isinstance(game, dict)]
        return None

    def add(
        self, match: Match, ended: datetime, result: int | None = None, *, practice: bool = False
    ) -> bool:
        """Enter ``match``, a finished game, unless it is already there (a solo game with its
        ``result``, and no winner; a day's game marked ``practice`` unless it counts); False
        if it could not be stored (the app says so and offers the record's download). The
        game just finished is never the one the bound of kept games cuts, whatever end times
        the history holds: the oldest other one goes."""
        entry_id = entry_id_of(match)
        self.added[entry_id] = entry_of(entry_id, ended, match, result, practice=practice)
        stored = self._merge_added(keep={entry_id})
        if stored:
            self._keep_records({entry_id: json.dumps(match.record(), separators=(",", ":"))})
        return stored

    def record(self, entry_id: str) -> Match | None:
        """The finished game of entry ``entry_id``, if its record is kept and reads as one."""
        try:
            text = self.store.getItem(RECORD_PREFIX + entry_id)
            return None if text is None else read_game(text, "save").match
        except Exception:  # unreadable or unavailable: not kept, as far as the player goes
            return None

    def _keep_records(self, new: Mapping[str, str]) -> None:
        """Store the ``new`` records (by entry id) of entries in the history, then keep only
        those of the latest RECORDS_KEPT finished games within RECORDS_CHARS; storage that
        refuses a record only loses that record, never the history."""
        games = self.games()
        present = {game.get("id") for game in games}
        for entry_id, text in new.items():
            if entry_id in present:
                with contextlib.suppress(Exception):  # full: the entry stays, without it
                    self.store.setItem(RECORD_PREFIX + entry_id, text)
        kept, chars = 0, 0
        for game in reversed(games):  # newest first
            key = RECORD_PREFIX + str(game.get("id"))
            try:
                kept_text = self.store.getItem(key)
            except Exception:
                return
            if kept_text is None:
                continue
            if kept < RECORDS_KEPT and chars + len(kept_text) <= RECORDS_CHARS:
                kept, chars = kept + 1, chars + len(kept_text)
            else:
                with contextlib.suppress(Exception):
                    self.store.removeItem(key)

    def changed_elsewhere(self, text: str | None) -> None:
        """Another window wrote the history (``text``, as now stored): entries this window
        added and that write lacks are merged back in. A history cleared (None) clears ours
        too: a clear is deliberate, whichever window it was made in."""
        if text is None:
            self.added.clear()
        else:
            self._merge_added()

    def _merge_added(self, keep: Collection[str] = ()) -> bool:
        """Write the stored history with every entry this window added, if one is missing
        (oldest first by end time, the latest HISTORY_LIMIT, never cutting those of ``keep``);
        whether they are all stored. Nothing is written that the app could not read back."""
        games = self.games()
        present = {game.get("id") for game in games}
        missing = [entry for entry_id, entry in self.added.items() if entry_id not in present]
        if not missing:
            return True
        if not self.writable:
            return False  # an unreadable history is kept in place, not overwritten
        kept = _latest([*games, *missing], keep)
        text = _history_text(kept)
        if len(text) > MAX_SAVE_CHARS:
            return False
        try:
            self.store.setItem(HISTORY_KEY, text)
        except Exception:  # full or refused: the app says so
            return False
        # Entries cut are gone on purpose: merged back later, they would cut another.
        for entry_id in {entry.get("id") for entry in missing} - {game.get("id") for game in kept}:
            self.added.pop(str(entry_id), None)
        return True

    def export(self) -> str:
        """The whole history as a file: the stored format, every finished game in it, each
        with its record where it is kept."""
        games = []
        for game in self.games():
            match = self.record(str(game.get("id")))
            games.append(game if match is None else {**game, "record": match.record()})
        stored = {"format": HISTORY_FORMAT, "version": HISTORY_VERSION, "games": games}
        return json.dumps(stored, ensure_ascii=False, indent=1)

    def import_games(
        self, text: str, now: datetime, solo: SoloResults, *, make_room: bool = False
    ) -> Imported:
        """Merge the finished games of an exported history (``text``) into this one: those it
        lacks enter (a game enters once, by its id), as if they had ended here; what it did.

        The file is checked whole before anything is written: a file that is not a history of
        this version, holds a game that cannot be (see :func:`.history_import.read_history_file`),
        or would make the history larger than the app reads back is refused with a RuleError
        naming why, and nothing of it enters. Games of this device are never cut to make room
        for imported ones unless ``make_room``: without it, an import that would cut some writes
        nothing and says how many (:attr:`Imported.dropping`), for the player to be asked
        first."""
        entries, records, late = read_history_file(text, now, solo)
        games = self.games()
        present = {game.get("id") for game in games}
        new = {entry_id: entry for entry_id, entry in entries.items() if entry_id not in present}
        kept = _latest([*games, *new.values()], keep=())
        kept_ids = {game.get("id") for game in kept}
        entering = tuple(entry_id for entry_id in new if entry_id in kept_ids)
        imported = Imported(
            entering,
            late=len(late.intersection(entering)),
            too_old=len(new) - len(entering),
            dropping=sum(game.get("id") not in kept_ids for game in games),
            known=len(entries) - len(new),
        )
        if not entering or (imported.dropping and not make_room):
            return imported
        if len(_history_text(kept)) > MAX_SAVE_CHARS:
            raise RuleError("history.too_large_to_keep", SAVE_RULES["history.too_large_to_keep"])
        self.added.update((entry_id, new[entry_id]) for entry_id in entering)
        if not self._merge_added(keep=entering):
            self.forget(entering)
            raise RuleError("history.not_stored", SAVE_RULES["history.not_stored"])
        self._keep_records({key: records[key] for key in entering if key in records})
        return imported

    def forget(self, entry_ids: Collection[str]) -> None:
        """These entries this window added never reached storage (it refused them): they are
        not merged back in later."""
        for entry_id in entry_ids:
            self.added.pop(entry_id, None)

    def best(self, match: Match, *, lower_is_better: bool = False) -> int | None:
        """The best result of ``match``'s one player in solo games of its game, other than
        ``match`` itself, or None if there is none: a player is their name as it reads (as the
        statistics count them), results no game can give are left out."""
        who, game, this = name_key(match.seats[0].name), match.game.id, entry_id_of(match)
        results = []
        for entry in self.games():
            result, players = entry.get("result"), _players(entry)
            names = [player.get("name") for player in players]
            if (
                entry.get("game") == game
                and entry.get("id") != this
                and len(names) == 1
                and isinstance(names[0], str)
                and name_key(names[0]) == who
                and plausible_result(game, result, players[0].get("score"), lower_is_better)
            ):
                assert isinstance(result, int)
                results.append(result)
        if not results:
            return None
        return min(results) if lower_is_better else max(results)


class Imported(NamedTuple):
    """What an import of a history did (or, while ``dropping`` games were not made room for,
    would do: then nothing is written)."""

    entered: tuple[str, ...]  # the ids of the games added
    late: int  # of them, those that ended later than now by this device's clock: now, here
    too_old: int  # games older than the latest HISTORY_LIMIT once merged: not added
    dropping: int  # games of this device cut, the oldest, to make room for the new ones
    known: int  # games already in the history


def _latest(games: Iterable[dict[str, object]], keep: Collection[str]) -> list[dict[str, object]]:
    """``games`` oldest first by end time, the oldest cut beyond HISTORY_LIMIT, except those of
    ``keep``."""
    ordered = sorted(games, key=lambda game: str(game.get("ended", "")))
    excess = len(ordered) - HISTORY_LIMIT
    kept = []
    for game in ordered:
        if excess > 0 and game.get("id") not in keep:
            excess -= 1
        else:
            kept.append(game)
    return kept


def _history_text(games: Sequence[dict[str, object]]) -> str:
    stored = {"format": HISTORY_FORMAT, "version": HISTORY_VERSION, "games": games}
    return json.dumps(stored, separators=(",", ":"))


def _players(entry: dict[str, object]) -> list[dict[str, object]]:
    players = entry.get("players")
    return [p for p in players if isinstance(p, dict)] if isinstance(players, list) else []
