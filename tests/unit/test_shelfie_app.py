"""My Shelfie driven by taps through the App, in CPython: the same code the browser runs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from app_support import new_app, shown_sheets, ui_as
from rules_support import state_as
from shelfie_support import expected_game

from build import i18n as i18n_tool
from dadoteca.commands import Answer
from dadoteca.match import Match
from dadoteca_games.shelfie.rules import (
    ALL_CELLS,
    COLUMNS,
    FACES,
    PASS,
    SHELVES,
    UNUSED,
    Combo,
    Mark,
    Phase,
    Reroll,
    Roll,
    Sheet,
    ShelfieState,
    Strike,
    cell_bit,
)
from dadoteca_games.shelfie.view import ShelfieUI
from dadoteca_web.app import App
from dadoteca_web.i18n import Translator
from dadoteca_web.storage import GameStore, MemoryStore

SEED = 7  # by shelfie_support.policy: a block on turn 13, failed rolls on turns 14 and 16, 16 turns


def started(names: tuple[str, ...] = ("Ann", "Bo"), seed: int = SEED) -> App:
    app = new_app()
    app.start(list(names), seed, game="shelfie")
    assert app.screen == "play"
    return app


def state_of(app: App) -> ShelfieState:
    return state_as(app, ShelfieState)


def ui_of(app: App) -> ShelfieUI:
    return ui_as(app, ShelfieUI)


def set_dice(app: App, *faces: str) -> None:
    """The dice of the turn's first roll, chosen by the test (as a record may give them)."""
    assert app.match is not None
    app.match.roll(Roll(tuple(FACES.index(face) for face in faces)))


def legal_cells(board: str) -> set[tuple[int, int]]:
    return {
        (int(shelf), int(column))
        for shelf, column in re.findall(
            r'class="cell [^"]*\blegal\b[^"]*"[^>]*data-shelf="(\d)" data-column="(\d)"', board
        )
    }


def cell_tap(shelf: int, column: int) -> dict[str, str]:
    return {"shelf": str(shelf), "column": str(column)}


def disabled(controls: str, act: str) -> bool:
    match = re.search(rf'<button[^>]*data-act="{act}"[^>]*>', controls)
    assert match is not None, act
    return " disabled" in match.group(0)


def tap_policy(app: App) -> None:
    """One decision of :func:`policy`, by taps on what the screen shows."""
    regions = app.regions()
    if 'data-act="roll"' in regions["controls"]:
        app.handle("roll", {})
        return
    if 'data-act="pass"' in regions["controls"]:
        app.handle("pass", {})
        return
    cells = legal_cells(regions["board"])
    if cells:
        app.handle("cell", cell_tap(*min(cells)))
    else:
        shelves = re.findall(
            r'class="shelf-head [^"]*legal"[^>]*data-shelf="(\d)"', regions["board"]
        )
        app.handle("strike", {"shelf": shelves[0]})
    assert not disabled(app.regions()["controls"], "confirm")
    app.handle("confirm", {})


def play_until(app: App, condition: object, limit: int = 400) -> None:
    assert callable(condition)
    for _ in range(limit):
        if condition(state_of(app)):
            return
        tap_policy(app)
    raise AssertionError("never happened")


# -- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize("names", [("Ann", "Bo"), ("Solo",), ("A", "B", "C", "D")])
def test_a_whole_game_by_taps_ends_with_the_scores_of_the_rules(names: tuple[str, ...]) -> None:
    app = started(names)
    play_until(app, lambda state: state.is_terminal)
    assert app.screen == "over"
    final = state_of(app)
    assert final == expected_game(SEED, len(names))
    assert Match.from_record(json.loads(app.export_record())).state == final
    scores = app.regions()["scores"]
    rows = scores.split("<tbody>")[1].split("</tr>")
    for player, sheet in enumerate(final.sheets):
        cells = re.findall(r"<td>(?:<strong>)?(\d+)", rows[player])
        expected = [
            *(sheet.shelf_points(s) for s in range(len(SHELVES))),
            *(sheet.column_points(c) for c in range(COLUMNS)),
            sheet.score(),
        ]
        assert [int(c) for c in cells] == expected
        solo = len(names) == 1  # a result, nobody to beat: no star
        assert ("★" in rows[player]) == (player in final.winners() and not solo)
    winners = re.search(r'<h2 class="winners">(.*?)</h2>', scores)
    assert winners is not None
    if len(names) == 1:
        assert winners.group(1) == f"Your score: {final.scores()[0]}"
    else:
        assert all(names[p] in winners.group(1) for p in final.winners())
    assert "New game" in app.regions()["controls"]
    board = app.regions()["board"]
    assert board.count("shelfie-sheet") == len(names) and 'data-act="cell"' not in board


# -- dice and rerolls ------------------------------------------------------------------------


def test_dice_toggle_and_a_reroll_plays_the_reroll_and_rolls_in_one_tap() -> None:
    app = started()
    assert "<bdi>Ann</bdi>, roll the dice" in app.regions()["prompt"]
    assert app.regions()["dice"] == ""
    app.handle("roll", {})
    regions = app.regions()
    assert regions["dice"].count('data-act="die"') == 6
    assert regions["dice"].count('aria-pressed="false"') == 6
    assert "Rerolls left: 2" in regions["controls"]
    assert disabled(regions["controls"], "reroll") and disabled(regions["controls"], "clear")
    app.handle("die", {"die": "0"})
    app.handle("die", {"die": "4"})
    app.handle("die", {"die": "4"})  # and back to kept
    dice = app.regions()["dice"]
    assert (
        'data-die="0" aria-pressed="true"' in dice and 'data-die="4" aria-pressed="false"' in dice
    )
    assert not disabled(app.regions()["controls"], "reroll")
    before = state_of(app).shown_dice
    app.handle("reroll", {})
    assert app.match is not None
    (_, reroll), (_, roll) = app.match.actions[-2:]
    assert reroll == Reroll((0,)) and isinstance(roll, Roll)
    after = state_of(app)
    assert after.phase == Phase.DECIDE and after.rerolls_left == 1
    assert after.shown_dice[1:] == before[1:]
    assert "Rerolls left: 1" in app.regions()["controls"]
    assert 'aria-pressed="true"' not in app.regions()["dice"]  # a new roll: nothing chosen
    assert disabled(app.regions()["controls"], "reroll")
    app.handle("die", {"die": "5"})
    app.handle("reroll", {})
    assert state_of(app).rerolls_left == 0 and "Rerolls left: 0" in app.regions()["controls"]
    app.handle("die", {"die": "2"})
    assert "You have no rerolls left" in app.regions()["notice"]
    assert disabled(app.regions()["controls"], "reroll")
    app.handle("reroll", {})  # a forged tap: nothing happens
    assert len(app.match.actions) == 5


def test_a_reroll_from_a_record_is_rolled_with_the_roll_button() -> None:
    app = started()
    app.handle("roll", {})
    assert app.match is not None
    app.match.play(0, Reroll((1, 2)))
    assert "<bdi>Ann</bdi>, roll the chosen dice" in app.regions()["prompt"]
    app.handle("roll", {})
    assert state_of(app).phase == Phase.DECIDE


# -- marking -------------------------------------------------------------------------------


def engine_reachable(state: ShelfieState, picks: list[Combo]) -> set[tuple[int, int]]:
    """Cells one more combination may circle with the picks, by the engine's check."""
    reachable = set()
    for shelf in range(len(SHELVES)):
        for column in range(COLUMNS):
            if any((c.shelf, c.column) == (shelf, column) for c in picks):
                continue
            for combo in (Combo(shelf, column), Combo(shelf, column, jolly=True)):
                if state.check(state.active, Mark((*picks, combo))) is None:
                    reachable.add((shelf, column))
    return reachable


def test_highlighted_cells_are_the_engines_combinations_given_the_picks() -> None:
    app = started()
    set_dice(app, "cat", "cat", "cat", "jolly", "book", "plant")
    state = state_of(app)
    board = app.regions()["board"]
    assert legal_cells(board) == {(c.shelf, c.column) for c in state.combinations(0)}
    assert legal_cells(board) == engine_reachable(state, [])
    app.handle("cell", cell_tap(0, 2))  # three cats
    assert ui_of(app).picks == [Combo(0, 2)]
    assert legal_cells(app.regions()["board"]) == engine_reachable(state, [Combo(0, 2)])
    assert (0, 0) not in legal_cells(app.regions()["board"])  # no cat left
    app.handle("cell", cell_tap(1, 1))  # book + jolly
    assert ui_of(app).picks == [Combo(0, 2), Combo(1, 1, jolly=True)]
    assert legal_cells(app.regions()["board"]) == {(2, 0)}  # only the plant remains
    app.handle("cell", cell_tap(2, 0))
    assert legal_cells(app.regions()["board"]) == set()  # three at most
    dice = app.regions()["dice"]
    badges = [re.search(r'class="badge"[^>]*>(\d)<', die) for die in dice.split("</button>")[:6]]
    assert [int(b.group(1)) if b else UNUSED for b in badges] == [1, 1, 1, 2, 2, 3]
    controls = app.regions()["controls"]
    assert "cat ×3" in controls and "book ×2 with a jolly" in controls  # noqa: RUF001
    assert not disabled(controls, "confirm")
    app.handle("confirm", {})
    assert app.match is not None
    assert app.match.actions[-1] == (0, Mark((Combo(0, 2), Combo(1, 1, True), Combo(2, 0))))
    assert state_of(app).active == 1 and "<bdi>Bo</bdi>, roll the dice" in app.regions()["prompt"]


# The dice of the tests below: the 2-dice cat is two cats, or a cat and the jolly.
TWO_WAYS = ("cat", "cat", "jolly", "book", "book", "game")
CAT2, CAT2_JOLLY = Combo(0, 1), Combo(0, 1, jolly=True)


def ways_shown(controls: str) -> list[tuple[str, str, str]]:
    """The ways on offer: (data-way, aria-pressed, the words) of each button, in order. The
    way in use, pressed, is the one a keyboard's focus goes to (data-focus)."""
    found = re.findall(
        r'<button class="way" data-act="way" data-way="(\d)" aria-pressed="(true|false)"'
        r'( data-focus)?><span class="way-dice[^"]*">.*?</span><span>([^<]*)</span>',
        controls,
    )
    assert all((pressed == "true") == bool(focus) for _, pressed, focus, _ in found)
    return [(way, pressed, words) for way, pressed, _, words in found]


def offered(app: App) -> bool:
    return 'class="ways"' in app.regions()["controls"]


def badge(board: str, shelf: int, column: int) -> str:
    cell = re.search(rf'data-shelf="{shelf}" data-column="{column}"[^>]*>(.*?)</button>', board)
    assert cell is not None
    found = re.search(r'class="badge"[^>]*>([^<]*)<', cell.group(1))
    return found.group(1) if found else ""


def test_a_second_tap_on_a_cell_with_two_ways_offers_them_and_changes_nothing() -> None:
    app = started()
    set_dice(app, *TWO_WAYS)
    app.handle("cell", cell_tap(0, 1))
    assert ui_of(app).picks == [CAT2] and not offered(app)
    before = app.regions()
    app.handle("cell", cell_tap(0, 1))
    assert ui_of(app).picks == [CAT2]  # nothing chosen yet
    regions = app.regions()
    assert regions["dice"] == before["dice"] and badge(regions["board"], 0, 1) == "1"
    controls = regions["controls"]
    assert "Which dice for choice 1, cat ×2?" in controls  # noqa: RUF001
    assert state_of(app).ways_to_circle(0, [], 0, 1) == [CAT2, CAT2_JOLLY]  # the engine's, shown
    assert ways_shown(controls) == [
        ("0", "true", "2 cat dice"),
        ("1", "false", "1 cat die + the jolly"),
    ]
    assert controls.count("icon-cat") == 3 and controls.count("icon-jolly") == 1  # their dice
    assert '<button data-act="unpick">Remove this choice</button>' in controls
    assert not disabled(controls, "confirm")  # the choice as it is can still be confirmed
    # A third tap puts the ways away, the choice as it was.
    app.handle("cell", cell_tap(0, 1))
    assert ui_of(app).picks == [CAT2] and not offered(app)


def test_choosing_a_way_sets_it_and_confirm_plays_it() -> None:
    app = started()
    set_dice(app, *TWO_WAYS)
    app.handle("cell", cell_tap(0, 1))
    app.handle("cell", cell_tap(0, 1))
    app.handle("way", {"way": "1"})
    assert ui_of(app).picks == [CAT2_JOLLY] and not offered(app)
    regions = app.regions()
    assert badge(regions["board"], 0, 1) == "1+J"
    assert "cat ×2 with a jolly" in regions["controls"]  # noqa: RUF001
    app.handle("cell", cell_tap(0, 1))  # offered again: the jolly's way is the current one
    assert [pressed for _, pressed, _ in ways_shown(app.regions()["controls"])] == [
        "false",
        "true",
    ]
    app.handle("way", {"way": "0"})
    assert ui_of(app).picks == [CAT2]
    app.handle("cell", cell_tap(0, 1))
    app.handle("way", {"way": "1"})
    app.handle("cell", cell_tap(1, 1))  # the picks keep their order and their dice
    assert ui_of(app).picks == [CAT2_JOLLY, Combo(1, 1)]
    app.handle("confirm", {})
    assert app.match is not None
    assert app.match.actions[-1] == (0, Mark((CAT2_JOLLY, Combo(1, 1))))


def test_remove_this_choice_unpicks_the_cell_and_keeps_the_others() -> None:
    app = started()
    set_dice(app, *TWO_WAYS)
    app.handle("cell", cell_tap(1, 0))
    app.handle("cell", cell_tap(0, 1))
    app.handle("cell", cell_tap(0, 1))
    assert "Which dice for choice 2, cat ×2?" in app.regions()["controls"]  # noqa: RUF001
    app.handle("unpick", {})
    assert ui_of(app).picks == [Combo(1, 0)] and not offered(app)
    assert badge(app.regions()["board"], 1, 0) == "1"


def test_a_second_tap_on_a_cell_with_one_way_removes_it_at_once() -> None:
    app = started()
    set_dice(app, *TWO_WAYS)
    app.handle("cell", cell_tap(0, 2))  # the 3-dice cat: only with the jolly
    assert ui_of(app).picks == [Combo(0, 2, jolly=True)]
    app.handle("cell", cell_tap(0, 2))
    assert ui_of(app).picks == [] and not offered(app)
    app.handle("cell", cell_tap(1, 0))  # one book die: a jolly never stands alone
    app.handle("cell", cell_tap(1, 0))
    assert ui_of(app).picks == [] and not offered(app)


def test_any_other_tap_puts_the_ways_away() -> None:
    app = started()
    set_dice(app, *TWO_WAYS)
    app.handle("cell", cell_tap(0, 1))
    for act, data, picks in [
        ("die", {"die": "5"}, [CAT2]),
        ("cell", cell_tap(1, 0), [CAT2, Combo(1, 0)]),
        ("clear", {}, []),
    ]:
        app.handle("cell", cell_tap(0, 1))
        assert offered(app)
        app.handle(act, data)
        assert not offered(app) and ui_of(app).picks == picks


def test_forged_ways_are_refused_calmly() -> None:
    app = started()
    set_dice(app, *TWO_WAYS)
    app.handle("cell", cell_tap(0, 1))
    app.handle("way", {"way": "1"})  # nothing on offer: nothing to choose
    app.handle("unpick", {})
    assert ui_of(app).picks == [CAT2]
    for data in [{"way": "2"}, {"way": "-1"}, {"way": "x"}, {"way": ""}, {}]:
        app.handle("cell", cell_tap(0, 1))
        assert offered(app)
        app.handle("way", data)
        assert ui_of(app).picks == [CAT2] and app.regions()["notice"] == ""
    assert app.match is not None and len(app.match.actions) == 1  # the roll only


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("it", ["2 dadi «gatto»", "1 dado «gatto» + il jolly", "Togli questa scelta"]),
        ("es", ["2 dados «gato»", "1 dado «gato» + el comodín", "Quitar esta elección"]),
    ],
)
def test_the_ways_are_said_in_the_players_language(
    tmp_path: Path, language: str, words: list[str]
) -> None:
    catalogs = {
        path.stem: json.loads(path.read_text("utf-8"))
        for path in i18n_tool.compile_catalogs(tmp_path)
    }
    app = App(GameStore(MemoryStore()), Translator(language, catalogs), lambda: 9)
    app.start(["Ann", "Bo"], SEED, game="shelfie")
    set_dice(app, *TWO_WAYS)
    app.handle("cell", cell_tap(0, 1))
    app.handle("cell", cell_tap(0, 1))
    controls = app.regions()["controls"]
    shown = [text for _, _, text in ways_shown(controls)]
    assert shown == words[:2] and words[2] in controls


@pytest.mark.parametrize(
    ("dice", "picks", "tap", "message"),
    [
        (("cat",) * 3 + ("jolly", "book", "plant"), [], (4, 0), "a one-die game needs a game die"),
        (("cat",) * 3 + ("jolly", "book", "plant"), [], (0, 4), "Not enough cat dice"),
        (("cat",) * 3 + ("jolly", "book", "plant"), [(0, 2)], (0, 1), "only one combination"),
        (("cat", "jolly", "jolly", "book", "plant", "game"), [], (0, 2), "only one jolly"),
        (("cat",) * 3 + ("book",) * 3, [(0, 0), (0, 1), (1, 0)], (1, 1), "one to three"),
    ],
)
def test_an_illegal_tap_is_explained_by_the_rule_it_breaks(
    dice: tuple[str, ...], picks: list[tuple[int, int]], tap: tuple[int, int], message: str
) -> None:
    app = started()
    set_dice(app, *dice)
    for cell in picks:
        app.handle("cell", cell_tap(*cell))
    assert len(ui_of(app).picks) == len(picks)
    app.handle("cell", cell_tap(*tap))
    assert message in app.regions()["notice"]
    assert len(ui_of(app).picks) == len(picks)


def test_before_the_roll_a_cell_tap_says_roll_first_and_the_sheet_is_tappable() -> None:
    app = started()
    [board] = shown_sheets(app.regions()["board"])
    assert board.count('data-act="cell"') == 25 and legal_cells(board) == set()
    app.handle("cell", cell_tap(0, 0))
    assert "Roll the dice first" in app.regions()["notice"]


def test_undo_clears_the_pending_choice_and_confirm_needs_one() -> None:
    app = started()
    set_dice(app, "cat", "cat", "jolly", "book", "book", "game")
    app.handle("confirm", {})
    assert app.match is not None and len(app.match.actions) == 1
    app.handle("cell", cell_tap(1, 1))
    app.handle("die", {"die": "5"})
    assert not disabled(app.regions()["controls"], "clear")
    app.handle("clear", {})
    assert ui_of(app).picks == [] and ui_of(app).rerolling == set()
    controls = app.regions()["controls"]
    assert disabled(controls, "confirm") and disabled(controls, "clear")
    assert 'class="cell shelf-book selected"' not in app.regions()["board"]


def test_forged_taps_are_ignored() -> None:
    app = started()
    app.handle("roll", {})
    assert app.match is not None
    before = app.match.record()
    for act, data in [
        ("cell", {"shelf": "9", "column": "0"}),
        ("cell", {"shelf": "x"}),
        ("die", {"die": "6"}),
        ("die", {}),
        ("strike", {"shelf": "-1"}),
        ("no-such-act", {}),
        ("confirm", {}),
    ]:
        app.handle(act, data)
    assert app.match.record() == before and app.regions()["notice"] == ""


# -- failed rolls, blocking, the last round ------------------------------------------------


def failing(state: ShelfieState) -> bool:
    return state.phase == Phase.DECIDE and not state.can_mark


def test_a_failed_roll_asks_for_a_shelf_and_confirm_crosses_it_out() -> None:
    app = started()
    play_until(app, failing)
    state = state_of(app)
    player = state.active
    regions = app.regions()
    assert "no item can be marked" in regions["prompt"]
    assert legal_cells(regions["board"]) == set()
    legal = {a.shelf for a in state.legal_actions(player) if isinstance(a, Strike)}
    shown = re.findall(r'class="shelf-head [^"]*legal"[^>]*data-shelf="(\d)"', regions["board"])
    assert {int(s) for s in shown} == legal
    app.handle("cell", cell_tap(0, 0))  # a cell says why not
    assert app.regions()["notice"] != ""
    shelf = max(legal)
    app.handle("strike", {"shelf": str(shelf)})
    assert 'aria-pressed="true"' in app.regions()["board"]
    assert "cross out the" in app.regions()["controls"]
    app.handle("confirm", {})
    sheet = state_of(app).sheets[player]
    assert all(sheet.cell_state(shelf, c) != "free" for c in range(COLUMNS))
    assert app.match is not None and app.match.actions[-1] == (player, Strike(shelf))


def test_blocking_is_said_to_the_blocked_player_and_shown_on_the_sheets() -> None:
    app = started()
    play_until(app, lambda state: "completed the" in app.regions()["prompt"])
    state = state_of(app)
    asked = state.active
    prompt = app.regions()["prompt"]
    blocked = r"<bdi>(Ann|Bo)</bdi> completed the \w+[- ]\w+ (shelf|column): it is crossed out"
    assert re.search(blocked, prompt)
    other = 1 - asked
    circled = state.sheets[other].circled
    crossed = state.sheets[asked].crossed
    full = [line for line in range(len(SHELVES)) if circled >> line * 5 & 31 == 31] + [
        column
        for column in range(COLUMNS)
        if all(circled & cell_bit(s, column) for s in range(len(SHELVES)))
    ]
    assert full and crossed
    assert "crossed" in app.regions()["board"] and "circled" in app.regions()["others"]


def test_the_last_round_is_shown() -> None:
    app = started(seed=6)  # Ann triggers the end: Bo still plays
    play_until(app, lambda state: state.last_round)
    assert not state_of(app).is_terminal and state_of(app).active == 1
    assert "Last round!" in app.regions()["prompt"]
    play_until(app, lambda state: state.is_terminal)
    assert "Last round!" not in app.regions()["prompt"]


def test_only_pass_is_one_tap() -> None:
    ui = ShelfieUI(Translator("en", {}), ("Ann", "Bo"))
    half = sum(cell_bit(s, c) for s in range(3) for c in range(COLUMNS))
    full = Sheet(circled=half, crossed=ALL_CELLS & ~half)
    state = ShelfieState((full, Sheet()), 1, 0, Phase.DECIDE, (0,) * 6, 2)
    regions = ui.regions(state, {})
    assert "nothing on your shelves is free" in regions["prompt"]
    assert 'data-act="pass"' in regions["controls"] and "confirm" not in regions["controls"]
    assert ui.handle(state, {}, "pass", {}) == [Answer(0, PASS)]


# -- saving, names ---------------------------------------------------------------------------


def test_saved_after_every_action_and_resumed() -> None:
    store = MemoryStore()
    app = new_app(store)
    app.start(["Ann", "Bo"], SEED, game="shelfie")
    for _ in range(12):
        tap_policy(app)
        resumed = new_app(store)
        assert resumed.match is not None and app.match is not None
        assert resumed.match.record() == app.match.record()
        assert resumed.regions() == app.regions()
    if state_of(app).is_chance:
        app.handle("roll", {})
    app.handle("die", {"die": "1"})
    app.handle("reroll", {})
    assert new_app(store).state == app.state


def test_hostile_names_are_shown_as_text() -> None:
    name = '<img src=x onerror="alert(1)">'
    app = started((name, "Bo"))
    for _ in range(30):
        tap_policy(app)
        for html in app.regions().values():
            assert "<img" not in html
    assert "&lt;img src=x" in app.regions()["others"] + app.regions()["prompt"]


def test_every_item_has_its_icon_and_every_die_its_name() -> None:
    app = started()
    set_dice(app, "cat", "book", "plant", "trophy", "game", "jolly")
    dice = app.regions()["dice"]
    for face in FACES:
        assert f"icon-{face}" in dice and f'aria-label="{face}: kept"' in dice
    # A shelf's icon at its head, once a sheet: its cells have its colour, and no icon each (a
    # bookcase's first showing was a long frame on a phone with 30 more)
    board = app.regions()["board"]
    sheets = board.count("<section")
    for item in SHELVES:
        assert board.count(f"icon-{item}") == sheets == 2
