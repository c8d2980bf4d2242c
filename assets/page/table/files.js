// Files in and out: a game's record or the history chosen by the player (their text, to
// Python, which checks it), and downloads named after the game and the day. The History
// dialog's export, import and "Open" wait for Python.

import { byId, targetOf } from "../dom.js";
import { downloadName, textOf } from "../pure/files.js";
import { historyDialog, showHistory } from "../shell/history.js";
import { game } from "./lock.js";
import { send } from "./python.js";

/** @import { Download, HistoryNews } from "../protocol.js" */

const historyImport = byId("history-import", HTMLButtonElement);
const historyExport = byId("history-export", HTMLButtonElement);

/**
 * A file chosen for ``type`` (a game's record, or a history): its text, to Python.
 * @param {HTMLInputElement} input
 * @param {"import" | "import-history"} type
 */
function sendChosenFile(input, type) {
  input.addEventListener("change", async () => {
    const [file] = input.files ?? [];
    input.value = "";
    if (!file) return;
    game.send({ type, text: textOf(await file.arrayBuffer()) });
  });
}

/**
 * Download ``file``; its name.
 * @param {Download} file
 */
export function download({ kind, text }) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = downloadName(kind, document.body.dataset.game, new Date());
  link.click();
  URL.revokeObjectURL(link.href);
  return link.download;
}

/**
 * What an imported history did, said in the History dialog.
 * @param {HistoryNews} news
 */
export function saidOfHistory(news) {
  const said = /** @type {HTMLElement} */ (historyDialog.querySelector(".history-news"));
  said.textContent = news.text;
  said.dataset.kind = news.kind;
  if (historyDialog.open) showHistory(); // with what came in
}

/** Python is ready: the history goes out to a file and comes back in from one. */
export function offerHistoryFiles() {
  historyImport.disabled = historyExport.disabled = false;
}

export function listenToFiles() {
  sendChosenFile(byId("import-file", HTMLInputElement), "import");
  sendChosenFile(byId("import-history-file", HTMLInputElement), "import-history");
  // The whole history, out to a file and back in from one (Python checks and merges it).
  historyImport.addEventListener("click", () => byId("import-history-file").click());
  historyExport.addEventListener("click", () => send({ type: "export-history" }));
  // A finished game of the history opened again: its replay and review take the screen.
  historyDialog.addEventListener("click", (event) => {
    const open = /** @type {HTMLButtonElement | null} */ (targetOf(event).closest("[data-entry]"));
    if (!open || open.disabled) return;
    historyDialog.close();
    send({ type: "open", id: open.dataset.entry });
  });
}
