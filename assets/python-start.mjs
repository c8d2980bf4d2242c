// PyScript's interpreter module (index.html's config "interpreter"): Pyodide's own loadPyodide,
// restoring this build's Python snapshot when there is one (assets/python-snapshot.mjs).
//
// Without a snapshot (the first visit, a new build) Python starts as usual, and once the app is
// ready and the page idle a worker makes the snapshot for the next visit. A snapshot that fails
// to restore, or an app that then fails to start, is dropped and the normal start used: the
// snapshot only ever saves time. <html data-python-start> says which start it was.
"use strict";

import { loadPyodide as loadFresh, version } from "../pyodide/pyodide.mjs";
import {
  INDEX_URL,
  SNAPSHOT_MODULES_PY,
  dropSnapshots,
  readSnapshot,
  snapshotUrl,
} from "./python-snapshot.mjs";

export { version };

const root = document.documentElement;

function appState() {
  return new Promise((resolve) => {
    const settled = () => ["ready", "failed"].includes(root.dataset.appState);
    if (settled()) return resolve(root.dataset.appState);
    const watcher = new MutationObserver(() => {
      if (!settled()) return;
      watcher.disconnect();
      resolve(root.dataset.appState);
    });
    watcher.observe(root, { attributeFilter: ["data-app-state"] });
  });
}

function makeSnapshotWhenIdle(pyodide) {
  const start = () => {
    const worker = new Worker(new URL("python-snapshot-worker.mjs", import.meta.url), {
      type: "module",
    });
    const modules = pyodide.runPython(SNAPSHOT_MODULES_PY);
    worker.postMessage(modules.toJs());
    modules.destroy();
    worker.onmessage = ({ data }) => {
      root.dataset.pythonSnapshot = data === "stored" ? "stored" : "failed";
      if (data !== "stored") console.warn("Python snapshot not made:", data);
      worker.terminate();
    };
  };
  // Not while the page is still busy starting: a few seconds after it became idle.
  const idle = window.requestIdleCallback ?? ((then) => setTimeout(then, 1));
  setTimeout(() => idle(start, { timeout: 10000 }), 2000);
}

export async function loadPyodide(options) {
  // PyScript derives indexURL from this module's URL; Pyodide's files are elsewhere.
  const settings = { ...options, indexURL: INDEX_URL };
  let url = null;
  try {
    url = await snapshotUrl();
  } catch (error) {
    console.warn("No Python snapshot:", error);
  }
  const snapshot = url && (await readSnapshot(url));
  if (snapshot) {
    try {
      const pyodide = await loadFresh({ ...settings, _loadSnapshot: snapshot });
      root.dataset.pythonStart = "snapshot";
      appState().then((state) => state === "failed" && dropSnapshots());
      return pyodide;
    } catch (error) {
      console.warn("The Python snapshot did not restore; starting afresh:", error);
      await dropSnapshots();
    }
  }
  const pyodide = await loadFresh(settings);
  root.dataset.pythonStart = "fresh";
  if (url && "caches" in window && "Worker" in window) {
    appState().then((state) => state === "ready" && makeSnapshotWhenIdle(pyodide));
  }
  return pyodide;
}
