// Honest progress: one step per big file Python needs, as each one finishes arriving in its
// worker (assets/page/table/python.js says so with a dadoteca:arrived event), one when Python
// itself has started (data-python-start), and the last when the game is ready (the bar then
// hides).

import { byId } from "../dom.js";

export function showBootProgress() {
  const files = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"];
  const arrived = new Set();
  const bar = byId("boot-progress", HTMLProgressElement);
  bar.max = files.length + 2;
  const show = () => {
    bar.value = arrived.size + (document.documentElement.dataset.pythonStart ? 1 : 0);
  };
  window.addEventListener("dadoteca:arrived", ({ detail: { file } }) => {
    if (files.includes(file)) arrived.add(file);
    show();
  });
  new MutationObserver(show)
    .observe(document.documentElement, { attributeFilter: ["data-python-start"] });
}
