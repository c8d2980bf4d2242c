"""Command line: ``python -m dadoteca replay RECORD.json`` and ``python -m dadoteca random GAME``.

Errors print one line naming the problem and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

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
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            result = _replay(args.record)
        else:
            result = random_match(args.game, args.players, args.seed).record()
    except RuleError as error:
        print(f"error: {error.message} [{error.rule}]", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"error: cannot read {args.record}: {error.strerror}", file=sys.stderr)
        return 2
    print(_readable_json(result))
    return 0


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
