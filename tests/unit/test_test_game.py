"""A game is one package (issue 53): Two dice, defined only under tests/games, is taken by the
shelf once its folder is on the path, and the app, the table and the records play it with no
line of theirs naming it. The other tests never see it: the shelf is read again without it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from app_support import new_app

from dadoteca.core import UNSEEN, RuleError
from dadoteca.daily import Day, daily_face
from dadoteca.games import GAMES, SHELF, get_game, reshelve
from dadoteca.match import DAILY_DICE, Match
from dadoteca.playout import random_playout
from dadoteca_web.screens import GAME_UIS
from dadoteca_web.shell import game_cards, shell_facts
from dadoteca_web.storage import MemoryStore
from dadoteca_web.today import parse_share_line

TEST_GAMES = Path(__file__).resolve().parents[1] / "games"
GAME_ID = "two_dice"


@contextmanager
def shelf_with_test_games() -> Iterator[None]:
    """The shelf with the games of tests/games, then as it was (their modules forgotten)."""
    sys.path.insert(0, str(TEST_GAMES))
    reshelve()
    try:
        yield
    finally:
        sys.path.remove(str(TEST_GAMES))
        for name in [name for name in sys.modules if name.startswith(f"dadoteca_games.{GAME_ID}")]:
            del sys.modules[name]
        reshelve()


@pytest.fixture
def test_games() -> Iterator[None]:
    with shelf_with_test_games():
        yield


def test_the_shelf_takes_the_test_game_after_its_own_and_forgets_it_after() -> None:
    assert list(GAMES) == list(SHELF)
    with shelf_with_test_games():
        assert list(GAMES) == [*SHELF, GAME_ID]
        assert list(GAME_UIS) == [*SHELF, GAME_ID]
        assert 'name="game" value="two_dice"' in game_cards() and "Two dice" in game_cards()
        effects = shell_facts()["effects"]
        assert isinstance(effects, dict) and effects["two_dice.took"]["mark"] == "total"
    assert list(GAMES) == list(SHELF) and GAME_ID not in GAME_UIS
    assert "two_dice" not in game_cards()
    with pytest.raises(RuleError, match="Unknown game 'two_dice'"):
        get_game(GAME_ID)


@pytest.mark.usefixtures("test_games")
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_random_game_plays_three_rounds_to_an_outcome(players: int) -> None:
    for seed in range(5):
        start = get_game(GAME_ID).new_game(players, seed)
        state = random_playout(start, seed)
        outcome = state.outcome
        assert outcome is not None and outcome.termination == "two_dice.rounds_played"
        assert state.turn == 3 * players
        assert all(3 <= total <= 18 for total in state.scores())
        best = max(state.scores())
        assert outcome.winners == tuple(p for p, s in enumerate(state.scores()) if s == best)


@pytest.mark.usefixtures("test_games")
def test_its_rules_name_the_rule_a_move_breaks_and_read_their_own_record_text() -> None:
    state = get_game(GAME_ID).new_game(2, 3)
    error = state.check(0, state.parse_action("take 4"))
    assert error is not None and error.rule == "two_dice.roll_first"
    rolled = state.apply_chance(state.parse_action("roll 3 5"))
    assert [str(action) for action in rolled.legal_actions(0)] == ["take 3", "take 5"]
    assert rolled.legal_actions(1) == []
    for player, text, rule in [
        (0, "take 4", "two_dice.not_rolled"),
        (1, "take 3", "two_dice.not_your_decision"),
        (0, "roll 1 2", "two_dice.no_roll_now"),
    ]:
        error = rolled.check(player, state.parse_action(text))
        assert error is not None and error.rule == rule, text
    taken = rolled.apply(0, state.parse_action("take 5"))
    assert taken.scores() == (5, 0) and taken.roller == 1
    assert [event.kind for event in taken.events(rolled, 0, state.parse_action("take 5"))] == [
        "two_dice.took"
    ]
    unseen = state.apply_chance(UNSEEN)  # sheets only: any face may be taken
    assert [str(action) for action in unseen.legal_actions(0)] == [f"take {n}" for n in range(1, 7)]
    for text in ["take 5", "roll 6 1", "roll unseen"]:
        assert str(state.parse_action(text)) == text
    for text in [
        "take 7",
        "take 05",
        "take  5",
        "roll 3",
        "roll 1 2 3",
        "Take 5",
        "take \u0665",
        "",
    ]:
        with pytest.raises(RuleError, match="Not a Two dice action"):
            state.parse_action(text)
    with pytest.raises(RuleError, match="A roll is two dice"):
        state.apply_chance(state.parse_action("take 3"))


@pytest.mark.usefixtures("test_games")
def test_the_app_plays_a_whole_game_by_taps_and_its_record_replays() -> None:
    store = MemoryStore()
    app = new_app(store)
    app.start(["Ann", "Bo"], game=GAME_ID)
    assert app.screen == "play" and app.match is not None
    assert "<bdi>Ann</bdi>, roll the dice</h2>" in app.regions()["prompt"]
    taken = [0, 0]
    taps = 0
    while app.screen == "play" and taps < 20:
        state = app.state
        if state.is_chance:
            app.handle("roll", {})
        else:
            assert 'data-act="take"' in app.regions()["controls"]
            pips = max(action.pips for action in state.legal_actions(state.deciders[0]))
            app.handle("take", {"pips": str(pips)})
            taken[state.deciders[0]] += pips
        taps += 1
    assert app.screen == "over" and taps == 12  # three rounds of two turns, a roll and a take
    assert app.state.scores() == tuple(taken)
    scores = app.regions()["scores"]
    assert "3 rounds are played: the game is over" in scores
    assert ("wins!" in scores) != ("share the win!" in scores)
    replayed = Match.from_record(app.match.record())
    assert replayed.state == app.state


@pytest.mark.usefixtures("test_games")
def test_a_tap_on_a_die_not_rolled_is_refused_in_words_and_plays_nothing() -> None:
    app = new_app()
    app.start(["Ann"], game=GAME_ID)
    app.handle("roll", {})
    rolled = app.state
    rolled_faces = {action.pips for action in rolled.legal_actions(0)}
    missing = next(n for n in range(1, 7) if n not in rolled_faces)
    app.handle("take", {"pips": str(missing)})
    assert app.state is rolled
    assert (
        f"Take one of the dice you rolled: {missing} is not one of them" in app.regions()["notice"]
    )
    app.handle("take", {"pips": "9"})  # a forged tap: ignored
    assert app.state is rolled


@pytest.mark.usefixtures("test_games")
def test_todays_game_rolls_each_die_from_its_slot_and_its_line_to_share_parses_back() -> None:
    """Today's game of a game no line of the app names: each die from the day's slot
    (``roll_with``), the line to share with its sheet in one line (``sheet_line``), and no
    expert to wait for where the game has none."""
    app = new_app()
    app.start(["Ann", "Bo"], game=GAME_ID, dice=DAILY_DICE)
    day = Day(GAME_ID, app.today)
    assert app.match is not None and app.match.day == day and app.match.seats[0].name == "Ann"
    app.handle("roll", {})
    faces = [daily_face(day, 1, 0, slot) + 1 for slot in range(2)]
    assert str(app.match.actions[0][1]) == f"roll {faces[0]} {faces[1]}"
    while not app.state.is_terminal:
        if app.state.is_chance:
            app.handle("roll", {})
        else:
            best = max(action.pips for action in app.state.legal_actions(app.state.deciders[0]))
            app.handle("take", {"pips": str(best)})
    assert not app.expert_to_run() and "expert" not in app.regions()["today"]
    app.handle("share", {})
    assert app.day.share is not None
    text, link = app.day.share
    assert link == f"?day={day}"
    shared = parse_share_line(f"{text} https://example.org/{link}")
    assert shared.day == day and shared.picture == f"Σ{app.state.scores()[0]}"
    app.handle("day-next", {})
    assert app.match.seats[0].name == "Bo" and app.match.day == day
