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

Here the turn moves on; what a roll can mark is :mod:`.combinations`', what a moment says
(whose turn, the dice shown, the end, its events and JSON) :mod:`.moment`'s.

Record text of the actions (``str`` / :meth:`Shelfie.parse_action`, :mod:`.actions`):

- ``roll cat book jolly plant cat game``: the six dice after a roll or reroll, in position order;
- ``reroll 1 3 4``: reroll the dice at those positions (1-6);
- ``mark cat3 book2+j``: circle the 3-dice cat and the 2-dice book, the book made of one book and
  one jolly; ``mark plant4+jjjjjj``: a roll of six jollies marks the 4-dice plant;
- ``strike book``: cross out every free cell of the book shelf (a failed roll);
- ``pass``: nothing on the sheet is free (ruling SHELFIE_NOTHING_FREE).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Final

from dadoteca.core import (
    PASS,
    UNSEEN,
    Game,
    Options,
    Pass,
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
)
from dadoteca_games.shelfie.actions import (
    ACTION_RULES,
    CHANCE_OUTCOMES,
    MAX_COMBINATIONS,
    POSITIONS_OF,
    REROLL_MASKS,
    REROLLS,
    STRIKES_BY_FULL,
    Combo,
    Mark,
    Reroll,
    Roll,
    ShelfieAction,
    Strike,
    read_action,
)
from dadoteca_games.shelfie.combinations import (
    COMBINATION_RULES,
    NOTHING_TO_MARK,
    checked_cells,
    table_of,
)
from dadoteca_games.shelfie.dice import (
    DICE_COUNT,
    FACES,
    JOLLY,
    MALFORMED,
    DiceTable,
    enough_dice,
)
from dadoteca_games.shelfie.moment import (
    EVENTS,
    GAME_ID,
    REROLLS_PER_TURN,
    Phase,
    ShelfieMoment,
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
# SHELFIE_SHEET_VALUES) is sheet.py's; REROLLS_PER_TURN (ruling SHELFIE_REROLLS) is moment.py's.
UNUSED: Final = -1  # a die no combination uses, in ShelfieState.dice_for
_ALL_DICE: Final = (1 << DICE_COUNT) - 1

# The rule book's rules, by the id a RuleError carries; the UI translates them by id. RULES adds
# those a set of combinations may break (combinations.py) and the record's (shelfie.bad_action).
PLAY_RULES: Final[dict[str, Template]] = {
    **turn_rules("shelfie"),
    "shelfie.must_mark": "You can mark an item, so you must mark at least one",
    "shelfie.strike_needs_free": "The {item} shelf has no free item left to cross out",
    "shelfie.only_pass": "Nothing on your shelves is free: you can only pass",
    "shelfie.pass_when_full": "You may pass only when nothing on your shelves is free",
    "shelfie.no_rerolls_left": "You have no rerolls left",
    "shelfie.reroll_at_table": "Reroll at the table: the app does not see the dice in this game",
    "shelfie.bad_dice": "A roll changes only the rerolled dice, each an item or a jolly: {text}",
    "shelfie.kept_die": "Die {position} was kept: only the dice rerolled change",
}
RULES: Final[dict[str, Template]] = {**PLAY_RULES, **COMBINATION_RULES, **ACTION_RULES}
_broken: Final = rule_breaker(RULES)


# --- The state -------------------------------------------------------------------------------

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


class ShelfieState(ShelfieMoment):
    """A moment of a My Shelfie game (:class:`.moment.ShelfieMoment`) with the rules that move it
    on: who may do what, and what each action and roll makes of it."""

    __slots__ = ()  # a tuple still: no instance dict

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
        return any(not bit & taken for bit, _ in table_of(self.dice).combos)

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
            mark for cells, mark in table_of(self.dice).marks if not cells & taken
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
            return NOTHING_TO_MARK, 0
        assert self.dice is not None
        sheet = self.sheets[player]
        return table_of(self.dice), sheet.circled | sheet.crossed

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
        table = table_of(self.dice)
        cells, dice = action._cells, action._dice
        # What Mark worked out when made decides fast; the full check names the broken rule
        # (and counts the dice, where no roll caps them: ruling SHELFIE_SHEETS_ONLY).
        if (
            dice == MALFORMED
            or cells & taken
            or not enough_dice(table.guarded_counts, dice)
            or isinstance(self.dice, Unseen)
        ):
            cells = checked_cells(table.counts, taken, action.combos)
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

    parse_action = staticmethod(read_action)  # the record's text (actions.py)


_new_state: Final = built_from_fields(ShelfieState)


class Shelfie(Game[ShelfieState]):
    id = GAME_ID
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

    parse_action = staticmethod(read_action)  # the record's text (actions.py)


SHELFIE: Final = Shelfie()
GAME: Final = SHELFIE  # what the shelf takes (dadoteca.games)
