"""The coach: the expert's hint for a decision, its words, and its marks in the record and
at the end of the game."""

from __future__ import annotations

import json
import re
from math import inf

import pytest
from app_support import new_app
from bots_support import moments, varied_maps

from dadoteca.bots import (
    LEAD,
    POINTS,
    TURNS,
    WIN_CHANCE,
    Appraisal,
    Weighed,
    coach_for,
    decision_seed,
    expert_for,
    finish,
)
from dadoteca.bots.base import UNITS
from dadoteca.commands import Answer, RollDice
from dadoteca.core import PASS, RuleError
from dadoteca.games import GAMES, get_game
from dadoteca.match import SHEETS_ONLY, Match, Seat
from dadoteca.playout import random_match
from dadoteca_games.qwixx.rules import Cross, QwixxState
from dadoteca_games.qwixx.view import QwixxUI
from dadoteca_games.shelfie.rules import Reroll
from dadoteca_web.app import App
from dadoteca_web.coach import hint_text
from dadoteca_web.game_ui import BULB_ICON
from dadoteca_web.i18n import DECIMAL_SYMBOL, Translator

# Random moments per game: (players, games, every n-th decision).
SAMPLES = {"qwixx": (2, 2, 4), "diceland": (2, 1, 9), "shelfie": (2, 3, 4)}
SOLO_SAMPLES = {"qwixx": (1, 2, 3), "diceland": (1, 1, 9), "shelfie": (1, 2, 4)}


@pytest.mark.parametrize("samples", [SAMPLES, SOLO_SAMPLES], ids=["rivals", "solo"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_hint_is_the_coachs_legal_choice_the_same_every_time_and_blind_to_the_dice(
    game_id: str, samples: dict[str, tuple[int, int, int]]
) -> None:
    expert = coach_for(game_id)
    players, games, every = samples[game_id]
    options = varied_maps if game_id == "diceland" else None
    for number, (state, player) in enumerate(moments(game_id, players, games, every, options)):
        appraisal = finish(expert.appraisal(state, player, number))
        legal = state.legal_actions(player)
        actions = [weighed.action for weighed in appraisal.options]
        assert set(actions) <= set(legal)
        assert len(set(actions)) == len(actions)
        assert appraisal.choice == expert.decide(state, player, number)
        # The others come best first, each valued in the appraisal's unit.
        others = [weighed.value for weighed in appraisal.options[1:]]
        assert others == sorted(others, reverse=True)
        assert appraisal.unit in UNITS
        if appraisal.unit == WIN_CHANCE:
            assert all(0 <= value <= 1 for value in [appraisal.options[0].value, *others])
        # The same moment with other dice to come: the same hint, the same words.
        assert finish(expert.appraisal(state, player, number)) == appraisal
        reseeded = state.reseeded(number * 7919 + 1)
        assert finish(expert.appraisal(reseeded, player, number)) == appraisal


def test_the_expert_appraises_only_a_player_who_decides() -> None:
    state = get_game("qwixx").new_game(2, 1)  # the dice are to roll
    with pytest.raises(RuleError) as error:
        finish(expert_for("qwixx").appraisal(state, 0, 1))
    assert error.value.rule == "bots.no_decision"


# -- the words ------------------------------------------------------------------------------


def qwixx_moment(language: str = "en") -> tuple[QwixxUI, QwixxState]:
    catalogs = {"it": {DECIMAL_SYMBOL: ","}}
    ui = QwixxUI(Translator(language, catalogs), ("Anna", "Bo"))
    state = get_game("qwixx").new_game(2, 3)
    state = state.apply_chance(state.roll())
    assert isinstance(state, QwixxState)
    return ui, state


@pytest.mark.parametrize(
    ("appraisal", "said"),
    [
        (Appraisal(POINTS, (Weighed(PASS, 40.0),)), "no cross. It is the only choice."),
        (
            Appraisal(POINTS, (Weighed(Cross(0, 6), 43.14), Weighed(PASS, 40.0))),
            "cross red 6, about 3 points more than no cross.",
        ),
        (
            Appraisal(POINTS, (Weighed(Cross(0, 6), 41.1), Weighed(PASS, 40.0))),
            "cross red 6, about 1 point more than no cross.",
        ),
        (
            Appraisal(LEAD, (Weighed(Cross(0, 6), -2.0), Weighed(PASS, -2.3))),
            "cross red 6, a little better than no cross.",
        ),
        (
            Appraisal(LEAD, (Weighed(Cross(0, 6), -2.0), Weighed(PASS, -2.01))),
            "cross red 6, about as good as no cross.",
        ),
        (
            Appraisal(WIN_CHANCE, (Weighed(PASS, 0.73), Weighed(Cross(0, 7), 0.64))),
            "no cross, a win more often than cross red 7: about 7 games in 10, against 6.",
        ),
        (
            Appraisal(WIN_CHANCE, (Weighed(PASS, 0.62), Weighed(Cross(3, 9), 0.58))),
            "no cross, a win a little more often than cross blue 9.",
        ),
        (
            Appraisal(WIN_CHANCE, (Weighed(PASS, 0.55), Weighed(Cross(3, 9), 0.57))),
            "no cross, about as good as cross blue 9.",
        ),
        (
            Appraisal(TURNS, (Weighed(Cross(0, 6), inf), Weighed(PASS, -3.0))),
            "cross red 6. It wins the game.",
        ),
        (
            Appraisal(TURNS, (Weighed(Cross(0, 6), 3.2e8), Weighed(PASS, 16.0))),
            "cross red 6. It may win the game now.",
        ),
        (
            Appraisal(TURNS, (Weighed(Cross(0, 6), -3.0), Weighed(Cross(0, 6), -3.3))),
            "cross red 6, to reach the goal a little sooner than with the next best choice.",
        ),
        (
            Appraisal(TURNS, (Weighed(Cross(0, 6), -3.0), Weighed(PASS, -5.2))),
            "cross red 6, to reach the goal about 2 turns sooner than with no cross.",
        ),
    ],
)
def test_a_hint_says_the_choice_and_how_it_compares_with_the_next_best_in_plain_words(
    appraisal: Appraisal, said: str
) -> None:
    ui, state = qwixx_moment()
    assert hint_text(ui, state, 0, appraisal) == f"Hint for \u2068Anna\u2069: {said}"


def test_a_hint_in_another_language_says_its_numbers_as_counted() -> None:
    ui, state = qwixx_moment("it")
    appraisal = Appraisal(POINTS, (Weighed(Cross(0, 6), 43.14), Weighed(PASS, 40.0)))
    assert " 3 " in hint_text(ui, state, 0, appraisal)


def test_the_coachs_search_is_bounded_by_work_and_the_review_finds_its_hint_again() -> None:
    """A hint asked the moment the dice land must be painted at once on a phone: the coach plays
    out at most 48 games (the expert up to 384), on the decision's seed, so the same moment
    gives the same hint, ahead or asked."""
    coach, expert = coach_for("qwixx"), expert_for("qwixx")
    longest = {"coach": 0, "expert": 0}
    for seed in range(4):
        match = random_match("qwixx", 3, seed)
        for state in match.states:
            if state.is_chance or state.is_terminal:
                continue
            player = state.deciders[0]
            # The expert's longer search, once seen, need not be timed again (most of the
            # test's time, when it was asked at every moment).
            bots = (("coach", coach),) + (("expert", expert),) * (longest["expert"] <= 100)
            for name, bot in bots:
                pauses = sum(1 for _ in bot.appraisal(state, player, 5))
                longest[name] = max(longest[name], pauses)
            assert finish(coach.appraisal(state, player, 5)) == finish(
                coach.appraisal(state, player, 5)
            )
    assert longest["coach"] <= 48 + 2 < 100 < longest["expert"]


# -- the record -------------------------------------------------------------------------------


def coached_match(coach: bool = True) -> Match:
    seats = [Seat("Anna", "human"), Seat("Bo", "human")]
    return Match(get_game("qwixx"), seats, 5, coach=coach)


def test_hints_are_kept_in_the_record_once_per_moment_and_player() -> None:
    match = coached_match()
    match.roll()
    match.hinted(1)
    match.hinted(1)  # asked again for the same moment: one hint
    match.play(0, PASS)
    match.hinted(1)
    assert match.hints == [(1, 1), (2, 1)]
    assert match.hints_by_player() == [0, 2]
    record = json.loads(json.dumps(match.record()))
    assert record["coach"] is True
    assert record["hints"] == [[1, 1], [2, 1]]
    assert Match.from_record(record).hints == match.hints


def test_undo_drops_the_hints_of_moments_taken_back_and_keeps_the_present_ones() -> None:
    match = coached_match()
    match.roll()
    match.hinted(0)
    match.play(0, PASS)
    match.hinted(1)
    match.undo()  # back to the moment of the first hint: it stays, the later one goes
    assert match.hints == [(1, 0)]


def test_a_game_without_the_coach_has_no_hints_and_its_record_says_nothing_of_them() -> None:
    match = coached_match(coach=False)
    match.roll()
    with pytest.raises(RuleError) as error:
        match.hinted(0)
    assert error.value.rule == "record.no_coach"
    record = match.record()
    assert "coach" not in record and "hints" not in record
    with pytest.raises(RuleError) as error:
        Match.from_record({**record, "hints": [[1, 0]]})
    assert error.value.rule == "record.no_coach"


@pytest.mark.parametrize(
    "hints",
    [{}, [[1]], [[1, 0, 2]], [[-1, 0]], [[9, 0]], [[1, 2]], [[1, 0], [1, 0]], [[True, 0]]],
)
def test_a_record_with_damaged_hints_is_refused_in_words(hints: object) -> None:
    match = coached_match()
    match.roll()
    with pytest.raises(RuleError) as error:
        Match.from_record({**match.record(), "hints": hints})
    assert error.value.rule == "record.bad_field"
    assert "hints" in error.value.message


def test_hints_need_the_dice() -> None:
    seats = [Seat("Anna", "human")]
    with pytest.raises(RuleError) as error:
        Match(get_game("qwixx"), seats, 5, dice=SHEETS_ONLY, coach=True)
    assert error.value.rule == "record.coach_needs_dice"


# -- the app ----------------------------------------------------------------------------------


def line_hints(app: App) -> list[str]:
    """The hints said on the lines of Qwixx's white sum (each person's own, on their line)."""
    return re.findall(r'<p class="line-hint" role="status">(.*?)</p>', app.regions()["controls"])


def coached_app(game: str = "shelfie", names: tuple[str, ...] = ("Anna", "Bo")) -> App:
    app = new_app()
    app.start(list(names), 9, game=game, coach=True)
    app.play([RollDice()])  # the first roll
    return app


def test_hint_shows_the_experts_choice_to_play_or_change_and_the_record_notes_it() -> None:
    app = coached_app()
    assert 'data-act="hint"' in app.regions()["tools"]
    assert "Hint for \u2068Anna\u2069" in app.regions()["tools"]
    state = app.state
    seed = decision_seed(9, 1, 0)
    expected = finish(expert_for("shelfie").appraisal(state, 0, seed)).choice
    app.handle("hint", {})
    assert app.notice.startswith("Hint for \u2068Anna\u2069: ")
    assert app.notice_kind == "coach"
    assert app.match is not None and app.match.hints == [(1, 0)]
    # The hint is the pending choice on screen: Reroll (and the roll after it) or Confirm
    # plays it.
    act = "reroll" if isinstance(expected, Reroll) else "confirm"
    app.handle(act, {})
    assert (0, expected) in app.match.actions[1:3]
    # Saved with the game: a reload keeps it.
    reloaded = App(app.store, app.t, lambda: 1)
    assert reloaded.match is not None and reloaded.match.hints == [(1, 0)]


def test_a_hint_names_whom_it_is_for_and_never_a_computer() -> None:
    app = new_app()
    app.start(["Anna", "Bot"], 9, game="qwixx", coach=True, choices=[{}, {"player": "expert"}])
    app.play([RollDice()])
    app.handle("hint", {"player": "1"})  # the computer decides for itself
    assert app.notice == "" and line_hints(app) == []
    app.handle("hint", {"player": "0"})  # on the white sum's shared screen: on Anna's line
    (said,) = line_hints(app)
    assert said.startswith("Hint for \u2068Anna\u2069")


def test_a_game_started_without_hints_offers_none() -> None:
    app = new_app()
    app.start(["Anna", "Bo"], 9, game="diceland")
    app.play([RollDice()])
    assert 'data-act="hint"' not in app.regions()["tools"]
    app.handle("hint", {})
    assert app.notice == "" and app.match is not None and app.match.hints == []


def test_hints_are_not_offered_with_sheets_only() -> None:
    app = new_app()
    app.start(["Anna", "Bo"], 9, game="qwixx", coach=True, dice=SHEETS_ONLY)
    assert app.match is not None and not app.match.coach


def test_the_end_table_marks_the_hints_each_player_used() -> None:
    app = coached_app("qwixx", ("Anna",))
    app.handle("hint", {})
    app.handle("hint", {})  # the same moment: still one
    while app.screen == "play":
        state = app.state
        if state.roller is not None:
            app.play([RollDice()])
        else:
            app.play([Answer(state.deciders[0], state.legal_actions(state.deciders[0])[-1])])
    scores = app.regions()["scores"]
    assert scores.count('class="hints-used"') == 1
    assert f"{BULB_ICON}1</span>" in scores and "1 hint</span>" in scores


def test_a_hint_tap_when_nobody_decides_does_nothing() -> None:
    app = new_app()
    app.start(["Anna"], 9, game="diceland", coach=True)  # the dice are to roll
    assert 'data-act="hint" aria-label="Hint" disabled' in app.regions()["tools"]
    app.handle("hint", {})
    assert app.notice == ""


def test_hints_worked_out_ahead_are_the_ones_worked_out_when_asked() -> None:
    app = coached_app("qwixx")
    assert app.coach.to_foresee()
    for _ in app.coach.foresee():
        pass
    assert not app.coach.to_foresee()  # both people's hints are ready
    app.handle("hint", {"player": "1"})
    ready = line_hints(app)
    fresh = coached_app("qwixx")
    fresh.handle("hint", {"player": "1"})
    assert ready == line_hints(fresh) != []


def test_working_out_hints_ahead_stops_when_the_game_moves_on() -> None:
    app = coached_app("qwixx")
    foreseeing = app.coach.foresee()
    next(foreseeing)
    # Nobody crosses the white sum: the game moves on meanwhile.
    app.handle("answer", {"player": str(app.table.asked if app.table else 0), "row": "none"})
    app.handle("done", {})
    assert list(foreseeing) == []  # nothing more for a moment that has passed
    assert app.coach.to_foresee()  # the new moment's hints are still to work out


def test_a_hint_asked_for_is_not_worked_out_again_ahead() -> None:
    app = coached_app("qwixx")
    app.handle("hint", {"player": "0"})
    app.handle("hint", {"player": "1"})
    assert not app.coach.to_foresee()  # both people's hints of this moment are known
