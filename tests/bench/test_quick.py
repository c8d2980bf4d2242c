"""Every benchmark of tests/bench run whole, as a command, in its quick mode (``--quick``: the
fewest runs and games that take each of its paths; lighthouse.py is one run already), so that
none stops working unnoticed. What is checked is that each ran to its end and reported every
figure it promises; the figures themselves mean nothing here. The browser benchmarks measure
dist/, as built by build/test.

Not run here: engine.py's ``--instructions`` (valgrind, which build/setup does not install,
counting four interpreters' starts: 25 s of a core) and the throttled variants of browser.py
and bots.py (the same code as the unthrottled ones, for as much time again).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "tests" / "bench"
TIMEOUT_S = 900  # a quick browser benchmark takes 1-3 minutes on a loaded 2-core machine


@pytest.fixture(scope="module")
def dist() -> str:
    """The site build/test built, for the browser benchmarks."""
    if not (ROOT / "dist" / "index.html").is_file():
        pytest.fail("dist/ is not built: run build/test (it builds first)")
    return str(ROOT / "dist")


def run(script: str, *args: str) -> str:
    """What ``script`` printed, run as docs/benchmarks.md says; a failure shows its end."""
    ran = subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(["py", ".", "tests/e2e"])},
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )
    said = f"{script} {' '.join(args)}:\n{ran.stdout[-3000:]}{ran.stderr[-5000:]}"
    assert ran.returncode == 0, said
    return ran.stdout


def report(tmp_path: Path, script: str, *args: str) -> dict[str, Any]:
    """The JSON report ``script`` wrote."""
    out = tmp_path / f"{script}.json"
    run(script, *args, "--out", str(out))
    written: dict[str, Any] = json.loads(out.read_text())
    return written


def has(figures: dict[str, Any], *keys: str) -> None:
    assert set(keys) <= set(figures), f"missing {set(keys) - set(figures)} in {figures}"


SPREAD = ("p50", "p95", "max")


def test_engine_against_the_last_commit(tmp_path: Path) -> None:
    engine = report(tmp_path, "engine.py", "--quick", "--against", "HEAD")
    has(engine, "python", "engine", "shelfie_enumeration")
    (qwixx,) = engine["engine"]
    has(qwixx, "game", "players", "games_per_second", "runs", "before", "ratio")
    assert qwixx["games_per_second"] > 0 and qwixx["before"]["games_per_second"] > 0
    has(engine["shelfie_enumeration"], "first_max_ms", "first_median_ms", "cached_max_ms")
    assert engine["shelfie_enumeration"]["multisets"] == 462


def test_table_against_the_last_commit() -> None:
    printed = run("table.py", "--quick", "--against", "HEAD")
    figures = r"\d+\.\d taps, \d+\.\d changes"
    both = r"\d+\.\d / \d+\.\d"
    assert re.fullmatch(
        rf"3 players: {figures} of hands per round \(before: {figures}\); 1 seeded games\n"
        rf"3 players, one device passed round / lying in the middle: {both} taps, "
        rf"\d+\.\d / 0\.0 device turns, \d+\.\d / 0\.0 waits for another's answer per round; "
        r"1 seeded games\n",
        printed,
    )


@pytest.mark.long
def test_diceland_taps_against_the_last_commit(tmp_path: Path, dist: str) -> None:
    """Its quick mode builds HEAD's site and plays its first turns on both builds."""
    taps = report(tmp_path, "diceland_taps.py", "--quick", "--dist", dist)
    assert set(taps["builds"]) == {"this", "HEAD"}
    for figures in taps["builds"].values():
        has(figures, "turns_over_goal", "zooms_while_fitting", "dom_p50_ms", "dom_p95_ms")
        assert figures["turns"] >= 1 and figures["smallest_cell_px"] >= 44
        assert figures["crossing_taps_per_turn"] >= figures["cell_per_turn"] > 0


@pytest.mark.parametrize("players", [[], ["--random"]], ids=["greedy", "random"])
def test_diceland_rounds(players: list[str]) -> None:
    printed = run("diceland_rounds.py", "--quick", *players)
    rounds = r"\d+\.\d / \d+\.\d"
    assert re.fullmatch(rf"map  2p median/mean\nA +{rounds}\nall +{rounds}\n", printed)


@pytest.mark.long
def test_bots(tmp_path: Path, dist: str) -> None:
    bots = report(tmp_path, "bots.py", "--quick", "--dist", dist)
    assert set(bots["strength"]) == {"shelfie expert-normal", "shelfie normal-random"}
    for name, pairing in bots["strength"].items():  # "shelfie expert-normal"
        assert [player["level"] for player in pairing["players"]] == name.split()[-1].split("-")
        has(pairing["players"][0], "score", "win_rate", "win_rate_95", "decision_ms")
    has(bots["decision_ms"]["shelfie"], "pyodide", "cpython", "decisions")
    has(bots["decision_ms"]["shelfie"]["pyodide"], "mean", "p95", "max")
    has(bots["long_tasks"]["1x"]["shelfie"], "actions", "long_tasks", "cpu_long_tasks")
    has(bots["hint_ms"]["1x at once"]["shelfie"], "hints", "mean", "p95", "max")
    has(bots["review_s"]["1x"]["shelfie"], "reviews", "mean_s", "max_s")
    has(bots["environment"], "python", "cpus", "load_average_after", "elapsed_seconds")


def test_the_bots_qwixx_solo_strength(tmp_path: Path, dist: str) -> None:
    strength = ("--only", "strength", "--game-ids", "qwixx")
    bots = report(tmp_path, "bots.py", "--quick", *strength, "--dist", dist)
    pairings = {"qwixx expert-normal", "qwixx normal-random", "qwixx solo expert"}
    assert set(bots["strength"]) == pairings


@pytest.mark.long
def test_browser(tmp_path: Path, dist: str) -> None:
    browser = report(tmp_path, "browser.py", "--quick", "--dist", dist)
    (variant,) = browser["variants"]
    for load in ("cold", "warm", "snapshot"):
        startup = variant["startup"][load]
        assert startup["ratio_app_to_bare"] > 0
        has(startup["app"], "ready_ms", "first_contentful_paint_ms", "long_tasks")
    has(variant["startup"]["cold"]["app"], "offline_ready_ms", "first_visit_body_bytes")
    has(variant["typing"]["key_delay_ms"], *SPREAD)
    has(variant["taps"]["games"]["qwixx"]["dom_ms"], *SPREAD)
    has(variant["real_dice"]["games"]["qwixx"]["taps_per_roll"], "rolls", "mean", "max")
    has(browser["first_visit"], "compressed", "uncompressed")
    has(browser["imports"], "stdlib_modules_imported", "imported_bytes", "archive_bytes")
    (qwixx,) = browser["engine"]["results"]
    assert qwixx["pyodide_games_per_second"] > 0 and qwixx["cpython_games_per_second"] > 0
    has(browser["engine"]["shelfie_enumeration"], "pyodide", "cpython")
    has(browser["memory"]["first_visit"]["peak_mib"], *SPREAD)
    has(browser["memory"]["snapshot"]["peak_mib"], *SPREAD)


def test_lighthouse(tmp_path: Path, dist: str) -> None:
    """Its own exit status says every score met its target."""
    lighthouse = report(tmp_path, "lighthouse.py", "--dist", dist)
    assert set(lighthouse["scores"]) == set(lighthouse["targets"]) == set(lighthouse["failing"])


@pytest.mark.long
def test_webkit_and_firefox(tmp_path: Path, dist: str) -> None:
    engines = report(tmp_path, "webkit_firefox.py", "--quick", "--dist", dist)
    assert set(engines) == {"webkit", "firefox"}
    for name, engine in engines.items():
        has(engine, "peak_over_bare_mib", "growth_per_tap_mib", "peak_mib", "bare_peak_mib")
        (run_,) = engine["runs"]
        assert run_["compositing"] == ("outside" if name == "webkit" else None)
        assert run_["ram_mib"] == (2048 if name == "webkit" else None)
        assert run_["snapshot"] == "stored" and run_["second_start"] == "snapshot"
        assert run_["game"] == "qwixx" and run_["game_over"] and run_["console_errors"] == []
        assert run_["bare"]["console_errors"] == [] and run_["game_taps"] > 0
        has(run_, "first_visit_bytes", "first_visit_gzip_bytes", "floor_mib", "peak_mib")
        has(run_, "game_first_screen_mib", "game_end_mib", "resident_growth_per_tap_mib")
        assert run_["game_first_screen_dirty_mib"] > 0 and run_["game_end_dirty_mib"] > 0
        has(run_["peaks_mib"], "first_visit", "second_start", "game")
        has(run_["bare"], "floor_mib", "peak_mib")
