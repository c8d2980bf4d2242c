"""The story of the games played on this device: statistics per player name and game, and
each game's solo best, worked out from the history's entries (:class:`history.History`).

Only people count: a computer seat has no story to tell. A name is a player: the same name in
two games is the same person, as the family writes it on the pad; names that read alike are
one name (:func:`dadoteca.match.name_key`: " Anna ", "Anna" with a zero-width space, in
fullwidth letters), shown as it was last written. A person counts once per game: two seats of
one name (the setup allows it) are one game, with the better score, won if either won. A
score or a solo result no game can give (an entry that cannot be true) is left out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from statistics import fmean
from typing import Final, NamedTuple

from dadoteca.games import GAMES
from dadoteca.match import name_key

from .game_ui import GameUI, isolated
from .history_entries import plausible_result
from .i18n import Translator
from .today import DayStats

__all__ = ["PlayerStats", "SoloBest", "kind_of", "player_stats", "solo_bests", "stats_html"]

TREND_GAMES: Final = 20  # the latest scores a trend line shows
_TREND_WIDTH: Final = 80
_TREND_HEIGHT: Final = 24


def kind_of(entry: Mapping[str, object]) -> str:
    """What an entry's statistics count apart: its game, and (Qwixx) its score pad, as
    ``game:variant``; a game on its own pad (every entry before the variants) by its id."""
    game, variant = str(entry.get("game")), entry.get("variant")
    return f"{game}:{variant}" if isinstance(variant, str) else game


def _game_of(kind: str) -> str:
    return kind.split(":", maxsplit=1)[0]


def _kind_name(kind: str, uis: Mapping[str, type[GameUI]]) -> str:
    """A kind's name: its game's title, or its variant's name (:attr:`GameUI.variants`)."""
    game, _, variant = kind.partition(":")
    ui = uis[game]
    return ui.variants.get(variant, ui.title) if variant else ui.title


def _shelf_order(kind: str) -> tuple[int, str]:
    """Kinds in the shelf's order, each game's own pad before its variants'."""
    return list(GAMES).index(_game_of(kind)), kind


class PlayerStats(NamedTuple):
    """One name's games of one kind (a game, or a Qwixx variant: :func:`kind_of`): how many,
    how many won (with others at the table), the mean and best score, and the scores oldest
    first."""

    game: str
    name: str
    games: int
    wins: int
    mean: float
    best: int
    scores: tuple[int, ...]


class SoloBest(NamedTuple):
    """A game's best solo result on this device: whose, and when."""

    game: str
    name: str
    result: int
    ended: str


class Person(NamedTuple):
    """One person of a game: their name as written, score, and whether they won."""

    name: str
    score: int
    won: bool


def _people(entry: Mapping[str, object]) -> dict[str, Person]:
    """The people of an entry of a game this shelf has, by who they are (name_key), each
    once; computers, damaged seats and scores the game cannot give left out."""
    game, players, winners = entry.get("game"), entry.get("players"), entry.get("winners")
    if game not in GAMES or not isinstance(players, list):
        return {}
    scores = GAMES[str(game)].score_range
    people: dict[str, Person] = {}
    for seat, player in enumerate(players):
        if not isinstance(player, dict) or player.get("kind") != "human":
            continue
        name, score = player.get("name"), player.get("score")
        if not (isinstance(name, str) and type(score) is int and score in scores):
            continue
        won = isinstance(winners, list) and seat in winners
        same = people.get(name_key(name))
        if same is not None:
            name, score, won = same.name, max(score, same.score), won or same.won
        people[name_key(name)] = Person(name, score, won)
    return people


def player_stats(entries: Sequence[Mapping[str, object]]) -> list[PlayerStats]:
    """Per kind (game or Qwixx pad, in the shelf's order) and name (by games played, most
    first): the stats of ``entries``, oldest first."""
    scores: dict[tuple[str, str], list[int]] = {}
    wins: dict[tuple[str, str], int] = {}
    names: dict[tuple[str, str], str] = {}  # as last written
    for entry in entries:
        for who, person in _people(entry).items():
            key = (kind_of(entry), who)
            scores.setdefault(key, []).append(person.score)
            wins[key] = wins.get(key, 0) + person.won
            names[key] = person.name
    ranked = sorted(scores, key=lambda key: (_shelf_order(key[0]), -len(scores[key]), key[1]))
    return [
        PlayerStats(
            key[0],
            names[key],
            len(scores[key]),
            wins[key],
            fmean(scores[key]),
            max(scores[key]),
            tuple(scores[key]),
        )
        for key in ranked
    ]


def solo_bests(
    entries: Sequence[Mapping[str, object]], lower_is_better: Callable[[str], bool]
) -> list[SoloBest]:
    """Each kind's best solo result in ``entries`` (the earliest of equals), in the shelf's
    order; ``lower_is_better(game)`` for a result counted in rounds."""
    bests: dict[str, SoloBest] = {}
    for entry in entries:
        game, result, people = str(entry.get("game")), entry.get("result"), _people(entry)
        kind = kind_of(entry)
        if len(people) != 1 or len(_seats(entry)) != 1:
            continue
        [person] = people.values()
        lower = lower_is_better(game)
        if not plausible_result(game, result, person.score, lower):
            continue
        assert isinstance(result, int)
        best = bests.get(kind)
        if best is None or (result < best.result if lower else result > best.result):
            bests[kind] = SoloBest(kind, person.name, result, str(entry.get("ended")))
    return [bests[kind] for kind in sorted(bests, key=_shelf_order)]


def _seats(entry: Mapping[str, object]) -> list[object]:
    players = entry.get("players")
    return players if isinstance(players, list) else []


def trend_svg(scores: Sequence[int], label: str) -> str:
    """A small line of the latest scores, oldest on the left."""
    latest = scores[-TREND_GAMES:]
    if len(latest) < 2:
        return ""
    low, high = min(latest), max(latest)
    span = max(1, high - low)
    step = _TREND_WIDTH / (len(latest) - 1)
    path = " ".join(
        f"{index * step:.1f},{2 + (_TREND_HEIGHT - 4) * (high - score) / span:.1f}"
        for index, score in enumerate(latest)
    )
    return (
        f'<svg class="trend" viewBox="0 0 {_TREND_WIDTH} {_TREND_HEIGHT}" role="img" '
        f'aria-label="{escape(label)}"><polyline points="{path}"/></svg>'
    )


def stats_html(
    entries: Sequence[Mapping[str, object]],
    t: Translator,
    uis: Mapping[str, type[GameUI]],
    days: Sequence[DayStats] = (),
) -> str:
    """The statistics section of the History dialog (empty without a person's game), a table
    per kind (:func:`kind_of`), as its game's screen in ``uis`` says its name (a variant's
    too), scores and solo results; then today's games' ``days``."""
    stats = player_stats(entries)
    if not stats:
        return ""
    parts = [f'<h3 id="stats-title">{t("Statistics")}</h3>']
    for best in solo_bests(entries, lambda game: uis[game].lower_is_better):
        ui = uis[_game_of(best.game)]
        said = t(
            "Solo best at {game}: {result}, by {name}.",
            game=_kind_name(best.game, uis),
            result=ui.solo_result_words(t, best.result),
            name=f"<bdi>{escape(best.name)}</bdi>",
        )
        parts.append(f'<p class="solo-best">{said}</p>')
    for game in sorted({row.game for row in stats}, key=_shelf_order):
        rows = [row for row in stats if row.game == game]
        if not rows:
            continue
        mean_column, best_column = uis[_game_of(game)].score_columns(t)
        columns = (t("Player"), t("Games"), t("Wins"), mean_column, best_column, t("Trend"))
        cells = (
            (
                row.name,
                row.games,
                row.wins,
                t.decimal(row.mean),
                row.best,
                trend_svg(row.scores, t("Scores of {name}", name=isolated(row.name))),
            )
            for row in rows
        )
        parts.append(_table("stats", _kind_name(game, uis), columns, cells))
    parts.append(_days_html(days, t, uis))
    return f'<section aria-labelledby="stats-title">{"".join(parts)}</section>'


def _days_html(
    stats: Sequence[DayStats], t: Translator, uis: Mapping[str, type[GameUI]]
) -> str:
    """Today's games in the statistics: per game and person, the days counted, the streaks,
    and the mean result against the expert's on the same dice."""
    parts = []
    for game in GAMES:
        rows = [row for row in stats if row.game == game]
        if rows:
            columns = (t("Player"), t("Days"), t("Streak"), t("Longest"), t("Mean"), t("Expert"))
            cells = (
                (
                    row.name,
                    row.streaks.days,
                    row.streaks.current,
                    row.streaks.longest,
                    t.decimal(row.mean),
                    "-" if row.expert_mean is None else t.decimal(row.expert_mean),
                )
                for row in rows
            )
            caption = t("Today's games: {game}", game=uis[game].title)
            parts.append(_table("stats days", caption, columns, cells))
    return "".join(parts)


def _table(
    kind: str, caption: str, columns: Sequence[str], rows: Iterable[Sequence[object]]
) -> str:
    """A table of the statistics (``kind``: its classes): a row per person, named first (a
    name is escaped and isolated; the other cells are the app's own HTML)."""
    head = "".join(f'<th scope="col">{column}</th>' for column in columns)
    body = "".join(
        f'<tr><th scope="row"><bdi>{escape(str(name))}</bdi></th>'
        + "".join(f"<td>{cell}</td>" for cell in cells)
        + "</tr>"
        for name, *cells in rows
    )
    return (
        f'<table class="{kind}"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )
