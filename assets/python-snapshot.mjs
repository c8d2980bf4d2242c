// Python's memory, saved once the app's packages are installed and imported, so later visits
// restore it instead of starting the interpreter and importing everything again.
//
// Shared by the page (assets/python-start.mjs, which restores) and the worker that makes a
// snapshot (assets/python-snapshot-worker.mjs). A snapshot is stored in Cache Storage under a key
// naming the exact build of Python and of every wheel (Pyodide's version and the sha256 of our
// pyodide-lock.json, which lists each wheel's sha256): a new build never restores an old one.
"use strict";

import { version } from "../pyodide/pyodide.mjs";

export const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
// Outside the service worker's caches: its clean-up of old versions must not count this one,
// and a snapshot of the running build stays usable across an update of the page's files.
const CACHE_NAME = `dadoteca python snapshot ${new URL("..", import.meta.url).href}`;
// Modules the app imported that a snapshot may hold: not the browser glue (PyScript, Pyodide's
// JavaScript bridge, micropip, main.py), whose references to JavaScript objects cannot be saved.
export const SNAPSHOT_MODULES_PY = `
import sys
glue = {"js", "pyodide", "_pyodide", "pyodide_js", "micropip", "pyscript", "_pyscript",
        "polyscript", "__main__"}
[name for name, module in list(sys.modules.items())
 if name.partition(".")[0] not in glue and name != "dadoteca_web.main"
 and getattr(module, "__file__", None)]
`;

const toHex = (buffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/** The URL naming this build's snapshot (a cache key; nothing is ever fetched from it). */
export async function snapshotUrl() {
  const lock = await fetch(new URL("pyodide-lock.json", INDEX_URL));
  if (!lock.ok) throw new Error(`pyodide-lock.json: HTTP ${lock.status}`);
  const digest = toHex(await crypto.subtle.digest("SHA-256", await lock.arrayBuffer()));
  return new URL(`python-snapshot-${version}-${digest.slice(0, 16)}.bin`, INDEX_URL).href;
}

/** This build's snapshot, or null if there is none (or no Cache Storage, e.g. private mode). */
export async function readSnapshot(url) {
  try {
    const response = await (await caches.open(CACHE_NAME)).match(url);
    if (!response) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A snapshot cut short (storage full half-way) is not one.
    return bytes.length === Number(response.headers.get("Content-Length")) ? bytes : null;
  } catch {
    return null;
  }
}

/** Store this build's snapshot, in place of any other build's. */
export async function writeSnapshot(url, bytes) {
  const cache = await caches.open(CACHE_NAME);
  for (const request of await cache.keys()) await cache.delete(request);
  const headers = { "Content-Type": "application/octet-stream", "Content-Length": `${bytes.length}` };
  await cache.put(url, new Response(bytes, { headers }));
}

export async function dropSnapshots() {
  try {
    await caches.delete(CACHE_NAME);
  } catch {
    // No Cache Storage: nothing to drop.
  }
}
