"""A moment of a My Shelfie game as data, and what it says: whose turn it is, the dice shown,
the lines one player's circles crossed out on the others' sheets, how the game ended, what a
step made happen, and its JSON.

Separate from :mod:`.rules`, which moves a moment on (legal actions, applying them, the dice),
and from :mod:`.combinations`, what a roll can mark: the view, the table, the bots and the
record read a game through these. :class:`.rules.ShelfieState` is this class with the rules
added; the rulings named here are written out there.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from dadoteca.core import ROLLED, Event, Outcome, Plural, Template, Unseen, ending_with, winners_of
from dadoteca_games.shelfie.actions import POSITIONS_OF, Mark, ShelfieAction, Strike
from dadoteca_games.shelfie.dice import FACES
from dadoteca_games.shelfie.sheet import (
    COLUMN_LINES,
    COLUMNS,
    SHELF_LINES,
    SHELVES,
    CellState,
    Sheet,
)

__all__ = ["EVENTS", "GAME_ID", "REROLLS_PER_TURN", "Phase", "ShelfieMoment"]

GAME_ID: Final = "shelfie"
REROLLS_PER_TURN: Final = 2  # ruling SHELFIE_REROLLS

# What a step can make happen, by event kind (core.Event): the templates the table hears.
SHELF_BLOCKED: Final = "shelfie.shelf_blocked"
COLUMN_BLOCKED: Final = "shelfie.column_blocked"
STRUCK: Final = "shelfie.struck"
LAST_ROUND: Final = "shelfie.last_round"
FULL_SHELVES: Final = "shelfie.full_shelves"
EVENTS: Final[dict[str, Template]] = {
    SHELF_BLOCKED: "{name} completed the {item} shelf: it is crossed out for everyone else",
    COLUMN_BLOCKED: Plural(
        "{name} completed the {count}-die column: it is crossed out for everyone else",
        "{name} completed the {count}-dice column: it is crossed out for everyone else",
    ),
    STRUCK: "{name} crosses out the {item} shelf",
    LAST_ROUND: "Two full shelves for {names}: this is the last round",
    FULL_SHELVES: "The last round is over: the game ends",
}
# Circles are shown on the sheets, not said: an event for animations only (the cells' text).
CIRCLED: Final = "shelfie.circled"


class Phase:
    ROLL: Final = "roll"  # chance: the turn's first roll of all six dice
    REROLL: Final = "reroll"  # chance: the dice of ``rerolling`` are rolled again
    DECIDE: Final = "decide"  # the active player rerolls, marks, strikes or passes
    OVER: Final = "over"


class ShelfieMoment(NamedTuple):
    """A moment of a My Shelfie game (a NamedTuple: immutable and cheap to build, see core.State).

    ``dice`` are the six dice by position (face indexes), ``None`` before the turn's first roll,
    :data:`UNSEEN` after a roll the table did not show (ruling SHELFIE_SHEETS_ONLY);
    ``rerolling`` is the mask of positions being rolled again in phase ``reroll``; ``turn``
    counts the turns of all players from 1; ``last_round`` is set once the end is triggered.
    """

    sheets: tuple[Sheet, ...]
    generator: int
    active: int = 0
    phase: str = Phase.ROLL
    dice: tuple[int, ...] | Unseen | None = None
    rerolls_left: int = REROLLS_PER_TURN
    rerolling: int = 0
    turn: int = 1
    last_round: bool = False

    # -- who decides ------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.sheets)

    @property
    def deciders(self) -> tuple[int, ...]:
        return (self.active,) if self.phase == Phase.DECIDE else ()

    @property
    def is_chance(self) -> bool:
        return self.phase in (Phase.ROLL, Phase.REROLL)

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def round(self) -> int:
        """The round being played, from 1; seat 0 starts each one."""
        return (self.turn - 1) // len(self.sheets) + 1

    @property
    def roller(self) -> int | None:
        """The active player rolls, and rerolls (ruling SHELFIE_REROLLS)."""
        return self.active if self.phase in (Phase.ROLL, Phase.REROLL) else None

    @property
    def shown_dice(self) -> tuple[int, ...]:
        """The dice by position, where they must have been seen (a computer's look, say)."""
        dice = self.dice
        assert isinstance(dice, tuple), "a roll the table did not show, or none yet"
        return dice

    # -- what the sheets say ------------------------------------------------------------------

    def blocked_lines(self, player: int) -> tuple[Event, ...]:
        """Lines crossed out on ``player``'s sheet because another player circled them whole
        (ruling SHELFIE_BLOCKING), as the events that announced them."""
        mine = self.sheets[player]
        said: list[Event] = []
        for other, sheet in enumerate(self.sheets):
            if other != player:
                said.extend(
                    event
                    for event in _completed_lines(other, sheet.circled)
                    if mine.crossed & _line_of(event)
                )
        return tuple(said)

    # -- the end and what happened ------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        """Ruling SHELFIE_END_ROUND: the round played out after two shelves were filled;
        ``players`` are the sheets with two full shelves. Ruling SHELFIE_SCORE decides."""
        if self.phase != Phase.OVER:
            return None
        scores = self.scores()
        full = tuple(p for p, sheet in enumerate(self.sheets) if sheet.ends_game())
        return Outcome(FULL_SHELVES, winners_of(scores), scores, full)

    def events(
        self, before: ShelfieMoment, player: int | None, action: ShelfieAction
    ) -> tuple[Event, ...]:
        """The roll; the items circled and the lines they blocked for the others; a shelf
        crossed out; the last round beginning; the end."""
        if player is None:
            return (Event(ROLLED, (before.active,), {"dice": str(action)}),)
        events = []
        if isinstance(action, Mark):
            text = " ".join(map(str, action.combos))
            events.append(Event(CIRCLED, (player,), {"combos": text}))
            old = before.sheets[player].circled
            events.extend(
                event
                for event in _completed_lines(player, self.sheets[player].circled)
                if old & _line_of(event) != _line_of(event)
            )
        elif isinstance(action, Strike):
            events.append(Event(STRUCK, (player,), {"item": SHELVES[action.shelf]}))
        if self.last_round and not before.last_round:
            full = (p for p, sheet in enumerate(self.sheets) if sheet.ends_game())
            events.append(Event(LAST_ROUND, tuple(full)))
        return ending_with(events, self.outcome)

    def scores(self) -> tuple[int, ...]:
        return tuple(sheet.score() for sheet in self.sheets)

    def winners(self) -> tuple[int, ...]:
        return winners_of(self.scores())  # ruling SHELFIE_SCORE: ties share the win

    def to_json(self) -> dict[str, object]:
        """Each shelf reads left to right: ``O`` circled, ``X`` crossed out, ``.`` free."""
        marks = {CellState.FREE: ".", CellState.CIRCLED: "O", CellState.CROSSED: "X"}
        return {
            "game": GAME_ID,
            "turn": self.turn,
            "round": self.round,
            "active": self.active,
            "phase": self.phase,
            "dice": (
                [FACES[face] for face in self.dice]
                if isinstance(self.dice, tuple)
                else str(self.dice)
                if self.dice
                else None
            ),
            "rerolls_left": self.rerolls_left,
            "rerolling": [position + 1 for position in POSITIONS_OF[self.rerolling]],
            "last_round": self.last_round,
            "deciders": list(self.deciders),
            "sheets": [
                {
                    "shelves": {
                        item: "".join(
                            marks[sheet.cell_state(shelf, column)] for column in range(COLUMNS)
                        )
                        for shelf, item in enumerate(SHELVES)
                    },
                    "shelf_points": [sheet.shelf_points(s) for s in range(len(SHELVES))],
                    "column_points": [sheet.column_points(c) for c in range(COLUMNS)],
                    "score": sheet.score(),
                }
                for sheet in self.sheets
            ],
            "scores": list(self.scores()),
            "winners": list(self.winners()) if self.is_terminal else None,
        }


def _completed_lines(player: int, circled: int) -> list[Event]:
    """The shelves and columns ``player`` circled whole, as blocking events."""
    shelves = [
        Event(SHELF_BLOCKED, (player,), {"item": SHELVES[shelf]})
        for shelf, line in enumerate(SHELF_LINES)
        if circled & line == line
    ]
    columns = [
        Event(COLUMN_BLOCKED, (player,), {"count": column + 1})
        for column, line in enumerate(COLUMN_LINES)
        if circled & line == line
    ]
    return shelves + columns


def _line_of(event: Event) -> int:
    """The cells of the line a blocking event names."""
    if event.kind == SHELF_BLOCKED:
        return SHELF_LINES[SHELVES.index(str(event.params["item"]))]
    return COLUMN_LINES[int(event.params["count"]) - 1]
