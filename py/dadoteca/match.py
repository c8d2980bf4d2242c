"""A game being played: seats, the states so far (for undo), and its record.

A **game record** (``docs/records.md``) is a small versioned JSON document: game id, options,
seats, seed and every action taken, dice outcomes included, so it replays to the identical state
whatever random generator a later version uses. The app saves one after every action.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from .core import UNSEEN, Action, AnyState, Event, Game, Options, RuleError, Unseen, rule_breaker
from .games import get_game

__all__ = [
    "APP_DICE",
    "DICE_KINDS",
    "MAX_ACTIONS",
    "MAX_NAME_LENGTH",
    "REAL_DICE",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "SHEETS_ONLY",
    "Match",
    "Seat",
    "name_key",
    "normalise_name",
]

RECORD_FORMAT: Final = "dadoteca-record"
RECORD_VERSION: Final = 1
MAX_NAME_LENGTH: Final = 40
# Who rolls: the app, from the match's seeded generator; the table, with its own dice, entered
# in the app (every roll is in the record either way, so both replay alike); or the table
# without telling the app ("Sheets only": every roll is UNSEEN, and the rules check the sheets).
APP_DICE: Final = "app"
REAL_DICE: Final = "real"
SHEETS_ONLY: Final = "sheets"
DICE_KINDS: Final = (APP_DICE, REAL_DICE, SHEETS_ONLY)
MAX_ACTIONS: Final = 20_000  # far above any real game; refuses oversize or hostile records
# A computer's level may be one this version lacks (a newer one's: played at the nearest), but
# is a word, as long as a level's name can be: no kind carries a save past its size.
MAX_LEVEL_LENGTH: Final = 20
SEAT_KINDS: Final = re.compile(rf"human|bot(:[a-z]{{1,{MAX_LEVEL_LENGTH}}})?")
# Invisible controls that would reorder the text around a name wherever it is shown (bidi
# embeddings, overrides, isolates and marks); control characters (Cc) and lone surrogates (Cs)
# are not text at all.
BIDI_CONTROLS: Final = frozenset(
    "\u061c\u200e\u200f"  # Arabic letter mark, left-to-right and right-to-left marks
    "\u202a\u202b\u202c\u202d\u202e"  # embeddings, pop, overrides
    "\u2066\u2067\u2068\u2069"  # isolates
)
HIDDEN_CATEGORIES: Final = frozenset({"Cc", "Cs"})
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): code points drawn as
# nothing (soft hyphen, fillers, zero-width spaces and joiners, word joiner, invisible
# operators, variation selectors, tags). A name keeps those it was typed with (the joiners of
# an emoji family or of a Persian name matter), but who it names does not depend on them.
DEFAULT_IGNORABLE: Final = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f"
    "\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)

RECORD_RULES: Final[dict[str, str]] = {
    "record.not_a_record": "This is not a Dadoteca game record: {problem}",
    "record.future_version": (
        "This record was written by a newer Dadoteca (format version {version}); "
        "this one reads up to version {supported}"
    ),
    "record.bad_field": "The record's {field} is not valid: {problem}",
    "record.bad_action": "Action {index} of the record ({text}) cannot be played: {problem}",
    "record.sheets_only": "This game is played with sheets only: its dice are not entered",
    "record.dice_unseen": "Only a game played with sheets only leaves its dice unseen",
    "record.computer_needs_dice": (
        "A computer player needs to see the dice: a game with sheets only is for people"
    ),
    "record.coach_needs_dice": "Hints need the dice: a game with sheets only has none",
    "record.no_coach": "Hints are off in this game: they are chosen when it starts",
}


_record_error: Final = rule_breaker(RECORD_RULES)


def normalise_name(text: str) -> str:
    """A player's name as it is kept and shown: without controls (bidi or otherwise), every run
    of whitespace (any Unicode space, tabs, line breaks) one space, trimmed, in NFC.

    :data:`MAX_NAME_LENGTH` counts the characters of this form, so no padding (175,000
    ideographic spaces, say) can carry a name past it into a save or the history."""
    kept = "".join(
        char
        for char in text
        if char not in BIDI_CONTROLS
        and (char.isspace() or unicodedata.category(char) not in HIDDEN_CATEGORIES)
    )
    return unicodedata.normalize("NFC", " ".join(kept.split()))


def name_key(name: str) -> str:
    """Who a name is, for counting a person's games: normalised (:func:`normalise_name`),
    without the code points drawn as nothing, in NFKC (a letter's compatibility forms, the
    fullwidth A of U+FF21, are that letter). Two names that read alike are one person: "Anna"
    and "Anna" with a zero-width space after it."""
    visible = DEFAULT_IGNORABLE.sub("", normalise_name(name))
    compatible = unicodedata.normalize("NFKC", visible)  # may make a filler: removed again
    return " ".join(DEFAULT_IGNORABLE.sub("", compatible).split())


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: a name and who plays it (``human``, or ``bot`` / ``bot:LEVEL``).

    The name is already normalised (:func:`normalise_name`: the setup and the record reader
    do it) and has 1 to :data:`MAX_NAME_LENGTH` characters."""

    name: str
    kind: str = "human"

    def __post_init__(self) -> None:
        if (
            not isinstance(self.name, str)
            or not 0 < len(self.name) <= MAX_NAME_LENGTH
            or normalise_name(self.name) != self.name
        ):
            raise _record_error(
                "record.bad_field",
                field="seat name",
                problem=f"a name has 1 to {MAX_NAME_LENGTH} characters",
            )
        if not isinstance(self.kind, str) or not SEAT_KINDS.fullmatch(self.kind):
            raise _record_error("record.bad_field", field="seat kind", problem=str(self.kind)[:20])


class Match:
    """A game in play. ``state`` is the present; ``undo`` steps back one action.

    States are immutable values, so the history is a list of them: undo is a pop, a clone is
    the state itself, and nothing is ever deep-copied. ``dice`` says who rolls (one of
    :data:`DICE_KINDS`): the rules are the same, only where the rolls come from differs.
    ``coach`` says whether the players may ask the expert for hints; ``hints`` holds each one
    asked, as (the number of actions played then, the player it was for).
    """

    def __init__(
        self,
        game: Game[AnyState],
        seats: Sequence[Seat],
        seed: int,
        options: Options | None = None,
        dice: str = APP_DICE,
        *,
        coach: bool = False,
    ) -> None:
        if dice not in DICE_KINDS:
            raise _record_error("record.bad_field", field="dice", problem=str(dice)[:20])
        self.seats = tuple(seats)
        if dice == SHEETS_ONLY and any(seat.kind != "human" for seat in self.seats):
            raise _record_error("record.computer_needs_dice")
        self.dice = dice
        if coach and dice == SHEETS_ONLY:
            raise _record_error("record.coach_needs_dice")
        self.coach = coach
        self.hints: list[tuple[int, int]] = []
        self.game = game
        self.seed = seed
        self.options: dict[str, str | int | bool] = dict(options or {})
        self._states: list[AnyState] = [game.new_game(len(self.seats), seed, self.options)]
        self.actions: list[tuple[int | None, Action]] = []
        # The actions as the record writes them, kept as they are played: saved after every
        # tap, a long game's record is otherwise hundreds of actions written out again.
        self._written: list[tuple[int | None, str]] = []

    @property
    def state(self) -> AnyState:
        return self._states[-1]

    @property
    def states(self) -> Sequence[AnyState]:
        """The state before each action, then the present one."""
        return self._states

    def play(self, player: int, action: Action) -> AnyState:
        """Apply ``player``'s action (a :class:`RuleError` leaves the match untouched)."""
        self._states.append(self.state.apply(player, action))
        self.actions.append((player, action))
        self._written.append((player, str(action)))
        return self.state

    def roll(self, outcome: Action | None = None) -> AnyState:
        """Roll the dice from the state's generator (with sheets only: the table rolled, unseen),
        or set them to ``outcome`` (entered, or a record's)."""
        state = self.state
        sheets_only = self.dice == SHEETS_ONLY
        if outcome is None:
            outcome = UNSEEN if sheets_only else state.roll()
        elif sheets_only != isinstance(outcome, Unseen):
            raise _record_error("record.sheets_only" if sheets_only else "record.dice_unseen")
        self._states.append(state.apply_chance(outcome))
        self.actions.append((None, outcome))
        self._written.append((None, str(outcome)))
        return self.state

    def mover(self, index: int) -> int:
        """Who made action ``index``: its player, or for a roll the player who rolled."""
        player = self.actions[index][0]
        if player is not None:
            return player
        roller = self._states[index].roller
        assert roller is not None
        return roller

    def last_events(self) -> tuple[Event, ...]:
        """What the last action made happen (see :meth:`dadoteca.core.State.events`)."""
        if not self.actions:
            return ()
        player, action = self.actions[-1]
        return self.state.events(self._states[-2], player, action)

    def undo(self) -> None:
        """Take back the last action (the caller decides which ones a player may undo); the
        hints asked at moments now gone go with it, those of the present moment stay."""
        if not self.actions:
            raise IndexError("nothing to undo")
        self._states.pop()
        self.actions.pop()
        self._written.pop()
        self.hints = [hint for hint in self.hints if hint[0] <= len(self.actions)]

    def hinted(self, player: int) -> None:
        """Note that ``player`` was shown a hint for the present moment (once per moment)."""
        if not self.coach:
            raise _record_error("record.no_coach")
        hint = (len(self.actions), player)
        if hint not in self.hints:
            self.hints.append(hint)

    def hints_by_player(self) -> list[int]:
        """How many hints each seat was shown."""
        counts = [0] * len(self.seats)
        for _, player in self.hints:
            counts[player] += 1
        return counts

    def record(self) -> dict[str, object]:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game.id,
            "options": dict(self.options),
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "seed": self.seed,
            "dice": self.dice,
            "actions": [[player, text] for player, text in self._written],
            **({"coach": True, "hints": [list(hint) for hint in self.hints]} if self.coach else {}),
        }

    @classmethod
    def from_record(cls, record: object) -> Match:
        """Replay a record, validating every field and every action; raises :class:`RuleError`."""
        if not isinstance(record, Mapping):
            raise _record_error("record.not_a_record", problem="not a JSON object")
        if record.get("format") != RECORD_FORMAT:
            raise _record_error("record.not_a_record", problem="its format is not named")
        version = record.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise _record_error("record.bad_field", field="version", problem=str(version)[:20])
        if version > RECORD_VERSION:
            raise _record_error("record.future_version", version=version, supported=RECORD_VERSION)
        game_id = record.get("game")
        game = get_game(game_id if isinstance(game_id, str) else str(game_id)[:20])
        seats = _seats_of(record.get("seats"))
        seed = record.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise _record_error("record.bad_field", field="seed", problem="not an integer")
        options = _options_of(record.get("options", {}))
        dice = record.get("dice", APP_DICE)  # absent: a record from before real dice
        coach = record.get("coach", False)  # absent: a record from before hints
        if not isinstance(coach, bool):
            raise _record_error("record.bad_field", field="coach", problem="not true or false")
        match = cls(
            game, seats, seed, options, dice if isinstance(dice, str) else str(dice), coach=coach
        )
        for index, (player, text) in enumerate(_actions_of(record.get("actions")), 1):
            try:
                if player is not None and player >= len(seats):  # never formatted: it may be huge
                    problem = f"seats are 0 to {len(seats) - 1}"
                    raise _record_error("record.bad_field", field="seat", problem=problem)
                if player is None:
                    match.roll(match.state.parse_action(text))
                else:
                    match.play(player, match.state.parse_action(text))
            except RuleError as error:
                raise _record_error(
                    "record.bad_action", index=index, text=text[:40], problem=error.message
                ) from error
        match.hints = _hints_of(record.get("hints", []), len(match.actions), len(seats))
        if match.hints and not coach:
            raise _record_error("record.no_coach")
        return match


def _seats_of(value: object) -> list[Seat]:
    if not isinstance(value, list) or not value:
        raise _record_error("record.bad_field", field="seats", problem="not a list of seats")
    seats = []
    for seat in value:
        if not isinstance(seat, Mapping):
            raise _record_error("record.bad_field", field="seats", problem="not a list of seats")
        # Normalised rather than refused: names are only shown, never played, and records of
        # earlier versions kept them as typed (inner runs of spaces, tabs, controls). A name
        # still too long, or empty, once normalised is refused by Seat.
        name = seat.get("name")
        name = normalise_name(name) if isinstance(name, str) else name
        seats.append(Seat(name, seat.get("kind", "human")))  # type: ignore[arg-type]
    return seats


def _options_of(value: object) -> dict[str, str | int | bool]:
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str | int | bool) for k, v in value.items()
    ):
        raise _record_error("record.bad_field", field="options", problem="not a JSON object")
    return dict(value)


def _hints_of(value: object, actions: int, seats: int) -> list[tuple[int, int]]:
    """A record's hints: [moment, seat] pairs, each once, at moments of the game recorded."""
    if not isinstance(value, list) or len(value) > MAX_ACTIONS:
        raise _record_error("record.bad_field", field="hints", problem="not a list")
    hints: list[tuple[int, int]] = []
    for entry in value:
        if not (
            isinstance(entry, list)
            and len(entry) == 2
            and all(type(number) is int for number in entry)
            and 0 <= entry[0] <= actions
            and 0 <= entry[1] < seats
            and (entry[0], entry[1]) not in hints
        ):
            problem = "a hint is [moment, seat], once each, at a moment of the game"
            raise _record_error("record.bad_field", field="hints", problem=problem)
        hints.append((entry[0], entry[1]))
    return hints


def _actions_of(value: object) -> list[tuple[int | None, str]]:
    if not isinstance(value, list):
        raise _record_error("record.bad_field", field="actions", problem="not a list")
    if len(value) > MAX_ACTIONS:
        raise _record_error(
            "record.bad_field", field="actions", problem=f"more than {MAX_ACTIONS} actions"
        )
    actions: list[tuple[int | None, str]] = []
    for index, entry in enumerate(value, 1):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or not (entry[0] is None or (isinstance(entry[0], int) and entry[0] >= 0))
            or isinstance(entry[0], bool)
            or not isinstance(entry[1], str)
        ):
            raise _record_error(
                "record.bad_field",
                field=f"action {index}",
                problem="an action is [seat or null, text]",
            )
        actions.append((entry[0], entry[1]))
    return actions
