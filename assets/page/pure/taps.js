// Taps that carry over: a finger's quick second tap on the spot of its first, meant for the
// screen the first one changed (My Shelfie's double tap on Roll rolled, then marked the die
// drawn where Roll was; a quick second tap on Qwixx's answer took the answer back). Such a
// tap acts only if it does the first one's act again on the same moment of the game (two
// dice of a face entered, one tap each); else it is dropped, and the page says so on the
// control (assets/page/table/taps.js). No DOM here (tests/js/taps.test.js runs it in Node).

// A second tap this soon after the first tap's answer is painted (or before it is) was made
// for the screen before it: a double tap's second tap comes 100-300 ms after the first.
export const SECOND_TAP_MS = 450;
// ...and this close to the first tap: a finger's double tap lands within a few pixels; two
// neighbouring controls (a small sheet's cells, 24 px apart) are taps on two spots.
export const SAME_SPOT_PX = 20;

/**
 * A finger's tap acted on: where, what it did, on which moment of the game, and when its
 * answer was painted (null: not yet).
 * @typedef {object} Acted
 * @property {number} x
 * @property {number} y
 * @property {string} control what the tap did (controlOf)
 * @property {number} moment
 * @property {number | null} answeredAt
 * @property {string} hands whose the screen was, as its hand-over guard knows it (taps.js)
 */

/**
 * What a tap on a control does: its act and data, in one string.
 * @param {string} act
 * @param {Record<string, string | undefined>} data
 */
export function controlOf(act, data) {
  return JSON.stringify([act, Object.entries(data).sort(([a], [b]) => (a < b ? -1 : 1))]);
}

/**
 * Whether a finger's tap at ``x``, ``y`` at time ``at``, on a screen that is ``hands``', is a
 * second tap on the spot of ``acted``: before its answer is painted or within SECOND_TAP_MS
 * of it. Never once the screen has been handed over since: the hand-over's own guard, which
 * has let this tap through, held back a double tap's second tap. (The hand-over is painted before
 * the answer is counted painted: a tap just after the guard would otherwise fall within this
 * window and be dropped, meant for the new decision.)
 * @param {Acted} acted
 * @param {{x: number, y: number, at: number, hands: string}} tap
 */
export function secondTap(acted, { x, y, at, hands }) {
  const near = Math.hypot(x - acted.x, y - acted.y) <= SAME_SPOT_PX;
  return near && hands === acted.hands
    && (acted.answeredAt === null || at - acted.answeredAt < SECOND_TAP_MS);
}

/**
 * Whether a second tap on ``control``, once ``acted`` is answered and the game shows
 * ``moment``, carries over: the game has moved on from the first tap's moment, or the tap is
 * on another control than the first (the screen changed under the finger).
 * @param {Acted} acted
 * @param {string} control
 * @param {number} moment
 */
export function carriesOver(acted, control, moment) {
  return moment !== acted.moment || control !== acted.control;
}
