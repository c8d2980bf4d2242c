"""What the bot and coach tests share: random moments of decision to put a player in, and a
bot's thinking followed pause by pause."""

from __future__ import annotations

from collections.abc import Callable

from dadoteca.bots import Bot
from dadoteca.core import Action, AnyState, Options, draw, seed_generator
from dadoteca.games import get_game
from dadoteca_games.diceland.maps import FIXED_MAP_IDS


def varied_maps(seed: int, players: int) -> Options:
    """Diceland maps turning with the seed, so random positions come from every map."""
    return {
        "maps": ",".join(
            FIXED_MAP_IDS[(seed + seat) % len(FIXED_MAP_IDS)] for seat in range(players)
        )
    }


def moments(
    game_id: str,
    players: int,
    games: int,
    every: int,
    options: Callable[[int, int], Options] | None = None,
) -> list[tuple[AnyState, int]]:
    """Every ``every``-th decision of random games (seeds 0 to ``games`` - 1), with its decider:
    positions of all kinds, early and late."""
    found = []
    for seed in range(games):
        state = get_game(game_id).new_game(
            players, seed, options(seed, players) if options else None
        )
        chooser = seed_generator(seed)
        count = 0
        while not state.is_terminal:
            if state.is_chance:
                state = state.apply_chance(state.roll())
                continue
            for player in state.deciders:
                if count % every == 0:
                    found.append((state, player))
                count += 1
                legal = state.legal_actions(player)
                chooser, value = draw(chooser)
                state = state.apply(player, legal[value % len(legal)])
    return found


def thought_through(bot: Bot, state: AnyState, player: int, seed: int) -> tuple[Action, int]:
    """What ``bot`` decides for ``player`` at ``state``, and how often its thinking paused."""
    thinking = bot.think(state, player, seed)
    pauses = 0
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value, pauses
        pauses += 1
