"""The game in progress, saved after every action; the history of finished games; and what
happens when either cannot be read."""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import time
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Final, Literal, NamedTuple, Protocol

from dadoteca.bots import BOT_LEVELS, BOT_SEAT, bot_level, nearest_level
from dadoteca.core import Action, AnyState, RuleError
from dadoteca.games import GAMES
from dadoteca.match import (
    APP_DICE,
    DICE_KINDS,
    MAX_ACTIONS,
    MAX_NAME_LENGTH,
    SEAT_KINDS,
    SHEETS_ONLY,
    Match,
    Seat,
    name_key,
    normalise_name,
)
from dadoteca.table import Group, replayed
from dadoteca_games.qwixx.rules import QWIXX
from dadoteca_games.qwixx.variants import VARIANT_SHEETS

__all__ = [
    "BROKEN_HISTORY_PREFIX",
    "BROKEN_PREFIX",
    "HISTORY_FORMAT",
    "HISTORY_KEY",
    "HISTORY_VERSION",
    "HOME_SCREEN_KEY",
    "LANGUAGE_KEY",
    "MAX_ROUNDS",
    "RECORD_PREFIX",
    "SAVE_KEY",
    "SAVE_RULES",
    "SOUND_KEY",
    "STORAGE_PREFIX",
    "GameStore",
    "History",
    "Imported",
    "KeyValueStore",
    "LevelChange",
    "MemoryStore",
    "ReadGame",
    "SoloResults",
    "plausible_result",
    "read_game",
]

STORAGE_PREFIX: Final = "dadoteca."  # every item of the app's, Python's copy holds them all
LANGUAGE_KEY: Final = STORAGE_PREFIX + "language"  # the language last chosen (by the shell)
SOUND_KEY: Final = STORAGE_PREFIX + "sound"  # "off": sound and vibration switched off (page)
HOME_SCREEN_KEY: Final = STORAGE_PREFIX + "home-screen-told"  # iOS Safari's player was told
SAVE_KEY: Final = STORAGE_PREFIX + "game"
BROKEN_PREFIX: Final = STORAGE_PREFIX + "broken."
BROKEN_HISTORY_PREFIX: Final = BROKEN_PREFIX + "history."
MAX_SAVE_CHARS: Final = 1 << 20  # a record is a few KiB; anything larger is not ours
HISTORY_KEY: Final = STORAGE_PREFIX + "history"
HISTORY_FORMAT: Final = "dadoteca-history"
HISTORY_VERSION: Final = 1
HISTORY_LIMIT: Final = 200  # the latest games kept: ~300 bytes each
# An imported game that ended later than now by this device's clock, by more than the minutes
# two clocks may differ, is listed as ending now: another device's clock was wrong, and a game
# "ended" in the year 9999 would stay the newest for ever, pushing out every game after it.
CLOCKS_DIFFER: Final = timedelta(minutes=10)
# A solo game counted in rounds (Diceland's) takes at most this many: a round is a roll and a
# decision at least, and a record holds at most MAX_ACTIONS actions.
MAX_ROUNDS: Final = MAX_ACTIONS // 2
# The seat kinds an entry without its record may name: those this version plays. (A record
# may name a level this version lacks: it is played at the nearest, and its kind is the fact.)
ENTRY_KINDS: Final = frozenset({"human", "bot", *(BOT_SEAT + level for level in BOT_LEVELS)})
RECORD_PREFIX: Final = STORAGE_PREFIX + "record."  # + an entry's id: the finished game's record
RECORDS_KEPT: Final = 60  # the latest finished games whose records are kept (2-10 KB each) ...
RECORDS_CHARS: Final = 600_000  # ... within this many characters in all

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
    ``Match.from_record``, :meth:`History.import_games`)."""
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
    ) -> None:
        """Save ``match``'s record, with the ``answers`` given so far to a decision taken by
        several players at once, and the moves taken back that Redo would play again (a
        reload brings them back too)."""
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
        return Saved(match, answers, redo, levels=levels)

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


def _entry_id(match: Match) -> str:
    """A finished game's id in the history: its record's digest (a game enters once)."""
    record = json.dumps(match.record(), sort_keys=True).encode()
    return hashlib.sha256(record).hexdigest()[:16]


class History:
    """Finished games, oldest first, under their own localStorage key: an update of the app
    replaces the service worker's caches, never localStorage, so the history survives it.

    Stored JSON: ``{"format": "dadoteca-history", "version": 1, "games": [entry, ...]}``, with
    ``entry = {"id", "ended", "game", "players": [{"name", "kind", "score"}], "winners"}``:
    ``id`` names the finished record (a game enters once, whatever reloads), ``ended`` is an ISO
    8601 UTC time, ``kind`` a seat kind of the record, ``winners`` seat indexes (none in a solo
    game, whose entry has its ``result`` instead: the score, or Diceland's rounds), and ``dice``
    ``"real"`` for a game played with the table's own dice (absent: the app rolled); earlier
    versions named a solo game's one player its winner, without a result. Readers ignore
    fields they do not know (the shell reads it too, before Python starts); a history that
    cannot be read is set aside under ``dadoteca.broken.history.`` and a new one begun. It is
    never written longer than MAX_SAVE_CHARS, what it is read back within.

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

    def readable(self) -> list[dict[str, object]] | None:
        """The entries, oldest first, as stored (none without a history); None when the
        history cannot be read. Only reads: the statistics show it as it is."""
        try:
            text = self.store.getItem(HISTORY_KEY)
        except Exception:  # storage unavailable: no history
            return []
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

    def add(self, match: Match, ended: datetime, result: int | None = None) -> bool:
        """Enter ``match``, a finished game, unless it is already there (a solo game with its
        ``result``, and no winner); False if it could not be stored (the app says so and
        offers the record's download). The game just finished is never the one the bound of
        kept games cuts, whatever end times the history holds: the oldest other one goes."""
        entry_id = _entry_id(match)
        self.added[entry_id] = _entry(entry_id, ended, match, result)
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
        this version, holds a game that cannot be (see :func:`_imported`), or would make the
        history larger than the app reads back is refused with a RuleError naming why, and
        nothing of it enters. Games of this device are never cut to make room for imported
        ones unless ``make_room``: without it, an import that would cut some writes nothing
        and says how many (:attr:`Imported.dropping`), for the player to be asked first."""
        stored = read_json(text, "history")
        if not isinstance(stored, dict) or stored.get("format") != HISTORY_FORMAT:
            raise RuleError("history.not_history", SAVE_RULES["history.not_history"])
        if stored.get("version") != HISTORY_VERSION or not isinstance(stored.get("games"), list):
            raise RuleError("history.version", SAVE_RULES["history.version"])
        entries: dict[str, dict[str, object]] = {}
        records: dict[str, str] = {}
        late: set[str] = set()
        for number, game in enumerate(stored["games"], start=1):
            entry, record, ended_late = _imported(number, game, now, solo)
            entry_id = str(entry["id"])
            entries[entry_id] = entry
            if record is not None:
                records[entry_id] = record
            if ended_late:
                late.add(entry_id)
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
        who, game, this = name_key(match.seats[0].name), match.game.id, _entry_id(match)
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


class SoloResults(NamedTuple):
    """How the front end ranks a game's solo games (each game's GameUI says): the result of a
    finished solo match, and whether fewer is better (Diceland's rounds) or more (a score)."""

    result: Callable[[Match], int]
    lower_is_better: Callable[[str], bool]


class Imported(NamedTuple):
    """What an import of a history did (or, while ``dropping`` games were not made room for,
    would do: then nothing is written)."""

    entered: tuple[str, ...]  # the ids of the games added
    late: int  # of them, those that ended later than now by this device's clock: now, here
    too_old: int  # games older than the latest HISTORY_LIMIT once merged: not added
    dropping: int  # games of this device cut, the oldest, to make room for the new ones
    known: int  # games already in the history


def plausible_result(game: str, result: object, score: object, lower_is_better: bool) -> bool:
    """Whether ``result`` can be what a solo game of ``game`` whose one player scored
    ``score`` ended with, as the app writes it: its rounds where fewer is better, else the
    score itself."""
    if type(result) is not int:
        return False
    if lower_is_better:
        return 1 <= result <= MAX_ROUNDS
    return result == score and result in GAMES[game].score_range


def _entry(entry_id: str, ended: datetime, match: Match, result: int | None) -> dict[str, object]:
    """A finished game's entry in the history, from its match: a solo game with its
    ``result`` (and no winner)."""
    state = match.state
    return {
        "id": entry_id,
        "ended": _written_time(ended),
        "game": match.game.id,
        "players": [
            {"name": seat.name, "kind": seat.kind, "score": score}
            for seat, score in zip(match.seats, state.scores(), strict=True)
        ],
        "winners": [] if result is not None else list(state.winners()),
        **({} if result is None else {"result": result}),
        **({} if match.dice == APP_DICE else {"dice": match.dice}),
        **({"variant": match.options["variant"]} if "variant" in match.options else {}),
    }


def _written_time(moment: datetime) -> str:
    """An end time as the history keeps it: UTC, to the second, so that end times sort as
    text."""
    return moment.astimezone(UTC).isoformat(timespec="seconds")


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


ENTRY_ID = re.compile(r"[0-9a-f]{16}")


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
    if not match.state.is_terminal or _entry_id(match) != claim.id:
        raise _history_error("history.not_its_record", number)
    solo_result = solo.result(match) if len(match.seats) == 1 else None
    facts = _entry(claim.id, ended, match, solo_result)
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
        "ended": _written_time(ended),
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


def _players(entry: dict[str, object]) -> list[dict[str, object]]:
    players = entry.get("players")
    return [p for p in players if isinstance(p, dict)] if isinstance(players, list) else []
