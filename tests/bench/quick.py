"""``--quick``, the benchmarks' shared option: the fewest runs and games that still take every
path of a benchmark. tests/bench/test_quick.py runs each so in every test run, so that none can
stop working unnoticed; its figures mean nothing."""

from __future__ import annotations

import argparse
from collections.abc import Mapping


def _shown(value: object) -> str:
    return " ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)


def parse_args(parser: argparse.ArgumentParser, quick: Mapping[str, object]) -> argparse.Namespace:
    """The command line, given ``--quick`` (added here): ``quick`` as the defaults instead of
    ``parser``'s, options named on the command line still winning."""
    shown = ", ".join(
        f"--{name.replace('_', '-')} {_shown(value)}" for name, value in quick.items()
    )
    parser.add_argument("--quick", action="store_true", help=f"a quick check: {shown}")
    args = parser.parse_args()
    if args.quick:
        parser.set_defaults(**quick)
        args = parser.parse_args()
    return args
