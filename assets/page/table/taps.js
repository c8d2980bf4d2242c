// Taps: a control marked data-act, to Python, with its data-* and the moment of the screen it
// was made on. No finger's tap carries over into an action it was not meant for: one in the
// moment after the screen changed hands, or a quick second tap on the spot of the first that
// the first's answer changed (assets/page/pure/taps.js), is dropped, and the control under it
// says "Wait". A key or a screen reader acts on the control it has reached, and always counts.

import { byId, targetOf } from "../dom.js";
import { carriesOver, controlOf, secondTap } from "../pure/taps.js";
import { game } from "./lock.js";
import { messagesAway } from "./notices.js";
import { send } from "./python.js";
import { shown } from "./shown.js";

/** @import { Acted } from "../pure/taps.js" */

const body = document.body;
const WAIT_SHOWN_MS = 1000;
const guard = {
  /** @type {Acted | null} */
  acted: null, // the finger's last tap acted on
  // Settles once every tap made so far is sent or dropped: a second tap waits for the
  // answer to the first before it is one or the other.
  decided: Promise.resolve(),
  waiting: 0,
  shownTimer: 0,
};
/** @type {WeakMap<Acted, Promise<void>>} */
const answered = new WeakMap(); // settles once the tap's answer is painted

/** Settles once every tap made so far is sent to Python or dropped. */
export function tapsDecided() {
  return guard.decided;
}

/**
 * A finger's tap not taken: "Wait" shown on the control it landed on (at the control's place
 * when it was tapped, which its answer may have painted over since).
 * @param {DOMRect} box
 */
function sayWait(box) {
  const sign = byId("tap-wait");
  sign.style.left = `${box.left + box.width / 2}px`;
  sign.style.top = `${box.top + box.height / 2}px`;
  sign.classList.remove("shown");
  void sign.offsetWidth; // shown again from the start of its flash
  sign.classList.add("shown");
  clearTimeout(guard.shownTimer);
  guard.shownTimer = setTimeout(() => sign.classList.remove("shown"), WAIT_SHOWN_MS);
}

/**
 * @param {string} act
 * @param {Record<string, string | undefined>} data
 * @param {number} moment
 * @param {{x: number, y: number} | null} finger where a finger tapped, if one did
 */
function sendTap(act, data, moment, finger) {
  messagesAway();
  const answer = send({ type: "tap", act, data, moment });
  if (!finger) return;
  /** @type {Acted} */
  const acted = { ...finger, control: controlOf(act, data), moment, answeredAt: null };
  guard.acted = acted;
  answered.set(acted, answer.then(() => {
    acted.answeredAt = performance.now();
  }));
}

/**
 * Decide a tap once the taps before it are, in the order made: at once when none waits and
 * it need not wait for ``answer`` (sent in the tap's own task, as Python's answer is awaited
 * by whoever made it), else once they are decided and ``answer`` is painted.
 * @param {() => void} decide
 * @param {Promise<void>} [answer]
 */
function inTurn(decide, answer) {
  if (!guard.waiting && !answer) {
    decide();
    return;
  }
  guard.waiting += 1;
  guard.decided = guard.decided.then(() => answer).then(decide)
    .finally(() => { guard.waiting -= 1; });
}

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
      messagesAway();
      send({ type: act });
      return;
    }
    if (act === "take-over") {
      game.takeOver();
      return;
    }
    const data = { ...element.dataset };
    delete data.act;
    const moment = shown.moment;
    // A key's or a screen reader's click (detail 0), or a step of a finished game opened
    // again (stepping on quickly is what its buttons are for, and changes nothing).
    if (event.detail === 0 || body.dataset.screen === "review") {
      inTurn(() => sendTap(act, data, moment, null));
      return;
    }
    const box = element.getBoundingClientRect();
    // A finger's tap so soon after a hand-over was meant for the screen before.
    if (element.closest("#play") && body.dataset.handover) {
      sayWait(box);
      return;
    }
    const finger = { x: event.clientX, y: event.clientY };
    const first = guard.acted;
    if (!first || !secondTap(first, { ...finger, at: event.timeStamp })) {
      inTurn(() => sendTap(act, data, moment, finger));
      return;
    }
    const control = controlOf(act, data);
    inTurn(() => {
      if (carriesOver(first, control, shown.moment)) sayWait(box);
      else sendTap(act, data, moment, finger);
    }, answered.get(first));
  });
}
