"""My Shelfie with sheets only: the table rolls its own dice and never enters them; each player
marks their sheet by taps, and the engine checks the sheet (CPython, through the App)."""

from __future__ import annotations

import json
import re
from typing import Final

from app_support import new_app
from test_shelfie_app import state_of, ui_of

from dadoteca.commands import Answer
from dadoteca.core import UNSEEN, Action, RuleError, draw, seed_generator
from dadoteca.match import Match
from dadoteca_games.shelfie.rules import (
    ALL_CELLS,
    COLUMNS,
    PASS,
    SHELVES,
    CellState,
    Combo,
    Mark,
    Phase,
    Reroll,
    Sheet,
    ShelfieAction,
    ShelfieState,
    Strike,
    cell_bit,
)
from dadoteca_games.shelfie.view import ShelfieUI
from dadoteca_web.app import App
from dadoteca_web.i18n import Translator
from dadoteca_web.storage import MemoryStore

NAMES: Final = ("Ann", "Bo", "Cy")
CIRCLE_OR_CROSS: Final = "circle the items your dice make (1 to 3), or cross out a shelf"


def sheets_only(store: MemoryStore | None = None) -> App:
    app = new_app(store)
    app.start(list(NAMES), 5, game="shelfie", dice="sheets")
    assert app.screen == "play"
    return app


def shown(app: App) -> dict[str, str]:
    """The regions, checked to show no dice and no reroll: the app never saw the dice."""
    regions = app.regions()
    assert regions["dice"] == ""
    everything = "".join(regions.values())
    for dice_thing in ('data-act="die"', 'data-act="reroll"', "Rerolls left", "sdie"):
        assert dice_thing not in everything
    state = state_of(app)
    if not state.is_terminal:
        assert state.phase == Phase.DECIDE and state.dice is UNSEEN  # straight to the decision
        assert f"<bdi>{NAMES[state.active]}</bdi>, " in regions["prompt"]
    return regions


def legal_cells(board: str) -> list[tuple[int, int]]:
    return sorted(
        (int(shelf), int(column))
        for shelf, column in re.findall(
            r'class="cell [^"]*\blegal\b[^"]*"[^>]*data-shelf="(\d)" data-column="(\d)"', board
        )
    )


def legal_shelves(board: str) -> list[int]:
    return [
        int(shelf)
        for shelf in re.findall(r'class="shelf-head [^"]*\blegal"[^>]*data-shelf="(\d)"', board)
    ]


def button(controls: str, act: str) -> str:
    found = re.search(rf'<button[^>]*data-act="{act}"[^>]*>', controls)
    assert found is not None, act
    return found.group(0)


def disabled(controls: str, act: str) -> bool:
    return " disabled" in button(controls, act)


def tap(app: App, act: str, **data: int) -> dict[str, str]:
    """A tap the screen offers, then the regions it shows (checked: no dice)."""
    app.handle(act, {key: str(value) for key, value in data.items()})
    assert app.notice == "", app.notice
    return shown(app)


def refused(app: App, act: str, data: dict[str, int], error: RuleError) -> None:
    """A tap the rules forbid: said as the engine's ``error`` in words, and nothing changes."""
    assert app.match is not None
    before, record = app.regions(), app.match.record()
    picks, strike = list(ui_of(app).picks), ui_of(app).strike
    app.handle(act, {key: str(value) for key, value in data.items()})
    assert app.notice == app.t.rule(error) != ""
    after = app.regions()
    assert app.t.rule(error) in after["notice"]
    assert {k: v for k, v in after.items() if k != "notice"} == {
        k: v for k, v in before.items() if k != "notice"
    }
    assert app.match.record() == record
    assert (ui_of(app).picks, ui_of(app).strike) == (picks, strike)


def played(app: App) -> tuple[int | None, Action]:
    """The last decision played; the roll after it, if any, is the table's, unseen."""
    assert app.match is not None
    actions = app.match.actions
    if state_of(app).is_terminal:
        return actions[-1]
    assert actions[-1] == (None, UNSEEN)
    return actions[-2]


# -- a whole game ----------------------------------------------------------------------------


def take_turn(app: App, chooser: int) -> tuple[int, ShelfieAction]:
    """One turn by taps, as a player at the table: now and then a shelf crossed out (a failed
    roll), otherwise one to three highlighted items circled; returns what the taps chose."""
    state = state_of(app)
    regions = shown(app)
    if 'data-act="pass"' in regions["controls"]:
        assert "nothing on your shelves is free" in regions["prompt"]
        assert 'data-act="cross-out"' not in regions["controls"]
        tap(app, "pass")
        assert played(app) == (state.active, PASS)
        return chooser, PASS
    assert CIRCLE_OR_CROSS in regions["prompt"]
    assert "The app checks your sheet, not the dice." in regions["prompt"]
    chooser, value = draw(chooser)
    choice: ShelfieAction
    if value % 4 == 0:
        regions = tap(app, "cross-out")
        assert "cross out a shelf" in regions["prompt"] and legal_cells(regions["board"]) == []
        shelves = legal_shelves(regions["board"])
        assert shelves == [
            s.shelf for s in state.legal_actions(state.active) if isinstance(s, Strike)
        ]
        shelf = shelves[value % len(shelves)]
        regions = tap(app, "strike", shelf=shelf)
        assert f"Chosen: cross out the {SHELVES[shelf]} shelf" in regions["controls"]
        choice = Strike(shelf)
    else:
        combos: list[Combo] = []
        for _ in range(1 + value % 3):
            cells = legal_cells(regions["board"])
            if not cells:
                break
            chooser, pick = draw(chooser)
            shelf, column = cells[pick % len(cells)]
            regions = tap(app, "cell", shelf=shelf, column=column)
            combos.append(Combo(shelf, column))
            assert ui_of(app).picks == combos
        choice = Mark(tuple(combos))
    assert not disabled(regions["controls"], "confirm")
    tap(app, "confirm")
    assert played(app) == (state.active, choice)
    return chooser, choice


def test_a_whole_game_of_three_by_taps_circles_crosses_out_and_replays() -> None:
    store = MemoryStore()
    app = sheets_only(store)
    chooser = seed_generator(3)
    choices: list[ShelfieAction] = []
    for _ in range(200):
        if state_of(app).is_terminal:
            break
        chooser, choice = take_turn(app, chooser)
        choices.append(choice)
        resumed = new_app(store)  # saved after every move, the roll after it included
        assert resumed.match is not None and app.match is not None
        assert resumed.match.record() == app.match.record()
        assert resumed.regions() == app.regions()
    assert app.screen == "over"
    assert any(isinstance(c, Strike) for c in choices)
    assert any(isinstance(c, Mark) and len(c.combos) > 1 for c in choices)
    regions = shown(app)
    assert "<table" in regions["scores"] and 'data-act="cell"' not in regions["board"]
    assert app.match is not None
    rolls = [action for player, action in app.match.actions if player is None]
    assert rolls and all(roll == UNSEEN for roll in rolls)
    record = app.match.record()
    assert record["dice"] == "sheets"
    replayed = Match.from_record(json.loads(json.dumps(record)))
    assert replayed.dice == "sheets" and replayed.state == app.state


# -- circling, crossing out ------------------------------------------------------------------


def test_every_free_item_is_offered_then_only_what_the_six_dice_leave() -> None:
    app = sheets_only()
    regions = shown(app)
    all_cells = [(s, c) for s in range(len(SHELVES)) for c in range(COLUMNS)]
    assert legal_cells(regions["board"]) == all_cells
    controls = regions["controls"]
    assert disabled(controls, "confirm") and disabled(controls, "clear")
    assert 'aria-pressed="false"' in button(controls, "cross-out")
    assert 'data-act="strike"' not in regions["board"]  # the shelves wait for the toggle
    regions = tap(app, "cell", shelf=0, column=2)  # three dice
    assert legal_cells(regions["board"]) == [
        (s, c) for s, c in all_cells if c < 3 and (s, c) != (0, 2)
    ]
    regions = tap(app, "cell", shelf=1, column=1)  # and two
    assert legal_cells(regions["board"]) == [(s, 0) for s in range(len(SHELVES))]
    assert "Chosen: 1: cat ×3, 2: book ×2" in regions["controls"]  # noqa: RUF001
    regions = tap(app, "cell", shelf=1, column=1)  # tapped again: taken back at once
    assert ui_of(app).picks == [Combo(0, 2)] and 'class="ways"' not in regions["controls"]
    tap(app, "cell", shelf=4, column=1)
    regions = tap(app, "cell", shelf=2, column=0)  # six dice in all
    assert legal_cells(regions["board"]) == []
    tap(app, "confirm")
    assert played(app) == (0, Mark((Combo(0, 2), Combo(4, 1), Combo(2, 0))))
    sheet = state_of(app).sheets[0]
    assert sheet.cell_state(4, 1) == CellState.CIRCLED
    assert f"<bdi>{NAMES[1]}</bdi>, {CIRCLE_OR_CROSS}" in shown(app)["prompt"]


def test_four_items_or_seven_dice_are_refused_by_their_rules() -> None:
    app = sheets_only()
    state = state_of(app)
    tap(app, "cell", shelf=0, column=4)  # five dice
    error = state.circle_error(0, [Combo(0, 4)], 1, 1)
    assert error is not None and error.rule == "shelfie.six_dice"
    refused(app, "cell", {"shelf": 1, "column": 1}, error)
    assert "Those items take 7 dice together: there are only 6" in app.regions()["notice"]
    tap(app, "clear")
    three = [Combo(0, 0), Combo(1, 0), Combo(2, 0)]
    for combo in three:
        tap(app, "cell", shelf=combo.shelf, column=combo.column)
    error = state.circle_error(0, three, 3, 0)
    assert error is not None and error.rule == "shelfie.three_at_most"
    refused(app, "cell", {"shelf": 3, "column": 0}, error)
    tap(app, "confirm")
    assert played(app) == (0, Mark(tuple(three)))


def test_taps_the_rules_forbid_are_refused_in_words_and_change_nothing() -> None:
    app = sheets_only()
    tap(app, "cell", shelf=0, column=0)
    tap(app, "confirm")
    state = state_of(app)  # Bo's turn: no pass with free items, no reroll the app could see
    cases: list[tuple[str, dict[str, int], ShelfieAction, str]] = [
        ("pass", {}, PASS, "shelfie.pass_when_full"),
        ("die", {"die": 0}, Reroll((0,)), "shelfie.reroll_at_table"),
    ]
    for act, data, action, rule in cases:
        error = state.check(1, action)
        assert error is not None and error.rule == rule
        refused(app, act, data, error)
    tap(app, "reroll")  # offered nowhere: nothing happens
    tap(app, "cross-out")
    tap(app, "strike", shelf=3)
    tap(app, "confirm")
    assert played(app) == (1, Strike(3))
    tap(app, "cell", shelf=0, column=0)
    tap(app, "confirm")  # Cy
    tap(app, "cell", shelf=0, column=1)  # Ann again: her 1-die cat is circled already
    state = state_of(app)
    error = state.circle_error(0, [Combo(0, 1)], 0, 0)
    assert error is not None and error.rule == "shelfie.cell_taken"
    refused(app, "cell", {"shelf": 0, "column": 0}, error)
    tap(app, "confirm")
    state = state_of(app)  # Bo: his trophy shelf is crossed out
    regions = tap(app, "cross-out")
    assert 3 not in legal_shelves(regions["board"])
    error = state.check(1, Strike(3))
    assert error is not None and error.rule == "shelfie.strike_needs_free"
    refused(app, "strike", {"shelf": 3}, error)


def test_cross_out_a_shelf_is_a_toggle_beside_circling() -> None:
    app = sheets_only()
    tap(app, "cell", shelf=2, column=3)
    regions = tap(app, "cross-out")  # the picks go: the choice is now a shelf
    assert ui_of(app).picks == [] and 'aria-pressed="true"' in button(
        regions["controls"], "cross-out"
    )
    assert "<bdi>Ann</bdi>, cross out a shelf" in regions["prompt"]
    assert "Tap a shelf to cross it out" in regions["controls"]
    assert legal_shelves(regions["board"]) == list(range(len(SHELVES)))
    assert legal_cells(regions["board"]) == [] and disabled(regions["controls"], "confirm")
    regions = tap(app, "strike", shelf=1)
    assert 'class="shelf-head shelf-book selected"' in regions["board"]
    assert not disabled(regions["controls"], "confirm")
    regions = tap(app, "cross-out")  # off again: back to circling, nothing chosen
    assert ui_of(app).strike is None and 'data-act="strike"' not in regions["board"]
    assert CIRCLE_OR_CROSS in regions["prompt"] and disabled(regions["controls"], "confirm")
    tap(app, "cross-out")
    tap(app, "strike", shelf=1)
    regions = tap(app, "cell", shelf=2, column=3)  # a cell tapped: circling it is, after all
    assert ui_of(app).picks == [Combo(2, 3)] and ui_of(app).strike is None
    assert 'aria-pressed="false"' in button(regions["controls"], "cross-out")
    tap(app, "cross-out")
    tap(app, "strike", shelf=4)
    regions = tap(app, "clear")  # Clear starts the choice afresh
    assert not ui_of(app).crossing and ui_of(app).strike is None
    assert CIRCLE_OR_CROSS in regions["prompt"]
    tap(app, "cross-out")
    tap(app, "strike", shelf=4)
    tap(app, "confirm")
    assert played(app) == (0, Strike(4))
    sheet = state_of(app).sheets[0]
    assert all(sheet.cell_state(4, c) == CellState.CROSSED for c in range(COLUMNS))
    assert 'aria-pressed="false"' in button(shown(app)["controls"], "cross-out")  # Bo's turn


def test_completing_a_column_still_crosses_it_out_on_the_others_sheets() -> None:
    app = sheets_only()
    for shelf in range(3):  # Ann: the 1-die cat, book and plant
        tap(app, "cell", shelf=shelf, column=0)
    tap(app, "confirm")
    tap(app, "cell", shelf=0, column=0)  # Bo circles his 1-die cat
    tap(app, "confirm")
    tap(app, "cross-out")  # Cy crosses out his game shelf
    tap(app, "strike", shelf=4)
    tap(app, "confirm")
    tap(app, "cell", shelf=3, column=0)  # Ann fills the 1-die column
    tap(app, "cell", shelf=4, column=0)
    tap(app, "confirm")
    state = state_of(app)
    bo, cy = state.sheets[1], state.sheets[2]
    assert bo.cell_state(0, 0) == CellState.CIRCLED
    assert all(bo.cell_state(s, 0) == CellState.CROSSED for s in range(1, len(SHELVES)))
    assert all(cy.cell_state(s, 0) == CellState.CROSSED for s in range(len(SHELVES)))
    regions = shown(app)
    assert (
        "<bdi>Ann</bdi> completed the 1-die column: it is crossed out on your sheet"
        in regions["prompt"]
    )
    assert all(column > 0 for _, column in legal_cells(regions["board"]))
    error = state.circle_error(1, [], 1, 0)
    assert error is not None and error.rule == "shelfie.cell_taken"
    refused(app, "cell", {"shelf": 1, "column": 0}, error)


def test_a_full_sheet_only_passes() -> None:
    ui = ShelfieUI(Translator("en", {}), NAMES)
    half = sum(cell_bit(s, c) for s in range(3) for c in range(COLUMNS))
    full = Sheet(circled=half, crossed=ALL_CELLS & ~half)
    state = ShelfieState((Sheet(), full, Sheet()), 1, 1, Phase.DECIDE, UNSEEN, 0)
    regions = ui.regions(state, {})
    assert regions["dice"] == "" and "nothing on your shelves is free" in regions["prompt"]
    controls = regions["controls"]
    assert 'data-act="pass"' in controls
    assert "cross-out" not in controls and "confirm" not in controls
    assert ui.handle(state, {}, "pass", {}) == [Answer(1, PASS)]


def test_the_app_s_own_dice_offer_no_cross_out_toggle() -> None:
    app = new_app()
    app.start(list(NAMES), 5, game="shelfie")
    app.handle("roll", {})
    state = state_of(app)
    assert isinstance(state.dice, tuple) and state.can_mark
    controls = app.regions()["controls"]
    assert 'data-act="cross-out"' not in controls and "Rerolls left: 2" in controls
    app.handle("cross-out", {})  # a forged tap: the dice decide whether a shelf is crossed out
    assert not ui_of(app).crossing and 'data-act="strike"' not in app.regions()["board"]
