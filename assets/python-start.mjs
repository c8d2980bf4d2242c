// PyScript's interpreter module for the Python worker (assets/page/table/python.js starts the
// worker with PyScript's PyWorker, naming this module as the interpreter's "version"):
// Pyodide's own loadPyodide, restoring this build's Python snapshot when there is one.
//
// Without a snapshot (the first visit, a new build) Python starts afresh and, before PyScript
// runs anything in it, this same worker unpacks the app's wheels, imports its modules and saves
// that memory for the next visit (assets/python-snapshot.mjs): no second Pyodide is ever
// started. A snapshot that fails to restore is dropped and the normal start used; one that
// restores but whose app then fails to start is dropped by the page: the snapshot only ever
// saves time.
//
// It tells the page how the start goes, as JSON messages {"python": {...}}: each big file as it
// arrives (the progress bar), a file that did not ("missing"), which start it was ("start":
// "snapshot" | "fresh"), and whether a snapshot was made ("snapshot": "stored" | "failed").
"use strict";

import { loadPyodide as loadFresh, version } from "../pyodide/pyodide.mjs";
import {
  CACHE_NAME,
  INDEX_URL,
  dropSnapshots,
  readSnapshot,
  snapshotOf,
  snapshotUrl,
  unpackWheels,
  writeSnapshot,
} from "./python-snapshot.mjs";

export { version };

/** @import { PyodideAPI } from "pyodide" */
/** @import { StartNews } from "./page/protocol.js" */

// A snapshot is written to Cache Storage this long after it was made, the app started meanwhile.
const STORE_AFTER_MS = 3000;
const tell = (/** @type {StartNews} */ news) => postMessage(JSON.stringify({ python: news }));

// Pyodide 314 makes one shared WebAssembly.Memory as it loads, only for a synchronous sleep the
// app never takes. Shared memory where the page is not cross-origin isolated (no plain static
// host makes it so) is a deprecated SharedArrayBuffer use that Chromium warns about and means
// to refuse: unshared, it is the same buffer for the same unused purpose.
if (!self.crossOriginIsolated) {
  WebAssembly.Memory = new Proxy(WebAssembly.Memory, {
    construct(Memory, [descriptor, ...rest]) {
      const unshared = descriptor?.shared ? { ...descriptor, shared: false } : descriptor;
      return Reflect.construct(Memory, [unshared, ...rest]);
    },
  });
}

// Pyodide's big files and the wheels, said as they arrive (the page's progress bar has a step for
// each big file), and when (on the clock shared with the page: performance.timeOrigin is the
// worker's own).
const SAID_FILES = /\/(pyodide\.asm\.mjs|pyodide\.asm\.wasm|python_stdlib\.zip|[^/]+\.whl)$/;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const { name, responseEnd } = /** @type {PerformanceResourceTiming} */ (entry);
    const [, file] = SAID_FILES.exec(name) ?? [];
    if (file) tell({ arrived: file, at: performance.timeOrigin + responseEnd });
  }
}).observe({ type: "resource", buffered: true });

// The start's scratch bytes, freed the moment they are used (release): the snapshot read
// (31 MB, copied into Python's memory), the one made (stored, then dropped) and the stdlib
// archive as fetched (10.6 MB, copied into Pyodide's file system). A worker's heap is collected
// whole only rarely: in WebKit, such buffers held their memory through a whole game (a
// collection forced at its end gave the worker's 55 MiB back).
const STDLIB = /\/python_stdlib\.zip$/;
/** @type {ArrayBuffer[]} */
const scratch = [];

/** Detach ``buffer``, its memory freed now rather than at a collection (where the engine has
 * ArrayBuffer.prototype.transfer; elsewhere, at the collection).
 * @param {ArrayBufferLike} buffer */
function release(buffer) {
  /** @type {{transfer?: (length: number) => ArrayBuffer}} */ (buffer).transfer?.(0);
}

// A file the start needs that does not arrive is said to the page at once (Pyodide only warns
// when its WebAssembly does not, then waits for ever; micropip's error would blame the game):
// the page says it is the connection's fault, or, offline, a file missing on the device.
/** @type {string | null} */
let missingFile = null;
const fetchNow = self.fetch.bind(self);
self.fetch = async (...request) => {
  let response;
  try {
    response = await fetchNow(...request);
  } catch (error) {
    fileMissing(request[0], error);
    throw error;
  }
  if (!response.ok) fileMissing(response.url, `HTTP ${response.status}`);
  if (STDLIB.test(response.url)) {
    const read = response.arrayBuffer.bind(response);
    response.arrayBuffer = async () => {
      const buffer = await read();
      scratch.push(buffer);
      return buffer;
    };
  }
  return response;
};

/**
 * @param {RequestInfo | URL} url
 * @param {unknown} error
 */
function fileMissing(url, error) {
  if (missingFile) return;
  missingFile = String(url);
  tell({ missing: missingFile, error: String(error) });
}

/**
 * @template {"text" | "arrayBuffer"} As
 * @param {URL} url
 * @param {As} as what to read the response's body as
 * @returns {Promise<Awaited<ReturnType<Response[As]>>>}
 */
async function fetched(url, as) {
  const response = await fetch(url);
  if (!response.ok) throw new TypeError(`${url}: HTTP ${response.status}`);
  return /** @type {Promise<Awaited<ReturnType<Response[As]>>>} */ (response[as]());
}

// The wheels whose modules a snapshot holds: the app's, not micropip (PyScript's installer).
/** @param {{packages: Record<string, {name: string, file_name: string}>}} lock */
async function appWheels(lock) {
  const wheels = Object.values(lock.packages).filter(({ name }) => name !== "micropip");
  return Promise.all(wheels.map(async ({ file_name: name }) => ({
    name,
    bytes: new Uint8Array(await fetched(new URL(name, INDEX_URL), "arrayBuffer")),
  })));
}

/**
 * Pyodide, as PyScript asks for it, started from this build's snapshot if there is one.
 * @param {Parameters<typeof loadFresh>[0]} options
 */
export async function loadPyodide(options) {
  const lockText = await fetched(new URL("pyodide-lock.json", INDEX_URL), "text");
  // PyScript derives indexURL from this module's URL; Pyodide's files are elsewhere. The lock
  // file is handed over, not asked for again.
  const settings = {
    ...options,
    indexURL: INDEX_URL,
    lockFileContents: lockText,
    packageBaseUrl: INDEX_URL, // where the lock file's wheels are
  };
  const url = await snapshotUrl(new TextEncoder().encode(lockText));
  const snapshot = await readSnapshot(url);
  // The app's wheels are unpacked by this worker (unpackWheels), not by Pyodide's installer.
  const { packages, ...unpackedHere } = settings;
  const wheels = "caches" in self ? appWheels(JSON.parse(lockText)) : null;
  if (snapshot && wheels) {
    try {
      const pyodide = await loadFresh({ ...unpackedHere, _loadSnapshot: snapshot });
      // Pyodide keeps its settings for good: the snapshot's bytes (31 MB), copied into
      // Python's memory now, would stay beside it.
      delete /** @type {{_api?: {config?: {_loadSnapshot?: unknown}}}} */ (pyodide)._api?.config
        ?._loadSnapshot;
      release(snapshot.buffer);
      unpackWheels(pyodide, await wheels);
      tell({ start: "snapshot", snapshotCache: CACHE_NAME });
      return keep(pyodide);
    } catch (error) {
      console.warn("The Python snapshot did not restore; starting afresh:", error);
      await dropSnapshots();
    }
  }
  // Making a snapshot, this worker unpacks the app's wheels itself (snapshotOf): Pyodide refuses
  // to snapshot a memory whose package manager has loaded any, as it would load the packages
  // PyScript's packages cache names.
  const pyodide = await loadFresh(wheels ? { ...unpackedHere, _makeSnapshot: true } : settings);
  if (wheels) {
    try {
      const bytes = snapshotOf(pyodide, await wheels);
      // Stored once the app has started: the worker's thread is the app's first.
      stored(url, bytes).then(
        () => {
          release(bytes.buffer);
          tell({ snapshot: "stored" });
        },
        (error) => tell({ snapshot: "failed", error: String(error) }),
      );
    } catch (error) {
      const stack = /** @type {{stack?: unknown} | null | undefined} */ (error)?.stack;
      tell({ snapshot: "failed", error: String(stack ?? error) });
    }
  }
  tell({ start: "fresh" });
  return keep(pyodide);
}

const stored = (/** @type {string} */ url, /** @type {Uint8Array<ArrayBuffer>} */ bytes) =>
  new Promise((resolve) => setTimeout(resolve, STORE_AFTER_MS)).then(() => writeSnapshot(url, bytes));

// The worker's Pyodide, as Pyodide's own worker examples keep it: the tests and the benchmark
// ask Python in the running app through it (Playwright's worker.evaluate). Nothing on the page
// can reach a worker's globals.
/** @param {PyodideAPI} pyodide */
function keep(pyodide) {
  scratch.splice(0).forEach(release); // Pyodide's file system holds its own copy
  /** @type {{pyodide?: PyodideAPI}} */ (/** @type {unknown} */ (self)).pyodide = pyodide;
  return pyodide;
}
