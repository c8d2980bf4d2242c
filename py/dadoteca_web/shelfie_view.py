"""My Shelfie: The Dice Game on screen: the dice, the bookcases and the prompt, as HTML; taps as
My Shelfie actions.

Only presentation lives here: which cells the dice reach, what a mark scores, blocking and the
end all come from :mod:`dadoteca.shelfie`. The pending choice of the asked player (dice to
reroll, cells picked, a shelf to cross out) is kept here until it is confirmed; so is the
picked cell whose ways to use the dice are on offer (a second tap on it).

With sheets only (``state.dice`` is :data:`~dadoteca.core.UNSEEN`) no dice are shown: the player
circles what the table's dice made, or chooses to cross out a shelf, as only the table knows
whether the roll failed; the engine checks the sheet.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from html import escape
from typing import Final

from dadoteca.core import Action, AnyState, Unseen
from dadoteca.shelfie import (
    COLUMN_VALUES,
    COLUMNS,
    DICE_COUNT,
    FACES,
    MAX_COMBINATIONS,
    PASS,
    SHELF_BLOCKED,
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
from dadoteca.table import Answer, Command

from .game_ui import (
    ROLL_ACTS,
    ROLL_DICE,
    GameUI,
    Pieced,
    asked_player,
    remembered,
    tapped_number,
)
from .i18n import Translator

__all__ = ["ShelfieUI"]

Cell = tuple[int, int]  # (shelf, column)
DIE: Final = "die"  # the dice are alike: where an entered face goes does not matter
TIMES: Final = "\N{MULTIPLICATION SIGN}"  # column heads: times 2 = two dice


# The items' icons, drawn on a 24-unit square in the current colour: our own drawings, made for
# Dadoteca's My Shelfie dice faces (no existing art copied), released under CC0 1.0. Inline SVG:
# as images (CSS masks), each one on a screen was its own small document to lay out and paint,
# and a game's first screen painted again once they had loaded.
ICONS: Final = {
    "cat": (
        '<path fill-rule="evenodd" d="M12 21.5C6.6 21.5 3.3 18.4 3.3 13.8V2.8l5 4.4c1.2-.4 '
        '2.4-.6 3.7-.6s2.5.2 3.7.6l5-4.4v11c0 4.6-3.3 7.7-8.7 7.7ZM7.6 13a1.4 1.8 0 1 0 2.8 '
        '0a1.4 1.8 0 1 0-2.8 0ZM13.6 13a1.4 1.8 0 1 0 2.8 0a1.4 1.8 0 1 0-2.8 0ZM10.6 '
        '16.2h2.8l-1.4 1.6Z"/>'
    ),
    "book": (
        '<path d="M1.8 5.2c3.6-1.3 7.2-.9 9.4 1.2v14.4c-2.4-1.7-5.9-2-9.4-.9ZM22.2 '
        '5.2c-3.6-1.3-7.2-.9-9.4 1.2v14.4c2.4-1.7 5.9-2 9.4-.9Z"/>'
    ),
    "plant": (
        '<path d="M5.5 13.5h13v2.8h-13ZM6.8 17h10.4l-1.4 5H8.2ZM11.2 13.5C10 9.8 10.2 5.6 12 '
        '1.8c1.8 3.8 2 8 .8 11.7ZM10.4 13.5C9.4 10 6.8 7.6 2.6 7.4c.4 3.8 3.6 6 7.8 6.1ZM13.6 '
        '13.5c1-3.5 3.6-5.9 7.8-6.1-.4 3.8-3.6 6-7.8 6.1Z"/>'
    ),
    "trophy": (
        '<path d="M6 2.5h12v6.6c0 3.6-2.6 6.2-6 6.2s-6-2.6-6-6.2ZM10.7 15h2.6v3.6h-2.6ZM7 '
        '18.3h10a.9.9 0 0 1 .9.9v2.4H6.1v-2.4a.9.9 0 0 1 .9-.9Z"/><path fill="none" '
        'stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M6 5H3.4v2.2c0 2.4 1.6 '
        '4.2 4 4.4M18 5h2.6v2.2c0 2.4-1.6 4.2-4 4.4"/>'
    ),
    "game": (
        '<path d="M12 2.3c2.2 0 3.7 1.6 3.7 3.6 0 1.3-.6 2.3-1.3 3 3.3.6 7.1 1.4 7.1 3.4 0 '
        '1.6-2.5 1.8-4.9 1.7 1 2.3 2.5 4.5 3.7 6.3.6.9.2 1.3-1 '
        '1.3h-4.9c-.6-1.9-1.3-3.3-2.4-3.3s-1.8 1.4-2.4 3.3H4.7c-1.2 0-1.6-.4-1-1.3 1.2-1.8 2.7-4 '
        '3.7-6.3-2.4.1-4.9-.1-4.9-1.7 0-2 3.8-2.8 7.1-3.4-.7-.7-1.3-1.7-1.3-3 0-2 1.5-3.6 '
        '3.7-3.6Z"/>'
    ),
    "jolly": (
        '<path stroke="currentColor" stroke-width="1.8" stroke-linejoin="round" d="M12.0 '
        '3.3L14.4 9.6L21.1 9.9L15.9 14.2L17.6 20.7L12.0 17.0L6.4 20.7L8.1 14.2L2.9 9.9L9.6 '
        '9.6Z"/>'
    ),
}


def icon(face: str) -> str:
    """An item's icon, painted in the current colour (assets/shelfie.css)."""
    return (
        f'<svg class="icon icon-{face}" viewBox="0 0 24 24" aria-hidden="true">{ICONS[face]}</svg>'
    )


def _cell_of(combo: Combo) -> Cell:
    return combo.shelf, combo.column


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

    def __init__(
        self,
        t: Translator,
        names: tuple[str, ...],
        computers: frozenset[int] = frozenset(),
        *,
        real_dice: bool = False,
    ) -> None:
        super().__init__(t, names, computers, real_dice=real_dice)
        self.basis: ShelfieState | None = None
        self.picks: list[Combo] = []
        self.rerolling: set[int] = set()
        self.strike: int | None = None
        self.asking: Cell | None = None
        self.crossing = False
        self._legal: frozenset[Mark] = frozenset()
        # Each sheet's heading and bookcase as last drawn, big and small, with what they were
        # drawn from: a tap changes one sheet at most, and every sheet is drawn twice.
        self._sheets: dict[tuple[int, bool], tuple[tuple[object, ...], Pieced]] = {}
        # Each cell as drawn for a look (its state, legal, its pick, big or small, language).
        self._cells: dict[tuple[object, ...], Pieced] = {}

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
        return state.ways_to_circle(player, others, *_cell_of(self.picks[index]))

    def _asked_pick(self) -> int | None:
        """The index in ``picks`` of the cell whose ways are offered, if any."""
        cells = [_cell_of(combo) for combo in self.picks]
        return cells.index(self.asking) if self.asking in cells else None

    def reachable(self, state: ShelfieState) -> set[Cell]:
        """The cells one more combination can circle, given the picks: the legal taps."""
        if state.phase != Phase.DECIDE or len(self.picks) >= MAX_COMBINATIONS:
            return set()
        picked = {_cell_of(combo) for combo in self.picks}
        return {
            _cell_of(combo)
            for combo in state.combinations(state.active)
            if _cell_of(combo) not in picked and self._legal_with(self.picks, combo)
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
            picked = [_cell_of(combo) for combo in self.picks]
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
        regions = {
            "prompt": self.prompt(state, answers),
            "dice": self.dice(state),
            "controls": self.controls(state),
        }
        if state.is_terminal:
            regions["scores"] = self.scores(state)
            regions["board"] = Pieced.concat(
                *(self.sheet(state, p) for p in range(state.num_players))
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
                self.sheet(state, p, legal, self.picks, interactive=True, asked=True)
                if p == asked
                else self.sheet(state, p, interactive=True, shown=False)
                for p in players
            )
        )
        regions["others"] = Pieced.concat(
            *(self.sheet(state, p, shown=p != asked) for p in players if len(players) > 1)
        )
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
        blocked = "" if state.is_terminal else self.blocked_lines(state, asked)
        return (
            f'<p class="turn-count">{round_text} {last}</p><h2 class="prompt">{text}</h2>'
            + (f'<p class="hint">{hint}</p>' if hint else "")
            + blocked
        )

    def blocked_lines(self, state: ShelfieState, player: int) -> str:
        """Lines someone else completed, crossed out on ``player``'s sheet, said in words."""
        t = self.t
        said = []
        for event in state.blocked_lines(player):
            name = self.name(event.players[0])
            if event.kind == SHELF_BLOCKED:
                item = t(str(event.params["item"]))
                said.append(
                    t(
                        "{name} completed the {item} shelf: it is crossed out on your sheet",
                        name=name,
                        item=item,
                    )
                )
            else:
                dice = event.params["count"]
                assert isinstance(dice, int)
                said.append(
                    t.n(
                        "{name} completed the {count}-die column: it is crossed out on your sheet",
                        "{name} completed the {count}-dice column: it is crossed out on your sheet",
                        dice,
                        name=name,
                    )
                )
        return "".join(f'<p class="blocked">{text}</p>' for text in said)

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

    # -- sheets -----------------------------------------------------------------------------

    def column_name(self, column: int) -> str:
        return self.t.n("{count}-die column", "{count}-dice column", column + 1)

    def worth(self, line: str, points: int) -> str:
        """A shelf, a column or a cell with its points; one count per message (ngettext)."""
        return self.t.n("{line}: {count} point", "{line}: {count} points", points, line=line)

    def sheet(
        self,
        state: ShelfieState,
        player: int,
        legal: Collection[Cell] = (),
        picks: Sequence[Combo] = (),
        *,
        interactive: bool = False,
        asked: bool = False,
        shown: bool = True,
    ) -> Pieced:
        """One player's bookcase; a big one (``interactive``) is tappable, and the asked
        player's has its legal cells (or shelves) marked. One not ``shown`` is hidden, drawn
        all the same, ready for its player's turn. A piece each: the sheet's start tag (a
        shell), its heading with the total, each shelf's head, each cell, each column's points.

        Tappable even with nothing legal: a tap on any cell says which rule forbids it.
        """
        striking = asked and self._striking(state)
        look = (
            state.sheets[player],
            frozenset(legal),
            tuple(picks),
            (self.strike, tuple(state.legal_actions(player))) if striking else None,
            state.is_terminal,
            self.names[player],
            self.t.language,
        )
        kept = self._sheets.get((player, interactive))
        if kept is not None and kept[0] == look:
            drawn = kept[1]
        else:
            drawn = self._bookcase(
                state, player, legal, picks, interactive=interactive, striking=striking
            )
            self._sheets[(player, interactive)] = (look, drawn)
        size = "big" if interactive or state.is_terminal else "small"
        active = " active" if player == state.active and not state.is_terminal else ""
        hidden = "" if shown else ' aria-hidden="true"'
        return Pieced.concat(
            Pieced.piece(
                f"s{player}",
                f'<section class="sheet shelfie-sheet {size}{active}" '
                f'aria-label="{self.sheet_label(player)}" data-seat="{player}" '
                f'data-piece="s{player}" data-shell{hidden}>',
            ),
            drawn,
            "</section>",
        )

    def _bookcase(
        self,
        state: ShelfieState,
        player: int,
        legal: Collection[Cell],
        picks: Sequence[Combo],
        *,
        interactive: bool,
        striking: bool,
    ) -> Pieced:
        """A sheet's heading and bookcase, in pieces."""
        t = self.t
        sheet = state.sheets[player]
        picked = {_cell_of(combo): (number, combo) for number, combo in enumerate(picks, 1)}
        strikes = state.legal_actions(player) if striking else []
        parts: list[str] = ['<span class="corner"></span>']
        for column in range(COLUMNS):
            label = self.column_name(column)
            parts.append(
                f'<span class="column-head" role="img" aria-label="{label}">'
                f"{TIMES}{column + 1}</span>"
            )
        for shelf, item in enumerate(SHELVES):
            name = t(item)
            points = sheet.shelf_points(shelf)
            head_text = f'{icon(item)}<span class="line-points">{points}</span>'
            head_label = self.worth(t("{item} shelf", item=name), points)
            head = f"h{player}.{shelf}"
            if striking:
                legal_strike = Strike(shelf) in strikes
                chosen = self.strike == shelf
                classes = "shelf-head shelf-" + item
                classes += " selected" if chosen else " legal" if legal_strike else ""
                parts.append(
                    Pieced.piece(
                        head,
                        f'<button class="{classes}" data-act="strike" data-shelf="{shelf}" '
                        f'aria-pressed="{"true" if chosen else "false"}" '
                        f'aria-label="{escape(t("Cross out the {item} shelf", item=name))}" '
                        f'data-piece="{head}">{head_text}</button>',
                    )
                )
            else:
                parts.append(
                    Pieced.piece(
                        head,
                        f'<span class="shelf-head shelf-{item}" role="img" '
                        f'aria-label="{escape(head_label)}" data-piece="{head}">'
                        f"{head_text}</span>",
                    )
                )
            for column in range(COLUMNS):
                parts.append(
                    self._cell(
                        sheet.cell_state(shelf, column),
                        shelf,
                        column,
                        legal,
                        picked,
                        interactive=interactive,
                        piece=f"c{player}.{shelf}.{column}",
                    )
                )
        parts.append('<span class="corner"></span>')
        for column in range(COLUMNS):
            points = sheet.column_points(column)
            label = self.worth(self.column_name(column), points)
            key = f"p{player}.{column}"
            parts.append(
                Pieced.piece(
                    key,
                    f'<span class="line-points column-points" role="img" aria-label="{label}" '
                    f'data-piece="{key}">{points}</span>',
                )
            )
        total = t("Total: {score}", score=sheet.score())
        owner = f"o{player}"
        return Pieced.concat(
            Pieced.piece(
                owner,
                f'<h3 class="owner" data-piece="{owner}">{self.name(player)} '
                f'<strong class="total">{total}</strong></h3>',
            ),
            '<div class="bookcase">',
            *parts,
            "</div>",
        )

    def _cell(
        self,
        cell_state: str,
        shelf: int,
        column: int,
        legal: Collection[Cell],
        picked: Mapping[Cell, tuple[int, Combo]],
        *,
        interactive: bool,
        piece: str,
    ) -> Pieced:
        pick = picked.get((shelf, column))
        is_legal = (shelf, column) in legal
        return remembered(
            self._cells,
            (cell_state, is_legal, pick, interactive, piece, self.t.language),
            lambda: self._drawn_cell(
                shelf,
                column,
                cell_state=cell_state,
                pick=pick,
                legal=is_legal,
                interactive=interactive,
                piece=piece,
            ),
        )

    def _drawn_cell(
        self,
        shelf: int,
        column: int,
        *,
        cell_state: str,
        pick: tuple[int, Combo] | None,
        legal: bool,
        interactive: bool,
        piece: str,
    ) -> Pieced:
        t = self.t
        item = SHELVES[shelf]
        value = COLUMN_VALUES[column]
        classes = ["cell", f"shelf-{item}"]
        label = self.worth(
            t.n("{item}, {count} die", "{item}, {count} dice", column + 1, item=t(item)), value
        )
        badge = ""
        if cell_state == CellState.CIRCLED:
            classes.append("circled")
            label = t("{cell}, circled", cell=label)
        elif cell_state == CellState.CROSSED:
            classes.append("crossed")
            label = t("{cell}, crossed out", cell=label)
        if pick is not None:
            number, combo = pick
            classes.append("selected")
            jolly = "+J" if combo.jolly else ""
            badge = f'<span class="badge" aria-hidden="true">{number}{jolly}</span>'
            label = t("{cell}, choice {number}", cell=label, number=number)
            if combo.jolly:
                label = t("{combination} with a jolly", combination=label)
        elif legal:
            classes.append("legal")
        attrs = (
            f'class="{" ".join(classes)}" aria-label="{escape(label)}" '
            f'data-mark="{item}{column + 1}"'
        )
        # The item's icon heads its shelf, not each cell: 30 icons more a bookcase were 60 of its
        # 142 elements, and the frame that first showed it took 42-63 ms on a phone 4x slower
        # than a laptop (35-49 without them).
        inner = f'<span class="value">{value}</span>{badge}'
        if not interactive:
            return Pieced.piece(
                piece, f'<span {attrs} role="img" data-piece="{piece}">{inner}</span>'
            )
        pressed = "true" if pick is not None else "false"
        return Pieced.piece(
            piece,
            f'<button {attrs} data-act="cell" data-shelf="{shelf}" data-column="{column}" '
            f'aria-pressed="{pressed}" data-piece="{piece}">{inner}</button>',
        )

    # -- the end ----------------------------------------------------------------------------

    def scores(self, state: ShelfieState) -> str:
        t = self.t
        winners = self.crowned(state)
        head = "".join(
            f'<th scope="col" aria-label="{t("{item} shelf", item=t(item))}" '
            f'class="shelf-{item}">{icon(item)}</th>'
            for item in SHELVES
        ) + "".join(
            f'<th scope="col" aria-label="{self.column_name(column)}">{TIMES}{column + 1}</th>'
            for column in range(COLUMNS)
        )
        body = []
        for player, sheet in enumerate(state.sheets):
            shelves = "".join(f"<td>{sheet.shelf_points(s)}</td>" for s in range(len(SHELVES)))
            columns = "".join(f"<td>{sheet.column_points(c)}</td>" for c in range(COLUMNS))
            body.append(
                f"{self.score_row(player, winners)}{shelves}{columns}"
                f"<td><strong>{sheet.score()}</strong></td></tr>"
            )
        return (
            f'{self.ending(state)}<table class="scores shelfie-scores"><thead>'
            f'<tr><td></td><th scope="colgroup" colspan="{len(SHELVES)}">{t("Shelves")}</th>'
            f'<th scope="colgroup" colspan="{COLUMNS}">{t("Columns")}</th><td></td></tr>'
            f'<tr><th scope="col">{t("Player")}</th>{head}<th scope="col">{t("Total")}</th></tr>'
            f"</thead><tbody>{''.join(body)}</tbody></table>"
        )
