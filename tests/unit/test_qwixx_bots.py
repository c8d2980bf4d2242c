"""Qwixx's computer players: the levels rank as they should, and the expert's search spends its
play-outs where the choice is close. (What every game's bots must do is in test_bots.py.)"""

from __future__ import annotations

import pytest
from bots_support import moments

from dadoteca.bots import LEVELS
from dadoteca.bots.simulate import simulate
from dadoteca_games.qwixx.bots import ExpertQwixxBot, paired_gain


def test_levels_rank_in_solo_play() -> None:
    means = {
        level: simulate("qwixx", [level], 200, seed=1).players[0].mean
        for level in ("easy", "normal", "expert")
    }
    assert means["easy"] < means["normal"] < means["expert"]
    assert means["expert"] > 95  # 200 games; the 10,000-game figure: docs/benchmarks.md


def test_paired_gain_compares_contenders_on_the_rollouts_they_share() -> None:
    first = [1.0, 0.0, 1.0, 0.0, 1.0]  # the first contender played one rollout more
    other = [1.0, 1.0, 1.0, 1.0]  # differences 0, 1, 0, 1: mean 1/2, standard error 1/4
    assert paired_gain(other, first, 0.0) == pytest.approx(0.5)
    assert paired_gain(other, first, 1.0) == pytest.approx(0.75)
    assert paired_gain(other, first, -2.0) == pytest.approx(0.0)


def test_the_expert_with_a_rival_spends_its_rollouts_on_close_calls() -> None:
    """One pause per game played out: whole rounds, never past the budget; a contender clearly
    worse than the first is dropped after two rounds, a close one is played out to the most."""
    bot = ExpertQwixxBot()
    played = [
        sum(1 for _ in bot.think(state, player, number))
        for number, (state, player) in enumerate(moments("qwixx", 2, 6, 5))
    ]
    assert all(games % bot.ROLLOUT_ROUND == 0 for games in played)
    assert max(played) <= bot.ROLLOUT_BUDGET
    assert 2 * 2 * bot.ROLLOUT_ROUND in played
    assert 2 * bot.MAX_ROLLOUTS in played


# Games per level against random: the expert plays out its close calls, ~1 s a game, and wins
# them all.
GAMES_AGAINST_RANDOM = {"easy": 60, "normal": 60, "expert": 12}


def test_levels_beat_the_random_player() -> None:
    for level in LEVELS:
        report = simulate("qwixx", [level, "random"], GAMES_AGAINST_RANDOM[level], seed=2)
        assert report.players[0].win_rate > 0.9
