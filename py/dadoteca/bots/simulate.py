"""Many bot games, summed up per player: the ``simulate`` command and the bot benchmarks.

Player k is the k-th level given. Unless told otherwise, table positions rotate from one game to
the next (game g seats player k at position (k + g) mod n), so no player keeps the first turn's
advantage; game g is played with seed ``seed + g``, so a report is reproducible, and the same with
any number of ``jobs``.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ..core import Options
from ..games import get_game
from . import bot_for
from .play import play_bots

__all__ = ["GameResult", "PlayerSummary", "Report", "simulate", "wilson_interval"]

Z_95 = 1.959964  # two-sided 95% normal quantile


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game, by player (not table position)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int
    decision_seconds: tuple[tuple[float, ...], ...]


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    level: str
    mean: float
    median: float
    wins: int  # sole wins
    ties: int  # shared wins
    win_rate: float
    win_interval: tuple[float, float]
    decisions: int
    decision_ms_mean: float
    decision_ms_p95: float
    decision_ms_max: float


@dataclass(frozen=True, slots=True)
class Report:
    game: str
    games: int
    seed: int
    rotate: bool
    players: tuple[PlayerSummary, ...]
    turns_mean: float
    turns_median: float

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "rotate": self.rotate,
            "turns": {"mean": self.turns_mean, "median": self.turns_median},
            "players": [
                {
                    "player": number,
                    "level": p.level,
                    "score": {"mean": p.mean, "median": p.median},
                    "wins": p.wins,
                    "ties": p.ties,
                    "win_rate": p.win_rate,
                    "win_rate_95": list(p.win_interval),
                    "decisions": p.decisions,
                    "decision_ms": {
                        "mean": p.decision_ms_mean,
                        "p95": p.decision_ms_p95,
                        "max": p.decision_ms_max,
                    },
                }
                for number, p in enumerate(self.players, 1)
            ],
        }

    def lines(self) -> list[str]:
        solo = len(self.players) == 1
        head = (
            f"{self.game}: {self.games} games, seed {self.seed}"
            f"{', positions rotating' if self.rotate and not solo else ''}; "
            f"game length {self.turns_mean:.1f} turns (median {self.turns_median:g})"
        )
        rows = []
        for number, p in enumerate(self.players, 1):
            wins = (
                ""
                if solo
                else f" | wins {100 * p.win_rate:.1f}% (95% CI {100 * p.win_interval[0]:.1f}-"
                f"{100 * p.win_interval[1]:.1f}%), ties {100 * p.ties / self.games:.1f}%"
            )
            rows.append(
                f"player {number} {p.level:>6}: mean {p.mean:.2f} median {p.median:g}{wins}"
                f" | decision {p.decision_ms_mean:.2f} ms mean, {p.decision_ms_p95:.2f} ms p95,"
                f" {p.decision_ms_max:.1f} ms max ({p.decisions} decisions)"
            )
        return [head, *rows]


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (sound near 0% and 100%)."""
    if trials == 0:
        return (0.0, 1.0)
    share = successes / trials
    spread = Z_95 * math.sqrt(share * (1 - share) / trials + Z_95**2 / (4 * trials**2))
    centre = share + Z_95**2 / (2 * trials)
    scale = 1 + Z_95**2 / trials
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def play_games(
    game_id: str, levels: Sequence[str], seeds: range, rotate: bool, options: Options | None
) -> list[GameResult]:
    """Games ``seeds``, each reported by player (undoing the rotation of table positions)."""
    count = len(levels)
    results = []
    for seed in seeds:
        shift = seed % count if rotate else 0
        player_at = [(position - shift) % count for position in range(count)]
        times: list[list[float]] = [[] for _ in levels]

        def timed(
            position: int,
            seconds: float,
            times: list[list[float]] = times,
            at: list[int] = player_at,
        ) -> None:
            times[at[position]].append(seconds)

        table = [bot_for(game_id, levels[player]) for player in player_at]
        state = play_bots(game_id, table, seed, options, timed).state
        scores = state.scores()
        position_of = [(player + shift) % count for player in range(count)]
        turn = state.to_json().get("turn", 0)
        results.append(
            GameResult(
                scores=tuple(scores[position_of[player]] for player in range(count)),
                winners=tuple(sorted(player_at[position] for position in state.winners())),
                turns=turn if isinstance(turn, int) else 0,
                decision_seconds=tuple(tuple(t) for t in times),
            )
        )
    return results


def simulate(
    game_id: str,
    levels: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    jobs: int = 1,
    rotate: bool = True,
    options: Options | None = None,
) -> Report:
    """Play ``games`` games of ``levels`` (one per player) and sum them up per player."""
    # Bad levels or player counts fail here, before any process starts.
    get_game(game_id).check_players(len(levels))
    for level in set(levels):
        bot_for(game_id, level)
    seeds = range(seed, seed + games)
    if jobs <= 1:
        results = play_games(game_id, levels, seeds, rotate, options)
    else:
        step = math.ceil(games / (jobs * 4)) or 1
        parts = [seeds[start : start + step] for start in range(0, games, step)]
        with ProcessPoolExecutor(jobs) as pool:
            chunks = pool.map(
                play_games,
                *zip(*((game_id, levels, part, rotate, options) for part in parts), strict=True),
            )
            results = [result for chunk in chunks for result in chunk]
    return summarise(game_id, levels, seed, rotate, results)


def summarise(
    game_id: str, levels: Sequence[str], seed: int, rotate: bool, results: Sequence[GameResult]
) -> Report:
    games = len(results)
    players = []
    for player, level in enumerate(levels):
        scores = [r.scores[player] for r in results]
        wins = sum(1 for r in results if r.winners == (player,))
        ties = sum(1 for r in results if player in r.winners and len(r.winners) > 1)
        millis = sorted(1000 * t for r in results for t in r.decision_seconds[player])
        players.append(
            PlayerSummary(
                level=level,
                mean=statistics.fmean(scores),
                median=statistics.median(scores),
                wins=wins,
                ties=ties,
                win_rate=wins / games,
                win_interval=wilson_interval(wins, games),
                decisions=len(millis),
                decision_ms_mean=statistics.fmean(millis) if millis else 0.0,
                decision_ms_p95=millis[int(0.95 * (len(millis) - 1))] if millis else 0.0,
                decision_ms_max=millis[-1] if millis else 0.0,
            )
        )
    turns = [r.turns for r in results]
    return Report(
        game=game_id,
        games=games,
        seed=seed,
        rotate=rotate,
        players=tuple(players),
        turns_mean=statistics.fmean(turns),
        turns_median=statistics.median(turns),
    )
