// A name that leads to its person's sheet (Qwixx's lines of the white sum, everyone's at
// once): the page scrolls to the sheet shown for that seat. Nothing goes to Python.

import { byId, targetOf } from "../dom.js";

export function listenToSheetLinks() {
  byId("app").addEventListener("click", (event) => {
    const link = /** @type {HTMLElement | null} */ (targetOf(event).closest("[data-see-seat]"));
    if (!link) return;
    const seat = CSS.escape(link.dataset.seeSeat ?? "");
    const sheet = document.querySelector(
      `#play section[data-seat="${seat}"]:not([aria-hidden="true"])`,
    );
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    sheet?.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
  });
}
