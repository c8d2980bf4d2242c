"""Two dice on screen: the dice, a button per die to take it, each player's total.

English only: the translation catalogs are extracted from py/, and a msgid they lack is shown
as its English text (dadoteca_web.i18n.Translator).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import ClassVar, Final

from dadoteca.commands import Answer, Command
from dadoteca.core import Action, AnyState
from dadoteca_games.two_dice.rules import (
    FACES,
    GAME,
    ROUNDS_PLAYED,
    TAKE_MOMENT,
    TOOK,
    Roll,
    Take,
    TwoDiceState,
)
from dadoteca_web.game_ui import (
    ROLL_ACTS,
    Effect,
    GameUI,
    asked_player,
    die_pips,
    tapped_number,
)

__all__ = ["UI", "TwoDiceUI"]

DIE: Final = "die"  # the two dice are alike: one name for the real-dice entry


class TwoDiceUI(GameUI):
    """Two dice at the table: one player's turn at a time. ``shown``: a computer's choice on
    show, (player, action), for a moment before it is played."""

    game = GAME
    title = "Two dice"
    about = "Roll two dice, keep one: three rounds. 1 to 4 players."
    effects: ClassVar[dict[str, Effect]] = {
        TOOK: {"sound": "tick", "animation": "marked-now", "mark": "total"},
        ROUNDS_PLAYED: {"end": True},
    }
    die_faces = FACES
    guide: ClassVar[dict[str, str]] = {TAKE_MOMENT: "Take one die: its pips join your total."}
    shown: tuple[int, Action] | None = None

    def regions(self, state: AnyState, answers: Mapping[int, Action]) -> dict[str, str]:
        assert isinstance(state, TwoDiceState)
        t = self.t
        board = "".join(self._sheet(state, player) for player in range(state.num_players))
        if state.is_terminal:
            return {
                "prompt": f'<h2 class="prompt">{t("Game over")}</h2>',
                "controls": f'<button class="primary" data-act="new-game">{t("New game")}</button>',
                "board": board,
                "scores": self._scores(state),
            }
        player = asked_player(state, answers)
        turn = t("Turn {turn} · {name} rolls", turn=state.turn, name=self.name(state.active))
        if state.is_chance:
            text = t("{name}, roll the dice", name=self.name(player))
            controls = self.roll_control(state, t("Roll the dice"))
        else:
            text = t("{name}, take one die", name=self.name(player))
            controls = self._take_buttons(state)
        return {
            "prompt": f'<p class="turn-count">{turn}</p><h2 class="prompt">{text}</h2>',
            "dice": self._dice(state),
            "controls": controls,
            "board": board,
        }

    def handle(
        self, state: AnyState, answers: Mapping[int, Action], act: str, data: Mapping[str, str]
    ) -> list[Command]:
        assert isinstance(state, TwoDiceState)
        if state.is_terminal:
            return []
        if state.is_chance and act in ROLL_ACTS:
            return self.handle_roll(state, act, data)
        pips = tapped_number(data, "pips", FACES)
        if act != "take" or pips is None:
            return []
        error = state.check(state.active, Take(pips))
        if error is not None:
            raise error
        return [Answer(state.active, Take(pips))]

    def forget(self) -> None:
        self.shown = None

    def show_choice(self, state: AnyState, player: int, action: Action) -> None:
        self.shown = (player, action)

    def describe(self, state: AnyState, action: Action) -> str:
        assert isinstance(action, Take)
        return self.t("take {pips}", pips=action.pips)

    # -- the table's own dice: two alike ----------------------------------------------------

    def dice_to_enter(self, state: AnyState) -> tuple[str, ...]:
        return (DIE, DIE)

    def entered_roll(self, state: AnyState, faces: Sequence[int]) -> Action:
        return Roll((faces[0], faces[1]))

    def entered_faces(self, state: AnyState, roll: Action) -> list[int]:
        assert isinstance(roll, Roll)
        return list(roll.dice)

    def entry_face(self, die: str, face: int) -> tuple[str, str, str]:
        return "die die-white", die_pips(face), str(face)

    # -- parts ------------------------------------------------------------------------------

    def _dice(self, state: TwoDiceState) -> str:
        if state.is_chance and self.real_dice:
            return self.entry_picker(state)
        if not isinstance(state.dice, Roll):  # none yet, or the table's, unseen
            return ""
        dice = "".join(
            f'<span class="die die-white" role="img" aria-label="{face}">{die_pips(face)}</span>'
            for face in state.dice.dice
        )
        return f'<div class="dice">{dice}</div>'

    def _take_buttons(self, state: TwoDiceState) -> str:
        """A button per die (per face, where the table's dice are unseen); the one a computer
        is about to take stands out."""
        faces = state.dice.dice if isinstance(state.dice, Roll) else FACES
        buttons = []
        for pips in faces:
            shown = self.shown == (state.active, Take(pips))
            label = escape(self.t("Take {pips}", pips=pips))
            buttons.append(
                f'<button class="pick{" suggested" if shown else ""}" data-act="take" '
                f'data-pips="{pips}" aria-label="{label}">{pips}</button>'
            )
        return f'<div class="options">{"".join(buttons)}</div>'

    def sheet_line(self, state: AnyState, player: int) -> str:
        """The sheet in one line: its total."""
        assert isinstance(state, TwoDiceState)
        return f"Σ{state.totals[player]}"

    def _sheet(self, state: TwoDiceState, player: int) -> str:
        active = " active" if player == state.active and not state.is_terminal else ""
        total = self.t("Total: {score}", score=state.totals[player])
        return (
            f'<section class="sheet big{active}" aria-label="{self.sheet_label(player)}" '
            f'data-seat="{player}"><h3 class="owner">{self.name(player)}</h3>'
            f'<strong class="total" data-mark="total">{total}</strong></section>'
        )

    def _scores(self, state: TwoDiceState) -> str:
        t = self.t
        winners = self.crowned(state)
        rows = "".join(
            f"{self.score_row(player, winners)}<td><strong>{total}</strong></td></tr>"
            for player, total in enumerate(state.totals)
        )
        return (
            f'{self.ending(state)}<table class="scores"><thead><tr>'
            f'<th scope="col">{t("Player")}</th><th scope="col">{t("Total")}</th></tr></thead>'
            f"<tbody>{rows}</tbody></table>"
        )


UI: Final = TwoDiceUI  # what the app plays the game with (dadoteca.games)
