"""The review of a finished game: each person's decisions beside the expert's, the costliest
moments, the score turn by turn; and a finished game opened again from the history."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from datetime import UTC, datetime
from math import inf

import pytest
from app_support import new_app

from dadoteca.bots import (
    TURNS,
    Appraisal,
    Weighed,
    bot_for,
    coach_for,
    decision_seed,
    expert_for,
    finish,
    reviewer_for,
)
from dadoteca.bots.play import play_bots
from dadoteca.bots.review import Review, _loss, decisions_of, reviewing, scores_by_turn
from dadoteca.commands import Answer, RollDice
from dadoteca.core import Action, AnyState
from dadoteca.drive import play_out
from dadoteca.games import GAMES, get_game
from dadoteca.match import Match, Seat
from dadoteca_games.qwixx.rules import Cross
from dadoteca_web.app import App
from dadoteca_web.history import RECORDS_CHARS, RECORDS_KEPT, History
from dadoteca_web.review_view import score_chart
from dadoteca_web.storage import HISTORY_KEY, RECORD_PREFIX, MemoryStore

PEOPLE = {"qwixx": 2, "diceland": 2, "shelfie": 2}


def review_of(match: Match, people: range | tuple[int, ...]) -> Review:
    """The review worked out at once, its progress aside."""
    steps = reviewing(match, people)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            review: Review = done.value
            return review


def played_by(game_id: str, players: int, seed: int, decide: Callable[..., Action]) -> Match:
    """A match of people (named seats) whose every decision ``decide(state, player, seed)``
    makes, the decisions of a moment on that moment, as at the table."""
    match = Match(get_game(game_id), [Seat(f"P{n}", "human") for n in range(players)], seed)
    play_out(match, lambda state, player: decide(state, player, len(match.actions)))
    return match


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_person_who_plays_the_reviewers_choice_loses_nothing(game_id: str, players: int) -> None:
    reviewer = reviewer_for(game_id)

    def as_reviewer(state: AnyState, player: int, at: int) -> Action:
        return finish(reviewer.appraisal(state, player, decision_seed(5, at, player))).choice

    match = played_by(game_id, players, 5, as_reviewer)
    review = review_of(match, range(players))
    assert review.decisions
    assert all(decision.loss == 0 for decision in review.decisions)
    assert all(decision.choice == decision.played for decision in review.decisions)
    assert review.costliest() == ()


@pytest.mark.parametrize("game_id", ["qwixx", "shelfie"])
def test_a_person_who_plays_as_the_expert_would_loses_nothing(game_id: str) -> None:
    """With rivals, the expert's searches (Qwixx's play-outs, My Shelfie's chance of winning)
    may choose otherwise than the reviewer's quick valuation: its choice still loses nothing."""
    expert = expert_for(game_id)

    def as_expert(state: AnyState, player: int, at: int) -> Action:
        return finish(expert.appraisal(state, player, decision_seed(5, at, player))).choice

    match = played_by(game_id, 2, 5, as_expert)
    review = review_of(match, range(2))
    assert review.decisions and review.costliest() == ()
    assert all(decision.loss == 0 for decision in review.decisions)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_random_play_loses_and_every_decision_is_valued(game_id: str) -> None:
    random_bot = bot_for(game_id, "random")

    def at_random(state: AnyState, player: int, at: int) -> Action:
        return random_bot.decide(state, player, at)

    match = played_by(game_id, PEOPLE[game_id], 3, at_random)
    review = review_of(match, range(PEOPLE[game_id]))
    decided = [step for step, _, _, _ in decisions_of(match)]
    assert [decision.step for decision in review.decisions] == decided
    assert all(decision.loss >= 0 for decision in review.decisions)
    assert review.lost(0) > 0 and review.lost(1) > 0
    costliest = review.costliest()
    assert len(costliest) == 3
    assert [d.loss for d in costliest] == sorted((d.loss for d in costliest), reverse=True)
    assert costliest[-1].loss >= max(
        (d.loss for d in review.decisions if d not in costliest), default=0
    )
    # The same review every time: the reviewer's look-ahead rolls its own dice, seeded.
    assert review_of(Match.from_record(match.record()), range(2)) == review


def test_decisions_made_together_are_reviewed_on_the_moment_they_were_made() -> None:
    match = play_bots("qwixx", [bot_for("qwixx", "normal")] * 3, 4)
    together = [
        (step, position)
        for step, position, _, _ in decisions_of(match)
        if len(match.states[position].deciders) > 1
    ]
    assert together and any(step != position for step, position in together)
    for step, position in together:
        player = match.actions[step][0]
        assert player in match.states[position].deciders


def test_only_the_people_asked_for_are_reviewed() -> None:
    match = play_bots("shelfie", [bot_for("shelfie", "easy")] * 2, 6)
    review = review_of(match, (1,))
    assert review.decisions and {decision.player for decision in review.decisions} == {1}


def test_a_hinted_decision_that_followed_the_hint_loses_nothing() -> None:
    match = Match(get_game("qwixx"), [Seat("Anna", "human"), Seat("Bo", "human")], 8, coach=True)
    coach, reviewer = coach_for("qwixx"), reviewer_for("qwixx")
    # Every fifth moment hinted and the hint followed (the coach's play-outs may choose
    # otherwise than the reviewer's valuation), the reviewer's choice played at the others.
    while not match.state.is_terminal:
        state = match.state
        if state.is_chance:
            match.roll()
            continue
        position = len(match.actions)
        hinted = position % 5 == 0
        answers = []
        for player in state.deciders:
            seed = decision_seed(8, position, player)
            if hinted:
                match.hints.append((position, player))
            chooser = coach if hinted else reviewer
            answers.append((player, finish(chooser.appraisal(state, player, seed)).choice))
        for player, action in answers:
            match.play(player, action)
    review = review_of(match, range(2))
    assert sum(decision.hinted for decision in review.decisions) >= 5
    assert all(decision.loss == 0 for decision in review.decisions)


@pytest.mark.parametrize(
    ("values", "loss"),
    [((inf, 16.0), 1.0), ((4e8, 1e8), 0.75), ((4e8, 4e8), 0.0), ((16.5, 15.0), 1.5)],
)
def test_a_chance_of_winning_at_once_missed_costs_a_turn_in_proportion(
    values: tuple[float, float], loss: float
) -> None:
    """Diceland's expectations take in a won map (worth far more than any turns) in
    proportion to its chance: missing it is counted as the turn it costs, no more."""
    match = play_bots("diceland", [bot_for("diceland", "easy")] * 2, 3)
    position, player = next((p, pl) for _, p, pl, _ in decisions_of(match))
    state = match.states[position]
    choice, other = (action for action in state.legal_actions(player)[:2])
    appraisal = Appraisal(TURNS, (Weighed(choice, values[0]), Weighed(other, values[1])))
    reviewer = reviewer_for("diceland")
    assert _loss(reviewer, state, player, appraisal, other, choice=choice) == pytest.approx(loss)


def test_the_score_chart_has_the_start_every_turn_and_the_end() -> None:
    match = play_bots("qwixx", [bot_for("qwixx", "normal")] * 2, 2)
    points = scores_by_turn(match)
    assert points[0] == (0, 0)
    assert points[-1] == match.state.scores()
    assert len(points) >= match.state.turn
    svg = score_chart(points, ["<bdi>A</bdi>", "<bdi>B</bdi>"], "Score", "Turn")
    assert svg.count("<polyline") == 2 and 'role="img"' in svg
    assert f"<bdi>A</bdi> {points[-1][0]}" in svg


# -- the app: a finished game opened again ---------------------------------------------------


def finished_app(
    store: MemoryStore | None = None, *, names: tuple[str, ...] = ("Anna", "Bo")
) -> App:
    app = new_app(store)
    app.start(list(names), 9, game="qwixx")
    while app.screen == "play":
        state = app.state
        if state.roller is not None:
            app.play([RollDice()])
        else:  # everyone takes the first choice offered: crossing whatever comes first
            for player in state.deciders:
                app.play([Answer(player, state.legal_actions(player)[0])])
    return app


def run_review(app: App) -> list[float]:
    """The review worked out as the page runs it; the progress shown on the way."""
    shown = []
    for pause in app.viewing.review_steps():
        if pause is not None:
            assert app.viewer is not None
            shown.append(app.viewer.progress)
    return shown


def test_the_end_offers_the_review_with_its_progress_the_losses_and_the_costliest_moments() -> None:
    app = finished_app()
    assert 'data-act="review"' in app.regions()["tools"]
    app.handle("review", {})
    assert app.screen == "review" and app.viewing.to_review()
    assert "<progress" in app.regions()["review"]
    shown = run_review(app)
    assert shown == sorted(shown) and len(shown) >= 5 and not app.viewing.to_review()
    review = app.regions()["review"]
    assert "behind the expert" in review and review.count('class="moment"') == 3
    assert 'class="score-chart"' in review and "<progress" not in review
    # A costly moment shows its position: the move, and what the expert would have played.
    viewer = app.viewer
    assert viewer is not None and viewer.review is not None
    costliest = viewer.review.costliest()[0]
    app.handle("review-step", {"step": str(costliest.position)})
    assert viewer.at == costliest.position
    prompt = app.regions()["prompt"]
    turn = viewer.match.states[costliest.position].turn
    assert f"Turn {turn} · move {costliest.position + 1} of" in prompt
    assert "The expert: " in prompt  # every decision made on it, the costliest among them
    app.handle("review-close", {})
    assert app.screen == "over"


def test_stepping_through_a_finished_game_shows_every_position_and_nothing_is_played() -> None:
    app = finished_app()
    assert app.match is not None
    record = app.match.record()
    app.handle("review", {})
    viewer = app.viewer
    assert viewer is not None and viewer.at == len(app.match.actions)
    app.handle("review-step", {"step": "0"})
    assert viewer.at == 0 and "Turn 1 · move 1 of" in app.regions()["prompt"]
    assert 'data-step="0" aria-label="First move" disabled' in app.regions()["tools"]
    app.handle("cross", {"row": "0", "number": "2"})  # the board only shows
    app.handle("review-step", {"step": "99999"})  # forged: ignored
    assert viewer.at == 0 and app.match.record() == record
    app.handle("review-step", {"step": "1"})
    assert viewer.at == 1 and app.moment == -2


def test_a_review_of_a_game_only_computers_played_says_there_is_nothing_to_review() -> None:
    app = new_app()
    app.start(["A", "B"], 9, game="shelfie", choices=[{"player": "easy"}, {"player": "easy"}])
    app.computers.play_all()
    app.handle("review", {})
    assert not app.viewing.to_review()
    assert "nothing to review" in app.regions()["review"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_played_with_sheets_only_is_shown_again_but_not_reviewed(game_id: str) -> None:
    """The expert weighs choices on dice; with sheets only nobody saw them, so the game opens
    again step by step, and the review says why it cannot be worked out."""
    store = MemoryStore()
    app = new_app(store)
    app.start(["Anna", "Bo"], 3, game=game_id, dice="sheets")
    rng = random.Random(3)
    while app.screen == "play":
        state = app.state
        if state.roller is not None:
            app.play([RollDice()])
        else:
            legal = state.legal_actions
            app.play([Answer(player, rng.choice(legal(player))) for player in state.deciders])
    app.handle("review", {})
    assert app.screen == "review" and not app.viewing.to_review()
    assert "played with sheets only" in app.regions()["review"]
    app.handle("review-step", {"step": "0"})
    assert "Turn 1 · move 1 of" in app.regions()["prompt"]
    (entry,) = History(store).games()
    later = new_app(store)
    later.viewing.open_finished(str(entry["id"]))
    assert later.screen == "review" and not later.viewing.to_review()
    assert "played with sheets only" in later.regions()["review"]


def test_history_keeps_finished_records_and_opens_them_again() -> None:
    store = MemoryStore()
    app = finished_app(store)
    (entry,) = History(store).games()
    assert store.getItem(RECORD_PREFIX + str(entry["id"])) is not None
    later = new_app(store)  # another visit, on the setup screen
    later.handle("new-game", {})
    later.viewing.open_finished(str(entry["id"]))
    assert later.screen == "review"
    assert later.viewer is not None and later.viewer.match.record() == app.match.record()  # type: ignore[union-attr]
    run_review(later)
    assert later.viewer.review is not None
    later.handle("review-close", {})
    assert later.screen == "setup"  # where it was opened from


def test_a_game_whose_record_is_gone_says_so() -> None:
    store = MemoryStore()
    finished_app(store)
    (entry,) = History(store).games()
    store.removeItem(RECORD_PREFIX + str(entry["id"]))
    app = new_app(store)
    app.viewing.open_finished(str(entry["id"]))
    assert app.screen != "review" and "no longer kept" in app.notice
    app.viewing.open_finished("../../etc")
    assert app.screen != "review" and app.notice_kind == "error"


def test_records_are_kept_for_the_latest_games_within_a_bound() -> None:
    store = MemoryStore()
    history = History(store)
    matches = [play_bots("qwixx", [bot_for("qwixx", "easy")] * 2, seed) for seed in range(3)]
    for day, match in enumerate(matches, start=1):
        history.add(match, datetime(2026, 1, day, tzinfo=UTC))
    ids = [str(game["id"]) for game in history.games()]
    assert all(store.getItem(RECORD_PREFIX + entry_id) for entry_id in ids)
    assert RECORDS_KEPT >= 30 and RECORDS_CHARS <= 1_000_000  # a few MB of localStorage
    # Past the bound, the oldest records go; their entries stay.
    store.setItem(RECORD_PREFIX + ids[0], "x" * (RECORDS_CHARS - 1000))
    history.add(
        play_bots("qwixx", [bot_for("qwixx", "easy")] * 2, 7), datetime(2026, 2, 1, tzinfo=UTC)
    )
    assert store.getItem(RECORD_PREFIX + ids[0]) is None
    assert len(history.games()) == 4


def test_an_exported_history_carries_the_records_and_an_import_checks_them() -> None:
    store = MemoryStore()
    finished_app(store)
    exported = History(store).export()
    (game,) = json.loads(exported)["games"]
    assert game["record"]["game"] == "qwixx"
    elsewhere = MemoryStore()
    assert new_app(elsewhere).import_history(exported) == (
        "1 finished game added to the history.",
        "info",
    )
    assert elsewhere.getItem(RECORD_PREFIX + game["id"]) is not None
    # A record that is not its entry's game is refused, whole.
    forged = json.loads(exported)
    forged["games"][0]["record"]["seed"] = 1
    other = MemoryStore()
    said = new_app(other).import_history(json.dumps(forged))
    assert said is not None and said[1] == "error" and "game 1" in said[0]
    assert other.getItem(HISTORY_KEY) is None


def test_qwixx_losses_are_said_by_row() -> None:
    app = finished_app(names=("Anna",))
    app.handle("review", {})
    run_review(app)
    viewer = app.viewer
    assert viewer is not None and viewer.review is not None
    rows = {"red", "yellow", "green", "blue"}
    said = app.regions()["review"]
    assert any(f"of them in {row}" in said for row in rows)
    state = viewer.match.states[0]
    assert viewer.ui.review_area(state, Cross(1, 5), Cross(0, 5)) == "yellow"
