// Taps: a control marked data-act, to Python, with its data-* and the moment of the screen it
// was made on. A finger's tap in the moment after the screen changed hands is not taken.

import { byId, targetOf } from "../dom.js";
import { game } from "./lock.js";
import { send } from "./python.js";
import { shown } from "./shown.js";

const body = document.body;

export function listenToTaps() {
  byId("app").addEventListener("click", (event) => {
    const element = /** @type {HTMLButtonElement | null} */ (
      targetOf(event).closest("[data-act]")
    );
    if (!element || element.disabled || !body.dataset.screen) return;
    if (element.closest("[aria-hidden='true']")) return; // a sheet not shown (a script's click)
    const act = /** @type {string} */ (element.dataset.act);
    if (act === "import") {
      byId("import-file").click();
      return;
    }
    if (act === "export" || act === "export-damaged") {
      send({ type: act });
      return;
    }
    if (act === "take-over") {
      game.takeOver();
      return;
    }
    // A finger's tap (detail > 0) so soon after a hand-over was meant for the screen before;
    // a key or a screen reader acts on the control it has reached, and always counts.
    if (element.closest("#play") && body.dataset.handover && event.detail > 0) return;
    const data = { ...element.dataset };
    delete data.act;
    send({ type: "tap", act, data, moment: shown.moment });
  });
}
