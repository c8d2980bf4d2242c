"""Qwixx on screen: the sheets, the dice and the prompt, as HTML; taps as Qwixx actions.

Only presentation lives here: what is legal, what a cross scores and when the game ends all
come from :mod:`dadoteca_games.qwixx.rules`. The sheets are drawn by :mod:`.sheets`.

The white sum is everyone's at once, as on paper: one screen shows every player's line (the
rows where the sum may go, or no cross), answered in any order and changed at will until all
have answered. Then the active player's second action: one tap on an option (or on the sheet)
plays it; Undo takes it back. With the table's dice unseen ("Sheets only"), everyone's sheet is
in view, full size, and a tap on a number is the answer: only the sheets' own rules are checked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from html import escape
from typing import ClassVar, Final

from dadoteca.commands import Answer, Command, PassTheRest, Withdraw
from dadoteca.core import Action, AnyState
from dadoteca_games.qwixx.rules import (
    BASE_VARIANT,
    BONUS_BOX_MOMENT,
    COLOUR_SUM_MOMENT,
    CROSSED,
    DOUBLE_BOX_MOMENT,
    EXTRA_BOX_MOMENT,
    FOUR_PENALTIES,
    PASS,
    PENALTY,
    QWIXX,
    ROW_LOCKED,
    ROW_NAMES,
    SHEET_ROW_NAMES,
    TWO_LOCKS,
    WHITE_SUM_MOMENT,
    Cross,
    Pass,
    Phase,
    QwixxState,
    Roll,
    Sheet,
    Variant,
)
from dadoteca_games.qwixx.sheets import ROW_SYMBOLS, ScorePads
from dadoteca_games.qwixx.variants import BIG_POINTS, DOUBLE_A, DOUBLE_B, MIXX_A, MIXX_B
from dadoteca_web.game_ui import (
    BULB_ICON,
    ROLL_ACTS,
    Effect,
    GameUI,
    Pieced,
    asked_player,
    die_pips,
    tapped_number,
)

__all__ = ["PAD_NAMES", "QwixxUI"]

# Each pad's name, by variant id (variants.py): products' names, not translated.
PAD_NAMES: Final = {
    BASE_VARIANT.id: "Qwixx",
    BIG_POINTS.id: "Qwixx Big Points",
    MIXX_A.id: "Qwixx Mixx A",
    MIXX_B.id: "Qwixx Mixx B",
    DOUBLE_A.id: "Qwixx Double A",
    DOUBLE_B.id: "Qwixx Double B",
}
WHITE: Final = "white"  # the white dice's name in the real-dice entry
NO_CROSS: Final = "none"  # the row of the answer "no cross"
DOUBLE_MARK: Final = "×2"  # noqa: RUF001 (under a choice crossing a double box: Double B)
# A first game's guide: a line for each kind of decision (dadoteca_web.guide).
GUIDE: Final = {
    WHITE_SUM_MOMENT: (
        "The sum of the two white dice is for everyone: each player may cross it in one row "
        "of their own sheet, or pass."
    ),
    COLOUR_SUM_MOMENT: (
        "Now only the active player: a white die plus a coloured die, crossed in that colour's "
        "row. Crossing nothing in both steps costs a penalty."
    ),
    BONUS_BOX_MOMENT: (
        "Big Points: a number crossed in a colour row may also be crossed in the bonus row "
        "beside it; a bonus cross counts for both colours."
    ),
    EXTRA_BOX_MOMENT: (
        "Double A: your rightmost crossed number of a row, coming again, may be crossed a "
        "second time in its small extra box; it counts as a cross."
    ),
    DOUBLE_BOX_MOMENT: (
        "Double B: a number printed twice in its box is a double box: crossing it counts as "
        "two crosses, for the row's points and for the 7 crosses its lock needs."
    ),
}


def _box(variant: Variant, row: int, number: int) -> int:
    """The colour a box is drawn and named in: its die's (Mixx A's vary along a row); a bonus
    row's (Big Points) its own two."""
    return row if row >= len(ROW_NAMES) else variant.box_colour(row, number)


def _die(value: int, colour: str, label: str) -> str:
    return (
        f'<span class="die die-{colour}" role="img" aria-label="{escape(label)}">'
        f"{die_pips(value)}</span>"
    )


class QwixxUI(GameUI):
    """Qwixx at the table: everyone's white sum on one screen, then the active player's.

    ``shown`` is a choice on show, (player, action): a computer's, for a moment before it is
    played, or the coach's hint, for the player to play or not.
    """

    game = QWIXX
    title = "Qwixx"
    variants = PAD_NAMES
    variant_label = "Score pad"
    about = "Cross numbers in four coloured rows. 1 to 5 players."
    guide = GUIDE
    effects: ClassVar[dict[str, Effect]] = {
        CROSSED: {"sound": "tick", "animation": "marked-now", "mark": "{row} {number}"},
        ROW_LOCKED: {
            "sound": "lock",
            "vibrate": 160,
            "animation": "locked-now",
            "seats": ".row-{row}",
        },
        PENALTY: {
            "sound": "penalty",
            "vibrate": [90, 60, 90],
            "animation": "penalised-now",
            "seats": ".penalties",
        },
        TWO_LOCKS: {"end": True},
        FOUR_PENALTIES: {"end": True},
    }
    die_faces = range(1, 7)
    hints_on_lines = True
    shown: tuple[int, Action] | None = None

    @cached_property
    def pads(self) -> ScorePads:
        return ScorePads(self)

    def shared(self, state: AnyState) -> bool:
        assert isinstance(state, QwixxState)
        return state.phase == Phase.ACTION1 and state.num_players > 1

    def regions(self, state: AnyState, answers: Mapping[int, Action]) -> dict[str, str]:
        assert isinstance(state, QwixxState)
        if self.seated:
            return self._table_top(state, answers)
        if state.is_terminal:
            return {
                "prompt": f'<h2 class="prompt">{self.t("Game over")}</h2>',
                "dice": self.dice(state),
                "controls": self.controls(state, answers),
                "scores": self.scores(state),
                "board": Pieced.concat(
                    *(self.pads.sheet(state, p) for p in range(state.num_players))
                ),
            }
        regions = {
            "prompt": self.prompt(state, answers),
            "dice": self.dice(state),
            "controls": self.controls(state, answers),
        }
        # Every player's sheet, in both regions, on every screen, as My Shelfie and Diceland
        # draw theirs: a change of hands, or of screen, hides some sheets and shows others, with
        # the rows that changed (see Pieced's shells), instead of drawing the board and the
        # others' sheets again. All in seat order, which never changes: each player finds their
        # sheet in the same place every turn, as their pad stays in front of them.
        # - One player's screen (the roll, the second action): the asked player's big, everyone
        #   else's small, for a look.
        # - The shared screen (a roll's white sum, everyone's at once): each sheet its owner's to
        #   tap, small beside the answer lines; big when the dice were not shown (ruling
        #   QWIXX_SHEETS_ONLY: the sheet is the only way to answer). The page lays the small
        #   ones out in the board's place (app.css, data-shared).
        shared = self.shared(state)
        asked = None if shared else asked_player(state, answers)
        all_big = shared and not state.dice_seen
        given = answers if shared else {}
        players = range(state.num_players)
        regions["board"] = Pieced.concat(
            *(
                self.pads.sheet(
                    state,
                    p,
                    # Tappable on every screen (a change would draw its rows again): the big
                    # sheets are all shown at once only with unseen dice, where no computer
                    # sits (record.computer_needs_dice).
                    interactive=True,
                    big=True,
                    answer=given.get(p),
                    shown=all_big or p == asked,
                )
                for p in players
            )
        )
        regions["others"] = Pieced.concat(
            *(
                self.pads.sheet(
                    state,
                    p,
                    interactive=shared and p not in self.computers,
                    answer=given.get(p),
                    shown=not all_big and p != asked,
                )
                for p in players
                if state.num_players > 1
            )
        )
        return regions

    def _table_top(self, state: QwixxState, answers: Mapping[int, Action]) -> dict[str, str]:
        """The device lies in the middle of the table: each person's sheet at their edge, to
        tap while it is their decision, with their own line of the white sum (their "no
        cross") or, theirs the turn, their coloured choice; the dice, the prompt and the roll
        in the middle. Nobody waits for the device: everyone answers at once."""
        shared = self.shared(state)
        given = answers if shared else {}
        deciding = state.phase == Phase.ACTION2 or shared
        places = []
        for p in range(state.num_players):
            acting = self.seated[p].acting and not state.is_chance
            controls = ""
            if shared and p in state.deciders:
                controls = self.answer_line(state, p, answers)
            elif deciding and acting and p == state.active:
                controls = self.action2_options(state)
            sheet = self.pads.sheet(
                state, p, interactive=acting, big=p not in self.computers, answer=given.get(p)
            )
            places.append(self.place(p, sheet, controls))
        if state.is_terminal:
            return {
                "prompt": f'<h2 class="prompt">{self.t("Game over")}</h2>',
                "controls": self.controls(state, answers),
                "scores": self.scores(state),
                "board": Pieced.concat(*places),
            }
        return {
            "prompt": self.prompt(state, answers),
            "dice": self.dice(state),
            "controls": self.controls(state, answers) if state.is_chance else "",
            "board": Pieced.concat(*places),
        }

    # -- taps -------------------------------------------------------------------------------

    def handle(
        self, state: AnyState, answers: Mapping[int, Action], act: str, data: Mapping[str, str]
    ) -> list[Command]:
        assert isinstance(state, QwixxState)
        if state.is_terminal:
            return []
        if state.is_chance and act in ROLL_ACTS:
            return self.handle_roll(state, act, data)
        if act == "answer":  # one player's line of the white sum
            return self._answer(state, answers, data)
        if act == "cell":  # a number on a sheet: that sheet's owner crosses it
            return self._cell(state, answers, data)
        if act == "done" and state.phase == Phase.ACTION1:  # those it names cross nothing
            return [PassTheRest()]
        if act == "pass" and state.phase == Phase.ACTION2:  # the seat named, else the active
            seat = tapped_number(data, "seat", range(state.num_players))
            return [Answer(state.active if seat is None else seat, PASS)]
        return []

    def forget(self) -> None:
        """Nothing waits for a confirmation here (one tap plays, Undo takes back) but a
        computer's choice on show. (The hints on the lines of the white sum stay while it is
        answered: each person's, for that moment.)"""
        self.shown = None

    def show_choice(self, state: AnyState, player: int, action: Action) -> None:
        self.shown = (player, action)

    @cached_property
    def _line_hints(self) -> dict[int, tuple[Action, str]]:
        """The hints shown on the lines of the white sum, by player: the choice and its words,
        for the moment ``_line_hints_for`` only."""
        return {}

    _line_hints_for: AnyState | None = None

    def show_hint_on_line(self, state: AnyState, player: int, action: Action, words: str) -> None:
        if self._line_hints_for is not state:
            self._line_hints.clear()
            self._line_hints_for = state
        self._line_hints[player] = (action, words)

    def _line_hint(self, state: QwixxState, player: int) -> tuple[Action, str] | None:
        return self._line_hints.get(player) if self._line_hints_for is state else None

    def describe(self, state: AnyState, action: Action) -> str:
        assert isinstance(state, QwixxState)
        t = self.t
        if isinstance(action, Cross):
            row = t(SHEET_ROW_NAMES[action.row])
            return t("cross {row} {number}", row=row, number=action.number)
        if state.phase == Phase.ACTION2 and state.passing_costs_a_penalty:
            return t("no cross, a penalty")
        return t("no cross")

    def review_area(self, state: AnyState, choice: Action, played: Action) -> str | None:
        """The row the expert would have crossed, else the row crossed instead of passing."""
        for action in (choice, played):
            if isinstance(action, Cross):
                return self.t(SHEET_ROW_NAMES[action.row])
        return None

    # -- the table's own dice: two white, and one per row still open -----------------------------

    def dice_to_enter(self, state: AnyState) -> tuple[str, ...]:
        assert isinstance(state, QwixxState)
        open_rows = (name for row, name in enumerate(ROW_NAMES) if not state.is_closed(row))
        return (WHITE, WHITE, *open_rows)

    def entered_roll(self, state: AnyState, faces: Sequence[int]) -> Action:
        assert isinstance(state, QwixxState)
        colours = iter(faces[2:])
        red, yellow, green, blue = (
            None if state.is_closed(row) else next(colours, None) for row in range(4)
        )
        return Roll((faces[0], faces[1]), (red, yellow, green, blue))

    def entered_faces(self, state: AnyState, roll: Action) -> list[int]:
        assert isinstance(roll, Roll)
        return [*roll.white, *(value for value in roll.colours if value is not None)]

    def entry_face(self, die: str, face: int) -> tuple[str, str, str]:
        t = self.t
        label = t("white {value}", value=face) if die == WHITE else f"{t(die)} {face}"
        return f"die die-{die}", die_pips(face), label

    def die_label(self, die: str, number: int) -> str:
        if die == WHITE:
            return self.t("White die {number}", number=number)
        return self.t("{colour} die", colour=self.t(die))

    def _answer(
        self, state: QwixxState, answers: Mapping[int, Action], data: Mapping[str, str]
    ) -> list[Command]:
        """A tap on a player's line: their answer, or (their answer tapped again) taken back."""
        player = tapped_number(data, "player", range(state.num_players))
        if player is None or state.phase != Phase.ACTION1:
            return []
        if data.get("row") == NO_CROSS:
            answer: Cross | Pass = PASS
        else:
            row = tapped_number(data, "row", range(len(state.variant.rows)))
            if row is None or not state.dice_seen:  # unseen dice: the sheet's number is tapped
                return []
            answer = Cross(row, state.white_sum)
        if answers.get(player) == answer:
            return [Withdraw(player)]
        return self._checked(state, player, answer)

    def _cell(
        self, state: QwixxState, answers: Mapping[int, Action], data: Mapping[str, str]
    ) -> list[Command]:
        row = tapped_number(data, "row", range(len(state.variant.rows)))
        number = tapped_number(data, "number", range(2, 13))
        seat = tapped_number(data, "seat", range(state.num_players))
        if row is None or number is None:
            return []
        player = asked_player(state, answers) if seat is None else seat
        if answers.get(player) == Cross(row, number):  # one's answer tapped again: taken back
            return [Withdraw(player)]
        return self._checked(state, player, Cross(row, number))

    @staticmethod
    def _checked(state: QwixxState, player: int, action: Cross | Pass) -> list[Command]:
        error = state.check(player, action)
        if error is not None:
            raise error
        return [Answer(player, action)]

    # -- the prompt -------------------------------------------------------------------------

    def prompt(self, state: QwixxState, answers: Mapping[int, Action]) -> str:
        t = self.t
        hint = ""
        if state.phase == Phase.ROLL:
            text = t("{name}, roll the dice", name=self.name(state.active))
        elif not state.dice_seen:
            text, hint = self._unseen_prompt(state)
        elif self.shared(state):
            text = t("White sum {sum}: everyone crosses it, or not", sum=state.white_sum)
            hint = t("Answer in any order; change your answer until everyone has answered.")
        elif state.phase == Phase.ACTION1:  # solo: the one player
            text = t("{name}, do you use {sum}?", name=self.name(state.active), sum=state.white_sum)
        else:
            text = t("{name}, one white die plus one colour die?", name=self.name(state.active))
            if state.passing_costs_a_penalty:
                hint = t("Crossing nothing now costs a penalty.")
        turn = t("Turn {turn} · {name} rolls", turn=state.turn, name=self.name(state.active))
        return f'<p class="turn-count">{turn}</p><h2 class="prompt">{text}</h2>' + (
            f'<p class="hint">{hint}</p>' if hint else ""
        )

    def _unseen_prompt(self, state: QwixxState) -> tuple[str, str]:
        """What to do when the table's dice are not in the app: the same two actions, said
        without numbers, and what the app checks."""
        t = self.t
        name = self.name(state.active)
        if self.shared(state):
            text = t("White sum: everyone crosses it on their sheet, or not")
            hint = t(
                "Tap the number on your own sheet, in any order. The app checks the sheets only."
            )
        elif state.phase == Phase.ACTION1:
            text = t("{name}, do you cross the white sum?", name=name)
            hint = t("Tap the number on your sheet. The app checks the sheet only.")
        else:
            text = t("{name}, one white die plus one colour die?", name=name)
            hint = t("Tap the number on your sheet.")
            if state.passing_costs_a_penalty:
                hint += " " + t("Crossing nothing now costs a penalty.")
        return text, hint

    def dice(self, state: QwixxState) -> str:
        if state.is_chance and self.real_dice:
            return self.entry_picker(state)
        if not isinstance(state.dice, Roll):  # none yet, or the table's, unseen
            return ""
        t = self.t
        white = "".join(_die(v, "white", t("white {value}", value=v)) for v in state.dice.white)
        colours = "".join(
            _die(value, ROW_NAMES[row], f"{t(ROW_NAMES[row])} {value}")
            for row, value in enumerate(state.dice.colours)
            if value is not None
        )
        return f'<div class="dice">{white}{colours}</div>'

    # -- what may be tapped -----------------------------------------------------------------

    def controls(self, state: QwixxState, answers: Mapping[int, Action]) -> str:
        t = self.t
        if state.is_terminal:
            return f'<button class="primary" data-act="new-game">{t("New game")}</button>'
        if state.is_chance:
            return self.roll_control(state, t("Roll the dice"))
        if state.phase == Phase.ACTION1:
            # In seat order, as the sheets below: each player's line in the same place.
            lines = "".join(self.answer_line(state, p, answers) for p in range(state.num_players))
            done = ""
            if self.passing_for:  # those it names: never the roller, never a computer
                names = t.names([self.name(p) for p in self.passing_for])
                label = t.n(
                    "Done: {names} crosses nothing",
                    "Done: {names} cross nothing",
                    len(self.passing_for),
                    names=names,
                )
                done = f'<button class="done" data-act="done">{label}</button>'

            label = t("Who crosses the white sum")
            return f'<div class="answers" role="group" aria-label="{label}">{lines}</div>{done}'
        return self.action2_options(state)

    def answer_line(self, state: QwixxState, player: int, answers: Mapping[int, Action]) -> str:
        """One player's answer to the white sum: a button per row, and no cross."""
        t = self.t
        name, said = self.name(player), self.plain_name(player)
        # Decided before a move was taken back, or a computer's (it answers for itself).
        decided = player not in state.deciders or player in self.computers
        answer = answers.get(player, state.pending[player])
        buttons = (
            self._sum_buttons(state, player, answer, decided)
            if state.dice_seen
            else [self._crossed_on_sheet(state.variant, answer)]
        )
        passed = isinstance(answer, Pass)
        none_label = t("{name}: no cross", name=said)
        buttons.append(
            f'<button class="pick none{self._suggested(state, player, PASS)}'
            f'{" chosen" if passed else ""}" data-act="answer" '
            f'data-player="{player}" data-row="{NO_CROSS}" aria-pressed="{str(passed).lower()}" '
            f'aria-label="{escape(none_label)}"{" disabled" if decided else ""}>'
            f'<span aria-hidden="true">—</span></button>'
        )
        status = ""
        if answer is None and player in self.computers:
            status = f'<small class="status">{t("thinking…")}</small>'
        rolls = f" <small>{t('rolls')}</small>" if player == state.active else ""
        answered = " answered" if answer is not None else ""
        # The name leads to the person's sheet, below (the page scrolls to it): with five at
        # the table, one's own is a tap away.
        see = escape(t("See the sheet of {name}", name=said))
        who = (
            f'<button class="who-name" data-see-seat="{player}" aria-label="{see}" '
            f'title="{escape(said)}">{name}{rolls}</button>{status}'
        )
        hint = words = ""
        if self.coach and not decided:
            label = escape(t("Hint for {name}", name=said))
            hint = (
                f'<button class="line-hint-tool" data-act="hint" data-player="{player}" '
                f'aria-label="{label}">{BULB_ICON}</button>'
            )
        hinted = self._line_hint(state, player)
        if hinted is not None:
            words = f'<p class="line-hint" role="status">{escape(hinted[1])}</p>'
        return (
            f'<div class="answer-line{answered}" data-seat="{player}">'
            f'<span class="who">{who}</span>'
            f'<div class="picks">{"".join(buttons)}{hint}</div>{words}</div>'
        )

    def _skips(self, count: int, double: bool = False) -> str:
        """The numbers of its row a cross would leave behind, for good: said in words, so
        that it is never read as points (the rules summary explains it); first, for a
        ``double`` box (Qwixx Double B), its two crosses (words made a phone's row of answers
        wider than the screen: the label says them)."""
        said = [DOUBLE_MARK] if double else []
        if count:
            said.append(self.t.n("skips {count}", "skips {count}", count))
        return f'<small class="skips" aria-hidden="true">{" · ".join(said)}</small>'

    def _double_box(self, variant: Variant, cross: Cross, label: str) -> str:
        """The label of a choice crossing a double box (Qwixx Double B) says it is two
        crosses (ruling QWIXX_DOUBLE_B_DOUBLE_BOX); another's is ``label``."""
        if cross.number in variant.printed_row(cross.row).doubles:
            return self.t("{choice}, a double box: two crosses", choice=label)
        return label

    def _extra_box(self, sheet: Sheet, cross: Cross, label: str) -> tuple[str, str] | None:
        """A cross of a number crossed already is its extra box's (Qwixx Double A): the note
        under the choice and its label say so; None for any other cross."""
        if cross.number not in sheet.crossed_numbers(cross.row):
            return None
        said = self.t("extra box")
        return (
            f'<small class="skips" aria-hidden="true">{said}</small>',
            self.t("{choice}, its extra box", choice=label),
        )

    def _choice_words(
        self,
        sheet: Sheet,
        variant: Variant,
        cross: Cross,
        label: str,
        leaving: Callable[[str, int], str],
    ) -> tuple[str, str]:
        """The note under a legal choice and its label: its extra box (Qwixx Double A), else
        what it skips (``leaving`` says it in the label) and its double box (Double B)."""
        extra = self._extra_box(sheet, cross, label)
        if extra:
            return extra
        skipped = len(sheet.skipping(cross.row, cross.number))
        doubled = self._double_box(variant, cross, label)
        if not skipped and doubled == label:
            return "", label
        note = self._skips(skipped, doubled != label)
        return note, leaving(doubled, skipped) if skipped else doubled

    def _suggested(self, state: QwixxState, player: int, action: Action) -> str:
        """The class of a control that plays the choice on show (a hint, say)."""
        hinted = self._line_hint(state, player)
        on_show = self.shown == (player, action) or (hinted is not None and hinted[0] == action)
        return " suggested" if on_show else ""

    def _crossed_on_sheet(self, variant: Variant, answer: Action | None) -> str:
        """Unseen dice: the answer is tapped on the sheet; the line shows it, or asks for it."""
        if isinstance(answer, Cross):
            box = _box(variant, answer.row, answer.number)
            return (
                f'<span class="pick chosen row-{SHEET_ROW_NAMES[box]}">'
                f"{ROW_SYMBOLS[box]} {answer.number}</span>"
            )
        return f'<span class="pick-hint">{self.t("tap your sheet")}</span>'

    def _sum_buttons(
        self, state: QwixxState, player: int, answer: Action | None, decided: bool
    ) -> list[str]:
        """A button per colour row for the white sum, where the sheet allows it or not; per
        bonus row (Big Points) where it allows it."""
        t = self.t
        said = self.plain_name(player)
        legal = set(state.legal_actions(player))
        buttons = []
        for row, bonus in ((r.row, r.is_bonus) for r in state.variant.rows):
            cross = Cross(row, state.white_sum)
            chosen = answer == cross
            if bonus and cross not in legal and not chosen:
                continue  # a bonus box rarely takes the sum: offered only when it may
            box = _box(state.variant, row, state.white_sum)
            row_name = SHEET_ROW_NAMES[box]
            label = f"{said}: {t(row_name)} {state.white_sum}"
            note = ""
            if cross in legal:
                note, label = self._choice_words(
                    state.sheets[player],
                    state.variant,
                    cross,
                    label,
                    lambda choice, skipped: t.n(
                        "{choice}, leaving {count} number behind",
                        "{choice}, leaving {count} numbers behind",
                        skipped,
                        choice=choice,
                    ),
                )
                classes = "pick"
            else:
                classes = "pick unavailable"
                label = t("{choice}: not allowed", choice=label)
            buttons.append(
                f'<button class="{classes}{self._suggested(state, player, cross)}'
                f'{" chosen" if chosen else ""} row-{row_name}" '
                f'data-act="answer" data-player="{player}" data-row="{row}" '
                f'aria-pressed="{str(chosen).lower()}" aria-label="{escape(label)}"'
                f"{' disabled' if decided else ''}>"
                f'<span aria-hidden="true">{ROW_SYMBOLS[box]} {state.white_sum}</span>{note}'
                "</button>"
            )
        return buttons

    def action2_options(self, state: QwixxState) -> str:
        """The active player's second action: each cross the dice allow, or none."""
        t = self.t
        player = state.active
        sheet = state.sheets[player]
        options = []
        # Unseen dice: every number the sheet allows is legal; the sheet itself is the picker.
        for action in state.legal_actions(player) if state.dice_seen else ():
            if not isinstance(action, Cross):
                continue
            box = _box(state.variant, action.row, action.number)
            name = SHEET_ROW_NAMES[box]
            note, label = self._choice_words(
                sheet,
                state.variant,
                action,
                f"{t(name)} {action.number}",
                lambda choice, skipped: t(
                    "{choice}, leaving {count} behind", choice=choice, count=skipped
                ),
            )
            options.append(
                f'<button class="pick{self._suggested(state, player, action)} row-{name}" '
                f'data-act="cell" data-seat="{player}" '
                f'data-row="{action.row}" data-number="{action.number}" '
                f'aria-label="{escape(label)}"><span aria-hidden="true">'
                f"{ROW_SYMBOLS[box]} {action.number}</span>{note}</button>"
            )
        none = t("No cross: a penalty") if state.passing_costs_a_penalty else t("No cross")
        options.append(
            f'<button class="pick none{self._suggested(state, player, PASS)}" data-act="pass" '
            f'data-seat="{player}">'
            f"{none}</button>"
        )
        label = escape(t("{name}'s second action", name=self.plain_name(player)))
        return f'<div class="options" role="group" aria-label="{label}">{"".join(options)}</div>'

    # -- the end ----------------------------------------------------------------------------

    def sheet_line(self, state: AnyState, player: int) -> str:
        """The sheet in one line: each row's crosses after its symbol, then the penalties."""
        assert isinstance(state, QwixxState)
        sheet = state.sheets[player]
        rows = " ".join(f"{ROW_SYMBOLS[row]}{sheet.crosses(row)}" for row in range(len(ROW_NAMES)))
        return f"{rows} ✕{sheet.penalties}"

    def scores(self, state: QwixxState) -> str:
        t = self.t
        winners = self.crowned(state)
        head = "".join(
            f'<th scope="col" aria-label="{t(name)}" class="row-{name}">'
            f'<span aria-hidden="true">{symbol}</span></th>'
            for name, symbol in zip(ROW_NAMES, ROW_SYMBOLS, strict=False)
        )
        body = []
        for player, sheet in enumerate(state.sheets):
            points = "".join(f"<td>{sheet.row_score(row)}</td>" for row in range(4))
            body.append(
                f"{self.score_row(player, winners)}{points}"
                f"<td>{-sheet.penalty_points()}</td><td><strong>{sheet.score()}</strong></td></tr>"
            )
        return (
            f'{self.ending(state)}<table class="scores"><thead><tr>'
            f'<th scope="col">{t("Player")}</th>{head}<th scope="col">{t("Penalties")}</th>'
            f"<th>{t('Total')}</th></tr></thead><tbody>{''.join(body)}</tbody></table>"
        )


UI: Final = QwixxUI  # what the app plays the game with (dadoteca.games)
