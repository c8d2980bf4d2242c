"""Computer players of every game: legal, reproducible, replayable; the simulation around them."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from bots_support import moments, varied_maps

from dadoteca.__main__ import main
from dadoteca.bots import BOT_LEVELS, LEVELS, bot_for, finish
from dadoteca.bots.play import play_bots
from dadoteca.bots.simulate import simulate, wilson_interval
from dadoteca.core import Options, RuleError
from dadoteca.games import GAMES, get_game
from dadoteca.match import Match

# Games per game id for the legality sweep: every level meets every other one, at every table
# size; match.play refuses any illegal action, so each game is a check of every decision.
SWEEP_GAMES = {"qwixx": 800, "diceland": 200, "shelfie": 400}


def _lineups(game_id: str, games: int) -> list[tuple[str, ...]]:
    game = get_game(game_id)
    sizes = range(game.min_players, min(game.max_players, 4) + 1)
    cheap = ("random", "easy", "normal")
    lineups = []
    for index in range(games):
        size = sizes[index % len(sizes)]
        lineups.append(tuple(cheap[(index + seat) % len(cheap)] for seat in range(size)))
    return lineups


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_cheap_levels_only_ever_play_legal_actions(game_id: str) -> None:
    for seed, lineup in enumerate(_lineups(game_id, SWEEP_GAMES[game_id])):
        bots = [bot_for(game_id, level) for level in lineup]
        assert play_bots(game_id, bots, seed).state.is_terminal


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_expert_plays_legal_games_that_replay_from_their_records(game_id: str) -> None:
    for seed in range(4):
        lineup = ("expert", LEVELS[seed % 3]) if seed else ("expert",)
        match = play_bots(game_id, [bot_for(game_id, level) for level in lineup], seed)
        replayed = Match.from_record(json.loads(json.dumps(match.record())))
        assert replayed.state == match.state
        assert [seat.kind for seat in replayed.seats] == [f"bot:{level}" for level in lineup]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_seed_plays_the_same_game_again(game_id: str) -> None:
    bots = [bot_for(game_id, level) for level in ("normal", "easy")]
    assert play_bots(game_id, bots, 7).record() == play_bots(game_id, bots, 7).record()


# Random positions for the checks of every level: games and every n-th decision, per game.
SAMPLES = {"qwixx": (3, 5), "diceland": (3, 17), "shelfie": (6, 5)}
BLIND_SAMPLES = {"qwixx": (2, 3), "diceland": (1, 11), "shelfie": (4, 3)}
OPTIONS: dict[str, Callable[[int, int], Options]] = {"diceland": varied_maps}


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("level", BOT_LEVELS)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_level_plays_only_legal_actions_and_the_same_for_a_seed(
    game_id: str, level: str, players: int
) -> None:
    bot = bot_for(game_id, level)
    games, every = SAMPLES[game_id]
    found = moments(game_id, players, games, every, OPTIONS.get(game_id))
    for number, (state, player) in enumerate(found):
        action = bot.decide(state, player, number)
        assert action in state.legal_actions(player)
        assert bot.decide(state, player, number) == action


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("level", BOT_LEVELS)
def test_decisions_do_not_depend_on_the_dice_to_come(game_id: str, level: str) -> None:
    """Two moments differing only in the dice generator get the same decisions."""
    bot = bot_for(game_id, level)
    games, every = BLIND_SAMPLES[game_id]
    for number, (state, player) in enumerate(
        moments(game_id, 2, games, every, OPTIONS.get(game_id))
    ):
        action = bot.decide(state, player, number)
        assert bot.decide(state.reseeded(number * 7919 + 1), player, number) == action


def test_a_bot_asked_out_of_turn_names_the_rule() -> None:
    state = get_game("qwixx").new_game(2, 1)
    with pytest.raises(RuleError) as error:
        bot_for("qwixx", "expert").decide(state, 0, 1)
    assert error.value.rule == "bots.no_decision"


def test_unknown_levels_are_refused_with_the_known_ones() -> None:
    with pytest.raises(RuleError) as error:
        bot_for("qwixx", "godlike")
    assert error.value.rule == "bots.unknown_level"
    assert "expert" in error.value.message


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_thinking_in_slices_ends_in_the_decision(game_id: str) -> None:
    state = get_game(game_id).new_game(2, 8)
    state = state.apply_chance(state.roll())
    bot = bot_for(game_id, "expert")
    assert finish(bot.think(state, 0, 4)) == bot.decide(state, 0, 4)


# -- the simulation -----------------------------------------------------------------------


def test_simulation_is_the_same_with_any_number_of_processes() -> None:
    one = simulate("qwixx", ["normal", "easy"], 12, seed=3, jobs=1)
    two = simulate("qwixx", ["normal", "easy"], 12, seed=3, jobs=2)
    assert [p.mean for p in one.players] == [p.mean for p in two.players]
    assert [p.wins for p in one.players] == [p.wins for p in two.players]
    assert one.turns_mean == two.turns_mean


def test_rotation_moves_every_player_around_the_table() -> None:
    """Rotated, two copies of one level win about equally; unrotated, seat 1's edge shows."""
    report = simulate("qwixx", ["normal", "normal"], 60, seed=4)
    first, second = report.players
    assert first.wins + second.wins + first.ties <= 60
    assert abs(first.mean - second.mean) < 15


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = wilson_interval(70, 100)
    assert low < 0.7 < high
    assert wilson_interval(0, 50)[0] == 0.0
    assert wilson_interval(50, 50)[1] == pytest.approx(1.0)
    assert 0.6 < low < high < 0.8


def test_simulate_command_prints_a_line_per_player(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "qwixx", "--players", "expert,random", "--games", "2", "--seed", "2"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    assert len(lines) == 3
    assert lines[1].startswith("player 1 expert: mean ")
    assert "median" in lines[2] and "wins" in lines[2] and "ms p95" in lines[2]


def test_simulate_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "shelfie", "--players", "normal", "--games", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "shelfie" and report["games"] == 3
    (solo,) = report["players"]
    assert solo["level"] == "normal" and solo["decisions"] > 0
    assert set(solo["score"]) == {"mean", "median"}


def test_simulate_command_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "qwixx", "--players", "expert,wizard"])
    assert "unknown level wizard" in capsys.readouterr().err
    assert main(["simulate", "diceland", "--players", "easy,easy,easy,easy,easy"]) == 2
    assert "players" in capsys.readouterr().err
