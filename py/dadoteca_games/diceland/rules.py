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

Here the turn moves on; what a moment says (whose decision, the dice and maps shown, the end,
its events and JSON) is :mod:`.moment`'s, the actions and their record text :mod:`.actions`'.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Final

from dadoteca.core import (
    PASS,
    UNSEEN,
    Game,
    Options,
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
)
from dadoteca_games.diceland.actions import (
    ACTION_RULES,
    CHANCE_OUTCOMES,
    CHOOSE,
    DICE,
    REROLL,
    STOP,
    Choose,
    DicelandAction,
    Mark,
    Reroll,
    Roll,
    Stop,
    read_action,
)
from dadoteca_games.diceland.maps import (
    COLOURS,
    FIXED_MAP_IDS,
    MAP_RULES,
    PRIZES,
    PRIZES_TO_WIN,
    map_by_id,
)
from dadoteca_games.diceland.moment import (
    BONUS_DICE,
    CHANCE_PHASES,
    CROSSING_PHASES,
    EVENTS,
    GAME_ID,
    NOBODY,
    DicelandMoment,
    Phase,
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

# The rule book's rules, by the id a RuleError carries; the UI translates them by id. Plain
# literals, which build/i18n.py extracts; RULES adds where crosses may go (sheet.py), the
# maps' (diceland.bad_map) and the record's (diceland.bad_action).
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
}
RULES: Final[dict[str, Template]] = {**PLAY_RULES, **PLACEMENT_RULES, **MAP_RULES, **ACTION_RULES}
_broken: Final = rule_breaker(RULES)


# --- The state -------------------------------------------------------------------------------

# The kinds of decision (State.moment_kinds): a first game's guide says each once.
SET_ASIDE_MOMENT: Final = "diceland.set_aside"
REROLL_MOMENT: Final = "diceland.stop_or_reroll"
CROSS_OWN_MOMENT: Final = "diceland.cross_own"
CROSS_OTHER_MOMENT: Final = "diceland.cross_other"
BONUS_MOMENT: Final = "diceland.bonus"
_MOMENTS: Final = {
    Phase.CHOOSE: SET_ASIDE_MOMENT,
    Phase.STOP_OR_REROLL: REROLL_MOMENT,
    Phase.BONUS: BONUS_MOMENT,
}
_FACES: Final = frozenset(range(len(COLOURS)))  # a die's faces, one per colour


class DicelandState(DicelandMoment):
    """A moment of a Diceland game (:class:`.moment.DicelandMoment`) with the rules that move it
    on: who may do what, and what each action and roll makes of it."""

    __slots__ = ()  # a tuple still: no instance dict

    def moment_kinds(self, player: int) -> tuple[str, ...]:
        """Phase 1's choice of a colour to set aside, and whether to reroll; phase 2's crosses,
        the active player's with their colour, the others' with one left on the table (ruling
        DICELAND_PHASE2_TOGETHER); a bonus roll's (ruling DICELAND_BONUS_ROLLS)."""
        if player not in self.deciders:
            return ()
        phase = self.phase
        if phase in CROSSING_PHASES and self.legal_actions(player) == [PASS]:
            return ()  # nothing fits: a pass, as the prompt says, with nothing to learn
        if phase == Phase.MARK:
            return (CROSS_OWN_MOMENT if player == self.active else CROSS_OTHER_MOMENT,)
        return (_MOMENTS[phase],)

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
        if phase in CHANCE_PHASES:
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
                    NOBODY,
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
                NOBODY,
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
                NOBODY,
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
                        NOBODY,
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
                NOBODY,
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
                    NOBODY,
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
                NOBODY,
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
                NOBODY,
                0,
                () if bonus else (None,) * len(self.sheets),
                self.bonus,
                self.bonus_player,
                self.turn,
            )
        )

    parse_action = staticmethod(read_action)  # the record's text (actions.py)


_new_state: Final = built_from_fields(DicelandState)


# --- The game --------------------------------------------------------------------------------


class Diceland(Game[DicelandState]):
    id = GAME_ID
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

    parse_action = staticmethod(read_action)  # the record's text (actions.py)


DICELAND: Final = Diceland()
GAME: Final = DICELAND  # what the shelf takes (dadoteca.games)
