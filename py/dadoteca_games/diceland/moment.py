"""A moment of a Diceland game as data, and what it says: whose decision it is, what the dice
and the maps show, how the game ended, what a step made happen, and its JSON.

Separate from :mod:`.rules`, which moves a moment on (legal actions, applying them, the dice):
the view, the table, the bots and the record read a game through these, while the rule book's
turn reads on in :mod:`.rules` undisturbed. :class:`.rules.DicelandState` is this class with the
rules added; the rulings named here are written out there.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from dadoteca.core import (
    ROLLED,
    Event,
    Outcome,
    Pass,
    RollMemo,
    Unseen,
    ending_with,
    winners_of,
)
from dadoteca_games.diceland.actions import DICE, DicelandAction, Mark
from dadoteca_games.diceland.maps import COLOURS, DicelandMap, cells_of
from dadoteca_games.diceland.sheet import Sheet

__all__ = [
    "BONUS_DICE",
    "CHANCE_PHASES",
    "CROSSING_PHASES",
    "EVENTS",
    "GAME_ID",
    "NOBODY",
    "DicelandMoment",
    "Phase",
]

GAME_ID: Final = "diceland"
BONUS_DICE: Final = 5  # ruling DICELAND_BONUS_ROLLS
NOBODY: Final = -1  # no colour chosen yet; no player's bonus roll

# What a step can make happen, by event kind (core.Event): the templates the table hears.
# Why the rolling ended (ruling DICELAND_UNLIMITED_REROLLS), also DicelandState.rolling_ended.
ALL_SET_ASIDE: Final = "diceland.all_set_aside"
NONE_OF_COLOUR: Final = "diceland.none_of_colour"
STOPPED: Final = "diceland.stopped"
PRIZE: Final = "diceland.prize"
COLOUR_COMPLETED: Final = "diceland.colour_completed"
BONUS_ROLL: Final = "diceland.bonus_roll"
GOAL: Final = "diceland.goal"
EVENTS: Final[dict[str, str]] = {
    ALL_SET_ASIDE: "All six dice are set aside: phase 1 is over.",
    NONE_OF_COLOUR: "No {colour} in the reroll: phase 1 is over.",
    STOPPED: "{name} stopped rolling.",
    PRIZE: "{name} crossed a prize in {colour}: a bonus roll!",  # not "a orange prize"
    COLOUR_COMPLETED: "{name} crossed every {colour} cell",
    BONUS_ROLL: "{name}: bonus roll!",
    GOAL: "{names} reached the goal: 9 prizes and a whole colour",
}
# Crosses are shown on the maps, not said: an event for animations only (colour, cells).
MARKED: Final = "diceland.marked"


class Phase:
    ROLL: Final = "roll"  # chance: the active player's first roll, 6 dice
    CHOOSE: Final = "choose"
    STOP_OR_REROLL: Final = "stop_or_reroll"
    REROLL: Final = "reroll"  # chance: the dice not set aside
    MARK: Final = "mark"  # phase 2: every player decides
    BONUS_ROLL: Final = "bonus_roll"  # chance: 5 dice for the bonus player
    BONUS: Final = "bonus"
    OVER: Final = "over"


CHANCE_PHASES: Final = frozenset({Phase.ROLL, Phase.REROLL, Phase.BONUS_ROLL})
CROSSING_PHASES: Final = frozenset({Phase.MARK, Phase.BONUS})  # phase 2, and a bonus roll's
_COLOUR_INDEXES: Final = range(len(COLOURS))  # a die's faces, one per colour


def _left_over(shown: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The dice of each colour a roll ``shown`` leaves: with each colour in turn set aside, then
    with none (index NOBODY). Every decision of phase 2 asks this, twice (its legal actions,
    then its check): so it is built once per roll (``_DICE_BY_COLOUR``)."""
    return (
        *(
            tuple(0 if colour == set_aside else n for colour, n in enumerate(shown))
            for set_aside in _COLOUR_INDEXES
        ),
        shown,
    )


_DICE_BY_COLOUR: Final = RollMemo(len(COLOURS), _left_over)


class DicelandMoment(NamedTuple):
    """A moment of a Diceland game (a NamedTuple: immutable and cheap to build, see core.State).

    ``dice`` is the last roll (colour indices, in roll order), or :data:`UNSEEN` when the table
    rolled without showing the app (ruling DICELAND_SHEETS_ONLY); ``chosen`` the colour the active
    player sets aside (-1 before choosing, and in a bonus roll) and ``set_aside`` how many of its
    dice are set aside. ``pending`` holds the phase 2 decisions made so far, applied together
    once everyone has decided; ``bonus`` the bonus rolls each player is owed and
    ``bonus_player`` whose bonus roll is being taken. ``turn`` counts turns from 1.
    """

    sheets: tuple[Sheet, ...]
    generator: int
    active: int = 0
    phase: str = Phase.ROLL
    dice: tuple[int, ...] | Unseen = ()
    chosen: int = NOBODY
    set_aside: int = 0
    pending: tuple[Mark | Pass | None, ...] = ()
    bonus: tuple[int, ...] = ()
    bonus_player: int = NOBODY
    turn: int = 1

    # -- who decides ------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.sheets)

    @property
    def deciders(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == Phase.MARK:  # a loop, not a comprehension: no frame of its own
            undecided = []
            for player, decision in enumerate(self.pending):
                if decision is None:
                    undecided.append(player)
            return tuple(undecided)
        if phase == Phase.BONUS:
            return (self.bonus_player,)
        if phase == Phase.CHOOSE or phase == Phase.STOP_OR_REROLL:  # noqa: PLR1714 (speed)
            return (self.active,)
        return ()

    @property
    def is_chance(self) -> bool:
        return self.phase in CHANCE_PHASES

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def round(self) -> int:
        """Rounds from 1: everyone is active once a round (solo, ruling DICELAND_SOLO: a turn)."""
        return (self.turn - 1) // len(self.sheets) + 1

    @property
    def roller(self) -> int | None:
        """Who rolls now: the active player, or the player owed a bonus roll (ruling
        DICELAND_BONUS_ROLLS: one player at a time)."""
        phase = self.phase
        if phase == Phase.BONUS_ROLL:
            return self.bonus_player
        return self.active if phase in CHANCE_PHASES else None

    @property
    def rolling_ended(self) -> str | None:
        """In phase 2, why the rolling ended (ruling DICELAND_UNLIMITED_REROLLS): the event kind
        ALL_SET_ASIDE, NONE_OF_COLOUR (the last reroll showed none) or STOPPED; else None."""
        if self.phase != Phase.MARK or isinstance(self.dice, Unseen):
            return None
        if self.set_aside == DICE:
            return ALL_SET_ASIDE
        return STOPPED if self.chosen in self.dice else NONE_OF_COLOUR

    def rounds_played(self, player: int) -> int:
        """The turns ``player`` has been the active player, the one under way included."""
        return max(0, (self.turn - 1 - player) // len(self.sheets) + 1)

    # -- what the dice say --------------------------------------------------------------------

    @property
    def shown_dice(self) -> tuple[int, ...]:
        """The last roll, where the rules need it seen: choosing a colour, stopping, and every
        decision of a game whose rolls the app sees (a computer player's, say)."""
        dice = self.dice
        assert not isinstance(dice, Unseen), "a roll the table did not show"
        return dice

    def last_roll(self) -> tuple[tuple[int, bool], ...]:
        """The dice of the last roll in roll order: (colour, whether it is set aside); none
        when the roll was not shown."""
        chosen, dice = self.chosen, self.dice
        return () if isinstance(dice, Unseen) else tuple((face, face == chosen) for face in dice)

    def remaining_dice(self) -> tuple[int, ...]:
        """Per colour, the dice of the last roll not set aside (of a bonus roll, all of them);
        none when the roll was not shown."""
        dice, chosen = self.dice, self.chosen
        if isinstance(dice, Unseen):
            return (0,) * len(COLOURS)
        return tuple(0 if c == chosen else dice.count(c) for c in range(len(COLOURS)))

    def usable_dice(self, player: int) -> tuple[int, ...]:
        """Per colour, how many dice a mark of ``player``'s must use now (0: that colour can't).

        Phase 2: the active player's set-aside dice; the others' the dice left over (ruling
        DICELAND_ACTIVE_MUST_MARK). A bonus decision: the bonus roll. When the roll was not
        shown, the most dice the mark may use, for every colour (ruling DICELAND_SHEETS_ONLY).
        """
        if player not in self.deciders:
            return (0,) * len(COLOURS)
        return self._dice_by_colour(player)

    def _dice_by_colour(self, player: int) -> tuple[int, ...]:
        dice = self.dice
        if isinstance(dice, Unseen):  # ruling DICELAND_SHEETS_ONLY
            most = DICE if self.phase == Phase.MARK and player == self.active else BONUS_DICE
            return (most,) * len(COLOURS)
        if player == self.active and self.phase != Phase.BONUS:  # the dice set aside
            counts = [0] * len(COLOURS)
            if self.chosen != NOBODY:
                counts[self.chosen] = self.set_aside
            return tuple(counts)
        # The others' in phase 2: the dice left over. A bonus roll's: all (none is chosen).
        return (_DICE_BY_COLOUR.by_dice.get(dice) or _DICE_BY_COLOUR.made(dice))[self.chosen]

    @property
    def bonus_queue(self) -> tuple[int, ...]:
        """Players owed bonus rolls, in the order they take them (ruling DICELAND_BONUS_ROLLS)."""
        n, bonus = len(self.sheets), self.bonus
        order = [(self.active + step) % n for step in range(n)]
        return tuple(p for p in order if bonus[p])

    # -- what the sheets say ------------------------------------------------------------------

    def map(self, player: int) -> DicelandMap:
        return self.sheets[player].board.map

    def crossed_cells(self, player: int) -> tuple[int, ...]:
        return self.sheets[player].crossed_cells()

    def prizes(self, player: int) -> int:
        return self.sheets[player].prizes()

    def prizes_per_colour(self, player: int) -> tuple[int, ...]:
        return self.sheets[player].prizes_per_colour()

    def completed_colours(self, player: int) -> tuple[int, ...]:
        return self.sheets[player].completed_colours()

    def open_area(self, player: int, colour: int) -> int | None:
        """``player``'s area of ``colour`` crossed in part, if any (its cells:
        ``state.map(player).area_cells(area)``)."""
        return self.sheets[player].open_area(colour)

    def placements(self, player: int, colour: int, count: int) -> list[tuple[int, ...]]:
        """Every legal set of ``count`` cells of ``colour`` on ``player``'s map, whatever the
        dice (rulings DICELAND_ADJACENCY, DICELAND_ONE_AREA, DICELAND_EXCESS_DICE)."""
        return [mark.cells for mark in self.sheets[player].marks(colour, count)]

    # -- the end and what happened ------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        """Ruling DICELAND_WIN: everyone who met the goal when it was checked; solo, the
        rounds it took (ruling DICELAND_SOLO)."""
        if self.phase != Phase.OVER:
            return None
        winners = self.winners()
        return Outcome(GOAL, winners, self.scores(), winners, {"rounds": self.round})

    def events(
        self, before: DicelandMoment, player: int | None, action: DicelandAction
    ) -> tuple[Event, ...]:
        """The roll and why the rolling ended; once decisions resolve, the crosses, prizes
        (each a bonus roll) and colours completed; a bonus roll beginning; the end."""
        if player is None:
            events = [Event(ROLLED, (before.roller or 0,), {"dice": str(action)})]
        elif self.phase == before.phase == Phase.MARK:
            return ()  # a decision waiting for the others: nothing has happened yet
        else:
            events = []
        ended = self.rolling_ended
        if ended is not None and before.phase != Phase.MARK:
            chosen = {"colour": COLOURS[self.chosen]}
            events.append(Event(ended, (self.active,), chosen))
        for seat, (old, new) in enumerate(zip(before.sheets, self.sheets, strict=True)):
            crossed = new.crossed & ~old.crossed
            if not crossed:
                continue
            m = new.map
            cells = tuple(cells_of(crossed))
            colour = {"colour": COLOURS[m.colours[cells[0]]]}
            events.append(Event(MARKED, (seat,), {**colour, "cells": " ".join(map(str, cells))}))
            events.extend(Event(PRIZE, (seat,), colour) for _ in cells_of(crossed & m.prize_mask))
            for c in set(new.completed_colours()) - set(old.completed_colours()):
                events.append(Event(COLOUR_COMPLETED, (seat,), {"colour": COLOURS[c]}))
        if self.phase == Phase.BONUS_ROLL:
            events.append(Event(BONUS_ROLL, (self.bonus_player,)))
        return ending_with(events, self.outcome)

    # -- text, scores, JSON -----------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """Each player's prize cells (the info bar's count)."""
        return tuple(sheet.prizes() for sheet in self.sheets)

    def winners(self) -> tuple[int, ...]:
        """Once over, everyone who met the goal (ruling DICELAND_WIN); before, the players
        leading on prizes."""
        if self.phase == Phase.OVER:
            return tuple(p for p, sheet in enumerate(self.sheets) if sheet.has_won())
        return winners_of(self.scores())

    def to_json(self) -> dict[str, object]:
        chosen = self.chosen
        return {
            "game": GAME_ID,
            "turn": self.turn,
            "round": self.round,
            "active": self.active,
            "phase": self.phase,
            "deciders": list(self.deciders),
            "dice": (
                str(self.dice)
                if isinstance(self.dice, Unseen)
                else [COLOURS[face] for face in self.dice]
            ),
            "chosen": COLOURS[chosen] if chosen != NOBODY else None,
            "set_aside": self.set_aside,
            "remaining": {
                COLOURS[c]: count for c, count in enumerate(self.remaining_dice()) if count
            },
            "bonus_player": self.bonus_player if self.bonus_player != NOBODY else None,
            "bonus_queue": list(self.bonus_queue),
            "sheets": [
                {
                    "map": sheet.map.id,
                    "crossed": list(sheet.crossed_cells()),
                    "prizes": sheet.prizes(),
                    "prizes_per_colour": dict(zip(COLOURS, sheet.prizes_per_colour(), strict=True)),
                    "completed_colours": [COLOURS[c] for c in sheet.completed_colours()],
                    "open_areas": {
                        COLOURS[c]: list(sheet.map.area_cells(area))
                        for c in range(len(COLOURS))
                        if (area := sheet.open_area(c)) is not None
                    },
                }
                for sheet in self.sheets
            ],
            "scores": list(self.scores()),
            "winners": list(self.winners()) if self.is_terminal else None,
        }
