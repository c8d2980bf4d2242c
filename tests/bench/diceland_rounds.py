"""Diceland game length: rounds per game with a simple greedy player in every seat.

    PYTHONPATH=py python tests/bench/diceland_rounds.py [--games 200] [--maps A B ...]

The rule book says a game lasts about 20 minutes: at about 25 s a turn, some 45 turns. Since
every player crosses on every turn, a game takes about as many turns whatever the number of
players, so the maps (about 160 cells) are sized for that: with 200 games per map and player
count, the median is 21 rounds for 2 players, 15 for 3 and 11 for 4 (42-45 turns), within a
round on every map A-H. For 2, 3 and 4 players on each map (everyone on the same map), it prints
the median and mean rounds per game; ``--random`` plays random players instead.

The greedy player: chooses the colour whose best mark is worth most; rerolls while the expected
value of one more roll (dice it could still place) beats stopping; crosses the mark worth most
(prizes first, then cells, finishing areas and colours, its best colour), and never passes when
it can cross.
"""

from __future__ import annotations

import argparse
import statistics
from math import comb

from quick import parse_args

from dadoteca.playout import random_playout
from dadoteca_games.diceland.maps import FIXED_MAP_IDS
from dadoteca_games.diceland.rules import (
    COLOURS,
    DICE,
    DICELAND,
    PASS,
    REROLL,
    STOP,
    Choose,
    DicelandAction,
    DicelandState,
    Mark,
    Phase,
    Sheet,
)

PRIZE = 10.0
AREA_DONE = 2.0
COLOUR_DONE = 6.0
FAVOURITE = 0.5


def favourite_colour(sheet: Sheet) -> int:
    """The colour nearest to complete (by share of its cells crossed)."""
    m = sheet.map
    return max(
        range(len(COLOURS)),
        key=lambda c: (
            (sheet.crossed & m.colour_masks[c]).bit_count() / m.colour_masks[c].bit_count()
        ),
    )


def mark_value(sheet: Sheet, mark: Mark) -> float:
    m = sheet.map
    cells = 0
    for cell in mark.cells:
        cells |= 1 << cell
    crossed = sheet.crossed | cells
    area = m.areas[mark.cells[0]]
    value = len(mark.cells) + PRIZE * (cells & m.prize_mask).bit_count()
    if crossed & m.area_masks[area] == m.area_masks[area]:
        value += AREA_DONE
    colour_mask = m.colour_masks[mark.colour]
    if crossed & colour_mask == colour_mask:
        value += COLOUR_DONE
    if mark.colour == favourite_colour(sheet):
        value += FAVOURITE * len(mark.cells)
    return value


def best_mark(state: DicelandState, player: int, legal: list[DicelandAction]) -> DicelandAction:
    sheet = state.sheets[player]
    marks = [action for action in legal if isinstance(action, Mark)]
    return max(marks, key=lambda mark: mark_value(sheet, mark)) if marks else PASS


def most_placeable(sheet: Sheet, colour: int, at_least: int) -> int:
    """The most dice of ``colour`` the sheet could cross now (0 if not even ``at_least``)."""
    best = 0
    for count in range(at_least, DICE + 1):
        if sheet.marks(colour, count):
            best = count
    return best


def reroll_pays(state: DicelandState) -> bool:
    """One more roll's expected crossable dice (then stopping) beats stopping now."""
    held, rolled = state.set_aside, DICE - state.set_aside
    most = most_placeable(state.sheets[state.active], state.chosen, held)
    if held > most:
        return False
    expected = 0.0
    for extra in range(rolled + 1):
        chance = comb(rolled, extra) * (1 / 6) ** extra * (5 / 6) ** (rolled - extra)
        total = held + extra
        expected += chance * (total if total <= most else 0)
    return expected > held


def choose(state: DicelandState, player: int) -> DicelandAction:
    sheet = state.sheets[player]
    best: tuple[float, int] = (-1.0, 0)
    for colour, count in enumerate(state.remaining_dice()):
        if count:
            marks = sheet.marks(colour, count)
            value = max((mark_value(sheet, mark) for mark in marks), default=0.0)
            best = max(best, (value, colour))
    return Choose(best[1])


def greedy(state: DicelandState, player: int) -> DicelandAction:
    phase = state.phase
    if phase == Phase.CHOOSE:
        return choose(state, player)
    if phase == Phase.STOP_OR_REROLL:
        return REROLL if reroll_pays(state) else STOP
    return best_mark(state, player, state.legal_actions(player))


def rounds_of_a_game(players: int, map_id: str, seed: int) -> int:
    state = DICELAND.new_game(players, seed, {"maps": ",".join([map_id] * players)})
    while not state.is_terminal:
        if state.is_chance:
            state = state.apply_chance(state.roll())
            continue
        for player in state.deciders:
            state = state.apply(player, greedy(state, player))
    return state.round


def random_rounds(players: int, map_id: str, seed: int) -> int:
    state = DICELAND.new_game(players, seed, {"maps": ",".join([map_id] * players)})
    final = random_playout(state, seed)
    assert isinstance(final, DicelandState)
    return final.round


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--maps", nargs="+", default=list(FIXED_MAP_IDS))
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--random", action="store_true", help="random players instead")
    args = parse_args(parser, {"games": 1, "maps": ["A"], "players": [2]})
    play = random_rounds if args.random else rounds_of_a_game
    print("map  " + "  ".join(f"{p}p median/mean" for p in args.players))
    everything: dict[int, list[int]] = {p: [] for p in args.players}
    for map_id in args.maps:
        cells = []
        for players in args.players:
            rounds = [play(players, map_id, seed) for seed in range(args.games)]
            everything[players] += rounds
            cells.append(f"{statistics.median(rounds):>6.1f} / {statistics.mean(rounds):4.1f}")
        print(f"{map_id:<4} " + "  ".join(cells))
    print(
        "all  "
        + "  ".join(
            f"{statistics.median(r):>6.1f} / {statistics.mean(r):4.1f}" for r in everything.values()
        )
    )


if __name__ == "__main__":
    main()
