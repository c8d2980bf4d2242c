// Honest progress: one step per big file Python needs, as each one finishes arriving in its
// worker (assets/page/table/python.js says so with a dadoteca:arrived event), one when Python
// itself has started (data-python-start), and the last when the game is ready (the bar then
// hides). The start's line shows it; so do a game coming back and Start once tapped, each
// from the moment it is shown (a bar written before would lay the setup out again).

import { byId } from "../dom.js";

const FILES = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"];
const arrived = new Set();
const bars = new Set([byId("boot-progress", HTMLProgressElement)]);

/** @param {HTMLProgressElement} bar */
function show(bar) {
  bar.max = FILES.length + 2;
  bar.value = arrived.size + (document.documentElement.dataset.pythonStart ? 1 : 0);
}

/**
 * ``bar`` shows the start's progress from now on.
 * @param {HTMLProgressElement} bar
 */
export function followBootProgress(bar) {
  bars.add(bar);
  show(bar);
}

export function showBootProgress() {
  const showAll = () => bars.forEach(show);
  showAll();
  window.addEventListener("dadoteca:arrived", ({ detail: { file } }) => {
    if (FILES.includes(file)) arrived.add(file);
    showAll();
  });
  new MutationObserver(showAll)
    .observe(document.documentElement, { attributeFilter: ["data-python-start"] });
}
