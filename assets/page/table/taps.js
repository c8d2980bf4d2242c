// Taps: a control marked data-act, to Python, with its data-* and the moment of the screen it
// was made on. No finger's tap carries over into an action it was not meant for: one in the
// moment after the screen changed hands, or a quick second tap on the spot of the first that
// the first's answer changed (assets/page/pure/taps.js), is dropped, and the control under it
// says "Wait". A key or a screen reader acts on the control it has reached, and always counts.
//
// Around a device lying in the middle of the table (body[data-layout="table"]) each person
// taps their own place (section.place) while the others tap theirs: every finger is a tap of
// its own (Pointer Events: one pointer per finger; a browser makes a click of the first finger
// only), sent with the moment that place showed. The guards are each place's own: a place
// handed a new decision (places.js), and a second tap judged against the last tap on the same
// place, never against another person's.

import { byId, targetOf } from "../dom.js";
import { carriesOver, controlOf, secondTap } from "../pure/taps.js";
import { game } from "./lock.js";
import { messagesAway } from "./notices.js";
import { guarded } from "./places.js";
import { send } from "./python.js";
import { shown } from "./shown.js";
import { turnOf } from "./table-top.js";

/** @import { Acted } from "../pure/taps.js" */

/**
 * The taps of one place around a table-top, or of the page's own controls.
 * @typedef {object} Guard
 * @property {Acted | null} acted the finger's last tap acted on
 * @property {Promise<void>} decided settles once every tap made so far is sent or dropped:
 *   a second tap waits for the answer to the first before it is one or the other
 * @property {number} waiting
 */

const body = document.body;
const board = byId("region-board");
const WAIT_SHOWN_MS = 1000;
const PAGE = ""; // the guard of the controls outside the places
/** @type {Map<string, Guard>} */
const guards = new Map(); // by the place's seat, or PAGE
let waitTimer = 0;
/** @type {WeakMap<Acted, Promise<void>>} */
const answered = new WeakMap(); // settles once the tap's answer is painted

/** @param {string} key a place's seat, or PAGE */
function guardOf(key) {
  let guard = guards.get(key);
  if (!guard) {
    guard = { acted: null, decided: Promise.resolve(), waiting: 0 };
    guards.set(key, guard);
  }
  return guard;
}

/** Settles once every tap made so far is sent to Python or dropped. */
export async function tapsDecided() {
  await Promise.all([...guards.values()].map((guard) => guard.decided));
}

const around = () => body.dataset.layout === "table";

/** @param {Element} target */
const controlAt = (target) => /** @type {HTMLButtonElement | null} */ (
  target.closest("[data-act]")
);

/** @param {Element} element */
const placeOf = (element) => /** @type {HTMLElement | null} */ (
  around() ? element.closest("section.place") : null
);

/**
 * A finger's tap not taken: "Wait" shown on the control it landed on (at the control's place
 * when it was tapped, which its answer may have painted over since), turned as the place it
 * is on faces its person.
 * @param {DOMRect} box
 * @param {HTMLElement | null} place
 */
function sayWait(box, place) {
  const sign = byId("tap-wait");
  sign.style.left = `${box.left + box.width / 2}px`;
  sign.style.top = `${box.top + box.height / 2}px`;
  sign.style.setProperty("--turn", `${place ? turnOf(place) : 0}deg`);
  sign.classList.remove("shown");
  void sign.offsetWidth; // shown again from the start of its flash
  sign.classList.add("shown");
  clearTimeout(waitTimer);
  waitTimer = setTimeout(() => sign.classList.remove("shown"), WAIT_SHOWN_MS);
}

/**
 * What a tap sends, and where: the page's own moment, or a place's with its seat.
 * @typedef {object} Tapped
 * @property {string} act
 * @property {Record<string, string | undefined>} data
 * @property {number} moment
 * @property {number | null} seat
 */

/**
 * @param {Guard} guard
 * @param {Tapped} tapped
 * @param {{x: number, y: number, hands: string} | null} finger where a finger tapped, if one
 *   did, and whose the screen was
 */
function sendTap(guard, { act, data, moment, seat }, finger) {
  messagesAway();
  const answer = send(seat === null
    ? { type: "tap", act, data, moment }
    : { type: "tap", act, data, moment, seat });
  if (!finger) return;
  /** @type {Acted} */
  const acted = { ...finger, control: controlOf(act, data), moment, answeredAt: null };
  guard.acted = acted;
  answered.set(acted, answer.then(() => {
    acted.answeredAt = performance.now();
  }));
}

/**
 * Decide a tap once the taps before it on the same guard are, in the order made: at once
 * when none waits and it need not wait for ``answer`` (sent in the tap's own task, as
 * Python's answer is awaited by whoever made it), else once they are decided and ``answer``
 * is painted.
 * @param {Guard} guard
 * @param {() => void} decide
 * @param {Promise<void>} [answer]
 */
function inTurn(guard, decide, answer) {
  if (!guard.waiting && !answer) {
    decide();
    return;
  }
  guard.waiting += 1;
  guard.decided = guard.decided.then(() => answer).then(decide)
    .finally(() => { guard.waiting -= 1; });
}

/** The moment the tapped screen shows now: a place's (found again: a paint replaces it). */
function momentNow(/** @type {number | null} */ seat) {
  if (seat === null) return shown.moment;
  const place = /** @type {HTMLElement | null} */ (
    board.querySelector(`section.place[data-place="${seat}"]`)
  );
  return place ? Number(place.dataset.moment) : NaN;
}

/**
 * A finger's tap on ``element`` at ``finger``: sent, or dropped as the second tap of a
 * finger's first tap on the same place (or the page) that its answer made another act.
 * @param {HTMLElement} element
 * @param {Tapped} tapped
 * @param {{x: number, y: number, at: number}} finger
 * @param {HTMLElement | null} place
 */
function fingerTap(element, tapped, finger, place) {
  const guard = guardOf(tapped.seat === null ? PAGE : String(tapped.seat));
  const first = guard.acted;
  const at = { x: finger.x, y: finger.y, hands: handsOf(place) };
  if (!first || !secondTap(first, { ...finger, hands: at.hands })) {
    inTurn(guard, () => sendTap(guard, tapped, at));
    return;
  }
  const box = element.getBoundingClientRect();
  const control = controlOf(tapped.act, tapped.data);
  inTurn(guard, () => {
    if (carriesOver(first, control, momentNow(tapped.seat))) sayWait(box, place);
    else sendTap(guard, tapped, at);
  }, answered.get(first));
}

/**
 * Whose the tapped screen is, as its hand-over guard knows it: a place's turn (places.js
 * guards each change), else how many changes of hands the page has guarded (paint.js: not
 * every change, the setup's to the first player's for one).
 * @param {HTMLElement | null} place
 */
const handsOf = (place) => (place ? place.dataset.turn ?? "" : String(shown.handovers));

/**
 * What a tap on ``element`` sends: around a table-top, for the person whose place it is on.
 * @param {HTMLElement} element
 * @param {HTMLElement | null} place
 * @returns {Tapped}
 */
function tappedOn(element, place) {
  const data = { ...element.dataset };
  delete data.act;
  const act = /** @type {string} */ (element.dataset.act);
  if (!place) return { act, data, moment: shown.moment, seat: null };
  return { act, data, moment: Number(place.dataset.moment), seat: Number(place.dataset.place) };
}

// Each pointer's control where it went down: a tap is a pointer up on the same control.
/** @type {Map<number, HTMLButtonElement>} */
const down = new Map();

function listenToFingers() {
  const app = byId("app");
  app.addEventListener("pointerdown", (event) => {
    const element = controlAt(targetOf(event));
    if (element && placeOf(element)) down.set(event.pointerId, element);
  });
  app.addEventListener("pointerup", (event) => {
    const element = down.get(event.pointerId);
    down.delete(event.pointerId);
    if (!element || !element.isConnected || element.disabled) return;
    // A finger's pointer keeps its first target: the control must be under it still.
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const place = placeOf(element);
    if (!under || controlAt(under) !== element || !place) return;
    if (guarded(place)) {
      sayWait(element.getBoundingClientRect(), place);
      return;
    }
    const finger = { x: event.clientX, y: event.clientY, at: event.timeStamp };
    fingerTap(element, tappedOn(element, place), finger, place);
  });
  app.addEventListener("pointercancel", (event) => down.delete(event.pointerId));
}

export function listenToTaps() {
  listenToFingers();
  byId("app").addEventListener("click", (event) => {
    const element = controlAt(targetOf(event));
    if (!element || element.disabled || !body.dataset.screen) return;
    if (element.closest("[aria-hidden='true']")) return; // a sheet not shown (a script's click)
    const place = placeOf(element);
    if (place) {
      // A pointer's tap was taken as it was made; a key or a screen reader acts here.
      if (event.detail === 0) {
        const guard = guardOf(String(place.dataset.place));
        const tapped = tappedOn(element, place);
        inTurn(guard, () => sendTap(guard, tapped, null));
      }
      return;
    }
    const act = /** @type {string} */ (element.dataset.act);
    if (act === "import") {
      byId("import-file").click();
      return;
    }
    if (act === "export" || act === "export-damaged") {
      messagesAway();
      send({ type: act });
      return;
    }
    if (act === "take-over") {
      game.takeOver();
      return;
    }
    const tapped = tappedOn(element, null);
    const guard = guardOf(PAGE);
    // A key's or a screen reader's click (detail 0), or a step of a finished game opened
    // again (stepping on quickly is what its buttons are for, and changes nothing).
    if (event.detail === 0 || body.dataset.screen === "review") {
      inTurn(guard, () => sendTap(guard, tapped, null));
      return;
    }
    // A finger's tap so soon after a hand-over was meant for the screen before.
    if (element.closest("#play") && body.dataset.handover) {
      sayWait(element.getBoundingClientRect(), null);
      return;
    }
    fingerTap(element, tapped, { x: event.clientX, y: event.clientY, at: event.timeStamp },
      null);
  });
}
