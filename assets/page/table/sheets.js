// The players' big sheets on the page (Diceland's maps, My Shelfie's bookcases): those not
// shown are kept hidden in the page (aria-hidden) and drawn ahead while the page is idle
// (assets/page/table/ahead.js); parts of a sheet marked data-later are shown a frame after it.

import { byId } from "../dom.js";

export const play = byId("play"); // the boards and controls, under the regions

export const HIDDEN_SHEET = "section[data-seat][aria-hidden='true']";

// The hidden sheets drawn once already, unseen: they show at once.
/** @type {WeakSet<Element>} */
export const drawnAhead = new WeakSet();

// Parts marked data-later, undrawn until then (assets/app.css), are shown a frame after what
// holds them, in a frame of their own: a Diceland map's 160 buttons, styled and laid out with
// its drawing, made one frame of 50-65 ms on a phone 4x slower than a laptop. Those of a
// hidden sheet wait until it is shown, or drawn ahead.
export function laterParts() {
  /** @type {NodeListOf<HTMLElement>} */
  const parts = play.querySelectorAll("[data-later]");
  return [...parts].filter((part) => {
    const hidden = /** @type {HTMLElement | null} */ (part.closest("[aria-hidden='true']"));
    return !hidden || hidden.dataset.seat === play.dataset.drawingAhead;
  });
}

/** Show the parts waiting for a frame of their own; true if there were any. */
export function showLater() {
  const parts = laterParts();
  for (const part of parts) part.removeAttribute("data-later");
  return parts.length > 0;
}
