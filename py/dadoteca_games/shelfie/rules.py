"""My Shelfie: The Dice Game (Simone Luciani), as the Italian rule book says, with our rulings.

The sheet (a bookcase): five shelves (rows), one per item, and five columns; column ``c``
(0-based) takes ``c + 1`` dice of the shelf's item, and its cells are worth ``COLUMN_VALUES[c]``
(ruling SHELFIE_SHEET_VALUES). Cell (shelf, column) is bit ``shelf * 5 + column`` of a 25-bit
mask; a sheet is two masks, circled and crossed out. Dice show face indexes into :data:`FACES`
(the die's value minus one: 1 cat … 5 game, 6 jolly).

A turn is the active player's alone: roll the six dice, reroll any of them up to twice (ruling
SHELFIE_REROLLS), then either mark 1 to 3 items, each from its own dice (rulings SHELFIE_JOLLY,
SHELFIE_SIX_JOLLIES, SHELFIE_MUST_MARK), or, when no item can be marked, cross out one shelf
(ruling SHELFIE_FAILED_ROLL). Circling a whole line crosses it out for the others (ruling
SHELFIE_BLOCKING); two shelves without a free cell on any sheet end the game after that round
(ruling SHELFIE_END_ROUND).

Record text of the actions (``str`` / :meth:`Shelfie.parse_action`):

- ``roll cat book jolly plant cat game``: the six dice after a roll or reroll, in position order;
- ``reroll 1 3 4``: reroll the dice at those positions (1-6);
- ``mark cat3 book2+j``: circle the 3-dice cat and the 2-dice book, the book made of one book and
  one jolly; ``mark plant4+jjjjjj``: a roll of six jollies marks the 4-dice plant;
- ``strike book``: cross out every free cell of the book shelf (a failed roll);
- ``pass``: nothing on the sheet is free (ruling SHELFIE_NOTHING_FREE).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations as subsets
from operator import itemgetter
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
from dadoteca_games.shelfie.actions import (
    CHANCE_OUTCOMES,
    COMBOS_BY_TEXT,
    MAX_COMBINATIONS,
    POSITION_WORDS,
    POSITIONS_OF,
    REROLL_MASKS,
    REROLLS,
    STRIKES,
    STRIKES_BY_FULL,
    Combo,
    Mark,
    Reroll,
    Roll,
    ShelfieAction,
    Strike,
)
from dadoteca_games.shelfie.dice import (
    DICE_COUNT,
    FACES,
    JOLLY,
    MALFORMED,
    DiceTable,
    DiceTables,
    enough_dice,
    guarded,
)
from dadoteca_games.shelfie.sheet import (
    ALL_CELLS,
    COLUMN_LINES,
    COLUMN_VALUES,
    COLUMNS,
    MIN_ITEMS_TO_SCORE,
    SHELF_FACE,
    SHELF_LINES,
    SHELVES,
    SHELVES_TO_END,
    CellState,
    Sheet,
    cell_bit,
    full_shelf_starts,
    two_shelves_full,
)

__all__ = [
    "ALL_CELLS",
    "COLUMNS",
    "COLUMN_LINES",
    "COLUMN_VALUES",
    "COMBINATION_MOMENT",
    "DICE_COUNT",
    "EVENTS",
    "FACES",
    "FAILED_ROLL_MOMENT",
    "JOLLY",
    "JOLLY_MOMENT",
    "MAX_COMBINATIONS",
    "MIN_ITEMS_TO_SCORE",
    "PASS",
    "REROLLS_PER_TURN",
    "RULES",
    "SHELFIE",
    "SHELF_LINES",
    "SHELVES",
    "SHELVES_TO_END",
    "UNUSED",
    "CellState",
    "Combo",
    "Mark",
    "Pass",
    "Phase",
    "Reroll",
    "Roll",
    "Sheet",
    "Shelfie",
    "ShelfieAction",
    "ShelfieState",
    "Strike",
    "cell_bit",
]

# --- Rulings (docs/rulings.md, "My Shelfie"), named where they are applied ------------------------
SHELFIE_DICE = "Six dice, each with the five items (cat, book, plant, trophy, game) and a jolly."
SHELFIE_SHEET_VALUES = "Shelves cat…game; columns take 1-5 dice and score 1, 2, 3, 5, 8 (data)."
SHELFIE_REROLLS = "One roll and up to two rerolls, each of any dice, kept ones included."
SHELFIE_JOLLY = "A combination holds at most one jolly and never a jolly alone."
SHELFIE_SIX_JOLLIES = "Six jollies mark exactly one free item of the player's choice."
SHELFIE_MUST_MARK = "Who can mark must mark; a reroll is still allowed while one is left."
SHELFIE_FAILED_ROLL = "Who cannot mark crosses out the free items of one shelf that has some."
SHELFIE_NOTHING_FREE = "A player with no free item at all can only pass (the book is silent)."
SHELFIE_BLOCKING = "Circling a whole shelf or column crosses it out for every other player at once."
SHELFIE_END_ROUND = "Two shelves with no free item on any sheet end the game after seat n-1's turn."
SHELFIE_SCORE = "Each line with 3+ circled items scores their values; a cell counts twice."
SHELFIE_SOLO = "Solo (house variant): the one player takes every turn."
SHELFIE_SHEETS_ONLY = (
    "Unseen dice (Sheets only): the rolls and rerolls are the table's; the active player circles "
    "1 to 3 free items that take at most the 6 dice together, or crosses out a shelf with a free "
    "item; blocking and the end apply as ever."
)

# The dice (ruling SHELFIE_DICE) are FACES, JOLLY and DICE_COUNT, from dice; the sheet (ruling
# SHELFIE_SHEET_VALUES) is sheet.py's.
REROLLS_PER_TURN: Final = 2  # ruling SHELFIE_REROLLS
UNUSED: Final = -1  # a die no combination uses, in ShelfieState.dice_for
_ALL_DICE: Final = (1 << DICE_COUNT) - 1

# The rule book's rules, by the id a RuleError carries; the UI translates them by id.
RULES: Final[dict[str, Template]] = {
    **turn_rules("shelfie"),
    "shelfie.cell_taken": Plural(
        "The {item} of the {count}-die column is already circled or crossed out",
        "The {item} of the {count}-dice column is already circled or crossed out",
    ),
    "shelfie.same_item": Plural(
        "The {item} of the {count}-die column can be marked only once",
        "The {item} of the {count}-dice column can be marked only once",
    ),
    "shelfie.not_enough_dice": "Not enough {item} dice: that item takes {dice}",
    "shelfie.one_jolly": "A combination may use only one jolly",
    "shelfie.jolly_alone": "A jolly cannot be used alone: a one-die {item} needs a {item} die",
    "shelfie.dice_shared": "Each die can be used in only one combination",
    "shelfie.three_at_most": "Mark one to three items a turn",
    "shelfie.six_jollies": "With six jollies, mark exactly one free item of your choice",
    "shelfie.not_six_jollies": "Only a roll of six jollies marks an item without its dice",
    "shelfie.must_mark": "You can mark an item, so you must mark at least one",
    "shelfie.strike_needs_free": "The {item} shelf has no free item left to cross out",
    "shelfie.only_pass": "Nothing on your shelves is free: you can only pass",
    "shelfie.pass_when_full": "You may pass only when nothing on your shelves is free",
    "shelfie.no_rerolls_left": "You have no rerolls left",
    "shelfie.six_dice": "Those items take {dice} dice together: there are only 6",
    "shelfie.reroll_at_table": "Reroll at the table: the app does not see the dice in this game",
    "shelfie.bad_dice": "A roll changes only the rerolled dice, each an item or a jolly: {text}",
    "shelfie.kept_die": "Die {position} was kept: only the dice rerolled change",
    "shelfie.bad_action": "Not a My Shelfie action: {text}",
}


_broken: Final = rule_breaker(RULES)


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



# --- What a roll can mark ----------------------------------------------------------------------


def _checked_cells(counts: tuple[int, ...], taken: int, combos: Sequence[Combo]) -> int:
    """The cells ``combos`` circle with dice ``counts`` (per face) on a sheet with ``taken``
    cells; raises the RuleError of the first rule they break."""
    if not 1 <= len(combos) <= MAX_COMBINATIONS:
        raise _broken("shelfie.three_at_most")
    six_jollies = counts[JOLLY] == DICE_COUNT
    cells = 0
    used = [0] * len(FACES)
    for combo in combos:
        shelf, column, jolly = combo.shelf, combo.column, combo.jolly
        if not (0 <= shelf < len(SHELVES) and 0 <= column < COLUMNS):
            raise _broken("shelfie.bad_action", text=repr(combo)[:40])
        item, dice = SHELVES[shelf], column + 1
        # Ruling SHELFIE_SIX_JOLLIES: then exactly one combination, of any free cell.
        if six_jollies:
            if len(combos) != 1 or jolly or not combo.six_jollies:
                raise _broken("shelfie.six_jollies")
        elif combo.six_jollies:
            raise _broken("shelfie.not_six_jollies")
        bit = cell_bit(shelf, column)
        if cells & bit:
            raise _broken("shelfie.same_item", item=item, count=dice)
        if taken & bit:
            raise _broken("shelfie.cell_taken", item=item, count=dice)
        cells |= bit
        if six_jollies:
            break
        face = SHELF_FACE[shelf]
        have, jollies = counts[face], counts[JOLLY]
        if jolly and not column:
            raise _broken("shelfie.jolly_alone", item=item)  # ruling SHELFIE_JOLLY
        if dice - jolly > have:
            if not have and dice == 1 and jollies:
                raise _broken("shelfie.jolly_alone", item=item)
            if have + min(jollies, 1) < dice <= have + jollies:  # more jollies would do
                raise _broken("shelfie.one_jolly")  # ruling SHELFIE_JOLLY
            raise _broken("shelfie.not_enough_dice", item=item, dice=dice)
        if jolly and not jollies:  # a combination with a jolly the dice do not show
            raise _broken("shelfie.not_enough_dice", item=item, dice=dice)
        used[face] += dice - jolly
        used[JOLLY] += jolly
    for face_used, face_count in zip(used, counts, strict=True):
        if face_used > face_count:
            raise _broken("shelfie.dice_shared")
    if sum(used) > DICE_COUNT:  # only dice unseen get here: a seen roll's faces add up to 6
        raise _broken("shelfie.six_dice", dice=sum(used))
    return cells


def _dice_table(counts: tuple[int, ...]) -> DiceTable:
    """What a roll with ``counts`` dice per face can mark on an empty sheet."""
    if counts[JOLLY] == DICE_COUNT:  # ruling SHELFIE_SIX_JOLLIES
        singles = [
            Combo(shelf, column, six_jollies=True)
            for shelf in range(len(SHELVES))
            for column in range(COLUMNS)
        ]
    else:
        singles = []
        for shelf in range(len(SHELVES)):
            have = counts[SHELF_FACE[shelf]]
            for column in range(COLUMNS):
                if have > column:
                    singles.append(Combo(shelf, column))
                # Ruling SHELFIE_JOLLY: one jolly, with at least one die of the item.
                if counts[JOLLY] and column and have >= column:
                    singles.append(Combo(shelf, column, jolly=True))
    marks: list[tuple[int, Mark]] = []
    for size in range(1, MAX_COMBINATIONS + 1):
        for group in subsets(singles, size):
            try:
                marks.append((_checked_cells(counts, 0, group), Mark(group)))
            except RuleError:
                continue  # cells repeated or dice shared: not a set the roll can make
    combos = tuple((cell_bit(c.shelf, c.column), c) for c in singles)
    return DiceTable(counts, guarded(counts), combos, tuple(marks))


# Ruling SHELFIE_SHEETS_ONLY: unseen dice could show any items, but no jolly can be told apart,
# and there are six of them (checked by _checked_cells).
_ANY_ITEMS: Final = tuple(0 if face == JOLLY else DICE_COUNT for face in range(len(FACES)))
# Legal moves are a filter of a roll's table (462 multisets of six dice) by the sheet's taken
# cells.
_TABLES: Final = DiceTables(_dice_table, _ANY_ITEMS)
_NOTHING_TO_MARK: Final = DiceTable((), 0, (), ())  # a player not deciding


def _table_of(dice: tuple[int, ...] | Unseen) -> DiceTable:
    """The table of the roll ``dice``: one dict lookup, on every decision."""
    return _TABLES.by_dice.get(dice) or _TABLES.made(dice)


# --- The state -------------------------------------------------------------------------------


class Phase:
    ROLL: Final = "roll"  # chance: the turn's first roll of all six dice
    REROLL: Final = "reroll"  # chance: the dice of ``rerolling`` are rolled again
    DECIDE: Final = "decide"  # the active player rerolls, marks, strikes or passes
    OVER: Final = "over"


# The kinds of decision (State.moment_kinds): a first game's guide says each once.
COMBINATION_MOMENT: Final = "shelfie.combination"
JOLLY_MOMENT: Final = "shelfie.jolly"
FAILED_ROLL_MOMENT: Final = "shelfie.failed_roll"
_FACE_INDEXES: Final = frozenset(range(len(FACES)))
# The dice a roll of positions ``mask`` keeps, as a getter (by mask; None when none are kept).
_KEPT_DICE: Final = tuple(
    itemgetter(*kept) if (kept := POSITIONS_OF[_ALL_DICE & ~mask]) else None
    for mask in range(_ALL_DICE + 1)
)


_new_sheet: Final = built_from_fields(Sheet)


class ShelfieState(NamedTuple):
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

    @property
    def can_mark(self) -> bool:
        """The active player can mark an item with the dice (ruling SHELFIE_MUST_MARK)."""
        if self.phase != Phase.DECIDE:
            return False
        sheet = self.sheets[self.active]
        return self._can_mark(sheet.circled | sheet.crossed)

    def _can_mark(self, taken: int) -> bool:
        assert self.dice is not None
        # A single combination alone is a legal mark, so one on a free cell is enough.
        return any(not bit & taken for bit, _ in _table_of(self.dice).combos)

    def moment_kinds(self, player: int) -> tuple[str, ...]:
        """Circling items with combinations of dice (ruling SHELFIE_MUST_MARK), then, where the
        dice show a jolly that a combination may use, the jolly (ruling SHELFIE_JOLLY); or a
        roll that circles nothing (ruling SHELFIE_FAILED_ROLL)."""
        if self.phase != Phase.DECIDE or player != self.active:
            return ()
        if isinstance(self.dice, Unseen):  # the table's dice: only the table knows them
            return (COMBINATION_MOMENT,)
        combinations = self.combinations(player)
        if not combinations:
            return (FAILED_ROLL_MOMENT,)
        if any(combo.jolly or combo.six_jollies for combo in combinations):
            return COMBINATION_MOMENT, JOLLY_MOMENT
        return (COMBINATION_MOMENT,)

    # -- legal actions and the helpers of the front end -----------------------------------

    def legal_actions(self, player: int) -> list[Mark | Reroll | Strike | Pass]:
        if self.phase != Phase.DECIDE or player != self.active:
            return []
        sheet = self.sheets[player]
        taken = sheet.circled | sheet.crossed
        if taken == ALL_CELLS:
            return [PASS]  # ruling SHELFIE_NOTHING_FREE
        assert self.dice is not None
        actions: list[Mark | Reroll | Strike | Pass] = [
            mark for cells, mark in _table_of(self.dice).marks if not cells & taken
        ]
        # Ruling SHELFIE_FAILED_ROLL; with dice unseen, only the table knows whether it failed
        # (ruling SHELFIE_SHEETS_ONLY).
        if not actions or isinstance(self.dice, Unseen):
            actions.extend(STRIKES_BY_FULL[full_shelf_starts(taken)])
        if self.rerolls_left:  # ruling SHELFIE_MUST_MARK: rerolling instead stays open
            actions.extend(REROLLS)
        return actions

    def legal_marks(self, player: int) -> list[Mark]:
        """Every legal set of 1-3 combinations ``player`` may circle now, each once."""
        table, taken = self._table_for(player)
        return [mark for cells, mark in table.marks if not cells & taken]

    def combinations(self, player: int) -> list[Combo]:
        """Every single combination the dice make on a free cell of ``player``'s sheet."""
        table, taken = self._table_for(player)
        return [combo for bit, combo in table.combos if not bit & taken]

    def _table_for(self, player: int) -> tuple[DiceTable, int]:
        """The table of the dice ``player`` decides on, and their sheet's taken cells (a table
        of nothing when they do not decide now)."""
        if self.phase != Phase.DECIDE or player != self.active:
            return _NOTHING_TO_MARK, 0
        assert self.dice is not None
        sheet = self.sheets[player]
        return _table_of(self.dice), sheet.circled | sheet.crossed

    def ways_to_circle(
        self, player: int, picks: Sequence[Combo], shelf: int, column: int
    ) -> list[Combo]:
        """The combinations that circle (``shelf``, ``column``) legally besides ``picks``,
        the one without a jolly first: it keeps the jolly for another combination."""
        legal = set(self.legal_marks(player))
        ways = [
            combo
            for combo in self.combinations(player)
            if (combo.shelf, combo.column) == (shelf, column) and Mark((*picks, combo)) in legal
        ]
        return sorted(ways, key=lambda combo: (combo.jolly, combo.six_jollies))

    def circle_error(
        self, player: int, picks: Sequence[Combo], shelf: int, column: int
    ) -> RuleError | None:
        """Why ``player`` may not circle (``shelf``, ``column``) besides ``picks``, or None.

        Every way the dice could make it is tried (ruling SHELFIE_JOLLY: with or without the
        jolly; ruling SHELFIE_SIX_JOLLIES); the rule the jolly runs into says more than "not
        enough dice" without it.
        """
        dice = self.dice if isinstance(self.dice, tuple) else ()
        if dice and all(face == JOLLY for face in dice):
            candidates = [Combo(shelf, column, six_jollies=True)]
        else:
            candidates = [Combo(shelf, column)]
            if column and JOLLY in dice:
                candidates.append(Combo(shelf, column, jolly=True))
        errors = []
        for combo in candidates:
            error = self.check(player, Mark((*picks, combo)))
            if error is None:
                return None
            errors.append(error)
        best = errors[0]
        if len(errors) > 1 and best.rule == "shelfie.not_enough_dice":
            best = errors[1]
        return best

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

    def dice_for(self, combos: Sequence[Combo]) -> tuple[int, ...] | None:
        """One way to make ``combos`` from the dice: for each die position, the index in
        ``combos`` of the combination using it, or :data:`UNUSED`; ``None`` if the dice cannot
        make them all (or the roll was not shown). Dice only: :meth:`check_mark` says whether the
        combinations are legal."""
        if not isinstance(self.dice, tuple):
            return None
        owners = [UNUSED] * DICE_COUNT
        for index, combo in enumerate(combos):
            if not (0 <= combo.shelf < len(SHELVES) and 0 <= combo.column < COLUMNS):
                return None
            wanted: tuple[tuple[int, int], ...] = ((JOLLY, DICE_COUNT),)
            if not combo.six_jollies:
                items = combo.column + 1 - combo.jolly
                wanted = ((SHELF_FACE[combo.shelf], items), (JOLLY, int(combo.jolly)))
            for face, count in wanted:
                missing = count
                for position, die in enumerate(self.dice):
                    if missing and die == face and owners[position] == UNUSED:
                        owners[position] = index
                        missing -= 1
                if missing:
                    return None
        return tuple(owners)

    # -- applying actions -------------------------------------------------------------------

    def check(self, player: int, action: ShelfieAction) -> RuleError | None:
        return check_by_applying(self, player, action)

    def _check_decider(self, player: int) -> None:
        """Raise the RuleError saying why ``player`` may not decide now, if so."""
        phase = self.phase
        if phase != Phase.DECIDE:
            raise _broken("shelfie.game_over" if phase == Phase.OVER else "shelfie.roll_first")
        if player != self.active:
            raise _broken("shelfie.not_your_decision", player=player + 1)

    def apply(self, player: int, action: ShelfieAction) -> ShelfieState:
        if isinstance(action, CHANCE_OUTCOMES):
            raise _broken("shelfie.no_roll_now")
        if self.phase != Phase.DECIDE or player != self.active:
            self._check_decider(player)
        sheet = self.sheets[player]
        taken = sheet.circled | sheet.crossed
        if isinstance(action, Pass):
            if taken != ALL_CELLS:
                must = self._can_mark(taken) and not isinstance(self.dice, Unseen)
                raise _broken("shelfie.must_mark" if must else "shelfie.pass_when_full")
            return self._end_turn(self.sheets, self.last_round)
        if taken == ALL_CELLS:
            raise _broken("shelfie.only_pass")  # ruling SHELFIE_NOTHING_FREE
        if isinstance(action, Mark):
            return self._mark(sheet, taken, action)
        if isinstance(action, Reroll):
            return self._reroll(action)
        if isinstance(action, Strike):
            return self._strike(sheet, taken, action)
        raise _broken("shelfie.bad_action", text=repr(action)[:40])

    def _reroll(self, action: Reroll) -> ShelfieState:
        if isinstance(self.dice, Unseen):
            raise _broken("shelfie.reroll_at_table")  # ruling SHELFIE_SHEETS_ONLY
        if not self.rerolls_left:
            raise _broken("shelfie.no_rerolls_left")  # ruling SHELFIE_REROLLS
        mask = REROLL_MASKS.get(action.positions)
        if mask is None:
            raise _broken("shelfie.bad_action", text=str(action)[:40])
        return _new_state(
            (
                self.sheets,
                self.generator,
                self.active,
                Phase.REROLL,
                self.dice,
                self.rerolls_left - 1,
                mask,
                self.turn,
                self.last_round,
            )
        )

    def _mark(self, sheet: Sheet, taken: int, action: Mark) -> ShelfieState:
        assert self.dice is not None
        table = _table_of(self.dice)
        cells, dice = action._cells, action._dice
        # What Mark worked out when made decides fast; the full check names the broken rule
        # (and counts the dice, where no roll caps them: ruling SHELFIE_SHEETS_ONLY).
        if (
            dice == MALFORMED
            or cells & taken
            or not enough_dice(table.guarded_counts, dice)
            or isinstance(self.dice, Unseen)
        ):
            cells = _checked_cells(table.counts, taken, action.combos)
        circled = sheet.circled | cells
        # Ruling SHELFIE_BLOCKING: a line this mark fills is crossed out on every other sheet.
        blocked = 0
        for combo in action.combos:
            shelf_line, column_line = SHELF_LINES[combo.shelf], COLUMN_LINES[combo.column]
            if circled & shelf_line == shelf_line:
                blocked |= shelf_line
            if circled & column_line == column_line:
                blocked |= column_line
        active = self.active
        sheets = list(self.sheets)
        sheets[active] = _new_sheet((circled, sheet.crossed))
        ends = self.last_round or two_shelves_full(circled | sheet.crossed)
        if blocked:
            for player, other in enumerate(sheets):
                if player != active and blocked & ~other.circled & ~other.crossed:
                    crossed = other.crossed | blocked & ~other.circled
                    sheets[player] = _new_sheet((other.circled, crossed))
                    ends = ends or two_shelves_full(other.circled | crossed)
        return self._end_turn(tuple(sheets), ends)

    def _strike(self, sheet: Sheet, taken: int, action: Strike) -> ShelfieState:
        shelf = action.shelf
        if not 0 <= shelf < len(SHELVES):
            raise _broken("shelfie.bad_action", text=repr(action)[:40])
        if self._can_mark(taken) and not isinstance(self.dice, Unseen):
            raise _broken("shelfie.must_mark")  # ruling SHELFIE_MUST_MARK
        line = SHELF_LINES[shelf]
        if taken & line == line:
            raise _broken("shelfie.strike_needs_free", item=SHELVES[shelf])
        sheets = list(self.sheets)
        crossed = sheet.crossed | line & ~sheet.circled  # ruling SHELFIE_FAILED_ROLL
        sheets[self.active] = _new_sheet((sheet.circled, crossed))
        return self._end_turn(tuple(sheets), self.last_round or two_shelves_full(taken | line))

    def _end_turn(self, sheets: tuple[Sheet, ...], last_round: bool) -> ShelfieState:
        """Ruling SHELFIE_END_ROUND: once any sheet has two full shelves, the round ends the game.

        ``last_round`` says whether the end is triggered, now or before; sheets only change at the
        end of a turn, so the callers check just the sheets they changed. Seat 0 starts every
        round, so the round ends with seat n-1 (ruling SHELFIE_SOLO: with one player that is every
        turn, and the trigger ends the game at once).
        """
        active = self.active
        if last_round and active == len(sheets) - 1:
            return _new_state(
                (sheets, self.generator, active, Phase.OVER, self.dice, 0, 0, self.turn, True)
            )
        return _new_state(
            (
                sheets,
                self.generator,
                (active + 1) % len(sheets),
                Phase.ROLL,
                None,
                REROLLS_PER_TURN,
                0,
                self.turn + 1,
                last_round,
            )
        )

    # -- chance -----------------------------------------------------------------------------

    def _rolled_mask(self) -> int:
        phase = self.phase
        if phase == Phase.ROLL:
            return _ALL_DICE
        if phase == Phase.REROLL:
            return self.rerolling
        raise _broken("shelfie.game_over" if phase == Phase.OVER else "shelfie.no_roll_now")

    def rolled_positions(self) -> tuple[int, ...]:
        """The positions of the dice rolled now: all six, or those rerolled; raises RuleError
        when no dice are to be rolled."""
        return POSITIONS_OF[self._rolled_mask()]

    def roll(self) -> Roll:
        """The dice after rolling those to be rolled (all six, or the rerolled ones)."""
        mask = self._rolled_mask()
        # Ruling SHELFIE_DICE: a die's faces numbered from 0, as FACES indexes them.
        _, rolled = roll_dice(self.generator, len(POSITIONS_OF[mask]), lowest=0)
        return self._rolled(mask, rolled)

    def roll_with(self, face: Callable[[int], int]) -> Roll:
        """The dice after rolling those to be rolled, each die's slot its position: a reroll
        of other dice leaves the face a position shows at its next roll as it was."""
        mask = self._rolled_mask()
        return self._rolled(mask, [face(position) for position in POSITIONS_OF[mask]])

    def _rolled(self, mask: int, rolled: Sequence[int]) -> Roll:
        """The dice with those of ``mask`` showing ``rolled``, in position order."""
        if mask == _ALL_DICE:
            return Roll(tuple(rolled))
        assert isinstance(self.dice, tuple), "a reroll follows a roll shown"
        faces = list(self.dice)
        for position, face in zip(POSITIONS_OF[mask], rolled, strict=True):
            faces[position] = face
        return Roll(tuple(faces))

    def reseeded(self, generator: int) -> ShelfieState:
        return self._replace(generator=generator)

    def apply_chance(self, outcome: ShelfieAction) -> ShelfieState:
        mask = self._rolled_mask()
        if isinstance(outcome, Unseen):  # ruling SHELFIE_SHEETS_ONLY: rerolls are the table's
            return _new_state(
                (
                    self.sheets,
                    advance(self.generator),
                    self.active,
                    Phase.DECIDE,
                    UNSEEN,
                    0,
                    0,
                    self.turn,
                    self.last_round,
                )
            )
        if not isinstance(outcome, Roll):
            raise _broken("shelfie.bad_dice", text=str(outcome)[:60])
        error = self._impossible(outcome, mask)
        if error is not None:
            raise error
        return _new_state(
            (
                self.sheets,
                advance(self.generator),  # as far as a drawn roll would: replays agree
                self.active,
                Phase.DECIDE,
                outcome.faces,
                self.rerolls_left,
                0,
                self.turn,
                self.last_round,
            )
        )

    def _impossible(self, outcome: Roll, mask: int) -> RuleError | None:
        """Six faces, and a kept die (real dice entered wrongly, or a hostile record) shows
        what it showed."""
        faces = outcome.faces
        if not isinstance(faces, tuple) or len(faces) != DICE_COUNT:
            return _broken("shelfie.bad_dice", text=str(outcome)[:60])
        if not _FACE_INDEXES.issuperset(faces):
            return _broken("shelfie.bad_dice", text=str(outcome)[:60])
        kept, dice = _KEPT_DICE[mask], self.dice
        if kept is None:
            return None
        assert isinstance(dice, tuple), "a reroll follows a roll shown"
        if kept(faces) == kept(dice):
            return None
        changed = next(p for p in range(DICE_COUNT) if not mask >> p & 1 and faces[p] != dice[p])
        return _broken("shelfie.kept_die", position=changed + 1)

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
        self, before: ShelfieState, player: int | None, action: ShelfieAction
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
        outcome = self.outcome
        if outcome is not None:
            events.append(outcome.event())
        return tuple(events)

    # -- text, scores, JSON -----------------------------------------------------------------

    def parse_action(self, text: str) -> ShelfieAction:
        return Shelfie.parse_action(text)

    def scores(self) -> tuple[int, ...]:
        return tuple(sheet.score() for sheet in self.sheets)

    def winners(self) -> tuple[int, ...]:
        return winners_of(self.scores())  # ruling SHELFIE_SCORE: ties share the win

    def to_json(self) -> dict[str, object]:
        """Each shelf reads left to right: ``O`` circled, ``X`` crossed out, ``.`` free."""
        marks = {CellState.FREE: ".", CellState.CIRCLED: "O", CellState.CROSSED: "X"}
        return {
            "game": Shelfie.id,
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


_new_state: Final = built_from_fields(ShelfieState)


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


class Shelfie(Game[ShelfieState]):
    id = "shelfie"
    min_players = 1  # ruling SHELFIE_SOLO; the rule book says 2-4
    max_players = 4
    rules = RULES
    events = EVENTS
    score_range = range(Sheet(circled=ALL_CELLS).score() + 1)  # ruling SHELFIE_SCORE

    def new_game(self, num_players: int, seed: int, options: Options | None = None) -> ShelfieState:
        self.check_players(num_players)
        if options:
            raise core_error("core.bad_options", game=self.id, options=", ".join(sorted(options)))
        return ShelfieState(sheets=(Sheet(),) * num_players, generator=seed_generator(seed))

    @staticmethod
    def parse_action(text: str) -> ShelfieAction:
        """The action ``text`` writes, exactly as ``str`` writes it: a record's text is the
        app's own, so no other case, spacing or order (of positions, of items) is read as
        one."""
        action = Shelfie._read_action(text)
        if str(action) != text:
            raise _broken("shelfie.bad_action", text=text[:40])
        return action

    @staticmethod
    def _read_action(text: str) -> ShelfieAction:
        words = text.split(" ")
        verb, rest = words[0], words[1:]
        if text == str(UNSEEN):
            return UNSEEN
        if verb == "pass" and not rest:
            return PASS
        if verb == "strike" and len(rest) == 1 and rest[0] in SHELVES:
            return STRIKES[SHELVES.index(rest[0])]
        if verb == "mark" and rest and all(word in COMBOS_BY_TEXT for word in rest):
            return Mark(tuple(COMBOS_BY_TEXT[word] for word in rest))
        if verb == "reroll" and rest and all(word in POSITION_WORDS for word in rest):
            mask = sum(1 << POSITION_WORDS[word] for word in set(rest))
            if len(set(rest)) == len(rest):
                return REROLLS[mask - 1]
        if verb == "roll" and len(rest) == DICE_COUNT and all(word in FACES for word in rest):
            return Roll(tuple(FACES.index(word) for word in rest))
        raise _broken("shelfie.bad_action", text=text[:40])


SHELFIE: Final = Shelfie()
GAME: Final = SHELFIE  # what the shelf takes (dadoteca.games)
