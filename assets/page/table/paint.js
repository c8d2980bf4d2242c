// Painting an update: its screen, the regions that changed (or the pieces of them), the
// keyboard's focus kept, the change of hands shown, and then what the update does besides:
// its writes stored, its effects (assets/page/effects.js), a question asked, a download, a
// line to share, a day's game a link offers.

import { byId, one } from "../dom.js";
import * as effects from "../effects.js";
import { atNextFrame } from "../frame-work.js";
import { confirmIfAsked } from "./confirm.js";
import { offerDay } from "../shell/setup.js";
import { download, saidOfHistory } from "./files.js";
import { focusedControl, keepFocus } from "./focus.js";
import { messagesPainted, sayDownloaded } from "./notices.js";
import { forgetPieces, repaintPieces } from "./pieces.js";
import { share } from "./share.js";
import { play } from "./sheets.js";
import { guardPlaces } from "./places.js";
import { HANDOVER_GUARD_MS, shown } from "./shown.js";
import { store } from "./storage.js";

/** @import { NoUpdate, Update } from "../protocol.js" */

const body = document.body;
let handoverTimer = 0;

/** @param {Update | NoUpdate | null} update */
export function paint(update) {
  if (!update || !update.screen) return;
  if (update.screen !== body.dataset.screen) {
    window.scrollTo(0, 0); // a new screen, from its top
  } else if (update.screen === "review" && update.moment !== shown.moment) {
    // Another position of a finished game: the board, under the steps, in view.
    one("#play .table-top").scrollIntoView({ block: "start" });
  }
  body.dataset.screen = update.screen;
  body.dataset.game = update.game; // the shell's rules button shows this game's summary
  body.dataset.language = update.language; // lags the shell's switch while a catalog loads
  body.dataset.busy = update.busy ? "yes" : "no";
  body.dataset.shared = update.shared ? "yes" : "no"; // everyone's moment: its own layout
  // Around the device lying in the middle of the table (table-top.js lays it out).
  if (update.layout) body.dataset.layout = update.layout;
  else delete body.dataset.layout;
  body.dataset.watching = update.watching ? "yes" : "no";
  // Watching is Python's echo of what this window did (watch(), a refused take): never a
  // cause to let go of the lock, since an answer to a message sent before a take-over
  // still says "watching" and is painted after the lock is taken.
  play.inert = update.watching;
  const focused = focusedControl();
  for (const [name, html] of Object.entries(update.regions)) {
    const region = byId(`region-${name}`);
    region.innerHTML = html;
    forgetPieces(region);
  }
  for (const [name, pieces] of Object.entries(update.patches ?? {})) {
    repaintPieces(byId(`region-${name}`), pieces);
  }
  keepFocus(focused);
  guardPlaces();
  shown.moment = update.moment;
  body.dataset.moment = String(update.moment); // which moment of the game is on screen
  if (update.hands !== shown.hands) {
    // From one player's screen to another's (not from the setup or a first paint).
    const handedOver = shown.hands !== null && update.screen === "play"
      && !["setup", "over"].includes(shown.hands) && !update.watching;
    shown.hands = update.hands;
    if (handedOver) handOver(update);
  }
  store(update.writes);
  window.dispatchEvent(new CustomEvent("dadoteca:painted", { detail: update }));
  effects.happened(update);
  messagesPainted(update);
  if ("confirm" in update) confirmIfAsked(update.confirm ?? null); // (pieces left for later: not)
  if (update.download) sayDownloaded(download(update.download));
  if (update.history) saidOfHistory(update.history);
  if (update.share) share(update.share);
  if (update.linked) offerDay(update.linked);
}

/**
 * The screen is someone else's now: it shows whose, and taps are not taken for a moment
 * (body[data-handover] says when; tests that tap wait for it, as a person's eyes would).
 * @param {Update} update
 */
function handOver(update) {
  body.dataset.handover = "yes";
  shown.handovers += 1;
  // The guard lasts from the latest change of hands (a timer's clock may run a hair ahead of
  // performance.now(): comparing the two once left the guard on for good).
  clearTimeout(handoverTimer);
  handoverTimer = setTimeout(() => delete body.dataset.handover, HANDOVER_GUARD_MS);
  effects.handOver(update);
  // To a person, from the top of their screen; a computer's turn leaves the view as it is.
  // Scrolled as the next frame is drawn, not now: scrolling now would lay the page out in the
  // tap's own task, once more than the frame does.
  if (!update.busy) atNextFrame(() => play.scrollIntoView({ block: "start" }));
}
