"""Real dice in headless Chromium on a 360 by 640 phone: whole games whose every roll is the
table's own, entered by taps, replayed in CPython from the record the page saved."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from appdriver import (
    PageWatch,
    open_app,
    saved_record,
    seeded_table_js,
    settled,
    start_game,
    tap,
)
from build.serve import BackgroundServer
from dadoteca.core import AnyState
from dadoteca.games import get_game
from dadoteca.match import Match
from dadoteca_web.i18n import Translator
from dadoteca_web.screens import GAME_UIS

# A table that rolls its own dice (a seeded stream stands for them) and plays simply: it enters
# each roll as a person does (Qwixx: a face in each die's row; the others: a face per die), then
# Use; otherwise it rerolls now and then, confirms, taps the first highlighted thing, stops,
# passes. Returns each roll entered: its faces in entry order, and the taps it took.
REAL_DICE_TABLE_JS = seeded_table_js(
    """
  const choices = [
    "#play [data-act=confirm]:not([disabled])",
    "#play .legal[data-act]:not(.answered *)",
    "#play [data-act=stop]",
    "#play [data-act=done]",
    "#play .answer-line:not(.answered) [data-act=answer][data-row=none]",
    "#play [data-act=pass]",
  ];
  const rolls = [];
  let taps = 0;
  while (!find("#region-scores table")) {
    if (taps > maxTaps) throw new Error(`no end screen after ${maxTaps} taps`);
    if (find("#play .dice-entry")) {
      const faces = [];
      for (let row = 0; ; row++) {  // each tap repaints the entry: found again every time
        const faceButtons = document.querySelectorAll("#play .entry-row")[row]
          ?.querySelectorAll("[data-act=die-face]");
        if (!faceButtons) break;
        const face = pick(faceButtons);
        faces.push(Number(face.dataset.face));
        await tap(face);
      }
      while (find("#play .entry-place.empty")) {
        const face = pick(document.querySelectorAll("#play [data-act=add-die]"));
        faces.push(Number(face.dataset.face));
        await tap(face);
      }
      await tap(find("#play [data-act=enter-dice]"));
      rolls.push({ faces, taps: faces.length + 1 });
      taps += faces.length + 1;
      continue;
    }
    const reroll = find("#play [data-act=reroll]:not([disabled])");
    const dice = document.querySelectorAll("#play [data-act=die][aria-pressed=false]");
    let element = choices.map(find).find((found) => found);
    if (reroll && random() < 0.4) element = reroll;
    else if (dice.length && random() < 0.2) element = pick(dice);
    if (!element) throw new Error(`nothing to tap: ${find("#region-prompt").textContent}`);
    await tap(element);
    taps++;
  }
  return rolls;
"""
)

PLAYERS = {
    "qwixx": ["Anna", "Bruno", "Carla"],
    "diceland": ["Anna", "Bruno"],
    "shelfie": ["Anna", "Bruno"],
}


def faces_entered(match: Match) -> list[list[int]]:
    """Each roll of ``match`` as the entry held it, replayed from a new game."""
    ui = GAME_UIS[match.game.id](
        Translator("en", {}), tuple(s.name for s in match.seats), real_dice=True
    )
    state: AnyState = get_game(match.game.id).new_game(len(match.seats), match.seed, match.options)
    rolls = []
    for player, action in match.actions:
        if player is None:
            rolls.append(sorted_if_alike(ui.entered_faces(state, action), ui.dice_alike(state)))
            state = state.apply_chance(action)
        else:
            state = state.apply(player, action)
    return rolls


def sorted_if_alike(faces: list[int], alike: bool) -> list[int]:
    return sorted(faces) if alike else faces


def start_with_real_dice(page: Page, server: BackgroundServer, game: str, names: list[str]) -> None:
    open_app(page, f"{server.url}?seed=8&pace=0")
    page.check(f"#setup input[name=game][value={game}]")
    page.check("#setup input[name=dice][value=real]")
    start_game(page, names)


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_whole_game_with_the_tables_own_dice_is_the_record_entered(
    page: Page, server: BackgroundServer, watch: PageWatch, game: str
) -> None:
    start_with_real_dice(page, server, game, PLAYERS[game])
    page.set_default_timeout(300_000)
    entered = page.evaluate(REAL_DICE_TABLE_JS, {"seed": 5, "maxTaps": 20_000})
    page.wait_for_selector("#region-scores h2.winners")
    assert watch.errors == []
    # At most 7 taps a roll: one per die, and Use.
    assert entered and max(roll["taps"] for roll in entered) <= 7
    record = saved_record(page)
    assert record is not None and record["dice"] == "real"
    match = Match.from_record(record)
    assert match.state.is_terminal
    assert faces_entered(match) == [
        sorted_if_alike(roll["faces"], game != "qwixx") for roll in entered
    ]
    # History says the game was played with the table's own dice.
    page.click("#history-open")
    assert "real dice" in page.inner_text("#history .history-list li >> nth=0")


def test_a_mis_entered_roll_is_corrected_before_anyone_acts_on_it(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    start_with_real_dice(page, server, "qwixx", ["Anna", "Bruno"])
    # Dimmed until every die is entered, yet a finger's tap says why (Playwright would wait for
    # such a button to be enabled: forced, as a finger is).
    assert page.get_attribute("[data-act=enter-dice]", "aria-disabled") == "true"
    page.click("[data-act=enter-dice]", force=True)
    settled(page)
    assert "6 dice are still to enter" in page.inner_text("#region-notice")
    for slot, face in enumerate([3, 4, 1, 6, 2, 5]):
        tap(page, f"[data-act=die-face][data-slot='{slot}'][data-face='{face}']")
    assert page.get_attribute("[data-act=enter-dice]", "aria-disabled") is None
    tap(page, "[data-act=enter-dice]")
    assert page.inner_text("#region-prompt").count("White sum 7") == 1
    tap(page, "#region-tools [data-act=take-back]")  # "Correct the dice"
    assert page.get_attribute("[data-slot='1'][data-face='4']", "aria-pressed") == "true"
    tap(page, "[data-act=die-face][data-slot='1'][data-face='6']")
    tap(page, "[data-act=enter-dice]")
    assert "White sum 9" in page.inner_text("#region-prompt")
    record = saved_record(page)
    assert record is not None and record["actions"] == [[None, "roll w3 w6 r1 y6 g2 b5"]]
    assert watch.errors == []
