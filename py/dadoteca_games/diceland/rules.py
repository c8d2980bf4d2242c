"""Diceland (Andreas Spies, Reinhard Staupe), as the Italian rule book says, with our rulings.

Every player crosses cells on their own hex map (:mod:`.maps`), starting from the
white start cell; six dice show the six colours (ruling DICELAND_DICE). A turn of the active
player:

1. **Rolling**: roll 6 dice, choose a colour shown and set its dice aside; then stop, or reroll
   the others, setting aside every die of the chosen colour they show; a reroll showing none of
   it, or all 6 dice set aside, ends the rolling (ruling DICELAND_UNLIMITED_REROLLS).
2. **Crossing**, simultaneous (ruling DICELAND_PHASE2_TOGETHER): the active player crosses one
   cell per set-aside die, and must if they can; every other player may use all the dice of one
   colour among the dice left over, or pass (ruling DICELAND_ACTIVE_MUST_MARK). Where crosses may
   go: rulings DICELAND_ADJACENCY, DICELAND_ONE_AREA, DICELAND_EXCESS_DICE.
3. **Bonus rolls**: each prize cell crossed earns one (ruling DICELAND_BONUS_ROLLS).

The goal, checked after the crossing and after each bonus roll: 9 prize cells and every cell of
one colour (ruling DICELAND_WIN). A player's crosses are a bit mask over the map's cells; what
the rules read of a map on every move is worked out once per map (:mod:`.board`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from typing import Final, NamedTuple

from dadoteca.core import (
    PASS,
    ROLLED,
    UNSEEN,
    Event,
    Game,
    Options,
    Outcome,
    Pass,
    Plural,
    RollMemo,
    RuleError,
    Template,
    Unseen,
    advance,
    built_from_fields,
    check_by_applying,
    core_error,
    roll_dice,
    rule_breaker,
    seed_generator,
    turn_rules,
    winners_of,
)
from dadoteca_games.diceland.actions import (
    CHANCE_OUTCOMES,
    CHOOSE,
    REROLL,
    STOP,
    Choose,
    DicelandAction,
    Mark,
    Reroll,
    Roll,
    Stop,
)
from dadoteca_games.diceland.maps import (
    COLOURS,
    FIXED_MAP_IDS,
    MAP_RULES,
    PRIZES,
    PRIZES_TO_WIN,
    DicelandMap,
    cells_of,
    map_by_id,
)
from dadoteca_games.diceland.sheet import PLACEMENT_RULES, Sheet, prizes_crossed

__all__ = [
    "BONUS_DICE",
    "BONUS_MOMENT",
    "CHOOSE",
    "COLOURS",
    "CROSS_OTHER_MOMENT",
    "CROSS_OWN_MOMENT",
    "DICE",
    "DICELAND",
    "EVENTS",
    "PASS",
    "REROLL",
    "REROLL_MOMENT",
    "RULES",
    "SET_ASIDE_MOMENT",
    "STOP",
    "Choose",
    "Diceland",
    "DicelandAction",
    "DicelandState",
    "Mark",
    "Pass",
    "Phase",
    "Reroll",
    "Roll",
    "Sheet",
    "Stop",
]

# --- Rulings (docs/rulings.md, "Diceland"), named where they are applied --------------------------
DICELAND_DICE = "Six identical dice, each with one face of each colour."
DICELAND_ADJACENCY = (
    "A new cross must touch a crossed cell (hex neighbours), which may be one crossed earlier "
    "in the same action."
)
DICELAND_ONE_AREA = (
    "All crosses of one action go into one area: the open area of that colour, or, if that "
    "colour has none open, one new area touching a crossed cell."
)
DICELAND_EXCESS_DICE = (
    "More dice than free cells in an area: that area cannot be used; a new area needs at least "
    "as many cells as dice."
)
DICELAND_ACTIVE_MUST_MARK = (
    "The active player must cross if any legal placement exists; the others may pass, or use "
    "all the dice of one colour among those the active player did not set aside."
)
DICELAND_UNLIMITED_REROLLS = (
    "Rerolls are unlimited; rolling ends when a reroll shows none of the chosen colour, when "
    "all 6 dice are set aside, or when the player stops."
)
DICELAND_PHASE2_TOGETHER = "In phase 2 every player decides, then all decisions apply together."
DICELAND_BONUS_ROLLS = (
    "Each prize crossed earns a bonus roll (5 dice, once; all the dice of one colour shown, or "
    "pass), taken after phase 2 one player at a time clockwise from the active player; a prize "
    "crossed in a bonus roll earns the next bonus roll at once."
)
DICELAND_WIN = (
    "9 prizes and every cell of one colour; checked after phase 2 (several may win together) "
    "and after each bonus roll (the game ends at once, pending bonus rolls are dropped)."
)
DICELAND_SOLO = "Solo (house variant): the one player is active every turn, against the clock."
DICELAND_SHEETS_ONLY = (
    "Unseen dice (Sheets only): the rolling is the table's; then every player, the active one "
    "included, crosses cells of any one colour, up to the dice they could hold (6 for the active "
    "player, 5 for the others and in a bonus roll), or passes; adjacency and areas still apply."
)

DICE: Final = 6
BONUS_DICE: Final = 5
_COLOUR_INDEX: Final = {colour: c for c, colour in enumerate(COLOURS)}

# The rule book's rules, by the id a RuleError carries; the UI translates them by id. Plain
# literals, which build/i18n.py extracts; RULES adds where crosses may go (sheet.py) and the
# maps' (diceland.bad_map).
PLAY_RULES: Final[dict[str, Template]] = {
    **turn_rules("diceland"),
    "diceland.map_count": Plural(
        "Name exactly {count} map, one per player, not {maps}",
        "Name exactly {count} maps, one per player, not {maps}",
    ),
    "diceland.colour_not_shown": "There is no {colour} die for you to use",
    "diceland.chosen_colour": "You chose {colour}: cross {colour} cells",
    "diceland.must_mark": Plural(
        "You can cross your {count} {colour} die, so you must",
        "You can cross your {count} {colour} dice, so you must",
    ),
    "diceland.choose_first": "Choose one of the colours rolled",
    "diceland.stop_or_reroll": "Stop, or reroll the dice not set aside",
    "diceland.mark_or_pass": "Cross cells, or pass",
    "diceland.unseen_count": "You can use at most {count} dice now: cross at most {count} cells",
    "diceland.already_decided": "Player {player} has already decided",
    "diceland.bad_dice": Plural(
        "This roll needs {count} die, one of the six colours: {text}",
        "This roll needs {count} dice, each one of the six colours: {text}",
    ),
    "diceland.bad_action": "Not a Diceland action: {text}",
}
RULES: Final[dict[str, Template]] = {**PLAY_RULES, **PLACEMENT_RULES, **MAP_RULES}


_broken: Final = rule_breaker(RULES)


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




# --- The state -------------------------------------------------------------------------------


class Phase:
    ROLL: Final = "roll"  # chance: the active player's first roll, 6 dice
    CHOOSE: Final = "choose"
    STOP_OR_REROLL: Final = "stop_or_reroll"
    REROLL: Final = "reroll"  # chance: the dice not set aside
    MARK: Final = "mark"  # phase 2: every player decides
    BONUS_ROLL: Final = "bonus_roll"  # chance: 5 dice for the bonus player
    BONUS: Final = "bonus"
    OVER: Final = "over"


_CHANCE_PHASES: Final = frozenset({Phase.ROLL, Phase.REROLL, Phase.BONUS_ROLL})
# The kinds of decision (State.moment_kinds): a first game's guide says each once.
SET_ASIDE_MOMENT: Final = "diceland.set_aside"
REROLL_MOMENT: Final = "diceland.stop_or_reroll"
CROSS_OWN_MOMENT: Final = "diceland.cross_own"
CROSS_OTHER_MOMENT: Final = "diceland.cross_other"
BONUS_MOMENT: Final = "diceland.bonus"
_CROSSING: Final = frozenset({Phase.MARK, Phase.BONUS})
_MOMENTS: Final = {
    Phase.CHOOSE: SET_ASIDE_MOMENT,
    Phase.STOP_OR_REROLL: REROLL_MOMENT,
    Phase.BONUS: BONUS_MOMENT,
}
_COLOUR_INDEXES: Final = range(len(COLOURS))  # a die's faces, one per colour
_FACES: Final = frozenset(_COLOUR_INDEXES)
_NOBODY: Final = -1


def _left_over(shown: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The dice of each colour a roll ``shown`` leaves: with each colour in turn set aside, then
    with none (index _NOBODY). Every decision of phase 2 asks this, twice (its legal actions,
    then its check): so it is built once per roll (``_DICE_BY_COLOUR``)."""
    return (
        *(
            tuple(0 if colour == set_aside else n for colour, n in enumerate(shown))
            for set_aside in _COLOUR_INDEXES
        ),
        shown,
    )


_DICE_BY_COLOUR: Final = RollMemo(len(COLOURS), _left_over)


class DicelandState(NamedTuple):
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
    chosen: int = _NOBODY
    set_aside: int = 0
    pending: tuple[Mark | Pass | None, ...] = ()
    bonus: tuple[int, ...] = ()
    bonus_player: int = _NOBODY
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
        return self.phase in _CHANCE_PHASES

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
        return self.active if phase in _CHANCE_PHASES else None

    def moment_kinds(self, player: int) -> tuple[str, ...]:
        """Phase 1's choice of a colour to set aside, and whether to reroll; phase 2's crosses,
        the active player's with their colour, the others' with one left on the table (ruling
        DICELAND_PHASE2_TOGETHER); a bonus roll's (ruling DICELAND_BONUS_ROLLS)."""
        if player not in self.deciders:
            return ()
        phase = self.phase
        if phase in _CROSSING and self.legal_actions(player) == [PASS]:
            return ()  # nothing fits: a pass, as the prompt says, with nothing to learn
        if phase == Phase.MARK:
            return (CROSS_OWN_MOMENT if player == self.active else CROSS_OTHER_MOMENT,)
        return (_MOMENTS[phase],)

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
            if self.chosen != _NOBODY:
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

    def playable_cells(self, player: int) -> tuple[int, ...]:
        """The cells that some legal mark of ``player``'s decision now crosses (to highlight)."""
        cells: set[int] = set()
        for action in self.legal_actions(player):
            if isinstance(action, Mark):
                cells.update(action.cells)
        return tuple(sorted(cells))

    def _check_decider(self, player: int) -> None:
        phase = self.phase
        if phase == Phase.OVER:
            raise _broken("diceland.game_over")
        if phase in _CHANCE_PHASES:
            raise _broken("diceland.roll_first")
        if phase == Phase.MARK:
            if not 0 <= player < len(self.pending):
                raise _broken("diceland.not_your_decision", player=player + 1)
            if self.pending[player] is not None:
                raise _broken("diceland.already_decided", player=player + 1)
        elif player != (self.bonus_player if phase == Phase.BONUS else self.active):
            raise _broken("diceland.not_your_decision", player=player + 1)

    # -- legal actions ----------------------------------------------------------------------

    def legal_actions(self, player: int) -> list[DicelandAction]:
        phase = self.phase
        if phase == Phase.MARK:
            if not 0 <= player < len(self.pending) or self.pending[player] is not None:
                return []
            # Ruling DICELAND_ACTIVE_MUST_MARK, unless the roll was not shown (ruling
            # DICELAND_SHEETS_ONLY): then the active player may pass too.
            if player == self.active and not isinstance(self.dice, Unseen):
                marks = self.sheets[player].marks(self.chosen, self.set_aside)
                return list(marks) if marks else [PASS]
            return self._pass_or_marks(player)
        if phase == Phase.BONUS:
            if player != self.bonus_player:
                return []
            return self._pass_or_marks(player)
        if player != self.active:
            return []
        if phase == Phase.CHOOSE:
            dice = self.dice  # not self.shown_dice: a call less on every turn of a simulation
            assert not isinstance(dice, Unseen), "a colour is chosen from a roll shown"
            return [CHOOSE[c] for c in range(len(COLOURS)) if c in dice]
        if phase == Phase.STOP_OR_REROLL:
            return [STOP, REROLL]
        return []

    def _pass_or_marks(self, player: int) -> list[DicelandAction]:
        """Pass, and every mark using all the dice of one colour ``player`` may use (when the
        roll was not shown, any number of cells up to the dice they could hold)."""
        actions: list[DicelandAction] = [PASS]
        sheet = self.sheets[player]
        counts = self._dice_by_colour(player)
        if isinstance(self.dice, Unseen):
            for colour, most in enumerate(counts):
                for cells in range(1, most + 1):
                    actions.extend(sheet.marks(colour, cells))
            return actions
        for colour, count in enumerate(counts):
            if count:
                actions.extend(sheet.marks(colour, count))
        return actions

    # -- applying actions -------------------------------------------------------------------

    def check(self, player: int, action: DicelandAction) -> RuleError | None:
        return check_by_applying(self, player, action)

    def apply(self, player: int, action: DicelandAction) -> DicelandState:
        phase = self.phase
        if phase == Phase.MARK and 0 <= player < len(self.pending) and self.pending[player] is None:
            return self._decide_phase2(player, action)  # the most frequent case, first
        if isinstance(action, CHANCE_OUTCOMES):
            raise _broken("diceland.no_roll_now")
        self._check_decider(player)
        if phase == Phase.BONUS:
            return self._decide_bonus(player, action)
        if phase == Phase.CHOOSE:
            if not isinstance(action, Choose):
                raise _broken("diceland.choose_first")
            return self._choose(action.colour)
        if isinstance(action, Stop):
            dice = self.dice  # not self.shown_dice: a call less on every turn of a simulation
            assert not isinstance(dice, Unseen), "the roll stopped was shown"
            return self._rolling_ends(dice, self.set_aside)
        if isinstance(action, Reroll):
            return _new_state(
                (
                    self.sheets,
                    self.generator,
                    self.active,
                    Phase.REROLL,
                    self.dice,
                    self.chosen,
                    self.set_aside,
                    (),
                    self.bonus,
                    _NOBODY,
                    self.turn,
                )
            )
        raise _broken("diceland.stop_or_reroll")

    def _choose(self, colour: int) -> DicelandState:
        if not 0 <= colour < len(COLOURS):
            raise _broken("diceland.bad_action", text=f"colour {colour}")
        dice = self.dice  # not self.shown_dice: a call less on every turn of a simulation
        assert not isinstance(dice, Unseen), "a colour is chosen from a roll shown"
        count = dice.count(colour)
        if not count:
            raise _broken("diceland.colour_not_shown", colour=COLOURS[colour])
        if count == DICE:  # ruling DICELAND_UNLIMITED_REROLLS: all six set aside
            return self._rolling_ends(dice, count, colour)
        return _new_state(
            (
                self.sheets,
                self.generator,
                self.active,
                Phase.STOP_OR_REROLL,
                self.dice,
                colour,
                count,
                (),
                self.bonus,
                _NOBODY,
                self.turn,
            )
        )

    def _rolling_ends(
        self, dice: tuple[int, ...], set_aside: int, chosen: int | None = None
    ) -> DicelandState:
        """Phase 2 begins: every player decides (ruling DICELAND_PHASE2_TOGETHER)."""
        return _new_state(
            (
                self.sheets,
                self.generator,
                self.active,
                Phase.MARK,
                dice,
                self.chosen if chosen is None else chosen,
                set_aside,
                (None,) * len(self.sheets),
                self.bonus,
                _NOBODY,
                self.turn,
            )
        )

    def _check(self, player: int, action: Mark) -> None:
        """Raise the rule ``player``'s ``action`` breaks, if any.

        A legal mark is one of the (memoised, shared) legal marks, found by identity at once;
        only an illegal one needs the checker that names the broken rule.
        """
        colour = action.colour
        if not 0 <= colour < len(COLOURS):
            raise _broken("diceland.bad_action", text=f"colour {colour}")
        count = self._dice_by_colour(player)[colour]  # the dice of that colour the mark uses
        if not count:
            if self.phase == Phase.MARK and player == self.active:
                raise _broken("diceland.chosen_colour", colour=COLOURS[self.chosen])
            raise _broken("diceland.colour_not_shown", colour=COLOURS[colour])
        if isinstance(self.dice, Unseen):  # ruling DICELAND_SHEETS_ONLY: up to ``count`` dice
            if not action.cells:
                raise _broken("diceland.mark_or_pass")
            if len(action.cells) > count:
                raise _broken("diceland.unseen_count", count=count)
            count = len(action.cells)
        sheet = self.sheets[player]
        if action not in sheet.marks(colour, count):
            error = sheet.placement_error(colour, action.cells, count)
            assert error is not None, "the checker agrees with the legal marks (tested)"
            raise error

    def _decide_phase2(self, player: int, action: DicelandAction) -> DicelandState:
        if isinstance(action, Mark):
            self._check(player, action)
        elif isinstance(action, Pass):
            count = self.set_aside  # ruling DICELAND_ACTIVE_MUST_MARK: pass only if no mark
            if (
                player == self.active
                and not isinstance(self.dice, Unseen)  # ruling DICELAND_SHEETS_ONLY
                and self.sheets[player].marks(self.chosen, count)
            ):
                raise _broken("diceland.must_mark", count=count, colour=COLOURS[self.chosen])
        elif isinstance(action, CHANCE_OUTCOMES):
            raise _broken("diceland.no_roll_now")
        else:
            raise _broken("diceland.mark_or_pass")
        pending = list(self.pending)
        pending[player] = action
        for decision in pending:
            # Someone still to decide? (By identity: ``None in pending`` would call the
            # __eq__ of every decision before it.)
            if decision is None:
                return _new_state(
                    (
                        self.sheets,
                        self.generator,
                        self.active,
                        Phase.MARK,
                        self.dice,
                        self.chosen,
                        self.set_aside,
                        tuple(pending),
                        self.bonus,
                        _NOBODY,
                        self.turn,
                    )
                )
        return self._resolve_phase2(pending)

    def _resolve_phase2(self, decisions: list[Mark | Pass | None]) -> DicelandState:
        """Ruling DICELAND_PHASE2_TOGETHER: every decision applies at once; then the goal is
        checked for all (ruling DICELAND_WIN) and prizes earn bonus rolls."""
        sheets = list(self.sheets)
        bonus = list(self.bonus)
        someone_won = False
        for player, decision in enumerate(decisions):
            if isinstance(decision, Mark):
                before = sheets[player]
                after = before.crossing(decision)
                sheets[player] = after
                bonus[player] += prizes_crossed(before, after)
                someone_won = someone_won or after.has_won()
        if someone_won:
            return self._over(tuple(sheets))
        return self._bonus_or_next_turn(tuple(sheets), tuple(bonus))

    def _decide_bonus(self, player: int, action: DicelandAction) -> DicelandState:
        """Ruling DICELAND_BONUS_ROLLS; after it, the goal is checked (ruling DICELAND_WIN)."""
        before = self.sheets[player]
        if isinstance(action, Mark):
            self._check(player, action)
            after = before.crossing(action)
        elif isinstance(action, Pass):
            after = before
        else:
            raise _broken("diceland.mark_or_pass")
        sheets = list(self.sheets)
        sheets[player] = after
        if after.has_won():  # the game ends at once: pending bonus rolls are dropped
            return self._over(tuple(sheets))
        bonus = list(self.bonus)
        bonus[player] += prizes_crossed(before, after) - 1
        return self._bonus_or_next_turn(tuple(sheets), tuple(bonus))

    def _over(self, sheets: tuple[Sheet, ...]) -> DicelandState:
        return _new_state(
            (
                sheets,
                self.generator,
                self.active,
                Phase.OVER,
                self.dice,
                self.chosen,
                self.set_aside,
                (),
                (0,) * len(sheets),
                _NOBODY,
                self.turn,
            )
        )

    def _bonus_or_next_turn(
        self, sheets: tuple[Sheet, ...], bonus: tuple[int, ...]
    ) -> DicelandState:
        """The next bonus roll, clockwise from the active player (a player rolls again at once
        while owed one: ruling DICELAND_BONUS_ROLLS); else the next player's turn."""
        n, active = len(sheets), self.active
        for step in range(n):
            player = (active + step) % n
            if bonus[player]:
                return _new_state(
                    (
                        sheets,
                        self.generator,
                        active,
                        Phase.BONUS_ROLL,
                        self.dice,
                        self.chosen,
                        self.set_aside,
                        (),
                        bonus,
                        player,
                        self.turn,
                    )
                )
        next_active = active if n == 1 else (active + 1) % n  # ruling DICELAND_SOLO
        return DicelandState(sheets, self.generator, next_active, bonus=bonus, turn=self.turn + 1)

    # -- chance -----------------------------------------------------------------------------

    def dice_to_roll(self) -> int:
        """How many dice are rolled now: all six, those not set aside, or a bonus roll's five;
        raises RuleError when no dice are to be rolled."""
        phase = self.phase
        if phase == Phase.ROLL:
            return DICE
        if phase == Phase.REROLL:
            return DICE - self.set_aside
        if phase == Phase.BONUS_ROLL:
            return BONUS_DICE
        raise _broken("diceland.game_over" if phase == Phase.OVER else "diceland.no_roll_now")

    def roll(self) -> Roll:
        """Ruling DICELAND_DICE: each die shows one of the six colours (its faces numbered from
        0, as the colours are)."""
        _, faces = roll_dice(self.generator, self.dice_to_roll(), lowest=0)
        return Roll(tuple(faces))

    def roll_with(self, face: Callable[[int], int]) -> Roll:
        """Ruling DICELAND_DICE, each die from its slot: the dice rolled take slots 0, 1, … in
        roll order, so a reroll of fewer dice leaves the faces of the first slots as they were."""
        return Roll(tuple(face(slot) for slot in range(self.dice_to_roll())))

    def reseeded(self, generator: int) -> DicelandState:
        return self._replace(generator=generator)

    def apply_chance(self, outcome: DicelandAction) -> DicelandState:
        count = self.dice_to_roll()
        if (
            not isinstance(outcome, Roll)
            or len(outcome.faces) != count
            or not _FACES.issuperset(outcome.faces)
        ):
            if isinstance(outcome, Unseen):
                return self._unseen_roll()
            raise _broken("diceland.bad_dice", count=count, text=str(outcome)[:60])
        faces = outcome.faces
        generator = advance(self.generator)  # as far as a drawn roll would: replays agree
        phase = self.phase
        chosen = self.chosen
        if phase == Phase.REROLL:
            set_aside = self.set_aside + faces.count(chosen)
            # Ruling DICELAND_UNLIMITED_REROLLS: none of the colour, or all six, ends rolling.
            ends = set_aside in (self.set_aside, DICE)
            return _new_state(
                (
                    self.sheets,
                    generator,
                    self.active,
                    Phase.MARK if ends else Phase.STOP_OR_REROLL,
                    faces,
                    chosen,
                    set_aside,
                    (None,) * len(self.sheets) if ends else (),
                    self.bonus,
                    _NOBODY,
                    self.turn,
                )
            )
        return _new_state(
            (
                self.sheets,
                generator,
                self.active,
                Phase.CHOOSE if phase == Phase.ROLL else Phase.BONUS,
                faces,
                _NOBODY,
                0,
                (),
                self.bonus,
                self.bonus_player,
                self.turn,
            )
        )

    def _unseen_roll(self) -> DicelandState:
        """Ruling DICELAND_SHEETS_ONLY: whatever the table rolled, the crossing follows (a bonus
        roll's crossing after a bonus roll)."""
        bonus = self.phase == Phase.BONUS_ROLL
        return _new_state(
            (
                self.sheets,
                advance(self.generator),  # as far as a drawn roll would: replays agree
                self.active,
                Phase.BONUS if bonus else Phase.MARK,
                UNSEEN,
                _NOBODY,
                0,
                () if bonus else (None,) * len(self.sheets),
                self.bonus,
                self.bonus_player,
                self.turn,
            )
        )

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
        self, before: DicelandState, player: int | None, action: DicelandAction
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
        outcome = self.outcome
        if outcome is not None:
            events.append(outcome.event())
        return tuple(events)

    # -- text, scores, JSON -----------------------------------------------------------------

    def parse_action(self, text: str) -> DicelandAction:
        return Diceland.parse_action(text)

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
            "game": Diceland.id,
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
            "chosen": COLOURS[chosen] if chosen != _NOBODY else None,
            "set_aside": self.set_aside,
            "remaining": {
                COLOURS[c]: count for c, count in enumerate(self.remaining_dice()) if count
            },
            "bonus_player": self.bonus_player if self.bonus_player != _NOBODY else None,
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


_new_state: Final = built_from_fields(DicelandState)


# --- The game --------------------------------------------------------------------------------

_CELL_ID: Final = re.compile(r"0|[1-9][0-9]{0,3}")


class Diceland(Game[DicelandState]):
    id = "diceland"
    min_players = 1  # ruling DICELAND_SOLO; the rule book says 2-4
    max_players = 4
    rules = RULES
    events = EVENTS
    score_range = range(PRIZES + 1)  # a score is the prizes crossed

    def could_have_won(self, scores: Sequence[int], winners: Collection[int]) -> bool:
        """Ruling DICELAND_WIN: the goal wins, not the most prizes, and the game ends only
        when someone meets it, which takes PRIZES_TO_WIN prizes."""
        return bool(winners) and all(scores[seat] >= PRIZES_TO_WIN for seat in winners)

    def new_game(
        self, num_players: int, seed: int, options: Options | None = None
    ) -> DicelandState:
        """Option ``maps``: one map id per player, comma-separated (A-H, or R<seed> for a random
        map); without it, player i plays map A, B, C, D in seat order."""
        self.check_players(num_players)
        options = dict(options or {})
        maps = options.pop("maps", ",".join(FIXED_MAP_IDS[:num_players]))
        if options:
            raise core_error("core.bad_options", game=self.id, options=", ".join(sorted(options)))
        if not isinstance(maps, str):
            raise _broken("diceland.bad_map", map=str(maps)[:20])
        ids = maps.split(",")
        if len(ids) != num_players:
            raise _broken("diceland.map_count", count=num_players, maps=len(ids))
        sheets = tuple(Sheet.new(map_by_id(map_id)) for map_id in ids)
        return DicelandState(sheets, seed_generator(seed), bonus=(0,) * num_players)

    @staticmethod
    def parse_action(text: str) -> DicelandAction:
        """The action ``text`` writes, exactly as ``str`` writes it: a record's text is the
        app's own, so no other case, spacing or order (of a mark's cells) is read as one."""
        action = Diceland._read_action(text)
        if str(action) != text:
            raise _broken("diceland.bad_action", text=text[:40])
        return action

    @staticmethod
    def _read_action(text: str) -> DicelandAction:
        words = text.split(" ")
        if text == str(UNSEEN):
            return UNSEEN
        if len(words) == 1 and words[0] in _WORD_ACTIONS:
            return _WORD_ACTIONS[words[0]]
        if len(words) >= 2 and words[1] in _COLOUR_INDEX:
            verb, colour, rest = words[0], _COLOUR_INDEX[words[1]], words[2:]
            if verb == "choose" and not rest:
                return CHOOSE[colour]
            if verb == "mark" and 0 < len(rest) <= DICE and all(map(_CELL_ID.fullmatch, rest)):
                cells = tuple(sorted({int(word) for word in rest}))
                if len(cells) == len(rest):
                    return Mark(colour, cells)
            if verb == "roll" and len(rest) < DICE and all(w in _COLOUR_INDEX for w in rest):
                return Roll((colour, *(_COLOUR_INDEX[word] for word in rest)))
        raise _broken("diceland.bad_action", text=text[:40])


_WORD_ACTIONS: Final[dict[str, DicelandAction]] = {"pass": PASS, "stop": STOP, "reroll": REROLL}

DICELAND: Final = Diceland()
GAME: Final = DICELAND  # what the shelf takes (dadoteca.games)
