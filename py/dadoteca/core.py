"""What every game shares: the rule error, seeded dice, and the interface a game implements.

A game is a :class:`Game` (the static rules: id, player counts, how to start, how to read an
action) and its states, immutable values implementing :class:`State`. A state says who must
decide next (:attr:`State.deciders`: nobody when the dice are to be rolled or the game is over,
one player, or several players deciding simultaneously), lists the legal actions of a player and
returns the next state for an action. Because states are immutable, cloning is free and undo is
keeping the previous state (see :class:`dadoteca.match.Match`).

Dice rolls are chance actions: :meth:`State.roll` draws one from the state's own seeded
generator, and :meth:`State.apply_chance` applies it (or an outcome read from a record), so a
game is fully described by its options, its players and its list of actions.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, ClassVar, Final, Generic, NamedTuple, Protocol, Self, TypeVar, cast

__all__ = [
    "CORE_RULES",
    "PASS",
    "ROLLED",
    "TURN_RULES",
    "UNSEEN",
    "Action",
    "AnyState",
    "Event",
    "Game",
    "Options",
    "Outcome",
    "Pass",
    "Plural",
    "RollMemo",
    "RuleBreaker",
    "RuleError",
    "State",
    "Template",
    "Unseen",
    "advance",
    "check_by_applying",
    "core_error",
    "draw",
    "name_in",
    "roll_dice",
    "rule_breaker",
    "seed_generator",
    "turn_rules",
    "winners_of",
]

Options = Mapping[str, str | int | bool]


class Plural(NamedTuple):
    """A message whose words follow a number, ngettext style: the ``{count}`` parameter picks
    the form (in English, ``singular`` for 1, ``plural`` otherwise; other languages have their
    own forms in their catalogs)."""

    singular: str
    plural: str

    def english(self, count: object) -> str:
        """The English form for ``count``."""
        return self.singular if count == 1 else self.plural


# An English message template: a str.format template, or a Plural pair of them.
Template = str | Plural


class RuleError(ValueError):
    """An action that breaks a rule; :attr:`rule` names the rule, stably, for translations.

    ``rule`` is a dotted id such as ``"qwixx.left_to_right"``; ``template`` is the rule's English
    text (the msgid of its translations) and ``params`` fill its placeholders, so the UI can say
    the rule in the player's language without knowing which module defined it.
    """

    def __init__(self, rule: str, template: Template, **params: str | int) -> None:
        self.rule = rule
        self.template = template
        self.params: dict[str, str | int] = params
        if isinstance(template, Plural):
            template = template.english(params["count"])
        self.message = template.format(**params)
        super().__init__(f"{self.message} [{rule}]")


class Action:
    """A move or a chance outcome. ``str(action)`` is its record text; games parse it back.

    A plain base class, not an ABC: games test actions with ``isinstance`` on their hot paths,
    and ABCMeta's instance check costs several times a plain one.
    """

    __slots__ = ()

    def __str__(self) -> str:
        raise NotImplementedError(f"{type(self).__name__} must say its record text")


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Do nothing with this decision; when that is allowed, and what it costs, is each game's."""

    def __str__(self) -> str:
        return "pass"


PASS: Final = Pass()


@dataclass(frozen=True, slots=True)
class Unseen(Action):
    """A roll made at the table and not shown to the app: the chance outcome of a "Sheets only"
    game. Every game accepts it wherever dice are rolled; the decisions that follow are then
    checked only against what the sheets say (the dice could have allowed anything the sheet
    does), and a :class:`~dadoteca.match.Match` keeps seen and unseen rolls from mixing."""

    def __str__(self) -> str:
        return "roll unseen"


UNSEEN: Final = Unseen()


def name_in(names: Sequence[str], index: int) -> str:
    """``names[index]``, or ``?index`` when out of range (or not a number): record text and
    error messages must describe any action, even one built from a corrupted record."""
    in_range = isinstance(index, int) and 0 <= index < len(names)
    return names[index] if in_range else f"?{index!r}"[:12]


class RuleBreaker(Protocol):
    """The error for a broken rule of one set of rules, by the rule's id."""

    def __call__(self, rule: str, /, **params: str | int) -> RuleError: ...


def rule_breaker(rules: Mapping[str, Template]) -> RuleBreaker:
    """The :class:`RuleError` of a rule of ``rules`` (id -> English template), with ``params``
    filling its placeholders: each module's ``_broken``."""

    def broken(rule: str, /, **params: str | int) -> RuleError:
        return RuleError(rule, rules[rule], **params)

    return broken


# Whose turn it is and when the dice roll: said alike in every game, each under its own prefix
# (turn_rules("qwixx") holds "qwixx.game_over"), so the ids stay the games' own.
TURN_RULES: Final[dict[str, Template]] = {
    "not_your_decision": "It is not player {player}'s decision now",
    "no_roll_now": "The dice are not to be rolled now",
    "roll_first": "Roll the dice first",
    "game_over": "The game is over",
}


def turn_rules(game: str) -> dict[str, Template]:
    """TURN_RULES under ``game``'s prefix, for the game's own RULES."""
    return {f"{game}.{rule}": text for rule, text in TURN_RULES.items()}


CORE_RULES: Final[dict[str, str]] = {
    "core.unknown_game": "Unknown game '{game}' (known: {known})",
    "core.player_count": "{game} is played by {min} to {max} players, not {count}",
    "core.bad_options": "{game} has no option named {options}",
}
core_error: Final = rule_breaker(CORE_RULES)


# --- What happened, and how it ended -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """Something one step of a game made happen, as data: a row locked, a penalty, a prize…

    ``kind`` is a stable dotted id (``"qwixx.row_locked"``); a kind the table is told in words
    names an English template in its game's ``EVENTS``, where ``{name}`` is the first of
    ``players`` (whom it happened to, or who did it), ``{names}`` all of them, and the other
    placeholders are ``params``. The front end says it, and turns it into sound, vibration or
    animation.
    """

    kind: str
    players: tuple[int, ...] = ()
    params: Mapping[str, str | int] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "players": list(self.players), **self.params}


# The dice were rolled (``player``: who rolled; ``dice``: the roll's record text). Shown by the
# dice themselves, so not announced in words: a game's ``EVENTS`` hold the kinds said aloud.
ROLLED: Final = "core.rolled"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended (in the spirit of python-chess's ``Outcome``).

    ``termination`` is an event kind of the game naming why it ended (``"qwixx.two_locks"``);
    ``players`` brought the end about (who locked, who met the goal); ``params`` fill the
    termination's template. Ties share the win: ``winners`` may hold several players, and a
    solo game has a score but nobody to beat (:attr:`solo`, ruling SOLO_SCORE_ONLY).
    """

    termination: str
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    players: tuple[int, ...] = ()
    params: Mapping[str, str | int] = field(default_factory=dict)

    @property
    def solo(self) -> bool:
        return len(self.scores) == 1

    def event(self) -> Event:
        """The end as the last event of the step that made it."""
        return Event(self.termination, self.players, self.params)


def ending_with(events: list[Event], outcome: Outcome | None) -> tuple[Event, ...]:
    """A step's ``events``, with the end last when the step ended the game (``outcome``, the
    state's after it): how every game's :meth:`State.events` closes."""
    if outcome is not None:
        events.append(outcome.event())
    return tuple(events)


A = TypeVar("A", bound=Action)


class State(Protocol[A]):
    """One moment of a game: immutable; every transition returns a new state.

    A protocol rather than a base class, so that a game may make its state a ``NamedTuple``:
    states are built several times a turn, and a tuple builds five times faster than a frozen
    dataclass, which is what lets simulations play thousands of games a second.
    """

    @property
    def num_players(self) -> int: ...

    @property
    def turn(self) -> int:
        """The turns of all players so far, counted from 1: the turn being played."""

    @property
    def deciders(self) -> tuple[int, ...]:
        """Players who still owe a decision now, in seat order; several decide simultaneously.

        Empty when the dice are to be rolled (:attr:`is_chance`) or the game is over.
        """

    @property
    def is_chance(self) -> bool:
        """Dice are to be rolled: use :meth:`roll` and :meth:`apply_chance`."""

    @property
    def is_terminal(self) -> bool: ...

    @property
    def roller(self) -> int | None:
        """Who rolls the dice now (when :attr:`is_chance`), else None."""

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, once it is over; None before."""

    def legal_actions(self, player: int) -> Sequence[A]:
        """The actions ``player`` may take now; empty if it is not their decision."""

    def apply(self, player: int, action: A) -> Self:
        """The state after ``player`` takes ``action``; raises :class:`RuleError` if illegal."""

    def check(self, player: int, action: A) -> RuleError | None:
        """Why ``player`` may not take ``action`` now (the rule it breaks), or None if they may.

        The one way for a screen to ask: it never works a rule out itself.
        """

    def roll(self) -> A:
        """The chance outcome drawn from this state's seeded generator."""

    def roll_with(self, face: Callable[[int], int]) -> A:
        """The chance outcome whose die in each slot rolled now shows ``face(slot)`` (0-5):
        the dice of a day's game (:mod:`dadoteca.daily`). Each game numbers its dice's slots
        so that a die keeps its slot whatever else is rolled (docs/records.md)."""

    def apply_chance(self, outcome: A) -> Self:
        """The state after the dice show ``outcome``; raises :class:`RuleError` if impossible."""

    def reseeded(self, generator: int) -> Self:
        """This moment with its future dice drawn from ``generator`` instead.

        Computer players search over dice they cannot see: they look ahead from a reseeded state,
        so a search never reads the match's own dice before they are rolled.
        """

    def parse_action(self, text: str) -> A:
        """The action written as ``text`` (the inverse of ``str``); raises :class:`RuleError`."""

    def scores(self) -> tuple[int, ...]:
        """Each player's score as it stands (final once the game is over)."""

    def to_json(self) -> dict[str, object]:
        """A JSON-ready description of the whole state, for the CLI and the tests."""

    def winners(self) -> tuple[int, ...]:
        """The players with the best score; ties share the win (see :func:`winners_of`)."""

    def events(self, before: Self, player: int | None, action: A) -> tuple[Event, ...]:
        """What the step from ``before`` (``player``'s ``action``, or a roll when ``player``
        is None) to this state made happen, for the table to be told."""

    def moment_kinds(self, player: int) -> tuple[str, ...]:
        """The kinds of decision ``player`` faces now, each a stable dotted id
        (``"qwixx.white_sum"``), the most general first; empty when they decide nothing. A
        first game's guide gives each kind one line, once per device (dadoteca_web.guide)."""


AnyState = State[Any]  # a state of any game, as the registry, matches and records hold them
S_co = TypeVar("S_co", bound=AnyState, covariant=True)


T = TypeVar("T", bound=tuple[Any, ...])


def built_from_fields(cls: type[T]) -> Callable[[tuple[Any, ...]], T]:
    """A NamedTuple class's constructor from a tuple of all its fields, in order. Its own
    constructor is a Python function, one call more at every step of a game: the hottest
    allocation of the rules (5% of a random Qwixx play-out)."""
    return cast(Callable[[tuple[Any, ...]], T], partial(tuple.__new__, cls))


V = TypeVar("V")


class RollMemo(Generic[V]):
    """What a game builds from a roll (its tables of legal moves, its dice per colour): built
    once per multiset of dice from the count of each face, since the order the dice fell in
    changes nothing, and found by the dice as they fell (6**6 rolls of six dice at most).

    The hot path is one dict lookup, ``memo.by_dice.get(dice) or memo.made(dice)``: sorting the
    dice, or counting each face, would cost more than what the table saves.
    """

    __slots__ = ("_build", "_by_multiset", "_faces", "by_dice")

    def __init__(self, faces: int, build: Callable[[tuple[int, ...]], V]) -> None:
        self.by_dice: dict[tuple[int, ...] | Unseen, V] = {}
        self._by_multiset: dict[tuple[int, ...], V] = {}
        self._faces = range(faces)
        self._build = build

    def made(self, dice: tuple[int, ...]) -> V:
        """``dice``'s value, built or found by their multiset, and kept for ``dice``."""
        multiset = tuple(sorted(dice))
        value = self._by_multiset.get(multiset)
        if value is None:
            counts = tuple(map(multiset.count, self._faces))
            value = self._by_multiset[multiset] = self._build(counts)
        self.by_dice[dice] = value
        return value


class Game(ABC, Generic[S_co]):
    """The static rules of one game."""

    id: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    # Every rule a RuleError of this game can name: rule id -> English message template.
    rules: ClassVar[Mapping[str, Template]]
    # Every event kind the table is told in words: kind -> English template (see Event).
    events: ClassVar[Mapping[str, Template]]
    # The scores one player can end a game with (a bound: the least and the most its sheet
    # can hold): what a claim about a game whose record is gone, an entry of the history of
    # finished games, is checked against.
    score_range: ClassVar[range]

    @abstractmethod
    def new_game(self, num_players: int, seed: int, options: Options | None = None) -> S_co:
        """The state before the first roll; raises :class:`RuleError` for bad counts/options."""

    def could_have_won(self, scores: Sequence[int], winners: Collection[int]) -> bool:
        """Whether a finished game of ``scores`` (one per seat, two or more) can have been won
        by exactly ``winners``: a claim about a game whose record is gone. The best score
        wins, ties sharing (:func:`winners_of`); a game won by reaching a goal says its own."""
        return set(winners) == set(winners_of(scores))

    def check_players(self, num_players: int) -> None:
        if not self.min_players <= num_players <= self.max_players:
            raise core_error(
                "core.player_count",
                game=self.id,
                min=self.min_players,
                max=self.max_players,
                count=num_players,
            )


def check_by_applying(state: AnyState, player: int, action: Action) -> RuleError | None:
    """:meth:`State.check` for a game whose ``apply`` checks everything: apply and see.

    States are immutable, so trying an action costs one new state and changes nothing.
    """
    try:
        state.apply(player, action)
    except RuleError as error:
        return error
    return None


def winners_of(scores: Sequence[int]) -> tuple[int, ...]:
    best = max(scores)
    return tuple(player for player, score in enumerate(scores) if score == best)


# --- Seeded randomness -------------------------------------------------------------------------
# SplitMix64: tiny, fast in pure Python, and defined bit for bit, so a seed gives the same dice on
# CPython 3.11 and on Pyodide's 3.14 (Python's `random` does not promise that across versions).
# The generator state is one int that lives inside each immutable game state.

_MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_generator(seed: int) -> int:
    """The generator state for a user-given seed (any int; negative and huge ones fold in)."""
    return seed & _MASK64


def draw(generator: int) -> tuple[int, int]:
    """One step: (next generator state, a uniformly distributed 64-bit value)."""
    generator = (generator + _GAMMA) & _MASK64
    z = generator
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return generator, z ^ (z >> 31)


def advance(generator: int) -> int:
    """The generator state after one step, without computing the step's value."""
    return (generator + _GAMMA) & _MASK64


_SIX_POWERS = tuple(6**count for count in range(13))


def roll_dice(generator: int, count: int, lowest: int = 1) -> tuple[int, list[int]]:
    """Roll ``count`` six-sided dice with one step of the generator, their faces numbered from
    ``lowest`` (0 for a game whose faces index its colours or items).

    One step per roll keeps the generator's position independent of the outcome, so a roll read
    from a record advances it exactly as a drawn one (:func:`advance`). Taking 64 bits modulo
    6**count (count <= 12) biases a face by less than 6**12 / 2**64 ≈ 1e-10, far below anything
    a table could notice; the one big-int modulo leaves small ints to split into faces.
    """
    generator, value = draw(generator)
    value %= _SIX_POWERS[count]
    faces = []
    for _ in range(count):
        value, face = divmod(value, 6)
        faces.append(face + lowest)
    return generator, faces
