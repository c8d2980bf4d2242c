"""Today's game in the app: the day's dice through the session, its end (counted or practice,
the player's days, the expert's score, the line to share), the family playing it in turn, and
its statistics."""

from __future__ import annotations

import json
import random
from datetime import UTC, date, datetime
from html import unescape
from typing import Any

import pytest

from dadoteca.bots import finish
from dadoteca.bots.play import play_day
from dadoteca.commands import Answer, RollDice
from dadoteca.daily import Day
from dadoteca.match import Match
from dadoteca_web.app import App
from dadoteca_web.session import Session
from dadoteca_web.storage import HISTORY_KEY
from dadoteca_web.today import best_rolls, parse_share_line, streaks

DAY = "2026-11-28"


def boot(today: str = DAY, **fields: Any) -> tuple[Session, dict[str, Any]]:
    """A session booted on ``today`` by the page's clock, and its first update."""
    session = Session(lambda: 7, lambda: datetime(2026, 11, 28, 23, tzinfo=UTC))
    message = {"type": "boot", "storage": {}, "language": "en", "catalog": {}, "today": today}
    return session, session.receive({**message, **fields})


def booted(today: str = DAY, **fields: Any) -> Session:
    return boot(today, **fields)[0]


def today_said(app: App) -> str:
    """The end of a day's game, as its words read."""
    return unescape(app.regions()["today"])


def start_day(session: Session, names: list[str], game: str = "qwixx", **fields: Any) -> Any:
    start = {"type": "start", "game": game, "names": names, "choices": [], "dice": "day"}
    return session.receive({**start, **fields})


def the_app(session: Session) -> App:
    assert session.app is not None
    return session.app


def first_roll(session: Session) -> str:
    app = the_app(session)
    app.play([RollDice()])
    assert app.match is not None
    return str(app.match.actions[0][1])


def finish_game(app: App, seed: int = 1) -> None:
    """Play the game on screen to its end, a legal choice at random at each decision."""
    pick = random.Random(seed)
    while not app.state.is_terminal:
        if app.state.is_chance:
            app.play([RollDice()])
        else:
            (player,) = app.state.deciders
            app.play([Answer(player, pick.choice(list(app.state.legal_actions(player))))])


def run_expert(app: App) -> None:
    for _ in app.expert_steps():
        pass


@pytest.mark.parametrize("game", ["qwixx", "diceland", "shelfie"])
def test_two_devices_on_one_day_roll_the_same_dice_and_another_day_others(game: str) -> None:
    one, other = booted(), booted()
    start_day(one, ["Anna"], game)
    start_day(other, ["Bo"], game)
    rolled = first_roll(one)
    assert first_roll(other) == rolled
    one_match, other_match = the_app(one).match, the_app(other).match
    assert one_match is not None and other_match is not None
    assert one_match.options == other_match.options  # Diceland's map too
    tomorrow = booted("2026-11-29")
    start_day(tomorrow, ["Anna"], game)
    assert first_roll(tomorrow) != rolled


def test_the_day_is_the_pages_local_date_sent_with_each_message() -> None:
    session = booted("2026-11-28")
    session.receive({"type": "tap", "act": "none", "data": {}, "moment": 0, "today": "2026-11-29"})
    start_day(session, ["Anna"])
    match = the_app(session).match
    assert match is not None and match.day == Day("qwixx", date(2026, 11, 29))
    session.receive({"type": "tap", "act": "none", "data": {}, "moment": 0, "today": "29/11"})
    assert the_app(session).today == date(2026, 11, 29)  # not a date: the last one stands


def test_a_link_plays_its_days_dice_and_a_day_to_come_is_refused() -> None:
    session, update = boot(day="qwixx-2026-11-20")
    assert update["linked"] == "qwixx"
    assert "Qwixx of 2026-11-20" in the_app(session).notice
    start_day(session, ["Anna"])
    match = the_app(session).match
    linked = Day("qwixx", date(2026, 11, 20))
    assert match is not None and match.day == linked
    assert first_roll(session) == str(finish(play_day(linked)).actions[0][1])
    future = booted(day="qwixx-2026-12-01")
    start_day(future, ["Anna"])
    assert the_app(future).match is None
    assert "cannot be played before its day" in the_app(future).notice
    wrong = booted(day="qwixx-2026-13-01")
    assert "names no day's game" in the_app(wrong).notice


def test_the_end_counts_the_first_game_of_the_day_and_the_expert_plays_the_same_dice() -> None:
    session = booted()
    start_day(session, ["Anna"])
    app = the_app(session)
    assert app.expert_to_run()
    run_expert(app)
    assert not app.expert_to_run()
    expert = finish(play_day(Day("qwixx", date(2026, 11, 28))))
    finish_game(app)
    today = today_said(app)
    assert "This game counts for the day." in today
    assert f"The expert scored {expert.state.scores()[0]} points on today's dice." in today
    assert "Streak: 1 day in a row" in today
    assert 'data-act="share"' in today
    assert 'data-act="review"' in app.regions()["tools"]  # reviewed as any game
    app.handle("review", {})
    assert all(step is None or step.seconds == 0 for step in app.viewing.review_steps())
    assert "review" in app.regions()["review"]
    history = json.loads(session.store.items[HISTORY_KEY])["games"]
    assert history[-1]["day"] == DAY and "practice" not in history[-1]


def test_a_later_game_of_the_same_day_is_practice_and_not_counted() -> None:
    session = booted()
    start_day(session, ["Anna"])
    app = the_app(session)
    finish_game(app, seed=1)
    counted_score = app.state.scores()[0]
    start_day(session, ["Anna"])
    finish_game(app, seed=2)
    assert "Practice: <bdi>Anna</bdi>" in today_said(app)
    history = json.loads(session.store.items[HISTORY_KEY])["games"]
    assert [game.get("practice") for game in history] == [None, True]
    assert f"Best day: {counted_score} point" in today_said(app)


def test_the_line_to_share_parses_back() -> None:
    session = booted()
    start_day(session, ["Anna"], "shelfie")
    app = the_app(session)
    finish_game(app)
    app.handle("share", {})
    update = session.update()
    text, link = update["share"]["text"], update["share"]["link"]
    assert link == "?day=shelfie-2026-11-28" and "\n" not in text and len(text) < 120
    shared = parse_share_line(f"{text} https://example.org/games/{link}")
    assert str(shared.day) == "shelfie-2026-11-28"
    assert shared.result == app.state.scores()[0]
    assert app.ui is not None and shared.picture == app.ui.sheet_line(app.state, 0)
    session.receive({"type": "shared", "how": "clipboard"})
    assert app.notice == "The line is copied: paste it in a message."
    session.receive({"type": "shared", "how": "share"})
    assert app.notice == "Shared."


def test_the_family_plays_the_day_in_turn_and_is_ranked() -> None:
    session = booted()
    start_day(session, ["Anna", "Bo"], "shelfie")
    app = the_app(session)
    anna_roll = first_roll(session)
    finish_game(app, seed=1)
    assert "Now <bdi>Bo</bdi> plays these dice" in today_said(app)
    reloaded = booted(storage=dict(session.store.items))  # the turn of Bo survives a reload
    assert the_app(reloaded).day.waiting == ("Bo",)
    app.handle("day-next", {})
    assert app.match is not None and app.match.seats[0].name == "Bo"
    assert first_roll(session) == anna_roll
    finish_game(app, seed=2)
    today = today_said(app)
    assert "The table on these dice" in today
    assert today.count('class="today-sheet"') == 2
    assert today.index("<bdi>Anna</bdi>") != today.index("<bdi>Bo</bdi>")
    assert "Best on rolls" in today


def test_streaks_count_days_in_a_row_up_to_today() -> None:
    days = [date(2026, 11, d) for d in (1, 2, 3, 5, 6)]
    assert streaks(days, date(2026, 11, 6)) == (5, 2, 3)
    assert streaks(days, date(2026, 11, 7)) == (5, 2, 3)  # today still to play
    assert streaks(days, date(2026, 11, 8)).current == 0


def test_statistics_count_the_days_streaks_and_means_against_the_expert() -> None:
    session = booted("2026-11-27")
    app = the_app(session)
    results = []
    for today, seed in (("2026-11-27", 1), ("2026-11-28", 2), ("2026-11-28", 3)):
        app.today = date.fromisoformat(today)
        start_day(session, ["Anna"])
        run_expert(app)
        finish_game(app, seed)
        results.append(app.state.scores()[0])
    experts = [
        finish(play_day(Day("qwixx", date(2026, 11, day)))).state.scores()[0] for day in (27, 28)
    ]
    stats = unescape(app.regions()["stats"])
    assert "Today's games: Qwixx" in stats
    row = stats.split("Today's games: Qwixx")[1].split("<tr>")[2]
    mean = app.t.decimal((results[0] + results[1]) / 2)  # the third game is practice
    cells = [mean, app.t.decimal(sum(experts) / 2)]
    assert row.startswith('<th scope="row"><bdi>Anna</bdi></th><td>2</td><td>2</td><td>2</td>')
    assert f"<td>{cells[0]}</td><td>{cells[1]}</td></tr>" in row
    app.today = date(2026, 11, 30)  # a day missed: the streak is broken, the longest stays
    row = unescape(app.regions()["stats"]).split("Today's games: Qwixx")[1].split("<tr>")[2]
    assert "<td>2</td><td>0</td><td>2</td>" in row


def test_who_did_best_on_which_roll() -> None:
    """Each roll on which one player gained more points than every other is theirs alone."""
    session = booted()
    start_day(session, ["Anna", "Bo"])
    app = the_app(session)
    matches = []
    for seed in (1, 5):
        finish_game(app, seed)
        assert app.match is not None
        matches.append(app.match)
        app.handle("day-next", {})
    best = best_rolls(matches)
    assert best[0] and best[1] and not set(best[0]) & set(best[1])

    def at_the_start_of(match: Match, turn: int) -> int:
        """The score as turn ``turn`` begins (after the last turn: the final score)."""
        later = [state for state in match.states if state.turn >= turn]
        score: int = (later[0] if later else match.state).scores()[0]
        return score

    def gained(match: Match, turn: int) -> int:
        return at_the_start_of(match, turn + 1) - at_the_start_of(match, turn)

    pairs = [(matches[0], matches[1], best[0]), (matches[1], matches[0], best[1])]
    for mine, theirs, rolls in pairs:
        assert all(gained(mine, turn) > gained(theirs, turn) for turn in rolls)
    ranking = today_said(app).split("<tbody>")[1]
    assert f"<td>{', '.join(map(str, best[0]))}</td>" in ranking
