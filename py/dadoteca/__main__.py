"""Command line: ``replay RECORD.json``, ``random GAME`` and ``simulate GAME --players …``.

Errors print one line naming the problem and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .bots import BOT_LEVELS
from .bots.simulate import simulate as run_simulation
from .core import RuleError
from .games import GAMES
from .match import Match
from .playout import random_match

MAX_RECORD_BYTES = 1 << 20  # records are a few KiB; refuse anything that could not be one


def _replay(path: str) -> dict[str, object]:
    with open(path, "rb") as file:
        data = file.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise RuleError(
            "record.too_large", "The record is larger than {limit} bytes", limit=MAX_RECORD_BYTES
        )
    try:
        record = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise RuleError(
            "record.not_json", "The record is not JSON: {problem}", problem=str(error)
        ) from None
    match = Match.from_record(record)
    state = match.state
    return {
        "game": match.game.id,
        "players": [seat.name for seat in match.seats],
        "terminal": state.is_terminal,
        "scores": list(state.scores()),
        "winners": list(state.winners()) if state.is_terminal else None,
        "state": state.to_json(),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dadoteca", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay a game record; print its state as JSON")
    replay.add_argument("record", help="path to a record JSON file")
    random = commands.add_parser("random", help="play a random legal game; print its record")
    random.add_argument("game", choices=sorted(GAMES), help="game id")
    random.add_argument("--players", type=int, default=2)
    random.add_argument("--seed", type=int, default=0)
    simulate = commands.add_parser(
        "simulate", help="play computer players against each other; print a summary per player"
    )
    simulate.add_argument("game", choices=sorted(GAMES), help="game id")
    simulate.add_argument(
        "--players",
        required=True,
        type=_levels,
        help=f"comma-separated levels, one per player ({', '.join(BOT_LEVELS)}); one is solo",
    )
    simulate.add_argument("--games", type=_positive, default=100)
    simulate.add_argument("--seed", type=int, default=0, help="game g uses seed SEED + g")
    simulate.add_argument("--jobs", type=_positive, default=1, help="processes to spread games")
    simulate.add_argument(
        "--no-rotate", action="store_true", help="keep every player at the same table position"
    )
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            result = _replay(args.record)
        elif args.command == "random":
            result = random_match(args.game, args.players, args.seed).record()
        else:
            report = run_simulation(
                args.game,
                args.players,
                args.games,
                args.seed,
                jobs=args.jobs,
                rotate=not args.no_rotate,
            )
            print(
                json.dumps(report.to_json(), indent=1) if args.json else "\n".join(report.lines())
            )
            return 0
    except RuleError as error:
        print(f"error: {error.message} [{error.rule}]", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"error: cannot read {args.record}: {error.strerror}", file=sys.stderr)
        return 2
    print(_readable_json(result))
    return 0


def _levels(text: str) -> list[str]:
    levels = [level.strip() for level in text.split(",")]
    unknown = sorted(set(levels) - set(BOT_LEVELS))
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown level {', '.join(unknown)} (known: {', '.join(BOT_LEVELS)})"
        )
    return levels


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    return value


def _readable_json(value: dict[str, object]) -> str:
    """Indented JSON, except that each record action (a short pair) stays on one line."""
    actions = value.get("actions")
    if not isinstance(actions, list):
        return json.dumps(value, indent=1)
    head = json.dumps({**value, "actions": []}, indent=1)
    lines = ",\n  ".join(json.dumps(action) for action in actions)
    return head.replace(
        '"actions": []', f'"actions": [\n  {lines}\n ]' if actions else '"actions": []'
    )


if __name__ == "__main__":
    sys.exit(main())
