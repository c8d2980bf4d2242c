"""Taps and changes of hands per Qwixx round, at a table of people sharing one phone.

    PYTHONPATH=py python tests/bench/table.py                      # this version
    PYTHONPATH=py python tests/bench/table.py --against 93dfc16    # and an earlier one

Seeded games are played through the App as a family would tap it, every person deciding as the
normal computer player would (the same decisions in both versions, so only the screens differ).
On the shared screen of the white sum, those who cross tap their row and one Done passes for
the others; one by one, each person answers in turn (a cross is a tap and a Confirm).
A tap is one App.handle; the screen changes hands when the player it is for changes (a screen
for everyone at once is one hand). Figures are means per round (a round: every player's turn).

``--against REF`` measures git revision REF's app on the same seeds: its py/ is unpacked into a
temporary folder, and this script runs on it in a subprocess.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from engine import unpack
from quick import parse_args

from dadoteca.bots import bot_for, decision_seed
from dadoteca.core import Action
from dadoteca_games.qwixx.rules import Cross, QwixxState
from dadoteca_web.app import App
from dadoteca_web.game_ui import asked_player  # in both versions: asked_player(state)
from dadoteca_web.i18n import Translator
from dadoteca_web.storage import GameStore, MemoryStore

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena")


class Table:
    """The App of either version, tapped as people would."""

    def __init__(self, players: int, seed: int) -> None:
        self.app = App(GameStore(MemoryStore()), Translator("en", {}), lambda: seed)
        self.app.start(list(NAMES[:players]), seed)
        self.shared = hasattr(self.app, "take_back")  # this version: one screen for all
        self.taps = 0
        self.hands: list[str] = []

    @property
    def state(self) -> QwixxState:
        state = self.app.state
        assert isinstance(state, QwixxState)
        return state

    def tap(self, act: str, data: dict[str, str] | None = None) -> None:
        self.taps += 1
        self.app.handle(act, data or {})
        self.hands.append(self.hand())

    def hand(self) -> str:
        if self.shared:
            return str(self.app.hands)
        return str(asked_player(self.state))

    def decision(self, player: int) -> Action:
        match = self.app.match
        assert match is not None
        seed = decision_seed(match.seed, len(match.actions), player)
        return bot_for("qwixx", "normal").decide(self.state, player, seed)

    def play_turn(self) -> None:
        state = self.state
        self.tap("roll")
        deciders = list(self.state.deciders)
        if self.shared:  # who crosses taps their row; one Done says the others cross nothing
            decisions = {player: self.decision(player) for player in deciders}
            for player, action in decisions.items():
                if isinstance(action, Cross):
                    self.tap("answer", {"player": str(player), "row": str(action.row)})
            roller = self.state.active
            others = [action for player, action in decisions.items() if player != roller]
            if not all(isinstance(action, Cross) for action in others):
                self.tap("done")
            # Done never answers for the roller (in earlier versions it did, and closed the moment).
            if self.state.phase == "action1" and not isinstance(decisions[roller], Cross):
                self.tap("answer", {"player": str(roller), "row": "none"})
        else:
            while self.state.phase == "action1":
                self.answer_one_by_one(self.decision(asked_player(self.state)))
        if self.state.is_terminal or self.state.turn != state.turn:
            return
        action = self.decision(self.state.active)
        if self.shared:
            if isinstance(action, Cross):
                data = {"seat": str(self.state.active), "row": str(action.row)}
                self.tap("cell", {**data, "number": str(action.number)})
            else:
                self.tap("pass")
        else:
            self.answer_one_by_one(action)

    def answer_one_by_one(self, action: Action) -> None:
        if isinstance(action, Cross):
            self.tap("cell", {"row": str(action.row), "number": str(action.number)})
            self.tap("confirm")
        else:
            self.tap("pass")


def measure(players: int, games: int) -> dict[str, Any]:
    taps, changes = [], []
    for seed in range(games):
        table = Table(players, seed)
        hands_before = table.hand()
        while not table.state.is_terminal:
            table.play_turn()
        rounds = (table.state.turn - 1) / players + 1
        switches = sum(
            1 for a, b in zip([hands_before, *table.hands], table.hands, strict=False) if a != b
        )
        taps.append(table.taps / rounds)
        changes.append(switches / rounds)
    return {
        "players": players,
        "games": games,
        "taps_per_round": statistics.mean(taps),
        "hand_changes_per_round": statistics.mean(changes),
    }


def at_revision(ref: str, players: list[int], games: int) -> list[dict[str, Any]]:
    """The figures of git revision ``ref``'s app: this script, run on its py/."""
    with tempfile.TemporaryDirectory() as folder:
        args = ["--players", *map(str, players), "--games", str(games), "--json"]
        out = subprocess.run(
            [sys.executable, __file__, *args],
            check=True,
            capture_output=True,
            text=True,
            env={"PYTHONPATH": str(unpack(ref, "py", Path(folder)))},
        ).stdout
    results: list[dict[str, Any]] = json.loads(out)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[3, 5])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--against", metavar="REF", help="also measure git revision REF")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON only")
    args = parse_args(parser, {"players": [3], "games": 1})
    now = [measure(players, args.games) for players in args.players]
    if args.json:
        print(json.dumps(now))
        return
    before = at_revision(args.against, args.players, args.games) if args.against else []
    for index, figures in enumerate(now):
        line = (
            f"{figures['players']} players: {figures['taps_per_round']:.1f} taps, "
            f"{figures['hand_changes_per_round']:.1f} changes of hands per round"
        )
        if before:
            old = before[index]
            line += (
                f" (before: {old['taps_per_round']:.1f} taps, "
                f"{old['hand_changes_per_round']:.1f} changes)"
            )
        print(line + f"; {args.games} seeded games")


if __name__ == "__main__":
    main()
