"""The browser's storage as the app keeps it: the key of every item, what a store must offer
(and the store in memory when the browser keeps nothing), what cannot be read set aside; and the
game in progress, saved after every action and read back (a save and an imported record are read
alike). The history of finished games is :mod:`dadoteca_web.history`'s.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Collection, Mapping, Sequence
from typing import Final, Literal, NamedTuple, Protocol

from dadoteca.bots import BOT_SEAT, bot_level, nearest_level
from dadoteca.core import Action, AnyState, RuleError
from dadoteca.match import MAX_NAME_LENGTH, Match, Seat, normalise_name
from dadoteca.table import Group, replayed

from .game_ui import EDGES

__all__ = [
    "BROKEN_HISTORY_PREFIX",
    "BROKEN_PREFIX",
    "HISTORY_KEY",
    "HOME_SCREEN_KEY",
    "LANGUAGE_KEY",
    "LAYOUT_KEY",
    "MAX_SAVE_CHARS",
    "RECORD_PREFIX",
    "SAVE_KEY",
    "SAVE_RULES",
    "SOUND_KEY",
    "STORAGE_PREFIX",
    "GameStore",
    "KeyValueStore",
    "LevelChange",
    "MemoryStore",
    "ReadGame",
    "read_game",
    "read_json",
    "set_aside",
]

STORAGE_PREFIX: Final = "dadoteca."  # every item of the app's, Python's copy holds them all
LANGUAGE_KEY: Final = STORAGE_PREFIX + "language"  # the language last chosen (by the shell)
SOUND_KEY: Final = STORAGE_PREFIX + "sound"  # "off": sound and vibration switched off (page)
LAYOUT_KEY: Final = STORAGE_PREFIX + "layout"  # "table": the setup last chose a table-top (page)
HOME_SCREEN_KEY: Final = STORAGE_PREFIX + "home-screen-told"  # iOS Safari's player was told
SAVE_KEY: Final = STORAGE_PREFIX + "game"
BROKEN_PREFIX: Final = STORAGE_PREFIX + "broken."
BROKEN_HISTORY_PREFIX: Final = BROKEN_PREFIX + "history."
MAX_SAVE_CHARS: Final = 1 << 20  # a record is a few KiB; anything larger is not ours
HISTORY_KEY: Final = STORAGE_PREFIX + "history"
RECORD_PREFIX: Final = STORAGE_PREFIX + "record."  # + an entry's id: the finished game's record

SAVE_RULES: Final[dict[str, str]] = {
    "save.too_large": "The saved game is too large to be one",
    "save.not_json": "The saved game is damaged: {problem}",
    "import.too_large": "The file is too large to be a game record",
    "import.not_json": "The file is not a game record: {problem}",
    "import.not_utf8": "The file is not UTF-8 text, as a game record always is",
    "history.not_utf8": "The file is not UTF-8 text, as a history always is",
    "history.too_large": "The file is too large to be a history of finished games",
    "history.not_json": "The file is not a history of finished games: {problem}",
    "history.not_history": "The file is not a history of finished games",
    "history.version": "The history comes from another version of Dadoteca",
    "history.bad_game": "Finished game {number} of the file is damaged",
    "history.bad_record": "The record of finished game {number} of the file is damaged: {problem}",
    "history.not_its_record": "Finished game {number} of the file is not the game its record holds",
    "history.other_players": (
        "Finished game {number} of the file names other players than its record"
    ),
    "history.other_scores": (
        "Finished game {number} of the file gives other scores than its record, which gives "
        "{scores}"
    ),
    "history.other_winners": (
        "Finished game {number} of the file names other winners than its record"
    ),
    "history.impossible_score": (
        "Finished game {number} of the file gives a score its game cannot end with: {score}"
    ),
    "history.impossible_winners": (
        "Finished game {number} of the file names winners its scores cannot have"
    ),
    "history.impossible_result": (
        "Finished game {number} of the file gives a solo result its game cannot have: {result}"
    ),
    "history.too_large_to_keep": (
        "With these games the history would be larger than this device can read back"
    ),
    "history.not_stored": "This browser did not let the history be stored",
}


def read_json(text: str, source: Literal["save", "import", "history"]) -> object:
    """The JSON value of a saved or imported record's text, or of an imported history's, or a
    RuleError naming why it cannot be one (what it holds is checked by its reader:
    ``Match.from_record``, :meth:`.history.History.import_games`)."""
    if len(text) > MAX_SAVE_CHARS:
        raise RuleError(f"{source}.too_large", SAVE_RULES[f"{source}.too_large"])
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:  # RecursionError: nested thousands deep
        rule = f"{source}.not_json"
        raise RuleError(rule, SAVE_RULES[rule], problem=str(error)) from None


class LevelChange(NamedTuple):
    """A computer seat whose level this version lacks, played at the nearest one it has."""

    seat: int
    level: str  # as the record names it
    played: str  # the level it is played at (dadoteca.bots.nearest_level)


class ReadGame(NamedTuple):
    """A saved or imported game as it is played: its match, the record it was read from, and
    the computer levels changed on the way."""

    match: Match
    record: object
    levels: tuple[LevelChange, ...]


def read_game(text: str, source: Literal["save", "import"]) -> ReadGame:
    """The game a save or an imported file holds, validated alike (its JSON, every field and
    action by ``Match.from_record``, its computer levels), or the RuleError saying why not.

    A computer level this version lacks (another version's "hard", say) is played at the
    nearest level it has, with a :class:`LevelChange` for the player to be told; it is saved
    so with the next move."""
    record = read_json(text, source)
    match = Match.from_record(record)
    levels = []
    seats = list(match.seats)
    for index, seat in enumerate(seats):
        level = bot_level(seat)
        if level is None:
            continue
        played = nearest_level(match.game.id, level)
        if played != level:
            levels.append(LevelChange(index, level, played))
            seats[index] = Seat(seat.name, BOT_SEAT + played)
    match.seats = tuple(seats)
    return ReadGame(match, record, tuple(levels))


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


# A saved game's fields (not a record's): the answers given so far to a moment decided
# together, in the order given; and the moves taken back, which Redo plays again.
ANSWERS: Final = "answers"
REDO: Final = "redo"
# Where each player sits around a device lying in the middle of the table, in seat order (none:
# the device is handed from one player to the next).
SEATING: Final = "seating"
WAITING: Final = "waiting"  # a day's game: the names to play it next, in turn, at this table


class Saved(NamedTuple):
    """What a save holds: the game, its answers given so far and its moves to redo, or why it
    could not be read; and the computer levels this version lacks, changed (see
    :func:`read_game`). The table (dadoteca.table.Table) keeps of the answers and the moves
    to redo only what still fits the game."""

    match: Match | None
    answers: tuple[tuple[int, Action], ...] = ()
    redo: tuple[Group, ...] = ()
    problem: RuleError | None = None
    levels: tuple[LevelChange, ...] = ()
    seating: tuple[str, ...] = ()
    waiting: tuple[str, ...] = ()


def _actions_read(entries: object, state: AnyState) -> Group:
    """``[[player or null, text], …]`` of a save, each read on the state the ones before it
    lead to (a roll where the rules call for dice); raises ValueError (RuleError, too) for
    anything else."""
    if not isinstance(entries, list):
        raise ValueError("not a list of actions")
    actions = []
    for entry in entries:
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str)):
            raise ValueError("not an action")
        player, text = entry
        if player is not None and (type(player) is not int or player not in state.deciders):
            raise ValueError("not a decider")
        action = state.parse_action(text)
        actions.append((player, action))
        state = replayed(state, ((player, action),))
    return tuple(actions)


def _answers_of(record: Mapping[str, object], match: Match) -> tuple[tuple[int, Action], ...]:
    """The saved answers, each read on the moment they answer (what a hand-edited save holds
    that is not one is dropped, the game itself is kept)."""
    entries = record.get(ANSWERS, [])
    answers = []
    for entry in entries if isinstance(entries, list) else ():
        with contextlib.suppress(ValueError):
            ((player, action),) = _actions_read([entry], match.state)  # each on the same moment
            if player is not None:
                answers.append((player, action))
    return tuple(answers)


def _waiting_of(record: Mapping[str, object], match: Match) -> tuple[str, ...]:
    """The names a saved day's game has waiting to play it next (what a hand-edited save
    holds that is not a name is dropped)."""
    names = record.get(WAITING, [])
    if match.day is None or not isinstance(names, list):
        return ()
    most = match.game.max_players - 1  # the others of the table
    kept = (normalise_name(name) for name in names[:most] if isinstance(name, str))
    return tuple(name for name in kept if 0 < len(name) <= MAX_NAME_LENGTH)


def _redo_of(record: Mapping[str, object], match: Match) -> tuple[Group, ...]:
    """The saved moves to redo, newest group last, read by playing them again from where the
    match is (none, if any does not play)."""
    groups = record.get(REDO, [])
    state = match.state
    read: list[Group] = []
    try:
        for entries in reversed(groups if isinstance(groups, list) else []):
            group = _actions_read(entries, state)
            state = replayed(state, group)
            read.append(group)
    except ValueError:
        return ()
    return tuple(reversed(read))


def _seating_of(record: Mapping[str, object], match: Match) -> tuple[str, ...]:
    """The saved places around a table-top, one per seat, each its own (anything else: the
    device is handed round, the game itself kept)."""
    seating = record.get(SEATING)
    # Alone (a day's game among them), nobody sits round a table-top.
    if not isinstance(seating, list) or len(seating) != len(match.seats) or len(seating) < 2:
        return ()
    if len(set(seating)) != len(seating) or not all(edge in EDGES for edge in seating):
        return ()
    return tuple(seating)


class GameStore:
    """Saves and restores the current game's record; never lets storage trouble stop a game."""

    def __init__(self, store: KeyValueStore, *, lasting: bool = True) -> None:
        self.store = store
        # False when the browser refuses localStorage (some private modes): ``store`` is memory.
        self.lasting = lasting
        self.working = lasting  # False while nothing is kept: the UI warns, play goes on
        # The page said it could not store the save (``store`` is its copy, whose writes always
        # work): not working until the page says a save was stored again.
        self.refused = False
        self.damaged: str | None = None  # the unreadable save just set aside, for its download
        # The unreadable save could not be set aside, so it is still in the save's place: it is
        # never overwritten (games are played in memory); the next start tries again.
        self.keeping_damaged = False

    def save(
        self,
        match: Match | None,
        answers: Mapping[int, Action] | None = None,
        redo: Collection[Group] = (),
        seating: Sequence[str] = (),
        waiting: Sequence[str] = (),
    ) -> None:
        """Save ``match``'s record, with the ``answers`` given so far to a decision taken by
        several players at once, the moves taken back that Redo would play again (a reload
        brings them back too), where each player sits around a table-top, and the names
        ``waiting`` to play a day's game next."""
        if self.keeping_damaged:
            self.working = False
            return
        try:
            if match is None:
                self.store.removeItem(SAVE_KEY)
            else:
                record = match.record()
                if answers:
                    record[ANSWERS] = [[player, str(action)] for player, action in answers.items()]
                if redo:
                    record[REDO] = [[[p, str(action)] for p, action in group] for group in redo]
                if seating:
                    record[SEATING] = list(seating)
                if waiting:
                    record[WAITING] = list(waiting)
                self.store.setItem(SAVE_KEY, json.dumps(record, separators=(",", ":")))
            self.working = self.lasting and not self.refused
        except Exception:  # quota exceeded or storage refused: all the same to the player
            self.working = False

    def load(self, *, writing: bool = True) -> Saved:
        """The saved game, or none and the error after setting an unreadable save aside.

        Not ``writing`` (a window that only watches the game another window plays), an
        unreadable save is left where it is: only the window playing touches it."""
        try:
            text = self.store.getItem(SAVE_KEY)
        except Exception:  # storage unavailable: there is simply nothing saved
            self.working = False
            return Saved(None)
        if text is None:
            return Saved(None)
        try:
            match, record, levels = read_game(text, "save")
        except RuleError as error:
            if writing:
                self._set_aside(text)
            return Saved(None, problem=error)
        assert isinstance(record, Mapping)  # Match.from_record read it
        answers, redo = _answers_of(record, match), _redo_of(record, match)
        return Saved(
            match,
            answers,
            redo,
            levels=levels,
            seating=_seating_of(record, match),
            waiting=_waiting_of(record, match),
        )

    def _set_aside(self, text: str) -> None:
        """Keep the unreadable save under another key (it can be exported), free the slot."""
        self.damaged = text
        if not set_aside(self.store, SAVE_KEY, BROKEN_PREFIX, text):
            self.keep_damaged()

    def keep_damaged(self) -> None:
        """Setting the damaged save aside failed (storage full): it stays where it is, never
        overwritten; the game goes on in memory, with the warning and the download."""
        self.keeping_damaged = True
        self.working = False


def set_aside(store: KeyValueStore, key: str, prefix: str, text: str) -> bool:
    """Move unreadable ``text`` from ``key`` to a key starting with ``prefix``, never deleting
    it: the original goes only once its copy is written."""
    try:
        store.setItem(f"{prefix}{int(time.time())}", text)
    except Exception:  # storage refused: the text stays where it was
        return False
    with contextlib.suppress(Exception):
        store.removeItem(key)
    return True
