"""The story of the games on this device: statistics per player name and game, solo bests and
the trend lines, from the history's entries."""

from __future__ import annotations

import re

from dadoteca_web.i18n import Translator
from dadoteca_web.screens import GAME_UIS
from dadoteca_web.stats import TREND_GAMES, player_stats, solo_bests, stats_html, trend_svg


def entry(
    game: str,
    players: list[tuple[str, str, int]],
    winners: list[int],
    ended: str = "2026-11-01T10:00:00+00:00",
    result: int | None = None,
) -> dict[str, object]:
    """A history entry as storage.History writes it: (name, kind, score) per seat."""
    made: dict[str, object] = {
        "id": f"{abs(hash((game, ended, tuple(players)))):016x}"[:16],
        "ended": ended,
        "game": game,
        "players": [{"name": n, "kind": k, "score": s} for n, k, s in players],
        "winners": winners,
    }
    if result is not None:
        made["result"] = result
    return made


def rounds_are_better_fewer(game: str) -> bool:
    return game == "diceland"


ENTRIES: list[dict[str, object]] = [
    entry("shelfie", [("Anna", "human", 30), ("Bo", "human", 41)], [1]),
    entry("qwixx", [("Anna", "human", 80), ("Computer 2", "bot:expert", 95)], [1]),
    entry("qwixx", [("Anna", "human", 100), ("Bo", "human", 70)], [0]),
    entry("qwixx", [("Bo", "human", 64), ("Anna", "human", 64)], [0, 1]),  # a shared win
    entry("qwixx", [("Anna", "human", 120)], [], result=120),
    entry("diceland", [("Cy", "human", 3)], [], result=14),
    entry("diceland", [("Anna", "human", 2)], [], result=11),
    entry("diceland", [("Bo", "human", 5)], [], result=11, ended="2026-11-02T10:00:00+00:00"),
    entry("chess", [("Anna", "human", 1)], [0]),  # a game this shelf lacks: left out
    {"game": "qwixx", "players": ["damaged", {"name": "Dee", "kind": "human", "score": "9"}]},
]


def test_each_person_has_games_wins_mean_best_and_scores_per_game_in_the_shelfs_order() -> None:
    stats = player_stats(ENTRIES)
    rows = [(row.game, row.name, row.games, row.wins, row.mean, row.best) for row in stats]
    assert rows == [
        ("qwixx", "Anna", 4, 2, 91.0, 120),  # the shared win counts, the solo game too
        ("qwixx", "Bo", 2, 1, 67.0, 70),
        ("diceland", "Anna", 1, 0, 2.0, 2),
        ("diceland", "Bo", 1, 0, 5.0, 5),
        ("diceland", "Cy", 1, 0, 3.0, 3),
        ("shelfie", "Anna", 1, 0, 30.0, 30),
        ("shelfie", "Bo", 1, 1, 41.0, 41),
    ]
    assert stats[0].scores == (80, 100, 64, 120)  # oldest first
    assert all(row.name not in {"Computer 2", "Dee"} for row in stats)


def test_the_solo_best_of_each_game_is_the_highest_score_or_the_fewest_rounds() -> None:
    bests = solo_bests(ENTRIES, rounds_are_better_fewer)
    assert [(best.game, best.name, best.result) for best in bests] == [
        ("qwixx", "Anna", 120),
        ("diceland", "Anna", 11),  # the earlier of two games of 11 rounds
    ]
    # Rounds are no score: taken for scores, Diceland's results are none a game can give.
    higher = solo_bests(ENTRIES, lambda game: False)
    assert [(best.game, best.result) for best in higher] == [("qwixx", 120)]


def test_a_trend_line_shows_the_latest_scores_and_needs_two() -> None:
    assert trend_svg([], "none") == trend_svg([50], "one") == ""
    scores = list(range(30))
    line = trend_svg(scores, 'Scores of "Anna"')
    points = line.split('points="')[1].split('"')[0].split()
    assert len(points) == TREND_GAMES
    assert points[0].endswith(",22.0") and points[-1].endswith(",2.0")  # low left, high right
    assert 'aria-label="Scores of &quot;Anna&quot;"' in line


def test_the_statistics_section_isolates_and_escapes_names_and_is_empty_without_people() -> None:
    t = Translator("en", {})
    assert stats_html([], t, GAME_UIS) == ""
    computers = [entry("qwixx", [("Computer 1", "bot:easy", 10)], [], result=10)]
    assert stats_html(computers, t, GAME_UIS) == ""
    hostile = [*ENTRIES, entry("qwixx", [("<b>Kai</b>", "human", 1)], [], result=1)]
    html = stats_html(hostile, t, GAME_UIS)
    assert "<bdi>&lt;b&gt;Kai&lt;/b&gt;</bdi>" in html and "<b>Kai" not in html
    assert "Solo best at Qwixx: 120 points, by <bdi>Anna</bdi>." in html
    assert "Solo best at Diceland: 11 rounds, by <bdi>Anna</bdi>." in html
    assert "Qwixx</caption>" in html and "My Shelfie: The Dice Game</caption>" in html
    assert html.index("Qwixx</caption>") < html.index("Diceland</caption>")


def test_each_games_table_says_what_its_scores_count() -> None:
    """Diceland's score is prizes (its "Mean 9.0" read as any number), the others' points."""
    html = stats_html(ENTRIES, Translator("en", {}), GAME_UIS)
    tables = {
        caption: re.findall(r'<th scope="col">([^<]*)</th>', table)
        for caption, table in re.findall(r"<caption>([^<]*)</caption>(.*?)</table>", html)
    }
    points = ["Player", "Games", "Wins", "Mean points", "Best points", "Trend"]
    assert tables == {
        "Qwixx": points,
        "Diceland": ["Player", "Games", "Wins", "Mean prizes", "Most prizes", "Trend"],
        "My Shelfie: The Dice Game": points,
    }


def test_a_person_is_one_name_however_written_and_counts_once_per_game() -> None:
    fullwidth = "\uff21\uff4e\uff4e\uff41"  # Anna, as a phone's wide keyboard writes it
    entries = [
        # One game, two seats of one name (an earlier version kept " Anna " as typed): once,
        # with the better score, won.
        entry("qwixx", [("Anna", "human", 40), (" Anna ", "human", 50), ("Bo", "human", 45)], [1]),
        entry("qwixx", [("Anna\u200b", "human", 30), ("Bo", "human", 20)], [0]),  # zero-width
        entry("qwixx", [(fullwidth, "human", 10), ("B\u00ado", "human", 20)], [1]),  # soft hyphen
    ]
    rows = [(row.name, row.games, row.wins, row.scores) for row in player_stats(entries)]
    assert rows == [(fullwidth, 3, 2, (50, 30, 10)), ("B\u00ado", 3, 1, (45, 20, 20))]


def test_scores_and_results_no_game_can_give_are_left_out() -> None:
    """Entries an earlier version let in: a 401-digit score made the mean overflow, and
    froze the window."""
    entries = [
        entry("qwixx", [("Anna", "human", 10**400), ("Bo", "human", 3)], [0]),
        entry("qwixx", [("Anna", "human", 999)], [], result=999),
        entry("qwixx", [("Anna", "human", 30)], [], result=31),  # a result is the score
        entry("diceland", [("Cy", "human", 3)], [], result=0),  # rounds: at least one
        entry("shelfie", [("Anna", "human", 12)], [], result=12),
    ]
    assert [(row.game, row.name, row.scores) for row in player_stats(entries)] == [
        ("qwixx", "Anna", (30,)),
        ("qwixx", "Bo", (3,)),
        ("diceland", "Cy", (3,)),
        ("shelfie", "Anna", (12,)),
    ]
    bests = solo_bests(entries, rounds_are_better_fewer)
    assert [(best.game, best.result) for best in bests] == [("shelfie", 12)]
    html = stats_html(entries, Translator("en", {}), GAME_UIS)
    assert "999" not in html and "1000000" not in html
