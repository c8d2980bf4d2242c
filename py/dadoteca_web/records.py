"""Finished games kept and records in and out: :class:`Keeping` enters the game just finished
in the history, merges an exported history in, and hears what the page could not store of either
(or of the save, or of a copy set aside); beside it, a file read as a game record (validated as
a save is), and the player's words for all of these. Apart from the App, which puts games on
screen and asks its questions, so that its flow reads without this bookkeeping.
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from datetime import datetime

from dadoteca.core import RuleError
from dadoteca.match import Match

from .game_ui import GameUI
from .history import HISTORY_LIMIT, History, Imported
from .history_import import SoloResults
from .i18n import Translator
from .new_game import level_names
from .storage import (
    BROKEN_HISTORY_PREFIX,
    BROKEN_PREFIX,
    HISTORY_KEY,
    RECORD_PREFIX,
    SAVE_KEY,
    SAVE_RULES,
    GameStore,
    LevelChange,
    ReadGame,
    read_game,
)

__all__ = [
    "Keeping",
    "history_added",
    "levels_changed",
    "make_room_question",
    "not_importable",
    "read_record",
]


class Keeping:
    """What this device keeps of finished games (the history, and the records of the latest),
    and what the page could not keep of them or of the save (``store``'s)."""

    def __init__(self, store: GameStore, history: History) -> None:
        self.store = store
        self.history = history
        self.history_failed = False  # the game on screen ended, but its history entry is not kept
        self.record_failed = False  # …its entry is kept, but not its moves (its record)
        # The entries the last history import added, until another write of the history: if
        # the page could not store them, the import is said to have failed.
        self._imported: tuple[str, ...] = ()

    def another_game(self) -> None:
        """Another game (or none) is on screen: what was not kept of the last one is no
        longer said."""
        self.history_failed = self.record_failed = False

    def enter(
        self, match: Match, ended: datetime, result: int | None, *, practice: bool
    ) -> None:
        """``match``, just finished, enters the history (:meth:`.history.History.add`)."""
        self.history_failed = not self.history.add(match, ended, result, practice=practice)
        self._imported = ()  # the history's last write is this game's

    def import_history(
        self, text: str | None, now: datetime, solo: SoloResults, *, make_room: bool
    ) -> Imported:
        """Merge an exported history (``text``; None: not UTF-8 text) into this device's, as
        :meth:`.history.History.import_games` does; raises its RuleError."""
        if text is None:
            raise RuleError("history.not_utf8", SAVE_RULES["history.not_utf8"])
        imported = self.history.import_games(text, now, solo, make_room=make_room)
        if make_room or not imported.dropping:  # written
            self._imported = imported.entered
        return imported

    def not_stored(self, t: Translator, keys: Set[str], *, over: bool) -> tuple[str, str] | None:
        """The page could not write ``keys`` (storage full or refused). The game's save: play
        goes on, with the warning. A copy of something unreadable: the original stays where it
        is, never overwritten. The history or the record of the game on screen, ``over``: the
        player is told, and offered the record; an imported history's games: what to say in
        the History dialog (text, kind), the import undone where the history itself was
        refused."""
        if SAVE_KEY in keys:
            self.store.working, self.store.refused = False, True
        for key in keys:
            if key.startswith(BROKEN_HISTORY_PREFIX):
                self.history.writable = False
            elif key.startswith(BROKEN_PREFIX):
                self.store.keep_damaged()
        records = any(key.startswith(RECORD_PREFIX) for key in keys)
        if self._imported and (HISTORY_KEY in keys or records):
            imported, self._imported = self._imported, ()
            if HISTORY_KEY in keys:
                self.history.forget(imported)
            return _history_not_kept(t, refused=HISTORY_KEY in keys), "error"
        if over:
            if HISTORY_KEY in keys:
                self.history_failed = True
            elif records:
                self.record_failed = True
        return None


def read_record(text: str | None) -> ReadGame:
    """The game an imported file holds, validated as a save is (:func:`.storage.read_game`);
    ``text`` None: the file is not UTF-8 text (the page decodes it strictly, never guessing at
    characters). Raises a ValueError (a RuleError, with words for the player, for what the
    rules refuse)."""
    if text is None:
        raise RuleError("import.not_utf8", SAVE_RULES["import.not_utf8"])
    return read_game(text, "import")


def not_importable(t: Translator, error: ValueError) -> str:
    """Why a file (a record or a history) cannot be imported: a RuleError's words, else the
    error's own."""
    reason = t.rule(error) if isinstance(error, RuleError) else str(error)
    return t("This file cannot be imported: {reason}", reason=reason)


def levels_changed(t: Translator, ui: GameUI, levels: Sequence[LevelChange]) -> str:
    """Which computers play at another level than their record's, in words."""
    return " ".join(
        t(
            "{name} plays as “{played}”: this version has no “{level}” computer player.",
            name=ui.plain_name(change.seat),
            played=level_names(t)[change.played],
            level=change.level,
        )
        for change in levels
    )


def make_room_question(t: Translator, dropping: int) -> str:
    """The question before an imported history cuts ``dropping`` games of this device."""
    return t.n(
        "The history keeps the latest {limit} games: adding these removes "
        "{count} game of this device, the oldest. Download the history first?",
        "The history keeps the latest {limit} games: adding these removes "
        "{count} games of this device, the oldest. Download the history first?",
        dropping,
        limit=HISTORY_LIMIT,
    )


def history_added(t: Translator, imported: Imported) -> str:
    """What an imported history did, in words: the games added, those listed as ending now,
    those of this device cut to make room, those too old to be added."""
    count = len(imported.entered)
    if not count and not imported.too_old:
        return t("Every game of this file is in the history already.")
    said = [
        t.n(
            "{count} finished game added to the history.",
            "{count} finished games added to the history.",
            count,
        )
    ]
    if imported.late:
        said.append(
            t.n(
                "{count} of them ended later than this device's clock says it is now: it "
                "is listed as ending now.",
                "{count} of them ended later than this device's clock says it is now: "
                "they are listed as ending now.",
                imported.late,
            )
        )
    if imported.dropping:
        said.append(
            t.n(
                "{count} game of this device, the oldest, was removed to make room.",
                "{count} games of this device, the oldest, were removed to make room.",
                imported.dropping,
            )
        )
    if imported.too_old:
        said.append(
            t.n(
                "{count} game of the file was not added: the history keeps the latest "
                "{limit}, and it is older.",
                "{count} games of the file were not added: the history keeps the latest "
                "{limit}, and they are older.",
                imported.too_old,
                limit=HISTORY_LIMIT,
            )
        )
    return " ".join(said)


def _history_not_kept(t: Translator, *, refused: bool) -> str:
    """What storage did to an imported history's games: it ``refused`` the history itself (the
    games are not added), or only some of their records (added, but not to be opened again)."""
    if refused:
        return t("The games could not be added: this device's storage is full or refuses them.")
    return t(
        "The games were added, but this device's storage is full: the moves of "
        "some are not kept, so they cannot be opened again."
    )
