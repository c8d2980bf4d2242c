"""Real dice: the table rolls its own dice and enters them, one tap per die (CPython)."""

from __future__ import annotations

import json
from typing import Final

import pytest
from app_support import new_app
from hypothesis import given
from hypothesis import strategies as st
from properties_support import SEEDS, examples, reach

from dadoteca.bots import bot_for, decision_seed
from dadoteca.commands import Answer, RollDice
from dadoteca.core import Action, AnyState, RuleError, draw, seed_generator
from dadoteca.games import GAMES
from dadoteca.match import Match
from dadoteca_games.diceland.rules import Roll as DicelandRoll
from dadoteca_games.qwixx.rules import QWIXX, QwixxState, Sheet
from dadoteca_games.qwixx.rules import Roll as QwixxRoll
from dadoteca_games.shelfie.rules import SHELFIE, Reroll, ShelfieState
from dadoteca_games.shelfie.rules import Roll as ShelfieRoll
from dadoteca_web.app import App
from dadoteca_web.game_ui import GameUI, SeatedState, asked_player
from dadoteca_web.history import History
from dadoteca_web.i18n import Translator
from dadoteca_web.screens import GAME_UIS
from dadoteca_web.storage import MemoryStore

GAME_IDS: Final = sorted(GAMES)


def real_game(game: str, players: int = 2, **start: object) -> App:
    app = new_app(start.pop("store", None))  # type: ignore[arg-type]
    app.start([f"P{n}" for n in range(players)], 5, game=game, dice="real", **start)  # type: ignore[arg-type]
    return app


def tap_faces(app: App, faces: list[int]) -> None:
    """Enter ``faces`` as a person does: a tap on each die's face (dice alike: on the face)."""
    assert app.ui is not None
    dice = app.ui.dice_to_enter(app.state)
    for slot, face in enumerate(faces):
        if len(set(dice)) > 1:
            app.handle("die-face", {"slot": str(slot), "face": str(face)})
        else:
            app.handle("add-die", {"face": str(face)})


def some_faces(app: App, chooser: int) -> tuple[int, list[int]]:
    """A roll the table might make, drawn from ``chooser``."""
    assert app.ui is not None
    faces = []
    for _ in app.ui.dice_to_enter(app.state):
        chooser, value = draw(chooser)
        faces.append(app.ui.die_faces[value % 6])
    return chooser, faces


def play_out(app: App, seed: int) -> list[list[int]]:
    """Play ``app``'s game to its end: dice entered by taps, random legal decisions; the
    faces entered, roll by roll."""
    chooser = seed_generator(seed)
    entered: list[list[int]] = []
    for _ in range(20_000):
        app.computers.play_all()
        if app.state.is_terminal:
            return entered
        state = app.state
        assert isinstance(state, SeatedState) and app.match is not None
        if state.roller is not None:
            chooser, faces = some_faces(app, chooser)
            tap_faces(app, faces)
            app.handle("enter-dice", {})
            assert app.notice == "" and app.match.actions[-1][0] is None
            entered.append(faces)
            continue
        player = asked_player(state, app.answers)
        chooser, value = draw(chooser)
        legal = app.state.legal_actions(player)
        app.play([Answer(player, legal[value % len(legal)])])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_whole_game_with_entered_dice_replays_from_its_record_and_says_so(game: str) -> None:
    store = MemoryStore()
    app = real_game(game, 3 if game != "qwixx" else 4, store=store)
    entered = play_out(app, 11)
    assert app.match is not None and app.screen == "over"
    record = app.match.record()
    assert record["dice"] == "real"
    rolls = [action for player, action in app.match.actions if player is None]
    assert len(rolls) == len(entered) > 0  # every roll was the table's, entered by taps
    replayed = Match.from_record(json.loads(json.dumps(record)))
    assert replayed.state == app.state and replayed.dice == "real"
    (entry,) = History(store).games()
    assert entry["dice"] == "real"
    # Reloaded, the game is still one the table rolls: nothing is drawn from the seed.
    assert new_app(store).table_rolls


def test_the_faces_entered_are_the_roll_played() -> None:
    app = real_game("qwixx")
    tap_faces(app, [2, 5, 1, 6, 3, 4])
    app.handle("enter-dice", {})
    assert app.match is not None
    assert app.match.actions == [(None, QwixxRoll((2, 5), (1, 6, 3, 4)))]
    app = real_game("diceland")
    tap_faces(app, [5, 0, 0, 3, 2, 2])
    app.handle("enter-dice", {})
    assert app.match is not None and app.match.actions == [(None, DicelandRoll((5, 0, 0, 3, 2, 2)))]


def test_an_app_rolled_game_records_it_and_old_records_are_app_rolled() -> None:
    app = new_app()
    app.start(["Ann"], 5)
    assert app.match is not None and app.match.record()["dice"] == "app"
    app.handle("roll", {})
    assert len(app.match.actions) == 1 and not app.table_rolls
    record = app.match.record()
    del record["dice"]
    assert Match.from_record(record).dice == "app"
    record["dice"] = "loaded"
    with pytest.raises(RuleError) as error:
        Match.from_record(record)
    assert error.value.rule == "record.bad_field"


def test_roll_is_no_tap_at_a_real_dice_table_and_a_reroll_asks_for_the_dice() -> None:
    app = real_game("shelfie")
    app.handle("roll", {})
    assert app.match is not None and app.match.actions == []
    tap_faces(app, [0, 1, 2, 3, 4, 0])
    app.handle("enter-dice", {})
    app.handle("die", {"die": "1"})
    app.handle("die", {"die": "4"})
    app.handle("reroll", {})  # the decision is played; the dice are the table's to roll
    assert app.match.actions[-1] == (0, Reroll((1, 4)))
    state = app.state
    assert isinstance(state, ShelfieState) and state.is_chance
    assert app.ui is not None and len(app.ui.dice_to_enter(state)) == 2
    kept = app.regions()["dice"]
    assert kept.count("sdie kept") == 4
    tap_faces(app, [5, 5])
    app.handle("enter-dice", {})
    last: tuple[int | None, Action] = app.match.actions[-1]
    assert last == (None, ShelfieRoll((0, 5, 2, 3, 5, 0)))


def test_an_entry_is_corrected_until_someone_acts_then_undone_like_any_move() -> None:
    app = real_game("qwixx")
    tap_faces(app, [2, 5, 1, 6, 3, 4])
    app.handle("enter-dice", {})
    assert "Correct the dice" in app.regions()["tools"]
    app.handle("take-back", {})  # the roll comes back into the entry, to be corrected
    assert app.match is not None and app.match.actions == []
    assert app.ui is not None and app.ui.entry(app.state) == [2, 5, 1, 6, 3, 4]
    app.handle("die-face", {"slot": "1", "face": "6"})
    app.handle("enter-dice", {})
    assert app.match.actions == [(None, QwixxRoll((2, 6), (1, 6, 3, 4)))]
    app.handle("answer", {"player": "0", "row": "none"})
    tools = app.regions()["tools"]
    assert "Correct the dice" not in tools and "Undo" in tools  # P0 has acted on it
    app.handle("answer", {"player": "1", "row": "none"})
    app.handle("pass", {})  # a penalty; P1 is to roll
    app.handle("take-back", {})
    assert app.confirm is not None  # P0's move, on P1's screen: asked first, as ever
    app.handle("take-back-confirmed", {})
    assert len(app.match.actions) == 3  # the pass, as with the app's dice


def test_what_cannot_be_entered_is_refused_in_words_and_nothing_is_played() -> None:
    app = real_game("diceland")
    dimmed = '<button class="primary big" data-act="enter-dice" aria-disabled="true">'
    tap_faces(app, [0, 1, 2])
    assert dimmed in app.regions()["controls"]  # not to be used yet, but a tap says why:
    app.handle("enter-dice", {})
    assert app.notice == "Enter every die rolled: 3 dice are still to enter"
    tap_faces(app, [3, 4, 5])
    controls = app.regions()["controls"]
    assert dimmed not in controls and 'data-act="enter-dice">' in controls
    app.handle("add-die", {"face": "0"})  # a seventh die
    assert app.notice == "6 dice are rolled, and all are entered: tap one to take it out"
    assert app.match is not None and app.match.actions == []
    app.handle("clear-die", {"slot": "0"})
    assert app.ui is not None and app.ui.entry(app.state) == [None, 1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    "data",
    [
        {"slot": "9", "face": "1"},
        {"slot": "-1", "face": "1"},
        {"slot": "0", "face": "0"},
        {"slot": "0", "face": "7"},
        {"slot": "\u0661", "face": "1"},  # an Arabic-Indic one: a digit, not an index
        {"slot": "0"},
        {},
    ],
)
def test_forged_entry_taps_change_nothing(data: dict[str, str]) -> None:
    app = real_game("qwixx")
    for act in ("die-face", "add-die", "clear-die"):
        app.handle(act, data)
    assert app.ui is not None and app.ui.entry(app.state) == [None] * 6
    assert app.notice == ""


def test_a_computer_at_a_real_dice_table_waits_for_its_dice_then_decides_on_them() -> None:
    app = new_app()
    app.start(["", "Ann"], 5, choices=[{"player": "expert"}, {}], dice="real")
    assert app.computers.to_move() is None and not app.computers.to_act()
    assert list(app.computers.moves()) == []  # nothing is rolled for it
    assert "roll the dice" in app.regions()["prompt"]
    tap_faces(app, [6, 6, 1, 1, 1, 1])
    app.handle("enter-dice", {})
    rolled = app.state
    app.computers.play_all()
    assert app.match is not None
    assert app.match.actions == [(None, QwixxRoll((6, 6), (1, 1, 1, 1)))]
    expert = bot_for("qwixx", "expert").decide(rolled, 0, decision_seed(5, 1, 0))
    assert app.answers == {0: expert}  # decided on the dice entered


def test_a_locked_rows_die_is_not_asked_for() -> None:
    sheets = (Sheet(), Sheet())
    state = QWIXX.new_game(2, 3)._replace(sheets=sheets, closed=0b0101)  # red and green
    assert isinstance(state, QwixxState)
    app = real_game("qwixx")
    assert app.ui is not None
    assert app.ui.dice_to_enter(state) == ("white", "white", "yellow", "blue")
    assert app.ui.entered_roll(state, [1, 2, 3, 4]) == QwixxRoll((1, 2), (None, 3, None, 4))


# -- the engine refuses what the table cannot have rolled, naming the rule ---------------------


def test_qwixx_refuses_a_locked_rows_die_and_a_missing_one_in_words() -> None:
    state = QWIXX.new_game(2, 3)._replace(closed=0b0001)
    with pytest.raises(RuleError) as error:
        state.apply_chance(QwixxRoll((1, 2), (3, 4, 5, 6)))
    assert error.value.rule == "qwixx.locked_die"
    assert error.value.message == (
        "The red die left the game when its row was locked: it is not rolled"
    )
    with pytest.raises(RuleError) as error:
        state.apply_chance(QwixxRoll((1, 2), (None, 4, None, 6)))
    assert error.value.rule == "qwixx.missing_die"
    assert error.value.message == "The green row is open: its die is rolled too"


def test_my_shelfie_refuses_a_kept_die_that_changed_naming_it() -> None:
    state = SHELFIE.new_game(2, 3)
    state = state.apply_chance(ShelfieRoll((0, 1, 2, 3, 4, 5)))
    state = state.apply(0, Reroll((0, 1)))
    with pytest.raises(RuleError) as error:
        state.apply_chance(ShelfieRoll((5, 5, 2, 3, 0, 5)))
    assert error.value.rule == "shelfie.kept_die"
    assert error.value.message == "Die 5 was kept: only the dice rerolled change"


def entries(ui: GameUI, state: AnyState) -> st.SearchStrategy[list[tuple[str, dict[str, str]]]]:
    """Entry taps: mostly real faces, some forged, as many as the dice or a few more."""
    size = len(ui.dice_to_enter(state))
    faces = st.sampled_from(ui.die_faces) | st.integers(min_value=-1, max_value=8)
    tap = st.tuples(
        st.sampled_from(["die-face", "add-die", "clear-die"]),
        st.fixed_dictionaries(
            {"slot": st.integers(min_value=0, max_value=size).map(str), "face": faces.map(str)}
        ),
    )
    return st.lists(tap, max_size=size + 3)


@examples(150)
@given(
    data=st.data(),
    game=st.sampled_from(GAME_IDS),
    seed=SEEDS,
    steps=st.integers(min_value=0, max_value=120),
)
def test_every_complete_entry_is_the_roll_played_and_any_other_is_refused_with_a_rule(
    data: st.DataObject, game: str, seed: int, steps: int
) -> None:
    """Whatever taps come, Use plays exactly the dice entered if every die is, and otherwise
    says which rule it breaks; the match is untouched by a refusal."""
    ui = GAME_UIS[game](Translator("en", {}), ("Ann", "Bo"), real_dice=True)
    state: AnyState = reach(GAMES[game].new_game(2, seed), seed, steps)
    if not state.is_chance:
        return
    for act, tap in data.draw(entries(ui, state), label="taps"):
        try:
            ui.handle_roll(state, act, tap)
        except RuleError as error:
            assert error.rule == "dice.all_entered"
    entry = ui.entry(state)
    try:
        steps_played = ui.handle_roll(state, "enter-dice", {})
    except RuleError as error:
        assert error.rule == "dice.to_enter" and None in entry
        return
    assert None not in entry
    (rolled,) = steps_played
    assert isinstance(rolled, RollDice) and rolled.outcome is not None
    roll = rolled.outcome
    assert ui.entered_faces(state, roll) == entry
    state.apply_chance(roll)  # every face a die shows, for every die in play, is accepted
