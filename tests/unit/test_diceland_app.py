"""Diceland in the app, driven by taps in CPython: the same code the browser runs, minus the DOM."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from html import unescape
from pathlib import Path

import pytest
from app_support import shown_sheets, ui_as
from rules_support import state_as

from build import i18n
from dadoteca.match import Match
from dadoteca_games.diceland.maps import MAX_SEED, DicelandMap, Kind
from dadoteca_games.diceland.rules import (
    CHOOSE,
    COLOURS,
    PASS,
    STOP,
    DicelandState,
    Mark,
    Phase,
    Reroll,
    Roll,
    Stop,
)
from dadoteca_games.diceland.svg import COLOUR_SYMBOLS, SYMBOL_PATHS, _hexagon, _moved, map_geometry
from dadoteca_games.diceland.view import DicelandUI
from dadoteca_web.app import App
from dadoteca_web.game_ui import asked_player
from dadoteca_web.i18n import Translator
from dadoteca_web.storage import GameStore, MemoryStore

ITALIAN = {
    "This cell is not {colour}": "Questa casella non è {colour}",
    "green": "verde",
    "red": "rosso",
    "yellow": "giallo",
    "blue": "blu",
    "orange": "arancione",
    "grey": "grigio",
}


def new_app(store: MemoryStore | None = None, seed: int = 9) -> App:
    """An app whose draws (the maps dealt, a new random map) are ``seed`` modulo the range."""
    return App(
        GameStore(store or MemoryStore()),
        Translator("en", {"it": ITALIAN}),
        lambda: seed,
        randbelow=lambda limit: seed % limit,
    )


def started(
    names: tuple[str, ...] = ("Ann", "Bo"), seed: int = 4, maps: tuple[str, ...] = ()
) -> App:
    app = new_app()
    app.start(list(names), seed, game="diceland", choices=[{"map": m} for m in maps])
    assert app.screen == "play", app.regions()["notice"]
    return app


def state_of(app: App) -> DicelandState:
    return state_as(app, DicelandState)


def ui_of(app: App) -> DicelandUI:
    return ui_as(app, DicelandUI)


def highlighted(html: str) -> set[int]:
    return {
        int(c) for c in re.findall(r'class="dl-cell legal" data-act="cell" data-cell="(\d+)"', html)
    }


def selected(html: str) -> set[int]:
    return {
        int(c)
        for c in re.findall(r'class="dl-cell selected" data-act="cell" data-cell="(\d+)"', html)
    }


def confirm_enabled(app: App) -> bool:
    return re.search(r'data-act="confirm"(?! disabled)>', app.regions()["controls"]) is not None


LEGAL_CELL = re.compile(r'<button class="dl-cell legal" data-act="cell" data-cell="(\d+)"')
CELL_NAME = re.compile(
    r'<button class="dl-cell[^"]*" data-act="cell" data-cell="(\d+)" [^>]*aria-label="([^"]*)"'
)


def toward_the_goal(board: str) -> str:
    """The highlighted cell the simple player crosses (appdriver's SIMPLE_NEXT_JS, the same
    choice): on the map of the first one, a prize, else one of the colour with the fewest cells
    left uncrossed there, the first such; read from the cells' names."""
    first = LEGAL_CELL.search(board)
    assert first is not None
    start = board.rfind('<section class="dl-sheet', 0, first.start())
    sheet = board[start : board.find("</section>", first.start())]
    names = dict(CELL_NAME.findall(sheet))  # each cell's name, by its number
    left = Counter(name.split(", ")[0] for name in names.values() if ", crossed" not in name)

    def rank(cell: str) -> tuple[bool, int]:
        colour, *said = names[cell].split(", ")
        return "prize" not in said, left[colour]

    cells: list[str] = LEGAL_CELL.findall(sheet)
    return min(cells, key=rank)


def tap_step(app: App) -> None:
    """One tap of the simple player (appdriver's SIMPLE_TAPS): roll; confirm a complete
    choice; else the first highlighted colour, or the cell toward the goal; else stop rolling;
    else pass."""
    regions = app.regions()
    html = regions["controls"] + regions["board"]
    if 'data-act="roll"' in html:
        app.handle("roll", {})
    elif confirm_enabled(app):
        app.handle("confirm", {})
    elif m := re.search(
        r'class="[^"]*\blegal\b[^"]*"[^>]*data-act="(\w+)" data-(\w+)="(\d+)"', html
    ):
        cell = m.group(1) == "cell"
        app.handle(m.group(1), {m.group(2): toward_the_goal(html) if cell else m.group(3)})
    elif 'data-act="stop"' in html:
        app.handle("stop", {})
    else:
        app.handle("pass", {})


def play_until(app: App, done: Callable[[App], bool], limit: int = 20_000) -> None:
    for _ in range(limit):
        if done(app):
            return
        tap_step(app)
        assert "notice error" not in app.regions()["notice"], app.regions()["notice"]
    raise AssertionError("never reached")


def to_phase(app: App, phase: str) -> None:
    play_until(app, lambda a: a.screen == "play" and state_of(a).phase == phase)


# -- setup ----------------------------------------------------------------------------------


def test_each_seat_picks_a_map_random_ones_are_generated_and_the_others_are_dealt() -> None:
    app = started(("Ann", "Bo", "Cy"), maps=("C", "random", "deal"))
    assert app.match is not None
    # Dealt: a side of a board nobody has (board C/D is taken): 9 % 3 = board A/B, side 9 % 2.
    assert app.match.options == {"maps": f"C,R{9 % (MAX_SEED + 1)},B"}
    assert [state_of(app).map(p).id for p in range(3)] == ["C", "R9", "B"]
    big = new_app(seed=(MAX_SEED + 1) * 7 + 5)
    big.start(["Ann"], 1, game="diceland", choices=[{"map": "random"}])
    assert big.match is not None and big.match.options == {"maps": "R5"}


def test_the_maps_are_dealt_from_distinct_boards_as_the_box_deals_them() -> None:
    draws = random.Random(5)
    sides: set[str] = set()
    for _ in range(200):
        draw = draws.randrange
        app = App(GameStore(MemoryStore()), Translator("en", {}), lambda: 1, randbelow=draw)
        app.start(["Ann", "Bo", "Cy", "Di"], 1, game="diceland")  # no choice: dealt
        maps = [state_of(app).map(p).id for p in range(4)]
        assert len({"ABCDEFGH".index(m) // 2 for m in maps}) == 4  # four different boards
        sides.update(maps)
    assert sides == set("ABCDEFGH")  # either side of every board comes up


@pytest.mark.parametrize("bad", ["Z", "R", "a", "A,B", "R99999999999", "<b>x</b>"])
def test_a_bad_map_is_refused_with_the_engines_message(bad: str) -> None:
    app = new_app()
    app.start(["Ann", "Bo"], 4, game="diceland", choices=[{"map": "A"}, {"map": bad}])
    assert app.screen == "setup"
    notice = app.regions()["notice"]
    assert "There is no Diceland map" in notice
    assert "<b>" not in notice


# -- the flow -------------------------------------------------------------------------------


def test_roll_choose_then_stop_or_reroll_then_everyone_is_asked() -> None:
    app = started(seed=4)
    assert "<bdi>Ann</bdi>, roll the six dice" in app.regions()["prompt"]
    app.handle("roll", {})
    state = state_of(app)
    assert state.phase == Phase.CHOOSE
    controls = app.regions()["controls"]
    shown = {int(c) for c in re.findall(r'data-colour="(\d)"', controls)}
    assert shown == set(state.shown_dice)
    assert all(f"{COLOUR_SYMBOLS[c]} ×{state.shown_dice.count(c)}" in controls for c in shown)  # noqa: RUF001
    assert not confirm_enabled(app)
    colour = min(shown)
    app.handle("colour", {"colour": str(colour)})
    assert confirm_enabled(app) and 'aria-pressed="true"' in app.regions()["controls"]
    app.handle("clear", {})
    assert not confirm_enabled(app) and ui_of(app).colour is None
    app.handle("colour", {"colour": str(colour)})
    app.handle("confirm", {})
    state = state_of(app)
    assert state.chosen == colour
    if state.phase == Phase.STOP_OR_REROLL:
        controls = app.regions()["controls"]
        assert f"Reroll {6 - state.set_aside} dice" in controls and 'data-act="stop"' in controls
        assert app.match is not None
        played = len(app.match.actions)
        app.handle("reroll", {})  # one tap: the decision and the roll
        assert isinstance(app.match.actions[played][1], Reroll)
        assert isinstance(app.match.actions[played + 1][1], Roll)
        assert len(app.match.actions) == played + 2
    play_until(app, lambda a: state_of(a).phase == Phase.MARK)
    prompt = app.regions()["prompt"]
    assert "<bdi>Ann</bdi>, cross" in prompt or "<bdi>Ann</bdi>, your" in prompt


def test_why_phase_1_ended_is_shown() -> None:
    for seed in range(200):
        app = started(seed=seed)
        app.handle("roll", {})
        state = state_of(app)
        colour = state.shown_dice[0]
        app.handle("colour", {"colour": str(colour)})
        app.handle("confirm", {})
        while state_of(app).phase == Phase.STOP_OR_REROLL:
            app.handle("reroll", {})
        state = state_of(app)
        if state.set_aside < 6:
            name = COLOURS[colour]
            assert f"No {name} in the reroll: phase 1 is over." in app.regions()["prompt"]
            return
    raise AssertionError("no reroll ended the rolling")


def test_highlight_is_the_engines_placements_and_grows_with_the_selection() -> None:
    checked = 0
    app = started(seed=11)
    while checked < 12 and app.screen == "play":
        state = state_of(app)
        if state.phase in (Phase.MARK, Phase.BONUS) and not ui_of(app).selection:
            player = asked_player(state, app.answers)
            board = app.regions()["board"]
            assert highlighted(board) == set(state.playable_cells(player))
            marks = [a for a in state.legal_actions(player) if isinstance(a, Mark)]
            if marks:
                first = marks[0].cells[0]
                app.handle("cell", {"cell": str(first)})
                containing = {c for m in marks if first in m.cells for c in m.cells} - {first}
                board = app.regions()["board"]
                assert selected(board) == {first}
                assert highlighted(board) == containing
                assert confirm_enabled(app) == (
                    marks[0].cells == (first,) or any(m.cells == (first,) for m in marks)
                )
                app.handle("cell", {"cell": str(first)})  # a second tap takes it back
                assert selected(app.regions()["board"]) == set()
                checked += 1
        tap_step(app)
    assert checked >= 12


OPTION = re.compile(
    r'<button[^>]*class="dl-colour[^"]*c-(\w+)[^"]*"[^>]*data-preview="([\d ]*)"[^>]*>'
    r'.*?<small class="dl-says" id="dl-says-[\d-]+">([^<]*)</small></button>'
)


def previews(controls: str) -> dict[int, tuple[set[int], str]]:
    """Each colour option's previewed cells and line, by colour."""
    return {
        COLOURS.index(colour): ({int(cell) for cell in cells.split()}, unescape(says))
        for colour, cells, says in OPTION.findall(controls)
    }


def reach_words(state: DicelandState, player: int, marks: list[tuple[int, ...]]) -> str:
    """The option's line as the engine's marks say it: cells in reach, an area closed (no free
    cell left in it), a prize."""
    m, crossed = state.map(player), set(state.crossed_cells(player))
    cells = {cell for mark in marks for cell in mark}
    if not cells:
        return "fits nowhere now"
    free = [sum(c not in crossed for c in m.area_cells(m.areas[mark[0]])) for mark in marks]
    words = [f"{len(cells)} cell{'s' if len(cells) > 1 else ''} in reach"]
    if any(len(mark) == left for mark, left in zip(marks, free, strict=True)):
        words.append("closes an area")
    if any(m.is_prize(cell) for cell in cells):
        words.append("reaches a prize")
    return ", ".join(words)


def test_each_colour_option_previews_the_cells_the_engine_allows_and_says_it() -> None:
    """Phase 1: a colour's preview is what its dice could cross once set aside (the rolling
    stopped: every cell of the active player's legal marks, each check()ed); phase 2 and bonus
    rolls: each colour's legal marks for the player asked."""
    seen = {Phase.CHOOSE: 0, Phase.MARK: 0, Phase.BONUS: 0, "closes": 0, "prize": 0}
    app = started(seed=11)
    while min(seen.values()) < 3 and app.screen == "play":
        state = state_of(app)
        player = asked_player(state, app.answers)
        options = previews(app.regions()["controls"])
        if state.phase == Phase.CHOOSE:
            assert set(options) == set(state.shown_dice)
            for colour, (cells, says) in options.items():
                after = state.apply(player, CHOOSE[colour])
                if after.phase == Phase.STOP_OR_REROLL:
                    after = after.apply(player, STOP)
                marks = [a for a in after.legal_actions(player) if isinstance(a, Mark)]
                assert all(after.check(player, mark) is None for mark in marks)
                assert cells == {cell for mark in marks for cell in mark.cells}
                assert says == reach_words(state, player, [mark.cells for mark in marks])
                seen["closes"] += "closes an area" in says
                seen["prize"] += "prize" in says
            seen[Phase.CHOOSE] += 1
        elif state.phase in (Phase.MARK, Phase.BONUS) and player in state.deciders:
            usable = state.usable_dice(player)
            assert set(options) == {c for c, count in enumerate(usable) if count}
            for colour, (cells, says) in options.items():
                marks = [
                    a
                    for a in state.legal_actions(player)
                    if isinstance(a, Mark) and a.colour == colour
                ]
                assert cells == {cell for mark in marks for cell in mark.cells}
                assert says == reach_words(state, player, [mark.cells for mark in marks])
            seen[state.phase] += bool(options)
        tap_step(app)
    assert min(seen.values()) >= 3, seen


@pytest.mark.parametrize(
    ("language", "one", "many", "nowhere"),
    [
        ("it", "1 casella raggiungibile", "{} caselle raggiungibili", "per ora non c'è posto"),
        ("es", "1 casilla a tu alcance", "{} casillas a tu alcance", "ahora no cabe"),
    ],
)
def test_the_options_lines_are_translated_with_the_plural_forms(
    tmp_path: Path, language: str, one: str, many: str, nowhere: str
) -> None:
    catalogs = {
        path.stem: json.loads(path.read_text("utf-8")) for path in i18n.compile_catalogs(tmp_path)
    }
    app = App(GameStore(MemoryStore()), Translator(language, catalogs), lambda: 0)
    app.start(["Ann", "Bo"], 11, game="diceland", choices=[{"map": "A"}, {"map": "B"}])
    english = started(seed=11, maps=("A", "B"))
    lines = 0
    while lines < 30:
        if state_of(app).phase == Phase.CHOOSE:
            translated = previews(app.regions()["controls"])
            for colour, (cells, says) in previews(english.regions()["controls"]).items():
                count = len(cells)
                start = nowhere if not count else one if count == 1 else many.format(count)
                assert translated[colour][0] == cells
                assert translated[colour][1].startswith(start), (says, translated[colour][1])
                lines += 1
        tap_step(app)
        tap_step(english)


def test_the_areas_in_play_are_outlined_along_their_edges() -> None:
    """Every area crossed in part, and no other, is outlined: one segment per edge of its cells
    that borders another area, the start, an obstacle or the map's edge."""
    app = started(seed=11)
    outlined = 0
    while outlined < 5 and app.screen == "play":
        state = state_of(app)
        player = asked_player(state, app.answers)
        m = state.map(player)
        crossed = set(state.crossed_cells(player))
        open_areas = {
            area
            for area in set(m.areas) - {-1}
            if 0 < sum(cell in crossed for cell in m.area_cells(area)) < len(m.area_cells(area))
        }
        expected = sum(
            6 - sum(1 for other in m.area_cells(m.areas[cell]) if m.neighbours[cell] >> other & 1)
            for area in open_areas
            for cell in m.area_cells(area)
        )
        board = app.regions()["board"]
        drawn = re.search(rf'<g data-piece="x{player}">(.*?)</g>', board)
        assert drawn is not None
        path = re.search(r'<path class="in-play" d="([^"]*)"', drawn.group(1))
        assert (path.group(1).count("M") if path else 0) == expected
        outlined += bool(open_areas)
        tap_step(app)
    assert outlined >= 5


def test_an_illegal_tap_is_explained_by_the_rule_it_breaks() -> None:
    app = started(seed=4)
    m = state_of(app).map(0)
    some_cell = next(c for c in range(m.cell_count) if m.kinds[c] == Kind.COLOUR)
    app.handle("cell", {"cell": str(some_cell)})
    assert "Roll the dice first" in app.regions()["notice"]
    app.handle("roll", {})
    app.handle("cell", {"cell": str(some_cell)})
    assert "Choose one of the colours rolled" in app.regions()["notice"]
    to_phase(app, Phase.MARK)
    state = state_of(app)
    assert asked_player(state, app.answers) == state.active == 0
    obstacle = next(c for c in range(m.cell_count) if m.kinds[c] == Kind.OBSTACLE)
    app.handle("cell", {"cell": str(obstacle)})
    assert "This cell is an obstacle" in app.regions()["notice"]
    assert outlined_as_refused(app.regions()["board"]) == hexagon_at(m, obstacle)
    other = next(
        c for c in range(m.cell_count) if m.kinds[c] == Kind.COLOUR and m.colours[c] != state.chosen
    )
    app.handle("cell", {"cell": str(other)})
    chosen = COLOURS[state.chosen]
    assert f"This cell is not {chosen}" in app.regions()["notice"]
    app.t = Translator("it", {"it": ITALIAN})
    app.handle("cell", {"cell": str(other)})
    assert f"Questa casella non è {ITALIAN[chosen]}" in app.regions()["notice"]
    crossed = state.sheets[0].crossed_cells()[0]
    app.handle("cell", {"cell": str(crossed)})
    assert state_of(app) == state and not ui_of(app).selection


def test_a_far_cell_of_the_right_colour_breaks_adjacency() -> None:
    for seed in range(100):
        app = started(seed=seed)
        to_phase(app, Phase.MARK)
        state = state_of(app)
        m, sheet = state.map(0), state.sheets[0]
        far = [
            c
            for c in range(m.cell_count)
            if m.colours[c] == state.chosen
            and not sheet.touch >> c & 1
            and state.open_area(0, state.chosen) is None
            and m.area_size[m.areas[c]] >= state.set_aside
            and c not in state.playable_cells(0)
        ]
        if far:
            app.handle("cell", {"cell": str(far[0])})
            assert "Every cross must touch a crossed cell" in app.regions()["notice"]
            return
    raise AssertionError("no far cell found")


def test_pass_is_refused_to_the_active_player_who_can_cross_and_allowed_to_the_others() -> None:
    for seed in range(100):
        app = started(seed=seed)
        to_phase(app, Phase.MARK)
        state = state_of(app)
        if state.playable_cells(0) and state.playable_cells(1):
            break
    else:
        raise AssertionError("no seed where both can cross")
    app.handle("pass", {})
    assert "so you must" in app.regions()["notice"]
    assert state_of(app) == state
    play_until(app, lambda a: asked_player(state_of(a), a.answers) == 1)
    assert "<bdi>Bo</bdi>, use one colour of the remaining dice, or pass" in app.regions()["prompt"]
    app.handle("pass", {})
    assert app.match is not None and app.match.actions[-1] == (1, PASS)


def offers_pass(app: App) -> bool:
    return 'data-act="pass"' in app.regions()["controls"]


def asks(player: int) -> Callable[[App], bool]:
    return lambda app: asked_player(state_of(app), app.answers) == player


def test_pass_is_offered_only_where_the_rules_allow_it() -> None:
    """The active player who can cross must (ruling DICELAND_ACTIVE_MUST_MARK): no Pass for
    them, Pass for the others; an active player whose dice fit nowhere is offered it."""
    seen = {"must cross": False, "fits nowhere": False}
    for seed in range(200):
        app = started(seed=seed)
        to_phase(app, Phase.MARK)
        state = state_of(app)
        assert asked_player(state, app.answers) == state.active
        can_cross = bool(state.sheets[state.active].marks(state.chosen, state.set_aside))
        assert offers_pass(app) is not can_cross, seed
        seen["must cross" if can_cross else "fits nowhere"] = True
        play_until(app, asks(1 - state.active))
        assert offers_pass(app)
        if all(seen.values()):
            return
    raise AssertionError(f"not every case met: {seen}")


def shown_map(app: App) -> int:
    """Whose map phase 2's tabs show open."""
    found = re.search(r'data-player="(\d+)" aria-pressed="true"', app.regions()["controls"])
    assert found is not None, app.regions()["controls"]
    return int(found.group(1))


def test_an_answer_hands_the_screen_to_the_next_to_answer_a_change_of_it_too() -> None:
    """Phase 2 on one phone: after a person answers from their own tab, or changes their answer
    there, the screen goes on to whoever has still to answer (it stayed on the answered map,
    where Pass only gave the same answer again: the monkey's simple player tapped it for ever)."""
    app = started(("Ann", "Bo", "Cy"), seed=4)
    to_phase(app, Phase.MARK)
    active = state_of(app).active
    bo = (active + 1) % 3
    for _ in range(2):  # an answer, then a change of it
        app.handle("view", {"player": str(bo)})
        assert shown_map(app) == bo
        app.handle("pass", {})
        assert app.answers.get(bo) == PASS
        assert shown_map(app) == asked_player(state_of(app), app.answers) != bo


def test_undo_clears_the_selection_before_confirm_and_confirm_plays_it() -> None:
    app = started(seed=4)
    to_phase(app, Phase.MARK)
    state = state_of(app)
    marks = [a for a in state.legal_actions(0) if isinstance(a, Mark)]
    assert marks
    for cell in marks[0].cells:
        app.handle("cell", {"cell": str(cell)})
    assert confirm_enabled(app)
    app.handle("clear", {})
    assert ui_of(app).selection == frozenset() and not confirm_enabled(app)
    assert state_of(app) == state
    for cell in reversed(marks[0].cells):
        app.handle("cell", {"cell": str(cell)})
    app.handle("confirm", {})
    assert app.answers == {0: marks[0]}  # played once Bo has answered too


def test_stop_ends_the_rolling() -> None:
    app = started(seed=4)
    app.handle("roll", {})
    app.handle("colour", {"colour": str(state_of(app).shown_dice[0])})
    app.handle("confirm", {})
    if state_of(app).phase == Phase.STOP_OR_REROLL:
        app.handle("stop", {})
        assert app.match is not None and isinstance(app.match.actions[-1][1], Stop)
        assert "<bdi>Ann</bdi> stopped rolling." in app.regions()["prompt"]
    assert state_of(app).phase == Phase.MARK


def test_forged_taps_are_ignored() -> None:
    app = started(seed=4)
    app.handle("roll", {})
    before = app.match.record() if app.match else None
    for act, data in (
        ("cell", {"cell": "9999"}),
        ("cell", {"cell": "x"}),
        ("cell", {}),
        ("colour", {"colour": "7"}),
        ("colour", {"colour": "-"}),
        ("confirm", {}),
        ("no-such-act", {}),
        ("roll", {}),
    ):
        app.handle(act, data)
    assert app.match is not None and app.match.record() == before


def find_bonus_chain_seed() -> int:
    """A seed where the simple player gets two bonus rolls in a row (a prize in a bonus roll)."""
    for seed in range(300):
        app = started(seed=seed)
        rolls_in_a_row = 0
        while app.screen == "play":
            state = state_of(app)
            if state.phase == Phase.BONUS_ROLL:
                rolls_in_a_row += 1
                if rolls_in_a_row == 2:
                    return seed
            elif state.phase in (Phase.ROLL, Phase.MARK, Phase.CHOOSE):
                rolls_in_a_row = 0
            tap_step(app)
    raise AssertionError("no chain")


def test_bonus_rolls_are_announced_and_taken() -> None:
    app = started(seed=4)
    play_until(app, lambda a: a.screen == "play" and state_of(a).phase == Phase.BONUS_ROLL)
    player = state_of(app).bonus_player
    assert f"<bdi>{('Ann', 'Bo')[player]}</bdi>: bonus roll!" in app.regions()["prompt"]
    assert "Roll the five dice" in app.regions()["controls"]
    app.handle("roll", {})
    state = state_of(app)
    assert state.phase == Phase.BONUS and len(state.shown_dice) == 5
    assert (
        "use one colour of the bonus roll" in app.regions()["prompt"]
        or "pass" in (app.regions()["prompt"])
    )


# -- a whole game ---------------------------------------------------------------------------


def test_a_whole_two_player_game_by_taps_ends_as_the_engine_says() -> None:
    app = started(seed=21)
    play_until(app, lambda a: a.screen == "over")
    final = state_of(app)
    replayed = Match.from_record(json.loads(app.export_record())).state
    assert replayed == final and final.is_terminal
    regions = app.regions()
    winners = final.winners()
    assert winners
    title = re.search(r'<h2 class="winners">(.*?)</h2>', regions["scores"])
    assert title is not None
    for player, name in enumerate(("Ann", "Bo")):
        assert (name in title.group(1)) == (player in winners)
    rows = regions["scores"].split("<tbody>")[1].split("</tr>")
    for player in range(2):
        assert f"<td><strong>{final.prizes(player)}</strong></td>" in rows[player]
        for colour in final.completed_colours(player):
            assert COLOURS[colour] in rows[player]
    assert "New game" in regions["controls"]
    app.handle("cell", {"cell": "1"})  # after the end, taps change nothing
    assert state_of(app) == final


def test_a_solo_game_by_taps_ends() -> None:
    """Solo: the one player is active every turn; choosing a colour that fits, they win."""
    app = started(("Solo",), seed=3, maps=("random",))
    for _ in range(20_000):
        if app.screen == "over":
            break
        state = state_of(app)
        assert state.active == 0
        fits = [
            c
            for c in set(state.shown_dice)
            if state.phase == Phase.CHOOSE and state.sheets[0].marks(c, state.shown_dice.count(c))
        ]
        if fits and ui_of(app).colour is None:
            app.handle("colour", {"colour": str(max(fits, key=state.shown_dice.count))})
        else:
            tap_step(app)
    final = state_of(app)
    assert final.is_terminal and final.winners() == (0,)
    scores = app.regions()["scores"]  # a result, and nobody to beat
    assert f"Goal reached in {final.rounds_played(0)} rounds" in scores and "wins" not in scores


def test_four_players_on_four_maps_play_by_taps_to_the_end() -> None:
    app = started(("A1", "B2", "C3", "D4"), seed=5, maps=("E", "F", "G", "H"))
    play_until(app, lambda a: a.screen == "over")
    assert Match.from_record(json.loads(app.export_record())).state == state_of(app)


def test_the_game_is_saved_after_every_action_and_resumed() -> None:
    store = MemoryStore()
    app = new_app(store)
    app.start(["Ann", "Bo"], 8, game="diceland")
    for _ in range(40):
        tap_step(app)
        assert app.match is not None
        saved = new_app(store)
        assert saved.match is not None and saved.match.record() == app.match.record()
    resumed = new_app(store)
    ui_of(app).forget()  # a reload forgets the choice not yet confirmed
    assert resumed.regions() == app.regions()


def test_hostile_names_are_escaped_everywhere() -> None:
    evil = '<img src=x onerror="alert(1)">'
    app = started((evil, "Bo & <b>"), seed=4)
    for _ in range(30):
        regions = app.regions()
        for html in regions.values():
            assert "<img" not in html and "<b>" not in html
        tap_step(app)
    play_until(app, lambda a: a.screen == "over")
    for html in app.regions().values():
        assert "<img" not in html and "<b>" not in html


def test_every_cell_of_the_asked_map_is_a_labelled_button_with_a_symbol() -> None:
    app = started(seed=4, maps=("B", "C"))
    [board] = shown_sheets(app.regions()["board"])
    assert 'data-seat="0"' in board
    m = state_of(app).map(0)
    cells = re.findall(r'<button class="dl-cell[^"]*" data-act="cell" data-cell="(\d+)"', board)
    assert sorted(map(int, cells)) == list(range(m.cell_count))
    paths = dict(re.findall(r'<path class="([^"]*)" d="([^"]*)"', board))
    for c, colour in enumerate(COLOURS):  # a hex per cell, in its colour's path
        assert paths[f"c-{colour}"].count("Z") == m.colours.count(c)
    assert (paths["start"] + paths["obstacle"]).count("Z") == m.colours.count(-1)
    coloured = m.cell_count - m.colours.count(-1)
    assert (paths["sym"] + paths["sym light"]).count("M") == coloured  # a symbol on each
    assert (paths["ring"] + paths["ring light"]).count("M") == 12  # the prizes
    assert 'aria-label="start, crossed"' not in board and 'aria-label="start"' in board
    [others] = shown_sheets(app.regions()["others"])
    assert 'data-act="cell"' not in others and "Bo" in others and "Prizes: 0/9" in others


def test_a_maps_shapes_are_moved_to_their_cells() -> None:
    assert _moved(SYMBOL_PATHS[0], 10, 20) == "M10 17.1L12.9 20L10 22.9L7.1 20Z"  # ◆
    assert _moved(SYMBOL_PATHS[3], 1.5, -2) == "M-1.2-4.7H4.2V0.7H-1.2Z"  # ■
    # Arcs are relative: only their start moves.
    assert _moved(SYMBOL_PATHS[1], 5, 5) == "M2.15 5a2.85 2.85 0 1 0 5.7 0a2.85 2.85 0 1 0-5.7 0Z"


def hexagon_at(m: DicelandMap, cell: int) -> str:
    """The path of one hex of ``m``'s drawing, at ``cell``."""
    geometry = map_geometry(m)
    return _moved(_hexagon(geometry), *geometry.centres[cell])


def outlined_as_refused(board: str) -> str:
    """The hexes outlined as a refused tap, as a path: one cell's at most."""
    return "".join(re.findall(r'<path class="refused" d="([^"]*)"', board))


def test_maps_are_drawn_tall_for_a_portrait_screen() -> None:
    for map_id in "ABCDEFGH":
        app = started(("Ann",), seed=1, maps=(map_id,))
        geometry = map_geometry(state_of(app).map(0))
        assert geometry.height >= geometry.width * 0.9
