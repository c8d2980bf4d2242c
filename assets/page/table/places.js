// The hand-over guard of each person's place around a table-top: a place handed a new
// decision (its data-turn changed) takes no finger's tap for a moment, as a screen handed
// over does (paint.js), so a double tap on "no cross" never answers the next roll too. Only
// that place: the others go on tapping theirs.

import { byId } from "../dom.js";
import { HANDOVER_GUARD_MS } from "./shown.js";

const board = byId("region-board");
/** @type {Map<string, string | undefined>} */
const turns = new Map(); // each place's turn, as last painted
/** @type {Map<string, number>} */
const until = new Map(); // each guarded place: until when (performance.now())

/** @param {HTMLElement} place */
export function guarded(place) {
  return (until.get(place.dataset.place ?? "") ?? 0) > performance.now();
}

/** After a paint: the places handed a new decision are guarded (data-handover says so). */
export function guardPlaces() {
  const now = performance.now();
  const places = /** @type {NodeListOf<HTMLElement>} */ (
    board.querySelectorAll("section.place[data-place]")
  );
  if (!places.length) turns.clear();
  for (const place of places) {
    const seat = place.dataset.place ?? "";
    const turn = place.dataset.turn;
    if (turns.has(seat) && turns.get(seat) !== turn && turn !== undefined) {
      until.set(seat, now + HANDOVER_GUARD_MS);
      setTimeout(() => {
        const now = /** @type {HTMLElement | null} */ (
          board.querySelector(`section.place[data-place="${seat}"]`)
        );
        if (now && !guarded(now)) delete now.dataset.handover;
      }, HANDOVER_GUARD_MS + 1);
    }
    turns.set(seat, turn);
    if (guarded(place)) place.dataset.handover = "yes"; // a repaint sets Python's attributes
  }
}
