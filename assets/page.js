// The page's scripts, an ES module of modules (assets/page/): the shell (what works before
// Python has loaded), the effects, the table (Python's worker and the game screens) and
// Diceland's map zoom and previews, started in that order. build/build.py bundles them into
// this one file of dist/ (esbuild), which index.html loads after the page is parsed.
//
// Each part starts on its own, as separate scripts would: one that throws leaves the others
// running, and the table, which needs the shell, says in words that the start failed
// (assets/boot-watch.js).

import { startEffects } from "./page/effects.js";
import { startMapPreview } from "./page/map-preview.js";
import { startMapZoom } from "./page/map-zoom.js";
import { startShell } from "./page/shell/main.js";
import { startTable } from "./page/table/main.js";

for (const start of [startShell, startEffects, startTable, startMapZoom, startMapPreview]) {
  try {
    start();
  } catch (error) {
    reportError(error); // uncaught, as it would be in a script of its own
  }
}
