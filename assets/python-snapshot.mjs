// Python's memory, saved once the app's packages are unpacked and imported, so later visits
// restore it instead of starting the interpreter and importing everything again. Used by the
// Python worker's start (assets/python-start.mjs), which both restores and makes snapshots.
//
// A snapshot is stored in Cache Storage under a key naming the exact build of Python and of
// every wheel (Pyodide's version and the sha256 of our pyodide-lock.json, which lists each
// wheel's sha256): a new build never restores an old one.
"use strict";

import { version } from "../pyodide/pyodide.mjs";
import { wheelFiles } from "./python-wheel.mjs";

/** @import { PyodideAPI } from "pyodide" */

export const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
// Outside the service worker's caches: its clean-up of old versions must not count this one,
// and a snapshot of the running build stays usable across an update of the page's files.
export const CACHE_NAME = `dadoteca python snapshot ${new URL("..", import.meta.url).href}`;
// What a snapshot holds: what the worker's glue (dadoteca_web.main) imports, the session and
// through it the whole app, but not the glue itself, whose references to JavaScript objects
// cannot be saved. A module that cannot be imported here is left to the app's own start.
const SNAPSHOT_IMPORTS_PY = `
import importlib
for name in ("asyncio", "json", "secrets", "traceback", "dadoteca_web.session"):
    try:
        importlib.import_module(name)
    except Exception:
        pass
del importlib, name
`;

const toHex = (/** @type {ArrayBuffer} */ buffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/** The URL naming the snapshot of the build whose lock file is `lockBytes` (a cache key;
 * nothing is ever fetched from it).
 * @param {Uint8Array<ArrayBuffer>} lockBytes */
export async function snapshotUrl(lockBytes) {
  const digest = toHex(await crypto.subtle.digest("SHA-256", lockBytes));
  return new URL(`python-snapshot-${version}-${digest.slice(0, 16)}.bin`, INDEX_URL).href;
}

/** This build's snapshot, or null if there is none (or no Cache Storage, e.g. private mode).
 * @param {string} url */
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

/** The memory of a Pyodide just loaded with `_makeSnapshot`, once `wheels` ({name, bytes})
 * are unpacked and the app's modules imported. Unpacked here, not by loadPackage: Pyodide
 * refuses to snapshot a memory whose package manager has loaded packages. The files are not
 * part of the memory: a start from the snapshot unpacks them again (python-start.mjs).
 * @param {PyodideAPI} pyodide
 * @param {{name: string, bytes: Uint8Array<ArrayBuffer>}[]} wheels
 * @returns {Uint8Array<ArrayBuffer>} a copy of the memory (unshared: python-start.mjs) */
export function snapshotOf(pyodide, wheels) {
  unpackWheels(pyodide, wheels);
  pyodide.runPython(SNAPSHOT_IMPORTS_PY);
  return /** @type {Uint8Array<ArrayBuffer>} */ (pyodide.makeMemorySnapshot());
}

/** The files of `wheels` ({name, bytes}) written into Python's site-packages, as Pyodide's
 * installer would (less its INSTALLER record, which nothing here reads), in a fraction of its
 * time (assets/python-wheel.mjs).
 * @param {PyodideAPI} pyodide
 * @param {{name: string, bytes: Uint8Array<ArrayBuffer>}[]} wheels */
export function unpackWheels(pyodide, wheels) {
  // Asked without binding a name in the globals runPython uses (Pyodide's __main__).
  const site = String(pyodide.runPython("__import__('site').getsitepackages()[0]"));
  for (const { path, bytes } of wheels.flatMap((wheel) => wheelFiles(wheel.bytes))) {
    const file = `${site}/${path}`;
    pyodide.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
    pyodide.FS.writeFile(file, bytes);
  }
  pyodide.runPython("__import__('importlib').invalidate_caches()");
}

/** Store this build's snapshot, in place of any other build's.
 * @param {string} url
 * @param {Uint8Array<ArrayBuffer>} bytes */
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
