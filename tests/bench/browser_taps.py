"""browser.py's taps (part 2 of its docstring): scripted 2-player games of each game tapped inside
the page, with the table's own dice or with real ones, and Qwixx for four at a tablet, handed
round or lying in the middle; each tap timed from ``click()`` to the DOM painted and to the
next frame."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from harness import APP_PAGE, SW_CONTROL_JS, VIEWPORT, Chromium, Origin, log, median, spread

# tests/e2e: one home for the seeded stream the page scripts draw from
from appdriver import SEEDED_RANDOM_JS

PLAYERS = ("Ana", "Ben")
# The table-top's taps: four people around a tablet lying in the middle of the table.
TABLE_TOP = {"viewport": {"width": 1024, "height": 768}, "players": ("Ana", "Ben", "Cy", "Di")}
MAX_TAPS_PER_GAME = 5000  # a scripted game that has not ended by then is a bug


# One whole game, tapped inside the page, by the same simple player in every seat: roll when
# asked, confirm a complete choice, else take the first highlighted (legal) tap, else stop
# rolling (Diceland), else "Done" (Qwixx's white sum: the others cross nothing), else the
# roller's own "no cross", else pass. Each tap starts from a settled page (a frame after the
# previous one), like a finger that comes back a moment later. ``cutAt``: the game's first
# taps only (null: to its end screen).
GAME_JS = (
    "async ({ maxTaps, cutAt, seed }) => {"
    + SEEDED_RANDOM_JS
    + """
  const nextFrame = () => new Promise((resolve) =>
    requestAnimationFrame(() => setTimeout(resolve, 0)));
  const find = (selector) => document.querySelector(selector);
  const random = seededRandom(seed);  // the faces a table's real dice show
  const pick = (list) => list[Math.floor(random() * list.length)];
  const choices = [
    ["roll", "[data-act=roll]"],
    ["confirm", "[data-act=confirm]:not([disabled])"],
    ["legal", "#play .legal[data-act]:not(.answered *)"],
    ["stop", "[data-act=stop]"],
    ["done", "[data-act=done]"],
    ["none", ".answer-line:not(.answered) [data-act=answer][data-row=none]"],
    ["pass", "[data-act=pass]"],
  ];
  const taps = [];
  // Real dice: a face for the first die not entered (its row's, or the next free place's),
  // then Use once every die is.
  const entryTap = () => {
    const row = [...document.querySelectorAll("#play .entry-row")]
      .find((r) => !r.querySelector("[aria-pressed=true]"));
    if (row) return ["entry", pick(row.querySelectorAll("[data-act=die-face]"))];
    if (find("#play .entry-place.empty")) {
      return ["entry", pick(document.querySelectorAll("#play [data-act=add-die]"))];
    }
    return ["use", find("#play [data-act=enter-dice]")];
  };
  while (!find("#region-scores table") && taps.length !== cutAt) {
    if (taps.length >= maxTaps) throw new Error(`no end screen after ${maxTaps} taps`);
    const [act, element] = find("#play .dice-entry") ? entryTap()
      : choices.map(([name, selector]) => [name, find(selector)])
        .find(([, found]) => found) ?? [];
    if (!element) {
      const prompt = (find("#region-prompt .prompt")?.textContent ?? "").trim();
      throw new Error(`nothing to tap; the prompt says: ${prompt}`);
    }
    await nextFrame();
    const start = performance.now();
    element.click();
    await window.dadotecaTable.settled();
    const dom = performance.now() - start;
    await nextFrame();
    taps.push({ act, dom, frame: performance.now() - start });
  }
  return taps;
}"""
)


def play_game(
    chromium: Chromium,
    origin: Origin,
    game: str,
    seed: int,
    dice: str = "app",
    *,
    table_top: bool | None = None,
    cut_at: int | None = None,
) -> list[dict[str, Any]]:
    """One scripted game; ``table_top``: four at a tablet, lying in the middle of the table
    (True) or handed round (False); ``cut_at``: its first taps only (None: the whole game)."""
    page, _ = chromium.open(origin, f"index.html?seed={seed}")
    players = PLAYERS
    if table_top is not None:
        page.set_viewport_size(TABLE_TOP["viewport"])  # type: ignore[arg-type]
        players = TABLE_TOP["players"]  # type: ignore[assignment]
    page.check(f"#setup input[name=game][value={game}]")
    page.check(f"#setup input[name=dice][value={dice}]")
    page.select_option("#player-count", str(len(players)))
    for index, name in enumerate(players):
        page.fill(f"#setup input[name=player] >> nth={index}", name)
    page.select_option("#first-player", "0")
    if table_top:
        page.check("#setup input[name=layout][value=table]")
    page.click("#setup button[type=submit]")
    page.wait_for_selector("[data-act=roll], [data-act=enter-dice]", state="attached")
    taps: list[dict[str, Any]] = page.evaluate(
        GAME_JS, {"maxTaps": MAX_TAPS_PER_GAME, "cutAt": cut_at, "seed": seed}
    )
    page.evaluate("localStorage.clear()")  # the next game must not resume this one
    page.close()
    return taps


def tap_figures(taps: list[dict[str, Any]]) -> dict[str, Any]:
    by_act: dict[str, Any] = {}
    for act in sorted({tap["act"] for tap in taps}):
        chosen = [tap for tap in taps if tap["act"] == act]
        by_act[act] = {
            "taps": len(chosen),
            "dom_ms": spread([t["dom"] for t in chosen]),
            "frame_ms": spread([t["frame"] for t in chosen]),
        }
    return {
        "taps": len(taps),
        "dom_ms": spread([tap["dom"] for tap in taps]),
        "frame_ms": spread([tap["frame"] for tap in taps]),
        "by_act": by_act,
    }


def taps_per_roll(taps: list[dict[str, Any]]) -> dict[str, Any]:
    """Real dice: how many taps each roll's entry took (its faces and Use)."""
    counts, count = [], 0
    for tap in taps:
        if tap["act"] in ("entry", "use"):
            count += 1
        if tap["act"] == "use":
            counts.append(count)
            count = 0
    return {"rolls": len(counts), "mean": statistics.fmean(counts), "max": max(counts)}


def installed_origin(chromium: Chromium) -> Origin:
    """A new origin whose service worker is installed: its games load warm. One for all the
    tap measures of a browser: each game leaves the origin's storage as it found it."""
    origin = chromium.new_origin()
    page, _ = chromium.open(origin, APP_PAGE)
    page.evaluate(SW_CONTROL_JS)
    page.close()
    return origin


def measure_taps(
    chromium: Chromium,
    origin: Origin,
    games: int,
    game_ids: Sequence[str],
    dice: str = "app",
    *,
    table_top: bool | None = None,
    cut_at: int | None = None,
) -> dict[str, Any]:
    per_game: dict[str, Any] = {}
    for game_id in game_ids:
        taps: list[dict[str, Any]] = []
        for seed in range(1, games + 1):
            game = play_game(
                chromium, origin, game_id, seed, dice, table_top=table_top, cut_at=cut_at
            )
            log(
                f"  {game_id} game {seed}/{games} (seed {seed}): {len(game)} taps, "
                f"median {median([tap['dom'] for tap in game]):.1f} ms to the DOM"
            )
            taps += [{**tap, "seed": seed} for tap in game]
        per_game[game_id] = {"games": games, **tap_figures(taps), "samples": taps}
        if dice == "real":
            per_game[game_id]["taps_per_roll"] = taps_per_roll(taps)
    viewport = VIEWPORT if table_top is None else TABLE_TOP["viewport"]
    return {"viewport": viewport, "dice": dice, "table_top": table_top, "games": per_game}


def print_taps(taps_report: dict[str, Any]) -> None:
    for game_id, taps in taps_report["games"].items():
        dice = " with real dice" if taps_report["dice"] == "real" else ""
        if taps_report.get("table_top") is not None:
            where = "around the table-top" if taps_report["table_top"] else "handing it round"
            dice = f", {len(TABLE_TOP['players'])} at a tablet, {where}"
        size = "{width}x{height}".format(**taps_report["viewport"])
        log(
            f"tap latency, {game_id}{dice}: {taps['games']} games, {taps['taps']} taps at {size}"
            f"      p50      p95      max"
        )
        if "taps_per_roll" in taps:
            per_roll = taps["taps_per_roll"]
            log(
                f"  taps per roll entered: mean {per_roll['mean']:.1f}, max {per_roll['max']} "
                f"({per_roll['rolls']} rolls)"
            )
        for key, label in (
            ("dom_ms", "click() to DOM updated"),
            ("frame_ms", "to the next frame"),
        ):
            figures = taps[key]
            log(
                f"  {label:<45} {figures['p50']:6.1f}   {figures['p95']:6.1f}   "
                f"{figures['max']:6.1f} ms"
            )
        log(
            "  by tap (DOM p50/p95): "
            + ", ".join(
                f"{act} x{figures['taps']} {figures['dom_ms']['p50']:.1f}/"
                f"{figures['dom_ms']['p95']:.1f}"
                for act, figures in taps["by_act"].items()
            )
        )
