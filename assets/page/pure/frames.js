// Updates cut into frames and put together again: which parts of an update a frame paints, and
// which wait for the frames after it (assets/page/table/staging.js paints them). No DOM here:
// what the page shows comes in as arguments (tests/js/frames.test.js runs these in Node).

/** @import { NoUpdate, Update } from "../protocol.js" */

// The stages of a screen drawn whole that come in frames of their own, after the rest of it.
const STAGES = ["board", "others"];

// What an update does once, with its first part.
const ONCE = /** @type {const} */ (["confirm", "download", "history"]);

/**
 * Where the page is in its stages: the stage the screen's next frame starts from (the first
 * held back, from 1; 0: none), and the sheets' region held back after a change of hands.
 * @typedef {{stage: number, heldBack: string | null}} Staging
 */

/**
 * ``update`` in two: what this frame paints, and the stages of a screen drawn whole set aside
 * for the frames after it (null: nothing aside), with where the page is in its stages after
 * this frame. A screen drawn whole (its board and the others' sheets, each hundreds of
 * elements: Diceland's maps, My Shelfie's bookcases) took one frame of 110-130 ms on a phone
 * 4x slower than a laptop; so did the end screen (its scores, and every sheet as it ended),
 * 70-110 ms. A new screen, or one drawn whole, comes in three: the rest of the screen (the
 * decision above the board, the end's scores), then the board, then the others' sheets below
 * it or beside it. Each frame paints a stage more than the one before, so moves pushed
 * meanwhile never hold a stage back for long. An update that shows a sheet hidden until then
 * both on the board and among the others' (a change of hands) paints one of them a frame
 * after the other if neither was drawn ahead: while computers play, no sheet is, so each may
 * be shown for the first time (My Shelfie's first change of hands in a computers' game showed
 * two bookcases in one frame of 95-125 ms at 4x). The one held back a frame before goes first.
 * Sheets drawn ahead show at once: held back, a person's tap that hands over waited a frame
 * more for its answer (p95 53-68 ms at 4x). The update's events (marks that pop, words said)
 * come with the last stage, once every sheet they point at is on the page; its writes and what
 * it does once, with the first.
 * @param {Update | NoUpdate | null} update
 * @param {string | undefined} screen the screen on the page now
 * @param {Staging} staging where the page is in its stages
 * @param {(update: Update, name: string) => boolean} showsAnUndrawnSheet whether ``update``
 *   shows a sheet of region ``name`` hidden until now and never drawn ahead, or draws the
 *   region whole
 * @returns {{now: Update | NoUpdate | null, aside: Update | null} & Staging}
 */
export function staged(update, screen, { stage, heldBack }, showsAnUndrawnSheet) {
  if (!update?.screen) return { now: update, aside: null, stage: 0, heldBack: null };
  /** @type {string[]} */
  let deferred = [];
  const screenInStages = update.screen !== screen
    || STAGES.every((name) => name in update.regions);
  if (screenInStages) {
    const alone = (/** @type {string} */ name) => !STAGES.includes(name);
    const restOfScreen = [update.regions, update.patches ?? {}]
      .some((regions) => Object.keys(regions).some(alone));
    deferred = STAGES.slice(Math.max(stage, restOfScreen ? 0 : 1))
      .filter((name) => touches(update, name));
  } else if (STAGES.every((name) => showsAnUndrawnSheet(update, name))) {
    deferred = [heldBack === "others" ? "board" : "others"];
  }
  const after = {
    stage: screenInStages && deferred.length ? STAGES.indexOf(deferred[0]) + 1 : 0,
    heldBack: !screenInStages && deferred.length ? deferred[0] : null,
  };
  if (deferred.length === 0) return { now: update, aside: null, ...after };
  /**
   * @template T
   * @param {Record<string, T> | undefined} all
   * @param {boolean} now
   * @returns {Record<string, T>}
   */
  const only = (all, now) => Object.fromEntries(
    Object.entries(all ?? {}).filter(([name]) => deferred.includes(name) !== now),
  );
  const first = {
    ...update,
    regions: only(update.regions, true),
    patches: only(update.patches, true),
    events: [],
  };
  /** @type {Update} */
  const aside = {
    ...update,
    regions: only(update.regions, false),
    patches: only(update.patches, false),
    writes: [],
  };
  for (const once of ONCE) delete aside[once];
  return { now: first, aside, ...after };
}

/**
 * Whether ``update`` draws region ``name`` or patches a piece of it.
 * @param {Update} update
 * @param {string} name
 */
export function touches(update, name) {
  return name in update.regions || Object.keys(update.patches?.[name] ?? {}).length > 0;
}

/**
 * ``update`` in two: what to paint now (all of it but the pieces past the ``budget``th) and
 * the pieces left for later, as an update that paints them alone (null: none are left).
 * @param {Update} update
 * @param {number} budget
 * @returns {[Update, Update | null]}
 */
export function budgeted(update, budget) {
  /** @type {Update["patches"]} */
  const now = {};
  /** @type {Update["patches"]} */
  const later = {};
  let count = 0;
  for (const [name, pieces] of Object.entries(update.patches ?? {})) {
    for (const [key, html] of Object.entries(pieces)) {
      const part = count < budget ? now : later;
      (part[name] ??= {})[key] = html;
      count += 1;
    }
  }
  if (count <= budget) return [update, null];
  /** @type {Update} */
  const rest = { ...update, regions: {}, patches: later, events: [], writes: [] };
  for (const once of ONCE) delete rest[once];
  return [{ ...update, patches: now }, rest];
}

/**
 * One update doing what ``earlier`` then ``later`` do: the regions last sent, the pieces
 * patched since, every event, write and download. An update with no screen (none, or Python
 * with no app yet) paints nothing: the other is the whole of it.
 * @param {Update | NoUpdate | null} earlier
 * @param {Update | NoUpdate | null} later
 * @returns {Update | NoUpdate | null}
 */
export function merged(earlier, later) {
  if (!earlier?.screen) return later;
  if (!later?.screen) return earlier;
  const patches = { ...earlier.patches };
  for (const name of Object.keys(later.regions)) delete patches[name];
  for (const [name, pieces] of Object.entries(later.patches ?? {})) {
    patches[name] = { ...patches[name], ...pieces };
  }
  return {
    ...later,
    regions: { ...earlier.regions, ...later.regions },
    patches,
    events: [...earlier.events, ...later.events],
    writes: [...earlier.writes, ...later.writes],
    download: later.download ?? earlier.download,
  };
}
