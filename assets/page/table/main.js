// The table: the page's side of the game. Python (dadoteca_web/session.py) owns the games and
// answers every message with an update; the table owns the DOM and the browser: it paints the
// regions that changed (paint.js, pieces.js, frame by frame: staging.js), sends taps (taps.js),
// keeps the keyboard focus (focus.js), draws hidden sheets ahead (ahead.js), stores what Python
// asks (storage.js) in the one window that plays the game (lock.js), asks confirmations in a
// dialog (confirm.js), and hands what happened to the effects (assets/page/effects.js).
//
// Python runs in a Web Worker (python.js): this page's thread only paints, listens and stores.

import { FACTS } from "../facts.js";
import { frameWorkWaits } from "../frame-work.js";
import { drawAheadOneHiddenSheet } from "./ahead.js";
import { boot } from "./boot.js";
import { listenToConfirmations } from "./confirm.js";
import { listenToFiles } from "./files.js";
import { listenToGuideRequests } from "./guide.js";
import { game, listenToOtherWindows } from "./lock.js";
import { listenToNotices, sayFailure } from "./notices.js";
import { lastAnswer, startPython } from "./python.js";
import { listenToSheetLinks } from "./sheet-links.js";
import { laterParts } from "./sheets.js";
import { answered, pushed, somethingWaits } from "./staging.js";
import { listenToTableTop } from "./table-top.js";
import { listenToTaps, tapsDecided } from "./taps.js";

// Settles once every message sent so far (or on its way: a game started once this window
// holds the lock, a second tap waiting for the first's answer) is answered and its update
// painted, and nothing more was sent meanwhile; and the computers' moves painted, those left
// for later frames included.
async function settled() {
  let last;
  do {
    await tapsDecided();
    last = lastAnswer();
    await game.taking;
    await last;
  } while (last !== lastAnswer());
  await whileShownAnd(() => somethingWaits() || laterParts().length > 0);
}

// Waits, 10 ms at a time, while ``waiting()`` holds and the page is shown (a hidden page
// draws no frames, so what waits for one would wait for ever).
async function whileShownAnd(/** @type {() => boolean} */ waiting) {
  while (waiting() && document.visibilityState === "visible") {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// Settled, and what the paints left for the next frame done (the table-top laid out, the
// page scrolled to the new player): the screen as a person sees it, which a test measures.
// (The benchmarks' figures stop at settled(), as they always did.)
async function drawn() {
  await settled();
  await whileShownAnd(frameWorkWaits);
}

export function startTable() {
  window.addEventListener("dadoteca:painted", drawAheadOneHiddenSheet);
  listenToOtherWindows();
  listenToTaps();
  listenToTableTop();
  listenToSheetLinks();
  listenToNotices();
  listenToFiles();
  listenToConfirmations();
  listenToGuideRequests();
  // For tests and benchmarks (tests/e2e/appdriver.py, tests/bench/browser.py).
  window.dadotecaTable = { facts: FACTS, settled, drawn };
  startPython({ answered, pushed, failed: sayFailure }, boot);
}
