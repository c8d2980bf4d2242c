// Taps: a control marked data-act, to Python, with its data-* and the moment of the screen it
// was made on. A finger's tap in the moment after the screen changed hands is not taken.
//
// Around a device lying in the middle of the table (body[data-layout="table"]) each person
// taps their own place (section.place) while the others tap theirs: every finger is a tap of
// its own (Pointer Events: one pointer per finger; a browser makes a click of the first finger
// only), sent with the moment that place showed, and guarded for a moment only where that
// place was handed a new decision (places.js).

import { byId, targetOf } from "../dom.js";
import { game } from "./lock.js";
import { guarded } from "./places.js";
import { send } from "./python.js";
import { shown } from "./shown.js";

const body = document.body;
const around = () => body.dataset.layout === "table";

/** @param {Element} target */
const controlOf = (target) => /** @type {HTMLButtonElement | null} */ (
  target.closest("[data-act]")
);

/**
 * A tap on ``element``, a control of a person's place: for that person alone.
 * @param {HTMLElement} element
 * @param {HTMLElement} place
 */
function tapAt(element, place) {
  const data = { ...element.dataset };
  delete data.act;
  send({
    type: "tap",
    act: /** @type {string} */ (element.dataset.act),
    data,
    moment: Number(place.dataset.moment),
    seat: Number(place.dataset.place),
  });
}

/** @param {Element} element */
const placeOf = (element) => /** @type {HTMLElement | null} */ (
  around() ? element.closest("section.place") : null
);

// Each pointer's control where it went down: a tap is a pointer up on the same control.
/** @type {Map<number, HTMLButtonElement>} */
const down = new Map();

function listenToFingers() {
  const app = byId("app");
  app.addEventListener("pointerdown", (event) => {
    const element = controlOf(targetOf(event));
    if (element && placeOf(element)) down.set(event.pointerId, element);
  });
  app.addEventListener("pointerup", (event) => {
    const element = down.get(event.pointerId);
    down.delete(event.pointerId);
    if (!element || !element.isConnected || element.disabled) return;
    // A finger's pointer keeps its first target: the control must be under it still.
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const place = placeOf(element);
    if (!under || controlOf(under) !== element || !place || guarded(place)) return;
    tapAt(element, place);
  });
  app.addEventListener("pointercancel", (event) => down.delete(event.pointerId));
}

export function listenToTaps() {
  listenToFingers();
  byId("app").addEventListener("click", (event) => {
    const element = controlOf(targetOf(event));
    if (!element || element.disabled || !body.dataset.screen) return;
    if (element.closest("[aria-hidden='true']")) return; // a sheet not shown (a script's click)
    const place = placeOf(element);
    if (place) {
      // A pointer's tap was sent as it was made; a key or a screen reader acts here.
      if (event.detail === 0) tapAt(element, place);
      return;
    }
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
