"""Computer seats in the app, in CPython: setup, turns the table watches, a whole game."""

from __future__ import annotations

import json
import re

import pytest
from app_support import new_app

from dadoteca.bots import bot_for, decision_seed, nearest_level
from dadoteca.bots.play import play_bots
from dadoteca.commands import BOT_PAUSE, BOT_SHOW, Answer, RollDice
from dadoteca.core import draw, seed_generator
from dadoteca.games import GAMES
from dadoteca_games.diceland.rules import DicelandState, Mark, Phase
from dadoteca_games.qwixx.rules import QwixxState
from dadoteca_games.qwixx.view import QwixxUI
from dadoteca_web.game_ui import SeatedState, asked_player
from dadoteca_web.storage import SAVE_KEY, MemoryStore


def test_a_seat_chosen_as_computer_is_a_bot_and_needs_no_name() -> None:
    app = new_app()
    app.start(
        ["Ann", "", ""], 5, choices=[{"player": "human"}, {"player": "expert"}, {"player": "easy"}]
    )
    assert app.match is not None
    assert [(s.name, s.kind) for s in app.match.seats] == [
        ("Ann", "human"),
        ("Computer 2", "bot:expert"),
        ("Computer 3", "bot:easy"),
    ]


def test_an_unknown_player_choice_seats_a_person() -> None:
    app = new_app()
    app.start(["Ann", "Bo"], 5, choices=[{"player": "wizard"}, {"player": "normal"}])
    assert app.match is not None
    assert [s.kind for s in app.match.seats] == ["human", "bot:normal"]


def test_the_table_watches_a_computer_turn_and_taps_wait() -> None:
    app = new_app()
    app.start(["", "Ann"], 5, choices=[{"player": "normal"}, {}])
    assert app.computers.to_move() == 0
    regions = app.regions()
    assert "<bdi>Computer 1</bdi> (computer) is playing" in regions["prompt"]
    assert regions["controls"] == ""
    app.handle("roll", {})
    assert app.match is not None and app.match.actions == []  # the tap waited
    moves = app.computers.moves()
    assert next(moves) == BOT_PAUSE  # the table sees whose roll it is
    assert app.match.actions == []
    rest = list(moves)  # it rolls its own dice, then answers the white sum beside Ann at once
    assert BOT_PAUSE not in rest and BOT_SHOW not in rest
    state = app.state
    assert isinstance(state, QwixxState) and not state.is_chance and 0 in app.answers


def test_the_choice_is_shown_before_it_is_played() -> None:
    app = new_app()
    app.start([""], 3, choices=[{"player": "expert"}])
    moves = app.computers.moves()
    while next(moves) != BOT_SHOW:
        pass
    assert app.match is not None and len(app.match.actions) == 1  # the roll; shown, not played
    state = app.state
    action = bot_for("qwixx", "expert").decide(state, 0, decision_seed(3, 1, 0))
    assert isinstance(app.ui, QwixxUI)
    assert app.ui.shown == (0, action)  # a cross on the sheet, a pass on its button
    next(moves)
    assert app.match.actions[-1] == (0, action)
    assert app.ui.shown is None


def test_beside_people_deciding_computers_fill_their_lines_at_once() -> None:
    """The white sum is everyone's: the computers answer without a pause or a show, and the
    people's lines stay open; alone to decide, a computer still takes its time."""
    app = new_app()
    app.start(["Ann", "", ""], 5, choices=[{}, {"player": "normal"}, {"player": "easy"}])
    app.play([RollDice()])  # Ann rolls
    state = app.state
    assert isinstance(state, QwixxState) and state.deciders == (0, 1, 2)
    moves = list(app.computers.moves())
    assert BOT_PAUSE not in moves and BOT_SHOW not in moves
    assert sorted(app.answers) == [1, 2] and app.state is state  # Ann's line is still open
    app.handle("answer", {"player": "0", "row": "none"})
    assert app.state is not state  # the three answers played together


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_person_plays_a_whole_game_against_two_computers(game_id: str) -> None:
    """The person's moves are random legal ones; the computers play theirs; all is saved."""
    store = MemoryStore()
    app = new_app(store)
    app.start(
        ["Ann", "", ""], 8, game=game_id, choices=[{}, {"player": "normal"}, {"player": "easy"}]
    )
    chooser = seed_generator(1)
    for _ in range(5000):
        app.computers.play_all()
        if app.state.is_terminal:
            break
        assert app.match is not None and isinstance(app.state, SeatedState)
        player = asked_player(app.state, app.answers)
        assert app.match.seats[player].kind == "human"
        if app.state.is_chance:
            app.play([RollDice()])
        else:
            chooser, value = draw(chooser)
            legal = app.state.legal_actions(player)
            app.play([Answer(player, legal[value % len(legal)])])
    assert app.state.is_terminal
    assert app.screen == "over"
    saved = new_app(store)
    assert saved.match is not None and saved.match.state == app.state


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_app_plays_computers_by_the_one_rule_of_every_match(game_id: str) -> None:
    """The app's computers, answering the moments people share one by one, play exactly the
    game :func:`dadoteca.drive.play_out` plays for them (everyone decides on the same moment,
    then the decisions apply in seat order)."""
    levels = ["normal", "easy", "expert"] if game_id != "qwixx" else ["normal", "easy", "normal"]
    app = new_app()
    app.start(["", "", ""], 6, game=game_id, choices=[{"player": level} for level in levels])
    app.computers.play_all()
    match = app.match
    assert match is not None and match.state.is_terminal
    driven = play_bots(game_id, [bot_for(game_id, level) for level in levels], 6, match.options)
    assert match.actions == driven.actions


def test_levels_this_version_lacks_play_at_the_nearest_it_has() -> None:
    assert [nearest_level("qwixx", level) for level in ("easy", "random", "expert")] == [
        "easy",
        "random",
        "expert",
    ]
    assert nearest_level("qwixx", "hard") == nearest_level("shelfie", "master") == "expert"
    assert nearest_level("diceland", "beginner") == "easy"
    assert nearest_level("qwixx", "medium") == nearest_level("qwixx", "wizard") == "normal"


def test_a_saved_game_with_a_computer_level_this_version_lacks_is_played_and_said() -> None:
    """A save is validated as an import is: another version's "hard" computer plays at expert,
    the table is told so, and its turns are played (they used to fail at every tap)."""
    store = MemoryStore()
    app = new_app(store)
    app.start(["Ann", ""], 2, choices=[{}, {"player": "expert"}])
    app.handle("roll", {})
    app.handle("answer", {"player": "0", "row": "none"})
    saved = json.loads(store.items[SAVE_KEY])
    saved["seats"][1]["kind"] = "bot:hard"
    store.setItem(SAVE_KEY, json.dumps(saved))
    resumed = new_app(store)
    assert resumed.match is not None and resumed.match.seats[1].kind == "bot:expert"
    assert resumed.notice_kind == "warning"
    assert resumed.notice == (
        "\u2068Computer 2\u2069 plays as “Computer, expert”: "
        "this version has no “hard” computer player."
    )
    assert resumed.computers.to_move() == 1
    resumed.computers.play_all()
    assert resumed.computers.to_move() is None and len(resumed.match.actions) > 2


def test_an_imported_record_with_an_unknown_computer_level_plays_it_at_normal() -> None:
    app = new_app()
    app.start(["Ann", ""], 2, choices=[{}, {"player": "expert"}])
    assert app.match is not None
    record = app.match.record()
    record["seats"][1]["kind"] = "bot:wizard"  # type: ignore[index]
    app.import_record(json.dumps(record))
    assert app.match.seats[1].kind == "bot:expert"  # asked first: a game is in play
    app.handle("import-confirmed", {})
    assert app.match.seats[1].kind == "bot:normal"
    said = "Game imported. \u2068Computer 2\u2069 plays as “Computer, normal”: "
    assert app.notice == f"{said}this version has no “wizard” computer player."


def test_a_plain_bot_seat_from_a_record_plays_at_normal_level() -> None:
    app = new_app()
    app.start(["Ann", "Bo"], 2)
    assert app.match is not None
    data = app.match.record()
    data["seats"][1]["kind"] = "bot"  # type: ignore[index]
    app.import_record(json.dumps(data))
    app.handle("import-confirmed", {})  # it replaces the game in play
    app.handle("roll", {})
    app.handle("answer", {"player": "0", "row": "none"})  # Ann has answered: the bot's turn
    assert app.computers.to_move() == 1
    app.computers.play_all()
    assert app.computers.to_move() is None


def test_the_computers_wait_while_the_table_is_asked_a_question() -> None:
    """An import's "Replace the game in progress?" asked while a computer thinks: it plays
    nothing until the answer, so the answer, sent for the moment it was asked in, counts."""
    app = new_app()
    app.start(["", "Ann"], 5, choices=[{"player": "normal"}, {}])
    assert app.match is not None
    record = app.match.record()
    moves = app.computers.moves()
    assert next(moves) == BOT_PAUSE  # the computer is about to roll
    app.import_record(json.dumps(record))
    asked_at = app.moment
    assert app.confirm is not None and not app.computers.to_act()
    assert list(moves) == [] and list(app.computers.moves()) == []
    assert app.match.actions == [] and app.moment == asked_at
    app.handle("import-confirmed", {})
    assert app.notice == "Game imported." and app.computers.to_act()
    app.import_record(json.dumps(record))
    app.handle("dismiss", {})  # "No, keep playing": the computer goes on
    assert app.computers.to_act()
    app.computers.play_all()
    assert app.match.actions and 0 in app.answers  # it rolled, and answered the white dice


def test_a_computers_diceland_map_shows_its_answer_and_takes_no_tap() -> None:
    """Phase 2 on one screen: a computer's tab opens its map read-only, with its crosses chosen
    and said; a tap there says the computer chooses for itself (issue 54: its tab read
    "answered: change it?", and Confirm then did nothing)."""
    app = new_app()
    app.start(["Ann", "Bo"], 3, game="diceland", choices=[{}, {"player": "normal"}])
    for _ in range(100):  # Ann's first legal action every time, until Bo answers in phase 2
        list(app.computers.moves())
        state = app.state
        assert isinstance(state, DicelandState)
        if state.phase == Phase.MARK and 1 in app.answers:
            break
        if state.is_chance:
            app.play([RollDice()])
        elif 0 in state.deciders and 0 not in app.answers:
            app.play([Answer(0, state.legal_actions(0)[0])])
    answer = app.answers[1]
    tabs = app.regions()["controls"]
    assert "answered: change it?" not in tabs.split('data-player="1"')[1].split("</button>")[0]
    app.handle("view", {"player": "1"})
    regions = app.regions()
    assert app.ui is not None
    said = app.ui.describe(app.state, answer)
    assert f"<bdi>Bo</bdi> chose: {said}" in regions["prompt"]
    assert 'data-act="confirm"' not in regions["controls"]
    if isinstance(answer, Mark):  # its crosses chosen on its map
        for cell in answer.cells:
            assert re.search(f'data-cell="{cell}"[^>]*aria-pressed="true"', regions["board"])
    app.handle("pass", {})
    assert "is a computer and chooses for itself" in app.regions()["notice"]
    assert app.answers[1] == answer
