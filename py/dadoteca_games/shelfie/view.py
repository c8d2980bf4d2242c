"""My Shelfie: The Dice Game on screen: the dice, the bookcases and the prompt, as HTML; taps as
My Shelfie actions.

Only presentation lives here: which cells the dice reach, what a mark scores, blocking and the
end all come from :mod:`.rules`. The pending choice of the asked player (dice to
reroll, cells picked, a shelf to cross out) is kept here until it is confirmed; so is the
picked cell whose ways to use the dice are on offer (a second tap on it). The bookcases are
drawn by :mod:`.sheets`, the items' icons are :mod:`.icons`'.

With sheets only (``state.dice`` is :data:`~dadoteca.core.UNSEEN`) no dice are shown: the player
circles what the table's dice made, or chooses to cross out a shelf, as only the table knows
whether the roll failed; the engine checks the sheet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from html import escape
from typing import ClassVar, Final

from dadoteca.commands import Answer, Command
from dadoteca.core import Action, AnyState, Unseen
from dadoteca_games.shelfie.icons import icon
from dadoteca_games.shelfie.moment import (
    CIRCLED,
    COLUMN_BLOCKED,
    FULL_SHELVES,
    LAST_ROUND,
    SHELF_BLOCKED,
)
from dadoteca_games.shelfie.rules import (
    COLUMNS,
    COMBINATION_MOMENT,
    DICE_COUNT,
    FACES,
    FAILED_ROLL_MOMENT,
    JOLLY_MOMENT,
    MAX_COMBINATIONS,
    PASS,
    SHELFIE,
    SHELVES,
    UNUSED,
    CellState,
    Combo,
    Mark,
    Phase,
    Reroll,
    Roll,
    ShelfieState,
    Strike,
)
from dadoteca_games.shelfie.sheets import TIMES, Bookcases, Cell, cell_of
from dadoteca_web.game_ui import (
    ROLL_ACTS,
    ROLL_DICE,
    Effect,
    GameUI,
    Pieced,
    asked_player,
    tapped_number,
)

__all__ = ["ShelfieUI"]

CELL_MARKS: Final = {CellState.CIRCLED: "●", CellState.CROSSED: "✕", CellState.FREE: "○"}
DIE: Final = "die"  # the dice are alike: where an entered face goes does not matter
# A first game's guide: a line for each kind of decision (dadoteca_web.guide).
GUIDE: Final = {
    COMBINATION_MOMENT: (
        "Tap 1 to 3 items your dice make, then Confirm: the \N{MULTIPLICATION SIGN}3 column "
        "takes three dice of its item, and no die serves twice. Or reroll first."
    ),
    JOLLY_MOMENT: (
        "The jolly stands for any item: at most one in each combination, and never alone (a "
        "one-die item needs its own die)."
    ),
    FAILED_ROLL_MOMENT: (
        "These dice make no free item: reroll, or tap a shelf to cross out its free items."
    ),
}


def _item_dice(combo: Combo) -> int:
    """The dice showing its item that ``combo`` takes (its jolly, if any, is apart)."""
    return combo.column + 1 - combo.jolly


class ShelfieUI(GameUI):
    """My Shelfie for the active player; ``picks``, ``rerolling`` and ``strike`` are their
    choice not yet confirmed, valid for the state ``basis`` only; ``asking`` is the picked
    cell whose ways to use the dice are offered, until the next tap; ``crossing``: the choice
    is a shelf to cross out (with sheets only, the player says so: circling is open too)."""

    game = SHELFIE
    title = "My Shelfie: The Dice Game"
    about = (
        "Fill your bookcase with dice combinations; a full shelf blocks the others. 1 to 4 players."
    )
    guide = GUIDE
    effects: ClassVar[dict[str, Effect]] = {
        CIRCLED: {"sound": "tick", "animation": "marked-now", "listed": "combos"},
        SHELF_BLOCKED: {"sound": "lock"},
        COLUMN_BLOCKED: {"sound": "lock"},
        LAST_ROUND: {"sound": "prize"},
        FULL_SHELVES: {"end": True},
    }
    basis: ShelfieState | None = None
    _legal: frozenset[Mark] = frozenset()  # the legal marks of ``basis``
    # The choice in the making, as forget() leaves it when the view is made and at each new
    # state (see the class's text).
    picks: list[Combo]
    rerolling: set[int]
    strike: int | None
    asking: Cell | None
    crossing: bool

    @cached_property
    def bookcases(self) -> Bookcases:
        return Bookcases(self)

    # -- the pending choice -----------------------------------------------------------------

    def forget(self) -> None:
        self.picks = []
        self.rerolling = set()
        self.strike = None
        self.asking = None
        self.crossing = False

    def show_choice(self, state: AnyState, player: int, action: Action) -> None:
        assert isinstance(state, ShelfieState)
        self._sync(state)
        self.asking = None
        if isinstance(action, Mark):
            self.picks = list(action.combos)
        elif isinstance(action, Reroll):
            self.rerolling = set(action.positions)
        elif isinstance(action, Strike):
            self.strike = action.shelf
            self.crossing = True

    def describe(self, state: AnyState, action: Action) -> str:
        assert isinstance(state, ShelfieState)
        t = self.t
        if isinstance(action, Mark):
            items = [
                t("{combination} with a jolly", combination=self.combination(combo))
                if combo.jolly
                else self.combination(combo)
                for combo in action.combos
            ]
            return t("circle {items}", items=", ".join(items))
        if isinstance(action, Reroll):
            dice = state.shown_dice
            faces = ", ".join(t(FACES[dice[position]]) for position in action.positions)
            return t("reroll {dice}", dice=faces)
        if isinstance(action, Strike):
            return t("cross out the {item} shelf", item=t(SHELVES[action.shelf]))
        return t("pass")

    def _sync(self, state: ShelfieState) -> None:
        """A choice belongs to the state it was made on: another state starts afresh."""
        if self.basis is state or self.basis == state:
            return
        self.forget()
        self.basis = state
        self._legal = frozenset(state.legal_marks(state.active))

    def _legal_with(self, base: Sequence[Combo], combo: Combo) -> bool:
        return Mark((*base, combo)) in self._legal

    def ways(self, state: ShelfieState, player: int, index: int) -> list[Combo]:
        """The engine's ways to make pick ``index`` beside the other picks (with or without
        the jolly): what a second tap on its cell offers."""
        others = self.picks[:index] + self.picks[index + 1 :]
        return state.ways_to_circle(player, others, *cell_of(self.picks[index]))

    def _asked_pick(self) -> int | None:
        """The index in ``picks`` of the cell whose ways are offered, if any."""
        cells = [cell_of(combo) for combo in self.picks]
        return cells.index(self.asking) if self.asking in cells else None

    def reachable(self, state: ShelfieState) -> set[Cell]:
        """The cells one more combination can circle, given the picks: the legal taps."""
        if state.phase != Phase.DECIDE or len(self.picks) >= MAX_COMBINATIONS:
            return set()
        picked = {cell_of(combo) for combo in self.picks}
        return {
            cell_of(combo)
            for combo in state.combinations(state.active)
            if cell_of(combo) not in picked and self._legal_with(self.picks, combo)
        }

    def complete(self, state: ShelfieState) -> Mark | Strike | None:
        """The pending choice, if it is whole and legal: what Confirm plays."""
        if state.phase != Phase.DECIDE:
            return None
        if self.picks:
            mark = Mark(tuple(self.picks))
            return mark if mark in self._legal else None
        if self.strike is not None:
            strike = Strike(self.strike)
            return strike if strike in state.legal_actions(state.active) else None
        return None

    # -- taps -------------------------------------------------------------------------------

    def handle(
        self, state: AnyState, answers: Mapping[int, Action], act: str, data: Mapping[str, str]
    ) -> list[Command]:
        assert isinstance(state, ShelfieState)
        self._sync(state)
        if state.is_terminal:
            return []
        player = asked_player(state, answers)
        if self.seated and data.get("seat", str(player)) != str(player):
            return []  # around a table-top, a tap on another person's bookcase: not theirs
        # The ways stay on offer for one tap only: whatever else is tapped, they go.
        asked, self.asking = self._asked_pick(), None
        if state.is_chance and act in ROLL_ACTS:
            return self.handle_roll(state, act, data)
        if act == "die":
            self._tap_die(state, player, data)
        elif act == "reroll":
            if state.phase == Phase.DECIDE and self.rerolling and state.rerolls_left:
                return [Answer(player, Reroll(tuple(sorted(self.rerolling)))), ROLL_DICE]
        elif act == "cell":
            self._tap_cell(state, player, data, asked)
        elif act == "way" and asked is not None:
            ways = self.ways(state, player, asked)
            way = tapped_number(data, "way", range(len(ways)))
            if way is not None:
                self.picks[asked] = ways[way]
        elif act == "unpick" and asked is not None:
            del self.picks[asked]
        elif act == "strike":
            self._tap_strike(state, player, data)
        elif act == "cross-out" and isinstance(state.dice, Unseen):
            self.crossing = not self.crossing
            self.picks = []
            self.strike = None
        elif act == "confirm":
            choice = self.complete(state)
            if choice is not None:
                return [Answer(player, choice)]
        elif act == "pass" and state.phase == Phase.DECIDE:
            return [Answer(player, PASS)]  # the App plays it, or says the rule against passing now
        elif act == "clear":  # the choice not yet confirmed; Undo takes back played ones
            self.picks = []
            self.strike = None
            self.rerolling = set()
            self.crossing = False
        return []

    def _tap_die(self, state: ShelfieState, player: int, data: Mapping[str, str]) -> None:
        position = tapped_number(data, "die", range(DICE_COUNT))
        if position is None or state.phase != Phase.DECIDE:
            return
        error = state.check(player, Reroll((position,)))
        if error is not None:
            raise error  # no rerolls left
        self.rerolling ^= {position}

    def _tap_cell(
        self, state: ShelfieState, player: int, data: Mapping[str, str], asked: int | None
    ) -> None:
        """A free cell is picked. A picked cell tapped again offers its ways to use the dice,
        or puts them away if they were on offer; with one way only, it is unpicked."""
        shelf = tapped_number(data, "shelf", range(len(SHELVES)))
        column = tapped_number(data, "column", range(COLUMNS))
        if shelf is None or column is None:
            return
        cell = (shelf, column)
        if state.phase == Phase.DECIDE:
            picked = [cell_of(combo) for combo in self.picks]
            if cell in picked:
                index = picked.index(cell)
                if len(self.ways(state, player, index)) < 2:
                    del self.picks[index]
                elif index != asked:
                    self.asking = cell
                return
            options = state.ways_to_circle(player, self.picks, *cell)
            if options and len(self.picks) < MAX_COMBINATIONS:
                self.picks.append(options[0])
                self.strike = None
                self.crossing = False
                return
        error = state.circle_error(player, self.picks, shelf, column)
        if error is not None:
            raise error

    def _tap_strike(self, state: ShelfieState, player: int, data: Mapping[str, str]) -> None:
        shelf = tapped_number(data, "shelf", range(len(SHELVES)))
        if shelf is None:
            return
        error = state.check(player, Strike(shelf))
        if error is not None:
            raise error
        self.strike = None if self.strike == shelf else shelf
        self.picks = []
        self.crossing = True

    # -- regions ----------------------------------------------------------------------------

    def regions(self, state: AnyState, answers: Mapping[int, Action]) -> dict[str, str]:
        assert isinstance(state, ShelfieState)
        self._sync(state)
        if self.seated:
            return self._table_top(state, answers)
        regions = {
            "prompt": self.prompt(state, answers),
            "dice": self.dice(state),
            "controls": self.controls(state),
        }
        if state.is_terminal:
            regions["scores"] = self.bookcases.scores(state)
            regions["board"] = Pieced.concat(
                *(self.bookcases.sheet(state, p) for p in range(state.num_players))
            )
            return regions
        asked = asked_player(state, answers)
        # Crossing out, the shelves are on offer, not the cells (a cell tap still circles).
        legal = set() if self._striking(state) else self.reachable(state)
        # Every player's sheet, in both regions, whoever is asked: the asked player's shown
        # big (the others' big ones hidden), everyone else's small. A change of hands hides
        # one and shows another, with the cells that changed (see Pieced's shells).
        players = range(state.num_players)
        regions["board"] = Pieced.concat(
            *(
                self.bookcases.sheet(
                    state,
                    p,
                    legal,
                    self.picks,
                    interactive=True,
                    striking=self._striking(state),
                    strike=self.strike,
                )
                if p == asked
                else self.bookcases.sheet(state, p, interactive=True, shown=False)
                for p in players
            )
        )
        regions["others"] = Pieced.concat(
            *(self.bookcases.sheet(state, p, shown=p != asked) for p in players if len(players) > 1)
        )
        return regions

    def _table_top(self, state: ShelfieState, answers: Mapping[int, Action]) -> dict[str, str]:
        """The device lies in the middle of the table: each person's bookcase at their edge;
        the one deciding fills theirs, with their own Reroll, Clear and Confirm; the dice (to
        tap for a reroll), whose turn and the roll in the middle, turned toward them."""
        deciding = (
            None
            if state.is_terminal or state.is_chance
            else next((p for p in state.deciders if self.seated[p].acting), None)
        )
        places = []
        for p in range(state.num_players):
            if p == deciding:
                striking = self._striking(state)
                legal = set() if striking else self.reachable(state)
                sheet = self.bookcases.sheet(
                    state,
                    p,
                    legal,
                    self.picks,
                    interactive=True,
                    striking=striking,
                    strike=self.strike,
                )
                controls = self.controls(state)
            else:
                sheet = self.bookcases.sheet(state, p, interactive=p not in self.computers)
                controls = ""
            places.append(self.place(p, sheet, controls))
        regions = {
            "prompt": self.prompt(state, answers),
            "dice": self.dice(state),
            "controls": self.controls(state) if state.is_terminal or state.is_chance else "",
            "board": Pieced.concat(*places),
        }
        if state.is_terminal:
            regions["scores"] = self.bookcases.scores(state)
        return regions

    # -- the prompt -------------------------------------------------------------------------

    def _striking(self, state: ShelfieState) -> bool:
        """The shelves are on offer: the dice cannot mark, or the player chose to cross out."""
        return (
            state.phase == Phase.DECIDE
            and (not state.can_mark or self.crossing)
            and not self._only_pass(state)
        )

    @staticmethod
    def _only_pass(state: ShelfieState) -> bool:
        return state.legal_actions(state.active) == [PASS]

    def prompt(self, state: ShelfieState, answers: Mapping[int, Action]) -> str:
        t = self.t
        asked = asked_player(state, answers)
        name = self.name(asked)
        hint = ""
        if state.phase == Phase.ROLL:
            text = t("{name}, roll the dice", name=name)
        elif state.phase == Phase.REROLL:
            text = t("{name}, roll the chosen dice", name=name)
        elif state.phase == Phase.OVER:
            text = t("Game over")
        elif self._only_pass(state):
            text = t("{name}, nothing on your shelves is free", name=name)
            hint = t("Pass the turn.")
        elif isinstance(state.dice, Unseen) and self.crossing:
            text = t("{name}, cross out a shelf", name=name)
            hint = t(
                "When your dice make nothing you can circle: tap the icon of a shelf with a free "
                "item."
            )
        elif isinstance(state.dice, Unseen):
            text = t(
                "{name}, circle the items your dice make (1 to 3), or cross out a shelf",
                name=name,
            )
            hint = t("The app checks your sheet, not the dice.")
        elif not state.can_mark:
            text = t("{name}, no item can be marked", name=name)
            hint = (
                t("Choose a shelf to cross out, or reroll.")
                if state.rerolls_left
                else t("Choose a shelf to cross out.")
            )
        else:
            text = t("{name}, mark one to three items", name=name)
            hint = (
                t("Tap highlighted cells, or choose dice to reroll.")
                if state.rerolls_left
                else t("Tap highlighted cells; tap a chosen one again to change it.")
            )
        round_text = t("Round {round}", round=state.round)
        last = (
            f'<strong class="last-round">{t("Last round!")}</strong>'
            if state.last_round and not state.is_terminal
            else ""
        )
        blocked = "" if state.is_terminal else self.bookcases.blocked_lines(state, asked)
        return (
            f'<p class="turn-count">{round_text} {last}</p><h2 class="prompt">{text}</h2>'
            + (f'<p class="hint">{hint}</p>' if hint else "")
            + blocked
        )

    # -- dice -------------------------------------------------------------------------------

    def dice(self, state: ShelfieState) -> str:
        if state.is_chance and self.real_dice:
            return self.entry_picker(state)
        if not isinstance(state.dice, tuple):  # not rolled yet, or unseen (sheets only)
            return ""
        t = self.t
        deciding = state.phase == Phase.DECIDE
        owners = state.dice_for(self.picks) if deciding and self.picks else None
        dice = []
        for position, face in enumerate(state.dice):
            item = t(FACES[face])
            classes = ["sdie", f"face-{FACES[face]}"]
            badge = ""
            if owners is not None and owners[position] != UNUSED:
                classes.append("used")
                badge = f'<span class="badge" aria-hidden="true">{owners[position] + 1}</span>'
                item = t("{item}, used by choice {number}", item=item, number=owners[position] + 1)
            if not deciding:
                dice.append(
                    f'<span class="{" ".join(classes)}" role="img" aria-label="{escape(item)}">'
                    f"{icon(FACES[face])}</span>"
                )
                continue
            chosen = position in self.rerolling
            if chosen:
                classes.append("to-reroll")
            label = t("{item}: to reroll", item=item) if chosen else t("{item}: kept", item=item)
            reroll_mark = '<span class="reroll-mark" aria-hidden="true">↻</span>' if chosen else ""
            dice.append(
                f'<button class="{" ".join(classes)}" data-act="die" data-die="{position}" '
                f'aria-pressed="{"true" if chosen else "false"}" aria-label="{escape(label)}">'
                f"{icon(FACES[face])}{badge}{reroll_mark}</button>"
            )
        return f'<div class="sdice" role="group" aria-label="{t("Dice")}">{"".join(dice)}</div>'

    # -- the table's own dice: those rolled now, beside those kept -----------------------------

    def dice_to_enter(self, state: AnyState) -> tuple[str, ...]:
        assert isinstance(state, ShelfieState)
        return (DIE,) * len(state.rolled_positions())

    def entered_roll(self, state: AnyState, faces: Sequence[int]) -> Action:
        assert isinstance(state, ShelfieState)
        dice = list(state.dice) if isinstance(state.dice, tuple) else [0] * DICE_COUNT
        for position, face in zip(state.rolled_positions(), faces, strict=True):
            dice[position] = face
        return Roll(tuple(dice))

    def entered_faces(self, state: AnyState, roll: Action) -> list[int]:
        assert isinstance(state, ShelfieState) and isinstance(roll, Roll)
        return [roll.faces[position] for position in state.rolled_positions()]

    def entry_face(self, die: str, face: int) -> tuple[str, str, str]:
        return f"sdie face-{FACES[face]}", icon(FACES[face]), self.t(FACES[face])

    def kept_dice(self, state: AnyState) -> str:
        """The dice kept before a reroll, beside the places of those rolled again."""
        assert isinstance(state, ShelfieState)
        if not isinstance(state.dice, tuple):
            return ""
        rolled = state.rolled_positions()
        return "".join(
            f'<span class="sdie kept face-{FACES[face]}" role="img" '
            f'aria-label="{escape(self.t("{item}: kept", item=self.t(FACES[face])))}">'
            f"{icon(FACES[face])}</span>"
            for position, face in enumerate(state.dice)
            if position not in rolled
        )

    # -- controls ---------------------------------------------------------------------------

    def combination(self, combo: Combo) -> str:
        """A combination's cell as the sheet shows it: its item and its column (no words)."""
        return f"{self.t(combo.item)} {TIMES}{combo.column + 1}"

    def way_text(self, combo: Combo) -> str:
        """A way to make a combination, in words: its dice. Never six jollies: a roll of six
        jollies makes no other combination, so it is never one way among others."""
        t = self.t
        item = t(combo.item)
        dice = _item_dice(combo)
        if combo.jolly:
            return t.n(
                "{count} {item} die + the jolly",
                "{count} {item} dice + the jolly",
                dice,
                item=item,
            )
        return t.n("{count} {item} die", "{count} {item} dice", dice, item=item)

    def ways_offered(self, state: ShelfieState) -> str:
        """The ways to use the dice for the cell tapped again, as buttons: the current one
        pressed, each with its dice drawn; and one to remove the choice."""
        index = self._asked_pick()
        if index is None:
            return ""
        t = self.t
        current = self.picks[index]
        buttons = []
        for number, way in enumerate(self.ways(state, state.active, index)):
            chosen = way == current
            dice = icon(way.item) * _item_dice(way)
            if way.jolly:
                dice += f'<span class="face-jolly">{icon("jolly")}</span>'
            now = '<span class="way-now" aria-hidden="true">✓</span>' if chosen else ""
            # data-focus: a keyboard's focus moves to the way in use as the ways open.
            buttons.append(
                f'<button class="way" data-act="way" data-way="{number}" '
                f'aria-pressed="{"true" if chosen else "false"}"{" data-focus" if chosen else ""}>'
                f'<span class="way-dice face-{way.item}">{dice}</span>'
                f"<span>{self.way_text(way)}</span>{now}</button>"
            )
        title = t(
            "Which dice for choice {number}, {combination}?",
            number=index + 1,
            combination=self.combination(current),
        )
        return (
            f'<div class="ways" role="group" aria-labelledby="ways-title">'
            f'<p class="ways-title" id="ways-title">{title}</p>'
            f'<div class="buttons">{"".join(buttons)}'
            f'<button data-act="unpick">{t("Remove this choice")}</button></div></div>'
        )

    def chosen_text(self, state: ShelfieState) -> str:
        t = self.t
        if self.picks:
            parts = []
            for number, combo in enumerate(self.picks, 1):
                what = f"{number}: {self.combination(combo)}"
                if combo.jolly:
                    what = t("{combination} with a jolly", combination=what)
                parts.append(what)
            return t("Chosen: {items}", items=", ".join(parts))
        if self.strike is not None:
            return t("Chosen: cross out the {item} shelf", item=t(SHELVES[self.strike]))
        if self._striking(state):
            return t("Tap a shelf to cross it out")
        return t("Tap a highlighted cell")

    def controls(self, state: ShelfieState) -> str:
        t = self.t
        if state.is_terminal:
            return f'<button class="primary" data-act="new-game">{t("New game")}</button>'
        if state.is_chance:
            return self.roll_control(state, t("Roll the dice"))
        if self._only_pass(state):
            return (
                f'<div class="buttons"><button class="primary" data-act="pass">'
                f"{t('Pass')}</button></div>"
            )
        undo_off = "" if self.picks or self.strike is not None or self.rerolling else " disabled"
        confirm_off = "" if self.complete(state) is not None else " disabled"
        if isinstance(state.dice, Unseen):  # sheets only: rerolls are the table's, and only
            # the table knows whether the roll failed: crossing out is the player's to choose
            counter = ""
            first = (
                f'<button class="cross-out" data-act="cross-out" '
                f'aria-pressed="{"true" if self.crossing else "false"}">'
                f"{t('Cross out a shelf')}</button>"
            )
        else:
            left = state.rerolls_left
            counter = (
                f'<span class="rerolls-left">{t("Rerolls left: {count}", count=left)}</span> · '
            )
            reroll_off = "" if self.rerolling and left else " disabled"
            reroll_label = t.n("Reroll {count} die", "Reroll {count} dice", len(self.rerolling))
            first = (
                f'<button data-act="reroll" aria-label="{reroll_label}"{reroll_off}>'
                f"{t('Reroll')}</button>"
            )
        return (
            f'<p class="chosen" aria-live="polite">{counter}{self.chosen_text(state)}</p>'
            f"{self.ways_offered(state)}"
            f'<div class="buttons">{first}'
            f'<button data-act="clear"{undo_off}>{t("Clear")}</button>'
            f'<button class="primary" data-act="confirm"{confirm_off}>{t("Confirm")}</button>'
            "</div>"
        )

    # -- the end ----------------------------------------------------------------------------

    def sheet_line(self, state: AnyState, player: int) -> str:
        """The bookcase in one line, a shelf a word: each cell circled (●), crossed out (✕) or
        free (○), from the 1-point column to the 8-point one."""
        assert isinstance(state, ShelfieState)
        sheet = state.sheets[player]
        return " ".join(
            "".join(CELL_MARKS[sheet.cell_state(shelf, column)] for column in range(COLUMNS))
            for shelf in range(len(SHELVES))
        )


UI: Final = ShelfieUI  # what the app plays the game with (dadoteca.games)
