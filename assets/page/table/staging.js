// Updates painted frame by frame (what each frame paints: assets/page/pure/frames.js). The
// computers' moves at pace 0 come faster than frames: each is stored as it comes (a hidden
// page paints nothing, and must still save), and painted at most once a frame: the first at
// once, those that come before the next frame has been drawn merged and painted then, in a
// task of their own (not in the frame's: that would make one long task of both). A frame
// paints PIECES_PER_FRAME pieces at most: merged moves brought 170 (Diceland's cells, each
// then a new SVG group to style and lay out), a 265 ms frame on a 4x-throttled phone. The rest
// wait for the next frame, merged with the moves after them (a piece changed again is painted
// once); a reply paints whatever waits, with it.

import { byId } from "../dom.js";
import { budgeted, merged, staged } from "../pure/frames.js";
import { paint } from "./paint.js";
import { pieceIndex } from "./pieces.js";
import { HIDDEN_SHEET, drawnAhead, laterParts, showLater } from "./sheets.js";
import { store } from "./storage.js";

/** @import { NoUpdate, Update } from "../protocol.js" */
/** @import { Staging } from "../pure/frames.js" */

const PIECES_PER_FRAME = 32;
const waiting = {
  /** @type {Update | null} */
  update: null,
  drawing: false,
  /** @type {Staging} */
  staging: { stage: 0, heldBack: null },
};

/** Whether an update, or a part of one, waits for a frame to paint it. */
export function somethingWaits() {
  return waiting.update !== null;
}

/**
 * Python's answer to a message, painted with the pushes before it; returned as painted.
 * @param {Update | NoUpdate} answer
 */
export function answered(answer) {
  // merged() gives the answer back when nothing waits, so never null
  const update = /** @type {Update | NoUpdate} */ (merged(waiting.update, answer));
  const [now, aside] = stage(update);
  paintSafely(now);
  waiting.update = aside;
  // A frame already due shows any later parts: they are looked for only when none is.
  if (!waiting.drawing && (aside || laterParts().length)) nextFrame();
  return update;
}

/**
 * A computer's move, stored at once, painted in the next frame.
 * @param {Update} update
 */
export function pushed(update) {
  store(update.writes);
  // Moves that come two or more to a frame come faster than frames: their animations would
  // start again a frame later, never seen (assets/page/effects.js leaves them out).
  const hurried = Boolean(waiting.update?.pushed);
  waiting.update = /** @type {Update} */ (
    merged(waiting.update, { ...update, writes: [], pushed: true, hurried })
  );
  if (!waiting.drawing) paintWaiting();
}

function paintWaiting() {
  if (showLater()) {
    nextFrame(); // a frame of their own: what waits is painted after it
    return;
  }
  if (!waiting.update) return; // painted already, with a reply
  const [now, later] = budgeted(waiting.update, PIECES_PER_FRAME);
  const [first, aside] = stage(now);
  paintSafely(first);
  waiting.update = /** @type {Update | null} */ (merged(aside, later));
  nextFrame();
}

function nextFrame() {
  waiting.drawing = true;
  requestAnimationFrame(() => setTimeout(() => {
    waiting.drawing = false;
    paintWaiting();
  }));
}

/**
 * ``update`` in two (staged): what this frame paints, and what waits for the frames after it.
 * @param {Update | NoUpdate | null} update
 * @returns {[Update | NoUpdate | null, Update | null]}
 */
function stage(update) {
  const { now, aside, ...staging } = staged(
    update, document.body.dataset.screen, waiting.staging, showsAnUndrawnSheet,
  );
  waiting.staging = staging;
  return [now, aside];
}

/**
 * Whether ``update`` shows a sheet of region ``name`` hidden until now (its shell's start tag
 * loses aria-hidden) and never drawn ahead, or draws the region whole.
 * @param {Update} update
 * @param {string} name
 */
function showsAnUndrawnSheet(update, name) {
  if (name in update.regions) return true;
  const pieces = Object.entries(update.patches?.[name] ?? {});
  if (!pieces.length) return false;
  const index = pieceIndex(byId(`region-${name}`), []);
  return pieces.some(([key, html]) => {
    const sheet = index.get(key);
    return sheet?.matches(HIDDEN_SHEET) && !drawnAhead.has(sheet)
      && !html.includes('aria-hidden="true"');
  });
}

/** @param {Update | NoUpdate | null} update */
function paintSafely(update) {
  try {
    paint(update);
  } catch (error) {
    console.error(error);
  }
}
