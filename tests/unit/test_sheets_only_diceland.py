"""Diceland with sheets only: the table rolls its own dice and enters none; each player crosses
on their own map by taps, and the app checks only what the map says (CPython)."""

from __future__ import annotations

import json
import random
import re
from html import escape

import pytest
from app_support import new_app
from test_diceland_app import hexagon_at, outlined_as_refused, state_of, ui_of

from dadoteca.core import UNSEEN, RuleError
from dadoteca.match import Match
from dadoteca_games.diceland.maps import Kind
from dadoteca_games.diceland.rules import COLOURS, PASS, DicelandState, Mark, Phase
from dadoteca_web.app import App
from dadoteca_web.game_ui import asked_player
from dadoteca_web.i18n import Translator
from dadoteca_web.storage import GameStore, MemoryStore

NAMES = ("Ann", "Bo", "Cy")
CHECKS = "The app checks your map, not the dice."


def sheets_game(store: MemoryStore | None = None) -> App:
    app = new_app(store)
    maps = [{"map": m} for m in ("A", "C", "E")]  # fixed: the dealt ones are drawn at random
    app.start(list(NAMES), 5, game="diceland", dice="sheets", choices=maps)
    assert app.screen == "play", app.regions()["notice"]
    return app


def viewed(app: App) -> int:
    """Whose map the screen shows, big (and whose decision a tap makes): the others' big maps
    are drawn hidden."""
    seat = re.search(
        r'<section class="dl-sheet big[^"]*"[^>]*data-seat="(\d+)"[^>]*data-shell>',
        app.regions()["board"],
    )
    assert seat is not None
    return int(seat.group(1))


def highlighted(board: str) -> list[int]:
    return [
        int(c)
        for c in re.findall(r'class="dl-cell legal" data-act="cell" data-cell="(\d+)"', board)
    ]


def confirm_enabled(controls: str) -> bool:
    return re.search(r'data-act="confirm"(?! disabled)>', controls) is not None


def open_tabs(controls: str) -> dict[int, str]:
    """The players whose map a tab opens now, and what the tab says of them."""
    tabs = re.findall(
        r'data-act="view" data-player="(\d+)" aria-pressed="\w+">.*?<small>(.*?)</small>', controls
    )
    return {int(player): status for player, status in tabs}


def regions_without_dice(app: App) -> dict[str, str]:
    """The screen, checked: a decision, never a roll; no die drawn, nothing to roll or enter;
    the prompt says what to do in words."""
    state = state_of(app)
    assert not state.is_chance and state.phase in (Phase.MARK, Phase.BONUS)
    assert state.dice is UNSEEN
    regions = app.regions()
    assert regions["dice"] == ""
    page = "".join(regions.values())
    for drawn in ("dl-die", "dice-entry", 'data-act="roll"', 'data-act="enter-dice"'):
        assert drawn not in page
    assert f'<p class="hint">{CHECKS}</p>' in regions["prompt"]
    return regions


def prompt_for(app: App, player: int) -> str:
    state = state_of(app)
    name = f"<bdi>{NAMES[player]}</bdi>"
    if not state.playable_cells(player):
        return f"{name}, nothing on your map can be crossed now: pass"
    if state.phase == Phase.BONUS:
        return f"{name}: bonus roll! Cross the cells of one colour your 5 dice show, or pass"
    if player == state.active:
        return f"{name}, cross the cells your dice allow, or pass"
    return f"{name}, cross the cells the dice left over allow, or pass"


def refused(app: App, act: str, data: dict[str, str]) -> str:
    """The rule a tap breaks: the view raises it, the App says it and nothing changes."""
    ui = ui_of(app)
    assert app.match is not None
    state, actions, answers = app.state, list(app.match.actions), dict(app.answers)
    selection = ui.selection
    with pytest.raises(RuleError) as raised:
        ui.handle(state, app.answers, act, data)
    app.handle(act, data)
    notice = app.regions()["notice"]
    assert "notice error" in notice and escape(app.t.rule(raised.value)) in notice
    assert app.state is state and app.match.actions == actions and app.answers == answers
    assert ui.selection == selection
    return raised.value.rule


def decide_by_taps(app: App, rng: random.Random) -> None:
    """One decision of the player on screen, as a finger makes it: highlighted cells one by
    one up to a size picked at random, Clear now and then, then Confirm; or Pass."""
    player = viewed(app)
    state = state_of(app)
    most = max(state.usable_dice(player))
    assert most == (6 if state.phase == Phase.MARK and player == state.active else 5)
    regions = regions_without_dice(app)
    assert f'<h2 class="prompt">{prompt_for(app, player)}</h2>' in regions["prompt"]
    assert f"Tap highlighted cells of one colour, up to {most}" in regions["controls"]
    if rng.random() < 0.1 or not highlighted(regions["board"]):
        app.handle("pass", {})
        return
    target = rng.randint(1, most)
    cleared = rng.random() < 0.2
    while True:
        cells = highlighted(regions["board"])
        selection = ui_of(app).selection
        if confirm_enabled(regions["controls"]) and (len(selection) >= target or not cells):
            break
        app.handle("cell", {"cell": str(rng.choice(cells))})
        regions = regions_without_dice(app)
        selection = ui_of(app).selection
        assert 1 <= len(selection) <= most
        colours = {state.map(player).colours[cell] for cell in selection}
        assert len(colours) == 1  # the first cell tapped set the colour
        said = rf"Chosen: {len(selection)} {COLOURS[colours.pop()]} cells?, at most {most}"
        assert re.search(said, regions["controls"])
        if cleared:
            cleared = False
            app.handle("clear", {})
            assert not ui_of(app).selection
            regions = regions_without_dice(app)
    chosen = tuple(sorted(ui_of(app).selection))
    app.handle("confirm", {})
    assert app.match is not None and app.regions()["notice"] == ""
    played = app.answers.get(player) or next(
        action for who, action in reversed(app.match.actions) if who == player
    )
    assert isinstance(played, Mark) and played.cells == chosen


def test_a_whole_three_player_game_by_taps_with_no_dice_on_screen_replays_from_its_record() -> None:
    store = MemoryStore()
    app = sheets_game(store)
    rng = random.Random(7)
    phases: set[str] = set()
    for _ in range(5_000):
        if app.screen == "over":
            break
        state = state_of(app)
        phases.add(state.phase)
        controls = regions_without_dice(app)["controls"]
        tabs = open_tabs(controls)
        if state.phase == Phase.MARK:  # everyone's at once: a tab per player still to decide
            assert set(tabs) == set(state.deciders)  # an answer may be changed till all answer
            pick = rng.choice([player for player, said in tabs.items() if said == "to answer"])
            app.handle("view", {"player": str(pick)})
            assert viewed(app) == pick
        else:
            assert tabs == {} and viewed(app) == state.bonus_player
        decide_by_taps(app, rng)
    else:
        raise AssertionError("the game did not end")
    assert phases == {Phase.MARK, Phase.BONUS}
    final = state_of(app)
    assert final.is_terminal and final.winners()
    assert "dl-die" not in "".join(app.regions().values())
    assert app.match is not None
    record = app.match.record()
    assert record["dice"] == "sheets"
    rolls = [action for player, action in app.match.actions if player is None]
    assert rolls and all(roll is UNSEEN for roll in rolls)
    replayed = Match.from_record(json.loads(json.dumps(record)))
    assert replayed.dice == "sheets" and replayed.state == final
    assert Match.from_record(json.loads(app.export_record())).state == final


def test_every_player_may_cross_up_to_their_dice_in_any_colour_or_pass() -> None:
    app = sheets_game()
    state = state_of(app)
    regions = regions_without_dice(app)
    assert state.active == viewed(app) == 0 and state.rolling_ended is None
    assert '<p class="turn-count">Turn 1 · round 1 · <bdi>Ann</bdi> rolls</p>' in regions["prompt"]
    assert prompt_for(app, 0) in regions["prompt"]
    # The highlighted cells are the engine's: every colour's marks, of every size up to 6.
    assert highlighted(regions["board"]) == list(state.playable_cells(0))
    assert len({state.map(0).colours[c] for c in state.playable_cells(0)}) > 1
    app.handle("pass", {})  # the active player may pass: the dice were not seen
    assert app.answers == {0: PASS}
    app.handle("view", {"player": "2"})
    regions = regions_without_dice(app)
    assert prompt_for(app, 2) in regions["prompt"]
    assert "Tap highlighted cells of one colour, up to 5" in regions["controls"]


def test_a_forbidden_tap_says_the_rule_and_changes_nothing() -> None:
    app = sheets_game()
    state = state_of(app)
    m = state.map(0)
    assert refused(app, "cell", {"cell": str(m.start)}) == "diceland.crossed"
    obstacle = next(c for c in range(m.cell_count) if m.kinds[c] == Kind.OBSTACLE)
    assert refused(app, "cell", {"cell": str(obstacle)}) == "diceland.obstacle"
    assert outlined_as_refused(app.regions()["board"]) == hexagon_at(m, obstacle)
    playable = state.playable_cells(0)
    far = next(
        c
        for c in range(m.cell_count)
        if m.kinds[c] == Kind.COLOUR
        and c not in playable
        and state.open_area(0, m.colours[c]) is None
    )
    assert refused(app, "cell", {"cell": str(far)}) == "diceland.not_touching"
    # A selection's colour is its first cell's: a cell of another colour is refused.
    first = next(c for c in playable if state.check(0, Mark(m.colours[c], (c,))) is None)
    app.handle("cell", {"cell": str(first)})
    assert ui_of(app).selection == {first}
    other = next(c for c in playable if m.colours[c] != m.colours[first])
    assert refused(app, "cell", {"cell": str(other)}) == "diceland.wrong_colour"
    assert ui_of(app).selection == {first}


def test_a_cell_that_cannot_be_crossed_alone_keeps_confirm_waiting_and_says_why() -> None:
    app = sheets_game()
    state = state_of(app)
    m = state.map(0)
    lone = next(
        c for c in state.playable_cells(0) if state.check(0, Mark(m.colours[c], (c,))) is not None
    )
    app.handle("cell", {"cell": str(lone)})
    controls = regions_without_dice(app)["controls"]
    assert ui_of(app).selection == {lone} and not confirm_enabled(controls)
    assert "Every cross must touch a crossed cell" in controls
    app.handle("confirm", {})  # a forged tap on the disabled button: the engine refuses it
    assert "Every cross must touch a crossed cell" in app.regions()["notice"]
    assert app.answers == {} and ui_of(app).selection == {lone}
    app.handle("clear", {})
    assert not ui_of(app).selection and "Every cross" not in app.regions()["controls"]


def test_more_cells_than_the_dice_allow_are_refused_with_unseen_count() -> None:
    """Bo (not rolling) may use 5 dice: a sixth cell of a legal six-cell mark is refused."""
    app = sheets_game()
    rng = random.Random(3)
    for _ in range(200):
        state = state_of(app)
        if state.phase == Phase.MARK and 1 in state.deciders and 1 not in app.answers:
            app.handle("view", {"player": "1"})
            found = _five_and_one_more(state, 1)
            if found is not None:
                break
            app.handle("pass", {})
        else:
            decide_by_taps(app, rng)
    else:
        raise AssertionError("no six-cell mark found")
    five, extra = found
    for cell in five:  # each one highlighted, as the selection grows toward a legal mark
        assert cell in highlighted(app.regions()["board"])
        app.handle("cell", {"cell": str(cell)})
    assert ui_of(app).selection == set(five) and confirm_enabled(app.regions()["controls"])
    assert (
        "Chosen: 5 " in app.regions()["controls"]
        and "cells, at most 5" in app.regions()["controls"]
    )
    assert extra not in highlighted(app.regions()["board"])
    assert refused(app, "cell", {"cell": str(extra)}) == "diceland.unseen_count"
    assert "You can use at most 5 dice now: cross at most 5 cells" in app.regions()["notice"]
    app.handle("confirm", {})
    assert app.answers[1] == Mark(state.map(1).colours[extra], five)


def _five_and_one_more(state: DicelandState, player: int) -> tuple[tuple[int, ...], int] | None:
    """A legal five-cell mark of ``player``'s and a cell that makes it a six-cell placement."""
    for colour in range(len(COLOURS)):
        marks = set(state.placements(player, colour, 5))
        for six in state.placements(player, colour, 6):
            for extra in six:
                five = tuple(c for c in six if c != extra)
                if five in marks:
                    return five, extra
    return None


def test_a_bonus_roll_is_one_players_with_five_dice() -> None:
    app = sheets_game()
    rng = random.Random(11)
    for _ in range(2_000):
        if state_of(app).phase == Phase.BONUS:
            break
        decide_by_taps(app, rng)
    else:
        raise AssertionError("no bonus roll")
    state = state_of(app)
    player = state.bonus_player
    regions = regions_without_dice(app)
    assert viewed(app) == player and open_tabs(regions["controls"]) == {}
    assert prompt_for(app, player) in regions["prompt"]
    assert "Tap highlighted cells of one colour, up to 5" in regions["controls"]
    assert highlighted(regions["board"]) == list(state.playable_cells(player))


def test_a_reload_shows_the_same_decision_without_dice() -> None:
    store = MemoryStore()
    app = sheets_game(store)
    rng = random.Random(5)
    for _ in range(12):
        decide_by_taps(app, rng)
        ui_of(app).forget()  # a reload forgets the choice not yet confirmed
        resumed = App(GameStore(store), Translator("en", {}), lambda: 9)
        assert resumed.match is not None and app.match is not None
        assert resumed.match.record() == app.match.record()
        assert resumed.regions() == app.regions()
        regions_without_dice(resumed)


def test_the_answered_player_is_asked_next_when_no_map_is_opened() -> None:
    app = sheets_game()
    app.handle("pass", {})
    assert viewed(app) == asked_player(state_of(app), app.answers) == 1
