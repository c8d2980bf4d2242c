// The game's start, once Python's worker listens: the storage, the language and its catalog
// handed to Python, this window playing the saved game unless another one is, then the game
// asked for on the setup meanwhile. <html data-app-state="ready"> says it is done.

import { FACTS } from "../facts.js";
import { paceOf } from "../pure/settings.js";
import { historyDialog, showHistory } from "../shell/history.js";
import { catalog, language } from "../shell/language.js";
import { shellStarted } from "../shell/main.js";
import { startGamesWith } from "../shell/setup-start.js";
import { storage } from "../shell/storage.js";
import { makeFontsAhead, whenIdle } from "./ahead.js";
import { offerHistoryFiles } from "./files.js";
import { game, playedHereBeforeReload, pythonHasTheStorage, storedItems } from "./lock.js";
import { send } from "./python.js";

/** @import { StartRequest } from "../protocol.js" */

const SAVE_KEY = FACTS.storageKeys.game;
const query = new URLSearchParams(location.search);

export async function boot() {
  // Ready means the page's scripts are up too: without the shell, no Start would work.
  if (!shellStarted()) throw new Error("The shell (assets/page/shell) has not started");
  const chosen = language();
  const texts = await catalog(chosen);
  // A saved game is this window's to play unless another window is playing it.
  const saved = storage?.getItem(SAVE_KEY) ?? null;
  const writer = saved === null || await game.take({ steal: playedHereBeforeReload() });
  // Read last, and sent at once: no other window's write can fall in between.
  const items = storedItems();
  game.known = items[SAVE_KEY] ?? null;
  const booting = send({
    type: "boot",
    storage: items,
    lasting: Boolean(storage),
    language: chosen,
    catalog: texts,
    seed: query.get("seed"), // as written: Python reads it, and says when it is no seed
    day: query.get("day"), // as written, too
    pace: paceOf(query),
    writer,
  });
  pythonHasTheStorage(); // others' writes from now on reach Python after the boot
  await booting;
  offerHistoryFiles();
  startGamesWith((/** @type {StartRequest} */ request) => game.send({ type: "start", ...request }));
  window.addEventListener("dadoteca:language", async ({ detail: other }) => {
    const otherTexts = await catalog(other);
    if (other === language()) send({ type: "language", language: other, catalog: otherTexts });
  });
  document.documentElement.dataset.appState = "ready";
  whenIdle(makeFontsAhead); // not in the ready task; only while the setup is shown
  if (historyDialog.open) showHistory(); // again, its games now open
  console.info(JSON.stringify({ dadoteca: "ready", language: chosen }));
}
