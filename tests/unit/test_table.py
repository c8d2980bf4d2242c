"""At the table, in CPython: who starts, everyone answering at once, Undo and Redo, the
questions asked before what cannot be taken back, solo results, and what a reload restores."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable

import pytest

from dadoteca.commands import Answer
from dadoteca.core import RuleError
from dadoteca.table import ANSWERS_TAKEN_BACK
from dadoteca_games.qwixx.rules import PASS, RED, Cross, Phase, QwixxState
from dadoteca_web.app import App
from dadoteca_web.app_view import RESULT, STARTS_CHOSEN, STARTS_DRAWN
from dadoteca_web.i18n import Translator
from dadoteca_web.storage import SAVE_KEY, GameStore, MemoryStore

NAMES = ["Anna", "Bruno", "Carla"]


def new_app(store: MemoryStore | None = None, randbelow: random.Random | None = None) -> App:
    draw = (randbelow or random.Random(1)).randrange
    return App(GameStore(store or MemoryStore()), Translator("en", {}), lambda: 3, randbelow=draw)


def qwixx(app: App) -> QwixxState:
    state = app.state
    assert isinstance(state, QwixxState)
    return state


def rolled(names: list[str] = NAMES, store: MemoryStore | None = None) -> App:
    app = new_app(store)
    app.start(names, 3)
    app.handle("roll", {})
    return app


def answer(app: App, player: int, row: int | str) -> None:
    app.handle("answer", {"player": str(player), "row": str(row)})


# --- Who starts ------------------------------------------------------------------------------


def test_the_first_player_is_drawn_uniformly() -> None:
    """Every rule book draws the first player: over 6,000 draws each of 3 seats starts about
    a third of the time (a chi-square test at the 0.1% level, 2 degrees of freedom)."""
    draws = random.Random(20)
    starts: Counter[str] = Counter()
    for _ in range(6000):
        app = new_app(randbelow=draws)
        app.start(NAMES, 1, first=None)
        assert app.match is not None
        starts[app.match.seats[0].name] += 1
    expected = 6000 / 3
    chi_square = sum((starts[name] - expected) ** 2 / expected for name in NAMES)
    assert chi_square < 13.82, starts


def test_the_seats_turn_so_the_first_player_sits_first_and_the_table_is_told() -> None:
    app = new_app()
    app.start(NAMES, 1, first=2)
    assert app.match is not None
    assert [seat.name for seat in app.match.seats] == ["Carla", "Anna", "Bruno"]  # clockwise
    events = app.take_events()
    assert [(e.kind, e.players) for e in events] == [(STARTS_CHOSEN, (0,))]
    assert app.view.say(events[0]) == "<bdi>Carla</bdi> starts"
    drawn = new_app(randbelow=random.Random(3))
    drawn.start(NAMES, 1, first=None)
    (event,) = drawn.take_events()
    assert event.kind == STARTS_DRAWN and "drawn at random" in (drawn.view.say(event) or "")


def test_someone_else_may_start_instead_until_the_first_roll() -> None:
    """The draw is shown with the others to pick instead; a pick turns the seats, each keeping
    what is theirs (Diceland's map), with the same dice to come; after the roll, no more."""
    app = new_app(randbelow=random.Random(3))
    app.start(NAMES, 1, game="diceland", first=None)
    assert app.match is not None
    seats, maps = app.match.seats, str(app.match.options["maps"]).split(",")
    prompt = app.regions()["prompt"]
    assert prompt.count('data-act="starter"') == 2
    assert f'aria-label="\u2068{seats[2].name}\u2069 starts instead"' in prompt
    app.take_events()
    app.handle("starter", {"player": "2"})
    assert app.match.seats == seats[2:] + seats[:2]
    assert str(app.match.options["maps"]).split(",") == maps[2:] + maps[:2]
    assert [e.kind for e in app.take_events()] == [STARTS_CHOSEN]
    first_roll = app.match.state.roll()
    for forged in ("0", "3", "x"):
        app.handle("starter", {"player": forged})
    assert app.match.seats[0] == seats[2]
    app.handle("roll", {})
    assert app.match.actions[0] == (None, first_roll)
    assert 'data-act="starter"' not in app.regions()["prompt"]
    app.handle("starter", {"player": "1"})
    assert app.match.seats[0] == seats[2]


def test_with_sheets_only_who_starts_may_change_until_someone_has_played() -> None:
    app = new_app()
    app.start(NAMES, 1, dice="sheets")
    assert 'data-act="starter"' in app.regions()["prompt"]
    app.handle("starter", {"player": "1"})
    assert app.match is not None and app.match.seats[0].name == "Bruno"
    assert app.match.actions and app.state.deciders  # the table's roll, made unseen at once
    app.play([Answer(0, PASS)])
    assert 'data-act="starter"' not in app.regions()["prompt"]


def test_empty_names_play_as_the_names_shown_and_computers_as_computer_n() -> None:
    app = new_app()
    app.start(["", "Bruno", ""], 1, choices=[{}, {}, {"player": "easy"}])
    assert app.match is not None
    names = [(seat.name, seat.kind) for seat in app.match.seats]
    assert names == [("Player 1", "human"), ("Bruno", "human"), ("Computer 3", "bot:easy")]


# --- Everyone answers the white sum at once ----------------------------------------------------


def test_everyone_answers_the_white_sum_in_any_order_and_may_change_it() -> None:
    app = rolled()
    assert app.hands.startswith("everyone")
    board = app.regions()["controls"]
    for name in NAMES:  # each control names its player
        label = f"\u2068{name}\u2069"  # isolated: a name cannot reorder the label
        assert f'aria-label="{label}: red' in board and f'aria-label="{label}: no cross"' in board
    answer(app, 2, RED)
    answer(app, 0, "none")
    answer(app, 2, "none")  # Carla changes her mind
    assert app.answers == {0: PASS, 2: PASS} and qwixx(app).phase == Phase.ACTION1
    total = qwixx(app).white_sum
    answer(app, 1, RED)  # the last answer plays them all, in the order given
    assert app.match is not None
    assert app.match.actions[1:] == [(0, PASS), (2, PASS), (1, Cross(RED, total))]
    assert qwixx(app).phase == Phase.ACTION2 and app.hands == "player 0"


def test_done_never_answers_for_the_roller() -> None:
    """Papà rolls; Mamma crosses, then "Done": it answers for Nonna, named on the button, and
    not for Papà, whose own answer the turn needs next."""
    app = rolled()
    answer(app, 1, RED)
    assert app.table is not None and app.table.passing_for == (2,)
    assert "Done: Carla crosses nothing" in re.sub(
        "<[^>]+>", "", app.regions()["controls"]
    )
    app.handle("done", {})
    assert app.answers == {1: Cross(RED, qwixx(app).white_sum), 2: PASS}
    assert qwixx(app).phase == Phase.ACTION1 and not app.table.passing_for
    assert 'data-act="done"' not in app.regions()["controls"]
    answer(app, 0, "none")  # the roller's own answer closes the moment
    assert qwixx(app).phase == Phase.ACTION2


def test_a_person_changes_or_takes_back_their_answer_after_another_answered() -> None:
    app = rolled()
    answer(app, 1, RED)
    answer(app, 2, "none")
    answer(app, 1, "none")  # Bruno changes his mind after Carla answered
    assert app.answers == {2: PASS, 1: PASS}
    answer(app, 2, "none")  # Carla taps her chosen answer again: taken back, in one tap
    assert app.answers == {1: PASS} and qwixx(app).phase == Phase.ACTION1


def test_a_refused_answer_says_the_rule() -> None:
    app = new_app()
    app.start(NAMES, 3)
    app.handle("roll", {})
    total = qwixx(app).white_sum
    wrong = 2 if total != 2 else 3
    app.handle("cell", {"seat": "1", "row": "0", "number": str(wrong)})
    assert app.notice_kind == "error" and f"({total})" in app.notice
    assert app.answers == {}


def test_answers_given_so_far_come_back_after_a_reload() -> None:
    store = MemoryStore()
    app = rolled(store=store)
    answer(app, 2, RED)
    saved = json.loads(store.items[SAVE_KEY])
    assert saved["answers"] == [[2, f"red {qwixx(app).white_sum}"]]
    resumed = new_app(store)
    assert resumed.answers == app.answers and resumed.regions() == app.regions()


def test_a_tampered_saved_answer_is_dropped_and_the_game_kept() -> None:
    store = MemoryStore()
    rolled(store=store)
    saved = json.loads(store.items[SAVE_KEY])
    saved["answers"] = [[1, "red 99"], [9, "pass"], ["x", 3], [0, "pass"]]
    store.items[SAVE_KEY] = json.dumps(saved)
    resumed = new_app(store)
    assert resumed.answers == {0: PASS} and resumed.match is not None


# --- Undo and Redo ------------------------------------------------------------------------------


def test_undo_takes_back_an_open_moments_last_answer_then_a_closed_moment_in_one_step() -> None:
    app = rolled()
    answer(app, 0, "none")
    answer(app, 1, "none")
    app.handle("take-back", {})
    assert app.answers == {0: PASS} and app.confirm is None
    total = qwixx(app).white_sum
    answer(app, 1, RED)  # Bruno's mistake, then Carla closes the moment
    answer(app, 2, "none")
    assert app.match is not None and len(app.match.actions) == 4
    state = qwixx(app)
    app.handle("take-back", {})  # the moment, as one step: one question naming everyone
    assert app.confirm is not None
    assert all(name in app.confirm.text for name in NAMES)
    app.handle("take-back-confirmed", {})
    assert len(app.match.actions) == 1 and qwixx(app).phase == Phase.ACTION1
    assert app.answers == {0: PASS, 1: Cross(RED, total)}  # all but Carla's, the last
    assert [e.kind for e in app.take_events()][-1] == ANSWERS_TAKEN_BACK
    app.handle("redo", {})
    assert qwixx(app) == state and app.answers == {}
    app.handle("take-back", {})
    app.handle("take-back-confirmed", {})
    answer(app, 1, "none")  # Bruno mends his answer in one tap; Carla answers again
    answer(app, 2, "none")
    assert [a for _, a in app.match.actions[1:]] == [PASS, PASS, PASS]
    assert app.table is not None and app.table.redo_groups == ()


def test_undo_of_a_roll_brings_back_the_same_dice() -> None:
    app = new_app()
    app.start(["Anna"], 5)
    app.handle("roll", {})
    dice = qwixx(app).dice
    app.handle("take-back", {})
    assert qwixx(app).is_chance and app.confirm is None  # her own roll: no question
    app.handle("roll", {})
    assert qwixx(app).dice == dice


def test_undo_skips_back_over_the_computers_moves_to_the_last_persons() -> None:
    app = new_app()
    app.start(["Anna", ""], 5, choices=[{}, {"player": "easy"}])
    app.handle("roll", {})
    answer(app, 0, "none")
    app.computers.play_all()  # the computer answers, Anna decides her action 2
    assert qwixx(app).phase == Phase.ACTION2
    app.handle("pass", {})
    app.computers.play_all()  # the computer rolls and answers; the table waits for Anna
    assert app.match is not None and app.match.actions[-1][0] is None and app.answers
    app.handle("take-back", {})  # the computer's roll and answer go with Anna's pass
    assert app.confirm is None
    assert qwixx(app).phase == Phase.ACTION2 and qwixx(app).active == 0
    assert app.match.actions[-1] != (0, PASS) and app.answers == {}


def test_nothing_to_take_back_at_the_start() -> None:
    app = new_app()
    app.start(NAMES, 3)
    assert 'data-act="take-back" aria-label="Undo the last move" disabled' in app.regions()["tools"]
    app.handle("take-back", {})
    assert app.match is not None and app.match.actions == []


def test_a_new_move_forgets_what_redo_would_play() -> None:
    app = new_app()
    app.start(["Anna"], 5)
    app.handle("roll", {})
    app.handle("take-back", {})
    app.handle("roll", {})
    redo = 'data-act="redo" aria-label="Redo the move taken back" disabled'
    assert redo in app.regions()["tools"]


# --- Questions before what cannot be taken back ------------------------------------------------


def test_new_game_and_import_ask_first_and_no_keeps_everything() -> None:
    app = rolled()
    app.handle("new-game", {})
    assert app.confirm is not None and app.confirm.yes == "new-game-confirmed"
    app.handle("dismiss", {})
    assert app.confirm is None and app.screen == "play"
    other = new_app()
    other.start(["Zoe"], 9)
    app.import_record(other.export_record())
    assert app.confirm is not None and app.confirm.yes == "import-confirmed"
    assert app.match is not None and app.match.seats[0].name == "Anna"
    app.handle("import-confirmed", {})
    assert app.match.seats[0].name == "Zoe" and "imported" in app.notice


def test_an_import_on_the_setup_or_the_end_screen_needs_no_question() -> None:
    app = new_app()
    other = new_app()
    other.start(["Zoe"], 9)
    app.import_record(other.export_record())
    assert app.confirm is None and app.match is not None


# --- A solo game has a result, not a winner -----------------------------------------------------


def play_to_the_end(
    app: App, answers: Callable[[QwixxState], list[Answer]] = lambda _: [Answer(0, PASS)]
) -> None:
    """Roll, and answer each moment of the Qwixx game with ``answers`` (by default: the one
    player passes), until the game is over."""
    for _ in range(500):
        if app.screen == "over":
            return
        state = qwixx(app)
        if state.is_chance:
            app.handle("roll", {})
        else:
            app.play(answers(state))
    raise AssertionError("the game did not end")


def test_a_solo_game_ends_with_the_score_and_the_best_on_this_device() -> None:
    store = MemoryStore()
    first = new_app(store)
    first.start(["Anna"], 5)
    play_to_the_end(first)
    scores = first.regions()["scores"]
    assert "wins" not in scores and "Your score: -20" in scores
    said = [first.view.say(event) for event in first.take_events()]
    assert said[-1] == "Your score: -20"  # said last, after why the game ended
    assert json.loads(store.items["dadoteca.history"])["games"][-1]["winners"] == []
    again = new_app(store)
    again.start(["Anna"], 6)
    play_to_the_end(again)
    assert "your best on this device: -20" in again.regions()["scores"]


def test_check_is_the_only_judge_of_an_answer() -> None:
    app = rolled()
    with pytest.raises(RuleError):
        app.play([Answer(0, Cross(RED, 99))])


def test_the_end_is_said_with_its_reason_then_the_winners() -> None:
    app = new_app()
    app.start(["Anna", "Bruno"], 5)
    play_to_the_end(  # Anna crosses what she can; Bruno passes, collecting penalties to the end
        app,
        lambda state: [Answer(p, state.legal_actions(p)[-1 if p else 0]) for p in state.deciders],
    )
    outcome = app.state.outcome
    assert outcome is not None
    events = app.take_events()
    assert [e.kind for e in events][-2:] == [outcome.termination, RESULT]
    winners = ", ".join(app.ui.name(p) for p in outcome.winners)  # type: ignore[union-attr]
    assert app.view.say(events[-1]) in (f"{winners} wins!", f"{winners} share the win!")


def test_a_solo_game_is_not_said_to_start_with_a_draw() -> None:
    app = new_app()
    app.start(["Anna"], 3, first=None)
    assert [event.kind for event in app.take_events()] == []
